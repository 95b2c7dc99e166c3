"""Stored sizes: each engine's state, and one move row, at the start, the
middle and the end of a game at its largest player count.

    python -m bench.state_size [--games 5]

Bot games from ``setup`` to the last decision, no database. The state is
measured as stored (its JSON, as PostgreSQL's JSONB takes it in); a move row
as the fields that grow with the game: the action and the step's events
(JSON), the sealed commitment where there is one, and the fixed columns
(ids, version, seat, source, status, idempotency key and digest, times:
about 200 bytes). The largest of each over ``--games`` games is reported;
what matters is that nothing grows with the length of the game.
"""

from __future__ import annotations

import argparse
import json

FIXED_MOVE_BYTES = 200


def _size(value) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def main(argv=None) -> int:
    from engines.registry import ENGINES
    from engines.rng import Rng

    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5)
    args = ap.parse_args(argv)
    print("| engine | players | steps | state start / middle / end (bytes) | largest state | move row start / middle / end (bytes) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for slug, engine in ENGINES.items():
        n = engine.max_players
        worst = None
        for g in range(args.games):
            state = engine.setup(n, 1000 + g, None)
            rng = Rng.from_seed(g)
            states, rows = [_size(state)], []
            while True:
                decisions = engine.decisions(state)
                if not decisions:
                    break
                moves = {d["seat"]: engine.bot(state, d["seat"], rng) for d in decisions}
                step = engine.apply(state, moves)
                # one row per seat; the first carries the step's events
                first = min(moves)
                rows.append(FIXED_MOVE_BYTES + _size(moves[first]) + _size(step["events"]) + (64 if decisions[0]["sealed"] else 0))
                state = step["state"]
                states.append(_size(state))
            mid = len(states) // 2
            figures = (len(rows), states[0], states[mid], states[-1], max(states), rows[0], rows[len(rows) // 2], rows[-1])
            if worst is None or figures[4] > worst[4]:
                worst = figures
        steps, s0, sm, se, smax, r0, rm, re_ = worst
        print(f"| {slug} | {n} | {steps} | {s0:,} / {sm:,} / {se:,} | {smax:,} | {r0:,} / {rm:,} / {re_:,} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
