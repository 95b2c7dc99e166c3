"""Augsburg 1520 in every language: the catalog and the helpers that write
terms (nobles, categories, tiles, players, cards) so that an event stored in
the game's history can be written later in whatever language its reader has.

The words come from the rulebooks: the Italian and French translations
(``pagherò`` / ``reconnaissances de dettes``, ``vedere`` / ``tenir``), the
German terms both of them keep (Schuldschein, Kirche, Dom, Wappen, Adelsbrief,
Münzmeister, Baumeister, Bürger ... Bürgermeister); the glossary is in README.md.
"""

from __future__ import annotations

import re
from typing import Any

from engines.base import Event, event
from engines.i18n import COMMON, Catalog, message, term

CATALOG = Catalog.load("engines.augsburg1520", parent=COMMON)


def t(lang: str, key: str, **args: Any) -> str:
    return CATALOG.text(lang, key, **args)


def player(seat: int) -> dict:
    return message("player", number=seat + 1)


def players(seats: list[int]) -> list[dict]:
    return [player(s) for s in seats]


def noble(name: str) -> dict:
    return term(f"noble.{name}")


def cat(name: str) -> dict:
    return term(f"cat.{name}")


def tile(name: str) -> dict:
    return term(f"tile.{name}")


def level(category: str, number: int) -> dict:
    return term(f"level.{category}.{number}")


def card(card_id: str) -> Any:
    """A debt note as printed, in every language: ``Maria 15`` (the noble's name
    and the value; parse reads it back), a joker ``Joker 3`` or, in Italian,
    ``Jolly 3`` (numbered as the forms number them; parse reads that too)."""
    noble_, _, number = card_id.rpartition("-")
    if noble_ == "joker":
        return message("card.joker", number=int(number))
    return message("card.note", noble=term(f"noble.{noble_}"), number=int(number))


_CARD_ID = re.compile(r"(maria|louise|leo|philippe|joker)-\d+")


def _cards_named(value: Any) -> Any:
    """Args stored before the notes were written by name (plain ``maria-15``)
    as they are written now."""
    if isinstance(value, str) and _CARD_ID.fullmatch(value):
        return card(value)
    if isinstance(value, list):
        return [_cards_named(v) for v in value]
    if isinstance(value, dict) and "key" in value:
        return {**value, "args": {k: _cards_named(v) for k, v in value.get("args", {}).items()}}
    return value


def cards(card_ids: list[str]) -> Any:
    return [card(c) for c in card_ids] if card_ids else term("nothing")


def say(type: str, key: str, args: dict | None = None, to: Any = "all", **data: Any) -> Event:
    """An event whose English ``text`` is written now and whose ``data["msg"]``
    lets ``event_text`` write it again in any language."""
    args = args or {}
    return event(type, CATALOG.text("en", key, **args), to, msg=message(key, **args), **data)


def event_text(ev: dict, lang: str = "en") -> str:
    msg = (ev.get("data") or {}).get("msg")
    if not msg:
        return ev["text"]
    return CATALOG.text(lang, msg["key"], **{k: _cards_named(v) for k, v in msg.get("args", {}).items()})
