"""Complete bot games per second, per engine and player count.

    python -m bench.engines                 # every installed engine
    python -m bench.engines citadels --games 200

Figures go to docs/benchmarks.md by hand (never asserted in tests); the
machine is printed with them so they can be compared.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from engines import registry
from engines.rng import Rng


def play(engine, players: int, seed: int, options=None) -> int:
    state = engine.setup(players, seed, options)
    rng = Rng.from_seed(seed)
    steps = 0
    while decisions := engine.decisions(state):
        moves = {d["seat"]: engine.bot(state, d["seat"], rng) for d in decisions}
        state = engine.apply(state, moves)["state"]
        steps += 1
    return steps


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("slugs", nargs="*")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--options", default=None, help="JSON options")
    args = ap.parse_args(argv)
    import json

    options = json.loads(args.options) if args.options else None
    print(f"# {platform.python_implementation()} {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    for slug in args.slugs or sorted(registry.ENGINES):
        engine = registry.get(slug)
        for n in range(engine.min_players, engine.max_players + 1):
            t0 = time.perf_counter()
            steps = sum(play(engine, n, seed, options) for seed in range(1, args.games + 1))
            dt = time.perf_counter() - t0
            print(f"{slug:14s} {n} players: {args.games / dt:8.1f} games/s  ({steps / args.games:.0f} steps/game)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
