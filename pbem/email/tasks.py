"""Celery tasks of the inbound email channel: thin, idempotent, each calling
one service. Their names are the ones they had in notifications.tasks, so
tasks queued before a deploy, and the beat schedule, still find them."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from pbem.email import services


@shared_task(
    bind=True, autoretry_for=(OperationalError,), retry_backoff=5, retry_backoff_max=300, max_retries=20,
    name="notifications.tasks.process_inbound",
)
def process_inbound(self, inbound_id: int) -> str | None:
    """Run the commands of one stored mail (once, however often queued)."""
    return services.inbound_process(inbound_id=inbound_id)


@shared_task(name="notifications.tasks.inbound_sweep")
def inbound_sweep() -> int:
    """Re-queue stored mails a lost task left behind (runs from beat)."""
    return services.inbound_requeue(grace_seconds=settings.PBEM_SWEEP_GRACE_SECONDS)
