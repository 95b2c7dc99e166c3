"""Commands as players write them, and refusals a player understands (issue 12)."""

import pytest

from engines.base import IllegalAction, ParseError
from engines.fugger import ENGINE
from engines.rng import Rng

from .helpers import clear_wares, give, move_turn, put_rep, start_deal, started

PYTHON_WORDS = ("not in list", "index out of range", "invalid literal", "Traceback", "KeyError", "NoneType")


def _move_state():
    S = started(3)
    clear_wares(S)
    put_rep(S, 0, 2, "antwerpen", metal=1)
    put_rep(S, 0, 1, "antwerpen", metal=1)
    put_rep(S, 1, 2, "antwerpen")
    give(S, 0, "home", spice=1)
    move_turn(S, 0)
    return S


def _trade_state():
    S = _move_state()
    return ENGINE.apply(S, {0: {"type": "trade"}})["state"]


def _refusal(S, line):
    with pytest.raises(ParseError) as e:
        ENGINE.parse(S, 0, line)
    msg = e.value.message
    assert not any(w in msg for w in PYTHON_WORDS), msg
    assert "e.g." in msg  # what may be sent instead
    return msg


@pytest.mark.parametrize("line,keyword", [
    ("transfer 1 metal home 2", "from"),
    ("transfer 1 metal from home 2", "to"),
    ("transfer 1 metal from 1 to", "to"),
])
def test_transfer_without_a_keyword_says_which(line, keyword):
    msg = _refusal(_move_state(), line)
    assert f"'{keyword}'" in msg and "transfer 1 metal from home to 2" in msg


@pytest.mark.parametrize("line,keyword", [
    ("offernote 1 player 2 400", "to"),
    ("offernote 1 to player 2 400", "for"),
    ("offer 1 metal 2 to player 2 at 2 for 900", "from"),
    ("offer 1 metal from 2 player 2 at 2 for 900", "to"),
    ("offer 1 metal from 2 to player 2 at 2 900", "for"),
])
def test_offers_without_a_keyword_say_which(line, keyword):
    S = _trade_state()
    S["variant"] = "nobility"  # debt notes are traded in the longer games; the words are the same
    msg = _refusal(S, line)
    assert f"'{keyword}'" in msg


@pytest.mark.parametrize("line", ["move 2 to ulm", "move my 2 to the ulm", "Move rep 2 to Ulm"])
def test_to_in_a_route_is_filler(line):
    S = started(2)
    move_turn(S, 0)
    assert ENGINE.parse(S, 0, line) == [{"type": "move", "rep": 2, "path": ["ulm"]}]
    assert ENGINE.parse(S, 0, "move 2 to ulm then schwarzwald") == [
        {"type": "move", "rep": 2, "path": ["ulm", "schwarzwald"]}]


def _basel_demand():
    S = started(3)
    clear_wares(S)
    put_rep(S, 0, 2, "basel", metal=4)
    start_deal(S, "n01")  # Basel demand: 4 metal, maximum 1600
    return S


def test_thousands_separator_is_one_price():
    S = _basel_demand()
    assert ENGINE.parse(S, 0, "sell metal 1,540") == [{"type": "sell", "ware": "metal", "prices": [1540]}]
    assert ENGINE.parse(S, 0, "sell metal 1,540 1,580") == [{"type": "sell", "ware": "metal", "prices": [1540, 1580]}]
    assert ENGINE.parse(S, 0, "sell metal 1.540") == [{"type": "sell", "ware": "metal", "prices": [1540]}]
    # a comma between prices still separates them
    assert ENGINE.parse(S, 0, "sell metal 1540,1580") == [{"type": "sell", "ware": "metal", "prices": [1540, 1580]}]
    assert ENGINE.parse(S, 0, "sell metal 1540, 1580") == [{"type": "sell", "ware": "metal", "prices": [1540, 1580]}]


