"""The Country Estate Game: all cards, the split, the estates sold to nobles, the end."""

import pytest

from engines.base import IllegalAction
from engines.fugger import ENGINE
from engines.fugger import nobility as NB
from engines.fugger import nobility_data as ND
from engines.fugger import rules as R

from .vhelpers import sealed, take_card, vstarted


def _counts(cards):
    out = {}
    for c in cards:
        k = NB.pile_kind(c)
        out[k] = out.get(k, 0) + 1
    return out


@pytest.mark.parametrize("players,offers", [(2, (9, 8)), (4, (7, 8)), (6, (5, 8))])
def test_split_of_all_cards_and_six_estates_in_stock(players, offers):
    S = ENGINE.setup(players, 3, {"variant": "country_estate"})
    g = _counts([e["card"] for e in S["table"]] + S["pack"])
    assert g["noble"] + g["demand"] == 12 and g["noble"] == 8 and g["offer"] == offers[0] and g["chance"] == 15
    assert _counts(S["stock"]) == {"noble": 7, "demand": 7, "offer": offers[1], "chance": 2, "estate": 6}
    assert len(S["unused"]["market"]) == 5
    assert _counts(S["unused"]["noble"]) == {"noble": 4}


def _sale_now(S, cid="l1"):
    take_card(S, cid)
    S["table"].append({"card": cid, "time": S["t"], "drawn": 0})
    S["pending"] = None
    S["agenda"] = [{"do": "round_end"}, {"do": "trades"}]
    ev = []
    R.run(S, ev)
    return ev


def _make_noble(S, seat):
    S["nob"]["pos"][seat] = ND.SHIELD
    S["nob"]["nobles"].append(seat)


def test_an_estate_drawn_is_timed_like_an_offer_but_not_counted_among_the_four():
    S = vstarted("country_estate", players=3)
    deals = [c for c in S["pack"] if R.card(c)["kind"] in ("demand", "offer")]
    take_card(S, "l3")
    S["pack"] = ["l3", deals[0]]
    S["table"] = S["table"][:3]
    second = R.second_marker(S)
    S["pending"] = None
    S["agenda"] = [{"do": "round_end"}, {"do": "refill"}]
    R.run(S, [])
    est = next(e for e in S["table"] if e["card"] == "l3")
    assert est["time"] == second + ND.ALL_CARDS["l3"]["plus"]
    assert R.deal_count(S) == 4 and len(S["table"]) == 5  # a further deal card was drawn
    # the second marker ignores the estate
    assert R.second_marker(S) == sorted(e["time"] for e in S["table"] if e["card"] != "l3")[1]


def test_estate_sale_after_the_market_before_offers():
    S = vstarted("country_estate", players=2)
    take_card(S, "l1")
    S["table"].append({"card": "l1", "time": S["t"], "drawn": 0})
    off = next(e for e in S["table"] if R.card(e["card"])["kind"] == "offer")
    off["time"] = S["t"]
    assert R.next_due(S) == ("l1", False)


def test_only_nobles_may_bid_and_without_a_noble_the_estate_returns_to_stock():
    S = vstarted("country_estate", players=3)
    ev = _sale_now(S)
    assert "l1" in S["stock"] and all(e["card"] != "l1" for e in S["table"])
    assert any(e["type"] == "estate_unsold" for e in ev)
    T = vstarted("country_estate", players=3)
    _make_noble(T, 1)
    _sale_now(T)
    assert T["pending"]["kind"] == "auction" and T["pending"]["what"] == "estate" and T["pending"]["seats"] == [1]
    assert [d["seat"] for d in ENGINE.decisions(T)] == [1]


def test_no_bid_returns_the_estate_to_stock():
    S = vstarted("country_estate", players=2)
    _make_noble(S, 0)
    _sale_now(S)
    S = sealed(S, {0: {"type": "auction", "amount": 0}})["state"]
    assert "l1" in S["stock"] and not S["over"]


def test_the_first_noble_to_buy_an_estate_wins_raising_cash_by_forced_sales():
    S = vstarted("country_estate", players=3)
    _make_noble(S, 0)
    _make_noble(S, 2)
    _sale_now(S)
    assert S["pending"]["seats"] == [s for s in R.seat_order(S) if s in (0, 2)]
    with pytest.raises(IllegalAction):
        ENGINE.validate(S, 0, {"type": "auction", "amount": 8000})  # under the minimum 9000
    cap = ENGINE.actions(S, 0)[0]["params"]["amount"]["maximum"]
    assert cap == 9000 + 1 * 1100 + 1 * 800 + 2 * 500  # cash and the wares at forced-sale prices
    step = sealed(S, {0: {"type": "auction", "amount": 9600}, 2: {"type": "auction", "amount": 9400}})
    T = step["state"]
    assert T["pending"] == {"kind": "raise", "seat": 0, "amount": 9600, "reason": "estate"}
    T = ENGINE.apply(T, {0: {"type": "sellforced", "ware": "metal", "count": 1, "from": "home"}})["state"]
    assert T["over"] and T["nob"]["estates"] == [[0, "l1"]]
    out = ENGINE.outcome(T)
    assert out["ranks"][0] == 1 and out["scores"][0] == ND.SHIELD + 1
    assert T["ledger"][0]["estate"] == -9600


def test_estate_ties_go_to_the_dice():
    S = vstarted("country_estate", players=2)
    _make_noble(S, 0)
    _make_noble(S, 1)
    _sale_now(S)
    step = sealed(S, {0: {"type": "auction", "amount": 9000}, 1: {"type": "auction", "amount": 9000}})
    rolls = next(e for e in step["events"] if e["type"] == "tie_dice")["data"]["rolls"]
    winner = 0 if rolls["0"] > rolls["1"] else 1
    assert step["state"]["nob"]["estates"][0][0] == winner
