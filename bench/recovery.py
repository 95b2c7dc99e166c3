"""Recovery time after a whole Celery worker dies (SIGKILL to its process
group: the main process and its pool) in the middle of an advance, and in the
middle of sending a mail.

    python -m bench.recovery               # 5 rounds of each
    python -m bench.recovery --rounds 2

It builds its own PostgreSQL database (``<name>_recovery_bench`` next to the
one in DATABASE_URL, dropped and made afresh), runs real processes with the
project's settings: a worker that will be killed, a second worker that
survives, and ``celery beat`` with the real schedule (the short sweeps every
PBEM_LOST_WORK_SECONDS = 10 s). The task in hand is caught mid-way without
any hook in the code: for an advance, another transaction holds a row the
advance must update after applying the rules; for a mail, a local SMTP server
holds the conversation at RCPT. Then the worker is killed, whatever else
waits on the broker is dropped (the worst case: no later task for the same
game left to pick the work up), the hold released, and the clock runs until
the game has advanced or the mail is recorded sent.

It also shows the plans and times of the two short sweeps' queries over a
database with many games and notifications, none of them in flight: what
running them every 10 s costs.

Figures go to docs/security.md by hand; never asserted in tests.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUEUE = "pbem-recovery-bench"
MAIL_QUEUE = f"{QUEUE}.mail"  # PBEM_MAIL_QUEUE's default: mail on a queue of its own


def _database() -> str:
    import psycopg

    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/pbem")
    root, name = base.rsplit("/", 1)
    bench = f"{name}_recovery_bench"
    with psycopg.connect(f"{root}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{bench}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{bench}"')
    return f"{root}/{bench}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Proc:
    def __init__(self, args: list[str], env: dict, name: str):
        self.name, self.log = name, []
        self.proc = subprocess.Popen(
            args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
        )
        threading.Thread(target=lambda: [self.log.append(line) for line in self.proc.stdout], daemon=True).start()

    def wait_for(self, text: str, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if text in "".join(self.log):
                return
            time.sleep(0.05)
        raise RuntimeError(f"{self.name}: no {text!r} in {timeout}s:\n" + "".join(self.log)[-3000:])

    def kill(self) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)  # the whole worker: main process and pool
        self.proc.wait()

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


def _worker(env: dict, name: str) -> Proc:
    w = Proc([sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", f"{QUEUE},{MAIL_QUEUE}", "-c", "2", "-l", "info", "-n", f"{name}@%h"], env, name)
    w.wait_for("ready.")
    return w


class HoldingSink:
    """An SMTP server that holds a conversation at RCPT while ``hold`` is set."""

    def __init__(self):
        self.hold = threading.Event()
        self.held = threading.Event()
        self.taken = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.hold.is_set():
            self.held.set()
            while self.hold.is_set():
                await asyncio.sleep(0.02)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.taken += 1
        return "250 OK"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--idle-games", type=int, default=100_000, help="games and notifications not in flight, for the query plans")
    args = ap.parse_args(argv)

    from aiosmtpd.controller import Controller

    sink = HoldingSink()
    smtp_port = _free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=smtp_port)
    controller.start()

    os.environ["DATABASE_URL"] = _database()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    os.environ["CELERY_QUEUE"] = QUEUE
    os.environ.update({"EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend", "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(smtp_port)})
    import django

    django.setup()
    import psycopg
    import redis
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.utils import timezone

    call_command("migrate", verbosity=0)
    broker = redis.Redis.from_url(settings.REDIS_URL)
    broker.delete(QUEUE, MAIL_QUEUE)
    from notifications.models import Notification
    from pbem import services
    from pbem.models import Game, PendingAction

    env = os.environ | {"PBEM_SWEEP_GRACE_SECONDS": "60"}  # the general sweep as in production
    beat_dir = Path(tempfile.mkdtemp())
    beat = Proc([sys.executable, "-m", "celery", "-A", "config", "beat", "-l", "info", "-s", str(beat_dir / "schedule")], env, "beat")
    alice = get_user_model().objects.create_user("alice", "alice@example.org", "x")
    bob = get_user_model().objects.create_user("bob", "bob@example.org", "x")
    db = connection.settings_dict
    side = psycopg.connect(host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432, user=db["USER"] or "postgres", dbname=db["NAME"])

    def lock_waiting() -> bool:
        with psycopg.connect(side.info.dsn, autocommit=True) as c:
            return bool(c.execute("SELECT count(*) FROM pg_locks WHERE NOT granted").fetchone()[0])

    def until(predicate, timeout=300.0) -> float:
        t = time.monotonic()
        while not predicate():
            if time.monotonic() - t > timeout:
                raise RuntimeError("no recovery within the timeout")
            time.sleep(0.05)
        return time.monotonic()

    advances, mails, normal, marks = [], [], [], []
    survivor = _worker(env, "survivor")
    try:
        for _ in range(args.rounds):
            # a normal advance, for comparison
            game = services.game_create(creator=alice, engine="sealedbid", players=2)
            services.game_join(game_id=game.pk, user=bob)
            services.game_start(game_id=game.pk, user=alice)
            services.move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 3}, source="api")
            t = time.monotonic()
            services.move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 1}, source="api")
            normal.append(until(lambda: Game.objects.get(pk=game.pk).version == 1) - t)

            # an advance whose worker dies; the other worker is started only
            # after the kill, so the victim takes the task (its start, a few
            # seconds, overlaps the sweep's grace period)
            survivor.stop()
            victim = _worker(env, "victim")
            game = services.game_create(creator=alice, engine="sealedbid", players=2)
            services.game_join(game_id=game.pk, user=bob)
            services.game_start(game_id=game.pk, user=alice)
            services.move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 3}, source="api")
            seat0 = PendingAction.objects.get(game=game, version=0, seat__index=0).pk
            side.execute("SELECT 1 FROM pbem_pendingaction WHERE id = %s FOR UPDATE", [seat0])
            services.move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 1}, source="api")
            until(lock_waiting, timeout=60)
            t = time.monotonic()
            victim.kill()
            # the worst case: no other message for the game left on the broker
            # (an advance queued by an earlier move would otherwise pick it up)
            broker.delete(QUEUE, MAIL_QUEUE)
            marks.append((timezone.now() - Game.objects.get(pk=game.pk).advance_queued_at).total_seconds())
            side.rollback()
            survivor = _worker(env, "survivor")
            advances.append(until(lambda: Game.objects.get(pk=game.pk).version == 1) - t)
            until(lambda: not Notification.objects.filter(sent_at__isnull=True).exists())

            # a mail whose worker dies while sending
            survivor.stop()
            victim = _worker(env, "victim")
            sink.hold.set()
            sink.held.clear()
            game = services.game_create(creator=alice, engine="sealedbid", players=2)
            services.game_join(game_id=game.pk, user=bob)
            services.game_start(game_id=game.pk, user=alice)
            until(sink.held.is_set, timeout=60)
            t = time.monotonic()
            victim.kill()
            broker.delete(QUEUE, MAIL_QUEUE)
            sink.hold.clear()
            survivor = _worker(env, "survivor")
            mails.append(until(lambda: not Notification.objects.filter(game=game, sent_at__isnull=True).exists()) - t)
        until(lambda: not Notification.objects.filter(sent_at__isnull=True).exists())
        recorded = Notification.objects.filter(sent_at__isnull=False).count()

        # what the short sweeps cost: their queries over many rows not in flight
        with connection.cursor() as c:
            c.execute(
                """INSERT INTO pbem_game (engine, options, seed, seed_salt, visibility, players, status, state, version, time_control,
                                         outcome, invite_code, created_by_id, created_at, updated_at, advance_queued_at)
                   SELECT engine, options, seed + g, seed_salt, visibility, players, status, state, version, time_control, outcome,
                          md5(random()::text || g)::varchar(16), created_by_id, created_at, updated_at, NULL
                   FROM pbem_game, generate_series(1, %s) g WHERE id = %s""",
                [args.idle_games, game.pk],
            )
            c.execute(
                """INSERT INTO notifications_notification (kind, recipient_id, to_email, game_id, seat, version, message_id, subject,
                                         body_text, body_html, board_svg, headers, dedupe_key, created_at, sent_at, attempts,
                                         last_error, deliver_queued_at)
                   SELECT kind, recipient_id, to_email, game_id, seat, version, message_id, subject, body_text, '', '', headers,
                          dedupe_key || ':' || g, created_at, sent_at, attempts, '', NULL
                   FROM notifications_notification n, generate_series(1, %s) g WHERE n.id = (SELECT min(id) FROM notifications_notification)""",
                [args.idle_games],
            )
            c.execute("ANALYZE")
            plans = {}
            for name, qs in (
                ("lost advances", Game.objects.filter(advance_queued_at__lt=time_ago(10)).order_by("advance_queued_at").values("pk")[:1000]),
                (
                    "lost deliveries",
                    Notification.objects.filter(deliver_queued_at__lt=time_ago(10), sent_at__isnull=True)
                    .order_by("deliver_queued_at")
                    .values("pk")[:1000],
                ),
            ):
                sql, params = qs.query.sql_with_params()
                c.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
                plans[name] = "\n".join(f"    {row[0]}" for row in c.fetchall())
    finally:
        side.close()
        survivor.stop()
        beat.stop()
        controller.stop()
        redis.Redis.from_url(settings.REDIS_URL).delete(QUEUE, MAIL_QUEUE)

    def show(name, xs):
        print(f"{name}: n={len(xs)} median {statistics.median(xs):.1f} s, max {max(xs):.1f} s, min {min(xs):.1f} s")

    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, PostgreSQL and Redis on loopback")
    show("advance, worker alive", normal)
    show("advance, worker killed mid-advance", advances)
    show("mail, worker killed while sending", mails)
    print(f"(the advance's mark was {max(marks):.1f} s old at most when its worker was killed)")
    print(f"mails taken by the server: {sink.taken}; recorded sent: {recorded}")
    for name, plan in plans.items():
        print(f"{name}, over {args.idle_games:,} games and notifications not in flight:\n{plan}")
    return 0


def time_ago(seconds: int):
    from datetime import timedelta

    from django.utils import timezone

    return timezone.now() - timedelta(seconds=seconds)


if __name__ == "__main__":
    sys.exit(main())
