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


# --- income is optional (rulebook: abilities "possono" be used) -------------------

THIEF_ROBS_MY_WARLORD = {0: ["king", "warlord"], 1: ["thief"]}


def _robbed_warlord():
    state = position(2, THIEF_ROBS_MY_WARLORD, cities={0: ["manor", "palace"]}, gold={0: 1, 1: 0})
    state, _ = play(state, (1, "gold"), (1, "rob warlord"), (1, "end"))
    assert state["turn"]["char"] == "king"
    return play(state, (0, "gold"))[0]


def test_declining_income_keeps_it_from_the_thief_who_robbed_my_later_character():
    state = _robbed_warlord()
    assert {"end", "forgo", "income"} <= {s["type"] for s in ENGINE.actions(state, 0)}
    state, events = play(state, (0, "end without income"))
    assert [e["type"] for e in events][:2] == ["forgo", "end"]
    assert not any(e["type"] == "income" for e in events)
    # the Warlord reveals: the Thief takes the 3 gold, not the 2 of yellow income too
    assert state["turn"]["char"] == "warlord"
    assert state["gold"] == [0, 2 + 3]


def test_end_still_collects_income_for_those_who_want_it():
    state = _robbed_warlord()
    assert ENGINE.default_action(state, 0) == {"type": "end"}
    state, events = play(state, (0, "end"))
    assert any(e["type"] == "income" and e["data"]["amount"] == 2 for e in events)
    assert state["gold"] == [0, 2 + 3 + 2]


def test_the_bot_declines_income_that_would_go_to_the_thief():
    from engines.rng import Rng

    state = _robbed_warlord()
    assert ENGINE.bot(state, 0, Rng.from_seed(1)) == {"type": "forgo"}


@pytest.mark.parametrize("line", ["end without income", "forgo income", "no income", "End my turn without income",
                                  "ende ohne Einkommen", "fine senza incasso"])
def test_ways_to_write_end_without_income(line):
    assert ENGINE.parse(_robbed_warlord(), 0, line) == [{"type": "forgo"}]


def test_no_forgo_once_income_is_collected_or_before_gold_or_cards():
    state = position(2, THIEF_ROBS_MY_WARLORD, cities={0: ["manor"]}, gold={0: 1})
    state, _ = play(state, (1, "gold"), (1, "end"))
    refused(state, 0, {"type": "forgo"}, "before you end")
    state, _ = play(state, (0, "gold"), (0, "income"))
    assert "forgo" not in {s["type"] for s in ENGINE.actions(state, 0)}
