"""Standing orders and take-backs of Augsburg 1520 (issue 25).

The repeated choice of the game is the auction: five visits a round, each an
open auction where a seat passes, holds or raises in turn. Two standing orders
answer it ahead of time:

- ``limit``: offer up to N notes for a noble (open with 1, raise by one while
  the highest offer is below N, hold at N, pass above it). It lasts for every
  visit to that noble and is spent once the last one is over.
- ``pass_except``: pass at every visit except the named noble's (a ``limit``
  for that noble, or the player, answers there).

A ``limit`` is looked at before a ``pass_except`` (the specs list it first).
An offer is never more than the notes valid for the noble (note 7).
"""

from __future__ import annotations

from collections import Counter

from engines.base import SPENT, enum, integer, spec
from engines.orders import Wording, standing_command

from . import data as D
from . import rules as R
from .i18n import CATALOG, t
from .text import NOBLE_ALIASES, NOTE_WORDS

MAX_LIMIT = 20


def _noble_name(param: str, value, lang: str) -> str | None:
    return t(lang, f"noble.{value}") if param == "noble" and value in D.NOBLES else None


# The orders' words in every language (``standing.say.*``: `limit`, `höchstens`, `massimo`,
# `plafond`); the nobles by their printed names, read as the bidding commands read them.
WORDING = Wording(
    CATALOG,
    say=lambda param, value, lang: (_noble_name(param, value, lang) or "").lower() or None,
    read=lambda param, text: NOBLE_ALIASES.get(text) if param == "noble" else None,
    label=_noble_name,
    skip=NOTE_WORDS,  # "massimo 4 pagherò per Maria", "plafond de 4 reconnaissances de dettes pour Maria"
)


def _titled(kind: str, lang: str, **params: dict) -> dict:
    return {name: {**schema, "title": WORDING.param(kind, name, lang)} for name, schema in params.items()}


def standing_specs(state: dict, seat: int, lang: str = "en") -> list[dict]:
    if state["step"] == "over":
        return []
    limit = {"type": "limit", "noble": "maximilien", "notes": 3}
    pass_except = {"type": "pass_except", "noble": "maximilien"}
    return [
        spec("limit", t(lang, "standing.limit"), standing_command(limit, lang, WORDING),
             **_titled("limit", lang, noble=enum(*D.NOBLES), notes=integer(1, MAX_LIMIT))),
        spec("pass_except", t(lang, "standing.pass_except"), standing_command(pass_except, lang, WORDING),
             **_titled("pass_except", lang, noble=enum(*D.NOBLES))),
    ]


def _visits_over(state: dict, noble: str) -> bool:
    """Every visit to ``noble`` of the game is behind us."""
    index = D.NOBLES.index(noble)
    last_round = state["round"] >= state["rounds"]
    past = state["noble"] > index or (state["noble"] == index and state["step"] not in ("bid", "buy", "give"))
    return state["step"] == "over" or (last_round and past)


def standing_action(state: dict, seat: int, order: dict):
    kind = order.get("type")
    if kind == "limit" and _visits_over(state, order["noble"]):
        return SPENT
    if state["step"] != "bid" or seat not in R.acting_seats(state):
        return None
    nob = R.noble(state)
    if kind == "pass_except":
        return None if nob == order["noble"] else {"type": "pass"}
    if kind != "limit" or nob != order["noble"]:
        return None
    a = state["auction"]
    cap = min(order["notes"], R.max_bid(state, seat, nob))
    if a["high"] == 0:
        return {"type": "bid", "count": 1} if cap >= 1 else {"type": "pass"}
    if a["high"] < cap:
        return {"type": "raise", "count": a["high"] + 1}
    if a["high"] == cap:
        return {"type": "hold"}
    return {"type": "pass"}


# Steps whose decision is sealed: never taken back (a sealed answer is replaced instead).
_SEALED = ("buy", "give", "reveal")


def reversible(before: dict, moves: dict, after: dict) -> bool:
    """One open move that used no chance, drew nothing and turned nothing up:
    the deck, the face-down privileges, the offers and every other hand are
    as they were, and the actor's hand only lost cards it showed."""
    if len(moves) != 1 or before["step"] in _SEALED:
        return False
    (seat,) = (int(s) for s in moves)
    if before["rng"] != after["rng"] or before["deck"] != after["deck"] or before["offers"] != after["offers"]:
        return False
    if sorted(before["privileges"]["hidden"]) != sorted(after["privileges"]["hidden"]):
        return False
    for other in range(before["players"]):
        if other != seat and before["hands"][other] != after["hands"][other]:
            return False
    return not (Counter(after["hands"][seat]) - Counter(before["hands"][seat]))
