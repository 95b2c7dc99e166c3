"""Celery tasks of the outbound side: thin, idempotent, each calling one service."""

from __future__ import annotations

from celery import shared_task

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
