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

from . import data as D
from .i18n import t
from .rules import current_seat

CHESTS = sorted(D.CHEST_MIX)


def standing_specs(state: dict, seat: int, lang: str = "en") -> list[dict]:
    if state["stage"] == "over":
        return []
    return [
        spec("keep_purple", t(lang, "standing.keep_purple"), "keep purple"),
        spec("no_immunity", t(lang, "standing.no_immunity"), "no immunity"),
        spec("chest_order", t(lang, "standing.chest_order"), "chest order brown purple",
             chests=subset(*CHESTS, min_items=1, max_items=len(CHESTS), unique=False)),
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
