"""How often the bot wins against simple opponents.

    python -m engines.augsburg1520.botmatch --games 100 --players 2 --opponent random
    python -m engines.augsburg1520.botmatch --games 100 --players 3 --opponent default

One seat (a different one each game, so no seat is favoured) is played by the
engine's ``bot``; every other seat is either a random-legal player (a uniformly
chosen action type, its parameters drawn from the spec's schema until ``validate``
accepts them) or the default-action player (``default_action`` at every decision,
what a timed-out seat does). A win is rank 1, shared or not; shared wins are
counted apart. The same runner serves every engine (``match(engine, ...)``).
"""

from __future__ import annotations

import argparse
import time

from engines.base import IllegalAction
from engines.registry import get
from engines.rng import Rng

MAX_STEPS = 20000


def _sample(schema: dict, rng: Rng):
    if "enum" in schema:
        return rng.choice(schema["enum"])
    if schema.get("type") == "integer":
        return schema["minimum"] + rng.below(schema["maximum"] - schema["minimum"] + 1)
    if schema.get("type") == "array":
        items = list(schema["items"]["enum"])
        low = schema.get("minItems", 0)
        high = min(schema.get("maxItems", len(items)), len(items))
        size = low + rng.below(high - low + 1)
        rng.shuffle(items)
        return items[:size]
    raise ValueError(f"cannot sample {schema}")


def random_legal(engine, state: dict, seat: int, rng: Rng, tries: int = 40) -> dict:
    """A legal action chosen at random from the specs; the default action when the
    draws keep missing (a schema cannot say everything validate checks)."""
    specs = engine.actions(state, seat)
    for _ in range(tries):
        sp = rng.choice(specs)
        action = {"type": sp["type"], **{k: _sample(v, rng) for k, v in sp["params"].items()}}
        try:
            engine.validate(state, seat, action)
        except IllegalAction:
            continue
        return action
    return engine.default_action(state, seat)


def play(engine, players: int, seed: int, bot_seat: int, opponent: str) -> dict:
    state = engine.setup(players, seed)
    rng = Rng(seed * 7919 + 17)
    for _ in range(MAX_STEPS):
        decisions = engine.decisions(state)
        if not decisions:
            return engine.outcome(state)
        moves = {}
        for d in decisions:
            seat = d["seat"]
            if seat == bot_seat:
                moves[seat] = engine.bot(state, seat, rng)
            elif opponent == "random":
                moves[seat] = random_legal(engine, state, seat, rng)
            else:
                moves[seat] = engine.default_action(state, seat)
        state = engine.apply(state, moves)["state"]
    raise RuntimeError(f"game seed {seed} did not end in {MAX_STEPS} steps")


def match(engine, games: int, players: int, opponent: str, seed: int = 1) -> dict:
    wins = shared = 0
    margin = 0.0
    for g in range(games):
        bot_seat = g % players
        out = play(engine, players, seed + g, bot_seat, opponent)
        ranks, scores = out["ranks"], out["scores"]
        if ranks[bot_seat] == 1:
            wins += 1
            shared += ranks.count(1) > 1
        best_other = max(s for i, s in enumerate(scores) if i != bot_seat)
        margin += scores[bot_seat] - best_other
    return {"games": games, "players": players, "opponent": opponent, "wins": wins, "shared": shared,
            "win_rate": wins / games, "mean_margin": margin / games}


def main(argv: list[str] | None = None, slug: str = "augsburg1520") -> int:
    parser = argparse.ArgumentParser(description=f"Win rate of the {slug} bot against simple opponents.")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", choices=("random", "default"), default="default")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.monotonic()
    r = match(get(slug), args.games, args.players, args.opponent, args.seed)
    print(f"{slug}: bot against {args.players - 1} {args.opponent} player(s), {r['games']} games: "
          f"won {r['wins']} ({100 * r['win_rate']:.0f}%, {r['shared']} shared), "
          f"mean margin over the best opponent {r['mean_margin']:+.1f} "
          f"({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
