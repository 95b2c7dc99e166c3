"""How strong is the Fugger bot? It plays one seat against K-1 opponents that
either take the default action (what a timed-out player gets) or a random legal
action, over N games (seats rotated), and reports its win rate and mean wealth.

    python -m engines.fugger.botmatch --games 40 --players 3 --opponent default
    python -m engines.fugger.botmatch --games 40 --players 3 --opponent random --variant trading

Wealth is the Trading Game's (cash + wares at forced-sale prices + debt notes);
a win is rank 1 (shared first places count for each).
"""

from __future__ import annotations

import argparse
import statistics

from engines.rng import Rng

from . import ENGINE
from . import data as D
from . import nobility as NB
from . import rules as R

MAX_STEPS = 20000


def random_action(state: dict, seat: int, rng: Rng) -> dict:
    """A legal action chosen at random: a random action type, random prices for sealed prices and bids,
    else the spec's example (always a legal command for this seat now)."""
    specs = ENGINE.actions(state, seat)
    sp = rng.choice(specs)
    pend = ENGINE._pending_for(state, seat)
    if sp["type"] in ("sell", "bid"):
        limit = R.sell_limit(state, pend, seat)
        if sp["type"] == "sell":
            low, high = D.PRICE_STEP, pend["price"] // D.PRICE_STEP * D.PRICE_STEP
        else:
            low = -(-pend["price"] // D.PRICE_STEP) * D.PRICE_STEP
            high = low + 50 * D.PRICE_STEP
        prices = [low + D.PRICE_STEP * rng.randint(0, (high - low) // D.PRICE_STEP) for _ in range(rng.randint(0, limit))]
        return {"type": sp["type"], "ware": pend["ware"], "prices": prices}
    if sp["type"] == "auction":
        top = ENGINE._auction_cap(state, seat, pend)
        if rng.below(2) or top < pend["min"]:
            return {"type": "auction", "amount": 0}
        return {"type": "auction", "amount": pend["min"] + D.PRICE_STEP * rng.randint(0, (top - pend["min"]) // D.PRICE_STEP)}
    return ENGINE.parse(state, seat, sp["example"])[0]


def play(players: int, seed: int, bot_seat: int, opponent: str, options: dict | None = None) -> dict:
    S = ENGINE.setup(players, seed, options)
    rng = Rng.from_seed(seed * 7919 + bot_seat)
    for _ in range(MAX_STEPS):
        if S["over"]:
            break
        moves = {}
        for d in ENGINE.decisions(S):
            s = d["seat"]
            if s == bot_seat:
                moves[s] = ENGINE.bot(S, s, rng)
            elif opponent == "default":
                moves[s] = ENGINE.default_action(S, s)
            else:
                moves[s] = random_action(S, s, rng)
        S = ENGINE.apply(S, moves)["state"]
    out = ENGINE.outcome(S)
    if out is None:
        raise RuntimeError(f"seed {seed}: no end after {MAX_STEPS} steps")
    wealth = [R.wealth(S, s) for s in range(players)] if not R.variant(S) else [NB.final_wealth(S, s) for s in range(players)]
    return {"ranks": out["ranks"], "wealth": wealth}


def match(games: int, players: int, opponent: str, options: dict | None = None, first_seed: int = 1) -> dict:
    wins = 0
    bot_wealth, opp_wealth = [], []
    for g in range(games):
        seat = g % players
        res = play(players, first_seed + g, seat, opponent, options)
        wins += res["ranks"][seat] == 1
        bot_wealth.append(res["wealth"][seat])
        opp_wealth += [w for s, w in enumerate(res["wealth"]) if s != seat]
    return {
        "games": games, "players": players, "opponent": opponent, "win_rate": wins / games,
        "bot_wealth": statistics.mean(bot_wealth), "opponent_wealth": statistics.mean(opp_wealth),
    }


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--opponent", choices=("random", "default"), default="default")
    p.add_argument("--variant", choices=list(NB.ENABLED), default="trading")
    p.add_argument("--first-seed", type=int, default=1)
    a = p.parse_args(argv)
    r = match(a.games, a.players, a.opponent, {"variant": a.variant}, a.first_seed)
    print(f"{a.variant}, {r['players']} players, {r['games']} games against {r['opponent']} players: "
          f"bot wins {r['win_rate']:.0%}; mean wealth bot {r['bot_wealth']:.0f}, opponents {r['opponent_wealth']:.0f} "
          f"(start {D.START_CASH} + wares)")


if __name__ == "__main__":
    main()
