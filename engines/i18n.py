"""Languages for every text an engine writes, and the words it reads.

Engines stay pure Python: no gettext build step, no Django. Each engine keeps
its catalogs as Python dicts in ``engines/<slug>/lang/<code>.py`` (``MESSAGES``:
key -> text with ``str.format`` fields); the texts every engine shares
(``Allowed now: ...``) live in ``engines/lang/<code>.py``. A caller passes the
reader's language as ``lang=`` (``"de"``, ``"it"``, ``"fr"``, ``"en"``; ``"de-CH"``
and unknown codes fall back sensibly); nothing of the state depends on it.

A text field may say how to write a count: ``{count:note|notes}`` picks the
first form for 1 and the second otherwise; ``{colour:plural}`` writes a term
in the plural form its catalog gives (``<term>.plural``: "edifici gialli",
"quartiers violets"), so an adjective agrees with the plural noun it follows.
A field whose value is a ``term`` (``{"term": "noble.maria"}``) is looked up in the same catalog, so an event
stored today reads in any language tomorrow; a list of values is joined with
", ".

Adding a language: add its code to ``LANGUAGES`` and a ``lang/<code>.py`` to
``engines/lang``, to every engine and to ``boards/lang`` (the conformance check
``check_catalogs`` and tests/boards/test_languages.py fail until every key is
there and not empty).
"""

from __future__ import annotations

import importlib
import re
import string
import unicodedata
from functools import lru_cache
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "de", "it", "fr")
DEFAULT = "en"
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "it": "Italiano", "fr": "Français"}


@lru_cache(maxsize=512)  # asked millions of times per game drawn in every language, with few distinct codes
def language(lang: str | None) -> str:
    """``"de-AT"`` -> ``"de"``; anything unknown -> English."""
    code = (lang or DEFAULT).replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else DEFAULT


def term(key: str) -> dict:
    """A value stored in event data that is translated when the text is written."""
    return {"term": key}


class _Formatter(string.Formatter):
    def __init__(self, catalog: "Catalog", lang: str):
        self.catalog, self.lang = catalog, lang

    def format_field(self, value: Any, spec: str) -> str:
        return self.catalog.field(self.lang, value, spec)


_PARSER = string.Formatter()


@lru_cache(maxsize=8192)
def _compiled(template: str) -> tuple[tuple[str, str | None, str], ...] | None:
    """A catalog text cut once into (literal, field name, spec) parts, or None when a field
    is more than a plain name (``{x[0]}``, ``{x!r}``, a nested spec): string.Formatter writes
    those. Parsing each text on every call was most of the time of drawing a game's pages."""
    parts = []
    for literal, name, spec, conversion in _PARSER.parse(template):
        if name is not None and (conversion is not None or not name.isidentifier() or "{" in spec):
            return None
        parts.append((literal, name, spec or ""))
    return tuple(parts)


