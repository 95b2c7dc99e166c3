"""Situations for the tests of the Nobility, Country Estate and Full games."""

from engines.fugger import ENGINE
from engines.fugger import rules as R


def vstarted(variant="nobility", players=3, homes=None, seed=1):
    S = ENGINE.setup(players, seed, {"variant": variant})
    homes = homes or ["augsburg"] * players
    while S["pending"]["kind"] == "home":
        seat = S["pending"]["seat"]
        S = ENGINE.apply(S, {seat: {"type": "home", "town": homes[seat]}})["state"]
    return S


def act(S, seat, a):
    ENGINE.validate(S, seat, a)
    return ENGINE.apply(S, {seat: a})


def sealed(S, moves):
    for seat, a in moves.items():
        ENGINE.validate(S, seat, a)
    return ENGINE.apply(S, moves)


def draw_chance(S, cid, then=None):
    """Resolve chance card ``cid`` now, as if drawn from the pack."""
    S["pending"] = None
    for pile in (S["pack"], S["stock"]):
        if cid in pile:
            pile.remove(cid)
    S["agenda"] = then or [{"do": "round_end"}, {"do": "move_turn", "seat": 0, "moved": []}]
    S["agenda"].append({"do": "chance", "card": cid})
    ev = []
    R.run(S, ev)
    return ev


def take_card(S, cid):
    """Take ``cid`` out of whichever pile holds it (to put it on the table in a test)."""
    for pile in (S["pack"], S["stock"], S["out"], *S["unused"].values()):
        if cid in pile:
            pile.remove(cid)
    S["table"] = [e for e in S["table"] if e["card"] != cid]
