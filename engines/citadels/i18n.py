"""Ohne Furcht und Adel (Citadels) in every language: the catalog and the
helpers that keep characters, districts and seats as terms, so a stored event
is written later in its reader's language. German names are the originals
(Meuchler, Dieb, Magier, König, Prediger, Händler, Baumeister, Söldner; the
purple districts from the rulebook's card translation), Italian the
rulebook's, French the published Citadelles edition's; README has the glossary."""

from __future__ import annotations

from typing import Any

from engines.base import Event, event
from engines.i18n import COMMON, Catalog, message, term

from . import data as D

CATALOG = Catalog.load("engines.citadels", parent=COMMON)


def t(lang: str, key: str, **args: Any) -> str:
    return CATALOG.text(lang, key, **args)


def value(lang: str, v: Any) -> str:
    return str(CATALOG.value(lang, v))


def seat(s: int) -> dict:
    return message("seat", number=s + 1)


def char_short(cid: str) -> dict:
    return term(f"char.{cid}")


def char(cid: str) -> dict:
    """A character with its rank (and, in English, the German original)."""
    return message("char_full", name=char_short(cid), original=D.CHAR_DE[cid], rank=D.RANK[cid])


def card(did: str) -> dict:
    return message("card_full", name=term(f"district.{did}"), original=D.DISTRICTS[did]["de"])


def cards(dids: list[str]) -> Any:
    return [card(c) for c in dids] if dids else term("nothing")


def colour(c: str) -> dict:
    return term(f"colour.{c}")


def say(type: str, key: str, args: dict | None = None, to: Any = "all", **data: Any) -> Event:
    args = args or {}
    return event(type, CATALOG.text("en", key, **args), to, msg=message(key, **args), **data)


def event_text(ev: dict, lang: str = "en") -> str:
    msg = (ev.get("data") or {}).get("msg")
    if not msg:
        return ev["text"]
    text = CATALOG.text(lang, msg["key"], **msg.get("args", {}))
    # a sentence that opens with a seat ("posto 2 prende ...") starts with a capital, except the
    # English text, which stays as it was stored
    return text if lang == "en" else text[:1].upper() + text[1:]
