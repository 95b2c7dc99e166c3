"""What a German, Italian or French reader must never meet: English left in a
text meant for them, and internal ids. One detector for every page, mail and
answer the language tests read (tests/web/test_languages.py,
tests/i18n/test_games_by_mail.py, tests/i18n/test_sweep.py).

Three kinds of leak, all taken from the project's own texts so nothing is
listed by hand:

- ``fragments``: pieces of the site's English catalog (every msgid whose
  translation differs), cut at placeholders and tags into pieces long enough
  to be sentences of the site rather than words every language shares;
- ``words``: words of the engines' and the boards' English catalogs that the
  language's catalogs (engines', boards' and the site's) never use: a game
  text left in English ("buy debt notes", "Allowed now"), whatever its length;
- ``ids``: the components' ids that are not words of any catalog
  (``louise-11``, ``nuernberg``, ``joker-2``), the engines' action types and
  params that are not words (``offer_note``, ``sellforced``) and the
  decisions' stored English kinds written as they are stored.
"""

from __future__ import annotations

import functools
import html as html_lib
import importlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.pofile import read_po
from django.conf import settings

from engines.i18n import COMMON, LANGUAGES, Catalog

ENGINES = ("augsburg1520", "citadels", "fugger", "staufer")
CUT = re.compile(r"%\(\w+\)[sdr]|%\(\w+\)\.\d+f|\{\w*\}|<[^>]+>|`[^`]*`|\s*[;:()]\s*")
WORD = re.compile(r"[^\W\d_]{3,}")
TOKEN = re.compile(r"[\w-]+")


def _po(code: str):
    with (Path(settings.LOCALE_PATHS[0]) / code / "LC_MESSAGES" / "django.po").open("rb") as f:
        return read_po(f)


@functools.cache
def english_fragments(code: str) -> frozenset[str]:
    """English pieces of the site's catalog that a text in ``code`` must not show."""
    out = set()
    for m in _po(code):
        if not m.id:
            continue
        english = m.id[0] if isinstance(m.id, tuple) else m.id
        translated = " ".join(m.string) if isinstance(m.string, tuple) else m.string
        for piece in CUT.split(english):
            piece = piece.strip(" .,!?")
            # long enough to be a sentence of the site, not a word every language shares
            if len(piece) >= 16 and len(piece.split()) >= 3 and piece not in translated:
                out.add(piece)
    return frozenset(out)


def _words(texts) -> set[str]:
    """The words of texts, their placeholders (``{seat}``, ``%(game)s``) left out."""
    return {w.casefold() for text in texts
            for w in WORD.findall(re.sub(r"\{[^}]*\}|%\(\w+\)\w", " ", str(text).replace("|", " ")))}


@functools.cache
def _catalogs() -> tuple[Catalog, ...]:
    """Every engine's catalog (with the shared one) and every board's."""
    out = [COMMON]
    for slug in ENGINES:
        out.append(importlib.import_module(f"engines.{slug}.i18n").CATALOG)
        out.append(importlib.import_module(f"boards.{slug}").CATALOG)
    out.append(importlib.import_module("boards.draw").BASE)
    return tuple(out)


@functools.cache
def _used_words(code: str) -> frozenset[str]:
    """Every word a text in ``code`` may hold: its catalogs' words and the site's translations."""
    used = set()
    for catalog in _catalogs():
        used |= _words(catalog.messages.get(code, {}).values())
    for m in _po(code):
        used |= _words(m.string if isinstance(m.string, tuple) else [m.string])
    return frozenset(used)


@functools.cache
def english_words(code: str) -> frozenset[str]:
    """Words of the games' English texts that nothing written in ``code`` uses.
    A word the German texts use too is a German original the games keep in
    every language (Fugger's months and card names: "Januar", "Blockade") or a
    name, not English left behind."""
    english = set()
    for catalog in _catalogs():
        english |= _words(catalog.messages["en"].values())
    return frozenset(english - _used_words(code) - _used_words("de"))


@functools.cache
def internal_ids() -> frozenset[str]:
    """Ids no reader should see: components' ids, action types and params that
    are not words of any catalog in any language (a printed name written like
    its id, "Augsburg", "keep", is not an id)."""
    from engines.augsburg1520 import data as AD
    from engines.citadels import data as CD
    from engines.fugger import data as FD
    from engines.staufer import data as SD

    ids = set(AD.ALL_CARDS) | set(CD.DISTRICT_IDS) | set(CD.CHAR_IDS) | set(FD.ALL_CARDS) | set(FD.SPACES)
    ids |= set(SD.PATH_CARDS) | set(SD.OFFICE_CARDS) | set(SD.REGIONS)
    ids |= {"offer_note", "pass_on", "sellforced", "sellnote", "resources_swap", "bot_takeover", "forfeit_bot",
            "forfeit_end", "resign_bot", "resign_end"}
    words = set()
    for code in LANGUAGES:
        for catalog in _catalogs():
            words |= {t.casefold() for t in TOKEN.findall(" ".join(map(str, catalog.messages.get(code, {}).values())))}
    return frozenset(x for x in map(str, ids) if len(x) >= 4 and x.casefold() not in words)


@dataclass
class Found:
    fragments: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.fragments or self.words or self.ids)

    def __str__(self) -> str:
        return "; ".join(f"{k}: {v[:8]}" for k, v in vars(self).items() if v)


def visible_text(page: str) -> str:
    """What a reader reads of an HTML page: its text and its labels, not its markup,
    scripts or styles (an id in an attribute or a link is for the page itself)."""
    page = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", page)
    labels = re.findall(r'(?:aria-label|title|alt|placeholder)="([^"]*)"', page)
    text = re.sub(r"(?s)<[^>]+>", " ", page)
    return html_lib.unescape(" ".join([text, *labels]))


def leaks_in(text: str, code: str, *, allowed: set[str] | frozenset[str] = frozenset(), words: bool = True) -> Found:
    """The English and the ids a reader of ``code`` would meet in ``text``;
    ``allowed``: words and names the text may hold (the players' names, what
    they wrote themselves); ``words=False`` for a text of an engine with no
    catalogs (the tests' own engine writes English only)."""
    flat = " ".join(text.split())
    for a in sorted(allowed, key=len, reverse=True):
        flat = flat.replace(a, " ")
    found = Found()
    found.fragments = sorted(f for f in english_fragments(code) if f in flat)
    if not words:
        found.ids = sorted(x for x in internal_ids() if x in set(TOKEN.findall(flat)))
        return found
    # words only from tokens without digits: a hash, a salt or a card id holds runs of letters by chance
    wordy = re.sub(r"\S*\d\S*", " ", flat)
    found.words = sorted({w.casefold() for w in WORD.findall(wordy)} & english_words(code))
    tokens = set(TOKEN.findall(flat))
    found.ids = sorted(x for x in internal_ids() if x in tokens)
    return found
