"""The move path from outside: API acceptance, the worker, end to end.

    python -m bench.moves                       # every figure (a few minutes)
    python -m bench.moves --clients 16 --seconds 10
    python -m bench.moves --profile var/profile # py-spy on gunicorn and the worker at 16 clients

One run on a stack of its own (bench/stack.py: a fresh database, gunicorn with
``config.wsgi`` and DEBUG off, a Celery worker for the games and one for mail
as docker-compose.yml runs them (``--mail-concurrency 0``: one worker for both),
queues and ports of their own):

1. **bare**: the floor, a psycopg loop doing the writes one move needs (lock
   the game row, insert the move, update 8 KB of JSONB state and the version),
   at 1 and 16 connections, so every figure below is also a ratio;
2. **API acceptance**: Citadels games (4 seats) and Augsburg 1520 games (5
   seats, for sealed decisions) whose human seats are all played by a load
   client sending legal moves only (``POST /api/games/<id>/moves/`` with the
   version and an Idempotency-Key), at 1/4/16/32 clients: accepted moves/s,
   POST p50/p95/p99. The client chooses each move with the engine's bot on
   its own copy of the state, so it needs no read between two moves, like a
   player who knows what they just did;
3. **end to end** in the same runs, from the database afterwards: last
   submission of a decision → the next player's notification row written, and
   → the mail handed to the mail backend (``sent_at``), p50/p95, for ordinary
   decisions and for 5-seat sealed ones;
4. **worker**: every game given one complete decision in one commit, so that
   many ``advance`` tasks arrive at once: steps applied per second, with 1 and
   with 2 worker processes.

Figures go to docs/benchmarks.md by hand; never asserted in tests.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import threading
import time
import uuid
from urllib.parse import urlsplit

from bench.stack import Stack, machine, ms

PLAYERS = {"citadels": 4, "augsburg1520": 5}


# --- the floor -------------------------------------------------------------------


def bare_loop(dsn: str, *, connections: int, seconds: float, rows: int = 200) -> float:
    """Durable transactions per second of the writes one move needs."""
    import psycopg

    state = json.dumps({"board": ["x" * 60 for _ in range(128)]})  # about 8 KB
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS bare_move, bare_game")
        conn.execute("CREATE TABLE bare_game (id int PRIMARY KEY, version int NOT NULL, state jsonb NOT NULL)")
        conn.execute(
            "CREATE TABLE bare_move (id bigserial PRIMARY KEY, game_id int REFERENCES bare_game, version int, "
            "action jsonb, received_at timestamptz DEFAULT now())"
        )
        conn.execute("INSERT INTO bare_game SELECT g, 0, %s::jsonb FROM generate_series(1, %s) g", [state, rows])
    done = [0] * connections
    stop = time.monotonic() + seconds

    def run(i: int) -> None:
        rng = random.Random(i)
        with psycopg.connect(dsn) as conn:
            while time.monotonic() < stop:
                game = rng.randint(1, rows)
                with conn.transaction():
                    (version,) = conn.execute("SELECT version FROM bare_game WHERE id = %s FOR NO KEY UPDATE", [game]).fetchone()
                    conn.execute(
                        "INSERT INTO bare_move (game_id, version, action) VALUES (%s, %s, %s::jsonb)",
                        [game, version, '{"type": "take", "what": "gold"}'],
                    )
                    conn.execute("UPDATE bare_game SET state = %s::jsonb, version = %s WHERE id = %s", [state, version + 1, game])
                done[i] += 1

    t = time.monotonic()
    threads = [threading.Thread(target=run, args=(i,)) for i in range(connections)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return sum(done) / (time.monotonic() - t)


# --- the games ---------------------------------------------------------------------


def games_build(*, citadels: int, augsburg: int, board_image: bool = True) -> tuple[list[int], dict[int, str]]:
    """Started games whose seats are all human; seat i is player i in every
    game. Returns the game ids and each seat's API token. ``board_image``
    False: the players turned the board picture off (``notify board off``),
    so their mails carry no PNG to render."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from notifications.models import EmailPreference
    from pbem import services

    users = [get_user_model().objects.create_user(f"p{i}", f"p{i}@example.org", "x") for i in range(max(PLAYERS.values()))]
    if not board_image:
        for u in users:
            EmailPreference.objects.create(user=u, board_image=False)
    tokens = {i: Token.objects.create(user=u).key for i, u in enumerate(users)}
    ids = []
    for engine, count in (("citadels", citadels), ("augsburg1520", augsburg)):
        for n in range(count):
            game = services.game_create(creator=users[0], engine=engine, players=PLAYERS[engine], seed=1000 + n, time_control={"hours": 48})
            for u in users[1 : PLAYERS[engine]]:
                services.game_join(game_id=game.pk, user=u)
            services.game_start(game_id=game.pk, user=users[0])
            ids.append(game.pk)
    return ids, tokens


