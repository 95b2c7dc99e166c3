"""What is legal now, in the game's words, for the forms and the board
(``Engine.choices``): characters and districts by their printed names, each
placed on the board (``character:<id>``, ``hand:<id>``, ``drawn:<id>``,
``city:<seat>:<id>``); the Warlord's targets as complete plays."""

from __future__ import annotations

from engines.base import choices_from_specs

from . import data as D
from . import moves
from . import rules as R
from .i18n import t as text_of


def name(param: str, value) -> str:
    """The printed name of a param's value (the namer of check_against_specs too)."""
    if param == "character" and value in D.RANK:
        return R.char_name(value)
    if param in ("card", "cards") and value in D.DISTRICTS:
        return R.card_name(value)
    if param == "seat" and isinstance(value, int):
        return f"Player {value + 1}"
    return str(value).replace("_", " ")


def choices(state: dict, seat: int) -> list[dict]:
    specs = moves.actions(state, seat)
    kinds = {s["type"] for s in specs}
    drawn = "keep" in kinds

    def on(param: str, value):
        if param == "character":
            return f"character:{value}"
        if param in ("card", "cards"):
            return f"drawn:{value}" if drawn else f"hand:{value}"
        if param == "seat":
            return f"player:{value}"
        return None

    plays = {}
    if "destroy" in kinds:
        targets = R.destroy_targets(state, seat)
        plays["destroy"] = [
            ({"type": "destroy", "card": card, "seat": s},
             f"Destroy {R.card_name(card)} of Player {s + 1} for {R.destroy_price(card)} gold")
            for s in sorted(targets) for card in targets[s]
        ]
    out = choices_from_specs(specs, name, on=on, plays=plays)
    for c in out:
        if c["type"] == "destroy":  # a district in someone's city: its place on the board names the city too
            for p in c["plays"]:
                p["on"] = f"city:{p['action']['seat']}:{p['action']['card']}"
        if c["type"] == "build":
            for p in c["plays"]:
                p["label"] = f"Build {p['label']} ({D.DISTRICTS[p['action']['card']]['cost']} gold)"
        if c["type"] == "redraw":  # ticked in the form; a click on a hand card builds it
            for o in c["options"].get("cards", []):
                o["on"] = None
        if c["type"] == "laboratory":
            for p in c["plays"]:
                p["label"] = f"Discard {p['label']} at the Laboratory"
                p["on"] = None  # a click on a hand card builds it; the Laboratory is the button's
        if c["type"] == "kill":
            for p in c["plays"]:
                p["label"] = f"Murder the {p['label']}"
        if c["type"] == "rob":
            for p in c["plays"]:
                p["label"] = f"Rob the {p['label']}"
        if c["type"] == "swap":
            for p in c["plays"]:
                p["label"] = f"Swap hands with {p['label']}"
        if c["type"] == "keep":
            for p in c["plays"]:
                p["label"] = f"Keep {p['label']}"
        if c["type"] in ("pick", "discard"):
            for p in c["plays"]:
                verb = "Choose" if c["type"] == "pick" else "Set aside"
                p["label"] = f"{verb} the {p['label']}: {text_of('en', 'chartext.' + p['action']['character'])}"
    return out