class Catalog:
    """The texts of one package in every language (English is the fallback and
    the reference every other language is checked against)."""

    def __init__(self, messages: dict[str, dict[str, str]], parent: "Catalog | None" = None):
        self.messages = messages
        self.parent = parent

    @classmethod
    def load(cls, package: str, parent: "Catalog | None" = None) -> "Catalog":
        """Reads ``<package>.lang.<code>`` for every language in LANGUAGES; a
        language without a catalog yet reads English (and ``missing`` says so)."""
        messages = {}
        for code in LANGUAGES:
            try:
                module = importlib.import_module(f"{package}.lang.{code}")
            except ModuleNotFoundError as e:
                if e.name != f"{package}.lang.{code}":
                    raise
                continue
            messages[code] = dict(module.MESSAGES)
        return cls(messages, parent)

    def has(self, key: str) -> bool:
        return key in self.messages[DEFAULT] or (self.parent is not None and self.parent.has(key))

    def template(self, lang: str, key: str) -> str:
        lang = language(lang)
        own = self.messages.get(lang, {}).get(key) or self.messages[DEFAULT].get(key)
        if own is not None:
            return own
        if self.parent is not None:
            return self.parent.template(lang, key)
        raise KeyError(key)

    def value(self, lang: str, value: Any) -> Any:
        if isinstance(value, dict) and "term" in value:
            return self.text(lang, value["term"])
        if isinstance(value, dict) and "key" in value:
            return self.text(lang, value["key"], **value.get("args", {}))
        if isinstance(value, (list, tuple)):
            return ", ".join(str(self.value(lang, v)) for v in value)
        return value

    def field(self, lang: str, value: Any, spec: str) -> str:
        """One field of a text written: a count's form (``{n:note|notes}``) or the value in ``lang``."""
        if "|" in spec:
            one, many = spec.split("|", 1)
            return one if value == 1 else many
        if spec == "plural":
            # a term after a plural noun, in its plural form where the language has one
            # ("edifici gialli", "quartiers violets", "gelbe Gebäude"): ``<term>.plural``
            if isinstance(value, dict) and "term" in value and self.has(f"{value['term']}.plural"):
                return self.text(lang, f"{value['term']}.plural")
            spec = ""
        return format(self.value(lang, value), spec)

    def text(self, lang: str, key: str, **args: Any) -> str:
        """The text of ``key`` in ``lang`` with ``args`` filled in."""
        lang = language(lang)
        template = self.template(lang, key)
        parts = _compiled(template)
        if parts is None:
            return _Formatter(self, lang).format(template, **args)
        out = []
        for literal, name, spec in parts:
            out.append(literal)
            if name is not None:
                out.append(self.field(lang, args[name], spec))
        return "".join(out)

    def around(self, lang: str, key: str):
        """A relabelling for ``engines.base.choices_adjust``: a play's label
        (the value's name) set in ``key``'s text as ``{what}`` ("Build {what}")."""
        return lambda play: self.text(lang, key, what=play["label"])

    def term(self, lang: str, prefix: str, name: str) -> str:
        return self.text(lang, f"{prefix}.{name}")

    def missing(self) -> list[str]:
        """Every key missing or empty in some language, or using a field the
        English text does not have: what ``check_catalogs`` reports."""
        problems = []
        reference = self.messages[DEFAULT]
        for code in LANGUAGES:
            catalog = self.messages.get(code, {})
            for key, english in reference.items():
                text = catalog.get(key)
                if not isinstance(text, str) or not text.strip():
                    problems.append(f"{code}: {key} missing or empty")
                elif not _fields(text) <= _fields(english):
                    # a translation may leave a field out (German needs no "(König, 4)" gloss),
                    # never use one the caller does not give
                    problems.append(f"{code}: {key} has fields {sorted(_fields(text))}, English {sorted(_fields(english))}")
            for key in catalog:
                if key not in reference:
                    problems.append(f"{code}: {key} is not in the English catalog")
        return problems


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def message(key: str, **args: Any) -> dict:
    """A text kept as key and arguments, to be written later in any language
    (event data holds it under ``"msg"``)."""
    return {"key": key, "args": args}


# --- reading commands in any language ------------------------------------------------

_APOSTROPHES = "'’`´ʼ"
UMLAUTS = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "ae", "Ö": "oe", "Ü": "ue"}


