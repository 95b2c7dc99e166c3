import re

import pytest

from engines.base import IllegalAction, ParseError
from engines.staufer import ENGINE
from engines.staufer import data as D

from .helpers import board, give_chest, put_chest, set_court, turn_of


@pytest.mark.parametrize("line, action", [
    ("resources 3", {"type": "resources", "space": 3}),
    ("RISORSE 1", {"type": "resources", "space": 1}),
    ("resources 3 chests 5", {"type": "resources_swap", "space": 3, "chests": 5}),
    ("place aachen 5 noble", {"type": "place", "region": "aachen", "office": 5, "figure": "noble"}),
    ("Place AACHEN 2 Envoy", {"type": "place", "region": "aachen", "office": 2, "figure": "envoy"}),
    ("place Straßburg 1 envoy", {"type": "place", "region": "strasbourg", "office": 1, "figure": "envoy"}),
    ("piazza Milano 2 nobile", {"type": "place", "region": "milan", "office": 2, "figure": "noble"}),
    ("place Nimwegen 3 double", {"type": "place_double", "region": "nijmegen", "office": 3}),
    ("chest turquoise move", {"type": "chest", "chest": "turquoise-move"}),
    ("Chest Orange First", {"type": "chest", "chest": "orange-first"}),
    ("chest turquoise-place", {"type": "chest", "chest": "turquoise-place"}),
    ("privilege 11", {"type": "privilege", "number": 11}),
    ("Privilégio 3", {"type": "privilege", "number": 3}),
    ("take orange vp3", {"type": "take", "chest": "orange-vp3"}),
    ("take Brown", {"type": "take", "chest": "brown"}),
    ("immune palermo 1 2", {"type": "immune", "region": "palermo", "office": 1, "slot": 2}),
    ("keep", {"type": "keep"}),
    ("  PASS  ", {"type": "pass"}),
])
def test_parse_commands(line, action):
    s = ENGINE.setup(3, 1)
    assert ENGINE.parse(s, 0, line) == [action]
    assert ENGINE.parse(s, 0, ENGINE.command(s, 0, action)) == [action]


def test_several_lines_and_blank_lines():
    s = ENGINE.setup(3, 1)
    assert ENGINE.parse(s, 0, "chest turquoise move\n\nplace aachen 2 envoy\n") == [
        {"type": "chest", "chest": "turquoise-move"},
        {"type": "place", "region": "aachen", "office": 2, "figure": "envoy"},
    ]


@pytest.mark.parametrize("line", ["place rome 2 envoy", "resources", "take gold", "chest purple", "hello"])
def test_parse_errors_list_what_is_allowed(line):
    s = ENGINE.setup(3, 1)
    with pytest.raises(ParseError) as e:
        ENGINE.parse(s, 0, line)
    assert "Allowed now" in e.value.message and "resources 3" in e.value.message


def test_illegal_action_messages_say_what_is_allowed():
    from engines.base import IllegalAction
    s = ENGINE.setup(3, 1)
    with pytest.raises(IllegalAction) as e:
        ENGINE.validate(s, 0, {"type": "privilege", "number": 3})
    assert "Allowed now" in e.value.message
    with pytest.raises(IllegalAction, match="not your turn"):
        ENGINE.validate(s, 1, {"type": "resources", "space": 1})


def test_render_shows_board_tracks_courts_chests_and_own_objectives():
    s = board()
    give_chest(s, 0, "brown")
    turn_of(s, 0)
    page = ENGINE.render(s, 0)
    for word in ("Nijmegen K", "offices 1:6N free", "Resource spaces", "Turn order", "Resource track",
                 "Placement track", "P1: 0 VP, court 4E+1N", "brown x1", "Your objectives", "Your move:", "e.g. `resources 3`"):
        assert word in page, word
    assert "Your objectives" not in ENGINE.render(s, None)
    assert "Your objectives" in ENGINE.render(s, 1)
    assert "Waiting for P1" in ENGINE.render(s, 1)


