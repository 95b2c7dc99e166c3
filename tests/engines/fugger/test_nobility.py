"""The Nobility Game: preparation, noble clients and the nobility table, debt notes,
passages, the end."""

import pytest

from engines.base import IllegalAction
from engines.fugger import ENGINE
from engines.fugger import nobility as NB
from engines.fugger import nobility_data as ND
from engines.fugger import rules as R

from .helpers import clear_wares, move_turn, put_rep, rng_giving, start_deal
from .vhelpers import act, sealed, take_card, vstarted


def _counts(cards):
    out = {}
    for c in cards:
        k = NB.pile_kind(c)
        out[k] = out.get(k, 0) + 1
    return out


def test_card_pools_hold_the_texts_totals():
    pools = {}
    for cid, c in ND.ALL_CARDS.items():
        if c["set"] in (1, 2):
            k = NB.pile_kind(cid)
            pools[k] = pools.get(k, 0) + 1
    assert pools == {"noble": 17, "demand": 20, "offer": 20, "chance": 14, "market": 5}
    pools3 = {}
    for cid in ND.ALL_CARDS:
        k = NB.pile_kind(cid)
        pools3[k] = pools3.get(k, 0) + 1
    assert pools3 == {"noble": 19, "demand": 20, "offer": 20, "chance": 17, "market": 6, "estate": 6}


@pytest.mark.parametrize("players,offers", [(2, (9, 5)), (3, (8, 5)), (4, (7, 5)), (5, (6, 5)), (6, (5, 5))])
def test_game_pack_and_stock_split_by_player_count(players, offers):
    S = ENGINE.setup(players, 7, {"variant": "nobility"})
    game = [e["card"] for e in S["table"]] + S["pack"]
    assert _counts(game) == {"noble": 8, "demand": 3, "offer": offers[0], "chance": 13} or (
        # the four cards on the table are two demands (noble or normal) and two offers
        sum(_counts(game).get(k, 0) for k in ("noble", "demand")) == 11)
    g = _counts(game)
    assert g["noble"] + g["demand"] == 11 and g["offer"] == offers[0] and g["chance"] == 13
    assert g["noble"] == 8 and g["demand"] == 3
    assert _counts(S["stock"]) == {"noble": 8, "offer": offers[1], "chance": 1}
    assert len(S["unused"]["market"]) == 4 and S["market"] not in S["unused"]["market"]
    kinds = sorted(NB.deal_kind(e["card"]) for e in S["table"])
    assert kinds == ["demand", "demand", "offer", "offer"]
    demand_times = sorted(e["time"] for e in S["table"] if NB.deal_kind(e["card"]) == "demand")
    for e in S["table"]:
        c = R.card(e["card"])
        if c["kind"] == "offer":
            assert e["time"] == demand_times[1] + c["plus"]
        else:
            assert e["time"] == 2 + c["plus"]


def test_start_positions_florenz_one_ahead():
    S = vstarted(players=3, homes=["augsburg", "florenz", "nuernberg"])
    assert S["nob"]["pos"] == [0, 1, 0]


def _noble_sale(S, seat=0, cid="d02", price=1700, ware="metal", n=1, town="prag"):
    """Seat sells ``n`` units to the noble demand ``cid`` and reaches its donation question."""
    clear_wares(S)
    take_card(S, cid)
    S["table"].append({"card": cid, "time": S["t"], "drawn": 0})
    put_rep(S, seat, 1, town, **{ware: n})
    start_deal(S, cid)
    pend = S["pending"]
    assert pend["kind"] == "deal" and pend["seats"] == [seat]
    return sealed(S, {seat: {"type": "sell", "ware": ware, "prices": [price] * n}})["state"]


def test_noble_demand_asks_the_seller_to_give_up_500_or_1000():
    S = vstarted(players=2)
    S = _noble_sale(S, n=2)
    assert S["pending"] == {"kind": "donate", "seat": 0, "card": "d02", "got": 3400}
    assert ENGINE.actions(S, 0)[0]["params"]["amount"]["enum"] == ["none", "500", "1000"]
    S1 = _noble_sale(vstarted(players=2), n=1, price=800)
    assert S1["pending"]["kind"] == "donate"  # 800 received: only 500 may be given
    assert ENGINE.actions(S1, 0)[0]["params"]["amount"]["enum"] == ["none", "500"]
    with pytest.raises(IllegalAction):
        ENGINE.validate(S1, 0, {"type": "donate", "amount": "1000"})


