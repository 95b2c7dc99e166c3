"""The chance cards of the Trading Game."""

import pytest

from engines.base import IllegalAction
from engines.fugger import ENGINE
from engines.fugger import data as D
from engines.fugger import rules as R
from engines.rng import Rng

from .helpers import clear_wares, move_turn, put_rep, rng_giving, start_deal, started


def _act(S, seat, a):
    ENGINE.validate(S, seat, a)
    return ENGINE.apply(S, {seat: a})


def _draw(S, cid, then=None):
    """Resolve chance card ``cid`` now, as if drawn from the pack."""
    S["pending"] = None
    S["pack"].remove(cid)
    S["agenda"] = then or [{"do": "round_end"}, {"do": "move_turn", "seat": 0, "moved": []}]
    S["agenda"].append({"do": "chance", "card": cid})
    ev = []
    R.run(S, ev)
    return ev


def test_trading_game_has_six_chance_cards():
    assert len(D.CHANCES) == D.TRADING_DECK["chance"] == 6
    S = started(4)
    assert sorted(c for c in S["pack"] if D.CARDS[c]["kind"] == "chance") == [c["id"] for c in D.CHANCES]


@pytest.mark.parametrize("roll,points,stolen", [(6, 0, 2), (2, 0, 2), (7, 0, 1), (9, 0, 1), (10, 0, 0), (12, 0, 0),
                                                (5, 2, 1), (8, 2, 0), (4, 6, 0)])
def test_robbers_dice_table_and_bribes(roll, points, stolen):
    S = started(2)
    clear_wares(S)
    put_rep(S, 0, 2, "ulm", metal=1, cloth=2)
    _draw(S, "e1")  # robbers in Franken and Kurrhein
    assert S["robbers"] == [{"card": "e1", "attacked": []}]
    move_turn(S, 0)
    S["rng"] = rng_giving([9, roll])  # the travel dice, then the robbers' dice
    S = _act(S, 0, {"type": "move", "rep": 2, "path": ["augsburg", "nuernberg"]})["state"]
    assert S["pending"]["kind"] == "bribe"
    cash = S["seats"][0]["cash"]
    step = _act(S, 0, {"type": "bribe", "points": points})
    T = step["state"]
    assert cash - T["seats"][0]["cash"] == 100 * points
    rob = next(e for e in step["events"] if e["type"] == "robbery")["data"]
    assert sum(rob["dice"]) == roll and rob["stolen"] == stolen
    if stolen:
        assert T["pending"]["kind"] == "lose" and T["pending"]["count"] == stolen
        T = _act(T, 0, {"type": "lose", "wares": ["cloth"] * stolen})["state"]
    assert R.n_wares(R.rep(T, 0, 2)["wares"]) == 3 - stolen
    assert T["pending"]["kind"] == "move"


def test_robbers_attack_once_and_standing_representatives_at_the_end_of_the_turn():
    S = started(2)
    clear_wares(S)
    put_rep(S, 0, 2, "nuernberg", spice=1)
    put_rep(S, 0, 1, "wuerzburg", metal=1)   # stands in Franken
    put_rep(S, 0, 3, "ulm")                   # unladen: nothing to steal
    _draw(S, "e1")
    move_turn(S, 0)
    S["agenda"].append({"do": "move_turn", "seat": 1, "moved": []})
    S["rng"] = rng_giving([9, 12])
    S = _act(S, 0, {"type": "move", "rep": 2, "path": ["wuerzburg", "frankfurt"]})["state"]
    S = _act(S, 0, {"type": "bribe", "points": 0})["state"]
    S = _act(S, 0, {"type": "move", "rep": 3, "path": ["augsburg", "nuernberg"]})["state"]  # unladen
    assert S["pending"]["kind"] == "move"
    S["rng"] = rng_giving([11])
    S = _act(S, 0, {"type": "done"})["state"]
    # rep 1 stood in Würzburg (Franken) all turn: attacked when the turn ends
    assert S["pending"] == {"kind": "bribe", "seat": 0, "rep": 1, "card": "e1"}
    S = _act(S, 0, {"type": "bribe", "points": 0})["state"]
    assert S["pending"]["kind"] == "move" and S["pending"]["seat"] == 1
    assert sorted(S["robbers"][0]["attacked"]) == ["0:1", "0:2", "0:3"]


