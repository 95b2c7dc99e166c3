"""One deadline sweep over 1,000,000 pending actions of which 10,000 are due.

    python -m bench.sweep                      # the full size (a few minutes)
    python -m bench.sweep --games 500 --history 99000   # a quick look
    python -m bench.sweep --queries-only       # the queries at full size, no timeouts

It builds its own PostgreSQL database (``<name>_bench`` next to the one in
DATABASE_URL, dropped and made afresh), fills it with ``--games`` real
sealedbid games whose two seats are both overdue (the due decisions) and
``--history`` further decisions, most closed long ago and some open with a
deadline still ahead, then:

1. shows the plan and the time of the sweep's query for due decisions
   (EXPLAIN ANALYZE: it must be an index scan of ``pending_due``) and of the
   reminder queries;
2. runs the sweep service as the beat task would, batch after batch, and
   reports timeouts handled per second: each one a full ``move_submit`` in
   its own transaction with the game locked, plus its notes in the outbox
   and the queued tasks (published to the real Redis, on a queue no worker
   reads, emptied afterwards).

Figures go to docs/deadlines.md by hand; never asserted in tests.
"""

from __future__ import annotations

import argparse
import os
import platform
import time


def _database(url_env: str) -> str:
    import psycopg

    base = os.environ.get(url_env, "postgres://postgres@127.0.0.1:5432/pbem")
    root, name = base.rsplit("/", 1)
    bench = f"{name}_bench"
    with psycopg.connect(f"{root}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{bench}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{bench}"')
    return f"{root}/{bench}"


def _sweep_part(args) -> tuple[int, int]:
    from pbem import services

    now, batch, index, parts = args
    handled = rounds = 0
    while True:
        done = services.deadlines_sweep(now=now, batch=batch, part=(index, parts))
        handled += done["timeouts"]
        rounds += 1
        if not done["more"]:
            return handled, rounds


def _sweep_in_parts(*, now, batch: int, parts: int) -> tuple[int, int]:
    """The wave shared out as the deadlines_sweep task does, one process per
    part (as worker processes would take them)."""
    import multiprocessing

    from django.db import connections

    connections.close_all()  # each process opens its own
    with multiprocessing.get_context("fork").Pool(parts) as pool:
        results = pool.map(_sweep_part, [(now, batch, i, parts) for i in range(parts)])
    return sum(h for h, _ in results), sum(r for _, r in results)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5000, help="games with both seats overdue (2 due decisions each)")
    ap.add_argument("--history", type=int, default=990_000, help="other pending actions (closed, or open and not due)")
    ap.add_argument("--open-share", type=float, default=0.1, help="share of --history still open with a deadline ahead")
    ap.add_argument("--batch", type=int, default=2000)
    ap.add_argument("--queries-only", action="store_true", help="measure the queries, not the timeouts")
    ap.add_argument("--parts", type=int, default=1, help="sweep processes at once, each its share of the games")
    args = ap.parse_args(argv)

    os.environ["DATABASE_URL"] = _database("DATABASE_URL")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    os.environ["CELERY_QUEUE"] = "pbem-bench"  # nobody consumes it: the sweep's own cost only
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model

    from pbem import services
    from pbem.models import Game, PendingAction

    alice = get_user_model().objects.create_user("alice", "alice@example.org", "x")
    bob = get_user_model().objects.create_user("bob", "bob@example.org", "x")
    template = services.game_create(creator=alice, engine="sealedbid", players=2, seed=1, time_control={"hours": 24})
    services.game_join(game_id=template.pk, user=bob)
    services.game_start(game_id=template.pk, user=alice)

    t = time.perf_counter()
    with connection.cursor() as c:
        # the games that are due: copies of the template, started two days ago
        c.execute(
            """
            INSERT INTO pbem_game (engine, options, seed, seed_salt, visibility, players, status, state, version, time_control,
                                   outcome, invite_code, created_by_id, created_at, updated_at, started_at, finished_at)
            SELECT engine, options, seed + g, seed_salt, visibility, players, status, state, 0, time_control, NULL,
                   md5(random()::text || g)::varchar(16), created_by_id, now() - interval '2 days', now() - interval '2 days',
                   now() - interval '2 days', NULL
            FROM pbem_game, generate_series(1, %s) g WHERE id = %s
            """,
            [args.games, template.pk],
        )
        c.execute(
            """
            INSERT INTO pbem_seat (game_id, index, player_id, is_bot, status, joined_at)
            SELECT g.id, s, CASE WHEN s = 0 THEN %s ELSE %s END, false, 'playing', g.created_at
            FROM pbem_game g, generate_series(0, 1) s WHERE g.id <> %s
            """,
            [alice.pk, bob.pk, template.pk],
        )
        c.execute(
            """
            INSERT INTO pbem_pendingaction (game_id, version, seat_id, kind, sealed, prompt, opened_at, deadline,
                                            due_at, remind_at, last_call_at, vacation_seconds, answer)
            SELECT s.game_id, 0, s.id, 'bid', true, 'Bid for the prize.', now() - interval '2 days',
                   now() - interval '1 day' + (random() * interval '1 hour'), now() - interval '1 day' + (random() * interval '1 hour'),
                   NULL, NULL, 0, ''
            FROM pbem_seat s WHERE s.game_id <> %s
            """,
            [template.pk],
        )
        # the history: decisions of other games, in blocks of 1000 per game
        per_game = 1000
        filler_games = -(-args.history // per_game)
        c.execute(
            """
            INSERT INTO pbem_game (engine, options, seed, seed_salt, visibility, players, status, state, version, time_control,
                                   outcome, invite_code, created_by_id, created_at, updated_at, started_at, finished_at)
            SELECT engine, options, seed, seed_salt, visibility, players, 'active', state, 0, time_control, NULL,
                   md5('h' || random()::text || g)::varchar(16), created_by_id, now() - interval '200 days', now(),
                   now() - interval '200 days', NULL
            FROM pbem_game, generate_series(1, %s) g WHERE id = %s
            RETURNING id
            """,
            [filler_games, template.pk],
        )
        filler_ids = [r[0] for r in c.fetchall()]
        c.execute(
            """
            INSERT INTO pbem_seat (game_id, index, player_id, is_bot, status, joined_at)
            SELECT g, 0, NULL, false, 'playing', now() FROM unnest(%s::bigint[]) g
            """,
            [filler_ids],
        )
        open_from = int(per_game * (1 - args.open_share))
        c.execute(
            """
            INSERT INTO pbem_pendingaction (game_id, version, seat_id, kind, sealed, prompt, opened_at, deadline,
                                            submitted_at, closed_at, due_at, remind_at, last_call_at, vacation_seconds, answer)
            SELECT s.game_id, v, s.id, 'turn', false, '', t, t + interval '3 days',
                   CASE WHEN v < %(open_from)s THEN t + interval '1 day' END,
                   CASE WHEN v < %(open_from)s THEN t + interval '1 day' END,
                   CASE WHEN v < %(open_from)s THEN t + interval '3 days' ELSE now() + interval '1 day' + v * interval '1 minute' END,
                   CASE WHEN v < %(open_from)s THEN NULL ELSE now() + interval '12 hours' + v * interval '1 minute' END,
                   CASE WHEN v < %(open_from)s THEN NULL ELSE now() + interval '20 hours' + v * interval '1 minute' END,
                   0, CASE WHEN v < %(open_from)s THEN 'on_time' ELSE '' END
            FROM pbem_seat s, generate_series(0, %(per_game)s - 1) v,
                 LATERAL (SELECT now() - interval '200 days' + v * interval '4 hours') AS o(t)
            WHERE s.game_id = ANY(%(ids)s)
            """,
            {"open_from": open_from, "per_game": per_game, "ids": filler_ids},
        )
        c.execute("ANALYZE")
    built = time.perf_counter() - t
    total = PendingAction.objects.count()
    due_now = PendingAction.objects.filter(closed_at__isnull=True, submitted_at__isnull=True, due_at__lte=django.utils.timezone.now()).count()
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cpus, Python {platform.python_version()}")
    print(f"built {total:,} pending actions ({due_now:,} due) in {built:.1f}s")

    from django.utils import timezone

    now = timezone.now()
    open_unanswered = PendingAction.objects.filter(closed_at__isnull=True, submitted_at__isnull=True)
    queries = {
        "timeouts (one batch)": open_unanswered.filter(due_at__lte=now).order_by("due_at").values_list("pk", flat=True)[: args.batch],
        "timeouts (all due)": open_unanswered.filter(due_at__lte=now).order_by("due_at").values_list("pk", flat=True)[:due_now],
        "last calls": open_unanswered.filter(last_call_at__lte=now, last_called_at__isnull=True).order_by("last_call_at").values_list("pk", flat=True)[: args.batch],
        "reminders": open_unanswered.filter(remind_at__lte=now, reminded_at__isnull=True).order_by("remind_at").values_list("pk", flat=True)[: args.batch],
    }
    for name, qs in queries.items():
        list(qs.all())  # warm
        runs = []
        for _ in range(5):
            t = time.perf_counter()
            n = len(list(qs.all()))  # .all(): a fresh query each time, not the cached rows
            runs.append(time.perf_counter() - t)
        print(f"\nquery {name}: {n:,} rows, best of 5 {min(runs) * 1000:.1f} ms")
        print(qs.explain(analyze=True))

    if args.queries_only:
        connection.close()
        return 0
    from pbem.models import Move

    t, cpu = time.perf_counter(), time.process_time()
    if args.parts > 1:
        handled, rounds = _sweep_in_parts(now=now, batch=args.batch, parts=args.parts)
    else:
        rounds = handled = 0
        while True:
            done = services.deadlines_sweep(now=now, batch=args.batch)
            handled += done["timeouts"]
            rounds += 1
            if not done["more"]:
                break
    spent, cpu = time.perf_counter() - t, time.process_time() - cpu
    print(
        f"\nsweep in {args.parts} process(es): {handled:,} timeouts in {rounds} batch(es), {spent:.1f}s: "
        f"{handled / spent:,.0f} timeouts/s"
        + (f", {cpu / max(1, handled) * 1000:.1f} ms CPU per timeout in the sweeping process" if args.parts == 1 else "")
    )
    assert Move.objects.filter(source="timeout").count() == handled == due_now
    assert Game.objects.filter(pk__in=Move.objects.values("game_id")).count() == args.games

    import redis
    from django.conf import settings

    redis.Redis.from_url(settings.REDIS_URL).delete("pbem-bench")
    connection.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