def test_a_normal_demand_asks_nothing():
    S = vstarted(players=2)
    clear_wares(S)
    take_card(S, "n01")
    S["table"].append({"card": "n01", "time": S["t"], "drawn": 0})
    put_rep(S, 0, 1, "basel", metal=1)
    start_deal(S, "n01")
    S = sealed(S, {0: {"type": "sell", "ware": "metal", "prices": [1600]}})["state"]
    assert S["pending"] is None or S["pending"]["kind"] != "donate"


@pytest.mark.parametrize("total,result", [(2, "honour"), (3, "note"), (5, "sea"), (6, "free"), (12, "honour")])
def test_column_of_position_zero(total, result):
    assert ND.column_for(0)["results"][str(total)] == result


def _donate(S, amount, roll):
    S["rng"] = rng_giving([roll])
    return act(S, 0, {"type": "donate", "amount": amount})


def test_result_honour_three_spaces():
    S = _noble_sale(vstarted(players=2))
    cash = S["seats"][0]["cash"]
    step = _donate(S, "500", 2)
    T = step["state"]
    assert T["seats"][0]["cash"] == cash - 500 and T["ledger"][0]["donation"] == -500
    assert T["nob"]["pos"][0] == 3 and T["seats"][0]["notes"] == 0
    roll = next(e for e in step["events"] if e["type"] == "nobility_roll")["data"]
    assert roll["result"] == "honour" and roll["position"] == 0


@pytest.mark.parametrize("amount,notes", [("500", 1), ("1000", 2)])
def test_result_debt_notes_one_or_two_by_the_sum(amount, notes):
    S = _noble_sale(vstarted(players=2), n=1)
    T = _donate(S, amount, 3)["state"]
    assert T["seats"][0]["notes"] == notes and T["nob"]["issued"] == notes
    assert T["nob"]["pos"][0] == 2 * notes


def test_result_sea_passage_cube_on_a_sea_area_two_spaces():
    S = _noble_sale(vstarted(players=2))
    T = _donate(S, "500", 5)["state"]
    assert T["nob"]["pos"][0] == 2
    assert T["pending"] == {"kind": "cube", "seat": 0, "what": "sea"}
    assert ENGINE.actions(T, 0)[0]["params"]["area"]["enum"] == ["Nordsee", "Ostsee", "Atlantik", "Mittelmeer"]
    T = act(T, 0, {"type": "cube", "area": "Ostsee"})["state"]
    assert T["nob"]["sea"][0] == ["Ostsee"]


def test_result_free_passage_cube_on_a_land_region_one_space():
    S = _noble_sale(vstarted(players=2))
    T = _donate(S, "500", 6)["state"]
    assert T["nob"]["pos"][0] == 1 and T["pending"]["kind"] == "cube" and T["pending"]["what"] == "free"
    T = act(T, 0, {"type": "cube", "area": "Franken"})["state"]
    assert T["nob"]["free"][0] == ["Franken"]


def test_the_column_above_the_position_decides():
    S = _noble_sale(vstarted(players=2))
    S["nob"]["pos"][0] = 15  # last column: 6 is a debt note there
    T = _donate(S, "500", 6)["state"]
    assert T["seats"][0]["notes"] == 1 and T["nob"]["pos"][0] == 17


def test_rechentrick_gives_600_counted_as_1000():
    S = _noble_sale(vstarted(players=2), n=1)
    S["nob"]["trick"] = 0
    assert ENGINE.actions(S, 0)[0]["params"]["amount"]["enum"] == ["none", "500", "1000", "trick"]
    cash = S["seats"][0]["cash"]
    T = _donate(S, "trick", 3)["state"]
    assert cash - T["seats"][0]["cash"] == 600
    assert T["seats"][0]["notes"] == 2 and T["nob"]["trick"] is None


def test_no_donation_keeps_the_price():
    S = _noble_sale(vstarted(players=2))
    cash = S["seats"][0]["cash"]
    T = act(S, 0, {"type": "donate", "amount": "none"})["state"]
    assert T["seats"][0]["cash"] == cash and T["nob"]["pos"][0] == 0


def test_debt_notes_interest_200_before_wages_sale_300():
    S = vstarted(players=2)
    S["seats"][0]["notes"] = 2
    S["nob"]["issued"] = 2
    S["seats"][0]["cash"] = 0
    S["ledger"][0] = {"fine": -9000}
    S["pending"] = None
    S["agenda"] = [{"do": "round_end"}, {"do": "payday_pay"}]
    step = ENGINE.apply(dict(S, pending={"kind": "payday", "seat": 0, "fired": False}), {0: {"type": "done"}})
    T = step["state"]
    types = [e["type"] for e in step["events"]]
    assert types.index("interest") < types.index("paid")
    assert T["ledger"][0]["interest"] == 400
    # wages 100 for one employee and 300 taxes were paid from the 400 interest
    assert T["seats"][0]["cash"] == 0
    U = vstarted(players=2)
    U["seats"][0]["notes"] = 1
    U["nob"]["issued"] = 1
    move_turn(U, 0)
    U = act(U, 0, {"type": "sellnote", "count": 1})["state"]
    assert U["seats"][0]["notes"] == 0 and U["ledger"][0]["note_sale"] == 300


