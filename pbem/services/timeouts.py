"""Deadlines at work: reminders, timeouts, bots that take over, and leaving
a game.

Every timeout enters the game through the one ``move_submit`` (source
"timeout" for the engine's default action, "bot" when a bot plays), one
decision per transaction, with the game row locked, and only if the decision
is still open, unanswered and due once the lock is held: so two sweeps at
once, or a sweep after days of outage, act on each decision once. The sweep
that finds them is pbem.services.sweeps.deadlines_sweep.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from notifications.outbox import notification_write
from pbem import clock
from pbem.errors import Conflict, NotYourSeat, ServiceError
from pbem.languages import status_word
from pbem.messages.render import game_tag
from pbem.models import Game, Move, PendingAction, Seat
from pbem.selectors import engine_get
from pbem.services.game_finish import game_finish
from pbem.services.mails import reminder_write, situation_of
from pbem.services.moves import advance_ensure, bot_action, game_lock, move_submit

log = logging.getLogger(__name__)

# --- timeouts ---------------------------------------------------------------------


def _bot_answers(game: Game, engine, seat: int) -> None:
    move_submit(
        game_id=game.pk,
        seat=seat,
        action=bot_action(game=game, engine=engine, seat=seat),
        source=Move.Source.BOT,
        idempotency_key=f"bot:{game.version}:{seat}",
        version=game.version,
    )


def _deadlines_clear(seat: Seat) -> None:
    """A seat a bot now plays waits for nobody: its open decisions have no deadline."""
    PendingAction.objects.filter(seat=seat, closed_at__isnull=True).update(
        deadline=None, due_at=None, remind_at=None, last_call_at=None
    )


def _seat_leave(game: Game, engine, seat: Seat, status: str, now: datetime) -> str:
    """The player leaves the seat (resigns or forfeits). By the game's
    ``on_leave`` a bot goes on in the seat ("bot") or the game ends ("end");
    returns which."""
    seat.status, seat.left_at = status, now
    if (game.time_control or {}).get("on_leave", "bot") == "bot":
        seat.is_bot = True
        seat.save(update_fields=["status", "left_at", "is_bot"])
        _deadlines_clear(seat)
        pending = PendingAction.objects.filter(
            game=game, version=game.version, seat=seat, closed_at__isnull=True, submitted_at__isnull=True
        ).first()
        if pending is not None:
            _bot_answers(game, engine, seat.index)
        advance_ensure(game.pk)  # unless one is on its way (the bot's answer above queued one)
        return "bot"
    seat.save(update_fields=["status", "left_at"])
    _game_end_early(game, seat, now)
    return "end"


def _game_end_early(game: Game, leaver: Seat, now: datetime) -> None:
    """End the game because ``leaver`` left: everyone else shares first place,
    the leaver is last. Sealed answers already given stay sealed forever."""

    PendingAction.objects.filter(game=game, closed_at__isnull=True).update(closed_at=now)
    left = set(game.seats.filter(status__in=[Seat.Status.RESIGNED, Seat.Status.FORFEITED]).values_list("index", flat=True))
    stayed = game.players - len(left)
    outcome = {
        "scores": [0 if i in left else 1 for i in range(game.players)],
        "ranks": [stayed + 1 if i in left else 1 for i in range(game.players)],
        "detail": {"ended": f"seat {leaver.index + 1} left the game ({leaver.status})", "left": sorted(left)},
    }
    game_finish(game=game, outcome=outcome, now=now)


def pending_timeout(*, pending_id: int, now: datetime | None = None) -> str | None:
    """Apply the game's timeout policy to one decision, once. Returns what was
    done, or None when there was nothing to do (answered meanwhile, already
    handled by another sweep, not due, the game over)."""
    now = now or timezone.now()
    with transaction.atomic():
        # the decision's game, locked, in one round trip (the game row only)
        game = Game.objects.select_for_update(no_key=True, of=("self",)).filter(pending_actions__pk=pending_id).first()
        if game is None:
            return None
        pending = (
            PendingAction.objects.select_related("seat__player")
            .filter(pk=pending_id, closed_at__isnull=True, submitted_at__isnull=True, due_at__lte=now)
            .first()
        )
        if pending is None or game.status != Game.Status.ACTIVE or pending.version != game.version:
            return None
        seat = pending.seat
        engine = engine_get(game.engine)
        policy = (game.time_control or {}).get("on_timeout", "default")
        if policy == "default":
            try:
                move_submit(
                    game_id=game.pk,
                    seat=seat.index,
                    action=engine.default_action(game.state, seat.index),
                    source=Move.Source.TIMEOUT,
                    idempotency_key=f"timeout:{game.version}:{seat.index}",
                    version=game.version,
                )
            except ServiceError as e:
                # An engine whose default is refused must not stall the game: a bot answers.
                log.error("game %s: default action for seat %s refused (%s); a bot answers", game.pk, seat.index, e.code)
                _bot_answers(game, engine, seat.index)
            done = "default"
        elif policy == "bot":
            _bot_answers(game, engine, seat.index)
            done = "bot"
        elif policy == "bot_takeover":
            seat.is_bot, seat.status, seat.left_at = True, Seat.Status.BOT, now
            seat.save(update_fields=["is_bot", "status", "left_at"])
            _deadlines_clear(seat)
            _bot_answers(game, engine, seat.index)
            done = "bot_takeover"
        else:
            done = "forfeit_" + _seat_leave(game, engine, seat, Seat.Status.FORFEITED, now)
        PendingAction.objects.filter(pk=pending.pk).update(timed_out_at=now, answer=PendingAction.Answer.TIMEOUT)
        timeout_note(game=game, pending=pending, done=done)
    return done


def seat_forfeit(*, game_id: int, seat: int, now: datetime | None = None) -> str:
    """The player of ``seat`` forfeits (the timeout policy "forfeit", or an
    administrator). Returns "bot" or "end" by the game's ``on_leave``."""
    now = now or timezone.now()
    with transaction.atomic():
        game = game_lock(game_id)
        target = game.seats.select_related("player").filter(index=seat).first()
        if target is None:
            raise Conflict(_("Game %(game_id)s has no seat %(seat)s.") % {"game_id": game_id, "seat": seat + 1})
        if game.status != Game.Status.ACTIVE:
            raise Conflict(_("Game %(game_id)s is %(status)s: nobody can forfeit it now.") % {"game_id": game_id, "status": status_word(game.status)})
        if target.status in (Seat.Status.RESIGNED, Seat.Status.FORFEITED):
            raise Conflict(_("Seat %(seat)s has already left game %(game_id)s.") % {"seat": seat + 1, "game_id": game_id})
        return _seat_leave(game, engine_get(game.engine), target, Seat.Status.FORFEITED, now)


