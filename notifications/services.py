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
from datetime import timedelta
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from notifications import addresses, chat, outbox, presence, push
from notifications.fanout import KINDS, NO_MAIL
from notifications.models import (
    Channel,
    ChannelPreference,
    ChatChannel,
    ChatHandle,
    Delivery,
    Notification,
    PushSubscription,
    ReplyAddress,
    UndeliverableAddress,
)
from pbem.errors import InvalidRequest

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


def _deliver_later(notification_id: int) -> None:
    from notifications.tasks import deliver

    deliver.apply_async((notification_id,), priority=outbox.DELIVER_PRIORITY, countdown=presence.GRACE)


# what a row closed unsent says, by the presence verdict that closed it
_CLOSED = {
    presence.ANSWERED: "not sent: answered at the table or in the answer to a mail",
    presence.SHOWN: "not sent: shown on the player's page at the table",
}


def _withheld(row: Notification) -> bool:
    """Whether a your-move or message row goes by no channel now (notifications.presence),
    its locked row saved: closed once its decision was answered (at the table,
    or in the answer to a mail) or the message shown on the player's page, or held
    for a player still at the table and looked at again after the grace (its dated
    mark keeps the lost-work sweep as backstop). Any other row: False, untouched."""
    if row.game_id is None or row.seat is None:
        return False
    if row.kind == Notification.Kind.YOUR_MOVE:
        verdict = presence.your_move_verdict(game_id=row.game_id, seat=row.seat, version=row.version, written_at=row.created_at)
    elif row.kind == Notification.Kind.MESSAGE:
        verdict = presence.message_verdict(game_id=row.game_id, seat=row.seat, written_at=row.created_at)
    else:
        return False
    if verdict in _CLOSED:
        row.sent_at, row.last_error = timezone.now(), _CLOSED[verdict]
        row.save(update_fields=["sent_at", "attempts", "last_error", "deliver_queued_at"])
        return True
    if verdict == presence.HOLD:
        row.deliver_queued_at = timezone.now() + timedelta(seconds=presence.GRACE)
        row.save(update_fields=["attempts", "deliver_queued_at"])
        transaction.on_commit(lambda pk=row.pk: _deliver_later(pk))
        return True
    return False


def notification_withheld(*, notification_id: int) -> bool:
    """Whether the deliver task sends the row by no channel now: a your-move
    row answered at the table or held for a player still there (then no push
    or chat either, not only no mail), a message row shown on the player's page
    or held while they are there, or a row no longer unsent (sent, closed, or in
    another worker's hands, whose deliver made its deliveries first)."""
    with transaction.atomic():
        row = Notification.objects.select_for_update(skip_locked=True).filter(pk=notification_id, sent_at__isnull=True).first()
        if row is None:
            return True
        if row.kind not in (Notification.Kind.YOUR_MOVE, Notification.Kind.MESSAGE):
            return False
        row.attempts += 1
        row.deliver_queued_at = None
        return _withheld(row)


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
            if _withheld(row):
                return False
            if UndeliverableAddress.objects.filter(email__iexact=row.to_email).exists():
                row.sent_at, row.last_error = timezone.now(), "not sent: the address is undeliverable"
                row.save(update_fields=["sent_at", "attempts", "last_error", "deliver_queued_at"])
                return False
            if not row.mail:  # the player takes this kind by push or chat only (notifications.fanout)
                row.sent_at, row.last_error = timezone.now(), "not mailed: the player's preference"
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


# --- push and chat deliveries (notifications.fanout, notifications.push) ------------------------


class TransientDeliveryError(Exception):
    """A push service or chat server failed in a way worth retrying."""