def test_debt_notes_trade_between_players_without_moving_on_the_table():
    S = vstarted(players=3)
    S["seats"][0]["notes"] = 2
    S["nob"]["issued"] = 2
    move_turn(S, 0)
    acts = ENGINE.parse(S, 0, "offernote 1 to player 3 for 450")
    assert acts == [{"type": "trade"}, {"type": "offer_note", "count": 1, "player": 3, "price": 450}]
    S = act(S, 0, acts[0])["state"]
    S = act(S, 0, acts[1])["state"]
    assert S["pending"]["kind"] == "accept" and S["pending"]["seat"] == 2
    assert ENGINE.decisions(S)[0]["prompt"] == "Player 1 offers you 1 debt note(s) for 450: `accept` or `decline`."
    assert ENGINE.command(S, 0, acts[1]) == "offernote 1 to player 3 for 450"
    S = act(S, 2, {"type": "accept"})["state"]
    assert S["seats"][0]["notes"] == 1 and S["seats"][2]["notes"] == 1
    assert S["ledger"][2]["player_sale"] == -450 and S["ledger"][0]["player_sale"] == 450
    assert S["nob"]["pos"] == [0, 0, 0]


def test_game_ends_when_a_marker_reaches_the_shield_after_the_trade():
    S = vstarted(players=2)
    S["nob"]["pos"][0] = 18
    # both sell to the noble client; player 1 reaches the shield first, player 2 still rolls
    clear_wares(S)
    take_card(S, "d02")
    S["table"].append({"card": "d02", "time": S["t"], "drawn": 0})
    put_rep(S, 0, 1, "prag", metal=1)
    put_rep(S, 1, 1, "prag", metal=1)
    S["nob"]["pos"][1] = 19
    start_deal(S, "d02")
    S = sealed(S, {0: {"type": "sell", "ware": "metal", "prices": [1700]},
                   1: {"type": "sell", "ware": "metal", "prices": [1700]}})["state"]
    order = R.seat_order(S)
    first = order[0]
    S["rng"] = rng_giving([2])
    S = act(S, first, {"type": "donate", "amount": "500"})["state"]
    assert not S["over"] and S["pending"]["kind"] == "donate"
    other = S["pending"]["seat"]
    S["seats"][1]["cash"] += 1000  # player 2 is the richer new noble
    S["rng"] = rng_giving([2])
    step = act(S, other, {"type": "donate", "amount": "500"})
    T = step["state"]
    assert T["over"] and sorted(T["nob"]["nobles"]) == [0, 1]
    out = ENGINE.outcome(T)
    assert R.wealth(T, 1) == R.wealth(T, 0) + 1000
    assert out["ranks"] == [2, 1]
    assert out["scores"] == [ND.SHIELD, ND.SHIELD]


def test_black_sheep_moves_back_one_space_unless_at_start_or_noble():
    from .vhelpers import draw_chance
    S = vstarted(players=2)
    S["nob"]["pos"] = [4, 0]
    sheep = next(c for c, d in ND.ALL_CARDS.items() if d.get("effect") == "black_sheep")
    draw_chance(S, sheep)
    assert S["pending"]["kind"] == "sheep"
    keeper = S["pending"]["seat"]
    S["nob"]["pos"][keeper] = 4
    T = act(S, keeper, {"type": "keep"})["state"]
    assert T["nob"]["pos"][keeper] == 3 and T["black_sheep"] == keeper
    S["nob"]["pos"][keeper] = 0
    T = act(S, keeper, {"type": "keep"})["state"]
    assert T["nob"]["pos"][keeper] == 0


def test_lottery_gives_a_note_and_two_spaces_and_returns_to_stock():
    from .vhelpers import draw_chance
    S = vstarted(players=2)
    draw_chance(S, "e5")
    seat = S["pending"]["seat"]
    S = act(S, seat, {"type": "lottery", "numbers": [1, 2, 3, 4, 5, 6]})["state"]  # all six: the die is rolled
    assert S["seats"][seat]["notes"] == 1 and S["nob"]["pos"][seat] == 2 and S["nob"]["issued"] == 1
    assert "e5" in S["stock"]


