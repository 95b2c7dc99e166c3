"""Views never leak: other hands, unrevealed characters, drawn cards, the deck order."""

import json

from engines.citadels import ENGINE
from engines.rng import Rng

from .helpers import play, position

FOUR = {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["warlord"]}


def test_hands_are_sizes_only_for_others():
    state = position(4, FOUR, hands={0: ["palace"], 1: ["temple", "church"], 2: ["dragon_gate"]})
    for seat in range(4):
        v = ENGINE.view(state, seat)
        assert v["hand"] == state["hands"][seat]
        assert [s["hand_size"] for s in v["seats"]] == [1, 2, 1, 0]
        assert "deck" not in v and v["deck_size"] == len(state["deck"])
        text = json.dumps(v)
        for other, hand in enumerate(state["hands"]):
            if other != seat:
                for card in hand:
                    assert f'"{card}"' not in text
    assert "hand" not in ENGINE.view(state, None)


def test_unrevealed_characters_are_hidden_until_called():
    state = position(4, FOUR)
    v = ENGINE.view(state, 1)
    assert v["my_characters"] == ["thief"]
    assert v["seats"][0]["characters"] == ["assassin"]  # the Assassin has been called
    assert v["seats"][2]["characters"] == [] and v["seats"][3]["characters"] == []
    assert '"king"' not in json.dumps(v) and '"warlord"' not in json.dumps(v)
    state, _ = play(state, (0, "kill king"), (0, "gold"), (0, "end"), (1, "gold"), (1, "end"))
    # the murdered King never reveals: its name is public, its holder is not
    v = ENGINE.view(state, 1)
    assert v["killed"] == "king"
    assert v["seats"][2]["characters"] == []
    assert {"rank": 4, "result": "murdered"} in v["calls"]


def test_drawn_cards_are_seen_by_the_drawer_only_and_events_are_addressed():
    state = position(4, FOUR, deck_top=["palace", "temple"])
    state, events = play(state, (0, "draw"))
    assert ENGINE.view(state, 0)["turn"]["drawn"] == ["palace", "temple"]
    for seat in (None, 1, 2, 3):
        v = ENGINE.view(state, seat)
        assert "drawn" not in v["turn"] and v["turn"]["drawn_count"] == 2
    for e in events:
        if "cards" in e["data"]:
            assert e["to"] == [0]
        else:
            assert "Palace" not in e["text"]


def test_redealing_hidden_things_does_not_change_any_view():
    state = position(5, {0: ["assassin"], 1: ["thief"], 2: ["king"], 3: ["warlord"], 4: ["magician"]},
                     hands={0: ["palace"], 1: ["temple", "church"], 2: ["dragon_gate"], 4: ["keep"]})
    state, _ = play(state, (0, "draw"))
    rng = Rng.from_seed(5)
    for seat in [None, 0, 1, 2, 3, 4]:
        for _ in range(5):
            other = ENGINE.shuffle_hidden(state, seat, rng)
            assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
    # and the redeal really moves what is hidden from the spectator
    moved = [ENGINE.shuffle_hidden(state, None, rng)["hands"] for _ in range(10)]
    assert any(h != state["hands"] for h in moved)


def test_no_view_holds_the_generator_state():
    state = position(4, FOUR)
    for seat in [None, 0, 1, 2, 3]:
        assert state["rng"] not in json.dumps(ENGINE.view(state, seat))
