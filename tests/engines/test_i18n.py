"""The shared language helpers (engines/i18n.py), and for every engine with
catalogs: a short bot game read in German, Italian and French leaves no English
text in a render, a label, a prompt or the history."""

import re

import pytest

from engines import i18n, registry
from engines.rng import Rng


def test_fold_clean_and_words():
    assert i18n.fold("Pagherò  Händler ÄRGER") == "paghero handler arger"
    assert i18n.variants("Händler") == {"handler", "haendler"}
    assert i18n.clean("J'offre 3 reconnaissances de dettes!") == "j offre 3 reconnaissances de dettes"
    assert i18n.words(i18n.clean("piazza il nobile sull’ufficio 1 di Palermo")) == ["piazza", "nobile", "ufficio", "1",
                                                                                    "palermo"]
    assert i18n.words(i18n.clean("Ich biete drei für Maria")) == ["biete", "3", "maria"]
    assert i18n.phrases("move 2 to south-italy", {"south italy": "southitaly"}) == "move 2 to southitaly"
    assert i18n.phrases("aix-la-chapelle", {"aix-la-chapelle": "aachen"}) == "aachen"


def test_language_codes_fall_back():
    assert i18n.language("de-AT") == "de"
    assert i18n.language("it_IT") == "it"
    assert i18n.language("pt") == "en"
    assert i18n.language(None) == "en"


def test_plural_forms_and_terms():
    cat = i18n.Catalog({"en": {"n": "{count} {count:note|notes}", "x.a": "A", "t": "{what}"},
                        "de": {"n": "{count} {count:Karte|Karten}", "x.a": "Ä", "t": "{what}"}})
    assert cat.text("en", "n", count=1) == "1 note"
    assert cat.text("de", "n", count=2) == "2 Karten"
    assert cat.text("de", "t", what=i18n.term("x.a")) == "Ä"
    assert cat.text("de", "t", what=[i18n.term("x.a"), 3]) == "Ä, 3"


def _fragments(catalog, lang: str) -> set[str]:
    out = set()
    for text in catalog.messages[lang].values():
        out |= {p.strip(" ;:.,()—-") for p in re.split(r"\{[^}]*\}|`[^`]*`", text)}
    return {p for p in out if len(p) > 4 and " " in p}


MULTILINGUAL = [slug for slug, engine in registry.ENGINES.items() if hasattr(engine, "catalogs")]


@pytest.mark.parametrize("slug", MULTILINGUAL)
@pytest.mark.parametrize("lang", ["de", "it", "fr"])
def test_a_game_in_another_language_has_no_english_left(slug, lang):
    engine = registry.get(slug)
    english = set()
    for catalog in engine.catalogs():
        english |= _fragments(catalog, "en") - _fragments(catalog, lang)
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(e)}(?!\w)" for e in sorted(english, key=len, reverse=True)))
    state = engine.setup(engine.min_players + 1, 3)
    rng = Rng.from_seed(3)
    for _step in range(40):
        decisions = engine.decisions(state, lang=lang)
        if not decisions:
            break
        untranslated = getattr(engine, "untranslated", ())
        texts = [] if "render" in untranslated else [engine.render(state, seat, lang=lang)
                                                      for seat in (None, decisions[0]["seat"])]
        texts += [d["prompt"] for d in decisions]
        texts += [x["label"] for d in decisions for x in engine.actions(state, d["seat"], lang=lang)]
        moves = {d["seat"]: engine.bot(state, d["seat"], rng) for d in decisions}
        step = engine.apply(state, moves)
        if "events" not in untranslated:
            texts += [engine.event_text(ev, lang) for ev in step["events"]]
        for text in texts:
            found = pattern.search(text)
            assert not found, (lang, found.group(0), text)
        state = step["state"]
