"""One test (at least) per character ability."""

import pytest

from engines.base import IllegalAction
from engines.citadels import ENGINE

from .helpers import play, position, turn_of


def calls(state):
    return [(c["rank"], c["result"], c.get("seat")) for c in state["calls"]]


def test_assassin_kills_and_the_victim_loses_its_turn_silently():
    state = position(4, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["merchant"]}, gold={2: 3, 3: 1})
    state, events = play(state, (0, "kill 4"), (0, "gold"), (0, "end"))
    assert state["killed"] == "king"
    state, events = play(state, (1, "gold"), (1, "end"))
    # the King is called: nobody reveals, the turn passes to the Merchant
    assert turn_of(state) == (3, "merchant")
    assert (4, "murdered", None) in calls(state)
    assert not any(e["type"] == "reveal" and e["data"].get("seat") == 2 for e in events)
    assert state["crown"] == 0  # the murdered King does not take the crown
    assert state["gold"][2] == 3


def test_assassin_cannot_kill_himself():
    state = position(4, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["merchant"]})
    with pytest.raises(IllegalAction):
        ENGINE.validate(state, 0, {"type": "kill", "character": "assassin"})


def test_thief_gold_passes_when_the_robbed_character_reveals():
    state = position(4, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["merchant"]},
                     gold={0: 0, 1: 1, 2: 0, 3: 5})
    state, _ = play(state, (0, "gold"), (0, "end"))
    state, _ = play(state, (1, "rob merchant"))
    assert state["gold"] == [2, 1, 0, 5]  # nothing passes yet
    state, _ = play(state, (1, "gold"), (1, "end"), (2, "gold"), (2, "end"))
    # the Merchant reveals: his 5 gold go to the Thief, then he gets his 1 gold
    assert turn_of(state) == (3, "merchant")
    assert state["gold"][1] == 3 + 5
    assert state["gold"][3] == 1
    state, _ = play(state, (3, "gold"))
    assert state["gold"][3] == 3  # he keeps what he earns in his turn


def test_thief_cannot_rob_the_assassin_nor_the_victim():
    state = position(4, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["merchant"]})
    state, _ = play(state, (0, "kill king"), (0, "gold"), (0, "end"))
    for target in ("assassin", "king", "thief"):
        with pytest.raises(IllegalAction) as err:
            ENGINE.validate(state, 1, {"type": "rob", "character": target})
        assert "rob" in err.value.message.lower()
    ENGINE.validate(state, 1, {"type": "rob", "character": "warlord"})


def test_robbing_an_absent_character_takes_nothing():
    state = position(4, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["merchant"]}, gold={1: 0, 2: 4, 3: 4})
    state, _ = play(state, (0, "gold"), (0, "end"), (1, "rob warlord"), (1, "gold"), (1, "end"))
    state, _ = play(state, (2, "gold"), (2, "end"), (3, "gold"), (3, "end"))
    assert state["gold"][1] == 2


def test_magician_swaps_hands_even_when_the_other_has_none():
    state = position(3, {0: ["magician", "king"], 1: ["bishop", "merchant"], 2: ["warlord", "architect"]},
                     hands={0: ["market", "temple"], 1: []})
    state, _ = play(state, (0, "swap seat 2"))
    assert state["hands"][0] == [] and state["hands"][1] == ["market", "temple"]
    with pytest.raises(IllegalAction):
        ENGINE.validate(state, 0, {"type": "redraw", "cards": ["market"]})  # ability used once


def test_magician_discards_any_number_and_redraws_as_many():
    state = position(4, {0: ["magician"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]},
                     hands={0: ["market", "market", "temple"]}, deck_top=["palace", "fortress", "tavern"])
    state, _ = play(state, (0, "redraw market, market"))
    assert state["hands"][0] == ["fortress", "palace", "temple"]
    assert state["discard"] == ["market", "market"]
    with pytest.raises(IllegalAction):
        ENGINE.validate(state, 0, {"type": "swap", "seat": 1})


def test_magician_cannot_discard_cards_he_does_not_hold():
    state = position(4, {0: ["magician"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]}, hands={0: ["market", "temple"]})
    with pytest.raises(IllegalAction):
        ENGINE.validate(state, 0, {"type": "redraw", "cards": ["market", "market"]})


