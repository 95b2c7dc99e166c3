"""The Staufer Dynasty in every language: the catalog and the helpers that keep
terms (regions, figures, chests, players) as terms, so an event stored in the
history can be written later in its reader's language. The words are the
Italian rulebook's (Inviato, Nobile, Corte, Provincia, Ufficio, Forziere,
Area Pagamento, Punti Vittoria); the glossary is in README.md."""

from __future__ import annotations

from typing import Any

from engines.base import Event, event
from engines.i18n import COMMON, Catalog, message, term

CATALOG = Catalog.load("engines.staufer", parent=COMMON)


def t(lang: str, key: str, **args: Any) -> str:
    return CATALOG.text(lang, key, **args)


def en(value: Any) -> Any:
    """A text, message or term in English (what event data kept before languages)."""
    return CATALOG.value("en", value)


def player(seat: int) -> dict:
    return message("player", number=seat + 1)


def region(name: str) -> dict:
    return term(f"region.{name}")


def chest(name: str) -> dict:
    return term(f"chest.{name}")


def figures(envoys: int, nobles: int) -> dict:
    if envoys and nobles:
        return message("figures.both", envoys=envoys, nobles=nobles)
    if envoys:
        return message("figures.envoys", envoys=envoys)
    if nobles:
        return message("figures.nobles", nobles=nobles)
    return term("figures.none")


def why(key: str, **args: Any) -> dict:
    return message(f"why.{key}", **args)


def say(type: str, key: str, args: dict | None = None, to: Any = "all", **data: Any) -> Event:
    args = args or {}
    return event(type, CATALOG.text("en", key, **args), to, msg=message(key, **args), **data)


def event_text(ev: dict, lang: str = "en") -> str:
    msg = (ev.get("data") or {}).get("msg")
    if not msg:
        return ev["text"]
    return CATALOG.text(lang, msg["key"], **msg.get("args", {}))
