import json

from engines.rng import Rng
from engines.staufer import ENGINE

from .helpers import board


def test_objectives_hidden_from_the_others_until_final_scoring():
    s = ENGINE.setup(4, 9)
    for seat in range(4):
        v = ENGINE.view(s, seat)
        assert v["objectives"][seat] == s["objectives"][seat]
        assert all(v["objectives"][o] is None for o in range(4) if o != seat)
    assert ENGINE.view(s, None)["objectives"] == [None] * 4


def test_objectives_revealed_after_the_game():
    s = ENGINE.setup(2, 4)
    rng = Rng.from_seed(1)
    while d := ENGINE.decisions(s):
        s = ENGINE.apply(s, {d[0]["seat"]: ENGINE.bot(s, d[0]["seat"], rng)})["state"]
    assert ENGINE.view(s, None)["objectives"] == s["objectives"]
    assert "Final scoring" in ENGINE.render(s, None)


def test_views_hide_the_pile_the_box_and_the_generator():
    s = ENGINE.setup(3, 2)
    for seat in (None, 0, 1, 2):
        v = ENGINE.view(s, seat)
        assert v["draw"] == len(s["draw"])
        assert "rng" not in v and "objective_box" not in v
        assert s["rng"] not in json.dumps(v)


def test_shuffle_hidden_changes_hidden_things_only():
    s = ENGINE.setup(5, 3)
    other = ENGINE.shuffle_hidden(s, 0, Rng.from_seed(8))
    assert other["objectives"][0] == s["objectives"][0]
    assert other["draw"] != s["draw"] or other["objectives"] != s["objectives"]
    assert ENGINE.view(other, 0) == ENGINE.view(s, 0)


def test_no_objective_is_visible_in_events_before_the_end():
    s = board()
    rng = Rng.from_seed(3)
    for _ in range(30):
        d = ENGINE.decisions(s)
        step = ENGINE.apply(s, {d[0]["seat"]: ENGINE.bot(s, d[0]["seat"], rng)})
        for e in step["events"]:
            assert "objectives" not in e["data"]
        s = step["state"]
