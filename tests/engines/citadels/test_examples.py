"""The three worked examples of TRE ESEMPI SULLE ABILITA', number for number."""

from .helpers import play, position, turn_of


def test_example_1_merchant_builds_first_then_collects_for_three_green():
    # the Merchant: no gold, Kontor (green, 3) in hand, two green districts built
    state = position(4, {0: ["merchant"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]},
                     hands={0: ["docks"]}, cities={0: ["tavern", "market"]}, gold={0: 0})
    # king (seat 1) and bishop (seat 2) play first
    state, _ = play(state, (1, "gold"), (1, "end"), (2, "gold"), (2, "end"))
    assert turn_of(state) == (0, "merchant")
    # 1 gold for the Merchant's ability, on revealing
    assert state["gold"][0] == 1
    state, _ = play(state, (0, "gold"))
    assert state["gold"][0] == 3  # + 2 gold instead of drawing
    state, _ = play(state, (0, "build kontor"))
    assert state["gold"][0] == 0  # Kontor paid with 3 gold
    assert [b["card"] for b in state["cities"][0]] == ["tavern", "market", "docks"]
    state, _ = play(state, (0, "income"))
    assert state["gold"][0] == 3  # 3 gold for the three green districts
    assert state["hands"][0] == []
    state, _ = play(state, (0, "end"))
    assert state["gold"][0] == 3


def test_example_2_merchant_collects_first_and_draws():
    state = position(4, {0: ["merchant"], 1: ["architect"], 2: ["thief"], 3: ["assassin"]},
                     hands={0: ["docks"]}, cities={0: ["tavern", "market"]}, gold={0: 0},
                     deck_top=["temple", "prison"])
    # assassin (seat 3) and thief (seat 2) use no ability
    state, _ = play(state, (3, "gold"), (3, "end"), (2, "gold"), (2, "end"))
    # they took gold, so the two known cards are still on top of the deck
    assert turn_of(state) == (0, "merchant")
    assert state["gold"][0] == 1  # Merchant's ability
    state, _ = play(state, (0, "income"))
    assert state["gold"][0] == 3  # + 2 gold for the 2 green districts already built
    state, _ = play(state, (0, "draw"))
    assert state["turn"]["drawn"] == ["prison", "temple"]
    state, _ = play(state, (0, "keep temple"))
    assert state["hands"][0] == ["docks", "temple"]
    assert state["deck"][-1] == "prison"  # the other card goes under the deck
    state, _ = play(state, (0, "build kontor"), (0, "end"))
    assert state["gold"][0] == 0  # no gold left
    assert state["hands"][0] == ["temple"]  # but 1 district card in hand


def test_example_3_magician_builds_schloss_then_swaps_his_empty_hand():
    state = position(3, {0: ["magician", "bishop"], 1: ["king", "merchant"], 2: ["architect", "warlord"]},
                     hands={0: ["castle"], 1: ["market", "temple", "prison"], 2: ["tavern"]}, gold={0: 2, 1: 0, 2: 0})
    assert turn_of(state) == (0, "magician")
    state, _ = play(state, (0, "gold"))
    assert state["gold"][0] == 4  # 2 gold + 2 taken
    state, _ = play(state, (0, "build schloss"))
    assert state["gold"][0] == 0  # Schloss paid with 4 gold
    assert state["hands"][0] == []
    state, events = play(state, (0, "swap 2"))  # seat 2 has 3 cards
    assert len(state["hands"][0]) == 3 and state["hands"][0] == ["market", "prison", "temple"]
    assert state["hands"][1] == []
    assert any(e["type"] == "swap" and e["to"] == "all" for e in events)
