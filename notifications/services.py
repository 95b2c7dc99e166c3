"""Writes of the email channel (HackSoft style: keyword-only ``<noun>_<verb>``).

- ``notification_send``: sends one outbox row, once;
  ``notifications_lost_requeue``: the short sweep for deliver tasks lost.
- ``inbound_store``: stores a received mail raw (SMTP server, ESP webhooks)
  and queues its processing; the same mail again is stored once.
- ``inbound_process``: reads a stored mail and runs its commands through the
  game services (``move_submit``, ``game_join_by_code``, ...), then answers.
- ``invitation_create``, ``preference_set``, ``account_for_address``.
"""

from __future__ import annotations

import hashlib
import logging
import re
import smtplib

from django.contrib.auth import get_user_model
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, OperationalError, transaction
from django.utils import timezone

from notifications import inbound as mail
from notifications import outbox
from notifications.models import EmailPreference, InboundMessage, Invitation, Notification, ReplyAddress, UndeliverableAddress
from pbem.errors import Conflict, InvalidRequest, NotFound, NotYourSeat

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
    from django.core.mail import get_connection

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
            # What the mail says is rendered here, from what the step stored,
            # outside the game's lock; kept with the row, so a retry sends the same.
            fields = ["sent_at", "attempts", "last_error", "deliver_queued_at"]
            if not row.body_text and row.message:
                outbox.notification_render(row, save=False)
                fields += ["subject", "body_text", "body_html", "board_svg"]
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
            _envelope_sender_set(message, mail.bounce_address(row.pk))
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
            row.save(update_fields=fields)
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


def notifications_lost_requeue(*, grace_seconds: int | None = None, limit: int = 1000) -> int:
    """Queue ``deliver`` again for every notification whose deliver task was
    lost (its worker died, the broker was down): its mark, set with the row,
    is older than the grace period and no send has taken it. Found by the
    partial index on ``deliver_queued_at``, which holds only rows in flight,
    so running this every few seconds costs the database next to nothing.
    Each row found is marked anew, so it is queued at most once per grace
    period; a send in progress holds the row's lock and the extra task skips
    it. Rows whose send failed are Celery's to retry with backoff (no mark);
    the minute's ``stalled_work_requeue`` is their backstop."""
    from notifications.tasks import deliver
    from pbem.services.moves import marked_work_requeue

    return marked_work_requeue(
        Notification.objects.filter(sent_at__isnull=True), mark="deliver_queued_at", task=deliver,
        grace_seconds=grace_seconds, limit=limit,
    )  # fmt: skip


def _envelope_sender_set(message, address: str) -> None:
    """Bounces go to a per-mail address (VERP). Django's SMTP backend uses
    from_email as the envelope sender (the From header stays ours); anymail
    ESPs take ``envelope_sender``."""
    from django.conf import settings

    if settings.EMAIL_BACKEND.startswith("anymail."):
        message.envelope_sender = address
    else:
        message.extra_headers.setdefault("From", message.from_email)
        message.from_email = address


def address_bounce_clear(*, email: str) -> None:
    """A mail came from this address: it works again."""
    UndeliverableAddress.objects.filter(email__iexact=email).delete()


def preference_set(*, user, mode: str) -> EmailPreference:
    if mode not in EmailPreference.Mode.values:
        raise InvalidRequest(f"Mail preference is one of: {', '.join(EmailPreference.Mode.values)}.")
    row, _ = EmailPreference.objects.update_or_create(user=user, defaults={"mode": mode})
    return row


def board_image_set(*, user, on: bool) -> EmailPreference:
    """Whether game mails carry the board as an inline picture (the written situation stays)."""
    row, _ = EmailPreference.objects.update_or_create(user=user, defaults={"board_image": on})
    return row


# --- invitations ---------------------------------------------------------------------


