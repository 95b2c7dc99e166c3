import pytest

from engines.base import ParseError
from engines.staufer import ENGINE

from .helpers import board, give_chest, turn_of


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
                 "Placement track", "P1: 0 VP, court 4E+1N", "brown x1", "Your objectives", "Waiting for P1"):
        assert word in page, word
    assert "Your objectives" not in ENGINE.render(s, None)
    assert "Your objectives" in ENGINE.render(s, 1)


def test_actions_specs_follow_the_position():
    s = board()
    turn_of(s, 0)
    types = [a["type"] for a in ENGINE.actions(s, 0)]
    assert types == ["resources", "place"]
    give_chest(s, 0, "turquoise-resources")
    give_chest(s, 0, "turquoise-move")
    s["privileges"][0] = [3]
    types = [a["type"] for a in ENGINE.actions(s, 0)]
    assert types == ["resources", "resources_swap", "place", "place_double", "chest"]
    assert ENGINE.actions(s, 1) == []
