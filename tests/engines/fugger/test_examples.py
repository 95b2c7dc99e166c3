"""The worked examples of the rulebook, number for number."""

from engines.fugger import ENGINE
from engines.fugger import data as D
from engines.fugger import rules as R

from .helpers import clear_wares, give, put_rep, start_deal, started

ANNE, BEATE, CONNY = 0, 1, 2


def test_demand_example_anne_beate_conny():
    # "The card is for a Demand of 4 bars of metal with a maximum price of 1600.
    # Three players have sent TRs to the town, in order of arrival; Anne, Beate and Conny."
    card = D.CARDS["n01"]
    assert card["kind"] == "demand" and card["lines"] == [["metal", 4, 1600]] and card["town"] == "basel"
    S = started(3)
    clear_wares(S)
    put_rep(S, ANNE, 2, "basel")
    put_rep(S, BEATE, 2, "basel")
    put_rep(S, CONNY, 2, "basel")
    give(S, ANNE, "2", metal=1)
    give(S, BEATE, "2", metal=4)
    give(S, CONNY, "2", metal=3)
    assert S["queue"]["basel"] == [ANNE, BEATE, CONNY]
    start_deal(S, "n01")
    ds = ENGINE.decisions(S)
    assert [(d["seat"], d["sealed"]) for d in ds] == [(0, True), (1, True), (2, True)]
    cash = [P["cash"] for P in S["seats"]]
    moves = {
        ANNE: {"type": "sell", "ware": "metal", "prices": [1580]},
        BEATE: {"type": "sell", "ware": "metal", "prices": [1540, 1580]},
        CONNY: {"type": "sell", "ware": "metal", "prices": [1540, 1580]},
    }
    for s, a in moves.items():
        ENGINE.validate(S, s, a)
    step = ENGINE.apply(S, moves)
    T = step["state"]
    sold = next(e for e in step["events"] if e["type"] == "sold")["data"]["sales"]
    # first Beate 1540 (queue before Conny), then Conny 1540, then Anne 1580 (first in
    # the queue), the fourth Beate 1580; Conny's second bar remains unsold
    assert sold == [[BEATE, 1540], [CONNY, 1540], [ANNE, 1580], [BEATE, 1580]]
    gained = [T["seats"][s]["cash"] - cash[s] for s in range(3)]
    assert gained == [1580, 1540 + 1580, 1540]
    assert [R.rep(T, s, 2)["wares"]["metal"] for s in range(3)] == [0, 2, 2]
    assert T["out"][-1] == "n01" and all(e["card"] != "n01" for e in T["table"])


def test_demand_prices_above_the_maximum_are_refused():
    S = started(3)
    clear_wares(S)
    put_rep(S, ANNE, 2, "basel")
    give(S, ANNE, "2", metal=2)
    start_deal(S, "n01")
    import pytest
    from engines.base import IllegalAction

    with pytest.raises(IllegalAction):
        ENGINE.validate(S, ANNE, {"type": "sell", "ware": "metal", "prices": [1620]})
    with pytest.raises(IllegalAction):  # not more than held at the site
        ENGINE.validate(S, ANNE, {"type": "sell", "ware": "metal", "prices": [1500, 1500, 1500]})


def test_offer_example_5():
    # "The card offers 4 bales of cloth, with a minimum price of 600Fl per bale. The
    # order of arrival was Anne, Beate, and then Conny."
    card = D.CARDS["a01"]
    assert card["kind"] == "offer" and card["lines"] == [["cloth", 4, 600]]
    town = card["town"]
    S = started(3)
    clear_wares(S)
    for s in (ANNE, BEATE, CONNY):
        put_rep(S, s, 2, town)
    assert S["queue"][town] == [ANNE, BEATE, CONNY]
    start_deal(S, "a01")
    cash = [P["cash"] for P in S["seats"]]
    moves = {
        ANNE: {"type": "bid", "ware": "cloth", "prices": [760]},
        BEATE: {"type": "bid", "ware": "cloth", "prices": [760, 760, 740]},
        CONNY: {"type": "bid", "ware": "cloth", "prices": [800, 760, 740]},
    }
    step = ENGINE.apply(S, moves)
    T = step["state"]
    sold = next(e for e in step["events"] if e["type"] == "bought")["data"]["sales"]
    # Conny 800 (highest), Anne 760 (first in the queue), Beate 760 and 760
    assert sold == [[CONNY, 800], [ANNE, 760], [BEATE, 760], [BEATE, 760]]
    paid = [cash[s] - T["seats"][s]["cash"] for s in range(3)]
    assert paid == [760, 1520, 800]
    assert [R.rep(T, s, 2)["wares"]["cloth"] for s in range(3)] == [1, 2, 1]


def test_trade_sheet_example_3():
    # Beispiel 3: 4 metal wanted, maximum 1600, 6 at the site, offered at 1540 and 1580
    S = started(2)
    clear_wares(S)
    put_rep(S, 0, 2, "basel")
    give(S, 0, "2", metal=6)
    start_deal(S, "n01")
    spec = ENGINE.actions(S, 0)[0]
    assert spec["params"]["prices"]["maxItems"] == 4  # not more than the card wants
    step = ENGINE.apply(S, {0: {"type": "sell", "ware": "metal", "prices": [1540, 1580]}})
    assert R.rep(step["state"], 0, 2)["wares"]["metal"] == 4
    assert step["state"]["seats"][0]["cash"] - S["seats"][0]["cash"] == 3120
