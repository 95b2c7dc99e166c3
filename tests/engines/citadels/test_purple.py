"""One test (at least) per purple district of the card translation."""

import pytest

from engines.base import IllegalAction
from engines.citadels import ENGINE
from engines.citadels import rules as R

from .helpers import play, position, turn_of

FOUR = {0: ["king"], 1: ["bishop"], 2: ["merchant"], 3: ["warlord"]}


def test_library_keeps_both_drawn_cards():
    state = position(4, FOUR, cities={0: ["library"]}, deck_top=["palace", "temple"])
    state, events = play(state, (0, "draw"))
    assert state["hands"][0] == ["palace", "temple"]
    assert state["turn"]["drawn"] == []
    assert ENGINE.decisions(state)[0]["kind"] == "play the King"


def test_library_with_observatory_draws_three_and_keeps_two():
    state = position(4, FOUR, cities={0: ["library", "observatory"]}, deck_top=["palace", "temple", "market"])
    state, _ = play(state, (0, "draw"))
    assert state["turn"]["drawn"] == ["market", "palace", "temple"]
    state, _ = play(state, (0, "keep palace"))
    assert state["turn"]["keep_left"] == 1
    state, _ = play(state, (0, "keep market"))
    assert state["hands"][0] == ["market", "palace"]
    assert state["deck"][-1] == "temple"


def test_observatory_draws_three_keeps_one_and_two_go_under_the_deck():
    state = position(4, FOUR, cities={0: ["observatory"]}, deck_top=["palace", "temple", "market"])
    state, _ = play(state, (0, "draw"))
    assert state["turn"]["drawn"] == ["market", "palace", "temple"]
    state, _ = play(state, (0, "keep palace"))
    assert state["hands"][0] == ["palace"]
    assert state["deck"][-2:] == ["market", "temple"]


def test_dragon_gate_costs_six_and_scores_eight():
    state = position(4, FOUR, hands={0: ["dragon_gate"]}, gold={0: 4})
    state, _ = play(state, (0, "gold"), (0, "build drachenhort"))
    assert state["gold"][0] == 0
    assert R.score_detail(state, 0)["districts"] == 8


def test_university_costs_six_and_scores_eight():
    state = position(4, FOUR, hands={0: ["university"]}, gold={0: 4})
    state, _ = play(state, (0, "gold"), (0, "build universitaet"))
    assert state["gold"][0] == 0
    assert R.score_detail(state, 0)["districts"] == 8


def test_graveyard_owner_may_pay_one_to_take_the_destroyed_district():
    state = position(4, FOUR, cities={0: ["fortress"], 1: ["graveyard"]}, gold={1: 2, 3: 3})
    state, _ = play(state, (0, "gold"), (0, "end"), (1, "gold"), (1, "end"), (2, "gold"), (2, "end"), (3, "gold"))
    state, _ = play(state, (3, "destroy fortress of seat 1"))
    # a decision of another player during the Warlord's turn
    assert state["phase"] == "graveyard"
    (d,) = ENGINE.decisions(state)
    assert d["seat"] == 1 and not d["sealed"]
    with pytest.raises(IllegalAction):
        ENGINE.validate(state, 3, {"type": "graveyard"})
    gold = state["gold"][1]
    state, _ = play(state, (1, "friedhof"))
    assert state["gold"][1] == gold - 1
    assert "fortress" in state["hands"][1]
    assert "fortress" not in state["discard"]
    assert state["phase"] == "draft"  # the round went on: the Warlord was the last character


def test_graveyard_declined_sends_the_district_to_the_discard_pile():
    state = position(4, FOUR, cities={0: ["fortress"], 1: ["graveyard"]}, gold={1: 2, 3: 3})
    state, _ = play(state, (0, "gold"), (0, "end"), (1, "gold"), (1, "end"), (2, "gold"), (2, "end"), (3, "gold"))
    state, _ = play(state, (3, "destroy fortress of seat 1"), (1, "decline"))
    assert "fortress" in state["discard"] and "fortress" not in state["hands"][1]


def test_graveyard_cannot_be_used_by_the_warlord_himself():
    state = position(4, FOUR, cities={0: ["fortress"], 3: ["graveyard"]}, gold={3: 5})
    state, _ = play(state, (0, "gold"), (0, "end"), (1, "gold"), (1, "end"), (2, "gold"), (2, "end"), (3, "gold"))
    state, _ = play(state, (3, "destroy fortress of seat 1"))
    assert state["phase"] == "draft" and "fortress" in state["discard"]


