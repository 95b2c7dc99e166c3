"""How often an engine's bot wins against simple opponents: one runner for every engine.

    python -m engines.botmatch augsburg1520 --games 100 --players 3 --opponent default
    python -m engines.citadels.botmatch --games 200 --players 4 --opponent random

One seat (a different one each game, so no seat is favoured) is played by the
engine's ``bot``; every other seat is either a random-legal player (a uniformly
chosen action type, its parameters drawn from the spec's schema until ``validate``
accepts them) or the default-action player (``default_action`` at every decision,
what a timed-out seat does). A win is rank 1, shared or not; shared wins are
counted apart, and so are games that stall (no end after ``max_steps`` steps),
which are not won, where an engine allows them at all.

Each engine's own ``botmatch.py`` gives only what is its own (a ``Setup``): a
random player where the schema cannot say enough (Citadels' draws, Fugger's
prices), the seeding of the match's random source (kept as each engine had it,
so the figures in the engine READMEs stay reproducible), a measure of a seat's
result beside the ranks (Fugger: wealth), and the variants it offers.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass

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


@dataclass(frozen=True)
class Setup:
    """What an engine's match has of its own."""

    # the random opponent: (engine, state, seat, rng) -> a legal action
    random_player: Callable = random_legal
    # the match's random source for one game: (seed, players, bot_seat) -> Rng
    rng_for: Callable = lambda seed, players, bot_seat: Rng(seed * 7919 + 17)
    # a seat's result beside its rank, and its name: (engine, final state, seat) -> number
    measure: Callable | None = None
    measure_name: str = ""
    max_steps: int = MAX_STEPS
    stalls_allowed: bool = False  # False: a game that does not end is an error
    variants: tuple[str, ...] = ()  # offered as --variant, the first by default
    default_players: int = 2
    default_games: int = 100
    default_opponent: str = "default"


DEFAULT = Setup()


def play(engine, players: int, seed: int, bot_seat: int, opponent: str, options: dict | None = None,
         setup: Setup = DEFAULT) -> dict | None:
    """One game: its ranks, scores and (with ``setup.measure``) each seat's
    measure; None when it stalls and the setup allows that."""
    state = engine.setup(players, seed, options)
    rng = setup.rng_for(seed, players, bot_seat)
    for _ in range(setup.max_steps):
        decisions = engine.decisions(state)
        if not decisions:
            out = engine.outcome(state)
            measures = [setup.measure(engine, state, s) for s in range(players)] if setup.measure else None
            return {"ranks": out["ranks"], "scores": out["scores"], "measures": measures}
        moves = {}
        for d in decisions:
            seat = d["seat"]
            if seat == bot_seat:
                moves[seat] = engine.bot(state, seat, rng)
            elif opponent == "random":
                moves[seat] = setup.random_player(engine, state, seat, rng)
            else:
                moves[seat] = engine.default_action(state, seat)
        state = engine.apply(state, moves)["state"]
    if setup.stalls_allowed:
        return None
    raise RuntimeError(f"game seed {seed} did not end in {setup.max_steps} steps")


def match(engine, games: int, players: int, opponent: str, seed: int = 1, options: dict | None = None,
          setup: Setup = DEFAULT) -> dict:
    wins = shared = stalled = 0
    margin = 0.0
    bot_measure, opponent_measure = [], []
    for g in range(games):
        bot_seat = g % players
        out = play(engine, players, seed + g, bot_seat, opponent, options, setup)
        if out is None:
            stalled += 1
            continue
        ranks, scores = out["ranks"], out["scores"]
        if ranks[bot_seat] == 1:
            wins += 1
            shared += ranks.count(1) > 1
        margin += scores[bot_seat] - max(s for i, s in enumerate(scores) if i != bot_seat)
        if out["measures"] is not None:
            bot_measure.append(out["measures"][bot_seat])
            opponent_measure += [m for i, m in enumerate(out["measures"]) if i != bot_seat]
    played = games - stalled
    result = {"games": games, "players": players, "opponent": opponent, "wins": wins, "shared": shared,
              "stalled": stalled, "win_rate": wins / games if games else 0.0,
              "mean_margin": margin / played if played else 0.0}
    if setup.measure is not None:
        result[f"bot_{setup.measure_name}"] = sum(bot_measure) / len(bot_measure) if bot_measure else 0.0
        result[f"opponent_{setup.measure_name}"] = sum(opponent_measure) / len(opponent_measure) if opponent_measure else 0.0
    return result


def main(argv: list[str] | None = None, slug: str | None = None, setup: Setup = DEFAULT) -> int:
    parser = argparse.ArgumentParser(description="Win rate of an engine's bot against simple opponents.")
    if slug is None:
        parser.add_argument("slug", help="the engine, e.g. augsburg1520")
    parser.add_argument("--games", type=int, default=setup.default_games)
    parser.add_argument("--players", type=int, default=setup.default_players)
    parser.add_argument("--opponent", choices=("random", "default"), default=setup.default_opponent)
    parser.add_argument("--first-seed", "--seed", dest="seed", type=int, default=1)
    if setup.variants:
        parser.add_argument("--variant", choices=setup.variants, default=setup.variants[0])
    args = parser.parse_args(argv)
    slug = slug or args.slug
    options = {"variant": args.variant} if setup.variants else None
    started = time.monotonic()
    r = match(get(slug), args.games, args.players, args.opponent, args.seed, options, setup)
    line = (f"{slug}{f' ({args.variant})' if setup.variants else ''}: bot against {args.players - 1} {args.opponent} "
            f"player(s), {r['games']} games: won {r['wins']} ({100 * r['win_rate']:.0f}%, {r['shared']} shared; "
            f"fair share {100 / args.players:.1f}%)")
    if setup.stalls_allowed:
        line += f", {r['stalled']} stalled (counted as not won)"
    if setup.measure is not None:
        line += (f", mean {setup.measure_name} bot {r[f'bot_{setup.measure_name}']:.0f}, "
                 f"opponents {r[f'opponent_{setup.measure_name}']:.0f}")
    print(f"{line}, mean margin over the best opponent {r['mean_margin']:+.1f} ({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
