"""The secret draft for every player count: the right cards to the right players only."""

import json

import pytest

from engines.base import IllegalAction
from engines.citadels import ENGINE
from engines.citadels import data as D

from .helpers import act

# players -> (face up, face down, size of the pile offered to the first chooser)
TABLE = {2: (0, 1, 7), 3: (0, 1, 7), 4: (2, 1, 5), 5: (1, 1, 6), 6: (0, 1, 7), 7: (0, 1, 7)}


def offered_views(state):
    return {s: ENGINE.view(state, s)["draft"].get("offered") for s in range(state["players"])}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_setup_deals_four_districts_two_gold_and_sets_characters_aside(players):
    state = ENGINE.setup(players, 11)
    assert state["gold"] == [2] * players and state["bank"] == 30 - 2 * players
    assert [len(h) for h in state["hands"]] == [4] * players
    assert len(state["deck"]) == 65 - 4 * players
    up, down, pile = TABLE[players]
    assert len(state["aside_up"]) == up and len(state["aside_down"]) == down
    assert len(state["draft"]["pile"]) == pile
    assert state["crown"] == 0
    assert ENGINE.decisions(state) == [
        {"seat": 0, "kind": "choose a character", "sealed": False, "prompt": f"Choose your character from the {pile} offered to you."}
    ]
    # the face-up cards are public, the face-down one is seen by nobody
    spectator = ENGINE.view(state, None)
    assert spectator["aside_up"] == state["aside_up"]
    hidden = state["aside_down"][0]["char"]
    for s in [None, *range(players)]:
        v = ENGINE.view(state, s)
        assert v.get("aside_down_known", []) == []
        if s != 0:
            assert "offered" not in v["draft"]
            assert f'"{hidden}"' not in json.dumps({k: x for k, x in v.items() if k != "calls"})


@pytest.mark.parametrize("players", [4, 5])
def test_the_king_is_never_set_aside_face_up(players):
    kings_down = 0
    for seed in range(200):
        state = ENGINE.setup(players, seed)
        assert "king" not in state["aside_up"]
        kings_down += state["aside_down"][0]["char"] == "king"
    assert 0 < kings_down < 60  # the King may still be the face-down card


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_draft_order_and_visibility_for_every_player_count(players):
    state = ENGINE.setup(players, 3)
    state["crown"] = 1 % players  # the crown chooses first, then to the left
    from engines.citadels import rules as R
    from engines.rng import Rng

    rng = Rng(state["rng"])
    state["round"] -= 1
    R.start_round(state, rng, [])
    state["rng"] = rng.state
    choosers = []
    while state["phase"] == "draft":
        (d,) = ENGINE.decisions(state)
        seat = d["seat"]
        views = offered_views(state)
        assert views[seat] == state["draft"]["pile"]
        assert all(views[s] is None for s in views if s != seat)
        assert ENGINE.view(state, None)["draft"].get("offered") is None
        if not state["draft"]["discard_pending"]:
            choosers.append(seat)
        state, events = act(state, seat, ENGINE.default_action(state, seat))
        for e in events:
            if e["data"].get("character"):
                assert e["to"] == [seat]
    per_seat = 2 if players <= 3 else 1
    order = [(1 + k) % players for k in range(players)]
    assert choosers == (order * per_seat)
    assert [len(c) for c in state["chars"]] == [per_seat] * players
    up, down, _ = TABLE[players]
    assert len(state["aside_up"]) == up
    assert len(state["aside_down"]) == 8 - up - per_seat * players


