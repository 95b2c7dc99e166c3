"""The lost-work sweeps under load: 20 games on one worker (2 processes) while the sweeps run.

    python -m bench.sweeps_load                 # both ways, 3 minutes each
    python -m bench.sweeps_load --minutes 5 --mode new

Each game has one seat played by this process (a legal move as soon as it is asked, through
``move_submit``, as the API would) and bots in the others, so moves, advances and your-move mails
keep coming; mail goes to a local SMTP server that takes ``--mail-delay`` seconds per mail, so
mail waits behind mail as on a busy machine. The sweeps run every PBEM_LOST_WORK_SECONDS (10 s)
and the minute's sweep every 60 s, as beat runs them, either

- ``old``: as before issue 29 (every mark older than the grace queued again, mail at the top
  priority, and every complete decision and unsent mail older than a minute queued again), or
- ``new``: pbem.requeue (queued again only when the broker holds no message of it).

The one worker takes the games' queue and mail's (``-Q <queue>,<queue>.mail``, mail on its own
queue being the default since issue 29), which kombu serves in turn. Every 5 s it counts the tasks
in the queues (all priority lists) against the marked games and unsent mails, and the most copies
of one ``advance`` or ``deliver`` (of one game or mail) waiting in the queues: the most there
should ever be is one. At the end: the game versions per minute, the mails sent, and the mails
handled (sent, or dropped because the bench's player, at the table, had answered already).
Builds its own database and queue; figures go to docs/benchmarks.md by hand.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from datetime import timedelta

from bench.stack import Stack, free_port, machine


class _SlowSink:
    def __init__(self, delay: float):
        self.delay, self.count = delay, 0

    async def handle_DATA(self, server, session, envelope):
        await asyncio.sleep(self.delay)
        self.count += 1
        return "250 OK"


def _old_sweeps(now_minute: bool) -> None:
    """The sweeps as they were (pbem.requeue before issue 29)."""
    from django.utils import timezone

    from notifications.models import Notification
    from notifications.tasks import deliver
    from pbem.models import Game, PendingAction
    from pbem.tasks import advance

    cutoff = timezone.now() - timedelta(seconds=10)
    for model, rows, mark, task in (
        (Game, Game.objects.all(), "advance_queued_at", advance),
        (Notification, Notification.objects.filter(sent_at__isnull=True), "deliver_queued_at", deliver),
    ):
        lost = list(rows.filter(**{f"{mark}__lt": cutoff}).values_list("pk", flat=True)[:1000])
        model.objects.filter(pk__in=lost).update(**{mark: timezone.now()})
        for pk in lost:
            task.delay(pk)
    if now_minute:
        minute = timezone.now() - timedelta(seconds=60)
        open_now = PendingAction.objects.filter(closed_at__isnull=True, game__status=Game.Status.ACTIVE)
        incomplete = open_now.filter(submitted_at__isnull=True, seat__is_bot=False).values("game_id")
        ready = set(open_now.filter(submitted_at__lt=minute).exclude(game_id__in=incomplete).values_list("game_id", flat=True))
        for game_id in ready:
            advance.delay(game_id)
        for pk in Notification.objects.filter(sent_at__isnull=True, created_at__lt=minute).values_list("pk", flat=True)[:5000]:
            deliver.delay(pk)


def _new_sweeps(now_minute: bool) -> None:
    from pbem import services

    services.lost_advances_requeue()
    services.notifications_lost_requeue()
    if now_minute:
        services.stalled_work_requeue()


def _in_broker(stack: Stack) -> tuple[int, int, int]:
    """(tasks waiting in the queues, the most copies of one task waiting, the most copies of one
    task waiting or held by the worker): every list of the games' queue and mail's, at every
    priority, and kombu's unacked books. The second is the figure the issue asks for: one task
    per marked game or mail in the queue, never two. The third also counts a task that is
    finishing while the successor it queued on its commit already waits (a long game's next
    batch of steps, a held mail looked at again, a retry)."""
    import json

    import redis

    from pbem.broker_state import _task_of

    r = redis.Redis.from_url(stack.redis_url)
    queues = (stack.queue, f"{stack.queue}.mail")
    waiting_copies, waiting = {}, 0
    for q in queues:
        for key in [q] + [f"{q}\x06\x16{p}" for p in (3, 6, 9)]:
            for raw in r.lrange(key, 0, -1):
                waiting += 1
                name, arg, _id, _eta = _task_of(json.loads(raw))
                waiting_copies[(name, arg)] = waiting_copies.get((name, arg), 0) + 1
    copies = dict(waiting_copies)
    for raw in r.hvals("unacked"):
        message, _exchange, routing_key = json.loads(raw)
        if routing_key in queues:
            name, arg, _id, _eta = _task_of(message)
            copies[(name, arg)] = copies.get((name, arg), 0) + 1

    def most(found: dict) -> int:
        return max((n for (name, _), n in found.items() if name in ("pbem.tasks.advance", "notifications.tasks.deliver")), default=0)

    return waiting, most(waiting_copies), most(copies)


def _marked(Game, Notification) -> int:
    return Game.objects.filter(advance_queued_at__isnull=False).count() + Notification.objects.filter(sent_at__isnull=True).count()


def run(mode: str, minutes: float, games: int, mail_delay: float) -> dict:
    import logging

    from aiosmtpd.controller import Controller

    logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd's line per SMTP command
    sink = _SlowSink(mail_delay)
    port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    stack = Stack(f"sweeps-{mode}")
    stack.env |= {"EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend", "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(port)}
    stack.database_create()
    try:
        stack.django_setup()
        from django.contrib.auth import get_user_model
        from django.db.models import Sum

        from engines.registry import ENGINES
        from engines.rng import Rng
        from notifications.models import Notification
        from pbem import services
        from pbem.errors import ServiceError
        from pbem.models import Game, Move, PendingAction

        slugs = sorted(ENGINES)
        ids = []
        for i in range(games):
            user = get_user_model().objects.create_user(f"p{i}", f"p{i}@example.org", "x")
            slug = slugs[i % len(slugs)]
            n = ENGINES[slug].min_players
            game = services.game_create(creator=user, engine=slug, players=max(n, 3) if n <= 3 <= ENGINES[slug].max_players else n,
                                        bots=(max(n, 3) if n <= 3 <= ENGINES[slug].max_players else n) - 1, seed=1000 + i)
            services.game_start(game_id=game.pk, user=user)
            ids.append(game.pk)
        stack.worker_start(concurrency=2)
        sweeps = _old_sweeps if mode == "old" else _new_sweeps
        rng = Rng.from_seed(7)
        start = time.monotonic()
        versions_at_start = Game.objects.filter(pk__in=ids).aggregate(v=Sum("version"))["v"]
        next_sweep, next_minute, next_sample = start + 10, start + 60, start
        worst, worst_copies, worst_held, samples = 0.0, 0, 0, []
        mails_done_at_start = Notification.objects.filter(sent_at__isnull=False).count()
        while time.monotonic() - start < minutes * 60:
            asked = PendingAction.objects.filter(game_id__in=ids, seat__index=0, closed_at__isnull=True, submitted_at__isnull=True,
                                                 game__status=Game.Status.ACTIVE).select_related("game")
            for p in asked[:games]:
                g = p.game
                if p.version != g.version:
                    continue
                try:
                    services.move_submit(game_id=g.pk, seat=0, action=ENGINES[g.engine].bot(g.state, 0, rng), source=Move.Source.API)
                except ServiceError:
                    pass
            now = time.monotonic()
            if now >= next_sweep:
                sweeps(now >= next_minute)
                if now >= next_minute:
                    next_minute += 60
                next_sweep += 10
            if now >= next_sample:
                # marked counted on both sides of the broker's count, the larger kept: a task that
                # finished in between would otherwise count in the queue and not as marked
                marked = _marked(Game, Notification)
                queued, most, most_held = _in_broker(stack)
                marked = max(marked, _marked(Game, Notification))
                ratio = queued / marked if marked else 0.0
                worst, worst_copies, worst_held = max(worst, ratio), max(worst_copies, most), max(worst_held, most_held)
                samples.append((round(now - start), queued, marked, most))
                next_sample += 5
            time.sleep(0.2)
        elapsed = (time.monotonic() - start) / 60
        versions = Game.objects.filter(pk__in=ids).aggregate(v=Sum("version"))["v"] - versions_at_start
        return {
            "mode": mode,
            "minutes": round(elapsed, 1),
            "versions_per_minute": round(versions / elapsed, 1),
            "worst_queue_per_marked": round(worst, 2),
            "most_copies_of_one_task_waiting": worst_copies,
            "most_copies_waiting_or_held": worst_held,
            "max_queue": max(s[1] for s in samples),
            "max_marked": max(s[2] for s in samples),
            "mails_sent": sink.count,
            # handled: sent, or dropped because the bench's player had already answered at the table
            "mails_handled": Notification.objects.filter(sent_at__isnull=False).count() - mails_done_at_start,
            "mails_unsent_at_end": Notification.objects.filter(sent_at__isnull=True).count(),
            "samples": samples[-6:],
        }
    finally:
        stack.close()
        controller.stop()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=["old", "new", "both"], default="both")
    ap.add_argument("--minutes", type=float, default=3)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--mail-delay", type=float, default=0.5)
    args = ap.parse_args(argv)
    if args.mode == "both":  # each on a stack (and Django setup) of its own
        import subprocess
        import sys

        for mode in ("old", "new"):
            rest = ["--minutes", str(args.minutes), "--games", str(args.games), "--mail-delay", str(args.mail_delay)]
            subprocess.run([sys.executable, "-u", "-m", "bench.sweeps_load", "--mode", mode, *rest], check=True)
        return 0
    print(f"machine: {machine()}")
    print(run(args.mode, args.minutes, args.games, args.mail_delay), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
