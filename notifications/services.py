"""Sending one outbox row through Django's email backend, once."""

from __future__ import annotations

import logging
import smtplib

from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.utils import timezone

from notifications.models import Notification

log = logging.getLogger(__name__)


class TransientSendError(Exception):
    """The mail server or ESP failed in a way worth retrying."""


def notification_send(*, notification_id: int) -> bool:
    """Send the row if it is unsent. The row stays locked while sending, so two
    workers never send it twice; a failure is recorded and leaves the row
    unsent, and TransientSendError asks Celery to retry with backoff."""
    failure = None
    with transaction.atomic():
        row = Notification.objects.select_for_update(skip_locked=True).filter(pk=notification_id, sent_at__isnull=True).first()
        if row is None:
            return False  # sent already, or another worker holds it
        row.attempts += 1
        message = EmailMultiAlternatives(
            subject=row.subject, body=row.body_text, to=[row.to_email], headers=row.headers or None
        )
        if row.body_html:
            message.attach_alternative(row.body_html, "text/html")
        try:
            message.send()
        except (smtplib.SMTPException, OSError) as exc:
            failure = f"{type(exc).__name__}: {exc}"[:2000]
            row.last_error = failure
        else:
            row.sent_at = timezone.now()
            row.last_error = ""
        row.save(update_fields=["sent_at", "attempts", "last_error"])
    if failure:
        log.warning("notification %s not sent (attempt %s): %s", notification_id, row.attempts, failure)
        raise TransientSendError(failure)
    return True