class Table:
    """The load client's copy of one game: the engine run locally on the
    state the server started from, so every move sent is legal."""

    def __init__(self, game_id: int):
        from engines.registry import get
        from engines.rng import Rng
        from pbem.models import Game

        game = Game.objects.get(pk=game_id)
        self.id, self.engine, self.state, self.version = game.pk, get(game.engine), game.state, game.version
        self.rng = Rng.from_seed(game.seed)

    def resync(self) -> None:
        from pbem.models import Game

        game = Game.objects.get(pk=self.id)
        self.state, self.version = game.state, game.version


class Client(threading.Thread):
    def __init__(self, url: str, tokens: dict[int, str], tables: list[Table], stop: threading.Event):
        super().__init__(daemon=True)
        parts = urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.tokens, self.tables, self.stop = tokens, tables, stop
        self.latencies: list[float] = []
        self.refused: dict[int, int] = {}
        self.errors: list[str] = []

    def post(self, table: Table, seat: int, action: dict) -> tuple[int, bytes]:
        body = json.dumps({"action": action, "version": table.version})
        headers = {
            "Authorization": f"Token {self.tokens[seat]}",
            "Content-Type": "application/json",
            "Idempotency-Key": uuid.uuid4().hex,
        }
        c = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            c.request("POST", f"/api/games/{table.id}/moves/", body, headers)
            r = c.getresponse()
            return r.status, r.read()
        finally:
            c.close()

    def run(self) -> None:
        i = 0
        while not self.stop.is_set() and self.tables:
            table = self.tables[i % len(self.tables)]
            i += 1
            decisions = table.engine.decisions(table.state)
            if not decisions:
                self.tables.remove(table)
                continue
            moves = {}
            for d in decisions:
                if self.stop.is_set():
                    return
                action = table.engine.bot(table.state, d["seat"], table.rng)
                t = time.perf_counter()
                code, body = self.post(table, d["seat"], action)
                if code == 202:
                    self.latencies.append(time.perf_counter() - t)
                    moves[d["seat"]] = action
                else:
                    self.refused[code] = self.refused.get(code, 0) + 1
                    if len(self.errors) < 5:
                        self.errors.append(f"{code} {body[:200]!r}")
                    break
            if len(moves) == len(decisions):
                table.state = table.engine.apply(table.state, moves)["state"]
                table.version += 1
            else:
                time.sleep(0.05)
                table.resync()


def wait_settled(timeout: float = 120) -> float:
    """Until no decision is complete and unapplied and no mail unsent."""
    from django.db import connection

    t = time.monotonic()
    while time.monotonic() - t < timeout:
        with connection.cursor() as c:
            c.execute(
                """SELECT (SELECT count(*) FROM pbem_game WHERE advance_queued_at IS NOT NULL)
                        + (SELECT count(*) FROM notifications_notification WHERE sent_at IS NULL)"""
            )
            if c.fetchone()[0] == 0:
                return time.monotonic() - t
        time.sleep(0.2)
    return time.monotonic() - t


