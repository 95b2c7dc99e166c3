"""The bot plays the game's ideas; botmatch measures it (figures in the README)."""

from engines.citadels import ENGINE
from engines.citadels.botmatch import main, match, random_legal
from engines.rng import Rng

from .helpers import play, position


def test_random_legal_is_legal_and_varied():
    state = position(4, {0: ["magician"], 1: ["king"]}, hands={0: ["market", "temple"], 1: ["palace"]}, gold={0: 5})
    rng = Rng.from_seed(3)
    seen = set()
    for _ in range(60):
        action = random_legal(state, 0, rng)
        ENGINE.validate(state, 0, action)
        seen.add(action["type"])
    assert {"gold", "draw", "swap", "redraw"} <= seen


def test_the_bot_wins_well_above_its_share_against_both_opponents():
    for opponent in ("random", "default"):
        r = match(12, 3, opponent)
        assert r["stalled"] == 0
        assert r["wins"] >= 9, r  # a fair share would be 4 of 12


def test_botmatch_command_prints_the_rate(capsys):
    assert main(["--games", "3", "--players", "2", "--opponent", "default"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("citadels: bot against 1 default player(s), 3 games: won ") and "fair share 50.0%)" in out
    assert ", 0 stalled (counted as not won)" in out


def test_the_bot_builds_before_collecting_income_when_the_new_district_pays():
    state = position(4, {0: ["king"], 1: ["bishop"]}, hands={0: ["manor"]}, cities={0: ["palace"]}, gold={0: 1})
    state, _ = play(state, (0, "gold"))
    assert ENGINE.bot(state, 0, Rng.from_seed(1)) == {"type": "build", "card": "manor"}
    state, _ = play(state, (0, "build manor"))
    assert ENGINE.bot(state, 0, Rng.from_seed(1)) == {"type": "end"}  # `end` collects, the Manor included
    state, events = play(state, (0, "end"))
    assert [e["data"]["amount"] for e in events if e["type"] == "income"] == [2]


def test_the_bot_collects_income_first_when_it_needs_the_gold_to_build():
    state = position(4, {0: ["king"], 1: ["bishop"]}, hands={0: ["castle"]}, cities={0: ["palace", "manor"]}, gold={0: 0})
    state, _ = play(state, (0, "gold"))
    assert ENGINE.bot(state, 0, Rng.from_seed(1)) == {"type": "income"}


def test_the_warlord_bot_razes_the_city_about_to_complete():
    cities = {1: ["tavern", "market", "temple", "church", "prison", "manor"], 2: ["watchtower"]}
    state = position(4, {0: ["warlord"], 1: ["king"]}, cities=cities, gold={0: 2})
    state, _ = play(state, (1, "gold"), (1, "end"), (0, "gold"))
    action = ENGINE.bot(state, 0, Rng.from_seed(1))
    assert action["type"] == "destroy" and action["seat"] == 1 and action["card"] in ("tavern", "temple")  # free ones
