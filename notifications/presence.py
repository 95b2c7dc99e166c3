"""No your-move mail, push or chat message to a player who is at the table (issue 28).

A player whose game page is open and in use (it says so every 20 s: pbem.services
``seat_presence_mark`` sets ``Seat.page_seen_at``) answers there. Their
your-move mail is therefore held for a short grace instead of sent at once
(decided right after the step's commit, for all its mails in one query: ``holds_of``,
so the game's lock is not held for it); when its turn comes (``deliver``, before it makes the row's push and chat
deliveries), the row is dropped if the decision was
answered meanwhile, held again while the player is still at the table, and
sent once they have left (their page closed, hidden or idle for AWAY_AFTER).
A move by mail gets one answer: the answer to the mail shows the situation
now and what is asked (notifications.commands), so the your-move mail its
move opened waits MAIL_ANSWER_WAIT and is dropped once that answer is written.
The decision is made in the delivery flow, so whatever writes the mail's
text (pbem/messages) stays as it is.

A message to a player (a private message, or "@name" at the table; kind
``message``, delivered by push and chat only) is shown on a page at the table
as it comes (its table talk updates live): its push and chat wait the same
grace for a player at the table, and are dropped once their page, still in
use after the message came, has shown it; they go if the player has left."""

from __future__ import annotations

from datetime import timedelta

from django.db import connection
from django.utils import timezone

from notifications.models import Notification
from pbem.models import Game, Move, PendingAction, Seat

MAIL_ANSWER_WAIT = 30  # seconds a your-move mail waits for the answer to the player's own mail, which carries it
AWAY_AFTER = 60  # seconds without a "page in use" word: the player has left the table
GRACE = 90  # seconds a your-move mail waits for a player at the table, before it is looked at again
MAX_HOLD = 6 * 3600  # a page left open and in use for hours does not hold a mail for longer than this

SEEN_AFTER = 5  # seconds: a page in use this long after a message came has shown it (the live update takes one or two, the poll 3)

SENT = "send"
ANSWERED = "answered"
HOLD = "hold"
SHOWN = "shown"


def seat_at_table(*, game_id: int, seat: int, now=None) -> bool:
    """Whether the seat's player has the game page open and in use now."""
    now = now or timezone.now()
    return Seat.objects.filter(
        game_id=game_id, index=seat, player__isnull=False, page_seen_at__gte=now - timedelta(seconds=AWAY_AFTER)
    ).exists()


def holds_of(*, notification_ids: list[int], now=None) -> dict[int, int]:
    """Which of these your-move and message rows, just committed, wait before their delivery
    looks at them, and how long: GRACE for a player at the table (a message too: the page shows
    it), MAIL_ANSWER_WAIT for a your-move row after a move by mail whose answer is still to be
    written (only that answer can carry the decision: one
    written already, a sealed bid answered before the others', cannot). One query for all the
    rows of a step, run after its commit (``outbox.deliveries_on_commit``), so the game's lock
    is not held for it; rows not named do not wait.

    Written in SQL (PostgreSQL and SQLite alike): it runs once per step, and Django's building
    of the same query from nested ``Exists`` cost more CPU than the rest of the step's mail."""
    if not notification_ids:
        return {}
    now = now or timezone.now()
    q, at = connection.ops.quote_name, connection.ops.adapt_datetimefield_value
    notes, seats, moves = (q(m._meta.db_table) for m in (Notification, Seat, Move))
    ids = ", ".join(["%s"] * len(notification_ids))
    # a move by mail within the wait whose answer is not written: the latest is such a move
    # exactly when any is (an answer after the latest comes after every earlier one too)
    sql = f"""
        SELECT n.id, n.kind,
               EXISTS (SELECT 1 FROM {seats} s WHERE s.game_id = n.game_id AND s.{q("index")} = n.seat
                       AND s.player_id IS NOT NULL AND s.page_seen_at >= %s),
               EXISTS (SELECT 1 FROM {moves} m WHERE m.game_id = n.game_id AND m.seat = n.seat
                       AND m.source = %s AND m.received_at >= %s
                       AND NOT EXISTS (SELECT 1 FROM {notes} r WHERE r.kind = %s AND r.game_id = n.game_id
                                       AND r.seat = n.seat AND r.created_at >= m.received_at))
        FROM {notes} n
        WHERE n.id IN ({ids}) AND n.kind IN (%s, %s) AND n.sent_at IS NULL"""
    params = [
        at(now - timedelta(seconds=AWAY_AFTER)), Move.Source.EMAIL.value, at(now - timedelta(seconds=MAIL_ANSWER_WAIT)),
        Notification.Kind.REPLY.value, *notification_ids, Notification.Kind.YOUR_MOVE.value, Notification.Kind.MESSAGE.value,
    ]  # fmt: skip
    with connection.cursor() as c:
        c.execute(sql, params)
        rows = c.fetchall()
    by_mail_waits = Notification.Kind.YOUR_MOVE.value
    return {pk: GRACE if at_table else MAIL_ANSWER_WAIT
            for pk, kind, at_table, by_mail in rows if at_table or (by_mail and kind == by_mail_waits)}


def your_move_verdict(*, game_id: int, seat: int, version: int | None, written_at, now=None) -> str:
    """What to do with a your-move mail at its delivery: ANSWERED (the decision
    it asks for was answered, or the game moved on: a later mail asks what is
    open now), HOLD (the player is at the table, within MAX_HOLD), or SENT."""
    now = now or timezone.now()
    game_version = Game.objects.filter(pk=game_id).values_list("version", flat=True).first()
    if game_version is None:
        return SENT
    if version is not None and game_version != version:
        return ANSWERED
    submitted = PendingAction.objects.filter(
        game_id=game_id, version=version, seat__index=seat, submitted_at__isnull=False
    ).exists()
    if submitted:
        return ANSWERED
    answered_by_mail = Notification.objects.filter(
        kind=Notification.Kind.REPLY, game_id=game_id, seat=seat, version__gte=version, created_at__gte=written_at - timedelta(seconds=MAIL_ANSWER_WAIT)
    ).exists() if version is not None else False
    if answered_by_mail:
        return ANSWERED
    if now - written_at < timedelta(seconds=MAX_HOLD) and seat_at_table(game_id=game_id, seat=seat, now=now):
        return HOLD
    return SENT


def message_verdict(*, game_id: int, seat: int, written_at, now=None) -> str:
    """What to do with a message notification at its delivery: SHOWN (the player's page
    was in use after it came, so it showed the message), HOLD (the player is at the table,
    within MAX_HOLD) or SENT."""
    now = now or timezone.now()
    seen = Seat.objects.filter(game_id=game_id, index=seat, player__isnull=False).values_list("page_seen_at", flat=True).first()
    if seen is not None and seen >= written_at + timedelta(seconds=SEEN_AFTER):
        return SHOWN
    if now - written_at < timedelta(seconds=MAX_HOLD) and seat_at_table(game_id=game_id, seat=seat, now=now):
        return HOLD
    return SENT