def test_pirates_at_sea_and_robber_cards_leave_after_the_round():
    S = started(2)
    clear_wares(S)
    put_rep(S, 0, 2, "genua", spice=2)
    _draw(S, "e2")  # Tirol and Mittelmeer
    move_turn(S, 0)
    S["rng"] = rng_giving([9, 3])
    S = _act(S, 0, {"type": "move", "rep": 2, "path": ["mittelmeer2", "sueditalien"]})["state"]
    S = _act(S, 0, {"type": "bribe", "points": 0})["state"]
    assert R.n_wares(R.rep(S, 0, 2)["wares"]) == 0  # 2 stolen, only one kind: no choice
    S = _act(S, 0, {"type": "done"})["state"]
    S = _act(S, 1, {"type": "done"})["state"]
    assert S["robbers"] == [] and "e2" in S["out"]


def test_black_sheep_stake_doubles_and_the_keeper_is_last_in_every_queue():
    # "with 20 Fl. attached. The next player must either keep the card or double the stake by adding another
    # 20Fl. ... (the third player paying 40Fl. the fourth 80 etc.)": passers pay 20, 20, 40, 80
    S = started(5)
    S["start"] = 1
    _draw(S, "e3")
    assert S["pending"]["kind"] == "sheep" and S["pending"]["seat"] == 1
    cash = [P["cash"] for P in S["seats"]]
    stakes = []
    for seat, to in ((1, 3), (2, 4), (3, 5), (4, 1)):
        assert f"adding {R.sheep_cost(S['pending']['passes'])}" in ENGINE.render(S, seat)
        S = _act(S, seat, {"type": "pass_on", "player": to})["state"]
        stakes.append(S["pending"]["stake"])
    assert stakes == [20, 40, 80, 160]
    S = _act(S, 0, {"type": "keep"})["state"]
    assert [S["seats"][s]["cash"] - cash[s] for s in range(5)] == [160, -20, -20, -40, -80]
    assert S["black_sheep"] == 0
    # last in the queue, even at his own home base
    clear_wares(S)
    for s in (0, 1, 2):
        put_rep(S, s, 2, "basel", metal=1)
    start_deal(S, "n01")
    step = ENGINE.apply(S, {s: {"type": "sell", "ware": "metal", "prices": [1500]} for s in (0, 1, 2)})
    prices = next(e for e in step["events"] if e["type"] == "prices")
    assert prices["data"]["queue"] == [1, 2, 0]


def test_black_sheep_with_two_players_cannot_come_back():
    S = started(2)
    S["start"] = 0
    _draw(S, "e3")
    S = _act(S, 0, {"type": "pass_on", "player": 2})["state"]
    assert [sp["type"] for sp in ENGINE.actions(S, 1)] == ["keep"]
    with pytest.raises(IllegalAction):
        ENGINE.validate(S, 1, {"type": "pass_on", "player": 1})
    S = _act(S, 1, {"type": "keep"})["state"]
    assert S["black_sheep"] == 1 and S["ledger"][1]["black_sheep"] == 20


def _default_play_until(S, found, limit=600):
    """Play on with every seat taking its default action until ``found(step)`` holds for a step."""
    for _ in range(limit):
        step = ENGINE.apply(S, {d["seat"]: ENGINE.default_action(S, d["seat"]) for d in ENGINE.decisions(S)})
        if found(step):
            return S, step
        S = step["state"]
        assert not S["over"]
    raise AssertionError("not reached")


def _first_boom(players):
    """The first game (by seed) whose boom card comes up in play and whose step ends with the fifth card
    out (in other games a further deal of the same phase 1 is traded at once, ending the boom)."""
    for seed in range(1, 60):
        S = started(players, seed=seed)
        try:
            return _default_play_until(S, lambda st: any(e["type"] == "boom" for e in st["events"])
                                       and st["state"]["boom"] == 1)
        except AssertionError:
            continue
    raise AssertionError("no boom in 60 games")


