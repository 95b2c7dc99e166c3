"""Setup of the cards, timing of deals, urgent trades, markets, the non-paying
player, sales between players, the end of the game."""

import pytest

from engines.base import IllegalAction
from engines.fugger import ENGINE
from engines.fugger import board as B
from engines.fugger import data as D
from engines.fugger import rules as R

from .helpers import clear_wares, give, move_turn, put_rep, start_deal, started


def _act(S, seat, a):
    ENGINE.validate(S, seat, a)
    return ENGINE.apply(S, {seat: a})


@pytest.mark.parametrize("players,offers", [(2, 8), (3, 7), (4, 6), (5, 5), (6, 4)])
def test_setup(players, offers):
    S = ENGINE.setup(players, 11)
    kinds = [D.CARDS[c]["kind"] for c in S["pack"]]
    assert kinds.count("demand") == 6 and kinds.count("offer") == offers - 2 and kinds.count("chance") == 6
    assert len(S["unused"]["demand"]) == 16 and len(S["unused"]["offer"]) == 11 - offers
    assert D.CARDS[S["market"]]["kind"] == "market" and len(S["unused"]["market"]) == 1
    for P in S["seats"]:
        assert P["cash"] == 9000 and P["lager"] == {"metal": 1, "spice": 1, "cloth": 2}
        assert P["reps"] == {"1": None, "2": None, "3": None}
    # the start player rolled the highest die
    last = S["start_rolls"][-1]
    assert max(last.values()) == last[str(S["start"])] and list(last.values()).count(last[str(S["start"])]) == 1
    # home bases are chosen in turn order from the start player
    assert S["pending"] == {"kind": "home", "seat": S["start"]}
    S = ENGINE.apply(S, {S["start"]: {"type": "home", "town": "florenz"}})["state"]
    assert S["pending"]["seat"] == (S["start"] + 1) % players
    P = S["seats"][S["start"]]
    assert R.active_reps(S, S["start"]) == [1, 2] and P["reps"]["1"]["at"] == "florenz"


def test_first_deals_are_timed_from_start_termin_and_the_second_demand_marker():
    S = ENGINE.setup(4, 3)
    d1, d2, o1, o2 = S["table"]
    assert B.cal_index(D.START_TERMIN_OFFSET) == 8  # early August
    assert d1["time"] == 2 + D.CARDS[d1["card"]]["plus"] and d2["time"] == 2 + D.CARDS[d2["card"]]["plus"]
    second = max(d1["time"], d2["time"])
    assert o1["time"] == second + D.CARDS[o1["card"]]["plus"] and o2["time"] == second + D.CARDS[o2["card"]]["plus"]


def test_calendar_matches_the_rulebook_diagram():
    # +2 from Start Termin is the first September space, +3 the second; +1 and +3
    # after the second September space are October and December
    assert D.CALENDAR[B.cal_index(2 + 2)]["id"] == "sep-1"
    assert D.CALENDAR[B.cal_index(2 + 3)]["id"] == "sep-2"
    assert D.CALENDAR[B.cal_index(5 + 1)]["id"] == "oct"
    assert D.CALENDAR[B.cal_index(5 + 3)]["id"] == "dec"
    assert D.CALENDAR[B.cal_index(0)]["id"] == "jul-1"
    assert [D.CALENDAR[B.cal_index(t)]["id"] for t in (7, 8, 9, 12)] == ["nov", "dec", "jan-feb", "may-1"]


def test_a_traded_card_is_replaced_from_the_second_marker():
    S = started(3)
    S["table"] = [
        {"card": "n02", "time": 3, "drawn": 0}, {"card": "n05", "time": 5, "drawn": 0},
        {"card": "a03", "time": 6, "drawn": 0}, {"card": "a08", "time": 9, "drawn": 0},
    ]
    S["pack"] = ["n06"] + [c for c in S["pack"] if c not in ("n02", "n05", "a03", "a08", "n06")]
    S["t"] = 3
    start_deal(S, "n02")  # nobody is in Köln: the card is used anyway (Trading Game)
    assert "n02" in S["out"]
    new = next(e for e in S["table"] if e["card"] == "n06")
    assert new["time"] == 6 + D.CARDS["n06"]["plus"]  # second marker is now a03 at 6


def test_home_base_is_first_in_the_queue_and_shared_home_bases_roll():
    S = started(3, homes=["augsburg", "augsburg", "nuernberg"])
    clear_wares(S)
    put_rep(S, 2, 2, "augsburg", cloth=1)
    give(S, 0, "home", cloth=1)
    give(S, 1, "home", cloth=1)
    S["queue"]["augsburg"] = [2, 0, 1]
    S["table"].append({"card": "n17", "time": 0, "drawn": 0})
    start_deal(S, "n17")
    assert S["pending"]["seats"] == sorted(S["pending"]["seats"], key=lambda s: (s - S["start"]) % 3)
    step = ENGINE.apply(S, {s: {"type": "sell", "ware": "cloth", "prices": [800]} for s in (0, 1, 2)})
    ev = step["events"]
    dice = next(e for e in ev if e["type"] == "queue_dice")["data"]["rolls"]
    queue = next(e for e in ev if e["type"] == "prices")["data"]["queue"]
    first_two = sorted((0, 1), key=lambda s: -dice[str(s)])
    assert queue == [*first_two, 2]