def seat_resign(*, game_id: int, user) -> None:
    """``user`` resigns from the game: by the game's ``on_leave`` a bot plays
    on in the seat or the game ends. The other players are told."""
    now = timezone.now()
    with transaction.atomic():
        game = game_lock(game_id)
        seat = game.seats.select_related("player").filter(player=user).first()
        if seat is None:
            raise NotYourSeat(_("You have no seat in game %(game_id)s, so there is nothing to resign.") % {"game_id": game_id})
        if game.status != Game.Status.ACTIVE:
            raise Conflict(_("Game %(game_id)s is %(status)s: there is nothing to resign from.") % {"game_id": game_id, "status": status_word(game.status)})
        if seat.status in (Seat.Status.RESIGNED, Seat.Status.FORFEITED):
            raise Conflict(_("You have already left game %(game_id)s.") % {"game_id": game_id})
        done = _seat_leave(game, engine_get(game.engine), seat, Seat.Status.RESIGNED, now)
        leave_note(game=game, seat=seat, done=done)


# --- notes to the players -----------------------------------------------------------
# Their texts are pbem.messages' (timeout_other, timeout_you, resign_other); a
# note says who did not answer what and what happened, never what was chosen.
# They store names, numbers and the decision's stored kind, not sentences: each
# is written in its reader's language when it is delivered.


def _others(game: Game, seat: Seat):
    return game.seats.select_related("player").filter(player__isnull=False).exclude(pk=seat.pk)


def _note(*, game: Game, to: Seat, message: str, data: dict, key: str) -> None:
    """One note to the player of seat ``to``, with the situation as that seat sees it."""
    notification_write(
        kind="notice",
        dedupe_key=f"{key}:{to.index}",
        user=to.player,
        game=game,
        seat=to.index,
        message=message,
        data=data | {"situation": situation_of(game=game, seat=to.index)},
    )


def timeout_note(*, game: Game, pending: PendingAction, done: str) -> None:
    """A public note to the other players, and a word to the player. It never
    says what was chosen (a sealed default stays as secret as any bid)."""
    seat = pending.seat
    when = pending.deadline.isoformat() if pending.deadline else None
    # the stored (English) kind and the engine, so each reader's note names the decision in its own words
    data = {"tag": game_tag(game.pk, game.engine), "engine": game.engine, "name": seat.player.username if seat.player_id else seat.name,
            "seat": seat.index + 1, "kind": pending.kind, "when": when, "done": done}
    for other in _others(game, seat):
        _note(game=game, to=other, message="timeout_other", data=data, key=f"timeout:{pending.pk}")
    _note(game=game, to=seat, message="timeout_you", data=data, key=f"timeout:{pending.pk}")


def leave_note(*, game: Game, seat: Seat, done: str) -> None:
    data = {"tag": game_tag(game.pk, game.engine), "name": seat.player.username, "seat": seat.index + 1, "done": "resign_" + done}
    for other in _others(game, seat):
        _note(game=game, to=other, message="resign_other", data=data, key=f"resign:{game.pk}:{seat.index}")


def _reminder_write(pending: PendingAction, which: str) -> None:
    policy = (pending.game.time_control or {}).get("on_timeout", "default")
    reminder_write(game=pending.game, pending=pending, which=which, policy=policy if policy in clock.ON_TIMEOUT else "")


def pending_remind(*, pending_id: int, which: str, now: datetime | None = None) -> bool:
    """Send the reminder (``which`` = "reminder") or the last call
    ("last_call") of one decision, at most once ever: the mark is set by one
    conditional UPDATE, which only one of two concurrent sweeps can win. A
    reminder whose last call is due too is dropped, and neither is sent once
    the timeout itself is due (after an outage): the player hears of the
    timeout instead."""
    now = now or timezone.now()
    at, mark = ("remind_at", "reminded_at") if which == "reminder" else ("last_call_at", "last_called_at")
    with transaction.atomic():
        won = PendingAction.objects.filter(
            pk=pending_id, closed_at__isnull=True, submitted_at__isnull=True, **{f"{at}__lte": now, f"{mark}__isnull": True}
        ).update(**{mark: now})
        if not won:
            return False
        pending = PendingAction.objects.select_related("game", "seat__player").get(pk=pending_id)
        if pending.game.status != Game.Status.ACTIVE or pending.deadline is None or (pending.due_at and pending.due_at <= now):
            return False
        if which == "reminder" and pending.last_call_at and pending.last_call_at <= now:
            return False
        _reminder_write(pending, which)
        return True
