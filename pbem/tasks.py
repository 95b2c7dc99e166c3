"""Celery tasks: thin, idempotent, each calling one service."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from pbem import services


@shared_task(bind=True, autoretry_for=(OperationalError,), retry_backoff=5, retry_backoff_max=300, max_retries=20)
def advance(self, game_id: int) -> int:
    """Apply whatever decisions of the game are complete."""
    return services.game_advance(game_id=game_id)


@shared_task
def sweep() -> dict:
    """Re-queue what a lost task left behind (runs every minute from beat)."""
    return services.stalled_work_requeue()


@shared_task
def lost_work_sweep() -> int:
    """Re-queue advances lost with their worker (runs every
    PBEM_LOST_WORK_SECONDS from beat; an index lookup)."""
    return services.lost_advances_requeue()


@shared_task(bind=True, autoretry_for=(OperationalError,), retry_backoff=5, max_retries=5)
def deadlines_sweep(self) -> dict:
    """Send due reminders and apply due timeouts (runs every minute from beat);
    a full batch queues the next run at once."""
    done = services.deadlines_sweep()
    if done["more"]:
        deadlines_sweep.delay()
    return done