def test_urgent_trade_early_only_after_the_round_it_was_drawn_and_only_if_wanted():
    S = started(3)
    clear_wares(S)
    S["table"] = [e for e in S["table"] if e["card"] != "n03"] + [{"card": "n03", "time": 20, "drawn": 1}]
    for p in (S["pack"], S["unused"]["demand"]):
        if "n03" in p:
            p.remove("n03")
    put_rep(S, 0, 2, "frankfurt", spice=2)
    S["round"] = 1
    assert not R.urgent_ready(S, S["table"][-1])  # drawn this round
    S["round"] = 2
    assert R.urgent_ready(S, S["table"][-1])
    start_deal(S, "n03", early=True)
    assert S["pending"]["kind"] == "deal" and S["pending"]["seats"] == [0] if S["start"] == 0 else True
    # nobody wants to trade early: the card stays for later
    T = ENGINE.apply(S, {0: {"type": "sell", "ware": "spice", "prices": []}})["state"]
    assert any(e["card"] == "n03" for e in T["table"])
    # selling early uses the card up
    U = ENGINE.apply(S, {0: {"type": "sell", "ware": "spice", "prices": [1400, 1400]}})["state"]
    assert "n03" in U["out"] and U["seats"][0]["cash"] - S["seats"][0]["cash"] == 2800


def test_urgent_demand_needs_a_representative_with_a_saleable_ware():
    S = started(3)
    clear_wares(S)
    S["round"] = 2
    entry = {"card": "n03", "time": 20, "drawn": 1}
    put_rep(S, 0, 2, "frankfurt", cloth=2)
    assert not R.urgent_ready(S, entry)
    give(S, 0, "2", spice=1)
    assert R.urgent_ready(S, entry)


def test_market_is_a_demand_then_an_offer_and_stays():
    S = started(2)
    clear_wares(S)
    S["market"] = "m1"
    town = D.CARDS["m1"]["town"]
    put_rep(S, 0, 2, town, spice=3, cloth=1)
    put_rep(S, 1, 2, town)
    S["t"] = 12  # Anfang Mai
    assert B.cal_index(12) == D.MARKET_SPACE
    S["table"] = []
    assert R.next_due(S) == ("m1", False)
    start_deal(S, "m1")
    lines = [(S["pending"]["part"], S["pending"]["ware"])]
    S = ENGINE.apply(S, {0: {"type": "sell", "ware": "spice", "prices": [1400, 1400]}})["state"]
    lines.append((S["pending"]["part"], S["pending"]["ware"]))
    S = ENGINE.apply(S, {0: {"type": "sell", "ware": "cloth", "prices": [900]}})["state"]
    lines.append((S["pending"]["part"], S["pending"]["ware"]))
    assert lines == [("demand", "spice"), ("demand", "cloth"), ("offer", "metal")]
    assert S["pending"]["seats"] == [0, 1] or S["pending"]["seats"] == [1, 0]
    S = ENGINE.apply(S, {0: {"type": "bid", "ware": "metal", "prices": []},
                         1: {"type": "bid", "ware": "metal", "prices": [1300]}})["state"]
    S = ENGINE.apply(S, {0: {"type": "bid", "ware": "cloth", "prices": []},
                         1: {"type": "bid", "ware": "cloth", "prices": []}})["state"]
    assert S["market"] == "m1" and "m1" not in S["out"]
    assert R.rep(S, 1, 2)["wares"]["metal"] == 1


def test_non_paying_player_rule():
    S = started(3)
    clear_wares(S)
    town = D.CARDS["a01"]["town"]
    for s in (0, 1, 2):
        put_rep(S, s, 2, town)
    S["seats"][1]["cash"] = 1000
    S["ledger"][1] = {"travel": -8000}
    assert S["queue"][town] == [0, 1, 2]
    start_deal(S, "a01")
    moves = {
        0: {"type": "bid", "ware": "cloth", "prices": [700]},
        1: {"type": "bid", "ware": "cloth", "prices": [900, 900, 900]},   # can pay for one only
        2: {"type": "bid", "ware": "cloth", "prices": [650, 640]},
    }
    step = ENGINE.apply(S, moves)
    T = step["state"]
    sold = next(e for e in step["events"] if e["type"] == "bought")["data"]["sales"]
    # Beate keeps the bale she could pay for; the rest is sold again without her bids
    assert sold == [[1, 900], [0, 700], [2, 650], [2, 640]]
    assert T["seats"][1]["cash"] == 1000 - 900
    # the fine of 300 needs a forced sale of the bale she has just bought
    assert T["pending"] == {"kind": "raise", "seat": 1, "amount": 300, "reason": "fine"}
    U = _act(T, 1, {"type": "sellforced", "ware": "cloth", "count": 1, "from": "2"})["state"]
    assert U["seats"][1]["cash"] == 100 + 500 - 300
    assert U["ledger"][1]["fine"] == -300


