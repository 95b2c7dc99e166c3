"""The words inside standing orders in every language (issue 23): every
standing order of every game is written for its reader in German, Italian,
French or English with the game's own terms, and read back in any language;
a line that cannot be read is refused in the reader's language with an
example in it; a colour after a plural noun agrees with it."""

import re

import pytest

from engines import i18n, registry
from engines import orders as O
from engines.rng import Rng

GAMES = ("augsburg1520", "citadels", "fugger", "staufer")
LANGS = ("en", "de", "it", "fr")


def _states(slug: str, count: int = 6, steps: int = 120):
    """A few states of a bot game, spread over its first steps, with the seats asked there."""
    engine = registry.get(slug)
    state, rng = engine.setup(engine.min_players + 1, 9), Rng.from_seed(4)
    out = []
    for step in range(steps):
        decisions = engine.decisions(state)
        if not decisions:
            break
        if step % (steps // count) == 0:
            out.append((state, decisions[0]["seat"]))
        state = engine.apply(state, {d["seat"]: engine.bot(state, d["seat"], rng) for d in decisions})["state"]
    return engine, out


def _orders_of(spec: dict, rng: Rng) -> list[dict]:
    """Orders of one spec: its first values, its last values, and random ones."""
    out = []
    for pick in ("first", "last", "random", "random"):
        order = {"type": spec["type"]}
        for name, schema in spec["params"].items():
            if "enum" in schema:
                values = schema["enum"]
                order[name] = values[0] if pick == "first" else values[-1] if pick == "last" else values[rng.below(len(values))]
            elif schema.get("type") == "integer":
                lo, hi = schema["minimum"], schema["maximum"]
                order[name] = lo if pick == "first" else hi if pick == "last" else lo + rng.below(hi - lo + 1)
            else:
                values = list(schema["items"]["enum"])
                rng.shuffle(values)
                order[name] = values[: 1 + rng.below(len(values))] if pick == "random" else values
        out.append(order)
    return out


def _words(text: str) -> set[str]:
    return {w for w in re.split(r"[\s,]+", i18n.fold(text)) if w and not w.isdigit()}


@pytest.mark.parametrize("slug", GAMES)
def test_every_standing_order_reads_back_from_every_languages_line(slug):
    """Each spec's example in each language reads as the English example's
    order, whatever the reader's language; every order written in a language
    reads back to itself, read in that language or in any other."""
    engine, states = _states(slug)
    wording, rng, checked = O.wording_of(engine), Rng.from_seed(1), 0
    for state, seat in states:
        english = engine.standing_specs(state, seat)
        assert english
        for lang in LANGS:
            specs = engine.standing_specs(state, seat, lang=lang)
            assert [s["type"] for s in specs] == [s["type"] for s in english]
            for mine, theirs in zip(specs, english):
                order = O.standing_parse(english, theirs["example"], wording=wording)
                for reader in LANGS:
                    assert O.standing_parse(specs, mine["example"], reader, wording) == order, (lang, mine["example"])
                O.standing_check(specs, order, lang, wording)
        for spec in english:
            for order in _orders_of(spec, rng):
                for lang in LANGS:
                    said = O.standing_command(order, lang, wording)
                    for reader in LANGS:
                        assert O.standing_parse(english, said, reader, wording) == order, (lang, reader, said)
                    checked += 1
    assert checked > 40


@pytest.mark.parametrize("slug", GAMES)
def test_no_english_word_is_left_in_a_german_italian_or_french_order(slug):
    """Written in German, Italian or French, an order shares with its English
    line only the words that are that language's own names for its values
    (a noble's card name, a deal card's number), never the order's words;
    the forms name the params in the reader's words too."""
    engine, states = _states(slug, count=3)
    wording, rng = O.wording_of(engine), Rng.from_seed(2)
    for state, seat in states:
        english = engine.standing_specs(state, seat)
        for lang in ("de", "it", "fr"):
            specs = {s["type"]: s for s in engine.standing_specs(state, seat, lang=lang)}
            for spec in english:
                theirs = specs[spec["type"]]
                for order in [O.standing_parse(english, spec["example"], wording=wording), *_orders_of(spec, rng)]:
                    said = O.standing_command(order, lang, wording)
                    own_names = set()
                    for name, value in order.items():
                        for v in value if isinstance(value, list) else [value]:
                            if name != "type":
                                own_names |= _words(wording.say(name, v, lang))
                    left = (_words(said) & _words(O.standing_command(order, "en", wording))) - own_names
                    assert not left, (lang, said, left)
                    assert not _words(wording.phrase(spec["type"], lang)) & _words(wording.phrase(spec["type"], "en"))
                if lang != "fr":  # French shares "noble" with English: the word is French too
                    for name, schema in theirs["params"].items():
                        assert schema["title"] != spec["params"][name]["title"], (lang, name)
                    assert theirs["label"] != spec["label"]


@pytest.mark.parametrize("slug", GAMES)
def test_the_words_of_a_games_orders_mean_one_order_in_every_language(slug):
    """No way of writing an order's type, in any language, names two types."""
    engine, states = _states(slug, count=2)
    wording = O.wording_of(engine)
    specs = engine.standing_specs(*states[0])
    seen: dict[tuple, str] = {}
    for spec in specs:
        for lang in LANGS:
            for said in wording.phrases(spec["type"], lang):
                key = tuple(wording.tokens(said))
                assert key, (lang, said)
                assert seen.setdefault(key, spec["type"]) == spec["type"], (lang, said)


# Rulebook and everyday ways of writing orders, in each language, with the order they mean.
SENTENCES = {
    "augsburg1520": [
        ("Höchstens 3 Schuldscheine für Maria", {"type": "limit", "noble": "maria", "notes": 3}),
        ("massimo 4 pagherò per Maria", {"type": "limit", "noble": "maria", "notes": 4}),
        ("plafond de 2 reconnaissances de dettes pour Léo", {"type": "limit", "noble": "leo", "notes": 2}),
        ("Jusqu'à trois pour Louise", {"type": "limit", "noble": "louise", "notes": 3}),
        ("passo tranne Massimiliano", {"type": "pass_except", "noble": "maximilien"}),
        ("passe außer Philipp", {"type": "pass_except", "noble": "philippe"}),
    ],
    "citadels": [
        ("Wahl: König, Händler und Baumeister", {"type": "draft", "characters": ["king", "merchant", "architect"]}),
        ("wahl koenig haendler", {"type": "draft", "characters": ["king", "merchant"]}),
        ("scelta il Re, il Mercante", {"type": "draft", "characters": ["king", "merchant"]}),
        ("choix du roi et de l'évêque", {"type": "draft", "characters": ["king", "bishop"]}),
        ("wahl 4 6 7", {"type": "draft", "characters": ["king", "merchant", "architect"]}),
        ("jamais cimetière", {"type": "decline_graveyard"}),
        ("nie Friedhof", {"type": "decline_graveyard"}),
    ],
    "staufer": [
        ("tieni i forzieri viola", {"type": "keep_purple"}),
        ("Lila Truhen behalten", {"type": "keep_purple"}),
        ("garder les coffres violets", {"type": "keep_purple"}),
        ("senza immunita", {"type": "no_immunity"}),
        ("ordine dei forzieri: marrone, turchese movimento", {"type": "chest_order", "chests": ["brown", "turquoise-move"]}),
        ("Truhenfolge braun, türkis Bewegung, lila", {"type": "chest_order", "chests": ["brown", "turquoise-move", "purple"]}),
        ("ordre des coffres marron violet", {"type": "chest_order", "chests": ["brown", "purple"]}),
        ("ordine dei forzieri nessuno", {"type": "chest_order", "chests": []}),
    ],
    "fugger": [
        ("sans loterie", {"type": "no_lottery"}),
        ("Ohne Lotterie", {"type": "no_lottery"}),
        ("senza lotteria", {"type": "no_lottery"}),
    ],
}


@pytest.mark.parametrize(("slug", "line", "order"), [(s, line, o) for s, rows in SENTENCES.items() for line, o in rows])
def test_orders_written_as_players_write_them(slug, line, order):
    engine, states = _states(slug, count=2)
    specs = engine.standing_specs(*states[0])
    for reader in LANGS:  # whatever the writer's own language
        assert O.standing_parse(specs, line, reader, O.wording_of(engine)) == order


def test_a_deal_limit_reads_its_card_and_florins_in_any_order():
    engine, states = _states("fugger", count=6)
    specs = next(specs for specs in (engine.standing_specs(*at) for at in states) if specs[0]["type"] == "deal_limit")
    card = specs[0]["params"]["card"]["enum"][0]
    wording = O.wording_of(engine)
    want = {"type": "deal_limit", "card": card, "florins": 800}
    for line in (f"Höchstgebot 800 Gulden für {card.upper()}", f"offerta massima {card} 800 fiorini", f"offre maximale {card} 800"):
        assert O.standing_parse(specs, line, "de", wording) == want


@pytest.mark.parametrize("lang", ["de", "it", "fr"])
@pytest.mark.parametrize("slug", GAMES)
def test_a_bad_standing_order_is_refused_in_the_readers_language_with_its_example(slug, lang):
    engine, states = _states(slug, count=2)
    state, seat = states[0]
    specs = engine.standing_specs(state, seat, lang=lang)
    english = engine.standing_specs(state, seat)
    wording = O.wording_of(engine)
    word = i18n.COMMON.text(lang, "standing.word")
    for line in ("kaiser 3", f"{wording.phrase(specs[-1]['type'], lang)} kaiser kaiser kaiser 99 99"):
        with pytest.raises(O.ParseError) as refused:
            O.standing_parse(specs, line, lang, wording)
        message = refused.value.message
        assert f"`{word} " in message
        assert any(f"`{word} {s['example']}`" in message for s in specs), message
        for spec in english:  # the English lines are not offered to this reader
            if spec["example"] != next(s for s in specs if s["type"] == spec["type"])["example"]:
                assert f"`standing {spec['example']}`" not in message
    with pytest.raises(O.IllegalAction) as refused:
        O.standing_check(specs, {"type": "no_such_order"}, lang, wording)
    assert "no_such_order" not in refused.value.message and f"`{word} {specs[0]['example']}`" in refused.value.message
    # a value out of range: named in the reader's words, with the order's example in them
    for spec in specs:
        for name, schema in spec["params"].items():
            bad = {"type": spec["type"], **{n: _bad_or_good(s, n == name) for n, s in spec["params"].items()}}
            with pytest.raises(O.IllegalAction) as refused:
                O.standing_check(specs, bad, lang, wording)
            message = refused.value.message
            assert schema["title"] in message and f"`{word} {spec['example']}`" in message, message
            assert spec["type"] not in message.replace(spec["example"], "")


def _bad_or_good(schema: dict, bad: bool):
    if schema.get("type") == "integer":
        return schema["maximum"] + 1 if bad else schema["minimum"]
    if schema.get("type") == "array":
        return [] if bad else schema["items"]["enum"][:1]
    return "kaiser" if bad else schema["enum"][0]


@pytest.mark.parametrize(
    ("lang", "want"),
    [("it", "edifici gialli"), ("fr", "quartiers jaunes"), ("de", "gelbe Gebäude"), ("en", "yellow districts")],
)
def test_a_colour_after_a_plural_noun_agrees_with_it(lang, want):
    """Citadels' income: the King's yellow districts, in the action's label and the history."""
    engine = registry.get("citadels")
    catalog = engine.standing_wording.catalog
    label = catalog.text(lang, "spec.income", colour=i18n.term("colour.yellow"))
    event = catalog.text(lang, "ev.income", char=i18n.term("char.king"), seat=i18n.message("seat", number=1), amount=2,
                         colour=i18n.term("colour.yellow"))
    assert want in label and want in event
    for colour, wrong in (("green", {"it": "edifici verde", "fr": "quartiers vert "}), ("red", {"it": "edifici rosso"})):
        text = catalog.text(lang, "spec.income", colour=i18n.term(f"colour.{colour}")) + " "
        assert wrong.get(lang, "\x00") not in text
