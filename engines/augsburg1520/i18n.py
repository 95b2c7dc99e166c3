"""Augsburg 1520 in every language: the catalog and the helpers that write
terms (nobles, categories, tiles, players, cards) so that an event stored in
the game's history can be written later in whatever language its reader has.

The words come from the rulebooks: the Italian and French translations
(``pagherò`` / ``reconnaissances de dettes``, ``vedere`` / ``tenir``), the
German terms both of them keep (Schuldschein, Kirche, Dom, Wappen, Adelsbrief,
Münzmeister, Baumeister, Bürger ... Bürgermeister); the glossary is in README.md.
"""

from __future__ import annotations

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
    """``maria-15`` is written as is in every language (it is also how a card is
    typed); a joker is ``joker-3`` or, in Italian, ``jolly-3``."""
    if card_id.startswith("joker"):
        return message("card.joker", number=int(card_id.split("-")[1]))
    return card_id


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
    return CATALOG.text(lang, msg["key"], **msg.get("args", {}))
