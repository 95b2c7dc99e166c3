"""Celery tasks of the email channel: thin, idempotent, each calling one service."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from notifications import services


@shared_task(
    bind=True,
    autoretry_for=(services.TransientSendError,),
    retry_backoff=30,
    retry_backoff_max=3600,
    retry_jitter=True,
    max_retries=10,
)
def deliver(self, notification_id: int) -> None:
    services.notification_send(notification_id=notification_id)


@shared_task
def lost_deliveries_sweep() -> int:
    """Re-queue deliver tasks lost with their worker (runs every
    PBEM_LOST_WORK_SECONDS from beat; an index lookup)."""
    return services.notifications_lost_requeue()


@shared_task(bind=True, autoretry_for=(OperationalError,), retry_backoff=5, retry_backoff_max=300, max_retries=20)
def process_inbound(self, inbound_id: int) -> str | None:
    """Run the commands of one stored mail (once, however often queued)."""
    return services.inbound_process(inbound_id=inbound_id)


@shared_task
def inbound_sweep() -> int:
    """Re-queue stored mails a lost task left behind (runs from beat)."""
    from django.conf import settings

    return services.inbound_requeue(grace_seconds=settings.PBEM_SWEEP_GRACE_SECONDS)
