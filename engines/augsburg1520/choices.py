"""What is legal now, in the game's words, for the forms and the board
(``Engine.choices``): debt notes as printed ("Louise 11", "Joker"), privilege
cards by number, rights tiles and levels by their names, each placed on the
board (``note:<id>``, ``privilege:<n>``, ``tile:<id>``, ``level:<colour>``);
every label in the reader's language (``choice.*`` in lang/<code>.py)."""

from __future__ import annotations

from engines.base import choices_adjust, choices_from_specs

from . import data as D
from . import rules as R
from .i18n import CATALOG, t


def note_name(card: str, lang: str = "en") -> str:
    noble, _, number = str(card).rpartition("-")
    if noble == "joker":
        return t(lang, "choice.joker", number=number)
    return f"{t(lang, f'noble.{noble}') if noble in D.NOBLE_NAMES else noble.capitalize()} {number}"


def _privilege(key: str, lang: str) -> str:
    if key in ("yellow", "orange", "purple"):
        return t(lang, "choice.priv_level", cat={"term": f"cat.{key}"})
    return t(lang, f"priv.{key}")


def name(param: str, value, lang: str = "en") -> str:
    """The printed name of a param's value in ``lang`` (the namer of check_against_specs too)."""
    if param in ("cards", "card") and isinstance(value, str) and "-" in value:
        return note_name(value, lang)
    if param == "card":  # a privilege card: numbered by this service, the texts give none
        return t(lang, "choice.privilege", number=value,
                 privileges=", ".join(_privilege(k, lang) for k in D.PRIVILEGE_CARDS[str(value)]))
    if param == "tile" and value in D.TILE_NAMES:
        return t(lang, f"tile.{value}")
    if param == "category" and value in D.LEVEL_NAMES:
        return f"{t(lang, f'cat.{value}')} ({t(lang, f'level.{value}.1')} - {t(lang, f'level.{value}.4')})"
    if param == "source":
        return t(lang, "choice.supply") if value == "supply" else t(lang, "player_long", number=str(value)[1:])
    if param == "kind" and value in ("money", "prestige"):
        return t(lang, f"choice.kind_{value}")
    if param == "count":
        return t(lang, "choice.notes", count=value)
    return str(value).replace("_", " ")


def _on(param: str, value):
    if param in ("cards", "card") and isinstance(value, str) and "-" in value:
        return f"note:{value}"
    if param == "card":
        return f"privilege:{value}"
    if param == "tile":
        return f"tile:{value}"
    return None


def _climb(lang: str, p: dict) -> str:
    cat = {"term": f"cat.{p['category']}"}
    if p["source"] == "supply":
        return t(lang, "choice.climb", cat=cat)
    return t(lang, "choice.climb_from", cat=cat, player=t(lang, "player_long", number=p["source"][1:]))


def choices(state: dict, seat: int, specs: list[dict], lang: str = "en") -> list[dict]:
    options: dict = {}
    plays: dict = {}
    kinds = {s["type"] for s in specs}
    if state["step"] == "buy":
        money = state["money"][seat]  # a note dearer than the purse alone can never be bought
        options["buy"] = {"cards": [c for c in R.sort_cards(state["offers"][seat]) if D.note_price(c) <= money]}
    if "climb" in kinds:
        plays["climb"] = [({"type": "climb", **p}, _climb(lang, p)) for p in R.use_options(state, seat)["climb"]]
    out = choices_from_specs(specs, lambda param, value: name(param, value, lang), on=_on, options=options, plays=plays)

    return choices_adjust(
        out,
        labels={kind: CATALOG.around(lang, f"choice.{kind}") for kind in ("bid", "raise", "give", "discard", "tile", "build", "architect", "choose")},
        on={"climb": lambda a: f"level:{a['category']}"},
    )