def test_king_takes_the_crown_at_once_and_gold_for_yellow():
    state = position(4, {0: ["assassin"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]},
                     cities={1: ["manor", "palace", "temple"]}, gold={1: 0})
    state, _ = play(state, (0, "gold"), (0, "end"))
    assert turn_of(state) == (1, "king") and state["crown"] == 1  # on revealing
    state, _ = play(state, (1, "income"))
    assert state["gold"][1] == 2


def test_crown_stays_when_the_king_is_murdered_and_passes_with_the_variant():
    for variant, crown_after in ((False, 0), (True, 2)):
        state = position(4, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["merchant"]},
                         options={"crown_variant": variant})
        state, _ = play(state, (0, "kill king"), (0, "gold"), (0, "end"), (1, "gold"), (1, "end"))
        assert state["crown"] == 0  # the old King keeps it until the end of the round
        state, _ = play(state, (3, "gold"), (3, "end"))
        assert state["phase"] == "draft" and state["round"] == 3
        assert state["crown"] == crown_after
        assert state["draft"]["steps"][0][0] == crown_after  # the crown chooses first


def test_crown_stays_when_the_king_is_set_aside():
    state = position(4, {0: ["assassin"], 1: ["thief"], 2: ["bishop"], 3: ["merchant"]}, crown=3)
    state, _ = play(state, (0, "gold"), (0, "end"), (1, "gold"), (1, "end"), (2, "gold"), (2, "end"), (3, "gold"), (3, "end"))
    assert state["phase"] == "draft" and state["crown"] == 3


def test_bishop_gold_for_blue_and_city_safe_from_the_warlord():
    state = position(4, {0: ["bishop"], 1: ["warlord"], 2: ["king"], 3: ["merchant"]},
                     cities={0: ["temple", "church", "market"], 2: ["tavern"]}, gold={0: 0, 1: 5})
    state, _ = play(state, (2, "gold"), (2, "end"))
    state, _ = play(state, (0, "income"))
    assert state["gold"][0] == 2
    state, _ = play(state, (0, "gold"), (0, "end"), (3, "gold"), (3, "end"), (1, "gold"))
    with pytest.raises(IllegalAction) as err:
        ENGINE.validate(state, 1, {"type": "destroy", "seat": 0, "card": "temple"})
    assert "Bishop" in err.value.message
    ENGINE.validate(state, 1, {"type": "destroy", "seat": 2, "card": "tavern"})


def test_a_murdered_bishop_is_not_protected():
    state = position(4, {0: ["assassin"], 1: ["warlord"], 2: ["bishop"], 3: ["merchant"]},
                     cities={2: ["church"]}, gold={1: 5})
    state, _ = play(state, (0, "kill bishop"), (0, "gold"), (0, "end"), (3, "gold"), (3, "end"), (1, "gold"))
    state, _ = play(state, (1, "destroy church of seat 3"))
    assert state["cities"][2] == [] and state["gold"][1] == 5 + 2 - 1


def test_merchant_one_gold_and_gold_for_green():
    state = position(4, {0: ["merchant"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]},
                     cities={0: ["market", "harbor", "temple"]}, gold={0: 0})
    state, _ = play(state, (1, "gold"), (1, "end"), (2, "gold"), (2, "end"))
    assert state["gold"][0] == 1
    state, _ = play(state, (0, "income"))
    assert state["gold"][0] == 3


def test_architect_draws_two_extra_and_builds_up_to_three():
    state = position(4, {0: ["architect"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]},
                     hands={0: ["tavern", "market", "temple", "watchtower"]}, gold={0: 10},
                     deck_top=["palace", "prison"])
    state, _ = play(state, (1, "gold"), (1, "end"), (2, "gold"), (2, "end"))
    assert turn_of(state) == (0, "architect")
    assert state["hands"][0] == ["market", "palace", "prison", "tavern", "temple", "watchtower"]
    state, _ = play(state, (0, "gold"), (0, "build tavern"), (0, "build market"), (0, "build temple"))
    assert state["gold"][0] == 12 - 4
    with pytest.raises(IllegalAction) as err:
        ENGINE.validate(state, 0, {"type": "build", "card": "watchtower"})
    assert "only 3" in err.value.message


def test_other_characters_build_only_one():
    state = position(4, {0: ["king"], 1: ["thief"], 2: ["bishop"], 3: ["warlord"]},
                     hands={0: ["tavern", "market"]}, gold={0: 10})
    state, _ = play(state, (1, "gold"), (1, "end"), (0, "gold"), (0, "build tavern"))
    with pytest.raises(IllegalAction):
        ENGINE.validate(state, 0, {"type": "build", "card": "market"})


