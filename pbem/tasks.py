"""Celery tasks: thin, idempotent, each calling one service."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from pbem import broker_state, services  # noqa: F401 - broker_state: a worker says what it runs and that it is alive


@shared_task(bind=True, autoretry_for=(OperationalError,), retry_backoff=5, retry_backoff_max=300, max_retries=20)
def advance(self, game_id: int) -> int:
    """Apply whatever decisions of the game are complete."""
    return services.game_advance(game_id=game_id)


@shared_task
def sweep() -> dict:
    """Re-queue what a lost task left behind (runs every minute from beat)."""
    return services.stalled_work_requeue()


@shared_task(name="notifications.tasks.lost_deliveries_sweep")
def lost_deliveries_sweep() -> int:
    """Re-queue deliver tasks lost with their worker (runs every
    PBEM_LOST_WORK_SECONDS from beat; an index lookup). Registered under the
    name it had in notifications.tasks, which beat and queued tasks use."""
    return services.notifications_lost_requeue()


@shared_task(name="notifications.tasks.lost_channel_deliveries_sweep")
def lost_channel_deliveries_sweep() -> int:
    """Re-queue push and chat deliveries lost with their worker (from beat, as
    mails'). Registered under the name it had in notifications.tasks."""
    return services.deliveries_lost_requeue()


@shared_task
def lost_work_sweep() -> int:
    """Re-queue advances lost with their worker (runs every
    PBEM_LOST_WORK_SECONDS from beat; an index lookup)."""
    return services.lost_advances_requeue()


@shared_task(bind=True, autoretry_for=(OperationalError,), retry_backoff=5, max_retries=5)
def deadlines_sweep(self, index: int = 0, parts: int = 1) -> dict:
    """Send due reminders and apply due timeouts (runs every minute from beat);
    a full batch queues the next run at once. A full batch of the whole sweep
    is a wave (a long outage, a tournament round's deadline): it is shared out
    in PBEM_SWEEP_PARTS parts by game, one task each, so every worker process
    takes a share."""
    done = services.deadlines_sweep(part=(index, parts) if parts > 1 else None)
    if done["more"]:
        if parts == 1 and settings.PBEM_SWEEP_PARTS > 1:
            for i in range(settings.PBEM_SWEEP_PARTS):
                deadlines_sweep.delay(i, settings.PBEM_SWEEP_PARTS)
        else:
            deadlines_sweep.delay(index, parts)
    return done
