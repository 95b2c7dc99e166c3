"""Standing orders and take-backs of Citadels (issue 25).

The choice a player makes every round is the draft: a preference list of
characters, kept from round to round, picks the first one still in the pile
(and, where two players set characters aside, sets aside the one liked
least). A player who never wants to pay at the Graveyard says so once.

Within a character's turn, taking gold, building, collecting income and the
Assassin's and Thief's calls draw nothing and show nothing hidden, so they
may be taken back; drawing, the Magician's swaps and redraws, the Smithy,
the Laboratory (a card goes face down) and ending the turn (the next
character is called) may not.
"""

from __future__ import annotations

from collections import Counter

from engines.base import spec, subset
from engines.orders import Wording, standing_command

from . import data as D
from . import rules as R
from .choices import name as printed_name
from .i18n import CATALOG, t
from .moves import _char_word
from .text import find_char

# The orders' words in every language (``standing.say.*``: `draft`, `wahl`, `scelta`, `choix`);
# characters by the edition's names (König, Re, Roi) or rank, read as the draft's commands read them.
WORDING = Wording(
    CATALOG,
    say=lambda param, value, lang: _char_word(value, lang) if value in D.RANK else None,
    read=lambda param, text: find_char(text),
    label=lambda param, value, lang: printed_name("character", value, lang) if value in D.RANK else None,
)


def standing_specs(state: dict, seat: int, lang: str = "en") -> list[dict]:
    if state["phase"] == R.PHASE_OVER:
        return []
    draft = {"type": "draft", "characters": ["king", "merchant", "architect"]}
    characters = subset(*D.CHAR_IDS, min_items=1, max_items=len(D.CHAR_IDS), unique=False)
    return [
        spec("draft", t(lang, "standing.draft"), standing_command(draft, lang, WORDING),
             characters={**characters, "title": WORDING.param("draft", "characters", lang)}),
        spec("decline_graveyard", t(lang, "standing.decline_graveyard"),
             standing_command({"type": "decline_graveyard"}, lang, WORDING)),
    ]


def standing_action(state: dict, seat: int, order: dict):
    kind = order.get("type")
    if kind == "decline_graveyard":
        gy = state["graveyard"]
        return {"type": "decline"} if state["phase"] == R.PHASE_GRAVEYARD and gy["seat"] == seat else None
    if kind != "draft" or state["phase"] != R.PHASE_DRAFT or R.draft_chooser(state) != seat:
        return None
    dr = state["draft"]
    liked = [c for c in order["characters"] if c in dr["pile"]]
    if dr["discard_pending"]:
        # set aside what is liked least: a character not on the list, else the last one listed
        unlisted = [c for c in dr["pile"] if c not in order["characters"]]
        return {"type": "discard", "character": unlisted[-1] if unlisted else liked[-1]}
    return {"type": "pick", "character": liked[0]} if liked else None


def reversible(before: dict, moves: dict, after: dict) -> bool:
    if len(moves) != 1 or before["phase"] != R.PHASE_TURN or after["phase"] != R.PHASE_TURN:
        return False
    (seat,) = (int(s) for s in moves)
    bt, at = before["turn"], after["turn"]
    if at is None or (at["seat"], at["char"]) != (bt["seat"], bt["char"]) or at["drawn"] or bt["drawn"]:
        return False
    for key in ("rng", "deck", "discard", "chars", "aside_down", "calls", "draft"):
        if before[key] != after[key]:
            return False
    for other in range(before["players"]):
        if other != seat and before["hands"][other] != after["hands"][other]:
            return False
    return not (Counter(after["hands"][seat]) - Counter(before["hands"][seat]))
