"""The sweeps: what beat runs to find work a lost task left behind (an
advance, a mail, a push or chat delivery) and queue it again, and the deadline sweep that sends
due reminders and applies due timeouts. Each is safe to run twice.

A row whose task is queued carries the moment it was queued (a "mark", set in
the transaction that made the work); the task clears it when done. A mark
older than the grace period is a task lost with its worker or its broker
(pbem.requeue)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import F
from django.utils import timezone

from notifications.fanout import DELIVERY_PRIORITY
from notifications.models import Delivery, Notification
from notifications.outbox import DELIVER_PRIORITY
from notifications.tasks import deliver, delivery_send
from pbem.models import Game, PendingAction
from pbem.requeue import lost_requeue, marked_work_requeue
from pbem.services.timeouts import pending_remind, pending_timeout

# One sweep handles at most this many of each kind, then queues the next run,
# so a task never runs for long even after days of outage.
SWEEP_BATCH = 2000


def deadlines_sweep(*, now: datetime | None = None, batch: int = SWEEP_BATCH, part: tuple[int, int] | None = None) -> dict:
    """Find due timeouts, last calls and reminders (each by its own partial
    index) and handle each in its own transaction. Returns counts, and
    ``more`` when a batch was full so the caller runs again at once.

    ``part`` = (index, parts): only the games whose id is ``index`` modulo
    ``parts``, so that a wave of timeouts is shared by several worker
    processes, each game's decisions in one of them (no two parts wait on the
    same game's lock). Parts overlapping or run twice are harmless: each
    decision is handled once, with its game locked."""
    now = now or timezone.now()
    open_unanswered = PendingAction.objects.filter(closed_at__isnull=True, submitted_at__isnull=True)
    if part is not None and part[1] > 1:
        open_unanswered = open_unanswered.annotate(part=F("game_id") % part[1]).filter(part=part[0])
    due = list(open_unanswered.filter(due_at__lte=now).order_by("due_at").values_list("pk", flat=True)[:batch])
    timeouts = sum(1 for pk in due if pending_timeout(pending_id=pk, now=now))
    calls = list(
        open_unanswered.filter(last_call_at__lte=now, last_called_at__isnull=True).order_by("last_call_at").values_list("pk", flat=True)[:batch]
    )
    last_calls = sum(1 for pk in calls if pending_remind(pending_id=pk, which="last_call", now=now))
    firsts = list(
        open_unanswered.filter(remind_at__lte=now, reminded_at__isnull=True).order_by("remind_at").values_list("pk", flat=True)[:batch]
    )
    reminders = sum(1 for pk in firsts if pending_remind(pending_id=pk, which="reminder", now=now))
    return {
        "timeouts": timeouts,
        "last_calls": last_calls,
        "reminders": reminders,
        "more": max(len(due), len(calls), len(firsts)) >= batch,
    }


def lost_advances_requeue(*, grace_seconds: int | None = None, limit: int = 1000) -> int:
    """Queue ``advance`` again for every game whose last queued advance has
    not run to its end within the grace period (its worker died, or the
    broker was down): found by the partial index on ``advance_queued_at``,
    which holds only games with work in flight, so running this every few
    seconds costs the database next to nothing. Each game found is marked
    anew, so it is queued at most once per grace period."""
    from pbem.tasks import advance

    return marked_work_requeue(Game.objects.all(), mark="advance_queued_at", task=advance, grace_seconds=grace_seconds, limit=limit)


def stalled_work_requeue(*, grace_seconds: int | None = None) -> dict:
    """Queue ``advance`` for every active game whose decision has been complete
    (or waiting on a bot) for longer than the grace period, and ``deliver``
    for every notification left unsent that long, each only when the broker
    holds no task of it (pbem.requeue.lost_requeue: waiting behind other work
    is not lost), mail at its own lower priority. (Games whose advance was
    queued and lost are found sooner by ``lost_advances_requeue``.)"""
    from pbem.tasks import advance

    grace = grace_seconds if grace_seconds is not None else settings.PBEM_SWEEP_GRACE_SECONDS
    cutoff = timezone.now() - timedelta(seconds=grace)
    open_now = PendingAction.objects.filter(closed_at__isnull=True, game__status=Game.Status.ACTIVE)
    incomplete = open_now.filter(submitted_at__isnull=True, seat__is_bot=False).values("game_id")
    ready = (
        open_now.filter(submitted_at__lt=cutoff).exclude(game_id__in=incomplete).values_list("game_id", flat=True)
    )
    bots_waiting = open_now.filter(submitted_at__isnull=True, seat__is_bot=True, opened_at__lt=cutoff).values_list(
        "game_id", flat=True
    )
    games = lost_requeue(sorted(set(ready) | set(bots_waiting)), task=advance)
    unsent = lost_requeue(
        list(Notification.objects.filter(sent_at__isnull=True, created_at__lt=cutoff).values_list("pk", flat=True)[:5000]),
        task=deliver, priority=DELIVER_PRIORITY,
    )  # fmt: skip
    return {"games": len(games), "notifications": len(unsent)}


def notifications_lost_requeue(*, grace_seconds: int | None = None, limit: int = 1000) -> int:
    """Queue ``deliver`` again for every notification whose deliver task was
    lost (its worker died, the broker was down): its mark, set with the row,
    is older than the grace period and the broker holds no deliver of it,
    waiting or running (pbem.requeue); queued again at mail's own priority. Found by the
    partial index on ``deliver_queued_at``, which holds only rows in flight,
    so running this every few seconds costs the database next to nothing.
    Each row found is marked anew, so it is queued at most once per grace
    period; a send in progress holds the row's lock and the extra task skips
    it. Rows whose send failed are Celery's to retry with backoff (no mark);
    the minute's ``stalled_work_requeue`` is their backstop."""
    return marked_work_requeue(
        Notification.objects.filter(sent_at__isnull=True), mark="deliver_queued_at", task=deliver,
        grace_seconds=grace_seconds, limit=limit, priority=DELIVER_PRIORITY,
    )  # fmt: skip


def deliveries_lost_requeue(*, grace_seconds: int | None = None, limit: int = 1000) -> int:
    """The short sweep of push and chat deliveries whose task was lost (as
    ``notifications_lost_requeue`` for mails): queued again at their own
    priority, each marked anew."""
    return marked_work_requeue(
        Delivery.objects.filter(sent_at__isnull=True), mark="queued_at", task=delivery_send,
        grace_seconds=grace_seconds, limit=limit, priority=DELIVERY_PRIORITY,
    )  # fmt: skip
