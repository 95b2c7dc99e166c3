"""The ladder matchmaker over many waiting players (pure: no database).

    python -m bench.matchmaking                  # 10,000 seekers, tables of 4
    python -m bench.matchmaking --seekers 50000 --size 3

Ordinals spread like a grown ladder's (normal, mean 10, sd 8), waits from 0
to 48 hours, and every player with three "last opponents" among the others.
Figures go to docs/benchmarks.md by hand.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time

from pbem.ladders.matchmaking import Seeker, tables_form


def field(n: int, size: int, seed: int) -> list[Seeker]:
    rnd = random.Random(seed)
    ids = list(range(n))
    rnd.shuffle(ids)
    last = {}
    for i in range(0, n - size + 1, size):  # everyone's last table
        table = ids[i : i + size]
        for p in table:
            last[p] = frozenset(set(table) - {p})
    return [
        Seeker(key=p, player=p, ordinal=rnd.gauss(10, 8), waited_hours=rnd.uniform(0, 48), recent=last.get(p, frozenset()))
        for p in range(n)
    ]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seekers", type=int, default=10_000)
    ap.add_argument("--size", type=int, default=4)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cpu, Python {platform.python_version()}")
    times = []
    for run in range(args.runs):
        seekers = field(args.seekers, args.size, run)
        start = time.perf_counter()
        tables = tables_form(seekers, min_size=args.size, max_size=args.size, window_base=5.0, window_per_hour=1.0)
        times.append(time.perf_counter() - start)
    seated = sum(len(t) for t in tables)
    spread = [t[0].ordinal - t[-1].ordinal for t in tables]
    repeats = sum(1 for t in tables for a in t for b in t if a.player in b.recent) // 2
    print(
        f"{args.seekers} seekers, tables of {args.size}: median {statistics.median(times) * 1000:.1f} ms "
        f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}) over {args.runs} runs; "
        f"{len(tables)} tables, {seated} seated, median spread {statistics.median(spread):.2f}, "
        f"max spread {max(spread):.2f}, repeat pairs {repeats}"
    )


if __name__ == "__main__":
    main()