def end_to_end(since, until) -> dict:
    """Per decision submitted in [since, until): last submission → next
    player's your-move row, and → its mail sent."""
    from django.db import connection

    with connection.cursor() as c:
        c.execute(
            """
            WITH d AS (
                SELECT game_id, version, bool_or(sealed) AS sealed, max(submitted_at) AS last
                FROM pbem_pendingaction
                WHERE closed_at IS NOT NULL
                GROUP BY game_id, version
                HAVING max(submitted_at) >= %s AND max(submitted_at) < %s
            )
            SELECT d.sealed, EXTRACT(EPOCH FROM min(n.created_at) - d.last), EXTRACT(EPOCH FROM min(n.sent_at) - d.last)
            FROM d JOIN notifications_notification n
              ON n.game_id = d.game_id AND n.version = d.version + 1 AND n.kind = 'your_move'
            GROUP BY d.game_id, d.version, d.sealed, d.last
            """,
            [since, until],
        )
        rows = c.fetchall()
    out = {}
    for sealed in (False, True):
        written = [float(r[1]) for r in rows if r[0] == sealed and r[1] is not None]
        sent = [float(r[2]) for r in rows if r[0] == sealed and r[2] is not None]
        out["sealed" if sealed else "normal"] = (written, sent)
    return out


def api_run(url, tokens, tables: list[Table], clients: int, seconds: float, settle: float = 300) -> dict:
    from django.utils import timezone

    stop = threading.Event()
    live = [t for t in tables if t.engine.decisions(t.state)]
    random.Random(clients).shuffle(live)
    shares = [live[i::clients] for i in range(clients)]
    threads = [Client(url, tokens, share, stop) for share in shares]
    since = timezone.now()
    t = time.perf_counter()
    for th in threads:
        th.start()
    time.sleep(seconds)
    stop.set()
    for th in threads:
        th.join()
    spent = time.perf_counter() - t
    until = timezone.now()
    lat = [x for th in threads for x in th.latencies]
    refused: dict[int, int] = {}
    for th in threads:
        for k, v in th.refused.items():
            refused[k] = refused.get(k, 0) + v
    settle = wait_settled(settle)
    return {
        "clients": clients,
        "moves": len(lat),
        "per_second": len(lat) / spent,
        "latencies": lat,
        "refused": refused,
        "errors": [e for th in threads for e in th.errors][:3],
        "e2e": end_to_end(since, until),
        "settle": settle,
    }


def steps_applied(since) -> int:
    from pbem.models import Move

    return Move.objects.filter(applied_at__gte=since).values("game_id", "version").distinct().count()


def worker_drain(tables: list[Table]) -> tuple[int, float]:
    """One complete decision in every live game, committed at once; the time
    until the worker has applied them all."""
    from django.db import transaction
    from django.utils import timezone

    from pbem import services
    from pbem.models import Game

    live = [t for t in tables if t.engine.decisions(t.state)]
    for t in live:
        t.resync()
    live = [t for t in live if t.engine.decisions(t.state)]
    since = timezone.now()
    with transaction.atomic():
        for t in live:
            moves = {}
            for d in t.engine.decisions(t.state):
                moves[d["seat"]] = t.engine.bot(t.state, d["seat"], t.rng)
                services.move_submit(game_id=t.id, seat=d["seat"], action=moves[d["seat"]], source="api", version=t.version)
            t.state, t.version = t.engine.apply(t.state, moves)["state"], t.version + 1
        start = time.perf_counter()
    while Game.objects.filter(advance_queued_at__isnull=False).exists():
        time.sleep(0.01)
    spent = time.perf_counter() - start
    return steps_applied(since), spent


