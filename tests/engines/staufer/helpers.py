"""Building exact positions for the tests."""

from engines.staufer import ENGINE

ROBERTO, VERONICA, BEATRICE, GIORGIO = 0, 1, 2, 3
# Clockwise order fitting both movement examples: from Nijmegen, Aachen is the 3rd
# region (Giorgio) and Strasbourg, Palermo the 1st and 2nd (Roberto).
ORDER = ["nijmegen", "strasbourg", "palermo", "aachen", "milan", "augsburg"]


def board(players=4, seed=1, options=None, king="nijmegen"):
    """A fresh game with a known region order, no chests on the board, the king in
    ``king`` and the turn-order track as dealt."""
    s = ENGINE.setup(players, seed, options)
    s["regions"] = list(ORDER)
    s["king"] = king
    for r in ORDER:
        for o in s["offices"][r]:
            s["discard"] += o["chests"]
            o["chests"] = []
    for c in s["res_chests"]:
        s["discard"] += c
        c.clear()
    return s


def set_court(s, seat, envoys, nobles):
    """Moves figures between province and court so the court holds exactly this."""
    total = [s["province"][seat][0] + s["court"][seat][0], s["province"][seat][1] + s["court"][seat][1]]
    s["court"][seat] = [envoys, nobles]
    s["province"][seat] = [total[0] - envoys, total[1] - nobles]
    assert min(s["province"][seat]) >= 0


def give_chest(s, seat, kind, n=1):
    for _ in range(n):
        s["draw"].remove(kind) if kind in s["draw"] else s["discard"].remove(kind)
        s["held"][seat][kind] = s["held"][seat].get(kind, 0) + 1


def put_chest(s, where, kind):
    """Moves a chest of ``kind`` from the piles under an office or resource space (a list)."""
    s["draw"].remove(kind) if kind in s["draw"] else s["discard"].remove(kind)
    where.append(kind)


def occupy(s, seat, region, office, kind="envoy"):
    """Puts a figure from the province straight on an office (1-based)."""
    k = 0 if kind == "envoy" else 1
    s["province"][seat][k] -= 1
    s["offices"][region][office - 1]["occ"].append([seat, kind])


def turn_of(s, seat):
    """Makes ``seat`` the next to act (its family member on top of the track)."""
    s["order"].remove(seat)
    s["order"].insert(0, seat)


def act(s, seat, action):
    ENGINE.validate(s, seat, action)
    return ENGINE.apply(s, {seat: action})["state"]