def test_haunted_city_counts_as_any_colour_at_the_end():
    # yellow, blue, green and purple (the Keep): the Geisterstadt stands in for red
    cities = {0: ["haunted_city", "manor", "temple", "market", "keep"]}
    state = position(4, FOUR, cities=cities, city_round=2)
    state["round"] = 5  # the game ends in round 5; it was built in round 2
    assert R.score_detail(state, 0) == {"districts": 2 + 3 + 1 + 2 + 3, "colours": 3, "complete": 0, "total": 14}
    state["round"] = 2  # built in the last round: it stays purple, red is missing
    assert R.score_detail(state, 0)["colours"] == 0
    # without the Keep it could stand in for only one of the two missing colours
    state["round"] = 5
    state["cities"][0] = [b for b in state["cities"][0] if b["card"] != "keep"]
    assert R.score_detail(state, 0)["colours"] == 0


def test_school_of_magic_counts_as_the_colour_of_the_income():
    for cid, seat in (("king", 0), ("bishop", 1), ("merchant", 2), ("warlord", 3)):
        state = position(4, FOUR, cities={seat: ["school_of_magic"]}, gold={seat: 0})
        while turn_of(state)[0] != seat:
            state, _ = play(state, (turn_of(state)[0], "gold"), (turn_of(state)[0], "end"))
        bonus = 1 if cid == "merchant" else 0
        state, _ = play(state, (seat, "income"))
        assert state["gold"][seat] == 1 + bonus, cid
    # the Assassin has no income
    state = position(4, {0: ["assassin"], 1: ["thief"]}, cities={0: ["school_of_magic"]})
    assert not any(s["type"] == "income" for s in ENGINE.actions(state, 0))


def test_laboratory_discards_a_card_for_one_gold_once_per_turn():
    state = position(4, FOUR, cities={0: ["laboratory"]}, hands={0: ["market", "temple"]}, gold={0: 0})
    state, _ = play(state, (0, "laboratory temple"))
    assert state["gold"][0] == 1 and state["hands"][0] == ["market"] and state["discard"] == ["temple"]
    with pytest.raises(IllegalAction):
        ENGINE.validate(state, 0, {"type": "laboratory", "card": "market"})


def test_smithy_pays_three_to_draw_two_once_per_turn():
    state = position(4, FOUR, cities={0: ["smithy"]}, gold={0: 7}, deck_top=["palace", "temple"])
    state, _ = play(state, (0, "schmiede"))
    assert state["gold"][0] == 4 and state["hands"][0] == ["palace", "temple"]
    with pytest.raises(IllegalAction):
        ENGINE.validate(state, 0, {"type": "smithy"})


def test_smithy_needs_three_gold():
    state = position(4, FOUR, cities={0: ["smithy"]}, gold={0: 2})
    with pytest.raises(IllegalAction):
        ENGINE.validate(state, 0, {"type": "smithy"})


def test_keep_cannot_be_destroyed():
    state = position(4, FOUR, cities={0: ["keep", "tavern"]}, gold={3: 9})
    state, _ = play(state, (0, "gold"), (0, "end"), (1, "gold"), (1, "end"), (2, "gold"), (2, "end"), (3, "gold"))
    with pytest.raises(IllegalAction) as err:
        ENGINE.validate(state, 3, {"type": "destroy", "seat": 0, "card": "keep"})
    assert "Keep" in err.value.message
    (spec,) = [s for s in ENGINE.actions(state, 3) if s["type"] == "destroy"]
    assert "keep" not in spec["params"]["card"]["enum"]


def test_a_destroyed_graveyard_cannot_save_itself():
    state = position(4, FOUR, cities={0: ["graveyard"]}, gold={0: 3, 3: 6})
    state, _ = play(state, (0, "gold"), (0, "end"), (1, "gold"), (1, "end"), (2, "gold"), (2, "end"), (3, "gold"))
    state, _ = play(state, (3, "destroy graveyard of seat 1"))
    assert state["phase"] == "draft" and state["discard"] == ["graveyard"]
    assert state["gold"][3] == 6 + 2 - 4


def test_graveyard_owner_without_gold_is_not_asked():
    state = position(4, FOUR, cities={0: ["fortress"], 1: ["graveyard"]}, gold={1: 0, 3: 3})
    state, _ = play(state, (0, "gold"), (0, "end"), (1, "draw"))
    state, _ = play(state, (1, f"keep {state['turn']['drawn'][0]}"), (1, "end"), (2, "gold"), (2, "end"), (3, "gold"))
    assert state["gold"][1] == 0
    state, _ = play(state, (3, "destroy fortress of seat 1"))
    assert state["phase"] == "draft" and "fortress" in state["discard"]
