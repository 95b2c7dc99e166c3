"""Augsburg 1520 in German, Italian, French and English: the rulebooks' own
sentences as commands, texts in the reader's language, refusals that say what
to send instead, and events that can be written later in any language."""

import re

import pytest

from engines import i18n
from engines.augsburg1520 import ENGINE
from engines.augsburg1520.i18n import CATALOG
from engines.base import IllegalAction, ParseError
from engines.conformance import check_catalogs

from .helpers import act, own, set_hand, set_level, started, visit, winner


def parse(s, seat, line, lang="en"):
    return ENGINE.parse(s, seat, line, lang=lang)


def at_maria(opened_by_p2: int = 0):
    """The visit to Maria: P1 to bid first; with ``opened_by_p2`` P2 has offered that many and P1 answers."""
    s = started(3, seed=2)
    set_hand(s, 0, ["maria-15", "maria-14", "joker-3", "joker-6", "leo-2"])
    set_hand(s, 1, ["maria-1", "maria-2", "maria-3", "joker-4", "leo-7"])
    visit(s, "maria", 1 if opened_by_p2 else 0)
    if opened_by_p2:
        s, _ = act(s, 1, {"type": "bid", "count": opened_by_p2})
        s, _ = act(s, 2, {"type": "pass"})
    return s


@pytest.mark.parametrize("line, count", [
    ("Offro 2 carte per Maria", 2),  # IT, Fase 1
    ("Offro 3 pagherò", 3),  # IT, example
    ("offro 3 paghero", 3),
    ("J'offre 2 cartes pour Maria", 2),  # FR, 1re phase
    ("J’offre 3 reconnaissances de dettes", 3),  # FR, example (typographic apostrophe)
    ("Ich biete 2 Schuldscheine für Maria", 2),
    ("biete drei", 3),
    ("bid 2 maria", 2),
    ("I offer two notes for Maria", 2),
])
def test_the_rulebooks_opening_bids(line, count):
    assert parse(at_maria(), 0, line) == [{"type": "bid", "count": count}]


@pytest.mark.parametrize("line, action", [
    ("Io vedo", {"type": "hold"}),
    ("Je tiens", {"type": "hold"}),
    ("ich halte", {"type": "hold"}),
    ("ich gehe mit", {"type": "hold"}),
    ("hold", {"type": "hold"}),
    ("je passe", {"type": "pass"}),
    ("Passo", {"type": "pass"}),
    ("ich passe", {"type": "pass"}),
    ("rilancio a 3", {"type": "raise", "count": 3}),
    ("Je surenchéris à 3", {"type": "raise", "count": 3}),
    ("je surencheris a 3", {"type": "raise", "count": 3}),
    ("ich erhöhe auf 3", {"type": "raise", "count": 3}),
    ("Offro 3 pagherò", {"type": "raise", "count": 3}),  # an offer above the highest is a raise
])
def test_answers_to_an_offer(line, action):
    s = at_maria(opened_by_p2=2)
    assert parse(s, 0, line) == [action]


def test_the_showdown_as_the_rulebooks_write_it():
    """IT: 'Matthias gioca "Maria-14" e "-15" e 2 "jolly"'; FR: 'Matthias joue Maria-14 et –15 et 2 jokers'."""
    s = at_maria(opened_by_p2=4)
    s, _ = act(s, 0, {"type": "hold"})
    assert s["step"] == "reveal"
    want = [{"type": "reveal", "cards": ["maria-14", "maria-15", "joker-3", "joker-6"]}]
    assert parse(s, 0, 'gioco "Maria-14" e "-15" e 2 "jolly"') == want
    assert parse(s, 0, "je joue Maria-14 et -15 et 2 jokers") == want
    assert parse(s, 0, "ich zeige Maria-14 und -15 und 2 Joker") == want


def test_privileges_in_every_language():
    s = started(3, seed=5)
    winner(s, 0, [1, 2, 4, 7, 10])
    for line in ("privilegio 2", "Privileg 2", "privilège 2", "prendo la carta privilegio 2", "privilege 2"):
        assert parse(s, 0, line) == [{"type": "choose", "card": 2}], line
    assert parse(s, 0, "privilegio 1: prendo 500 fiorini, rinuncio") == [
        {"type": "choose", "card": 1}, {"type": "gold"}, {"type": "forgo"}]
    assert parse(s, 0, "Privileg 1: nimm 500 Gulden und verzichte") == [
        {"type": "choose", "card": 1}, {"type": "gold"}, {"type": "forgo"}]


def test_multi_word_tiles_are_found_before_the_line_is_split():
    s = started(3, seed=5)
    set_level(s, 0, "orange", [2, 4])
    winner(s, 0, [3, 1, 2, 4, 5])
    s, _ = act(s, 0, {"type": "choose", "card": 3})
    for line, lang in (("tessera lettera di nobiltà", "it"), ("tuile lettre de noblesse", "fr"),
                       ("Plättchen Adelsbrief", "de"), ("tile letter of nobility", "en"),
                       ("prendo la tessera «lettera di nobiltà»", "it")):
        assert parse(s, 0, line, lang) == [{"type": "tile", "tile": "adelsbrief"}], line
    assert parse(s, 0, "tile coat of arms") == [{"type": "tile", "tile": "wappen"}]
    assert parse(s, 0, "tessera blasone") == [{"type": "tile", "tile": "wappen"}]


def test_climb_from_a_player_in_every_language():
    s = started(3, seed=5)
    set_level(s, 1, "purple", [2])
    winner(s, 0, [2, 1, 3, 4, 5])
    s, _ = act(s, 0, {"type": "choose", "card": 2})
    for line in ("salgo viola da G2", "je monte violet de J2", "steige violett von S2", "climb purple from p2"):
        assert parse(s, 0, line) == [{"type": "climb", "category": "purple", "source": "P2"}], line
    assert parse(s, 0, "salgo viola") == [{"type": "climb", "category": "purple", "source": "supply"}]


