"""Celery tasks of the outbound side: thin, idempotent, each calling one service."""

from __future__ import annotations

from celery import shared_task

from notifications import fanout, services


@shared_task(
    bind=True,
    autoretry_for=(services.TransientSendError,),
    retry_backoff=30,
    retry_backoff_max=3600,
    retry_jitter=True,
    max_retries=10,
)
def deliver(self, notification_id: int) -> None:
    # a your-move to a player at the table goes by no channel while held, and by none once answered there
    if services.notification_withheld(notification_id=notification_id):
        return
    # push and chat first: their deliveries are queued even when the mail server is down
    fanout.deliveries_make(notification_id=notification_id)
    services.notification_send(notification_id=notification_id)


@shared_task(
    bind=True,
    autoretry_for=(services.TransientDeliveryError,),
    retry_backoff=30,
    retry_backoff_max=3600,
    retry_jitter=True,
    max_retries=10,
)
def delivery_send(self, delivery_id: int) -> None:
    """One push or chat message (notifications.fanout)."""
    services.delivery_send(delivery_id=delivery_id)
