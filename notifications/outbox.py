"""Writing notifications: called by the game services inside their
transaction, so a notification exists exactly when the change that caused it
was committed. Each row has a dedupe key, so running the same step twice
writes nothing new; sending happens after commit, one task per row.

A row holds what its mail is made from, not the mail: ``message`` (the name
of its template in pbem.messages) and ``data`` (a small snapshot: the seat's
situation, the events it may see, names and moments, plain JSON). The text is
rendered when the row is delivered (``notification_render``, called by
``services.notification_send``), outside the game's lock, by the renderer the
pbem app registers here at start (``renderer_register``): the outbound side
imports nothing above it, and the renderer needs the selectors and the
message templates, which sit above it.

Every mail carries a Reply-To address with a token for its game and seat (or
for the player), threading headers (one thread per game and recipient),
``Auto-Submitted`` and ``List-Unsubscribe``, plain text with an HTML
alternative; all of them are decided when the row is written, so threading
and Message-IDs are as before. The player's preference (every move, digest,
off) decides which kinds are written at all.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from datetime import timedelta
from email.mime.image import MIMEImage
from functools import partial

from django.conf import settings
from django.core.cache import caches
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.utils import timezone
from redis.exceptions import RedisError

import boards
from notifications import fanout, presence
from typing import Callable, NamedTuple


from notifications.models import ChannelPreference, EmailPreference, Notification, ReplyAddress, UndeliverableAddress

log = logging.getLogger(__name__)

# Which kinds each preference lets through. Answers to a player's own mail
# (REPLY) and invitations are always written.
_ALWAYS = {Notification.Kind.REPLY, Notification.Kind.INVITATION}
_BY_MODE = {
    # a message to you is never a mail of its own: the next your-move or reminder mail's table talk carries it
    EmailPreference.Mode.EVERY_MOVE: set(Notification.Kind.values) - {Notification.Kind.MESSAGE},
    # Notices (your time ran out, a player resigned) are rare and change what you must do.
    EmailPreference.Mode.DIGEST: {
        Notification.Kind.YOUR_MOVE, Notification.Kind.REMINDER, Notification.Kind.NOTICE, Notification.Kind.GAME_OVER
    } | _ALWAYS,
    EmailPreference.Mode.OFF: _ALWAYS,
}

# Broker priority of a mail's delivery (Redis transport: 0 is the highest and
# the default). On mail's own queue (PBEM_MAIL_QUEUE, the default) the
# default: kombu orders a worker's queues by priority first, so a worker
# given both queues would take mail only when no game waits, and under load
# never (issue 29); at the same priority it serves the queues in turn. On the
# games' queue (PBEM_MAIL_QUEUE="") 6: a worker takes every queued
# ``advance`` before the next mail.
DELIVER_PRIORITY = None if settings.PBEM_MAIL_QUEUE else 6


# the kinds held for a player at the table (notifications.presence)
_MAY_WAIT = (Notification.Kind.YOUR_MOVE, Notification.Kind.MESSAGE)


def deliveries_on_commit(rows: list[Notification]) -> None:
    """Queue the delivery of ``rows`` (written in the current transaction) once it commits. A
    your-move or message row may first wait (notifications.presence): whether it does is decided after the
    commit, for all the rows of a step in one query, and only the rows that wait are written
    again (their deliver mark dated when their task is due, so the lost-work sweep leaves them
    until then). The step's lock is therefore not held for it. Should this process die between
    the commit and the publish, the rows' marks stand and the lost-work sweep queues them; their
    delivery still holds a player at the table (``presence.your_move_verdict``)."""
    if not rows:
        return
    waiting = [r.pk for r in rows if r.kind in _MAY_WAIT and r.game_id is not None and r.seat is not None]
    if waiting:
        transaction.on_commit(partial(_holds_then_publish, [r.pk for r in rows], waiting))
    else:
        transaction.on_commit(partial(_deliver_publish, [r.pk for r in rows], {}))


def _holds_then_publish(ids: list[int], waiting: list[int]) -> None:
    try:
        holds = presence.holds_of(notification_ids=waiting)
        now = timezone.now()
        for seconds in set(holds.values()):
            Notification.objects.filter(pk__in=[pk for pk, s in holds.items() if s == seconds], sent_at__isnull=True).update(
                deliver_queued_at=now + timedelta(seconds=seconds)
            )
    except DatabaseError as exc:
        # the rows are committed and marked: sent now, the delivery still holds a player at the table
        log.warning("holds at the table not decided (%s): delivered without waiting", type(exc).__name__)
        holds = {}
    _deliver_publish(ids, holds)


def _deliver_publish(ids: list[int], holds: dict[int, int]) -> None:
    from notifications.tasks import deliver

    for pk in ids:
        try:
            deliver.apply_async((pk,), priority=DELIVER_PRIORITY, countdown=holds.get(pk))
        except Exception as exc:  # noqa: BLE001 - the broker is away: the row is committed and marked
            log.warning("notification %s: deliver not queued (%s); the lost-work sweep will queue it", pk, type(exc).__name__)


DEFAULT_MODE = EmailPreference._meta.get_field("mode").default


def preference_of(user) -> str:
    if user is None:
        return EmailPreference.Mode.EVERY_MOVE
    row = EmailPreference.objects.filter(user=user).first()
    return row.mode if row else DEFAULT_MODE


def reply_address_for(*, user, game=None, seat: int | None = None) -> ReplyAddress:
    """The reply address of a player for a game and seat, or for the player
    alone (game None); made on first use."""
    if game is not None:
        row, _ = ReplyAddress.objects.get_or_create(game=game, seat=seat, user=user)
    else:
        row, _ = ReplyAddress.objects.get_or_create(user=user, game=None, invitation=None)
    return row


def _domain() -> str:
    return settings.PBEM_MAIL_DOMAIN


def thread_root_id(*, game_id: int, email: str) -> str:
    """The Message-ID of the first mail of a game's thread to one address;
    stable, and not guessable from the address alone."""
    tag = hmac.new(settings.SECRET_KEY.encode(), f"{game_id}:{email.lower()}".encode(), hashlib.sha256).hexdigest()[:16]
    return f"<pbem.game{game_id}.{tag}@{_domain()}>"


BOARD_CID = "board@pbem"
BOARD_PNG_WIDTH = 1280  # pixels; shown at 640 so it stays sharp on high-density screens


def board_image_wanted(user) -> bool:
    row = EmailPreference.objects.filter(user=user).first() if user is not None else None
    return row.board_image if row else True


def _write_facts(*, address: str, user, dedupe_key: str, game, seat: int | None, kind: str = "") -> tuple:
    """What writing one row needs to know, in one round trip: whether the
    address is undeliverable, the player's mode and board-image choice,
    whether the row exists, whether the game's thread to this address has
    begun, the seat's reply address where it exists (id, token), and the
    player's own choice of mail for this kind (None: the mode decides)."""
    pref, undeliverable, notif, reply = (
        EmailPreference._meta.db_table,
        UndeliverableAddress._meta.db_table,
        Notification._meta.db_table,
        ReplyAddress._meta.db_table,
    )
    choice = ChannelPreference._meta.db_table
    user_id, game_id = getattr(user, "pk", None), getattr(game, "pk", None)
    with connection.cursor() as c:
        c.execute(
            f"""SELECT EXISTS (SELECT 1 FROM {undeliverable} WHERE UPPER(email) = UPPER(%s)),
                       (SELECT mode FROM {pref} WHERE user_id = %s),
                       (SELECT board_image FROM {pref} WHERE user_id = %s),
                       EXISTS (SELECT 1 FROM {notif} WHERE dedupe_key = %s),
                       EXISTS (SELECT 1 FROM {notif} WHERE game_id = %s AND UPPER(to_email) = UPPER(%s)),
                       (SELECT id FROM {reply} WHERE game_id = %s AND seat = %s AND user_id = %s),
                       (SELECT token FROM {reply} WHERE game_id = %s AND seat = %s AND user_id = %s),
                       (SELECT enabled FROM {choice} WHERE user_id = %s AND kind = %s AND channel = %s)""",
            [address, user_id, user_id, dedupe_key, game_id, address, *([game_id, seat, user_id] * 2), user_id, kind, "mail"],
        )
        gone, mode, board_image, exists, thread, reply_id, reply_token, mail_choice = c.fetchone()
    if user is None:
        mode = EmailPreference.Mode.EVERY_MOVE
    reply_row = ReplyAddress(pk=reply_id, token=reply_token, user=user, game=game, seat=seat) if reply_id else None
    return (
        bool(gone), mode or DEFAULT_MODE, True if board_image is None else bool(board_image), bool(exists), bool(thread), reply_row,
        None if mail_choice is None or user is None else bool(mail_choice),
    )


