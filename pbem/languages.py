"""The languages of the site (settings.LANGUAGES) and how a code a browser,
a form or a mail sends is read as one of them. Which language a reader gets
is read by ``pbem.selectors.language_of``."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import get_language, get_supported_language_variant, pgettext

from engines import registry


def language_supported(code: str | None) -> str | None:
    """``"de-AT"``, ``"DE"``, ``"de_CH"`` -> ``"de"``; a code of no language of the site -> None."""
    code = (code or "").strip().replace("_", "-").lower()
    if not code:
        return None
    try:
        return get_supported_language_variant(code)
    except LookupError:
        return None


def language_codes() -> list[str]:
    return [code for code, _ in settings.LANGUAGES]


def language_names() -> list[tuple[str, str]]:
    """(code, name in its own language), as the switcher and the profile list them."""
    return list(settings.LANGUAGES)



def game_title(slug: str, language: str | None = None) -> str | None:
    """The game's title as published in the country of ``language`` (default:
    the active one), from the engine's ``titles``: "Ohne Furcht und Adel" for a
    German reader of Citadels; None for a game no engine knows."""
    engine = registry.ENGINES.get(slug)
    if engine is None:
        return None
    titles = getattr(engine, "titles", None) or {}
    code = language_supported(language or get_language()) or settings.LANGUAGE_CODE
    return titles.get(code) or titles.get("en") or engine.title


def status_word(status: str) -> str:
    """A game's status as the reader says it ("läuft" for active)."""
    words = {
        "forming": pgettext("game status", "forming"),
        "active": pgettext("game status", "active"),
        "finished": pgettext("game status", "finished"),
        "aborted": pgettext("game status", "aborted"),
    }
    return words.get(str(status), str(status))
