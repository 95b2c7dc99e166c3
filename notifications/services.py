"""Writes of the outbound side (HackSoft style: keyword-only ``<noun>_<verb>``).

- ``notification_send``: sends one outbox row, once (the sweep for deliver
  tasks lost is pbem.services.sweeps.notifications_lost_requeue).
- ``address_bounce_clear``, ``bounce_record``, ``reply_address_known``: the
  addresses our mails are sent from and answered to.

Received mail is the inbound channel's (pbem.email.services); invitations are
pbem.services.invitations.
"""

from __future__ import annotations

import logging
import smtplib

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import transaction
from django.utils import timezone

from notifications import addresses, outbox
from notifications.models import Notification, ReplyAddress, UndeliverableAddress

log = logging.getLogger(__name__)


class TransientSendError(Exception):
    """The mail server or ESP failed in a way worth retrying."""


# --- out -------------------------------------------------------------------------


def _permanent(exc: Exception) -> bool:
    """A 5xx answer from the mail server: it will never take this mail."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in exc.recipients.values())
    code = getattr(exc, "smtp_code", None)
    return isinstance(code, int) and code >= 500


def notification_send(*, notification_id: int) -> bool:
    """Send the row if it is unsent. The row stays locked while sending, so two
    workers never send it twice. The connection to the mail server is opened
    before and closed after the commit that records the mail as sent, so a
    worker dying between the server's "250 accepted" and that commit (the one
    window no mail protocol closes) is a matter of one UPDATE; a mail sent
    again then has the same Message-ID. A 4xx or a network failure is retried
    with backoff (TransientSendError); a 5xx is final: the address is recorded
    as undeliverable and gets no more mail."""
    failure = permanent = None
    connection = get_connection()
    try:
        with transaction.atomic():
            row = Notification.objects.select_for_update(skip_locked=True).filter(pk=notification_id, sent_at__isnull=True).first()
            if row is None:
                return False  # sent already, or another worker holds it
            row.attempts += 1
            # the task in hand owns the row now: whatever happens below clears the mark
            row.deliver_queued_at = None
            if UndeliverableAddress.objects.filter(email__iexact=row.to_email).exists():
                row.sent_at, row.last_error = timezone.now(), "not sent: the address is undeliverable"
                row.save(update_fields=["sent_at", "attempts", "last_error", "deliver_queued_at"])
                return False
            headers = dict(row.headers or {})
            reply_to = headers.pop("Reply-To", None)
            message = EmailMultiAlternatives(
                subject=row.subject,
                body=row.body_text,
                to=[row.to_email],
                reply_to=[reply_to] if reply_to else None,
                headers=headers or None,
                connection=connection,
            )
            outbox.attach_html(message, row)
            _envelope_sender_set(message, addresses.bounce_address(row.pk))
            try:
                connection.open()
                message.send()
            except (smtplib.SMTPException, OSError) as exc:
                failure = f"{type(exc).__name__}: {exc}"[:2000]
                row.last_error = failure
                if _permanent(exc):
                    permanent = failure
                    row.sent_at = timezone.now()  # final: the sweep must not send it again
                    UndeliverableAddress.objects.get_or_create(email=row.to_email.lower(), defaults={"reason": failure[:500]})
            else:
                # recorded at once after the server's "250" to the mail's end, in
                # the transaction that held the row since before the connection
                row.sent_at = timezone.now()
                row.last_error = ""
            row.save(update_fields=["sent_at", "attempts", "last_error", "deliver_queued_at"])
    finally:
        try:
            connection.close()
        except Exception:  # noqa: BLE001 - the mail is recorded; a failed QUIT changes nothing
            log.warning("closing the mail connection failed after notification %s", notification_id)
    if permanent:
        log.warning("notification %s refused for good: %s", notification_id, permanent)
        return False
    if failure:
        log.warning("notification %s not sent (attempt %s): %s", notification_id, row.attempts, failure)
        raise TransientSendError(failure)
    return True


def _envelope_sender_set(message, address: str) -> None:
    """Bounces go to a per-mail address (VERP). Django's SMTP backend uses
    from_email as the envelope sender (the From header stays ours); anymail
    ESPs take ``envelope_sender``."""
    if settings.EMAIL_BACKEND.startswith("anymail."):
        message.envelope_sender = address
    else:
        message.extra_headers.setdefault("From", message.from_email)
        message.from_email = address


def address_bounce_clear(*, email: str) -> None:
    """A mail came from this address: it works again."""
    UndeliverableAddress.objects.filter(email__iexact=email).delete()


# --- reply addresses and bounces ---------------------------------------------------


def reply_address_known(*, address: str) -> bool:
    """For the SMTP server's RCPT check: a reply address, or the bounce
    address of a mail we sent."""
    if addresses.bounce_of(address) is not None:
        return True
    token = addresses.token_of(address)
    return bool(token) and ReplyAddress.objects.filter(token=token).exists()


def bounce_record(*, notification_id: int, status: str | None) -> str:
    """A bounce of one of our mails: a permanent failure (5.x.x) marks its
    address undeliverable; anything else is left to the sending server."""
    row = Notification.objects.filter(pk=notification_id).first()
    if row is None:
        return "bounce of an unknown mail"
    if not status or not status.startswith("5"):
        return f"bounce {status or 'without status'}: transient, ignored"
    UndeliverableAddress.objects.get_or_create(email=row.to_email.lower(), defaults={"reason": f"bounced with {status}"})
    return f"bounce {status}: address recorded as undeliverable"
