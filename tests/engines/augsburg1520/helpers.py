"""Building exact situations for the Augsburg 1520 tests (cards stay conserved)."""

from engines.augsburg1520 import ENGINE
from engines.augsburg1520 import data as D
from engines.augsburg1520 import rules as R
from engines.rng import Rng

from .invariants import invariant


def started(players: int = 4, seed: int = 1, options=None) -> dict:
    """Round 1 after everybody bought nothing: the visit to Philippe, P1 opens."""
    s = ENGINE.setup(players, seed, options)
    return ENGINE.apply(s, {t: {"type": "buy", "cards": []} for t in range(players)})["state"]


def take_cards(s: dict, seat: int, cards: list[str]) -> None:
    """Moves ``cards`` into seat's hand from wherever they are."""
    for c in cards:
        for pile in [s["deck"], s["discard"], *s["hands"], *s["offers"]]:
            if c in pile:
                pile.remove(c)
                break
        else:
            raise AssertionError(c)
        s["hands"][seat].append(c)


def set_hand(s: dict, seat: int, cards: list[str]) -> None:
    """Seat's hand becomes exactly ``cards``; its old cards go under the deck."""
    old = s["hands"][seat]
    s["hands"][seat] = []
    s["deck"][:0] = old
    take_cards(s, seat, cards)


def visit(s: dict, noble: str, opener: int) -> dict:
    """Starts the visit to ``noble`` with ``opener`` to bid first."""
    s["noble"] = D.NOBLES.index(noble)
    s["marker"] = opener
    R.start_auction(s, [])
    return s


def winner(s: dict, seat: int, row: list[int]) -> dict:
    """``seat`` has just won the current visit, with privilege cards ``row`` face up."""
    p = s["privileges"]
    everything = p["row"] + p["hidden"] + p["used"] + p["aside"]
    p["row"] = list(row)
    p["hidden"] = sorted(c for c in everything if c not in row)
    p["used"], p["aside"] = [], []
    s["auction"] = None
    R.win(s, seat, Rng(s["rng"]), [])
    return s


def set_level(s: dict, seat: int, cat: str, cards: list[int]) -> None:
    """Seat holds exactly these level cards of ``cat`` (taken from / returned to the supply)."""
    for c in s["levels"][cat][seat]:
        s["supply"][cat][str(c)] += 1
    for c in cards:
        s["supply"][cat][str(c)] -= 1
        assert s["supply"][cat][str(c)] >= 0, (cat, c)
    s["levels"][cat][seat] = sorted(cards)


def own(s: dict, seat: int, tile: str, value=None) -> None:
    """Seat takes a rights tile (the given value, or the top of the stack)."""
    stack = s["stacks"][tile]
    value = stack[0] if value is None else value
    stack.remove(value)
    s["owned"][seat][tile] = value


def set_money(s: dict, seat: int, amount: int) -> None:
    s["bank"] += s["money"][seat] - amount
    s["money"][seat] = amount


def act(s: dict, seat: int, action: dict) -> tuple[dict, list]:
    """Validates and applies one unsealed action; checks the invariants."""
    assert [d["seat"] for d in ENGINE.decisions(s)] == [seat], ENGINE.decisions(s)
    ENGINE.validate(s, seat, action)
    step = ENGINE.apply(s, {seat: action})
    invariant(step["state"], s)
    return step["state"], step["events"]


def sealed(s: dict, moves: dict) -> tuple[dict, list]:
    ds = ENGINE.decisions(s)
    assert sorted(d["seat"] for d in ds) == sorted(moves) and all(d["sealed"] for d in ds), ds
    for seat, action in moves.items():
        ENGINE.validate(s, seat, action)
    step = ENGINE.apply(s, moves)
    invariant(step["state"], s)
    return step["state"], step["events"]


def texts(events: list) -> list[str]:
    return [e["text"] for e in events if e["to"] == "all"]