def test_too_many_prices_says_the_limit():
    S = _basel_demand()
    with pytest.raises(IllegalAction) as e:
        ENGINE.validate(S, 0, {"type": "sell", "ware": "metal", "prices": [1500] * 5})
    assert "at most 4" in e.value.message and "too long" not in e.value.message
    with pytest.raises(IllegalAction) as e:
        ENGINE.validate(S, 0, {"type": "sell", "ware": "metal", "prices": [1550]})
    assert "steps of 20" in e.value.message and "1540" in e.value.message
    with pytest.raises(IllegalAction) as e:
        ENGINE.validate(S, 0, {"type": "sell", "ware": "metal", "prices": [1700]})
    assert "maximum is 1600" in e.value.message


def test_a_bare_number_where_only_one_action_takes_numbers():
    S = _basel_demand()
    assert ENGINE.parse(S, 0, "1540 1580") == [{"type": "sell", "ware": "metal", "prices": [1540, 1580]}]
    S = started(2)
    S["pending"] = {"kind": "bribe", "seat": 0, "rep": 1, "card": "e1"}
    assert ENGINE.parse(S, 0, "2") == [{"type": "bribe", "points": 2}]
    S["pending"] = {"kind": "lottery", "seat": 0, "numbers": {}, "passes": 0, "card": "e5"}
    assert ENGINE.parse(S, 0, "3 5") == [{"type": "lottery", "numbers": [3, 5]}]


@pytest.mark.parametrize("line,action", [
    ("end my turn", {"type": "done"}),
    ("end movement", {"type": "done"}),
    ("transfer 1 metal from my 1 to my 2", {"type": "transfer", "count": 1, "ware": "metal", "from": "1", "to": "2"}),
    ("sell forced the spice 1 from my warehouse", {"type": "sellforced", "ware": "spice", "count": 1, "from": "home"}),
])
def test_filler_words(line, action):
    S = _move_state()
    assert ENGINE.parse(S, 0, line) == [action]
    ENGINE.validate(S, 0, action)


def _states(players=3, seed=5, steps=200, options=None):
    """States play reaches: a bot game, each decision once."""
    S = ENGINE.setup(players, seed, options)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if S["over"]:
            return
        yield S
        S = ENGINE.apply(S, {d["seat"]: ENGINE.bot(S, d["seat"], rng) for d in ENGINE.decisions(S)})["state"]


def test_every_example_with_a_word_left_out_is_read_or_refused_clearly():
    """The general rule: drop any one word of any example the game offers: the result is either read as a
    command or refused saying what to send instead, never a Python error."""
    seen = set()
    states = [*_states(), *_states(4, 7, 300, {"variant": "nobility"}), _trade_state()]
    for S in states:
        for d in ENGINE.decisions(S):
            for sp in ENGINE.actions(S, d["seat"]):
                words = sp["example"].split()
                for i in range(1, len(words)):
                    line = " ".join(words[:i] + words[i + 1:])
                    if (sp["type"], line) in seen:
                        continue
                    seen.add((sp["type"], line))
                    try:
                        ENGINE.parse(S, d["seat"], line)
                    except ParseError as e:
                        assert not any(w in e.message for w in PYTHON_WORDS), (line, e.message)
                        assert "e.g." in e.message, (line, e.message)
    assert len(seen) > 20


def test_accepting_an_offer_one_cannot_pay_says_why():
    S = _move_state()
    S["seats"][1]["cash"] = 500
    S["pending"] = {"kind": "accept", "seat": 1, "offer": {"type": "offer", "count": 1, "ware": "metal", "from": "2",
                                                           "player": 2, "to": "2", "price": 900, "seller": 0}}
    assert [sp["type"] for sp in ENGINE.actions(S, 1)] == ["decline"]
    with pytest.raises(IllegalAction) as e:
        ENGINE.validate(S, 1, {"type": "accept"})
    assert "You have 500 florins, the price is 900" in e.value.message and "decline" in e.value.message