def delivery_send(*, delivery_id: int) -> bool:
    """Send one delivery if it is unsent, holding its row locked (two workers
    never send it twice). A gone subscription (404/410) is removed and the
    delivery closed; a 5xx, 429 or network failure is retried with backoff
    (TransientDeliveryError); anything else is final. The target's secrets
    (endpoint, channel URL) never reach the log or ``last_error``."""
    failure = None
    with transaction.atomic():
        row = (
            Delivery.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("notification")
            .filter(pk=delivery_id, sent_at__isnull=True)
            .first()
        )
        if row is None:
            return False
        row.attempts += 1
        row.queued_at = None  # this task owns it now; a retry is Celery's, the sweep its backstop
        kind, _, target_id = row.target.partition(":")
        now = timezone.now()
        if kind == "push":
            subscription = PushSubscription.objects.filter(pk=target_id).first()
            if subscription is None:
                row.sent_at, row.last_error = now, "not sent: the device was unsubscribed"
            else:
                note = row.notification
                try:
                    push.push_send(
                        subscription=subscription, data=push.payload(note),
                        urgent=note.kind in (Notification.Kind.YOUR_MOVE, Notification.Kind.REMINDER),
                    )  # fmt: skip
                except push.PushGone as exc:
                    row.sent_at, row.last_error = now, f"{exc}: the device is unsubscribed"
                    subscription.delete()
                except push.PushRefused as exc:
                    row.sent_at, row.last_error = now, str(exc)
                except push.PushFailed as exc:
                    failure = row.last_error = str(exc)
                else:
                    row.sent_at, row.last_error = now, ""
                    PushSubscription.objects.filter(pk=subscription.pk).update(last_used_at=now)
        elif kind == "chat":
            channel = ChatChannel.objects.filter(pk=target_id).first()
            if channel is None:
                row.sent_at, row.last_error = now, "not sent: the channel was removed"
            else:
                text = chat.message(row.notification, channel)
                try:
                    chat.post(channel=channel, title=text["title"], body=text["body"])
                except chat.ChatRefused as exc:
                    row.sent_at, row.last_error = now, str(exc)
                except chat.ChatFailed as exc:
                    failure = row.last_error = str(exc)
                else:
                    row.sent_at, row.last_error = now, ""
                    ChatChannel.objects.filter(pk=channel.pk).update(last_used_at=now)
        else:
            row.sent_at, row.last_error = now, f"not sent: no channel {kind!r}"
        row.save(update_fields=["sent_at", "attempts", "last_error", "queued_at"])
    if failure:
        log.warning("delivery %s not sent (attempt %s): %s", delivery_id, row.attempts, failure)
        raise TransientDeliveryError(failure)
    return row.last_error == ""


def push_subscribe(*, user, endpoint: str, p256dh: str, auth: str, label: str = ""):
    """Record (or renew) one browser's push subscription for ``user``. An
    endpoint is one browser profile: subscribed again, it moves to this account."""
    parts = urlsplit(endpoint or "")
    if parts.scheme not in ("https", "http") or not parts.netloc or len(endpoint) > 2000:
        raise InvalidRequest(_("A push subscription needs the push service's address."))
    if not p256dh or not auth or len(p256dh) > 200 or len(auth) > 100:
        raise InvalidRequest(_("A push subscription needs the browser's keys."))
    row, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth, "label": label[:100]}
    )
    return row


def push_unsubscribe(*, user, subscription_id: int | None = None, endpoint: str | None = None) -> int:
    """Remove one of the player's devices (by id from the profile, or by endpoint from the browser)."""
    rows = PushSubscription.objects.filter(user=user)
    if subscription_id is not None:
        rows = rows.filter(pk=subscription_id)
    elif endpoint:
        rows = rows.filter(endpoint=endpoint)
    else:
        return 0
    return rows.delete()[0]


def channel_preference_set(*, user, kind: str, channel: str, enabled: bool):
    """Whether the player takes ``kind`` by ``channel``."""
    if kind not in KINDS or channel not in Channel.values or (channel == Channel.MAIL and kind in NO_MAIL):
        raise InvalidRequest(_("No such kind of notification or channel."))
    row, _created = ChannelPreference.objects.update_or_create(user=user, kind=kind, channel=channel, defaults={"enabled": enabled})
    return row


