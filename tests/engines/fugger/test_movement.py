"""Movement: costs, dice, tolls, accidents, the winter sea rule."""

import pytest

from engines.base import IllegalAction
from engines.fugger import ENGINE
from engines.fugger import board as B
from engines.fugger import rules as R

from .helpers import clear_wares, move_turn, put_rep, rng_giving, started


def _moved(S, seat, rep, path, rolls=None):
    if rolls is not None:
        S["rng"] = rng_giving(rolls)
    a = {"type": "move", "rep": rep, "path": path}
    ENGINE.validate(S, seat, a)
    step = ENGINE.apply(S, {seat: a})
    return step["state"], step["events"]


def _spent(S, T, seat=0):
    return S["seats"][seat]["cash"] - T["seats"][seat]["cash"]


def _setup(at="ulm", **wares):
    S = started(2)
    clear_wares(S)
    put_rep(S, 0, 2, at, **wares)
    move_turn(S, 0)
    return S


@pytest.mark.parametrize("path,cost", [
    (["augsburg"], 0),
    (["augsburg", "nuernberg"], 0),
    (["augsburg", "nuernberg", "wuerzburg"], 20),
])
def test_unladen_pays_only_for_three_spaces_and_rolls_no_dice(path, cost):
    S = _setup("ulm")
    rng = S["rng"]
    T, ev = _moved(S, 0, 2, path)
    assert _spent(S, T) == cost
    assert T["rng"] == rng  # no dice
    assert R.rep(T, 0, 2)["at"] == path[-1]


@pytest.mark.parametrize("path,cost,roll", [
    (["augsburg"], 0, 7),
    (["augsburg", "nuernberg"], 20, 4),
    (["augsburg", "nuernberg", "wuerzburg"], 60, 5),
])
def test_laden_pays_0_20_60_and_rolls(path, cost, roll):
    S = _setup("ulm", metal=1)
    T, ev = _moved(S, 0, 2, path, rolls=[roll])
    assert _spent(S, T) == cost
    mv = next(e for e in ev if e["type"] == "move")
    assert mv["data"]["dice"] == roll and not mv["data"]["accident"]
    assert R.rep(T, 0, 2)["at"] == path[-1]


@pytest.mark.parametrize("length,bad", [(1, [2]), (2, [2, 3]), (3, [2, 3, 4])])
def test_accident_rolls_by_length(length, bad):
    path = ["augsburg", "nuernberg", "wuerzburg"][:length]
    for roll in range(2, 13):
        S = _setup("ulm", cloth=1)
        T, ev = _moved(S, 0, 2, path, rolls=[roll])
        mv = next(e for e in ev if e["type"] == "move")
        assert mv["data"]["accident"] == (roll in bad), roll
        assert R.rep(T, 0, 2)["at"] == ("augsburg" if roll in bad else path[-1])


def test_koeln_town_toll_and_the_wuerzburg_frankfurt_bridge():
    # the example command: move 2 koeln frankfurt wuerzburg
    S = _setup("antwerpen")
    T, _ = _moved(S, 0, 2, ["koeln", "frankfurt", "wuerzburg"])
    assert _spent(S, T) == 20 + 20 + 20  # 3 spaces unladen, Köln 20, bridge 20
    S = _setup("antwerpen", spice=2)
    T, _ = _moved(S, 0, 2, ["koeln", "frankfurt", "wuerzburg"], rolls=[9])
    assert _spent(S, T) == 60 + 40 + 40  # 3 spaces laden, Köln 40, bridge 40
    assert B.ADJ["wuerzburg"]["frankfurt"]["bridge"] == "Franken"


def test_ship_spaces_cost_20_or_40_each():
    S = _setup("genua")
    T, _ = _moved(S, 0, 2, ["mittelmeer2", "sueditalien"])
    assert _spent(S, T) == 20
    S = _setup("genua", metal=1)
    T, _ = _moved(S, 0, 2, ["mittelmeer1", "atlantik2", "spanien"], rolls=[8])
    assert _spent(S, T) == 60 + 2 * 40


def test_broken_axle_in_the_countryside_keeps_three_wares():
    # laden 3 spaces, roll 4: back to one space from the start; Schwarzwald is countryside
    S = _setup("ulm", metal=2, cloth=3)
    T, ev = _moved(S, 0, 2, ["schwarzwald", "basel", "genf"], rolls=[4])
    assert R.rep(T, 0, 2)["at"] == "schwarzwald"
    assert T["pending"]["kind"] == "lose" and T["pending"]["count"] == 2
    assert _spent(S, T) == 0  # one space laden; no bridge crossed yet
    ENGINE.validate(T, 0, {"type": "lose", "wares": ["cloth", "cloth"]})
    with pytest.raises(IllegalAction):
        ENGINE.validate(T, 0, {"type": "lose", "wares": ["metal", "metal", "metal"]})
    U = ENGINE.apply(T, {0: {"type": "lose", "wares": ["cloth", "cloth"]}})["state"]
    assert R.rep(U, 0, 2)["wares"] == {"metal": 2, "spice": 0, "cloth": 1}
    assert U["flow"]["lost"]["cloth"] == 2
    assert U["pending"]["kind"] == "move"  # the turn goes on


