"""What is legal now, in the game's words, for the forms and the board
(``Engine.choices``): debt notes as printed ("Louise 11", "Joker"), privilege
cards by number, rights tiles and levels by their names, each placed on the
board (``note:<id>``, ``privilege:<n>``, ``tile:<id>``, ``level:<colour>``)."""

from __future__ import annotations

from engines.base import choices_from_specs

from . import data as D
from . import rules as R


def note_name(card: str) -> str:
    noble, _, number = str(card).rpartition("-")
    if noble == "joker":
        return f"Joker {number}"
    return f"{D.NOBLE_NAMES.get(noble, noble.capitalize())} {number}"


def name(param: str, value) -> str:
    """The printed name of a param's value (the namer of check_against_specs too)."""
    if param in ("cards", "card") and isinstance(value, str) and "-" in value:
        return note_name(value)
    if param == "card":  # a privilege card: numbered by this service, the texts give none
        return f"Privilege card {value}: " + ", ".join(_PRIVILEGE_WORDS.get(k, k) for k in D.PRIVILEGE_CARDS[str(value)])
    if param == "tile":
        return D.TILE_NAMES.get(value, str(value))
    if param == "category":
        return f"{value} ({D.LEVEL_NAMES[value][0]} - {D.LEVEL_NAMES[value][-1]})" if value in D.LEVEL_NAMES else str(value)
    if param == "source":
        return "the supply" if value == "supply" else f"Player {value[1:]}" if str(value).startswith("P") else str(value)
    if param == "kind":
        return {"money": "100 florins", "prestige": "1 prestige"}.get(value, str(value))
    if param == "count":
        return f"{value} note" + ("" if value == 1 else "s")
    return str(value).replace("_", " ")


_PRIVILEGE_WORDS = {
    "gold": f"{D.PRIVILEGE_GOLD} florins", "prestige6": "6 prestige", "prestige7": "7 prestige",
    "draw": "draw 2 notes", "yellow": "yellow level", "orange": "orange level", "purple": "purple level",
}


def choices(state: dict, seat: int, specs: list[dict]) -> list[dict]:
    step = state["step"]

    def on(param: str, value):
        if param in ("cards", "card") and isinstance(value, str) and "-" in value:
            return f"note:{value}"
        if param == "card":
            return f"privilege:{value}"
        if param == "tile":
            return f"tile:{value}"
        return None

    options: dict = {}
    plays: dict = {}
    kinds = {s["type"] for s in specs}
    if step == "buy":
        money = state["money"][seat]  # a note dearer than the purse alone can never be bought
        options["buy"] = {"cards": [c for c in R.sort_cards(state["offers"][seat]) if D.note_price(c) <= money]}
    if "climb" in kinds:
        plays["climb"] = [
            ({"type": "climb", **p}, f"Climb one {p['category']} level, from {name('source', p['source'])}")
            for p in R.use_options(state, seat)["climb"]
        ]
    out = choices_from_specs(specs, name, on=on, options=options, plays=plays)
    for c in out:
        if c["type"] == "climb":
            for p in c["plays"]:
                p["on"] = f"level:{p['action']['category']}"
        if c["type"] in ("bid", "raise"):
            for p in c["plays"]:
                p["label"] = f"{'Offer' if c['type'] == 'bid' else 'Raise to'} {p['label']}"
        if c["type"] in ("give", "discard"):
            for p in c["plays"]:
                p["label"] = f"{'Give' if c['type'] == 'give' else 'Discard'} {p['label']}"
        if c["type"] in ("tile", "build", "architect"):
            for p in c["plays"]:
                p["label"] = {"tile": "Take the ", "build": "Build the ", "architect": "Baumeister: build the "}[c["type"]] + p["label"]
        if c["type"] == "choose":
            for p in c["plays"]:
                p["label"] = "Take " + p["label"]
    return out
