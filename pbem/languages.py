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


def decision_word(slug: str, kind: str, language: str | None = None) -> str:
    """An open decision's name as the engine says it in ``language`` (default:
    the active one): Augsburg's "bid" is "bieten" to a German reader. The
    service stores the English kind; a kind no catalog of the engine knows (a
    test engine's) stays as stored."""
    engine = registry.ENGINES.get(slug)
    catalogs = engine.catalogs() if engine is not None and hasattr(engine, "catalogs") else []
    code = language_supported(language or get_language()) or settings.LANGUAGE_CODE
    for catalog in catalogs:
        if catalog.has(f"kind.{kind}"):
            return catalog.text(code, f"kind.{kind}")
    return kind


def status_word(status: str) -> str:
    """A game's status as the reader says it ("läuft" for active)."""
    words = {
        "forming": pgettext("game status", "forming"),
        "active": pgettext("game status", "active"),
        "finished": pgettext("game status", "finished"),
        "aborted": pgettext("game status", "aborted"),
    }
    return words.get(str(status), str(status))
