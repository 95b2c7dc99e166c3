"""Payday: hiring, firing, interest, wages and taxes, forced sales when short."""

from engines.fugger import ENGINE
from engines.fugger import board as B
from engines.fugger import rules as R

from .helpers import clear_wares, give, put_rep, started


def _december(S):
    S["t"] = 8
    assert B.cal_index(S["t"]) == 14
    S["table"] = []
    S["pending"] = None
    S["agenda"] = [{"do": "round_start"}]
    R.run(S, [])
    return S


def _act(S, seat, a):
    ENGINE.validate(S, seat, a)
    return ENGINE.apply(S, {seat: a})


def test_payday_arithmetic():
    S = started(3, homes=["augsburg", "florenz", "nuernberg"])
    S["start"] = 0
    _december(S)
    assert S["pending"] == {"kind": "payday", "seat": 0, "fired": False}
    cash = [P["cash"] for P in S["seats"]]
    # Augsburg hires its third representative: 100 + 400 wages, 300 taxes
    S = _act(S, 0, {"type": "hire"})["state"]
    assert R.rep(S, 0, 3) == {"at": "augsburg", "wares": {"metal": 0, "spice": 0, "cloth": 0}}
    assert not any(sp["type"] == "hire" for sp in ENGINE.actions(S, 0))  # three is the most
    S = _act(S, 0, {"type": "done"})["state"]
    # Florenz keeps son + one employee: 100 wages, 400 taxes
    S = _act(S, 1, {"type": "done"})["state"]
    # Nürnberg fires its employee: no wages, 300 taxes; and holds 2 debt notes: +400 interest
    S["seats"][2]["notes"] = 2
    S = _act(S, 2, {"type": "fire", "rep": 2})["state"]
    assert not any(sp["type"] == "hire" for sp in ENGINE.actions(S, 2))  # no hiring after firing
    step = _act(S, 2, {"type": "done"})
    S = step["state"]
    assert [cash[s] - S["seats"][s]["cash"] for s in range(3)] == [800, 500, 300 - 400]
    assert S["ledger"][0]["wages"] == -500 and S["ledger"][0]["taxes"] == -300
    assert S["ledger"][1]["wages"] == -100 and S["ledger"][1]["taxes"] == -400
    assert S["ledger"][2]["interest"] == 400 and "wages" not in S["ledger"][2]
    assert S["pending"]["kind"] == "move"


def test_firing_loses_the_wares():
    S = started(2)
    clear_wares(S)
    S["start"] = 0
    put_rep(S, 0, 2, "wien", metal=2)
    _december(S)
    S = _act(S, 0, {"type": "fire", "rep": 2})["state"]
    assert S["seats"][0]["reps"]["2"] is None and S["flow"]["lost"]["metal"] == 2
    assert "2" not in S["queue"].get("wien", [])


def test_short_of_cash_means_forced_sales():
    S = started(2, homes=["florenz", "augsburg"])
    clear_wares(S)
    S["start"] = 0
    give(S, 0, "home", metal=1, cloth=1)
    S["seats"][0]["cash"] = 200
    S["ledger"][0] = {"travel": -8800}
    _december(S)
    S = _act(S, 0, {"type": "done"})["state"]
    S = _act(S, 1, {"type": "done"})["state"]
    # wages 100 are paid, taxes 400 cannot be: forced sales
    assert S["pending"] == {"kind": "raise", "seat": 0, "amount": 400, "reason": "taxes"}
    assert S["seats"][0]["cash"] == 100
    S = _act(S, 0, {"type": "sellforced", "ware": "cloth", "count": 1, "from": "home"})["state"]
    assert S["seats"][0]["cash"] == 600 - 400
    assert S["pending"]["kind"] == "payday" or S["pending"]["kind"] == "move"


def test_payday_hiring_after_the_son_is_lost():
    S = started(2)
    S["start"] = 0
    S["seats"][0]["reps"]["1"] = None
    S["seats"][0]["son_lost"] = True
    _december(S)
    S = _act(S, 0, {"type": "hire"})["state"]
    assert R.active_reps(S, 0) == [2, 3]
    assert not any(sp["type"] == "hire" for sp in ENGINE.actions(S, 0))
    cash = S["seats"][0]["cash"]
    S = _act(S, 0, {"type": "done"})["state"]
    S = _act(S, 1, {"type": "done"})["state"]
    assert cash - S["seats"][0]["cash"] == 500 + 300


def test_debt_notes_sell_for_300_and_count_in_wealth():
    S = started(2)
    clear_wares(S)
    S["seats"][0]["notes"] = 2
    assert R.wealth(S, 0) == S["seats"][0]["cash"] + 600
    S["pending"] = {"kind": "move", "seat": 0, "moved": []}
    cash = S["seats"][0]["cash"]
    S = _act(S, 0, {"type": "sellnote", "count": 1})["state"]
    assert S["seats"][0]["cash"] - cash == 300 and S["seats"][0]["notes"] == 1
    assert ENGINE.parse(S, 0, "sellnote 1") == [{"type": "sellnote", "count": 1}]


def test_a_debt_nobody_can_cover_takes_everything():
    S = started(2, homes=["florenz", "augsburg"])
    clear_wares(S)
    S["start"] = 0
    give(S, 0, "2", cloth=1)
    S["seats"][0]["cash"] = 50
    S["ledger"][0] = {"travel": -8950}
    _december(S)
    S = _act(S, 0, {"type": "done"})["state"]
    step = _act(S, 1, {"type": "done"})
    S = step["state"]
    # wages 100: 50 cash + 500 from the bale can pay -> the player chooses the forced sale
    assert S["pending"] == {"kind": "raise", "seat": 0, "amount": 100, "reason": "wages"}
    S = _act(S, 0, {"type": "sellforced", "ware": "cloth", "count": 1, "from": "2"})["state"]
    # 450 left; taxes 400 paid
    assert S["seats"][0]["cash"] == 50
    # a second payday with 50 florins and nothing to sell: all is paid, the rest let go
    S["t"] += 15 - 1
    _december(S)
    S = _act(S, 0, {"type": "done"})["state"]
    step = _act(S, 1, {"type": "done"})
    S = step["state"]
    assert S["seats"][0]["cash"] == 0
    assert S["ledger"][0]["wages"] == -150 and S["ledger"][0]["taxes"] == -400
    assert any(e["type"] == "bankrupt" for e in step["events"])


def test_wages_are_printed_on_the_representatives_spaces():
    # the son is free, the space of rep 2 costs 100, that of rep 3 400: keeping rep 3
    # and firing rep 2 still costs 400
    S = started(2, homes=["augsburg", "augsburg"])
    S["start"] = 0
    _december(S)
    S = _act(S, 0, {"type": "hire"})["state"]
    S = _act(S, 0, {"type": "fire", "rep": 2})["state"]
    cash = S["seats"][0]["cash"]
    S = _act(S, 0, {"type": "done"})["state"]
    S = _act(S, 1, {"type": "done"})["state"]
    assert cash - S["seats"][0]["cash"] == 400 + 300
    assert S["ledger"][0]["wages"] == -400
