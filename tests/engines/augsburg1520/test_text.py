"""Email commands and the plain-text situation."""

import pytest

from engines.augsburg1520 import ENGINE
from engines.augsburg1520 import data as D
from engines.augsburg1520.i18n import CATALOG
from engines.base import ParseError

from .helpers import act, own, set_hand, set_level, started, visit, winner


def parse(s, seat, line):
    return ENGINE.parse(s, seat, line)


def test_bidding_commands():
    s = started(3, seed=1)
    set_hand(s, 0, ["maria-15", "maria-14", "joker-1", "joker-2"])
    visit(s, "maria", 0)
    assert parse(s, 0, "bid 3 maria") == [{"type": "bid", "count": 3}]
    assert parse(s, 0, "Bid 3 MARIA") == [{"type": "bid", "count": 3}]
    assert parse(s, 0, "pass") == [{"type": "pass"}]
    with pytest.raises(ParseError, match="The visit now is to Maria, not leo"):
        parse(s, 0, "bid 3 léo")
    s, _ = act(s, 0, {"type": "bid", "count": 2})
    assert parse(s, 1, "hold") == [{"type": "hold"}]
    assert parse(s, 1, "raise 4") == [{"type": "raise", "count": 4}]
    # "bid" once an offer stands means raise
    assert parse(s, 1, "bid 4") == [{"type": "raise", "count": 4}]


def test_reveal_with_bare_jokers_and_values():
    s = started(3, seed=2)
    set_hand(s, 1, ["maria-15", "maria-14", "joker-3", "joker-6", "leo-2"])
    set_hand(s, 2, ["maria-1", "maria-2", "joker-4", "joker-5", "leo-7"])
    visit(s, "maria", 1)
    s, _ = act(s, 1, {"type": "bid", "count": 4})
    s, _ = act(s, 2, {"type": "hold"})
    s, _ = act(s, 0, {"type": "pass"})
    assert parse(s, 1, "reveal maria-15 maria-14 joker joker") == [
        {"type": "reveal", "cards": ["maria-15", "maria-14", "joker-3", "joker-6"]}]
    assert parse(s, 1, "Reveal Maria 15, 14 jolly joker") == [
        {"type": "reveal", "cards": ["maria-15", "maria-14", "joker-3", "joker-6"]}]
    with pytest.raises(ParseError, match="no more jokers"):
        parse(s, 1, "reveal maria-15 joker joker joker")
    with pytest.raises(ParseError, match="not a card"):
        parse(s, 1, "reveal banana")


def test_buy_commands():
    s = ENGINE.setup(2, 5)
    offer = sorted(s["offers"][0])
    assert parse(s, 0, "buy nothing") == [{"type": "buy", "cards": []}]
    assert parse(s, 0, "pass") == [{"type": "buy", "cards": []}]
    assert parse(s, 0, "buy " + " ".join(offer[:2])) == [{"type": "buy", "cards": offer[:2]}]
    s["offers"][0] = ["maria-3", "leo-7", "louise-12", "joker-9"]
    assert parse(s, 0, "buy 3 7 12") == [{"type": "buy", "cards": ["maria-3", "leo-7", "louise-12"]}]
    assert parse(s, 0, "BUY joker 12") == [{"type": "buy", "cards": ["joker-9", "louise-12"]}]


def test_privilege_commands_and_one_line_for_card_and_two_privileges():
    s = started(3, seed=3)
    set_level(s, 0, "purple", [2, 3])
    winner(s, 0, [2, 4])
    assert parse(s, 0, "privilege 2: gold, climb purple") == [
        {"type": "choose", "card": 2}, {"type": "gold"},
        {"type": "climb", "category": "purple", "source": "supply"}]
    assert parse(s, 0, "climb Violet from P3") == [{"type": "climb", "category": "purple", "source": "P3"}]
    assert parse(s, 0, "tile Münzmeister") == [{"type": "tile", "tile": "muenzmeister"}]
    assert parse(s, 0, "build cathédrale") == [{"type": "build", "tile": "dom"}]
    assert parse(s, 0, "architect church") == [{"type": "architect", "tile": "kirche"}]
    assert parse(s, 0, "take 300") == [{"type": "cash"}]
    assert parse(s, 0, "forgo\ndone") == [{"type": "forgo"}, {"type": "done"}]
    # the whole line, applied action by action
    for action in parse(s, 0, "privilege 2: gold, climb purple"):
        s, _ = act(s, 0, action)
    assert s["money"][0] == 2000 and s["levels"]["purple"][0] == [2, 4]


