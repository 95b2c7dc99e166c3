"""Email commands and the rendered situation."""

import pytest

from engines.base import ParseError
from engines.fugger import ENGINE
from engines.fugger import data as D
from engines.rng import Rng

from .helpers import clear_wares, give, move_turn, put_rep, start_deal, started


def _move_state():
    S = started(3)
    clear_wares(S)
    put_rep(S, 0, 2, "antwerpen", metal=1)
    put_rep(S, 0, 1, "antwerpen", metal=1)
    give(S, 0, "home", spice=1)
    move_turn(S, 0)
    return S


@pytest.mark.parametrize("line,action", [
    ("move 2 koeln frankfurt wuerzburg", {"type": "move", "rep": 2, "path": ["koeln", "frankfurt", "wuerzburg"]}),
    ("Move 2 Köln Frankfurt Würzburg", {"type": "move", "rep": 2, "path": ["koeln", "frankfurt", "wuerzburg"]}),
    ("MOVE 2 cologne frankfurt wurzburg", {"type": "move", "rep": 2, "path": ["koeln", "frankfurt", "wuerzburg"]}),
    ("transfer 1 metal from 1 to 2", {"type": "transfer", "count": 1, "ware": "metal", "from": "1", "to": "2"}),
    ("sellforced spice 1", {"type": "sellforced", "ware": "spice", "count": 1, "from": "home"}),
    ("sellforced metal 1 from 2", {"type": "sellforced", "ware": "metal", "count": 1, "from": "2"}),
    ("done", {"type": "done"}),
    ("trade", {"type": "trade"}),
])
def test_movement_commands(line, action):
    S = _move_state()
    assert ENGINE.parse(S, 0, line) == [action]


def test_offer_trade_reads_as_opening_the_trade_and_the_offer():
    S = _move_state()
    put_rep(S, 1, 2, "antwerpen")
    got = ENGINE.parse(S, 0, "offer trade 1 metal from 2 to player 2 at 2 for 1500")
    assert got == [{"type": "trade"},
                   {"type": "offer", "count": 1, "ware": "metal", "from": "2", "player": 2, "to": "2", "price": 1500}]
    T = ENGINE.apply(S, {0: got[0]})["state"]
    ENGINE.validate(T, 0, got[1])
    assert ENGINE.parse(T, 0, ENGINE.command(T, 0, got[1])) == [got[1]]


def test_sealed_price_commands():
    S = started(3)
    clear_wares(S)
    put_rep(S, 0, 2, "basel", metal=4)
    start_deal(S, "n01")
    assert ENGINE.parse(S, 0, "sell metal 1540 1580") == [{"type": "sell", "ware": "metal", "prices": [1540, 1580]}]
    assert ENGINE.parse(S, 0, "Sell Metall 1540, 1580") == [{"type": "sell", "ware": "metal", "prices": [1540, 1580]}]
    assert ENGINE.parse(S, 0, "pass") == [{"type": "sell", "ware": "metal", "prices": []}]
    assert ENGINE.parse(S, 0, "bid cloth 800 760 740") == [{"type": "bid", "ware": "cloth", "prices": [800, 760, 740]}]


def test_payday_and_card_commands():
    S = started(2)
    S["pending"] = {"kind": "payday", "seat": 0, "fired": False}
    assert ENGINE.parse(S, 0, "hire\nfire 2") == [{"type": "hire"}, {"type": "fire", "rep": 2}]
    S["pending"] = {"kind": "sheep", "seat": 0, "stake": 0, "passes": 0, "card": "e3"}
    assert ENGINE.parse(S, 0, "pass to player 2") == [{"type": "pass_on", "player": 2}]
    assert ENGINE.parse(S, 0, "keep") == [{"type": "keep"}]
    S["pending"] = {"kind": "lottery", "seat": 0, "numbers": {}, "passes": 0, "card": "e5"}
    assert ENGINE.parse(S, 0, "buy 2 5") == [{"type": "lottery", "numbers": [2, 5]}]
    assert ENGINE.parse(S, 0, "buy none") == [{"type": "lottery", "numbers": []}]


