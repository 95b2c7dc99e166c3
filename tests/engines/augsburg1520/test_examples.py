"""Every worked example of the two rulebook texts, number for number.

Seats: Ada = P1 (0), Matthias = P2 (1), Lorenz = P3 (2), Sigurd = P4 (3) — the
bidding order of the first auction example ("Matthias, her left neighbour").
"""

import pytest

from engines.augsburg1520 import ENGINE
from engines.augsburg1520 import rules as R
from engines.base import IllegalAction
from engines.rng import Rng

from .helpers import act, own, take_cards, sealed, set_hand, set_level, set_money, started, texts, visit, winner

ADA, MATTHIAS, LORENZ, SIGURD = 0, 1, 2, 3


# --- 1st auction example (Maria) -------------------------------------------------------


def maria_auction():
    """Ada opens for Maria (she won Léo): 3; Matthias holds; Lorenz passes; Sigurd 4; Ada passes."""
    s = started(4, seed=11)
    set_hand(s, MATTHIAS, ["maria-14", "maria-15", "joker-1", "joker-2", "joker-3", "leo-3"])
    set_hand(s, SIGURD, ["maria-4", "maria-8", "maria-9", "maria-12", "joker-7", "joker-8"])
    set_hand(s, ADA, ["maria-1", "maria-2", "maria-3", "philippe-5"])
    set_hand(s, LORENZ, ["maria-5", "louise-6"])
    for t in range(4):
        set_money(s, t, 1000)
    visit(s, "maria", ADA)
    s, _ = act(s, ADA, {"type": "bid", "count": 3})
    s, _ = act(s, MATTHIAS, {"type": "hold"})
    s, _ = act(s, LORENZ, {"type": "pass"})
    s, _ = act(s, SIGURD, {"type": "raise", "count": 4})
    s, _ = act(s, ADA, {"type": "pass"})
    return s


def test_auction_example_1_the_bidding():
    s = maria_auction()
    a = s["auction"]
    assert a["high"] == 4 and a["leader"] == SIGURD
    assert sorted(a["out"]) == [ADA, LORENZ]
    # it is Matthias' turn: pass, hold or raise
    assert [d["seat"] for d in ENGINE.decisions(s)] == [MATTHIAS]
    assert [sp["type"] for sp in ENGINE.actions(s, MATTHIAS)] == ["hold", "raise", "pass"]


def test_auction_example_1_if_matthias_passes_sigurd_shows_4_with_up_to_3_jokers():
    s = maria_auction()
    s, _ = act(s, MATTHIAS, {"type": "pass"})
    assert s["step"] == "pay" and s["showdown"] == {"seats": [SIGURD], "count": 4}
    # four jokers are not an offer; three jokers and a Maria note are
    with pytest.raises(IllegalAction):
        ENGINE.validate(s, SIGURD, {"type": "reveal", "cards": ["joker-7", "joker-8", "maria-4"]})
    take_cards(s, SIGURD, ["joker-9", "joker-10"])
    with pytest.raises(IllegalAction, match="jokers only"):
        ENGINE.validate(s, SIGURD, {"type": "reveal", "cards": ["joker-7", "joker-8", "joker-9", "joker-10"]})
    s, events = act(s, SIGURD, {"type": "reveal", "cards": ["maria-4", "joker-7", "joker-8", "joker-9"]})
    assert sorted(s["hands"][SIGURD]) == ["joker-10", "maria-12", "maria-8", "maria-9"]
    assert s["discard"][-4:] == ["maria-4", "joker-7", "joker-8", "joker-9"]
    assert s["winners"][3] == SIGURD and s["marker"] == SIGURD
    # no showdown: nobody is compensated (IT: no compensation money without a showdown)
    assert s["money"] == [1000, 1000, 1000, 1000]
    assert s["step"] == "choose" and ENGINE.decisions(s)[0]["seat"] == SIGURD


def test_auction_example_1_if_matthias_raises_sigurd_may_pass_hold_or_raise():
    s = maria_auction()
    s, _ = act(s, MATTHIAS, {"type": "raise", "count": 5})
    # Lorenz and Ada passed: they are out; Sigurd acts next
    assert ENGINE.decisions(s)[0]["seat"] == SIGURD
    assert [sp["type"] for sp in ENGINE.actions(s, SIGURD)] == ["hold", "raise", "pass"]