def chat_channel_add(*, user, url: str, game=None, mentions: dict | None = None, timezone_name: str = "") -> ChatChannel:
    """A chat channel by URL: the player's own, or (``game``) the table's, which
    only the game's creator adds, with mentions per player name and the time zone
    its deadlines are told in (by default the creator's). The URL is stored
    encrypted, after its host was checked (notifications.egress)."""
    if game is not None and game.created_by_id != user.pk:
        raise InvalidRequest(_("Only the game's creator adds a channel for the whole table."))
    url = (url or "").strip()
    try:
        service = chat.service_of(url)
    except chat.ChatUrlRefused:
        raise InvalidRequest(_("That is not a channel URL of Discord, Slack, Matrix, Telegram, ntfy or a JSON webhook.")) from None
    try:
        chat.host_check(url)
    except chat.ChatHostRefused:
        raise InvalidRequest(
            _("That channel's host cannot be reached from here: it does not resolve, or it is not on the public internet.")
        ) from None
    clean = {}
    for name, handle in (mentions or {}).items() if game is not None else ():
        name, handle = str(name).strip(), str(handle).strip()
        if not name or not handle:
            continue
        try:
            clean[name] = chat.mention_of(service, handle)
        except ValueError:
            raise InvalidRequest(
                _("%(handle)s is not how %(service)s mentions a player.") % {"handle": handle[:100], "service": service}
            ) from None
    zone = (timezone_name or "").strip()
    if game is not None and zone and not _zone_known(zone):
        raise InvalidRequest(_("%(zone)s is not a time zone (write it as Europe/Berlin).") % {"zone": zone[:64]})
    return ChatChannel.objects.create(
        user=None if game is not None else user, game=game, created_by=user, url_encrypted=chat.encrypt(url),
        service=service, hint=chat.hint_of(url, service), mentions=clean, timezone=zone if game is not None else "",
    )  # fmt: skip


def _zone_known(name: str) -> bool:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def chat_handle_set(*, user, service: str, handle: str) -> ChatHandle | None:
    """How the player is mentioned in table channels of ``service`` (a Discord user id, a
    Slack member id, a Matrix id, a Telegram @name); an empty handle removes it."""
    if service not in chat.HANDLE_SERVICES:
        raise InvalidRequest(_("%(service)s has no mentions.") % {"service": service[:40]})
    handle = (handle or "").strip()
    if not handle:
        ChatHandle.objects.filter(user=user, service=service).delete()
        return None
    try:
        chat.mention_of(service, handle)
    except ValueError:
        raise InvalidRequest(
            _("%(handle)s is not how %(service)s mentions a player.") % {"handle": handle[:100], "service": service}
        ) from None
    row, _created = ChatHandle.objects.update_or_create(user=user, service=service, defaults={"handle": handle})
    return row


def chat_channel_remove(*, user, channel_id: int) -> int:
    """A player removes their own channel; a game's creator the table's."""
    rows = ChatChannel.objects.filter(Q(user=user) | Q(game__created_by=user), pk=channel_id)
    return rows.delete()[0]


def channel_choices_set(*, user, chosen: set[tuple[str, str]]) -> None:
    """The profile's grid: ``chosen`` holds (kind, channel) for every box ticked.
    A mail choice equal to what the mail mode gives is not stored, so the mode
    (`notify every|digest|off` by mail) still decides it."""
    mode = outbox.preference_of(user)
    with transaction.atomic():
        for kind in KINDS:
            for channel in Channel.values:
                if channel == Channel.MAIL and kind in NO_MAIL:
                    continue  # its mail is the talk block of the next your-move or reminder mail
                enabled = (kind, channel) in chosen
                if channel == Channel.MAIL and enabled == (kind in outbox._BY_MODE[mode]):
                    ChannelPreference.objects.filter(user=user, kind=kind, channel=channel).delete()
                else:
                    channel_preference_set(user=user, kind=kind, channel=channel, enabled=enabled)