@transaction.atomic
def invitation_create(*, game_id: int, by_user, email: str) -> Invitation:
    """Invite an address to a forming game: it gets a mail whose reply
    address accepts ``join <code>`` from that address, account or not."""
    from django.core.validators import validate_email
    from django.core.exceptions import ValidationError

    from notifications import outbox
    from pbem.models import Game
    from pbem.selectors import engine_get

    email = (email or "").strip()
    try:
        validate_email(email)
    except ValidationError:
        raise InvalidRequest(f"{email!r} is not an email address.") from None
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound(f"There is no game {game_id}.")
    if not game.seats.filter(player=by_user).exists():
        raise NotYourSeat("Only a player of this game can invite others to it.")
    if game.status != Game.Status.FORMING:
        raise Conflict("This game has already started; it takes no more players.")
    if game.seats.filter(player__email__iexact=email).exists():
        raise Conflict(f"{email} already has a seat in this game.")
    invitation, created = Invitation.objects.get_or_create(game=game, email=email.lower(), defaults={"invited_by": by_user})
    address = ReplyAddress.objects.get_or_create(invitation=invitation)[0]
    engine = engine_get(game.engine)
    from notifications import links

    # The invited address gets its account now (no password: it may play by
    # mail alone), so the invitation itself can carry the link to set one,
    # which then goes on to the page that takes the seat.
    invitee = account_for_address(email=invitation.email)
    password_url = None
    if not invitee.has_usable_password():
        password_url = links.password_set_url(invitee, then=links.join_path(game.invite_code))
    outbox.notification_write(
        kind=Notification.Kind.INVITATION,
        dedupe_key=f"invite:{invitation.pk}",
        user=None,
        to_email=invitation.email,
        reply_to=address,
        message="invitation",
        data={
            "tag": f"#{game.pk} {game.engine}",
            "inviter": by_user.username,
            "title": engine.title,
            "players": game.players,
            "game": game.pk,
            "code": game.invite_code,
            "game_url": links.game_url(game.pk),
            "join_url": links.site_url(links.join_path(game.invite_code)),
            "account": invitee.username,
            "password_url": password_url,
            "days": links.link_days(),
        },
    )
    return invitation


def account_for_address(*, email: str):
    """The account of this address; a new one (no password: it plays by
    mail, and may set one later) when there is none."""
    User = get_user_model()
    user = User.objects.filter(email__iexact=email).order_by("pk").first()
    if user is not None:
        return user
    base = re.sub(r"[^\w.@+-]", "", email.split("@")[0])[:100] or "player"
    name, n = base, 1
    while User.objects.filter(username__iexact=name).exists():
        n += 1
        name = f"{base}{n}"
    user = User(username=name, email=email.lower())
    user.set_unusable_password()
    user.save()
    return user


# --- in ------------------------------------------------------------------------------


def reply_address_known(*, address: str) -> bool:
    """For the SMTP server's RCPT check: a reply address, or the bounce
    address of a mail we sent."""
    if mail.bounce_of(address) is not None:
        return True
    token = mail.token_of(address)
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
                    "envelope_sender": (envelope_sender or "")[:320],
                    "envelope_recipients": list(envelope_recipients or []),
                    "stripped_text": stripped_text.replace("\x00", "") if stripped_text else stripped_text,
                },
            )
    except IntegrityError:  # delivered twice at the same moment
        return InboundMessage.objects.get(key=key), False
    if created:
        from notifications.tasks import process_inbound

        transaction.on_commit(lambda: process_inbound.delay(row.pk))
    return row, created


def inbound_requeue(*, grace_seconds: int = 60) -> int:
    """Queue processing again for stored mails a lost task left behind."""
    from datetime import timedelta

    from notifications.tasks import process_inbound

    cutoff = timezone.now() - timedelta(seconds=grace_seconds)
    ids = list(InboundMessage.objects.filter(processed_at__isnull=True, received_at__lt=cutoff).values_list("pk", flat=True)[:1000])
    for pk in ids:
        process_inbound.delay(pk)
    return len(ids)


def inbound_process(*, inbound_id: int) -> str | None:
    """Process a stored mail once: the row stays locked while its commands
    run, and a processed row is never processed again. Returns its status."""
    from notifications.commands import Answer, mail_handle

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


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()[:24]