def test_errors_say_what_is_allowed():
    S = _move_state()
    with pytest.raises(ParseError) as e:
        ENGINE.parse(S, 0, "fly 2 to the moon")
    assert "Allowed now" in e.value.message and "move" in e.value.message
    with pytest.raises(ParseError) as e:
        ENGINE.parse(S, 0, "move 2 atlantis")
    assert "atlantis" in e.value.message


def test_render_shows_calendar_deals_reps_cash_and_queues():
    S = _move_state()
    text = ENGINE.render(S, 0)
    assert "Anfang Juli (year 1)" in text
    for e in S["table"]:
        assert e["card"] in text
    assert "Player 1 (you): " in text and "rep 2 at Antwerpen (Flandern): 1 metal" in text
    assert "Queue:" in text and "Allowed now" in text
    assert "Game pack:" in text
    assert ENGINE.render(S, None)


def test_render_puts_your_position_and_what_is_asked_first():
    S = _move_state()
    text = ENGINE.render(S, 0)
    top, table = text.split(" THE TABLE ")
    assert "Player 1 (you): 9000 florins" in top and "You: Move your representatives" in top
    assert "Allowed now" in top and "Coming up: next deal" in top
    assert len(top.splitlines()) <= 15  # a phone screen
    assert "DEALS ON THE TABLE" in table and "CALENDAR" in table and "MAP" in table


def test_render_gives_the_map_regions_towns_neighbours_tolls_ports_and_countryside():
    text = ENGINE.render(_move_state(), 0)
    assert "  Kurrhein:" in text and "    Köln -> " in text
    assert "Würzburg -> " in text and "Frankfurt (bridge toll)" in text  # the rulebook's toll bridge
    assert "Köln (town toll)" in text
    assert "Schiff Nordsee (Kanal) [ship] -> " in text and "(ship toll)" in text
    assert "Ports: " in text and "Countryside: " in text and "Spanien/Portugal [countryside, port]" in text
    # every space of the board and every region the robber cards name can be found
    for d in D.SPACES.values():
        assert f"    {d['name']}" in text
    for c in D.CHANCES:
        for area in c.get("areas", []):
            assert f"  {area}" in text


def test_render_gives_the_calendar_with_deals_payday_winter_and_the_market():
    S = _move_state()
    text = ENGINE.render(S, 0)
    cal = text.split("CALENDAR")[1].split("MAP")[0]
    assert len([ln for ln in cal.splitlines() if ln.startswith("  ")]) == 15
    assert "Dezember (year 1) (in 8 rounds): PAYDAY" in cal
    assert "November (year 1) (in 7 rounds)" in cal and "winter: no ships" in cal
    assert "Anfang Mai (year 2) (in 12 rounds): market at Frankfurt" in cal
    for e in S["table"]:
        assert e["card"] in cal


def test_render_is_built_from_what_the_seat_may_see():
    # redealing what the seat cannot see (the pack's order and contents by kind) changes nothing in its mail
    S = _move_state()
    for seed in range(5):
        T = ENGINE.shuffle_hidden(S, 0, Rng.from_seed(seed))
        assert ENGINE.render(T, 0) == ENGINE.render(S, 0)


@pytest.mark.parametrize("lang, line", [("de", "Handel zzz"), ("it", "commercio zzz"), ("fr", "fini zzz")])
def test_an_unknown_command_is_quoted_as_the_player_wrote_it(lang, line):
    """Its words are read as the English commands ("Handel" as trade): the refusal quotes the
    player's own line, never those (issue 28: no raw action type in a refusal)."""
    with pytest.raises(ParseError) as refused:
        ENGINE.parse(_move_state(), 0, line, lang=lang)
    assert line in refused.value.message
    assert "'trade" not in refused.value.message and "'done" not in refused.value.message
