"""The languages of the site (settings.LANGUAGES) and how a code a browser,
a form or a mail sends is read as one of them. Which language a reader gets
is read by ``pbem.selectors.language_of``."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import get_language, get_supported_language_variant


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


# Each game's title as published in each country (the box in the shops there); a
# language missing here shows the English title. Sources: the German boxes (alea,
# Hans im Glück), the French and Italian editions, the Italian Staufer rulebook
# ("Staufer Dynasty"). Assumed: the French Staufer title (no French rulebook here).
GAME_TITLES: dict[str, dict[str, str]] = {
    "augsburg1520": {"de": "Augsburg 1520", "it": "Augsburg 1520", "fr": "Augsburg 1520", "en": "Augsburg 1520"},
    "citadels": {"de": "Ohne Furcht und Adel", "it": "Citadels", "fr": "Citadelles", "en": "Citadels"},
    "staufer": {"de": "Die Staufer", "it": "Staufer Dynasty", "fr": "La Dynastie Staufer", "en": "The Staufer Dynasty"},
    "fugger": {
        "de": "Fugger, Welser, Medici", "it": "Fugger, Welser, Medici", "fr": "Fugger, Welser, Medici",
        "en": "Fugger, Welser, Medici",
    },
}


def game_title(slug: str, language: str | None = None) -> str | None:
    """The game's title in ``language`` (default: the active one); None for a
    game not listed (the caller shows the engine's own title)."""
    titles = GAME_TITLES.get(slug)
    if titles is None:
        return None
    code = language_supported(language or get_language()) or settings.LANGUAGE_CODE
    return titles.get(code) or titles.get("en")