def test_warlord_gold_for_red_and_destroys_for_cost_minus_one():
    state = position(4, {0: ["king"], 1: ["bishop"], 2: ["merchant"], 3: ["warlord"]},
                     cities={3: ["prison", "fortress"], 0: ["palace", "watchtower"]}, gold={3: 2})
    state, _ = play(state, (0, "gold"), (0, "end"), (1, "gold"), (1, "end"), (2, "gold"), (2, "end"))
    state, _ = play(state, (3, "income"))
    assert state["gold"][3] == 4
    state, _ = play(state, (3, "gold"))
    assert state["gold"][3] == 6
    state, events = play(state, (3, "destroy palace of seat 1"))
    assert state["gold"][3] == 2 and state["bank"] == 30 - sum(state["gold"])
    assert [b["card"] for b in state["cities"][0]] == ["watchtower"]
    assert "palace" in state["discard"]
    assert state["turn"] is None  # destroying ends his turn


def test_warlord_destroys_a_one_cost_district_free_and_in_his_own_city():
    state = position(4, {0: ["king"], 1: ["bishop"], 2: ["merchant"], 3: ["warlord"]},
                     cities={3: ["watchtower", "prison"]}, gold={3: 0})
    state, _ = play(state, (0, "gold"), (0, "end"), (1, "gold"), (1, "end"), (2, "gold"), (2, "end"), (3, "draw"))
    state, _ = play(state, (3, f"keep {state['turn']['drawn'][0]}"))
    gold = state["gold"][3]
    # income (2 red) is collected when he ends, then the free destruction of his own Watchtower
    state, _ = play(state, (3, "destroy watchtower of seat 4"))
    assert state["gold"][3] == gold + 2
    assert [b["card"] for b in state["cities"][3]] == ["prison"]


def test_warlord_never_attacks_a_complete_city_nor_the_keep_and_needs_the_gold():
    big = ["tavern", "market", "docks", "harbor", "temple", "church", "manor", "castle"]
    state = position(4, {0: ["king"], 1: ["bishop"], 2: ["merchant"], 3: ["warlord"]},
                     cities={0: big, 2: ["keep", "cathedral"]}, gold={3: 0})
    state, _ = play(state, (0, "gold"), (0, "end"), (1, "gold"), (1, "end"), (2, "gold"), (2, "end"), (3, "gold"))
    for target, card, word in ((0, "tavern", "complete"), (2, "keep", "Keep"), (2, "cathedral", "costs 4 gold; you have 2")):
        with pytest.raises(IllegalAction) as err:
            ENGINE.validate(state, 3, {"type": "destroy", "seat": target, "card": card})
        assert word in err.value.message
    assert not any(s["type"] == "destroy" for s in ENGINE.actions(state, 3))


def test_warlord_may_destroy_in_the_city_of_a_murdered_character():
    state = position(4, {0: ["assassin"], 1: ["king"], 2: ["merchant"], 3: ["warlord"]},
                     cities={2: ["market"]}, gold={3: 1})
    state, _ = play(state, (0, "kill merchant"), (0, "gold"), (0, "end"), (1, "gold"), (1, "end"), (3, "gold"))
    state, _ = play(state, (3, "destroy market of 3"))
    assert state["cities"][2] == []


def test_income_is_collected_all_at_once():
    state = position(4, {0: ["king"], 1: ["bishop"], 2: ["merchant"], 3: ["warlord"]},
                     cities={0: ["manor"]}, hands={0: ["palace"]}, gold={0: 5})
    state, _ = play(state, (0, "income"), (0, "gold"), (0, "build palace"))
    assert state["gold"][0] == 5 + 1 + 2 - 5
    assert not any(s["type"] == "income" for s in ENGINE.actions(state, 0))
    state, _ = play(state, (0, "end"))
    assert state["gold"][0] == 3  # the Palace built after collecting does not pay


def test_a_thief_robbing_his_own_other_character_moves_no_gold():
    state = position(3, {0: ["thief", "merchant"], 1: ["king", "bishop"], 2: ["architect", "warlord"]}, gold={0: 4})
    state, _ = play(state, (0, "rob merchant"), (0, "gold"), (0, "end"), (1, "gold"), (1, "end"), (1, "gold"), (1, "end"))
    assert turn_of(state) == (0, "merchant")
    assert state["gold"][0] == 4 + 2 + 1