def test_compensation_commands():
    s = started(3, seed=4)
    set_level(s, 1, "orange", [2, 4])
    set_level(s, 0, "orange", [2, 3])
    winner(s, 0, [3])
    s, _ = act(s, 0, {"type": "climb", "category": "orange", "source": "P2"})
    assert parse(s, 1, "compensation money") == [{"type": "compensate", "kind": "money"}]
    assert parse(s, 1, "prestige") == [{"type": "compensate", "kind": "prestige"}]
    assert parse(s, 1, "100 florins") == [{"type": "compensate", "kind": "money"}]
    with pytest.raises(ParseError, match="compensation money"):
        parse(s, 1, "banana")


def test_errors_say_what_is_allowed_now():
    s = started(3, seed=5)
    with pytest.raises(ParseError) as err:
        parse(s, 0, "dance the tarantella")
    assert "Allowed now:" in err.value.message and "pass" in err.value.message
    with pytest.raises(ParseError, match="no command"):
        parse(s, 0, "   \n  ")


def test_every_spec_example_parses():
    s = started(4, seed=6)
    own(s, 0, "baumeister")
    winner(s, 0, [1, 2])
    for seat in range(4):
        for sp in ENGINE.actions(s, seat):
            assert parse(s, seat, sp["example"])[0]["type"] == sp["type"]


def test_render_tells_the_seat_what_to_do():
    s = started(3, seed=7)
    page = ENGINE.render(s, 0)
    assert "round 1 of 5, visit to Philippe" in page
    assert "Your hand: Joker 1, Joker 2." in page  # the notes as printed and as the forms name them, not their ids
    assert "Your move: Philippe: open with a number of notes, or pass." in page
    other = ENGINE.render(s, 1)
    assert "Joker 1" not in other and "Waiting for P1." in other
    assert "Your hand" not in ENGINE.render(s, None)


def test_every_kind_of_action_reads_back_from_its_command():
    s = started(3, seed=8)
    actions = [
        {"type": "buy", "cards": ["maria-3", "joker-7"]}, {"type": "buy", "cards": []},
        {"type": "bid", "count": 2}, {"type": "pass"},
        {"type": "reveal", "cards": ["philippe-3", "joker-1"]}, {"type": "choose", "card": 10},
        {"type": "gold"}, {"type": "prestige"}, {"type": "draw"}, {"type": "cash"}, {"type": "forgo"},
        {"type": "done"}, {"type": "climb", "category": "orange", "source": "supply"},
        {"type": "climb", "category": "yellow", "source": "P3"}, {"type": "tile", "tile": "adelsbrief"},
        {"type": "tile", "tile": "baumeister"}, {"type": "build", "tile": "dom"},
        {"type": "architect", "tile": "kirche"}, {"type": "discard", "card": "leo-4"},
        {"type": "give", "card": "joker-2"},
    ]
    for action in actions:
        assert parse(s, 0, ENGINE.command(s, 0, action)) == [action], action
    set_hand(s, 0, ["philippe-2"])
    s, _ = act(s, 0, {"type": "bid", "count": 1})
    for action in ({"type": "hold"}, {"type": "raise", "count": 3}):
        assert parse(s, 1, ENGINE.command(s, 1, action)) == [action]
    s["step"] = "compensate"
    for kind in ("money", "prestige"):
        action = {"type": "compensate", "kind": kind}
        assert parse(s, 1, ENGINE.command(s, 1, action)) == [action]


def test_render_tells_the_price_on_the_back_of_the_top_note():
    """Note 11: everybody may read the price on the back of the top note."""
    s = started(3, seed=7)
    s["deck"].append(s["deck"].pop(s["deck"].index(next(c for c in s["deck"] if D.note_price(c) == 350))))
    for seat in (0, 1, None):
        assert "the back of the top note shows 350 florins" in ENGINE.render(s, seat)


def test_render_shows_the_face_down_privilege_cards_of_the_next_round():
    s = started(3, seed=7)
    hidden = s["privileges"]["hidden"]
    page = ENGINE.render(s, 0)
    first = hidden[0]
    assert f"Next round's privilege cards (face down now, turned up as they are): {first}: " \
        f"{', '.join(CATALOG.text('en', 'priv.' + x) for x in D.PRIVILEGE_CARDS[str(first)])}" in page
    s["privileges"]["hidden"] = []  # round 2 turned them up: round 3 shuffles all ten
    s["round"] = 2
    assert "Next round all ten privilege cards are shuffled" in ENGINE.render(s, 0)


def test_render_says_why_a_final_tie_was_broken():
    s = started(3, seed=27)
    s["step"] = "over"
    s["prestige"] = [30, 30, 20]
    own(s, 0, "kirche", 700)
    own(s, 1, "kirche", 600)
    own(s, 1, "dom", 500)
    page = ENGINE.render(s, 0)
    assert "1. P2: 30 prestige" in page and "2. P1: 30 prestige" in page
    assert ("Tie at 30 prestige, broken by the dearest cathedral, then the dearest church: "
            "P2 cathedral 500, church 600; P1 cathedral none, church 700 — so they are ranked in that order.") in page