def test_untraded_and_reused_cards_go_to_stock_others_out():
    S = vstarted(players=2)
    clear_wares(S)
    for cid in ("d02", "d03"):
        take_card(S, cid)
        S["table"].append({"card": cid, "time": S["t"], "drawn": 0})
    start_deal(S, "d03")  # nobody at Regensburg: not traded
    assert "d03" in S["stock"] and all(e["card"] != "d03" for e in S["table"])
    S = _noble_sale(S)  # d02 is "wird wiederverwendet"
    S = act(S, 0, {"type": "donate", "amount": "none"})["state"]
    assert "d02" in S["stock"]
    S = _noble_sale(S, cid="d01", town="wien", ware="spice", price=1500)
    S = act(S, 0, {"type": "donate", "amount": "none"})["state"]
    assert "d01" in S["out"]


def test_stock_becomes_the_game_pack_when_the_pack_runs_out():
    S = vstarted(players=2)
    S["stock"] = [c for c in S["stock"] + S["pack"] if R.card(c)["kind"] in ("demand", "offer")]
    S["pack"] = []
    S["table"] = S["table"][:3]
    n = len(S["stock"])
    S["pending"] = None
    S["agenda"] = [{"do": "round_end"}, {"do": "refill"}]
    ev = []
    R.run(S, ev)
    assert any(e["type"] == "reshuffle" for e in ev)
    assert S["stock"] == [] and R.deal_count(S) == 4 and len(S["pack"]) == n - 1


def test_commands_of_the_nobility_game_read_back():
    S = _noble_sale(vstarted(players=2), n=2)
    for line, a in (("donate 500", {"type": "donate", "amount": "500"}),
                    ("Donate 1000", {"type": "donate", "amount": "1000"}),
                    ("donate none", {"type": "donate", "amount": "none"}),
                    ("donate 0", {"type": "donate", "amount": "none"})):
        assert ENGINE.parse(S, 0, line) == [a]
        assert ENGINE.parse(S, 0, ENGINE.command(S, 0, a)) == [a]
    S["nob"]["trick"] = 0
    assert ENGINE.parse(S, 0, "donate rechentrick") == [{"type": "donate", "amount": "trick"}]
    T = _donate(S, "500", 6)["state"]  # free passage: choose a region
    for line, area in (("cube Franken", "Franken"), ("cube Böhmen", "Böhmen"), ("cube boehmen", "Böhmen"),
                       ("cube Spanien/Portugal", "Spanien/Portugal"), ("cube österreich", "Österreich")):
        a = {"type": "cube", "area": area}
        assert ENGINE.parse(T, 0, line) == [a]
        assert ENGINE.parse(T, 0, ENGINE.command(T, 0, a)) == [a]
    assert "free passage" in ENGINE.render(T, 0)


def test_auction_commands_and_render():
    from .vhelpers import draw_chance
    S = vstarted(players=3)
    draw_chance(S, "e7")
    assert ENGINE.parse(S, 1, "auction 520") == [{"type": "auction", "amount": 520}]
    assert ENGINE.parse(S, 1, "bid 600") == [{"type": "auction", "amount": 600}]
    assert ENGINE.parse(S, 1, "auction none") == [{"type": "auction", "amount": 0}]
    assert ENGINE.command(S, 1, {"type": "auction", "amount": 520}) == "auction 520"
    text = ENGINE.render(S, 1)
    assert "Nobility table (shield at 20)" in text and "sealed bid" in text
    # the columns: what a roll gives from each position
    assert "positions 0-4: 2 honour +3, 3 debt note(s) +2" in text and "positions 15-19: " in text
    v = ENGINE.view(S, 1)
    assert v["stock"]["size"] == len(S["stock"]) and "nob" in v


def test_views_show_the_packs_as_sizes_and_the_table_in_full():
    S = vstarted("country_estate", players=3)
    v = ENGINE.view(S, 0)
    assert set(v["stock"]) == {"size", "kinds"} and v["stock"]["kinds"]["estate"] == 6
    assert v["stock"]["size"] == len(S["stock"]) and v["pack"]["size"] == len(S["pack"])
    assert "unused" not in v and "rng" not in v
    assert v["nob"]["pos"] == [0, 0, 0]
    T = ENGINE.shuffle_hidden(S, 0, __import__("engines.rng", fromlist=["Rng"]).Rng.from_seed(5))
    assert ENGINE.view(T, 0) == v and T["stock"] != S["stock"]


def test_a_noble_is_not_asked_to_donate():
    S = vstarted("country_estate", players=2)  # the game goes on after nobility
    S["nob"]["pos"][0] = ND.SHIELD
    S["nob"]["nobles"] = [0]
    S = _noble_sale(S)
    assert not S["over"] and S["pending"]["kind"] != "donate" and S["ledger"][0]["demand"] == 1700