@pytest.mark.parametrize("players", [2, 3, 6])
def test_boom_brings_a_fifth_deal_card_in_play_and_the_next_traded_is_not_replaced(players):
    # played, not built: chance cards come up while the table is refilled after a trade (three deals on it)
    before, step = _first_boom(players)
    S = step["state"]
    texts = [e["text"] for e in step["events"]]
    k = next(i for i, e in enumerate(step["events"]) if e["type"] == "boom")
    drawn = [e for e in step["events"][k:] if e["type"] == "new_deal"]
    assert R.deal_count(before) == 4 and len(drawn) == 2, texts  # the traded card's replacement and the fifth
    assert R.deal_count(S) == 5 and S["boom"] == 1
    assert "fifth deal card" in texts[k]
    marker = sorted(e["time"] for e in S["table"] if e["card"] != drawn[-1]["data"]["card"])[1]
    assert drawn[-1]["data"]["time"] == marker + D.CARDS[drawn[-1]["data"]["card"]]["plus"]
    assert "Hochkonjunktur" in ENGINE.render(S, 0) or "fifth" in ENGINE.render(S, 0)
    # the next deal card traded is not replaced: four again, nothing drawn
    prev, nxt = _default_play_until(S, lambda st: R.deal_count(st["state"]) != 5)
    T = nxt["state"]
    assert R.deal_count(T) == 4 and T["boom"] == 0
    assert len(T["pack"]) == len(prev["pack"])
    assert any(e["type"] == "boom_over" and "not replaced" in e["text"] for e in nxt["events"])
    # and the table is kept at four afterwards
    _, later = _default_play_until(T, lambda st: any(e["type"] == "new_deal" for e in st["events"]))
    assert R.deal_count(later["state"]) == 4


def test_boom_is_not_used_with_five_deals_out():
    S = started(3)
    _draw(S, "e4", then=[{"do": "round_end"}])
    assert R.deal_count(S) == 5 and S["boom"] == 1
    S["pack"].insert(0, "e4")  # (the Nobility Game returns it to the stock: it can come up again)
    S["out"].remove("e4")
    ev = _draw(S, "e4", then=[{"do": "round_end"}])
    assert R.deal_count(S) == 5 and "not used" in " ".join(e["text"] for e in ev)


def test_lottery():
    S = started(3)
    S["start"] = 2
    _draw(S, "e5")
    assert S["pending"]["seat"] == 2
    S = _act(S, 2, {"type": "lottery", "numbers": [1, 2]})["state"]
    S = _act(S, 0, {"type": "lottery", "numbers": [3]})["state"]
    S = _act(S, 1, {"type": "lottery", "numbers": []})["state"]
    with pytest.raises(IllegalAction):  # sold already
        ENGINE.validate(S, 2, {"type": "lottery", "numbers": [3]})
    S = _act(S, 2, {"type": "lottery", "numbers": [6]})["state"]
    S = _act(S, 0, {"type": "lottery", "numbers": []})["state"]
    S = _act(S, 1, {"type": "lottery", "numbers": []})["state"]
    S["rng"] = next(Rng.from_seed(i).state for i in range(1, 999) if Rng.from_seed(i).die() == 6)
    step = _act(S, 2, {"type": "lottery", "numbers": []})   # three passes in a row: the die is rolled
    T = step["state"]
    assert T["pending"] is None or T["pending"]["kind"] != "lottery"
    assert T["seats"][2]["notes"] == 1
    assert T["ledger"][2]["lottery"] == -300 and T["ledger"][0]["lottery"] == -100
    assert "e5" in T["out"]


def test_blockade_cancels_the_next_offer_in_venedig_or_sueditalien():
    S = started(3)
    S["table"] = [e for e in S["table"] if D.CARDS[e["card"]]["town"] not in ("venedig", "sueditalien")]
    S["table"].append({"card": "a02", "time": 9, "drawn": 0})  # spice offer in Venedig
    for c in ("a02", "e6"):
        for pile in (S["pack"], S["unused"]["offer"]):
            if c in pile:
                pile.remove(c)
    S["pack"].insert(0, "e6")
    _draw(S, "e6")
    assert all(e["card"] != "a02" for e in S["table"]) and {"a02", "e6"} <= set(S["out"])
    # no such offer out: the next one drawn is cancelled
    S = started(3)
    S["table"] = [e for e in S["table"] if D.CARDS[e["card"]]["town"] not in ("venedig", "sueditalien")]
    for c in ("a04", "e6"):
        for pile in (S["pack"], S["unused"]["offer"]):
            if c in pile:
                pile.remove(c)
    S["pack"].insert(0, "e6")
    _draw(S, "e6")
    assert S["blockade"] == "e6"
    S["pack"] = ["a04"] + [c for c in S["pack"] if D.CARDS[c]["kind"] != "chance"]  # no boom among the draws
    S["table"] = S["table"][:3]
    S["agenda"] = [{"do": "round_end"}, {"do": "refill"}]
    S["pending"] = None
    R.run(S, [])
    assert "a04" in S["out"] and S["blockade"] is False and len(S["table"]) == 4

