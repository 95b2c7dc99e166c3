"""Fugger, Welser, Medici in every language (issue 23): the history of a bot game of each
variant is written in de/it/fr from each event's key and args, English stays the stored
text, and the parser's detailed reasons are in the player's language with an example."""

import re

import pytest

from engines.base import ParseError
from engines.fugger import ENGINE
from engines.rng import Rng


def _english_left(lang: str) -> re.Pattern:
    def fragments(code):
        out = set()
        for text in ENGINE.catalogs()[0].messages[code].values():
            out |= {p.strip(" ;:.,()-") for p in re.split(r"\{[^}]*\}|`[^`]*`", text)}
        return {p for p in out if len(p) > 4 and " " in p}
    english = fragments("en") - fragments(lang)
    return re.compile("|".join(rf"(?<!\w){re.escape(e)}(?!\w)" for e in sorted(english, key=len, reverse=True)))


@pytest.mark.parametrize("variant", ["trading", "full"])
def test_every_event_is_written_in_every_language(variant):
    state = ENGINE.setup(3, 5, {"variant": variant})
    rng = Rng.from_seed(5)
    patterns = {lang: _english_left(lang) for lang in ("de", "it", "fr")}
    for _ in range(150):
        decisions = ENGINE.decisions(state)
        if not decisions:
            break
        step = ENGINE.apply(state, {d["seat"]: ENGINE.bot(state, d["seat"], rng) for d in decisions})
        for ev in step["events"]:
            assert ev["data"]["msg"]["key"].startswith("ev.")
            assert ENGINE.event_text(ev, "en") == ev["text"]
            for lang, pattern in patterns.items():
                text = ENGINE.event_text(ev, lang)
                assert not pattern.search(text), (lang, text)
        state = step["state"]


@pytest.mark.parametrize("lang, line, reason, example", [
    ("en", "transfer 1 xx from home to 2", "Unknown ware 'xx': metal, spice or cloth.", "`home Augsburg`"),
    ("de", "lade 1 xx von Heimat nach 2", "Unbekannte Ware 'xx': Metall, Gewürz oder Tuch.", "`Heimat Augsburg`"),
    ("it", "muovi 2 atlantide", "Luogo sconosciuto sulla mappa 'atlantide' (per es. `muovi 2 ulm`", "`base Augsburg`"),
    ("fr", "transfère 1 métal maison 2", "Le mot 'de' manque (où sont les marchandises). Écrivez : transfère <n>",
     "`transfère 1 métal de maison vers 2`"),
])
def test_the_parsers_reasons_are_in_the_players_language(lang, line, reason, example):
    state = ENGINE.setup(3, 1)
    seat = ENGINE.decisions(state)[0]["seat"]
    with pytest.raises(ParseError) as refused:
        ENGINE.parse(state, seat, line, lang=lang)
    assert reason in str(refused.value) and example in str(refused.value)
