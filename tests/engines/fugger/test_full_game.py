"""The Full Game: the first owner's privileges, the end at the second estate, the richer owner wins."""

from engines.fugger import ENGINE
from engines.fugger import nobility_data as ND
from engines.fugger import rules as R

from .vhelpers import sealed, vstarted
from .test_estates import _make_noble, _sale_now


def _first_owner(players=3):
    S = vstarted("full", players=players)
    _make_noble(S, 0)
    _sale_now(S, "l1")
    S = sealed(S, {0: {"type": "auction", "amount": 9000}})["state"]
    return S


def test_the_game_goes_on_after_the_first_estate():
    S = _first_owner()
    assert not S["over"] and S["nob"]["estates"] == [[0, "l1"]]


def test_first_owner_300_interest_no_taxes_collects_the_others_taxes():
    S = _first_owner()
    for s in range(3):
        S["seats"][s]["notes"] = 1
    S["seats"][0]["cash"] = 5000
    S["pending"] = {"kind": "payday", "seat": 0, "fired": False}
    S["agenda"] = [{"do": "round_end"}, {"do": "payday_pay"}]
    T = ENGINE.apply(S, {0: {"type": "done"}})["state"]
    assert T["ledger"][0]["interest"] == 300 and T["ledger"][1]["interest"] == 200
    assert "taxes" not in T["ledger"][0]
    assert T["ledger"][1]["taxes"] == -300 and T["ledger"][2]["taxes"] == -300
    assert T["ledger"][0]["tax_income"] == 600


def test_rent_every_july():
    S = _first_owner()
    S["pending"] = None
    S["t"] = 15  # the calendar at the next early July
    S["agenda"] = [{"do": "round_start"}]
    ev = []
    S["agenda"] = []
    R.t_round_start(S, {}, ev)
    assert S["ledger"][0]["rent"] == ND.ALL_CARDS["l1"]["rent"] == 400


def test_second_estate_ends_and_the_richer_owner_wins_counting_the_estates_minimum():
    S = _first_owner()
    _make_noble(S, 1)
    S["seats"][1]["cash"] = 20000
    _sale_now(S, "l6")
    S = sealed(S, {1: {"type": "auction", "amount": 12000}})["state"]
    assert S["over"]
    out = ENGINE.outcome(S)
    w = [d["total"] for d in out["detail"]["wealth"]]
    assert w[0] == R.wealth(S, 0) + 9000 and w[1] == R.wealth(S, 1) + 12000
    assert out["scores"][:2] == [ND.SHIELD + 1, ND.SHIELD + 1]
    assert out["ranks"][1] == 1 and out["ranks"][0] == 2  # player 2 kept 8000 cash and has the dearer estate


def test_render_at_the_end_names_the_ranking():
    S = _first_owner()
    _make_noble(S, 1)
    S["seats"][1]["cash"] = 20000
    _sale_now(S, "l6")
    S = sealed(S, {1: {"type": "auction", "amount": 12000}})["state"]
    text = ENGINE.render(S, 0)
    assert "The game is over. 1. Player 2 (table estate, wealth" in text
    assert "2. Player 1 (table estate" in text


def test_the_game_ends_after_twenty_years_with_the_first_owner_ahead():
    S = _first_owner(players=2)
    S["pending"] = None
    S["t"] = 15 * 20 - 7  # the last space (December) of year 20
    assert R.B.cal_year(S["t"]) == 20
    S["agenda"] = [{"do": "round_end"}]
    ev = []
    R.run(S, ev)
    assert S["over"] and any(e["type"] == "game_over" and "20 years" in e["text"] for e in ev)
    assert ENGINE.outcome(S)["ranks"][0] == 1
