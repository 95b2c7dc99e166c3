"""The languages of the site (settings.LANGUAGES) and how a code a browser,
a form or a mail sends is read as one of them. Which language a reader gets
is read by ``pbem.selectors.language_of``."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import get_language, get_supported_language_variant, gettext, pgettext

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


def engine_text(slug: str, keys: list[str], default: str, language: str | None = None) -> str:
    """The first of ``keys`` that the catalogs of engine ``slug`` know, written in
    ``language`` (default: the active one); ``default`` when none does (an engine
    without catalogs, such as the tests' own)."""
    engine = registry.ENGINES.get(slug)
    catalogs = engine.catalogs() if engine is not None and hasattr(engine, "catalogs") else []
    code = language_supported(language or get_language()) or settings.LANGUAGE_CODE
    for key in keys:
        for catalog in catalogs:
            if catalog.has(key):
                return catalog.text(code, key)
    return default


def decision_word(slug: str, kind: str, language: str | None = None) -> str:
    """An open decision's name as the engine says it in ``language`` (default:
    the active one): Augsburg's "bid" is "bieten" to a German reader. The
    service stores the English kind; a kind no catalog of the engine knows (a
    test engine's) stays as stored."""
    return engine_text(slug, [f"kind.{kind}"], kind, language)


# --- a game's options (the creation forms, the lobby), in the engine's words ----------------


def option_label(slug: str, name: str) -> str:
    """An option's name (``option.<name>`` of the engine's catalog): "Handgröße verbergen"."""
    return engine_text(slug, [f"option.{name}"], name.replace("_", " ").capitalize())


def option_help(slug: str, name: str, default: str = "") -> str:
    """What an option does (``option.<name>.help``); the schema's English description otherwise."""
    return engine_text(slug, [f"option.{name}.help"], default)


def option_value(slug: str, name: str, value) -> str:
    """A value of an option as the reader says it: yes or no, a choice's name
    (``option.<name>.<value>``, or the engine's ``<name>.<value>`` term), a number."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, list):
        return ", ".join(option_value(slug, name, v) for v in value)
    return engine_text(slug, [f"option.{name}.{value}", f"{name}.{value}"], str(value).replace("_", " "))


def options_words(slug: str, options: dict | None) -> str:
    """A game's options in the reader's words: "Handgröße verbergen: ja"."""
    return "; ".join(f"{option_label(slug, k)}: {option_value(slug, k, v)}" for k, v in (options or {}).items())


def status_word(status: str) -> str:
    """A game's status as the reader says it ("läuft" for active)."""
    words = {
        "forming": pgettext("game status", "forming"),
        "active": pgettext("game status", "active"),
        "finished": pgettext("game status", "finished"),
        "aborted": pgettext("game status", "aborted"),
    }
    return words.get(str(status), str(status))