def test_auction_example_1_if_matthias_holds_the_showdown():
    s = maria_auction()
    s, _ = act(s, MATTHIAS, {"type": "hold"})
    # Sigurd cannot raise on himself: the bidding is over, both show 4 notes at once
    assert s["step"] == "reveal"
    assert sorted(d["seat"] for d in ENGINE.decisions(s)) == [MATTHIAS, SIGURD]
    assert all(d["sealed"] for d in ENGINE.decisions(s))
    sigurd_before = sorted(s["hands"][SIGURD])
    s, events = sealed(s, {
        MATTHIAS: {"type": "reveal", "cards": ["maria-14", "maria-15", "joker-1", "joker-2"]},
        SIGURD: {"type": "reveal", "cards": ["maria-4", "maria-8", "maria-9", "maria-12"]},
    })
    # the 15 wins: Matthias discards his 4 notes
    assert s["winners"][3] == MATTHIAS
    assert sorted(s["hands"][MATTHIAS]) == ["joker-3", "leo-3"]
    assert sorted(s["discard"][-4:]) == ["joker-1", "joker-2", "maria-14", "maria-15"]
    # Sigurd takes his 4 cards back and receives 100 florins; nobody receives 50
    assert sorted(s["hands"][SIGURD]) == sigurd_before
    assert s["money"] == [1000, 1000, 1000, 1100]
    assert "Sigurd" not in " ".join(texts(events))
    assert any("P4 receives 100 florins" in t for t in texts(events))


# --- 2nd auction example (Maximilien) ----------------------------------------------------


def test_auction_example_2_maximilien_leo_15_beats_philippe_15():
    s = started(4, seed=12)
    set_hand(s, MATTHIAS, ["leo-15", "maria-3", "joker-1", "louise-2"])
    set_hand(s, ADA, ["philippe-15", "philippe-7", "leo-2"])
    for t in range(4):
        set_money(s, t, 500)
    visit(s, "maximilien", ADA)
    s, _ = act(s, ADA, {"type": "bid", "count": 3})
    s, _ = act(s, MATTHIAS, {"type": "hold"})
    s, _ = act(s, LORENZ, {"type": "pass"})
    s, _ = act(s, SIGURD, {"type": "pass"})
    assert s["step"] == "reveal" and s["showdown"]["seats"] == [ADA, MATTHIAS]
    # any notes are valid for Maximilien
    s, _ = sealed(s, {
        MATTHIAS: {"type": "reveal", "cards": ["leo-15", "maria-3", "joker-1"]},
        ADA: {"type": "reveal", "cards": ["philippe-15", "philippe-7", "leo-2"]},
    })
    assert s["winners"][4] == MATTHIAS
    assert s["money"] == [600, 500, 500, 500]  # Ada, the 2nd highest card, gets 100
    assert sorted(s["hands"][ADA]) == ["leo-2", "philippe-15", "philippe-7"]


def test_showdown_order_uses_maria_leo_louise_philippe_for_maximilien():
    revealed = {0: ["philippe-15"], 1: ["leo-15", "joker-1"], 2: ["maria-15"], 3: ["louise-15"]}
    assert R.showdown_order(revealed, "maximilien") == [2, 1, 3, 0]
    assert R.showdown_order({0: ["maria-3", "maria-16"], 1: ["maria-17"], 2: ["maria-9"]}, "maria") == [1, 0, 2]


def test_three_tied_2nd_gets_100_and_3rd_gets_50():
    s = started(4, seed=13)
    set_hand(s, ADA, ["leo-10", "leo-1"])
    set_hand(s, MATTHIAS, ["leo-12", "joker-1"])
    set_hand(s, LORENZ, ["leo-5", "leo-6"])
    set_hand(s, SIGURD, ["leo-17", "joker-2"])
    for t in range(4):
        set_money(s, t, 0)
    visit(s, "leo", ADA)
    s, _ = act(s, ADA, {"type": "bid", "count": 2})
    s, _ = act(s, MATTHIAS, {"type": "hold"})
    s, _ = act(s, LORENZ, {"type": "hold"})
    s, _ = act(s, SIGURD, {"type": "pass"})
    s, _ = sealed(s, {t: {"type": "reveal", "cards": list(s["hands"][t])} for t in (ADA, MATTHIAS, LORENZ)})
    assert s["winners"][2] == MATTHIAS
    assert s["money"] == [100, 0, 50, 0]


# --- privilege examples --------------------------------------------------------------


