"""Ohne Furcht und Adel in German, Italian, French and English: the editions'
names as commands, with articles and elisions, and texts in the reader's
language (the German original names for a German reader)."""

import pytest

from engines.base import IllegalAction, ParseError
from engines.citadels import ENGINE

from .helpers import play, position


@pytest.fixture
def king_to_play():
    """Seat 1 plays the King with the Market and the Library in hand and 6 gold."""
    return position(4, {0: ["king"], 1: ["bishop"], 2: ["merchant"], 3: ["warlord"]},
                    hands={0: ["market", "library"]}, gold={0: 6})


@pytest.mark.parametrize("line, action", [
    ("nimm 2 Gold", {"type": "gold"}),
    ("prendi 2 monete", {"type": "gold"}),
    ("or", {"type": "gold"}),
    ("ziehe Karten", {"type": "draw"}),
    ("pesca", {"type": "draw"}),
    ("je pioche", {"type": "draw"}),
])
def test_resources_in_every_language(king_to_play, line, action):
    (seat,) = [d["seat"] for d in ENGINE.decisions(king_to_play)]
    assert ENGINE.parse(king_to_play, seat, line) == [action]


@pytest.mark.parametrize("line", ["baue den Markt", "costruisci il Mercato", "je construis le Marché",
                                  "build the Market", "baue Markt"])
def test_building_with_articles(king_to_play, line):
    (seat,) = [d["seat"] for d in ENGINE.decisions(king_to_play)]
    state, _ = play(king_to_play, (seat, "gold"))
    assert ENGINE.parse(state, seat, line) == [{"type": "build", "card": "market"}]


@pytest.mark.parametrize("line", ["costruisci la Biblioteca", "je construis la Bibliothèque", "baue die Bibliothek"])
def test_purple_districts_by_their_edition_names(line):
    state = position(4, {0: ["king"], 1: ["bishop"], 2: ["merchant"], 3: ["warlord"]},
                     hands={0: ["library"]}, gold={0: 8})
    state, _ = play(state, (0, "gold"))
    assert ENGINE.parse(state, 0, line) == [{"type": "build", "card": "library"}]


@pytest.mark.parametrize("line, cid", [
    ("wähle König", "king"), ("ich wähle den Baumeister", "architect"), ("scelgo il Re", "king"),
    ("je choisis le Roi", "king"), ("pick the king", "king"), ("waehle Haendler", "merchant"),
    ("je choisis l'Évêque", "bishop"), ("scelgo il Mercenario", "warlord"), ("wähle Söldner", "warlord"),
])
def test_characters_by_every_editions_name(line, cid):
    state = ENGINE.setup(3, 1)
    (seat,) = [d["seat"] for d in ENGINE.decisions(state)]
    assert ENGINE.parse(state, seat, line) == [{"type": "pick", "character": cid}]


def test_a_german_reader_sees_the_german_originals(king_to_play):
    (seat,) = [d["seat"] for d in ENGINE.decisions(king_to_play)]
    page = ENGINE.render(king_to_play, seat, lang="de")
    assert "Spiele König (4)" in page and "Markt [grün 2]" in page and "Bibliothek" in page
    assert "King" not in page and "Market" not in page
    it = ENGINE.render(king_to_play, seat, lang="it")
    assert "Gioca il Re (4)" in it and "Mercato [verde 2]" in it and "Biblioteca" in it
    fr = ENGINE.render(king_to_play, seat, lang="fr")
    assert "Jouez Roi (4)" in fr and "Marché [vert 2]" in fr and "Bibliothèque" in fr
    assert "King (König, 4)" in ENGINE.render(king_to_play, seat)


@pytest.mark.parametrize("lang, words", [
    ("de", ["Baue", "Jetzt möglich", "z. B. `Gold`"]),
    ("it", ["costruire", "Ora puoi", "per es. `oro`"]),
    ("fr", ["bâtir", "Possible maintenant", "par ex. `or`"]),
])
def test_refusals_in_the_readers_language(king_to_play, lang, words):
    (seat,) = [d["seat"] for d in ENGINE.decisions(king_to_play)]
    with pytest.raises(IllegalAction) as e:
        ENGINE.validate(king_to_play, seat, {"type": "build", "card": "market"}, lang=lang)
    assert words[1] in e.value.message and words[2] in e.value.message
    with pytest.raises(ParseError) as e:
        ENGINE.parse(king_to_play, seat, "xyzzy", lang=lang)
    assert words[1] in e.value.message


def test_one_event_two_readers(king_to_play):
    (seat,) = [d["seat"] for d in ENGINE.decisions(king_to_play)]
    _, events = play(king_to_play, (seat, "gold"))
    ev = next(e for e in events if e["type"] == "gold")
    assert ENGINE.event_text(ev, "de") == "Platz 1 nimmt 2 Gold."
    assert ENGINE.event_text(ev, "it") == "Posto 1 prende 2 monete."
    assert ENGINE.event_text(ev, "en") == ev["text"] == "seat 1 takes 2 gold."