def test_render_shows_the_round_tiles_of_every_round_and_privileges_in_words():
    """The three rows of round tiles are face up: a player plans from the later rounds."""
    s = board()
    s["rows"]["A"] = ["palermo", "milan", "aachen", "augsburg", "nijmegen"]
    s["rows"]["B"] = ["king", "fewest_chests", "most_offices", "king", "fewest_chests"]
    s["rows"]["C"] = [1, 3, 2, 1]
    s["privileges"][2] = [10]
    page = ENGINE.render(s, 2)
    assert "1 [now]: Palermo + the king's region (today: Nijmegen); then the king travels 1 region." in page
    assert "2 [later]: Milan + the region with the fewest chests (today: " in page
    assert "; then the king travels 3 regions." in page
    assert "3 [later]: Aachen + the region with the most occupied offices" in page
    assert "5 [later]: Nijmegen + the region with the fewest chests (today: " in page and "; then final scoring." in page
    assert f"Your privilege 10 ({D.PRIVILEGE_TEXT[10]})" in page
    assert f"privileges 10 ({D.PRIVILEGE_TEXT[10]})" in ENGINE.render(s, 0)
    for p, c in s["priv_supply"].items():
        if c:
            assert f"  {p} x{c}: {D.PRIVILEGE_TEXT[int(p)]}" in page
    # the top stays short: what is asked and the seat's position come before the table
    top = page.split("The table:")[0]
    assert len(top.splitlines()) <= 8 and "You are P3" in top


def test_actions_specs_follow_the_position():
    s = board()
    turn_of(s, 0)
    types = [a["type"] for a in ENGINE.actions(s, 0)]
    assert types == ["resources", "place"]
    give_chest(s, 0, "turquoise-resources")
    give_chest(s, 0, "turquoise-move")
    s["privileges"][0] = [3]
    types = [a["type"] for a in ENGINE.actions(s, 0)]
    # no chest under any resource space: the turquoise resources chest has nothing to take
    assert types == ["resources", "place", "place_double", "chest"]
    put_chest(s, s["res_chests"][3], "brown")
    specs = {a["type"]: a for a in ENGINE.actions(s, 0)}
    assert list(specs) == ["resources", "resources_swap", "place", "place_double", "chest"]
    assert specs["resources_swap"]["example"] == "resources 1 chests 4"
    for sp in specs.values():
        (action,) = ENGINE.parse(s, 0, sp["example"])
        ENGINE.validate(s, 0, action)
    assert ENGINE.actions(s, 1) == []


def test_a_region_where_nothing_is_affordable_gets_the_cost_explained():
    s = board()  # the king in Nijmegen; Aachen is 3 regions on
    turn_of(s, 0)
    set_court(s, 0, 3, 0)
    regions = {sp["type"]: sp for sp in ENGINE.actions(s, 0)}["place"]["params"]["region"]["enum"]
    assert "aachen" not in regions
    with pytest.raises(IllegalAction) as refused:
        ENGINE.validate(s, 0, {"type": "place", "region": "aachen", "office": 5, "figure": "envoy"})
    assert re.search(r"Office 5 of Aachen costs \d+ figures here \(3 for the movement, 2 for the office\) "
                     r"and you have \d+\. Allowed now: .*`place nijmegen", refused.value.message)
    # the other refusals say what may be sent instead too
    with pytest.raises(IllegalAction, match="no chest under resource space 2.*Allowed now"):
        give_chest(s, 0, "turquoise-resources")
        put_chest(s, s["res_chests"][3], "brown")
        ENGINE.validate(s, 0, {"type": "resources_swap", "space": 1, "chests": 2})


@pytest.mark.parametrize("line, action", [
    ("place the noble on office 1 of palermo", {"type": "place", "region": "palermo", "office": 1, "figure": "noble"}),
    ("place envoy in Aquisgrana 3", {"type": "place", "region": "aachen", "office": 3, "figure": "envoy"}),
    ("take the turchese movimento chest", {"type": "take", "chest": "turquoise-move"}),
    ("prendi viola", {"type": "take", "chest": "purple"}),
    ("take privilege card 8", {"type": "privilege", "number": 8}),
    ("use my turquoise move chest", {"type": "chest", "chest": "turquoise-move"}),
    ("keep my purple chests", {"type": "keep"}),
    ("resources space 4", {"type": "resources", "space": 4}),
])
def test_natural_forms(line, action):
    s = board()
    assert ENGINE.parse(s, 0, line) == [action]


def test_a_bare_number_is_the_privilege_when_only_the_exchange_takes_one():
    s = board()
    turn_of(s, 0)
    with pytest.raises(ParseError, match="Allowed now"):
        ENGINE.parse(s, 0, "8")  # a turn: resource space or office? not guessed
    s["pending"] = [{"kind": "purple", "seat": 0, "count": 1}]
    assert ENGINE.parse(s, 0, "8") == [{"type": "privilege", "number": 8}]
    assert ENGINE.parse(s, 0, "take 8") == [{"type": "privilege", "number": 8}]
