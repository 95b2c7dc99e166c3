"""Writes of the inbound email channel (HackSoft style: keyword-only ``<noun>_<verb>``).

- ``inbound_store``: stores a received mail raw (SMTP server, ESP webhooks)
  and queues its processing; the same mail again is stored once.
- ``inbound_process``: reads a stored mail and runs its commands through the
  game services (``move_submit``, ``game_join_by_code``, ...), then answers.
- ``inbound_requeue``: the sweep for stored mails a lost task left behind.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.db import IntegrityError, OperationalError, transaction
from django.utils import timezone

from notifications.models import InboundMessage
from pbem.email import parsing as mail
from pbem.email.answers import Answer
from pbem.email.gate import mail_handle

log = logging.getLogger(__name__)


def _text(value) -> str:
    # PostgreSQL's text and jsonb hold no NUL character; a webhook's form fields may (the raw bytes keep it)
    return str(value).replace("\x00", "")


def inbound_store(
    *,
    raw: bytes,
    source: str,
    envelope_sender: str | None = None,
    envelope_recipients: list[str] | None = None,
    stripped_text: str | None = None,
) -> tuple[InboundMessage, bool]:
    """Store a received mail before anything else, and queue its processing
    after commit. Returns the row and whether it is new: the same mail
    delivered again (same Message-ID, or same bytes) is stored once."""
    msg = mail.message_from_bytes(raw)
    key = mail.message_key(msg, raw)
    try:
        with transaction.atomic():
            row, created = InboundMessage.objects.get_or_create(
                key=key,
                defaults={
                    "source": source[:32],
                    "raw": raw,
                    "envelope_sender": _text(envelope_sender or "")[:320],
                    "envelope_recipients": [_text(r) for r in envelope_recipients or []],
                    "stripped_text": _text(stripped_text) if stripped_text else stripped_text,
                },
            )
    except IntegrityError:  # delivered twice at the same moment
        return InboundMessage.objects.get(key=key), False
    if created:
        from pbem.email.tasks import process_inbound

        transaction.on_commit(lambda: process_inbound.delay(row.pk))
    return row, created


def inbound_requeue(*, grace_seconds: int = 60) -> int:
    """Queue processing again for stored mails a lost task left behind."""
    from pbem.email.tasks import process_inbound

    cutoff = timezone.now() - timedelta(seconds=grace_seconds)
    ids = list(InboundMessage.objects.filter(processed_at__isnull=True, received_at__lt=cutoff).values_list("pk", flat=True)[:1000])
    for pk in ids:
        process_inbound.delay(pk)
    return len(ids)


def inbound_process(*, inbound_id: int) -> str | None:
    """Process a stored mail once: the row stays locked while its commands
    run, and a processed row is never processed again. Returns its status."""
    with transaction.atomic():
        row = InboundMessage.objects.select_for_update(skip_locked=True).filter(pk=inbound_id, processed_at__isnull=True).first()
        if row is None:
            return None
        row.attempts += 1
        row.save(update_fields=["attempts"])
        try:
            with transaction.atomic():
                answer = mail_handle(row)
        except OperationalError:
            raise  # the database is away: Celery retries, nothing is lost
        except Exception:  # noqa: BLE001 - a mail must never bring the channel down
            log.exception("inbound mail %s could not be processed", row.pk)
            answer = Answer.failure(row)
        row.status, row.outcome, row.processed_at = answer.status, answer.outcome[:2000], timezone.now()
        row.save(update_fields=["status", "outcome", "processed_at"])
        try:
            with transaction.atomic():
                answer.send()
        except OperationalError:
            raise
        except Exception:  # noqa: BLE001 - the mail is processed; only its answer is lost, and logged
            log.exception("the answer to inbound mail %s could not be written", row.pk)
    return row.status
