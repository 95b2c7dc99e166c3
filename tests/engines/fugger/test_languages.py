"""Fugger, Welser, Medici: multi-word places found before the line is split, and
the English rulebook's own phrasing."""

import pytest

from engines.base import IllegalAction, ParseError

from engines.fugger import ENGINE
from engines.fugger import text as T

from .helpers import clear_wares, move_turn, put_rep, start_deal, started


@pytest.mark.parametrize("line, words", [
    ("move 1 to Black Forest", ["move", "1", "to", "blackforest"]),
    ("move 2 to South Italy", ["move", "2", "to", "southitaly"]),
    ("move 2 to Süd-Italien", ["move", "2", "to", "southitaly"]),
    ("move 2 nach Spanien/Portugal", ["move", "2", "to", "spanien"]),
    ("ich ziehe 1 in den Schwarzwald", ["move", "1", "in", "schwarzwald"]),
    ("cube North Sea", ["cube", "northsea"]),
    ("cube Lower Saxony", ["cube", "niedersachsen"]),
])
def test_multi_word_names_are_one_word_before_the_split(line, words):
    assert T.tokens(line) == words


@pytest.mark.parametrize("line, place", [
    ("move 1 to Black Forest", "schwarzwald"),
    ("move 1 Schwarzwald", "schwarzwald"),
    ("move 2 to South Italy", "sueditalien"),
    ("move 2 to Süditalien", "sueditalien"),
])
def test_move_to_a_multi_word_place(line, place):
    S = started(3)
    rep = int(line.split()[1])
    action = ENGINE.parse(S, 0, line)
    assert action == [{"type": "move", "rep": rep, "path": [place]}]


def test_the_rulebooks_bids_with_florins_written_out():
    """'Anne bids 760Fl' / 'Conny bids 800Fl for a first bale 760 for a second and 740 for a third'."""
    S = started(3)
    clear_wares(S)
    put_rep(S, 0, 2, "basel", metal=4)
    start_deal(S, "n01")
    assert ENGINE.parse(S, 0, "sell metal 1540 Fl, 1580 Fl.") == [
        {"type": "sell", "ware": "metal", "prices": [1540, 1580]}]
    assert ENGINE.parse(S, 0, "bid cloth 800Fl 760Fl 740Fl") == [
        {"type": "bid", "ware": "cloth", "prices": [800, 760, 740]}]


@pytest.mark.parametrize("line, action", [
    ("move 2 ulm", {"type": "move", "rep": 2, "path": ["ulm"]}),
    ("ziehe 2 nach Ulm", {"type": "move", "rep": 2, "path": ["ulm"]}),
    ("muovi 2 verso Ulm", {"type": "move", "rep": 2, "path": ["ulm"]}),
    ("je déplace 2 vers Ulm", {"type": "move", "rep": 2, "path": ["ulm"]}),
    ("lade 1 Metall von 2 nach 1", {"type": "transfer", "count": 1, "ware": "metal", "from": "2", "to": "1"}),
    ("trasferisci 1 metallo da 2 verso 1", {"type": "transfer", "count": 1, "ware": "metal", "from": "2", "to": "1"}),
    ("fertig", {"type": "done"}),
    ("fatto", {"type": "done"}),
    ("fini", {"type": "done"}),
])
def test_movement_commands_in_every_language(line, action):
    S = started(3)
    clear_wares(S)
    put_rep(S, 0, 2, "augsburg", metal=1)
    put_rep(S, 0, 1, "augsburg", metal=1)
    move_turn(S, 0)
    assert ENGINE.parse(S, 0, line) == [action]


@pytest.mark.parametrize("lang", ["de", "it", "fr"])
def test_labels_prompts_and_examples_in_the_readers_language(lang):
    S = started(3)
    clear_wares(S)
    put_rep(S, 0, 2, "basel", metal=4)
    start_deal(S, "n01")
    (d,) = [x for x in ENGINE.decisions(S, lang=lang) if x["seat"] == 0]
    english = [x for x in ENGINE.decisions(S) if x["seat"] == 0][0]
    assert d["prompt"] != english["prompt"]
    for spec in ENGINE.actions(S, 0, lang=lang):
        assert spec["label"] != ENGINE.actions(S, 0)[0]["label"]
        assert ENGINE.parse(S, 0, spec["example"], lang=lang)[0]["type"] == spec["type"]


@pytest.mark.parametrize("lang, words", [
    ("de", ["liegt nicht neben", "Jetzt möglich"]),
    ("it", ["non è vicino a", "Ora puoi"]),
    ("fr", ["n'est pas voisine de", "Possible maintenant"]),
])
def test_a_move_refusal_in_the_readers_language(lang, words):
    S = started(3)
    clear_wares(S)
    put_rep(S, 0, 2, "augsburg", metal=1)
    move_turn(S, 0)
    with pytest.raises(IllegalAction) as e:
        ENGINE.validate(S, 0, {"type": "move", "rep": 2, "path": ["london"]}, lang=lang)
    assert words[0] in e.value.message
    with pytest.raises(ParseError) as e:
        ENGINE.parse(S, 0, "xyzzy", lang=lang)
    assert words[1] in e.value.message