def test_two_players_pick_and_set_aside_in_turn():
    state = ENGINE.setup(2, 5)
    initial_down = state["aside_down"][0]["char"]
    pile = list(state["draft"]["pile"])
    assert len(pile) == 7
    state, _ = act(state, 0, {"type": "pick", "character": pile[0]})  # A takes one, passes 6
    assert len(state["draft"]["pile"]) == 6 and ENGINE.decisions(state)[0]["seat"] == 1
    state, _ = act(state, 1, {"type": "pick", "character": pile[1]})  # B takes one ...
    (d,) = ENGINE.decisions(state)
    assert d["seat"] == 1 and d["kind"] == "set aside a character"
    with pytest.raises(IllegalAction):
        ENGINE.validate(state, 1, {"type": "pick", "character": pile[2]})
    state, _ = act(state, 1, {"type": "discard", "character": pile[2]})  # ... and sets one aside
    assert len(state["draft"]["pile"]) == 4 and ENGINE.decisions(state)[0]["seat"] == 0
    assert ENGINE.view(state, 1)["aside_down_known"] == [pile[2]]
    assert ENGINE.view(state, 0)["aside_down_known"] == []
    state, _ = act(state, 0, {"type": "pick", "character": pile[3]})
    state, _ = act(state, 0, {"type": "discard", "character": pile[4]})
    assert len(state["draft"]["pile"]) == 2 and ENGINE.decisions(state)[0]["seat"] == 1
    state, _ = act(state, 1, {"type": "pick", "character": pile[5]})  # the last one goes face down
    assert state["chars"] == [sorted([pile[0], pile[3]], key=D.RANK.get), sorted([pile[1], pile[5]], key=D.RANK.get)]
    assert sorted(e["char"] for e in state["aside_down"]) == sorted([initial_down, pile[2], pile[4], pile[6]])
    assert ENGINE.view(state, 1)["aside_down_known"] == sorted([pile[2], pile[6]], key=D.RANK.get)
    assert ENGINE.view(state, 0)["aside_down_known"] == [pile[4]]
    assert state["phase"] == "turn"


def test_seven_players_the_last_one_also_gets_the_face_down_card():
    state = ENGINE.setup(7, 9)
    hidden = state["aside_down"][0]["char"]
    for seat in range(6):
        assert "offered" not in ENGINE.view(state, 6)["draft"]
        state, _ = act(state, seat, ENGINE.default_action(state, seat))
    (d,) = ENGINE.decisions(state)
    assert d["seat"] == 6
    offered = ENGINE.view(state, 6)["draft"]["offered"]
    assert len(offered) == 2 and hidden in offered
    assert state["aside_down"] == []
    keep = [c for c in offered if c != hidden][0]
    state, _ = act(state, 6, {"type": "pick", "character": keep})
    assert state["chars"][6] == [keep]
    assert state["aside_down"] == [{"char": hidden, "by": 6}]
    assert ENGINE.view(state, 6)["aside_down_known"] == [hidden]
    assert all(ENGINE.view(state, s)["aside_down_known"] == [] for s in range(6))


@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_last_player_chooses_between_two_and_the_other_goes_face_down(players):
    state = ENGINE.setup(players, 4)
    for seat in range(players - 1):
        state, _ = act(state, seat, ENGINE.default_action(state, seat))
    offered = ENGINE.view(state, players - 1)["draft"]["offered"]
    assert len(offered) == 2
    state, _ = act(state, players - 1, {"type": "pick", "character": offered[1]})
    assert state["aside_down"][-1] == {"char": offered[0], "by": players - 1}
    assert len(state["aside_down"]) == 2


def test_three_players_each_choose_twice():
    state = ENGINE.setup(3, 8)
    sizes = []
    while state["phase"] == "draft":
        sizes.append(len(state["draft"]["pile"]))
        (d,) = ENGINE.decisions(state)
        state, _ = act(state, d["seat"], ENGINE.default_action(state, d["seat"]))
    assert sizes == [7, 6, 5, 4, 3, 2]
    assert [len(c) for c in state["chars"]] == [2, 2, 2]
    assert len(state["aside_down"]) == 2


def test_only_offered_characters_may_be_picked():
    state = ENGINE.setup(4, 2)
    missing = [c for c in D.CHAR_IDS if c not in state["draft"]["pile"]][0]
    with pytest.raises(IllegalAction) as err:
        ENGINE.validate(state, 0, {"type": "pick", "character": missing})
    # the refusal lists only what is offered; it never says where the missing card went
    assert "is not one of" in err.value.message and "face" not in err.value.message
    with pytest.raises(IllegalAction) as err2:
        ENGINE.validate(state, 1, {"type": "pick", "character": state["draft"]["pile"][0]})
    assert "not your turn" in err2.value.message
