"""No your-move mail, push or chat message to a player who is at the table (issue 28).

A player whose game page is open and in use (it says so every 20 s: pbem.services
``seat_presence_mark`` sets ``Seat.page_seen_at``) answers there. Their
your-move mail is therefore held for a short grace instead of sent at once;
when its turn comes (``deliver``, before it makes the row's push and chat
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


def hold_seconds(*, game_id: int, seat: int, now=None) -> int | None:
    """How long a new your-move mail waits before its delivery looks at it: GRACE
    for a player at the table, MAIL_ANSWER_WAIT after a move by mail; None: no wait."""
    now = now or timezone.now()
    if seat_at_table(game_id=game_id, seat=seat, now=now):
        return GRACE
    last_by_mail = (
        Move.objects.filter(
            game_id=game_id, seat=seat, source=Move.Source.EMAIL, received_at__gte=now - timedelta(seconds=MAIL_ANSWER_WAIT)
        )
        .order_by("-received_at")
        .values_list("received_at", flat=True)
        .first()
    )
    if last_by_mail is None:
        return None
    # Only while the answer to that mail is still to be written can it carry this decision: an
    # answer written already (a sealed bid answered before the others') cannot, so no wait then.
    answered = Notification.objects.filter(
        kind=Notification.Kind.REPLY, game_id=game_id, seat=seat, created_at__gte=last_by_mail
    ).exists()
    return None if answered else MAIL_ANSWER_WAIT


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


def message_hold_seconds(*, game_id: int, seat: int, now=None) -> int | None:
    """How long the push and chat of a new message to a seat wait before their delivery
    looks at them: GRACE for a player at the table (their page shows the message), else None."""
    return GRACE if seat_at_table(game_id=game_id, seat=seat, now=now) else None


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
