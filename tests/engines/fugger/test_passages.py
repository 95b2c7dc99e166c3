"""Free passage and sea passage in the Nobility Game: tolls, axles, robbers, right of way."""

import pytest

from engines.base import IllegalAction
from engines.fugger import ENGINE
from engines.fugger import rules as R

from .helpers import clear_wares, move_turn, put_rep, rng_giving
from .vhelpers import act, draw_chance, vstarted


def _mover(players=2):
    S = vstarted(players=players)
    clear_wares(S)
    move_turn(S, 0)
    return S


def test_free_passage_waives_the_bridge_toll_in_its_region():
    S = _mover()
    put_rep(S, 0, 2, "wuerzburg")
    path = ["frankfurt"]
    assert R.plan_cost(S, 0, 2, path) == 20  # unladen bridge toll
    S["nob"]["free"][0] = ["Franken"]
    assert R.plan_cost(S, 0, 2, path) == 0
    cash = S["seats"][0]["cash"]
    T = act(S, 0, {"type": "move", "rep": 2, "path": path})["state"]
    assert T["seats"][0]["cash"] == cash


def test_koelns_town_toll_is_paid_even_with_free_passage_in_kurrhein():
    S = _mover()
    put_rep(S, 0, 2, "frankfurt")
    S["nob"]["free"][0] = ["Kurrhein"]
    assert R.plan_cost(S, 0, 2, ["koeln"]) == 20


def test_sea_passage_waives_the_ship_cost_in_its_sea_area():
    S = _mover()
    put_rep(S, 0, 2, "genua", cloth=1)
    path = ["mittelmeer2", "sueditalien"]
    assert R.plan_cost(S, 0, 2, path) == 20 + 40
    S["nob"]["sea"][0] = ["Mittelmeer"]
    assert R.plan_cost(S, 0, 2, path) == 20


def test_broken_axle_loses_no_wares_in_a_free_passage_region():
    for free, kept in (([], 3), (["Schwaben"], 5)):
        S = _mover()
        put_rep(S, 0, 2, "ulm", cloth=5)
        S["nob"]["free"][0] = free
        S["rng"] = rng_giving([2])
        step = act(S, 0, {"type": "move", "rep": 2, "path": ["schwarzwald", "basel"]})
        T = step["state"]
        assert R.rep(T, 0, 2)["at"] == "schwarzwald"
        if T["pending"]["kind"] == "lose":
            T = act(T, 0, {"type": "lose", "wares": ["cloth", "cloth"]})["state"]
        assert R.rep(T, 0, 2)["wares"]["cloth"] == kept


@pytest.mark.parametrize("free,stolen", [([], 1), (["Franken"], 0)])
def test_free_passage_adds_two_against_robbers(free, stolen):
    S = vstarted(players=2)
    clear_wares(S)
    put_rep(S, 0, 2, "augsburg", metal=1, cloth=2)
    draw_chance(S, "e1")  # Franken and Kurrhein
    S["nob"]["free"][0] = free
    move_turn(S, 0)
    S["rng"] = rng_giving([9, 8])  # travel dice, robbers' dice 8: one ware, 10 with free passage
    S = act(S, 0, {"type": "move", "rep": 2, "path": ["nuernberg"]})["state"]
    assert S["pending"]["kind"] == "bribe"
    step = act(S, 0, {"type": "bribe", "points": 0})
    rob = next(e for e in step["events"] if e["type"] == "robbery")["data"]
    assert rob["stolen"] == stolen


def test_right_of_way_fee_100_to_the_one_owner():
    S = _mover(3)
    put_rep(S, 0, 2, "augsburg")
    S["nob"]["free"][1] = ["Franken"]
    assert R.plan_cost(S, 0, 2, ["nuernberg"]) == 100
    T = act(S, 0, {"type": "move", "rep": 2, "path": ["nuernberg"]})["state"]
    assert T["ledger"][0]["right_of_way"] == -100 and T["ledger"][1]["right_of_way"] == 100
    # own free passage there: no fee even though another player has one too
    S["nob"]["free"][0] = ["Franken"]
    assert R.plan_cost(S, 0, 2, ["nuernberg"]) == 0


def test_right_of_way_fee_once_per_region_and_the_payer_chooses_among_owners():
    S = _mover(3)
    put_rep(S, 0, 2, "augsburg")
    S["nob"]["free"][1] = ["Franken"]
    S["nob"]["free"][2] = ["Franken"]
    # Nürnberg and Würzburg are both in Franken: one fee
    assert R.plan_cost(S, 0, 2, ["nuernberg", "wuerzburg"]) == 100
    T = act(S, 0, {"type": "move", "rep": 2, "path": ["nuernberg", "wuerzburg"]})["state"]
    assert T["pending"] == {"kind": "fee", "seat": 0, "region": "Franken", "owners": [1, 2]}
    assert ENGINE.parse(T, 0, "payfee 3") == [{"type": "payfee", "player": 3}]
    with pytest.raises(IllegalAction):
        ENGINE.validate(T, 0, {"type": "payfee", "player": 1})
    T = act(T, 0, {"type": "payfee", "player": 3})["state"]
    assert T["ledger"][2]["right_of_way"] == 100 and "right_of_way" not in T["ledger"][1]
    assert T["pending"]["kind"] == "move"


def test_a_move_that_cannot_pay_the_fee_is_refused():
    S = _mover(2)
    put_rep(S, 0, 2, "augsburg")
    S["nob"]["free"][1] = ["Franken"]
    S["seats"][0]["cash"] = 80
    with pytest.raises(IllegalAction):
        ENGINE.validate(S, 0, {"type": "move", "rep": 2, "path": ["nuernberg"]})
