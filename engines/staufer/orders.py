"""Standing orders and take-backs of The Staufer Dynasty (issue 25).

The choices the rulebook asks again and again besides the turn itself
(seeds/002, "Forziere Viola", "Immunità sul Ripristino", the bonus chests of
Augsburg and Aachen): whether to discard 2 purple chests for a privilege card
each time a purple chest is taken, whether to spend a turquoise immunity
chest at each restoration, and which drawn bonus chest to take. A player may
answer them once for the whole game:

- ``keep_purple``: always keep the purple chests (never exchange them);
- ``no_immunity``: never use an immunity chest at a restoration;
- ``chest_order``: take the first chest of this list among those drawn.

A turn that drew nothing from the bag and turned no objective up may be
taken back (the chests and figures it moved are all on the open board).
"""

from __future__ import annotations

from engines.base import spec, subset
from engines.orders import Wording, standing_command

from . import data as D
from .i18n import CATALOG, t
from .rules import current_seat
from .text import CHESTS as CHEST_NOUNS
from .text import _chest_name

CHESTS = sorted(D.CHEST_MIX)


def _chest_read(param: str, text: str) -> str | None:
    chest = _chest_name(text.split())
    return chest if chest in D.CHEST_MIX else None


# The orders' words in every language (``standing.say.*``: `keep purple`, `lila Truhen behalten`,
# `tieni i forzieri viola`, `garder les coffres violets`); chests as the turn's commands name them
# (`türkis Bewegung`, `arancio 2 PV`) and read them; the word "chest" itself carries nothing.
WORDING = Wording(
    CATALOG,
    say=lambda param, value, lang: t(lang, f"chestcmd.{value}").lower() if value in D.CHEST_MIX else None,
    read=_chest_read,
    label=lambda param, value, lang: t(lang, f"choice.chest.{value}") if value in D.CHEST_MIX else None,
    skip=CHEST_NOUNS,
)


def standing_specs(state: dict, seat: int, lang: str = "en") -> list[dict]:
    if state["stage"] == "over":
        return []
    chests = subset(*CHESTS, min_items=1, max_items=len(CHESTS), unique=False)
    return [
        spec("keep_purple", t(lang, "standing.keep_purple"), standing_command({"type": "keep_purple"}, lang, WORDING)),
        spec("no_immunity", t(lang, "standing.no_immunity"), standing_command({"type": "no_immunity"}, lang, WORDING)),
        spec("chest_order", t(lang, "standing.chest_order"),
             standing_command({"type": "chest_order", "chests": ["brown", "purple"]}, lang, WORDING),
             chests={**chests, "title": WORDING.param("chest_order", "chests", lang)}),
    ]


def standing_action(state: dict, seat: int, order: dict):
    if current_seat(state) != seat or not state["pending"]:
        return None
    item = state["pending"][0]
    kind = order.get("type")
    if kind == "keep_purple" and item["kind"] == "purple":
        return {"type": "keep"}
    if kind == "no_immunity" and item["kind"] not in ("pick", "purple"):
        return {"type": "pass"}
    if kind == "chest_order" and item["kind"] == "pick":
        chosen = next((c for c in order["chests"] if c in item["options"]), None)
        return {"type": "take", "chest": chosen} if chosen else None
    return None


def reversible(before: dict, moves: dict, after: dict) -> bool:
    if len(moves) != 1 or after["stage"] == "over" or after["round"] != before["round"]:
        return False  # the end of the game turns every objective up
    return all(before[k] == after[k] for k in ("rng", "draw", "objectives", "objective_box"))