def test_privilege_example_1_matthias_gold_architect_cathedral_prestige():
    s = started(4, seed=21)
    set_money(s, MATTHIAS, 400)
    own(s, MATTHIAS, "baumeister")
    own(s, MATTHIAS, "kirche")
    s["prestige"][MATTHIAS] = 42
    s["noble"] = 1
    winner(s, MATTHIAS, [1, 5, 6])
    assert s["step"] == "choose"
    s, _ = act(s, MATTHIAS, {"type": "choose", "card": 1})  # 500 florins, purple, 6 prestige
    s, _ = act(s, MATTHIAS, {"type": "gold"})
    assert s["money"][MATTHIAS] == 900
    s, _ = act(s, MATTHIAS, {"type": "architect", "tile": "dom"})
    assert s["money"][MATTHIAS] == 0 and s["owned"][MATTHIAS]["dom"] == 900
    s, _ = act(s, MATTHIAS, {"type": "prestige"})
    assert s["prestige"][MATTHIAS] == 48  # 42 -> 48: the cathedral lets him pass 45
    assert s["privileges"]["used"] == [1] and s["noble"] == 2 and s["step"] == "bid"


def test_privilege_example_2_sigurd_burgermeister_baumeister_church():
    s = started(4, seed=22)
    set_level(s, SIGURD, "purple", [2, 3])
    set_money(s, SIGURD, 1000)
    winner(s, SIGURD, [2, 7])
    s, _ = act(s, SIGURD, {"type": "choose", "card": 2})  # purple, purple, 500 florins
    s, _ = act(s, SIGURD, {"type": "climb", "category": "purple", "source": "supply"})
    assert R.level(s, SIGURD, "purple") == 4 and s["levels"]["purple"][SIGURD] == [2, 4]
    assert s["supply"]["purple"] == {"2": 3, "3": 2, "4": 0}  # his Ratsherr card went back
    s, _ = act(s, SIGURD, {"type": "tile", "tile": "baumeister"})
    assert s["step"] == "finish"  # two privileges used; the Baumeister may build at once
    s, _ = act(s, SIGURD, {"type": "architect", "tile": "kirche"})
    assert s["owned"][SIGURD]["kirche"] == 700 and s["money"][SIGURD] == 300
    assert s["step"] == "bid"


def test_privilege_example_3_sigurd_furst_and_letter_of_nobility_16_per_round():
    s = started(4, seed=23)
    set_level(s, SIGURD, "orange", [2, 3])
    own(s, ADA, "adelsbrief")  # the 5 is gone: the top letter is worth 4
    winner(s, SIGURD, [3, 8])
    s, _ = act(s, SIGURD, {"type": "choose", "card": 3})  # orange, orange, draw
    s, _ = act(s, SIGURD, {"type": "climb", "category": "orange", "source": "supply"})
    s, _ = act(s, SIGURD, {"type": "tile", "tile": "adelsbrief"})
    assert s["owned"][SIGURD]["adelsbrief"] == 4
    assert R.round_prestige(s, SIGURD) == 16  # 12 + 4
    own(s, SIGURD, "kirche")
    before = s["prestige"][SIGURD]
    R.phase2(s, Rng(s["rng"]), [])
    assert s["prestige"][SIGURD] == before + 16


def test_privilege_example_4_rudiger_takes_300_then_builds_the_church():
    s = started(4, seed=24)
    rudiger = LORENZ
    set_level(s, rudiger, "yellow", [2])
    set_money(s, rudiger, 500)  # 200 short of the 700 church
    winner(s, rudiger, [4, 9])
    s, _ = act(s, rudiger, {"type": "choose", "card": 4})  # yellow, purple, 7 prestige
    assert "build" not in [sp["type"] for sp in ENGINE.actions(s, rudiger)]
    with pytest.raises(IllegalAction):
        ENGINE.validate(s, rudiger, {"type": "build", "tile": "kirche"})
    s, _ = act(s, rudiger, {"type": "cash"})
    assert s["money"][rudiger] == 800 and R.level(s, rudiger, "yellow") == 2
    s, _ = act(s, rudiger, {"type": "build", "tile": "kirche"})
    assert s["owned"][rudiger]["kirche"] == 700 and s["money"][rudiger] == 100


# --- the level-steal example of Lorenz and Martin ---------------------------------------