def test_sales_between_players_keep_the_wares_in_place():
    S = started(2, homes=["augsburg", "augsburg"])
    clear_wares(S)
    put_rep(S, 0, 2, "wien", metal=2)
    put_rep(S, 1, 2, "wien")
    give(S, 0, "home", cloth=2)
    move_turn(S, 0)
    S["agenda"].append({"do": "move_turn", "seat": 1, "moved": []})
    S = _act(S, 0, {"type": "trade"})["state"]
    with pytest.raises(IllegalAction):  # the buyer's warehouse is not in Wien
        ENGINE.validate(S, 0, {"type": "offer", "count": 1, "ware": "metal", "from": "2", "player": 2, "to": "home",
                               "price": 1500})
    S = _act(S, 0, {"type": "offer", "count": 1, "ware": "metal", "from": "2", "player": 2, "to": "2",
                    "price": 1500})["state"]
    assert S["pending"]["kind"] == "accept" and S["pending"]["seat"] == 1
    cash = [P["cash"] for P in S["seats"]]
    S = _act(S, 1, {"type": "accept"})["state"]
    assert [S["seats"][s]["cash"] - cash[s] for s in (0, 1)] == [1500, -1500]
    assert R.rep(S, 1, 2)["wares"]["metal"] == 1 and R.rep(S, 0, 2)["wares"]["metal"] == 1
    assert S["pending"] == {"kind": "move", "seat": 0, "moved": []}
    # players sharing a home base trade between their warehouses
    S = _act(S, 0, {"type": "trade"})["state"]
    S = _act(S, 0, {"type": "offer", "count": 2, "ware": "cloth", "from": "home", "player": 2, "to": "home",
                    "price": 0})["state"]
    S = _act(S, 1, {"type": "decline"})["state"]
    assert S["seats"][0]["lager"]["cloth"] == 2


def test_game_ends_when_the_pack_is_used_and_the_last_demand_traded():
    S = started(2)
    clear_wares(S)
    give(S, 0, "home", metal=1, spice=2)
    give(S, 1, "home", cloth=1)
    S["out"] += S["pack"]
    S["pack"] = []
    demands = [e for e in S["table"] if D.CARDS[e["card"]]["kind"] == "demand"]
    S["table"] = [e for e in S["table"] if D.CARDS[e["card"]]["kind"] != "demand" or e is demands[0]]
    S["out"] += [e["card"] for e in demands[1:]]
    S["t"] = demands[0]["time"]
    start_deal(S, demands[0]["card"])
    while S["pending"] and S["pending"]["kind"] == "deal":
        S = ENGINE.apply(S, {s: ENGINE.default_action(S, s) for s in S["pending"]["seats"]})["state"]
    assert S["over"] and ENGINE.decisions(S) == []
    out = ENGINE.outcome(S)
    assert out["scores"] == [S["seats"][0]["cash"] + 1100 + 1600, S["seats"][1]["cash"] + 500]
    assert any(D.CARDS[e["card"]]["kind"] == "offer" for e in S["table"])  # offers left are ignored


def test_forced_sales_at_will_before_moving():
    S = started(2)
    clear_wares(S)
    put_rep(S, 0, 2, "ulm", spice=1, metal=1)
    move_turn(S, 0)
    cash = S["seats"][0]["cash"]
    S = _act(S, 0, {"type": "sellforced", "ware": "spice", "count": 1, "from": "2"})["state"]
    assert S["seats"][0]["cash"] - cash == 800
    S = _act(S, 0, {"type": "move", "rep": 2, "path": ["augsburg"]})["state"]
    specs = {sp["type"]: sp for sp in ENGINE.actions(S, 0)}
    assert "2" not in specs.get("sellforced", {"params": {"from": {"enum": []}}})["params"]["from"]["enum"]


def test_urgent_trade_comes_first_in_phase_one():
    S = started(2)
    clear_wares(S)
    S["table"] = [{"card": "n09", "time": 9, "drawn": 0}, {"card": "a05", "time": 1, "drawn": 0}]
    for c in ("n09", "a05"):
        for p in (S["pack"], S["unused"]["demand"], S["unused"]["offer"]):
            if c in p:
                p.remove(c)
    town = D.CARDS["n09"]["town"]  # urgent metal demand
    put_rep(S, 1, 2, town, metal=2)
    put_rep(S, 0, 2, D.CARDS["a05"]["town"])
    S["pack"].sort(key=lambda c: D.CARDS[c]["kind"] == "chance")  # the replacement is a deal card
    S["t"], S["round"] = 1, 2
    S["pending"], S["agenda"] = None, [{"do": "round_start"}]
    R.run(S, [])
    assert S["pending"]["kind"] == "deal" and S["pending"]["card"] == "n09" and S["pending"]["early"]
    S = ENGINE.apply(S, {1: {"type": "sell", "ware": "metal", "prices": [1700]}})["state"]
    # then the offer due now
    assert S["pending"]["card"] == "a05" and not S["pending"]["early"]
