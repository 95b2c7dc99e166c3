"""Players by name in the engines' texts.

The engines write a seat as its number, in the reader's language: the shared
catalog's ``player`` ("P2", "S2", "G2", "J2" in the history) and ``player_long``
("Player 2", "Spieler 2", "Giocatore 2", "Joueur 2" in the labels of the forms),
and an engine's own ``seat`` where it has one (Citadels: "seat 2", "Platz 2",
"posto 2", "place 2"). They know no names. Pages and mails show the names
instead, with this one function (pure Python, so the pages, the messages and the
mails all use it). The forms are read from the catalogs, so a language added
there is named here too."""

from __future__ import annotations

import functools
import importlib.util
import re

from engines.i18n import COMMON, LANGUAGES, Catalog


def _form(template: str) -> str:
    """A catalog's ``"Spieler {number}"`` as a pattern whose group is the seat number
    (a word's first letter in either case: the text may begin a sentence or not; a
    one-letter form such as "S2" only as written)."""
    before, _, after = template.partition("{number}")
    if len(before) > 1:
        head = f"[{re.escape(before[0].upper())}{re.escape(before[0].lower())}]{re.escape(before[1:])}"
    else:
        head = re.escape(before)
    return f"{head}([1-9]){re.escape(after)}"


def _pattern(templates: set[str]) -> re.Pattern:
    # longest first, so "Player 2" is not read as "P" and the rest
    forms = sorted((t for t in templates if "{number}" in t), key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(f"(?:{_form(t)})" for t in forms) + r")\b")


def _templates(catalog: Catalog, keys: tuple[str, ...]) -> set[str]:
    return {catalog.template(lang, key) for lang in LANGUAGES for key in keys if catalog.has(key)}


# every engine's history and labels: the shared forms; English's "seat 2" stays for every engine,
# as the engines wrote it before the catalogs had a word for it
_COMMON = _templates(COMMON, ("player", "player_long")) | {"seat {number}"}


@functools.cache
def _seat_pattern(engine: str | None) -> re.Pattern:
    """The shared forms, and ``engine``'s own word for a seat in every language (only
    for that engine: Staufer's "place 2" is an office's slot, not a player)."""
    own: set[str] = set()
    if engine and importlib.util.find_spec(f"engines.{engine}") is not None:  # an engine outside engines/ has no catalog here
        own = _templates(Catalog.load(f"engines.{engine}"), ("seat",))
    return _pattern(_COMMON | own)


def seat_names_in(text: str, names: list[str] | None, engine: str | None = None) -> str:
    """``text`` with each seat written by number replaced by its player's name
    (``names[seat]``); a number with no name stays as it is. ``engine`` (its slug)
    adds that engine's own word for a seat."""
    if not names or not text:
        return text

    def name(m: re.Match) -> str:
        number = next(g for g in m.groups() if g is not None)
        i = int(number) - 1
        return names[i] if 0 <= i < len(names) and names[i] else m.group(0)

    return _seat_pattern(engine).sub(name, text)
