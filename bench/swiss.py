"""Swiss pairing of a large field at N-player tables (pure: no database).

    python -m bench.swiss                       # 2,000 players, tables of 4, round 4
    python -m bench.swiss --players 5000 --size 5 --round 6

Rounds before the measured one are paired the same way with random results,
so the measured round has real score groups and meetings to avoid.
Figures go to docs/benchmarks.md by hand.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time

from pbem.ladders import pairing


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--size", type=int, default=4)
    ap.add_argument("--round", type=int, default=4, help="the round measured")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cpu, Python {platform.python_version()}")
    rnd = random.Random(7)
    seeds = {p: rnd.gauss(10, 8) for p in range(args.players)}
    finished, played = [], []
    sizes, _ = pairing.sizes_for(args.players, args.size, 2, "smaller")
    times, standing_times, repeats = [], [], 0
    for r in range(1, args.round + args.runs):
        t0 = time.perf_counter()
        order = [line.player for line in pairing.standings(seeds, finished, [])]
        t1 = time.perf_counter()
        met = pairing.meetings(played)
        t2 = time.perf_counter()
        tables = pairing.snake(order, sizes) if r == 1 else pairing.round_pair(order, met, sizes)[0]
        t3 = time.perf_counter()
        if r >= args.round:
            times.append(t3 - t2)
            standing_times.append(t1 - t0)
            repeats = pairing.repeat_count(tables, met)
        for t in tables:
            places = list(range(1, len(t) + 1))
            rnd.shuffle(places)
            finished.append([(p, x, 3.0) for p, x in zip(t, pairing.points_for(places))])
        played += tables
    print(
        f"{args.players} players, tables of {args.size}, rounds {args.round}-{args.round + args.runs - 1}: "
        f"pairing median {statistics.median(times) * 1000:.1f} ms (max {max(times) * 1000:.1f}); "
        f"standings with tie-breaks median {statistics.median(standing_times) * 1000:.1f} ms; "
        f"repeat pairs in the last round {repeats}"
    )


if __name__ == "__main__":
    main()
