"""The chance cards of the Nobility Game: sealed auctions and their tie rules, America, the blockade."""

import pytest

from engines.base import IllegalAction
from engines.fugger import ENGINE
from engines.fugger import rules as R

from .helpers import clear_wares, put_rep, rng_giving, start_deal
from .vhelpers import act, draw_chance, sealed, take_card, vstarted


def _bids(S, amounts):
    return sealed(S, {s: {"type": "auction", "amount": a} for s, a in amounts.items()})


def test_army_costs_auction_one_note_less_than_players_sealed():
    S = vstarted(players=4)
    draw_chance(S, "e7")
    p = S["pending"]
    assert p["kind"] == "auction" and p["what"] == "army" and p["lots"] == 3 and p["min"] == 500
    assert [d["sealed"] for d in ENGINE.decisions(S)] == [True] * 4
    with pytest.raises(IllegalAction):
        ENGINE.validate(S, 0, {"type": "auction", "amount": 480})  # under the minimum
    seats = p["seats"]
    step = _bids(S, {s: (700 if s == 2 else 0) for s in seats})
    T = step["state"]
    assert T["seats"][2]["notes"] == 1 and T["ledger"][2]["auction"] == -700 and T["nob"]["pos"][2] == 2
    assert T["pending"]["lot"] == 1


def test_army_costs_ties_go_lower_on_the_table_then_dice():
    S = vstarted(players=3)
    S["nob"]["pos"] = [5, 3, 3]
    draw_chance(S, "e7")
    T = _bids(S, {0: 600, 1: 600, 2: 0})["state"]
    assert T["seats"][1]["notes"] == 1  # lower on the table
    S["rng"] = rng_giving([])  # any state: the dice decide between equal positions
    step = _bids(S, {0: 0, 1: 600, 2: 600})
    dice = next(e for e in step["events"] if e["type"] == "tie_dice")["data"]["rolls"]
    winner = 1 if dice["1"] > dice["2"] else 2
    assert step["state"]["seats"][winner]["notes"] == 1


def test_no_player_receives_more_than_two_notes_per_auction():
    S = vstarted(players=4)
    draw_chance(S, "e7")
    for _ in range(2):
        S = _bids(S, {s: (1000 if s == 0 else 0) for s in S["pending"]["seats"]})["state"]
    assert S["seats"][0]["notes"] == 2
    assert S["pending"]["lot"] == 2 and 0 not in S["pending"]["seats"]
    S = _bids(S, {s: 0 for s in S["pending"]["seats"]})["state"]
    assert "e7" in S["stock"]  # army costs return to the stock


def test_coronation_half_the_players_rounded_down_and_discarded():
    S = vstarted(players=5)
    draw_chance(S, "e8")
    assert S["pending"]["lots"] == 2
    S = _bids(S, {s: 0 for s in S["pending"]["seats"]})["state"]
    S = _bids(S, {s: (500 if s == 4 else 0) for s in S["pending"]["seats"]})["state"]
    assert S["seats"][4]["notes"] == 1 and "e8" in S["out"]


def test_rechentrick_sealed_minimum_20_winner_keeps_it():
    S = vstarted(players=3)
    S["nob"]["pos"] = [2, 1, 0]
    draw_chance(S, "e9")
    assert S["pending"]["min"] == 20
    T = _bids(S, {0: 100, 1: 100, 2: 40})["state"]
    assert T["nob"]["trick"] == 1 and T["ledger"][1]["auction"] == -100
    assert "auction" not in T["ledger"][0] and "auction" not in T["ledger"][2]  # only the winner pays


def test_fuggerei_every_bid_is_paid_winner_gets_free_passage_in_kurrhein():
    S = vstarted(players=3)
    draw_chance(S, "e11")
    T = _bids(S, {0: 60, 1: 200, 2: 0})["state"]
    assert T["ledger"][0]["auction"] == -60 and T["ledger"][1]["auction"] == -200 and "auction" not in T["ledger"][2]
    assert T["nob"]["free"][1] == ["Kurrhein"] and T["nob"]["pos"][1] == 1
    assert "e11" in T["out"]


def test_corruption_ties_give_the_step_to_the_next_lower_bid_and_no_taxes():
    S = vstarted(players=3)
    draw_chance(S, "e12")
    T = _bids(S, {0: 200, 1: 200, 2: 100})["state"]
    assert T["nob"]["corrupt"] == 2 and T["nob"]["pos"][2] == 1
    assert [T["ledger"][s]["auction"] for s in range(3)] == [-200, -200, -100]
    # payday: the corrupt player pays no taxes
    T["pending"] = {"kind": "payday", "seat": 2, "fired": False}
    T["agenda"] = [{"do": "round_end"}, {"do": "payday_pay"}]
    U = ENGINE.apply(T, {2: {"type": "done"}})["state"]
    assert "taxes" not in U["ledger"][2] and U["ledger"][0]["taxes"] == -300
    V = _bids(S, {0: 200, 1: 200, 2: 200})["state"]
    assert V["nob"]["corrupt"] is None and V["nob"]["pos"] == [0, 0, 0]


def test_america_is_an_offer_in_spain_and_buyers_get_free_passage():
    S = vstarted(players=2)
    second = R.second_marker(S)
    draw_chance(S, "e10")
    entry = next(e for e in S["table"] if e["card"] == "e10")
    assert entry["time"] == second + 3 and R.deal_count(S) == 5
    clear_wares(S)
    put_rep(S, 0, 1, "spanien")
    start_deal(S, "e10")
    assert S["pending"]["part"] == "offer" and S["pending"]["ware"] == "metal"
    S = sealed(S, {0: {"type": "bid", "ware": "metal", "prices": [1240]}})["state"]
    S = sealed(S, {0: {"type": "bid", "ware": "spice", "prices": []}})["state"]
    assert S["pending"] == {"kind": "cube", "seat": 0, "what": "free"}
    assert S["nob"]["pos"][0] == 1
    S = act(S, 0, {"type": "cube", "area": "Tirol"})["state"]
    assert S["nob"]["free"][0] == ["Tirol"] and "e10" in S["out"]


def test_blockade_sends_the_next_purchase_in_venice_to_stock_with_the_card():
    S = vstarted(players=2)
    take_card(S, "a02")
    S["table"].append({"card": "a02", "time": S["t"] + 3, "drawn": 0})
    draw_chance(S, "e6")
    assert "a02" in S["stock"] and "e6" in S["stock"]
    assert all(e["card"] != "a02" for e in S["table"])


def test_boom_returns_to_stock_robbers_after_the_round():
    S = vstarted(players=2)
    S["pack"] = [c for c in S["pack"] if R.card(c)["kind"] != "chance"]
    ev = draw_chance(S, "e4")
    assert "e4" in S["stock"] and R.deal_count(S) == 5
    assert any(e["type"] == "boom" and "fifth" in e["text"] for e in ev)
    U = vstarted(players=2)
    draw_chance(U, "e13")
    assert U["robbers"][0]["card"] == "e13"
    U["pending"] = None
    U["agenda"] = [{"do": "round_end"}]
    R.run(U, [])
    assert "e13" in U["stock"]
