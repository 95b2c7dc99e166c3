"""Bots play legal, finishing and not pointless games; default actions are safe."""

from engines.fugger import ENGINE
from engines.fugger import data as D
from engines.fugger.botmatch import main, match, random_action
from engines.rng import Rng


def _play(players, seed):
    S = ENGINE.setup(players, seed)
    rng = Rng.from_seed(seed)
    sold = bought = steps = 0
    while ds := ENGINE.decisions(S):
        step = ENGINE.apply(S, {d["seat"]: ENGINE.bot(S, d["seat"], rng) for d in ds})
        S = step["state"]
        steps += 1
        for e in step["events"]:
            if e["type"] == "sold":
                sold += len(e["data"]["sales"])
            if e["type"] == "bought":
                bought += len(e["data"]["sales"])
    return S, sold, bought, steps


def test_bots_trade_and_games_end():
    for seed in (1, 2, 3):
        S, sold, bought, steps = _play(4, seed)
        assert S["over"] and steps < 2000
        assert sold >= 5 and bought >= 3
        assert ENGINE.outcome(S)["ranks"].count(1) >= 1


def test_default_actions_alone_finish_the_game():
    S = ENGINE.setup(3, 9)
    steps = 0
    while ds := ENGINE.decisions(S):
        S = ENGINE.apply(S, {d["seat"]: ENGINE.default_action(S, d["seat"]) for d in ds})["state"]
        steps += 1
    assert S["over"]
    # nobody traded or travelled: everyone paid the same taxes (all chose Augsburg)
    cash = [P["cash"] for P in S["seats"]]
    assert len(set(cash)) == 1 and cash[0] < 9000


def test_the_bot_beats_default_and_random_players():
    # the figures of the README come from the same command with more games
    for opponent in ("default", "random"):
        r = match(12, 3, opponent)
        assert r["win_rate"] >= 0.75, r
        assert r["bot_wealth"] > r["opponent_wealth"] + 800, r
        assert r["bot_wealth"] > D.START_CASH + sum(D.FORCED_PRICE[w] * n for w, n in D.START_WARES.items()), r


def test_the_random_player_of_the_match_only_sends_legal_actions():
    S = ENGINE.setup(3, 4, {"variant": "nobility"})
    rng = Rng.from_seed(4)
    for _ in range(400):
        if S["over"]:
            break
        moves = {}
        for d in ENGINE.decisions(S):
            a = random_action(S, d["seat"], rng)
            ENGINE.validate(S, d["seat"], a)
            moves[d["seat"]] = a
        S = ENGINE.apply(S, moves)["state"]


def test_botmatch_command_prints_the_figures(capsys):
    main(["--games", "2", "--players", "2", "--opponent", "default"])
    out = capsys.readouterr().out
    assert out.startswith("fugger (trading): bot against 1 default player(s), 2 games: won ") and "mean wealth bot" in out