def board_png_key(svg: str) -> str:
    return "board-png:" + hashlib.sha256(f"{BOARD_PNG_WIDTH}:{svg}".encode("utf-8")).hexdigest()


def board_png(svg: str) -> bytes:
    """The board's PNG for a mail, rendered once per picture: kept in the ``boards`` cache
    under a hash of the SVG (and the width), so every recipient and channel shown the same
    board reuses it. A key names exactly one picture, so no one is shown another's board;
    an unreachable cache only costs the rendering."""
    key = board_png_key(svg)
    cache = caches["boards"]
    try:
        found = cache.get(key)
    except (RedisError, OSError):
        found = None
    if found is not None:
        return found
    png = boards.png(svg, BOARD_PNG_WIDTH)
    try:
        cache.set(key, png)
    except (RedisError, OSError):
        pass
    return png


def attach_html(message, row) -> None:
    """The HTML alternative, and the board as an inline PNG (multipart/related,
    referenced by Content-ID) when the row has one. Runs in the deliver task."""
    if not row.body_html:
        return
    message.attach_alternative(row.body_html, "text/html")
    if row.board_svg:
        image = MIMEImage(board_png(row.board_svg), "png")
        image.add_header("Content-ID", f"<{BOARD_CID}>")
        image.add_header("Content-Disposition", "inline", filename="board.png")
        message.mixed_subtype = "related"
        message.attach(image)