def test_broken_axle_ending_in_a_town_loses_nothing():
    S = _setup("ulm", metal=2, cloth=3)
    T, ev = _moved(S, 0, 2, ["augsburg", "nuernberg", "wuerzburg"], rolls=[3])
    assert R.rep(T, 0, 2)["at"] == "augsburg"
    assert R.rep(T, 0, 2)["wares"] == {"metal": 2, "spice": 0, "cloth": 3}
    assert T["pending"]["kind"] == "move"


def test_countryside_spaces_spain_east_south_italy_lose_wares():
    # Spanien/Portugal counts as countryside: an accident ending there keeps 3 wares (one kind: no choice)
    S = _setup("marseille", spice=5)
    T, _ = _moved(S, 0, 2, ["spanien", "mittelmeer1", "genua"], rolls=[2])
    assert R.rep(T, 0, 2)["at"] == "spanien"
    assert R.rep(T, 0, 2)["wares"]["spice"] == 3


def test_storm_at_sea_keeps_three_wares():
    S = _setup("genua", metal=4)
    T, ev = _moved(S, 0, 2, ["mittelmeer2", "sueditalien"], rolls=[3])
    assert R.rep(T, 0, 2)["at"] == "mittelmeer2"
    assert R.rep(T, 0, 2)["wares"]["metal"] == 3
    assert _spent(S, T) == 40  # one ship space laden
    assert "storm at sea" in next(e for e in ev if e["type"] == "move")["text"]


def test_no_sailing_in_winter():
    S = _setup("genua")
    S["t"] = 7  # November
    assert B.cal_index(S["t"]) == 13
    with pytest.raises(IllegalAction):
        ENGINE.validate(S, 0, {"type": "move", "rep": 2, "path": ["mittelmeer2"]})
    S["t"] = 6  # October: sailing is allowed
    ENGINE.validate(S, 0, {"type": "move", "rep": 2, "path": ["mittelmeer2"]})


def test_representatives_at_sea_are_lost_when_winter_comes_and_the_son_never_returns():
    S = started(2)
    clear_wares(S)
    put_rep(S, 0, 1, "nordsee1", cloth=2)  # the son
    put_rep(S, 0, 2, "adria", spice=1)
    S["t"] = 6  # October; the next round is November
    S["pending"] = None
    S["agenda"] = [{"do": "round_end"}]
    ev = []
    R.run(S, ev)
    assert S["seats"][0]["reps"]["1"] is None and S["seats"][0]["reps"]["2"] is None
    assert S["seats"][0]["son_lost"] is True
    assert S["flow"]["lost"]["cloth"] == 2 and S["flow"]["lost"]["spice"] == 1
    assert R.max_active(S, 0) == 2
    assert sum(e["type"] == "rep_lost" for e in ev) == 2


def test_moves_must_follow_roads_and_be_paid():
    S = _setup("ulm")
    with pytest.raises(IllegalAction) as e:
        ENGINE.validate(S, 0, {"type": "move", "rep": 2, "path": ["venedig"]})
    assert "not next to" in e.value.message
    with pytest.raises(IllegalAction):
        ENGINE.validate(S, 0, {"type": "move", "rep": 2, "path": ["a", "b", "c", "d"]})
    S["seats"][0]["cash"] = 0
    S["ledger"][0] = {"travel": -9000}
    with pytest.raises(IllegalAction):
        ENGINE.validate(S, 0, {"type": "move", "rep": 2, "path": ["augsburg", "nuernberg", "wuerzburg"]})


def test_each_representative_moves_once_and_queues_by_arrival():
    S = started(3)
    clear_wares(S)
    put_rep(S, 1, 2, "frankfurt")
    put_rep(S, 0, 2, "wuerzburg")
    move_turn(S, 0)
    T, _ = _moved(S, 0, 2, ["frankfurt"])
    assert T["queue"]["frankfurt"] == [1, 0]
    assert 2 not in ENGINE.actions(T, 0)[0]["params"]["rep"]["enum"]
    # the first arrival keeps the company's place while a colleague stays
    put_rep(T, 1, 3, "frankfurt")
    move_turn(T, 1)
    U, _ = _moved(T, 1, 2, ["mainz"])
    assert U["queue"]["frankfurt"] == [1, 0]
    V, _ = _moved(U, 1, 3, ["mainz"])
    assert V["queue"]["frankfurt"] == [0]