def test_lorenz_takes_martins_burgermeister():
    s = started(4, seed=31)
    lorenz, martin = 0, 1
    set_level(s, martin, "purple", [2, 4])
    own(s, martin, "baumeister")
    set_level(s, lorenz, "purple", [2, 3])
    assert s["supply"]["purple"]["4"] == 0
    set_money(s, martin, 0)
    winner(s, lorenz, [2, 5])
    s, _ = act(s, lorenz, {"type": "choose", "card": 2})
    climb = next(sp for sp in ENGINE.actions(s, lorenz) if sp["type"] == "climb")
    assert climb["params"]["source"]["enum"] == ["P2"]  # only from a player: the supply has none
    with pytest.raises(IllegalAction, match="Possible: `climb purple from P2`. A level card is taken from a player only when the supply has none"):
        ENGINE.validate(s, lorenz, {"type": "climb", "category": "purple", "source": "supply"})
    s, _ = act(s, lorenz, {"type": "climb", "category": "purple", "source": "P2"})
    assert s["levels"]["purple"][lorenz] == [2, 4] and s["levels"]["purple"][martin] == [2, 3]
    # Martin cannot defend himself, but chooses his compensation
    assert ENGINE.decisions(s) == [
        {"seat": martin, "kind": "compensation", "sealed": False,
         "prompt": "P1 took your level card: take 100 florins or 1 prestige."}]
    s, _ = act(s, martin, {"type": "compensate", "kind": "money"})
    assert s["money"][martin] == 100
    assert s["owned"][martin]["baumeister"] == 1  # he keeps his architect
    assert s["step"] == "use" and ENGINE.decisions(s)[0]["seat"] == lorenz
    # at the end of the round: Lorenz 7 notes (1 free), Martin 6
    assert R.draws(s, lorenz) == (1, 6)
    assert R.draws(s, martin) == (0, 6)


def test_compensation_in_prestige_instead():
    s = started(4, seed=32)
    set_level(s, 1, "orange", [2, 4])
    set_level(s, 0, "orange", [2, 3])
    s["prestige"][1] = 10
    winner(s, 0, [3])
    s, _ = act(s, 0, {"type": "climb", "category": "orange", "source": "P2"})
    s, _ = act(s, 1, {"type": "compensate", "kind": "prestige"})
    assert s["prestige"][1] == 11


# --- Ada's capped prestige and Rüdiger's phase 2 -------------------------------------------


def test_ada_stays_on_25_without_a_church():
    s = started(4, seed=41)
    set_level(s, ADA, "orange", [2, 3])  # Graf: 8
    own(s, ADA, "wappen", 2)
    own(s, ADA, "adelsbrief", 4)
    s["prestige"][ADA] = 21
    assert R.round_prestige(s, ADA) == 14
    events = []
    R.phase2(s, Rng(s["rng"]), events)
    assert s["prestige"][ADA] == 25  # not 35
    assert any("P1 scores 14 prestige (held at 25: no church), now 25" in t for t in texts(events))


def test_rudiger_phase_2():
    s = started(4, seed=42)
    rudiger = 2
    s["marker"] = 0
    set_level(s, rudiger, "yellow", [2])  # the office of Innsbruck: 900
    set_level(s, rudiger, "orange", [2, 3])  # Graf: 8
    own(s, rudiger, "wappen", 1)
    own(s, rudiger, "adelsbrief", 4)
    set_level(s, rudiger, "purple", [2, 4])  # Bürgermeister: 1 + 6
    own(s, rudiger, "muenzmeister")
    set_money(s, rudiger, 100)
    hand = sorted(s["hands"][rudiger])
    s["prestige"][rudiger] = 3
    R.phase2(s, Rng(s["rng"]), [])
    assert s["money"][rudiger] == 1000  # + 900
    assert s["prestige"][rudiger] == 16  # + 13 = 8 + 1 + 4
    assert len(s["hands"][rudiger]) == len(hand) + 2  # 2 free notes joined to the hand
    assert len(s["offers"][rudiger]) == 6  # 6 to buy: between 0 and 6 of them
    assert s["step"] == "buy"
    assert [d["seat"] for d in ENGINE.decisions(s)] == [0, 1, 2, 3]


def test_olaf_the_burgermeister_may_take_the_architect_or_the_mint_master():
    s = started(4, seed=43)
    olaf = 3
    set_level(s, olaf, "purple", [2, 4])
    winner(s, olaf, [9])  # 6 prestige, draw, purple
    tile = next(sp for sp in ENGINE.actions(s, olaf) if sp["type"] == "tile")
    assert tile["params"]["tile"]["enum"] == ["muenzmeister", "baumeister"]