def notification_write(
    *,
    kind: str,
    dedupe_key: str,
    user,
    game=None,
    seat=None,
    message: str,
    data: dict,
    to_email: str | None = None,
    reply_to: ReplyAddress | None = None,
    in_reply_to: str | None = None,
    game_locked: bool = False,
    batch: list | None = None,
) -> Notification | None:
    """Write one outbox row (once per dedupe key) for a user with an email
    address, or for ``to_email`` (an invited address, the sender of a mail we
    answer): the mail ``message`` of pbem.messages, to be rendered from
    ``data`` when it is delivered. ``game_locked``: the caller holds the game
    row locked (as every step of a game does); returns None when there is
    nobody to write to, the player's preference leaves this kind out, or the
    row exists. ``batch``: the caller collects the rows it writes and queues their
    deliveries together (``deliveries_on_commit``), as a step does for its your-move mails."""

    address = to_email or (user.email if user is not None else "")
    if not address:
        return None
    gone, mode, board_image, exists, thread_begun, known_reply, mail_choice = _write_facts(
        address=address, user=user, dedupe_key=dedupe_key, game=game, seat=seat if game is not None else None, kind=kind
    )
    if exists:
        return None
    # one outbox: a kind the player's mail leaves out is still written when push or chat takes it
    # (the player's choice for this kind, else the mail mode's)
    mail = not gone and kind not in fanout.NO_MAIL and (kind in _ALWAYS or (kind in _BY_MODE[mode] if mail_choice is None else mail_choice))
    if not mail and not fanout.wanted_elsewhere(user=user, kind=kind, game=game):
        return None
    if reply_to is None and user is not None:
        reply_to = known_reply or reply_address_for(user=user, game=game, seat=seat if game is not None else None)
    headers = {"Auto-Submitted": "auto-replied" if kind == Notification.Kind.REPLY else "auto-generated"}
    if reply_to is not None:
        headers["Reply-To"] = reply_to.address
        headers["List-Unsubscribe"] = f"<mailto:{reply_to.address}?subject=unsubscribe>"
    message_id = f"<pbem.{secrets.token_hex(12)}@{_domain()}>"
    references = []
    if game is not None:
        root = thread_root_id(game_id=game.pk, email=address)
        if thread_begun:
            references.append(root)
        else:
            message_id = root  # the first mail of the thread
    if in_reply_to:
        references.append(in_reply_to)
    if references:
        headers["In-Reply-To"] = references[-1]
        headers["References"] = " ".join(references)
    headers["Message-ID"] = message_id
    fields = dict(
        dedupe_key=dedupe_key,
        kind=kind,
        recipient=user,
        to_email=address,
        game=game,
        seat=seat,
        version=game.version if game is not None else None,
        message_id=message_id,
        message=message,
        # the board as a picture or not: the player's choice when the row is written
        data=data | {"board_image": board_image} if game is not None else data,
        headers=headers,
        mail=mail,
    )
    if game_locked:
        # The caller holds the game row locked, and every writer of a key of
        # this game's steps holds it too: nobody can have written it since
        # the look above, so no savepoint is needed.
        row = Notification.objects.create(**fields)
    else:
        try:
            with transaction.atomic():  # a savepoint: a row written meanwhile by someone else leaves ours undone
                row = Notification.objects.create(**fields)
        except IntegrityError:
            if Notification.objects.filter(dedupe_key=dedupe_key).exists():
                return None  # written meanwhile by a concurrent run of the same step
            raise
    if batch is not None:
        batch.append(row)  # the caller queues the batch's deliveries (deliveries_on_commit)
    else:
        deliveries_on_commit([row])
    return row


class Rendered(NamedTuple):
    subject: str
    text: str
    html: str
    svg: str  # the board for the inline picture, "" for none


_renderer: Callable[[Notification], Rendered] | None = None


def renderer_register(render: Callable[[Notification], Rendered]) -> None:
    """The function that turns a row's ``message`` and ``data`` into its mail
    (pbem's AppConfig registers ``pbem.services.mails.notification_render``)."""
    global _renderer
    _renderer = render


def notification_render(row: Notification, *, save: bool = True) -> Notification:
    """Fill in the row's subject, text, HTML part and board from its message
    and data, once: a row rendered before (an earlier attempt, or a row
    written with its text) is left as it is, so a retry sends the same mail.
    Called by the delivery with the row locked."""
    if row.body_text or not row.message:
        return row
    if _renderer is None:
        raise RuntimeError("no notification renderer registered (pbem's AppConfig registers it)")
    mail = _renderer(row)
    row.subject, row.body_text, row.body_html, row.board_svg = mail.subject[:250], mail.text, mail.html, mail.svg
    if save:
        row.save(update_fields=["subject", "body_text", "body_html", "board_svg"])
    return row
