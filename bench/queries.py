"""SQL per move, counted with CaptureQueriesContext, and where the time of
one move goes in-process (cProfile, from the standard library), without the
noise of a loaded machine.

    python -m bench.queries              # counts, and the queries of one POST and one advance
    python -m bench.queries --profile    # plus cProfile over 300 POSTs and 300 advances
    python -m bench.queries --profile --cpu   # the same, timed by this process's CPU (time.process_time):
                                              # where the CPU goes, without the waits on PostgreSQL

For each advance it also measures how long the game row stays locked: from the
query that locks it (``FOR NO KEY UPDATE``) to the end of its commit (an
on-commit callback registered at the lock runs first after the commit), in
wall time and in this process's CPU.

Builds its own database (bench/stack.py); plays Citadels games (4 human
seats) through the API (Django's test client, the whole middleware stack)
and applies each decision with ``game_advance`` as the worker would.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from collections import Counter

from pathlib import Path

from bench.stack import Stack, machine

ROOT = Path(__file__).resolve().parents[1]


def _shape(sql: str) -> str:
    sql = re.sub(r"\s+", " ", sql)
    verb = sql.split(" ", 1)[0]
    table = re.search(r'(?:FROM|INTO|UPDATE) "?(\w+)"?', sql)
    return f"{verb} {table.group(1) if table else ''}".strip()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=300)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--cpu", action="store_true", help="time the profile by this process's CPU, not the wall clock")
    ap.add_argument("--show", action="store_true", help="print every query of one POST and one advance")
    ap.add_argument("--top", type=int, default=60, help="how many functions of each profile to print")
    args = ap.parse_args(argv)

    stack = Stack("queries")
    stack.database_create()
    stack.env["CELERY_TASK_ALWAYS_EAGER"] = "false"
    try:
        stack.django_setup()
        from django.db import connection
        from django.utils import timezone  # noqa: F401
        from rest_framework.authtoken.models import Token

        from bench.moves import Table, games_build

        print(f"machine: {machine()}")
        ids, tokens = games_build(citadels=20, augsburg=0)
        tables = [Table(i) for i in ids]
        assert Token.objects.count() >= 4
        post_counts, advance_counts, shapes_post, shapes_adv, post_time, adv_time, profiler, cpu, lock = measure(
            tables, tokens, moves=args.moves, profile=args.profile, show=args.show, cpu_clock=args.cpu
        )
        n = len(post_counts)
        print(f"\n{n} moves: POST {sum(post_counts) / n:.1f} queries (min {min(post_counts)}, max {max(post_counts)}), "
              f"{post_time / n * 1000:.1f} ms each in-process, {cpu['post'] / n * 1000:.1f} ms of it CPU in this process")  # fmt: skip
        print(f"advance: {sum(advance_counts) / n:.1f} queries (min {min(advance_counts)}, max {max(advance_counts)}), "
              f"{adv_time / n * 1000:.1f} ms each in-process, {cpu['advance'] / n * 1000:.1f} ms of it CPU in this process")  # fmt: skip
        print(f"game row locked per advance: {lock['wall'] / n * 1000:.1f} ms wall, {lock['cpu'] / n * 1000:.1f} ms CPU in this process")
        print("\nqueries per POST by kind:")
        for shape, c in shapes_post.most_common():
            print(f"  {c / n:5.2f}  {shape}")
        print("\nqueries per advance by kind:")
        for shape, c in shapes_adv.most_common():
            print(f"  {c / n:5.2f}  {shape}")
        if profiler:
            import io
            import pstats

            for name, p in profiler.items():
                out = io.StringIO()
                stats = pstats.Stats(p, stream=out)
                total = stats.total_tt
                print(f"\n-- cProfile, {name} ({total * 1000 / n:.1f} ms {'CPU' if args.cpu else 'wall'} per move under the profiler): "
                      "the functions by cumulative time, share of the whole")  # fmt: skip
                rows = sorted(stats.stats.items(), key=lambda kv: kv[1][3], reverse=True)
                for (file, line, func), (_, calls, tt, ct, _) in rows[: args.top]:
                    where = file.split("site-packages/")[-1].replace(str(ROOT) + "/", "")
                    print(f"  {ct / total * 100:5.1f} %  {tt / total * 100:5.1f} % own  {calls / n:6.1f}/move  {func}  {where}:{line}")
        connection.close()
        return 0
    finally:
        stack.close()


def measure(tables, tokens, *, moves: int, profile: bool, show: bool, cpu_clock: bool = False):
    """The measured part: POST one move through the API, then apply it as the worker would."""
    from django.db import connection, transaction
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from pbem import services

    client = Client()
    post_counts, advance_counts = [], []
    shapes_post, shapes_adv = Counter(), Counter()
    post_time = adv_time = 0.0
    cpu = {"post": 0.0, "advance": 0.0}
    lock = {"wall": 0.0, "cpu": 0.0}
    held: dict = {}

    def lock_watch(execute, sql, params, many, context):
        # the first lock of the game row in an advance: note the moment, and
        # the moment its transaction has committed (the first on-commit callback)
        if "FOR NO KEY UPDATE" in sql and "wall" not in held:
            held["wall"], held["cpu"] = time.perf_counter(), time.process_time()
            transaction.on_commit(lambda: held.setdefault("done", (time.perf_counter(), time.process_time())))
        return execute(sql, params, many, context)

    profiler = None
    if profile:
        import cProfile

        timer = (time.process_time,) if cpu_clock else ()
        profiler = {"post": cProfile.Profile(*timer), "advance": cProfile.Profile(*timer)}
    done = 0
    shown = False
    while done < moves:
        for t in tables:
            decisions = t.engine.decisions(t.state)
            if not decisions or done >= moves:
                continue
            d = decisions[0]
            action = t.engine.bot(t.state, d["seat"], t.rng)
            body = json.dumps({"action": action, "version": t.version})
            with CaptureQueriesContext(connection) as q:
                if profiler:
                    profiler["post"].enable()
                s, c = time.perf_counter(), time.process_time()
                r = client.post(
                    f"/api/games/{t.id}/moves/", body, content_type="application/json",
                    HTTP_AUTHORIZATION=f"Token {tokens[d['seat']]}", HTTP_IDEMPOTENCY_KEY=f"k{done}",
                )  # fmt: skip
                post_time += time.perf_counter() - s
                cpu["post"] += time.process_time() - c
                if profiler:
                    profiler["post"].disable()
            assert r.status_code == 202, r.content
            post_counts.append(len(q.captured_queries))
            shapes_post.update(_shape(x["sql"]) for x in q.captured_queries)
            if show and not shown:
                print("\n-- one POST:")
                for x in q.captured_queries:
                    print("  ", x["sql"][:160])
            with CaptureQueriesContext(connection) as q:
                if profiler:
                    profiler["advance"].enable()
                s, c = time.perf_counter(), time.process_time()
                held.clear()
                with connection.execute_wrapper(lock_watch):
                    steps = services.game_advance(game_id=t.id)
                adv_time += time.perf_counter() - s
                cpu["advance"] += time.process_time() - c
                lock["wall"] += held["done"][0] - held["wall"]
                lock["cpu"] += held["done"][1] - held["cpu"]
                if profiler:
                    profiler["advance"].disable()
            assert steps == 1
            advance_counts.append(len(q.captured_queries))
            shapes_adv.update(_shape(x["sql"]) for x in q.captured_queries)
            if show and not shown:
                print("\n-- one advance:")
                for x in q.captured_queries:
                    print("  ", x["sql"][:160])
                shown = True
            t.state, t.version = t.engine.apply(t.state, {d["seat"]: action})["state"], t.version + 1
            done += 1
    return post_counts, advance_counts, shapes_post, shapes_adv, post_time, adv_time, profiler, cpu, lock


if __name__ == "__main__":
    raise SystemExit(main())
