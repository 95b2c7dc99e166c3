"""A deliver task lost with its worker or its broker is found by its mark
(set with the row, in the same transaction) and queued again, once per
grace period; sending clears the mark."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from notifications import services
from notifications.models import Notification
from pbem.services.sweeps import notifications_lost_requeue

pytestmark = pytest.mark.django_db


def test_a_lost_delivery_is_found_by_its_mark_and_queued_again(started_game, queue):
    rows = Notification.objects.filter(game=started_game)
    assert rows.exists() and all(n.deliver_queued_at is not None for n in rows)  # marked with the row
    assert notifications_lost_requeue(grace_seconds=10) == 0  # within the grace: its task may still run
    rows.update(deliver_queued_at=timezone.now() - timedelta(seconds=11))
    n = rows.count()
    assert notifications_lost_requeue(grace_seconds=10) == n and queue() == n  # really on the broker
    assert notifications_lost_requeue(grace_seconds=10) == 0  # marked anew: not queued twice in one grace
    first = rows.first()
    assert services.notification_send(notification_id=first.pk)
    first.refresh_from_db()
    assert first.sent_at is not None and first.deliver_queued_at is None  # sent: the mark is gone
    Notification.objects.filter(pk=first.pk).update(deliver_queued_at=timezone.now() - timedelta(hours=1))
    rows.exclude(pk=first.pk).update(deliver_queued_at=None)
    assert notifications_lost_requeue(grace_seconds=10) == 0  # a sent row is never queued again
    assert len(mail.outbox) == 1


def test_a_failed_send_leaves_the_row_to_celerys_retry(started_game, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", 1  # nothing listens there
    row = Notification.objects.filter(game=started_game).first()
    with pytest.raises(services.TransientSendError):
        services.notification_send(notification_id=row.pk)
    row.refresh_from_db()
    assert row.sent_at is None and row.deliver_queued_at is None and row.attempts == 1
    Notification.objects.exclude(pk=row.pk).update(deliver_queued_at=None)  # only this row is in question
    assert notifications_lost_requeue(grace_seconds=0) == 0  # backoff is not cut short