def report_e2e(label: str, e2e: dict) -> None:
    for kind in ("normal", "sealed"):
        written, sent = e2e[kind]
        if written:
            print(
                f"  e2e {label}, {kind} decisions (n={len(written)}): → notification row {ms(written)}; "
                f"→ mail sent (n={len(sent)}) {ms(sent)}"
            )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, nargs="*", default=[1, 4, 16, 32])
    ap.add_argument("--seconds", type=float, default=15)
    ap.add_argument("--citadels", type=int, default=200)
    ap.add_argument("--augsburg", type=int, default=40)
    ap.add_argument("--web-workers", type=int, default=4)
    ap.add_argument("--worker-concurrency", type=int, default=1)
    ap.add_argument("--mail-concurrency", type=int, default=2, help="processes of the mail worker (docker-compose.yml: 2); 0: the game worker sends mail too")
    ap.add_argument("--no-drain", action="store_true")
    ap.add_argument("--no-board-image", action="store_true", help="the players turned the board picture in mails off")
    ap.add_argument("--settle", type=float, default=300, help="longest wait for the worker to catch up after a run")
    ap.add_argument("--profile", help="a folder: py-spy records gunicorn and the worker during the 16-client run")
    ap.add_argument("--keep", action="store_true", help="keep the database and logs")
    args = ap.parse_args(argv)

    stack = Stack("moves")
    stack.database_create()
    try:
        stack.django_setup()
        print(f"machine: {machine()}")
        dsn = stack.env["DATABASE_URL"]
        for n in (1, 16):
            print(f"bare psycopg loop, {n} connection(s): {bare_loop(dsn, connections=n, seconds=5):,.0f} transactions/s")
        t = time.perf_counter()
        ids, tokens = games_build(citadels=args.citadels, augsburg=args.augsburg, board_image=not args.no_board_image)
        print(f"built {len(ids)} games in {time.perf_counter() - t:.1f}s")
        url = stack.web_start(workers=args.web_workers)
        # as docker-compose.yml runs them: the games' worker and a mail worker of its own, so an
        # advance never waits behind a mail's board being drawn (--mail-concurrency 0: one worker for both)
        if args.mail_concurrency:
            worker = stack.worker_start(concurrency=args.worker_concurrency, queues=stack.queue, name="games")
            mail_worker = stack.worker_start(concurrency=args.mail_concurrency, queues=f"{stack.queue}.mail", name="mail")
        else:
            worker, mail_worker = stack.worker_start(concurrency=args.worker_concurrency), None
        print(f"the opening mails sent in {wait_settled(args.settle):.1f}s")
        tables = [Table(i) for i in ids]
        for clients in args.clients:
            spy = []
            if args.profile and clients == 16:
                spy = profile_start(stack, args.profile, args.seconds)
            r = api_run(url, tokens, tables, clients, args.seconds, settle=args.settle)
            for p in spy:
                p.wait()
            print(
                f"\nAPI, {clients} client(s): {r['moves']} moves accepted, {r['per_second']:.1f} moves/s, POST {ms(r['latencies'])}; "
                f"refused {r['refused'] or 'none'}; settled {r['settle']:.1f}s after"
            )
            for e in r["errors"]:
                print("   ", e)
            report_e2e(f"{clients} client(s)", r["e2e"])
        if not args.no_drain:
            for processes in (1, 2):
                extra = [stack.worker_start(concurrency=args.worker_concurrency, queues=stack.queue if mail_worker else None) for _ in range(processes - 1)]
                time.sleep(3 if extra else 0)
                rounds = [worker_drain(tables) for _ in range(3)]
                steps = sum(s for s, _ in rounds)
                spent = sum(t for _, t in rounds)
                print(f"\nworker, {processes} process(es): {steps} steps in {spent:.2f}s: {steps / spent:.0f} steps/s")
                for p in extra:
                    stack.stop(p)
        stack.stop(worker)
        if mail_worker:
            stack.stop(mail_worker)
        return 0
    finally:
        stack.close(keep=args.keep)


def profile_start(stack: Stack, folder: str, seconds: float) -> list:
    """py-spy on every gunicorn worker and the Celery worker, as collapsed stacks."""
    import subprocess
    import sys
    from pathlib import Path

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    spy = str(Path(sys.executable).parent / "py-spy")
    procs = []
    for i, proc in enumerate(stack.procs):
        what = "web" if "gunicorn" in " ".join(proc.args) else "worker"
        procs.append(
            subprocess.Popen(
                [spy, "record", "--pid", str(proc.pid), "--subprocesses", "--duration", str(int(seconds)), "--rate", "200",
                 "--format", "raw", "--output", str(out / f"{what}-{i}.txt"), "--nonblocking"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )
        )  # fmt: skip
    return procs


if __name__ == "__main__":
    raise SystemExit(main())
