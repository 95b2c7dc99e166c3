"""Bots play legal, finishing and not pointless games; default actions are safe."""

from engines.fugger import ENGINE
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
