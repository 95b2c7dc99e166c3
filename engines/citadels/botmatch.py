"""How often the Citadels bot wins against simpler players.

    python -m engines.citadels.botmatch --games 200 --players 4 --opponent random
    python -m engines.citadels.botmatch --games 200 --players 4 --opponent default

One seat plays ``bot``; every other seat plays the opponent: ``random`` (a
uniformly random legal action: a random open action, random choices for its
parameters, drawn again until validate accepts them) or ``default`` (the
timeout's default action every time). The bot's seat rotates from game to
game, so the crown (seat 1 starts with it) favours nobody. A win is first
place, shared first places included; the fair share of a seat is 1/players.
A game that stalls (no end after MAX_STEPS steps) counts as not won.
"""

from __future__ import annotations

import argparse
import sys
import time

from engines.base import IllegalAction
from engines.rng import Rng

from . import ENGINE


def random_legal(state: dict, seat: int, rng: Rng) -> dict:
    specs = ENGINE.actions(state, seat)
    for _ in range(50):
        spec = rng.choice(specs)
        action: dict = {"type": spec["type"]}
        for name, schema in spec["params"].items():
            if schema.get("type") == "array":
                options = list(schema["items"]["enum"])
                rng.shuffle(options)
                k = 1 + rng.below(min(len(options), schema.get("maxItems", len(options))))
                action[name] = sorted(options[:k])
            else:
                action[name] = rng.choice(schema["enum"])
        try:
            ENGINE.validate(state, seat, action)
        except IllegalAction:
            continue
        return action
    return ENGINE.default_action(state, seat)


MAX_STEPS = 3000  # bot games end within about 400 steps; see `stalled` below


def play(players: int, seed: int, bot_seat: int, opponent: str) -> list[int] | None:
    """One game; returns its ranks, or None when it stalls: default players only
    ever take gold, so the bank can run dry and nobody can build again."""
    state = ENGINE.setup(players, seed)
    rng = Rng.from_seed(seed * 31 + players)
    for _ in range(MAX_STEPS):
        decisions = ENGINE.decisions(state)
        if not decisions:
            return ENGINE.outcome(state)["ranks"]
        (d,) = decisions
        seat = d["seat"]
        if seat == bot_seat:
            action = ENGINE.bot(state, seat, rng)
        elif opponent == "random":
            action = random_legal(state, seat, rng)
        else:
            action = ENGINE.default_action(state, seat)
        state = ENGINE.apply(state, {seat: action})["state"]
    return None


def match(games: int, players: int, opponent: str, first_seed: int = 1) -> dict:
    wins = stalled = 0
    for g in range(games):
        ranks = play(players, first_seed + g, g % players, opponent)
        if ranks is None:
            stalled += 1
        else:
            wins += ranks[g % players] == 1
    return {"games": games, "players": players, "opponent": opponent, "wins": wins, "stalled": stalled,
            "win_rate": wins / games if games else 0.0}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=4, choices=range(ENGINE.min_players, ENGINE.max_players + 1))
    ap.add_argument("--opponent", choices=("random", "default"), default="random")
    ap.add_argument("--first-seed", type=int, default=1)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    r = match(args.games, args.players, args.opponent, args.first_seed)
    print(f"citadels bot vs {r['opponent']}, {r['players']} players: {r['wins']}/{r['games']} wins "
          f"= {100 * r['win_rate']:.1f}% (fair share {100 / r['players']:.1f}%), "
          f"{r['stalled']} stalled (counted as not won), {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
