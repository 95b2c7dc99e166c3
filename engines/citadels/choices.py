"""What is legal now, in the game's words, for the forms and the board
(``Engine.choices``): characters and districts by their printed names, each
placed on the board (``character:<id>``, ``hand:<id>``, ``drawn:<id>``,
``city:<seat>:<id>``); the Warlord's targets as complete plays; every label
in the reader's language (``choice.*`` in lang/<code>.py)."""

from __future__ import annotations

from engines.base import choices_adjust, choices_from_specs

from . import data as D
from . import i18n as I
from . import moves
from . import rules as R


def name(param: str, value, lang: str = "en") -> str:
    """The printed name of a param's value in ``lang``."""
    if param == "character" and value in D.RANK:
        return I.value(lang, I.char(value))
    if param in ("card", "cards") and value in D.DISTRICTS:
        return I.value(lang, I.card(value))
    if param == "seat" and isinstance(value, int):
        return I.t(lang, "player_long", number=value + 1)
    return str(value).replace("_", " ")


def choices(state: dict, seat: int, lang: str = "en") -> list[dict]:
    specs = moves.actions(state, seat, lang)
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
             I.t(lang, "choice.destroy", card=I.card(card), player=I.t(lang, "player_long", number=s + 1),
                 gold=R.destroy_price(card)))
            for s in sorted(targets) for card in targets[s]
        ]
    out = choices_from_specs(specs, lambda param, value: name(param, value, lang), on=on, plays=plays)
    for c in out:
        if c["type"] == "redraw":  # ticked in the form; a click on a hand card builds it
            for o in c["options"].get("cards", []):
                o["on"] = None


    def character(key: str):
        return lambda p: I.t(lang, key, what=p["label"], text=I.t(lang, "chartext." + p["action"]["character"]))

    return choices_adjust(
        out,
        labels={
            "build": lambda p: I.t(lang, "choice.build", what=p["label"], gold=D.DISTRICTS[p["action"]["card"]]["cost"]),
            "laboratory": I.CATALOG.around(lang, "choice.laboratory"),
            "kill": I.CATALOG.around(lang, "choice.kill"),
            "rob": I.CATALOG.around(lang, "choice.rob"),
            "swap": I.CATALOG.around(lang, "choice.swap"),
            "keep": I.CATALOG.around(lang, "choice.keep"),
            "pick": character("choice.pick"),
            "discard": character("choice.discard"),
        },
        on={
            # a district in someone's city: its place on the board names the city too
            "destroy": lambda a: f"city:{a['seat']}:{a['card']}",
            # a click on a hand card builds it; the Laboratory is the button's
            "laboratory": lambda a: None,
        },
    )
