"""The shape of a character's turn: gold or cards, one build, no duplicates."""

import pytest

from engines.base import IllegalAction
from engines.citadels import ENGINE

from .helpers import play, position

FOUR = {0: ["king"], 1: ["bishop"], 2: ["merchant"], 3: ["warlord"]}


def refused(state, seat, action, words):
    with pytest.raises(IllegalAction) as err:
        ENGINE.validate(state, seat, action)
    assert words in err.value.message, err.value.message
    assert "Allowed now:" in err.value.message


def test_gold_or_cards_first_then_build():
    state = position(4, FOUR, hands={0: ["market"]}, gold={0: 4})
    refused(state, 0, {"type": "build", "card": "market"}, "before you build")
    refused(state, 0, {"type": "end"}, "before you end")
    state, _ = play(state, (0, "gold"))
    refused(state, 0, {"type": "draw"}, "already taken")
    state, _ = play(state, (0, "build market"), (0, "end"))
    assert state["gold"][0] == 4


def test_draw_two_keep_one_the_other_under_the_deck():
    state = position(4, FOUR, deck_top=["palace", "temple"])
    bottom = state["deck"][-1]
    state, _ = play(state, (0, "draw"))
    (d,) = ENGINE.decisions(state)
    assert d["kind"] == "keep a card"
    assert [s["type"] for s in ENGINE.actions(state, 0)] == ["keep"]
    refused(state, 0, {"type": "build", "card": "palace"}, "First keep")
    state, _ = play(state, (0, "keep palace"))
    assert state["hands"][0] == ["palace"]
    assert state["deck"][-2:] == [bottom, "temple"]


def test_never_a_duplicate_district_in_a_city():
    state = position(4, FOUR, hands={0: ["market"]}, cities={0: ["market"]}, gold={0: 4})
    state, _ = play(state, (0, "gold"))
    refused(state, 0, {"type": "build", "card": "market"}, "already has Market")
    assert not any(s["type"] == "build" for s in ENGINE.actions(state, 0))


def test_building_needs_the_gold_and_the_card():
    state = position(4, FOUR, hands={0: ["palace"]}, gold={0: 0})
    state, _ = play(state, (0, "gold"))
    refused(state, 0, {"type": "build", "card": "palace"}, "costs 5 gold; you have 2")
    refused(state, 0, {"type": "build", "card": "temple"}, "not in your hand")


def test_only_the_called_player_acts():
    state = position(4, FOUR)
    for seat in (1, 2, 3):
        assert ENGINE.actions(state, seat) == []
        refused_msg = pytest.raises(IllegalAction, ENGINE.validate, state, seat, {"type": "gold"})
        assert "not your turn" in refused_msg.value.message


def test_the_ability_only_once():
    state = position(4, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["warlord"]})
    state, _ = play(state, (0, "kill king"))
    refused(state, 0, {"type": "kill", "character": "warlord"}, "already used")
