"""An operator's writes (the admin's actions): abort a game, give open
decisions more time, give a seat to another player. Giving a seat to a bot is
``seat_forfeit`` in timeouts.py, the same as a forfeit by timeout."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from notifications import outbox
from notifications.models import Notification, ReplyAddress
from pbem import clock
from pbem.errors import Conflict, InvalidRequest, NotFound
from pbem.models import DecisionOrder, Game, PendingAction, Seat, StandingOrder
from pbem.services.moves import game_lock
from pbem.languages import status_word
from pbem.messages.render import game_tag
from pbem.services.mails import situation_of, your_move_write

MAX_EXTENSION_HOURS = 24 * 60


@transaction.atomic
def game_abort(*, game_id: int, by=None) -> Game:
    """An operator stops a game: no more moves, open decisions closed."""
    game = game_lock(game_id)
    if game.status in (Game.Status.FINISHED, Game.Status.ABORTED):
        raise Conflict(_("Game %(game_id)s is already %(status)s.") % {"game_id": game_id, "status": status_word(game.status)})
    now = timezone.now()
    PendingAction.objects.filter(game=game, closed_at__isnull=True).update(closed_at=now)
    game.status, game.finished_at = Game.Status.ABORTED, now
    game.save(update_fields=["status", "finished_at", "updated_at"])
    return game


@transaction.atomic
def deadline_extend(*, game_id: int, hours: int) -> int:
    """An operator gives every open decision of a game ``hours`` more: the
    deadline and the sweep's marks (timeout, reminder, last call) move
    together. Returns how many decisions moved."""
    if not isinstance(hours, int) or isinstance(hours, bool) or not 0 < hours <= MAX_EXTENSION_HOURS:
        raise InvalidRequest(_("Give between 1 and %(hours)s hours more.") % {"hours": MAX_EXTENSION_HOURS})
    delta = timedelta(hours=hours)
    n = 0
    for p in PendingAction.objects.select_for_update().filter(game_id=game_id, closed_at__isnull=True):
        for f in ("deadline", "due_at", "remind_at", "last_call_at"):
            if getattr(p, f) is not None:
                setattr(p, f, getattr(p, f) + delta)
        p.save(update_fields=["deadline", "due_at", "remind_at", "last_call_at"])
        n += 1
    return n


def seat_reassign(*, game_id: int, seat_index: int, user) -> Seat:
    """An operator gives seat ``seat_index`` (0-based) to ``user``: from a
    player who vanished, from a bot, or an open seat of a forming game. The
    seat keeps its place, its credit and any sealed answer already in (the
    new player may replace it). The old player's reply addresses of this
    seat are deleted, so their tokens no longer reach the game, and the old
    player's mails of this seat not yet sent are dropped (they show the
    seat's hand). The seat's open decisions get a whole clock from now
    (never less than they had), and the new player a "your move" mail for
    each; both players are told by a notice."""
    if user is None or not user.is_active:
        raise InvalidRequest(_("Choose an active account to give the seat to."))
    with transaction.atomic():
        game = game_lock(game_id)
        if game.status not in (Game.Status.FORMING, Game.Status.ACTIVE):
            raise Conflict(_("Game %(game_id)s is %(status)s: its seats can no longer change hands.") % {"game_id": game_id, "status": status_word(game.status)})
        seat = game.seats.select_related("player").filter(index=seat_index).first()
        if seat is None:
            raise NotFound(_("Game %(game_id)s has no seat %(seat)s.") % {"game_id": game_id, "seat": seat_index + 1})
        if seat.player_id == user.pk:
            raise Conflict(_("%(username)s already holds seat %(seat)s of game %(game_id)s.") % {"username": user.username, "seat": seat_index + 1, "game_id": game_id})
        other = game.seats.filter(player=user).first()
        if other is not None:
            raise Conflict(_("%(username)s already plays seat %(number)s of game %(game_id)s; one seat per player.") % {"username": user.username, "number": other.index + 1, "game_id": game_id})
        old = seat.player
        seat.player, seat.is_bot, seat.status, seat.left_at = user, False, Seat.Status.PLAYING, None
        seat.save(update_fields=["player", "is_bot", "status", "left_at"])
        ReplyAddress.objects.filter(game=game, seat=seat_index).exclude(user=user).delete()
        # the former player's orders given in advance are theirs, not the seat's: never the newcomer's
        DecisionOrder.objects.filter(seat=seat).delete()
        StandingOrder.objects.filter(seat=seat).delete()
        if old is not None:
            Notification.objects.filter(game=game, seat=seat_index, recipient=old, sent_at__isnull=True).delete()
        open_ = list(
            PendingAction.objects.filter(game=game, seat=seat, version=game.version, closed_at__isnull=True, submitted_at__isnull=True)
            .select_related("seat__player")
        )
        now = timezone.now()
        fresh = clock.deadline_for(time_control=game.time_control, opened_at=now, credit_seconds=seat.credit_seconds)
        for p in open_:
            # the new player gets a whole clock from now (never less than was left),
            # and the reminders again; a bot's decision had no deadline at all
            if p.deadline is None or fresh > p.deadline:
                for field, value in clock.marks_for(time_control=game.time_control, opened_at=now, deadline=fresh).items():
                    setattr(p, field, value)
            p.reminded_at = p.last_called_at = None
            p.save(update_fields=["deadline", "due_at", "remind_at", "last_call_at", "reminded_at", "last_called_at"])
        if open_:
            your_move_write(game=game, pending=open_)
        stamp = f"{game.pk}:{seat_index}:{user.pk}:{now.timestamp()}"
        told = {"tag": game_tag(game.pk, game.engine), "seat": seat_index + 1, "game": game.pk}
        outbox.notification_write(
            kind=Notification.Kind.NOTICE, dedupe_key=f"seat_reassign:new:{stamp}", user=user, game=game, seat=seat_index,
            message="seat_new",
            data=told | {"old": old.username if old is not None else None, "asked": bool(open_),
                         "situation": situation_of(game=game, seat=seat_index)},
        )
        if old is not None:
            outbox.notification_write(
                kind=Notification.Kind.NOTICE, dedupe_key=f"seat_reassign:old:{stamp}", user=old, game=game,
                reply_to=outbox.reply_address_for(user=old),
                message="seat_old",
                data=told | {"new": user.username, "situation": situation_of(game=game, seat=None)},
            )
    return seat
