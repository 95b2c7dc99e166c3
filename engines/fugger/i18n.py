"""Fugger, Welser, Medici in every language: the labels of the actions, the
prompts and the command words. A command is written with the English
rulebook's keywords (`move 2 ulm`, `sell metal 1540`); each language has its
own word for each keyword (``word.<keyword>`` in lang/<code>.py: `ziehe`,
`muovi`, `déplace`), so an example is written in the reader's language word by
word and any language's words are read back as the keyword (``english``).

The history's events keep a key and args (``rules.say``, ``data["msg"]``) and the
parser's refusals a key (``text.Refused``), so both are written in any language."""

from __future__ import annotations

import re
from typing import Any

from engines.i18n import COMMON, LANGUAGES, Catalog, fold, language, term  # noqa: F401 (I.term, I.language)

CATALOG = Catalog.load("engines.fugger", parent=COMMON)

KEYWORDS = [k[len("word."):] for k in CATALOG.messages["en"] if k.startswith("word.")]


def t(lang: str, key: str, **args: Any) -> str:
    return CATALOG.text(lang, key, **args)


def _fold(word: str) -> str:
    w = word.lower()
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        w = w.replace(a, b)
    return fold(w)


# every language's word (folded, umlauts as ae/oe/ue like text.fold) -> the keyword
_FOREIGN: dict[str, str] = {}
for _lang in LANGUAGES:
    for _kw in KEYWORDS:
        for _form in (_fold(CATALOG.text(_lang, f"word.{_kw}")), fold(CATALOG.text(_lang, f"word.{_kw}"))):
            if _form != _kw:
                _FOREIGN.setdefault(_form, _kw)
MULTI = {k: v.replace(" ", "") for k, v in _FOREIGN.items() if " " in k}
SINGLE = {k: v for k, v in _FOREIGN.items() if " " not in k}


def english(tokens: list[str]) -> list[str]:
    """Tokens of any language -> the English keywords the parser knows."""
    return [SINGLE.get(tok, tok) for tok in tokens]


def localize(command: str, lang: str) -> str:
    """An English command (`transfer 1 metal from home to 2`) in ``lang``, word by word."""
    if lang == "en":
        return command
    out = []
    for tok in command.split():
        out.append(CATALOG.text(lang, f"word.{tok}") if tok in KEYWORDS else tok)
    return " ".join(out)


def localize_quoted(text: str, lang: str) -> str:
    """Every `command` quoted in a text, in ``lang``."""
    return re.sub(r"`([^`]*)`", lambda m: f"`{localize(m.group(1), lang)}`", text)
