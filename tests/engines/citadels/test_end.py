"""End of the game, scoring with the tie-break, the 7-district option and a short bank."""

from engines.citadels import ENGINE
from engines.citadels import rules as R

from .helpers import play, position

FOUR = {0: ["king"], 1: ["bishop"], 2: ["merchant"], 3: ["warlord"]}


def test_the_round_is_finished_and_scored_when_a_city_is_complete():
    cities = {
        0: ["tavern", "market", "docks", "temple", "church", "watchtower", "manor"],
        1: ["fortress"],
        2: ["harbor", "town_hall", "monastery", "cathedral", "prison", "castle", "keep"],
    }
    state = position(4, FOUR, cities=cities, hands={0: ["palace"], 2: ["trading_post"]}, gold={0: 5, 2: 0})
    state, events = play(state, (0, "gold"), (0, "build palace"))
    assert state["first_complete"] == 0 and state["last_round"]
    assert any(e["type"] == "complete" for e in events)
    state, _ = play(state, (0, "end"), (1, "gold"), (1, "end"))
    assert ENGINE.outcome(state) is None  # the round goes on
    state, _ = play(state, (2, "gold"), (2, "build trading post"), (2, "end"), (3, "gold"), (3, "end"))
    assert state["phase"] == "over" and ENGINE.decisions(state) == []
    out = ENGINE.outcome(state)
    assert out["scores"] == [22, 5, 33, 0]
    assert out["ranks"] == [2, 3, 1, 4]
    assert out["detail"]["seats"][0] == {"districts": 18, "colours": 0, "complete": 4, "total": 22}
    assert out["detail"]["seats"][2] == {"districts": 28, "colours": 3, "complete": 2, "total": 33}
    assert "The game is over." in ENGINE.render(state, 1)


def test_ties_are_broken_by_district_points_alone():
    state = position(3, {0: ["king"], 1: ["bishop"], 2: ["merchant"]})

    def city(*cards):
        return [{"card": c, "round": 1} for c in cards]

    # seat 1: 5+5+2+1+1+1+4+3 = 22 district points, first complete city +4 = 26
    # seat 2: 8+8+5+5 = 26 district points, no bonus = 26
    # seat 3: 5+2+2+3+3+2+5+4 = 26, complete +2 = 28 (green, red, blue only)
    state["cities"] = [
        city("palace", "cathedral", "market", "temple", "tavern", "watchtower", "castle", "manor"),
        city("university", "dragon_gate", "palace", "cathedral"),
        city("town_hall", "prison", "church", "docks", "battlefield", "trading_post", "fortress", "harbor"),
    ]
    state["first_complete"] = 0
    out = R.final_scores(state)
    assert out["scores"] == [26, 26, 28]
    assert [d["districts"] for d in out["detail"]["seats"]] == [22, 26, 26]
    # seats 1 and 2 tie on 26: seat 2 has more district points
    assert out["ranks"] == [3, 2, 1]


def test_equal_scores_and_district_points_share_a_rank():
    state = position(2, {0: ["king"], 1: ["bishop"]})
    state["cities"] = [[{"card": "palace", "round": 1}], [{"card": "fortress", "round": 1}]]
    out = R.final_scores(state)
    assert out["scores"] == [5, 5] and out["ranks"] == [1, 1]


def test_option_the_game_ends_at_seven_districts():
    city = ["tavern", "market", "docks", "temple", "church", "watchtower"]
    state = position(4, FOUR, cities={0: city}, hands={0: ["palace"]}, gold={0: 5}, options={"city_size": 7})
    state, _ = play(state, (0, "gold"), (0, "build palace"))
    assert state["first_complete"] == 0 and state["last_round"]
    state, _ = play(state, (0, "end"), (1, "gold"), (1, "end"), (2, "gold"), (2, "end"), (3, "gold"))
    # a complete city of 7 cannot be attacked
    assert not any(s["type"] == "destroy" and 0 in s["params"]["seat"]["enum"] for s in ENGINE.actions(state, 3))
    state, _ = play(state, (3, "end"))
    assert ENGINE.outcome(state)["detail"]["seats"][0] == {"districts": 15, "colours": 0, "complete": 4, "total": 19}


def test_eight_districts_by_default_seven_do_not_end_the_game():
    city = ["tavern", "market", "docks", "temple", "church", "watchtower"]
    state = position(4, FOUR, cities={0: city}, hands={0: ["palace"]}, gold={0: 5})
    state, _ = play(state, (0, "gold"), (0, "build palace"))
    assert state["first_complete"] is None and not state["last_round"]


def test_a_short_bank_pays_what_it_has_left():
    # 29 of the 30 gold are with seat 2: the bank holds 1
    state = position(4, FOUR, cities={0: ["manor", "palace"]}, gold={0: 0, 2: 29})
    assert state["bank"] == 1
    state, events = play(state, (0, "gold"))
    assert state["gold"][0] == 1 and state["bank"] == 0
    assert "the bank had only 1" in events[0]["text"]
    state, events = play(state, (0, "income"))  # 2 yellow districts, empty bank
    assert state["gold"][0] == 1 and state["bank"] == 0
    assert {k: v for k, v in events[0]["data"].items() if k != "msg"} == {"amount": 0, "due": 2}


def test_the_merchant_bonus_and_laboratory_with_an_empty_bank():
    state = position(4, {0: ["king"], 1: ["merchant"]}, cities={1: ["laboratory"]}, hands={1: ["tavern"]},
                     gold={0: 30})
    state, _ = play(state, (0, "gold"), (0, "end"))
    assert state["bank"] == 0 and state["gold"][1] == 0  # the Merchant's 1 gold: nothing left
    state, _ = play(state, (1, "laboratory tavern"))
    assert state["gold"][1] == 0 and state["discard"] == ["tavern"]


def test_an_empty_deck_is_refilled_from_the_discard_pile():
    state = position(4, FOUR, hands={0: ["tavern"]})
    # everything but two cards is in the discard pile
    state["discard"] = state["deck"][2:]
    state["deck"] = state["deck"][:2]
    state, events = play(state, (0, "draw"), (0, f"keep {state['deck'][0]}"))
    assert len(state["deck"]) == 1
    state, events = play(state, (0, "end"), (1, "draw"))
    assert any(e["type"] == "reshuffle" for e in events)
    assert state["discard"] == []