def _fragments(lang: str) -> set[str]:
    out = set()
    for text in CATALOG.messages[lang].values():
        out |= {part.strip(" ;:.,()—") for part in re.split(r"\{[^}]*\}|`[^`]*`", text)}
    return {p for p in out if len(p) > 3}


def _english_left(lang: str) -> set[str]:
    """The English catalog's texts cut at their fields, minus what the other
    language writes the same way (Maria, Münzmeister, florins in French)."""
    return _fragments("en") - _fragments(lang) - {"Augsburg"}  # the title


@pytest.mark.parametrize("lang", ["de", "it", "fr"])
def test_no_english_left_in_a_render(lang):
    s = started(3, seed=5)
    own(s, 0, "kirche", 700)
    english = _english_left(lang)
    for state in (s, ENGINE.setup(3, 1)):
        for seat in (0, 1, None):
            page = ENGINE.render(state, seat, lang=lang)
            left = [e for e in english if re.search(rf"(?<!\w){re.escape(e)}(?!\w)", page)]
            assert not left, (lang, left)
            for spec in ENGINE.actions(state, seat if seat is not None else 0, lang=lang):
                assert not [e for e in english if e in spec["label"]], spec


def test_labels_and_prompts_in_the_readers_language():
    s = at_maria(opened_by_p2=2)
    labels = {lang: [x["label"] for x in ENGINE.actions(s, 0, lang=lang)] for lang in i18n.LANGUAGES}
    assert labels["de"][0] == "Bei 2 Schuldscheinen mithalten"
    assert labels["it"][0] == "Vedere a 2 pagherò"
    assert labels["fr"][0] == "Tenir à 2 cartes"
    examples = {lang: [x["example"] for x in ENGINE.actions(s, 0, lang=lang)] for lang in i18n.LANGUAGES}
    assert examples["it"] == ["vedo", "rilancio a 3", "passo"]
    assert examples["fr"] == ["je tiens", "je surenchéris à 3", "je passe"]
    assert examples["de"] == ["halte", "erhöhe auf 3", "passe"]
    prompt = ENGINE.decisions(s, lang="it")[0]["prompt"]
    assert prompt == "Maria: l'offerta più alta è di 2 pagherò (G2); passa, vedi o rilancia."


@pytest.mark.parametrize("lang, words", [
    ("de", ["kein Befehl", "Jetzt möglich", "z. B. `halte`"]),
    ("it", ["non è un comando", "Ora puoi", "per es. `vedo`"]),
    ("fr", ["n'est pas une commande", "Possible maintenant", "par ex. `je tiens`"]),
    ("en", ["is not a command", "Allowed now", "e.g. `hold`"]),
])
def test_a_refusal_says_in_the_readers_language_what_to_send(lang, words):
    s = at_maria(opened_by_p2=2)
    with pytest.raises(ParseError) as e:
        parse(s, 0, "xyzzy", lang)
    for w in words:
        assert w in e.value.message
    with pytest.raises(IllegalAction) as e:
        ENGINE.validate(s, 0, {"type": "build", "tile": "dom"}, lang=lang)
    assert words[1] in e.value.message and words[2] in e.value.message


def test_refusal_of_a_rule_in_each_language():
    s = ENGINE.setup(3, 1)
    offer = s["offers"][0]
    s["money"][0] = 100
    with pytest.raises(IllegalAction, match="kosten .* Gulden, du hast aber 100"):
        ENGINE.validate(s, 0, {"type": "buy", "cards": offer[:1]}, lang="de")
    with pytest.raises(IllegalAction, match="costano .* fiorini ma ne hai 100"):
        ENGINE.validate(s, 0, {"type": "buy", "cards": offer[:1]}, lang="it")


def test_events_are_written_later_in_each_readers_language():
    """One step, two readers: the stored event is written for each in their own language,
    and its English text stays as it was."""
    s = at_maria()
    step = ENGINE.apply(s, {0: {"type": "bid", "count": 2}})
    ev = next(e for e in step["events"] if e["type"] == "bid")
    assert ev["text"] == "P1 offers 2 notes for Maria."
    stored = __import__("json").loads(__import__("json").dumps(ev))
    assert ENGINE.event_text(stored, "it") == "G1 offre 2 pagherò per Maria."
    assert ENGINE.event_text(stored, "de") == "S1 bietet 2 Schuldscheine für Maria."
    assert ENGINE.event_text(stored, "fr") == "J1 offre 2 cartes pour Maria."
    assert ENGINE.event_text(stored, "en") == ev["text"]
    old = {"type": "bid", "text": "P1 offers 2 notes for Maria.", "to": "all", "data": {"seat": 0}}
    assert ENGINE.event_text(old, "de") == old["text"]  # events stored before languages keep their text


def test_a_language_never_changes_the_state():
    s = at_maria()
    a = ENGINE.apply(s, {0: parse(s, 0, "Offro 2 carte per Maria", "it")[0]})
    b = ENGINE.apply(s, {0: parse(s, 0, "bid 2 maria", "en")[0]})
    assert a["state"] == b["state"]


def test_catalogs_are_complete():
    check_catalogs(ENGINE)
    broken = i18n.Catalog({"en": {"a": "x {n}"}, "de": {"a": ""}, "it": {"a": "y {m}"}, "fr": {}})
    assert set(broken.missing()) == {"de: a missing or empty", "it: a has fields ['m'], English ['n']",
                                     "fr: a missing or empty"}