def fold(text: str) -> str:
    """Lower case, accents and umlauts dropped (``"Pagherò"`` -> ``"paghero"``,
    ``"Händler"`` -> ``"handler"``), ``ß`` -> ``ss``, spaces collapsed."""
    text = unicodedata.normalize("NFKD", text.replace("ß", "ss").replace("ẞ", "ss"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    return re.sub(r"\s+", " ", text).strip()


def variants(word: str) -> set[str]:
    """The ways a player may type ``word``: folded, and with umlauts as ae/oe/ue."""
    expanded = "".join(UMLAUTS.get(ch, ch) for ch in word)
    return {fold(word), fold(expanded)}


def aliases(table: dict[str, list[str]]) -> dict[str, str]:
    """{id: [words in any language]} -> {every typed form: id}."""
    out: dict[str, str] = {}
    for ident, words in table.items():
        for word in words:
            for form in variants(word):
                out[form] = ident
    return out


# Articles, elided articles and prepositions of the four languages: dropped from a
# command once its names are found, so "piazza il nobile sull'ufficio 1 di Palermo"
# reads like "piazza nobile ufficio 1 palermo".
FILLER = frozenset(
    "the a an of to on in into at with for from by my i "  # en
    "der die das den dem des ein eine einen einem einer ich mein meine meinen auf im ins in mit fuer zu zum zur "
    "nach von vom an am aus bei fur uber ueber "  # de
    "il lo la i gli le l un uno una un di del dello della dei degli delle dell a al allo alla ai agli alle all "
    "da dal dallo dalla dai dagli dalle dall in nel nello nella nei negli nelle nell su sul sullo sulla sui sugli "
    "sulle sull con per io mi "  # it
    "je j le la les l un une des de du d a au aux avec pour sur dans en mon ma mes me m "  # fr
    .split()
)

NUMBER_WORDS = aliases({
    "0": ["zero", "null", "nothing", "nichts", "niente", "nulla", "rien", "none", "keine", "keinen", "aucun", "aucune"],
    "1": ["one", "eins", "einen", "uno", "una", "un", "une"],
    "2": ["two", "zwei", "due", "deux"],
    "3": ["three", "drei", "tre", "trois"],
    "4": ["four", "vier", "quattro", "quatre"],
    "5": ["five", "fuenf", "fünf", "cinque", "cinq"],
    "6": ["six", "sechs", "sei"],
    "7": ["seven", "sieben", "sette", "sept"],
    "8": ["eight", "acht", "otto", "huit"],
    "9": ["nine", "neun", "nove", "neuf"],
    "10": ["ten", "zehn", "dieci", "dix"],
})


def clean(line: str) -> str:
    """A command line folded, elisions split off (``j'offre`` -> ``j offre``,
    ``nell'ufficio`` -> ``nell ufficio``) and punctuation other than ``-``, ``:``
    turned into spaces."""
    text = fold(line)
    text = re.sub(f"[{_APOSTROPHES}]", " ", text)
    text = re.sub(r"[,;.!?()\"«»“”]", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def phrases(text: str, table: dict[str, str], mark: str = "") -> str:
    """Replaces every multi-word name of ``table`` (folded phrase -> id) in the
    cleaned ``text`` by ``mark + id`` as one word, longest names first, before
    the line is split into words ("move 2 to south italy" -> "move 2 to
    south_italy")."""
    for phrase in sorted((p for p in table if " " in p or "-" in p), key=len, reverse=True):
        pattern = r"(?<![\w-])" + re.escape(phrase).replace(r"\ ", r"[\s-]+") + r"(?![\w-])"
        text = re.sub(pattern, f"{mark}{table[phrase]}".replace(" ", "_"), text)
    return text


def words(text: str, keep: frozenset[str] = frozenset()) -> list[str]:
    """The words of a cleaned line, fillers dropped (unless in ``keep``) and
    number words turned into digits."""
    out = []
    for w in text.split():
        if w in FILLER and w not in keep:
            continue
        out.append(NUMBER_WORDS.get(w, w) if w not in keep else w)
    return out


COMMON = Catalog.load("engines")


def kinds_in(catalog: Catalog, decisions: list[dict], lang: str) -> list[dict]:
    """``decisions`` with each ``kind`` ("buy debt notes") written in ``lang``
    (``kind.<kind>`` of the engine's catalog; English keeps the kind as it
    is, which is what the service stores)."""
    if language(lang) == DEFAULT:
        return decisions
    return [{**d, "kind": catalog.text(lang, f"kind.{d['kind']}")} if catalog.has(f"kind.{d['kind']}") else d
            for d in decisions]


def params_titled(catalog: Catalog, specs: list[dict], lang: str) -> list[dict]:
    """``specs`` with each param's schema given a ``title`` in ``lang``
    (``param.<name>`` of the engine's catalog or the shared one): the word a
    form's field and a refusal use for it, never the param's own name. A
    param no catalog names keeps none (its name is read as it is)."""
    for s in specs:
        s["params"] = {
            name: {**schema, "title": catalog.text(lang, f"param.{name}")} if catalog.has(f"param.{name}") else schema
            for name, schema in s["params"].items()
        }
    return specs


def describe_actions(specs: list[dict], lang: str = DEFAULT) -> str:
    """One line per action a seat may send now, in the reader's language."""
    if not specs:
        return COMMON.text(lang, "nothing_asked")
    return COMMON.text(lang, "allowed_now", actions="; ".join(
        COMMON.text(lang, "action_eg", label=s["label"], example=s["example"]) for s in specs))


def event_text(ev: dict, lang: str = DEFAULT, catalog: Catalog | None = None) -> str:
    """An event written in ``lang``: from its ``data["msg"]`` when it has one and
    the engine a catalog, else its English ``text`` (events stored before)."""
    msg = (ev.get("data") or {}).get("msg")
    if not msg or catalog is None:
        return ev["text"]
    return catalog.text(lang, msg["key"], **msg.get("args", {}))
