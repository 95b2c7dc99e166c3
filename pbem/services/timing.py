"""Deadlines at work: reminders, timeouts, bots that take over, leaving a
game, and vacations.

Every timeout enters the game through the one ``move_submit`` (source
"timeout" for the engine's default action, "bot" when a bot plays), one
decision per transaction, with the game row locked, and only if the decision
is still open, unanswered and due once the lock is held: so two sweeps at
once, or a sweep after days of outage, act on each decision once.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from engines.rng import Rng
from pbem import clock
from pbem.errors import Conflict, NotYourSeat, ServiceError
from pbem.models import Game, Move, PendingAction, Profile, Seat, Vacation
from pbem.selectors import engine_get, vacation_allowance_days, vacation_days_used
from pbem.messages.render import game_tag
from pbem.services.mails import game_over_write, reminder_write, situation_of
from pbem.services.moves import game_lock, move_submit, queue_advance

log = logging.getLogger(__name__)

# One sweep handles at most this many of each kind, then queues the next run,
# so a task never runs for long even after days of outage.
SWEEP_BATCH = 2000


class VacationRefused(ServiceError):
    # 409: a well-formed request the account's days left cannot grant
    status = 409
    code = "vacation_refused"


# --- deadlines when decisions open ----------------------------------------------------


def _away_until(user_ids: list[int], now: datetime) -> dict[int, datetime]:
    """The end of each player's current vacation (vacations taken back to back
    form one stretch, so the latest end is the one that counts)."""
    out: dict[int, datetime] = {}
    for user_id, ends_at in Vacation.objects.filter(user_id__in=user_ids, starts_at__lte=now, ends_at__gt=now).values_list(
        "user_id", "ends_at"
    ):
        out[user_id] = max(out.get(user_id, ends_at), ends_at)
    for user_id, ends_at in Vacation.objects.filter(user_id__in=list(out), ends_at__gt=now).values_list("user_id", "ends_at"):
        out[user_id] = max(out[user_id], ends_at)
    return out


def deadline_plan(*, game: Game, decisions: list[dict], seats: dict, now: datetime) -> dict[int, dict]:
    """The deadline fields of each decision about to open, by seat index.

    A seat on vacation starts its clock when the vacation ends (never more
    than its yearly allowance later); a credit clock gives the seat's credit.
    Decisions opened together (the seats of a sealed decision) share one
    deadline, the latest of theirs, so the decision resolves at one moment.
    """
    tc = game.time_control
    humans = [seats[d["seat"]] for d in decisions if not seats[d["seat"]].is_bot and seats[d["seat"]].status == Seat.Status.PLAYING]
    away = _away_until([s.player_id for s in humans if s.player_id], now)
    deadline, pushed = None, 0
    for seat in humans:
        until = away.get(seat.player_id)
        if until is not None:
            cap = timedelta(days=vacation_allowance_days(user=seat.player))
            until = min(until, now + cap)
            pushed = max(pushed, int((until - now).total_seconds()))
        mine = clock.deadline_for(time_control=tc, opened_at=now, paused_until=until, credit_seconds=seat.credit_seconds)
        deadline = mine if deadline is None or mine > deadline else deadline
    plan = {}
    for d in decisions:
        seat = seats[d["seat"]]
        if seat in humans:
            plan[d["seat"]] = clock.marks_for(time_control=tc, opened_at=now, deadline=deadline) | {"vacation_seconds": pushed}
        else:
            plan[d["seat"]] = clock.marks_for(time_control=tc, opened_at=now, deadline=None)
    return plan


def answer_record(*, game: Game, pending: PendingAction, source: str, now: datetime) -> list[str]:
    """On a decision's first answer: note whether it came in time (for the
    reliability figures) and settle a credit clock. Returns the fields of
    ``pending`` it changed."""
    seat = pending.seat
    if seat.is_bot:
        pending.answer = PendingAction.Answer.AUTO
    elif source in (Move.Source.TIMEOUT, Move.Source.BOT):
        pending.answer = PendingAction.Answer.TIMEOUT
    elif pending.deadline is None or now <= pending.deadline:
        pending.answer = PendingAction.Answer.ON_TIME
    else:
        pending.answer = PendingAction.Answer.LATE
    tc = game.time_control or {}
    if tc.get("mode") == "credit" and not seat.is_bot:
        left = clock.credit_left(time_control=tc, credit_seconds=seat.credit_seconds, answered_at=now, deadline=pending.deadline)
        seat.credit_seconds = clock.credit_after(time_control=tc, left_seconds=left)
        seat.save(update_fields=["credit_seconds"])
    return ["answer"]


# --- timeouts ---------------------------------------------------------------------


def _bot_action(game: Game, engine, seat: int) -> dict:
    # The same seeding as a bot seat's moves (pbem.services.moves._bots_act).
    rng = Rng.from_seed(game.seed * 1_000_003 + game.version * 101 + seat)
    return engine.bot(game.state, seat, rng)


def _bot_answers(game: Game, engine, seat: int) -> None:
    move_submit(
        game_id=game.pk,
        seat=seat,
        action=_bot_action(game, engine, seat),
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
        queue_advance(game.pk)
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
    game.status, game.finished_at = Game.Status.FINISHED, now
    game.outcome = {
        "scores": [0 if i in left else 1 for i in range(game.players)],
        "ranks": [stayed + 1 if i in left else 1 for i in range(game.players)],
        "detail": {"ended": f"seat {leaver.index + 1} left the game ({leaver.status})", "left": sorted(left)},
    }
    game.save(update_fields=["status", "finished_at", "outcome", "updated_at"])
    from pbem.ladders.services import game_finished

    game_finished(game=game)  # ratings, ladder, tournament table: in this same transaction
    game_over_write(game=game)


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
            raise Conflict(f"Game {game_id} has no seat {seat + 1}.")
        if game.status != Game.Status.ACTIVE:
            raise Conflict(f"Game {game_id} is {game.status}: nobody can forfeit it now.")
        if target.status in (Seat.Status.RESIGNED, Seat.Status.FORFEITED):
            raise Conflict(f"Seat {seat + 1} has already left game {game_id}.")
        return _seat_leave(game, engine_get(game.engine), target, Seat.Status.FORFEITED, now)


def seat_resign(*, game_id: int, user) -> None:
    """``user`` resigns from the game: by the game's ``on_leave`` a bot plays
    on in the seat or the game ends. The other players are told."""
    now = timezone.now()
    with transaction.atomic():
        game = game_lock(game_id)
        seat = game.seats.select_related("player").filter(player=user).first()
        if seat is None:
            raise NotYourSeat(f"You have no seat in game {game_id}, so there is nothing to resign.")
        if game.status != Game.Status.ACTIVE:
            raise Conflict(f"Game {game_id} is {game.status}: there is nothing to resign from.")
        if seat.status in (Seat.Status.RESIGNED, Seat.Status.FORFEITED):
            raise Conflict(f"You have already left game {game_id}.")
        done = _seat_leave(game, engine_get(game.engine), seat, Seat.Status.RESIGNED, now)
        leave_note(game=game, seat=seat, done=done)


# --- notes to the players -----------------------------------------------------------
# Their texts are pbem.messages' (timeout_other, timeout_you, resign_other); a
# note says who did not answer what and what happened, never what was chosen.


def _others(game: Game, seat: Seat):
    return game.seats.select_related("player").filter(player__isnull=False).exclude(pk=seat.pk)


def timeout_note(*, game: Game, pending: PendingAction, done: str) -> None:
    """A public note to the other players, and a word to the player. It never
    says what was chosen (a sealed default stays as secret as any bid)."""
    from notifications.outbox import notification_write

    seat = pending.seat
    who = f"{seat.player.username if seat.player_id else seat.name} (seat {seat.index + 1})"
    when = pending.deadline.isoformat() if pending.deadline else None
    data = {"tag": game_tag(game.pk, game.engine), "who": who, "seat": seat.index + 1, "kind": pending.kind, "when": when, "done": done}
    for other in _others(game, seat):
        notification_write(
            kind="notice",
            dedupe_key=f"timeout:{pending.pk}:{other.index}",
            user=other.player,
            game=game,
            seat=other.index,
            message="timeout_other",
            data=data | {"situation": situation_of(game=game, seat=other.index)},
        )
    notification_write(
        kind="notice",
        dedupe_key=f"timeout:{pending.pk}:{seat.index}",
        user=seat.player,
        game=game,
        seat=seat.index,
        message="timeout_you",
        data=data | {"situation": situation_of(game=game, seat=seat.index)},
    )


def leave_note(*, game: Game, seat: Seat, done: str) -> None:
    from notifications.outbox import notification_write

    who = f"{seat.player.username} (seat {seat.index + 1})"
    data = {"tag": game_tag(game.pk, game.engine), "who": who, "seat": seat.index + 1, "done": "resign_" + done}
    for other in _others(game, seat):
        notification_write(
            kind="notice",
            dedupe_key=f"resign:{game.pk}:{seat.index}:{other.index}",
            user=other.player,
            game=game,
            seat=other.index,
            message="resign_other",
            data=data | {"situation": situation_of(game=game, seat=other.index)},
        )


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


# --- the sweep ----------------------------------------------------------------------


def deadlines_sweep(*, now: datetime | None = None, batch: int = SWEEP_BATCH, part: tuple[int, int] | None = None) -> dict:
    """Find due timeouts, last calls and reminders (each by its own partial
    index) and handle each in its own transaction. Returns counts, and
    ``more`` when a batch was full so the caller runs again at once.

    ``part`` = (index, parts): only the games whose id is ``index`` modulo
    ``parts``, so that a wave of timeouts is shared by several worker
    processes, each game's decisions in one of them (no two parts wait on the
    same game's lock). Parts overlapping or run twice are harmless: each
    decision is handled once, with its game locked."""
    now = now or timezone.now()
    open_unanswered = PendingAction.objects.filter(closed_at__isnull=True, submitted_at__isnull=True)
    if part is not None and part[1] > 1:
        open_unanswered = open_unanswered.annotate(part=F("game_id") % part[1]).filter(part=part[0])
    due = list(open_unanswered.filter(due_at__lte=now).order_by("due_at").values_list("pk", flat=True)[:batch])
    timeouts = sum(1 for pk in due if pending_timeout(pending_id=pk, now=now))
    calls = list(
        open_unanswered.filter(last_call_at__lte=now, last_called_at__isnull=True).order_by("last_call_at").values_list("pk", flat=True)[:batch]
    )
    last_calls = sum(1 for pk in calls if pending_remind(pending_id=pk, which="last_call", now=now))
    firsts = list(
        open_unanswered.filter(remind_at__lte=now, reminded_at__isnull=True).order_by("remind_at").values_list("pk", flat=True)[:batch]
    )
    reminders = sum(1 for pk in firsts if pending_remind(pending_id=pk, which="reminder", now=now))
    return {
        "timeouts": timeouts,
        "last_calls": last_calls,
        "reminders": reminders,
        "more": max(len(due), len(calls), len(firsts)) >= batch,
    }


# --- vacations ----------------------------------------------------------------------


def vacation_take(*, user, days: int) -> dict:
    """Take ``days`` of vacation from now (or from the end of the current
    one): every deadline of the player's open decisions moves by the counting
    time of those days, and decisions opened meanwhile start their clocks when
    it ends. Refused (VacationRefused) beyond the yearly allowance. No
    decision is ever moved by more than the allowance in all, so a sealed
    decision cannot be held hostage by vacations taken across a new year."""
    if isinstance(days, bool) or not isinstance(days, int) or days < 1:
        raise VacationRefused(f"Vacation is taken in whole days, at least 1: send e.g. `vacation 5`, not {days!r}.")
    now = timezone.now()
    allowance = vacation_allowance_days(user=user)
    with transaction.atomic():
        # One vacation request of a player at a time (the allowance check must see the last one).
        Profile.objects.get_or_create(user=user)
        Profile.objects.select_for_update().get(user=user)
        used = vacation_days_used(user=user, year=now.year)
        left = allowance - used
        if days > left:
            if left <= 0:
                raise VacationRefused(
                    f"You have used all {allowance} vacation days of {now.year}; the allowance renews on 1 January."
                )
            raise VacationRefused(
                f"You have {left} of your {allowance} vacation days left in {now.year}; you asked for {days}. "
                f"Send `vacation {left}` or fewer."
            )
        current_end = Vacation.objects.filter(user=user, ends_at__gt=now).order_by("-ends_at").values_list("ends_at", flat=True).first()
        starts_at = max(now, current_end) if current_end else now
        ends_at = starts_at + timedelta(days=days)
        Vacation.objects.create(user=user, days=days, starts_at=starts_at, ends_at=ends_at)
        moved = _deadlines_push(user=user, away_from=starts_at, away_until=ends_at, cap_seconds=allowance * 86400)
    return {
        "days": days,
        "starts_at": starts_at,
        "ends_at": ends_at,
        "allowance_days": allowance,
        "used_days": used + days,
        "remaining_days": left - days,
        "decisions_moved": moved,
    }


def _deadlines_push(*, user, away_from: datetime, away_until: datetime, cap_seconds: int) -> int:
    mine = (
        PendingAction.objects.filter(
            seat__player=user,
            seat__status=Seat.Status.PLAYING,
            closed_at__isnull=True,
            submitted_at__isnull=True,
            deadline__isnull=False,
            game__status=Game.Status.ACTIVE,
        )
        .values_list("game_id", "version")
        .distinct()
    )
    moved = 0
    for game_id, version in sorted(set(mine)):  # games locked in id order: no deadlock between two players
        game = game_lock(game_id)
        if game.version != version:
            continue
        rows = list(PendingAction.objects.filter(game=game, version=version, closed_at__isnull=True, deadline__isnull=False))
        already = max((r.vacation_seconds for r in rows), default=0)
        room = cap_seconds - already
        if room <= 0:
            continue
        until = min(away_until, away_from + timedelta(seconds=room))
        for r in rows:
            # All seats of a decision share its deadline, so all move together.
            r.deadline = clock.deadline_pushed(time_control=game.time_control, deadline=r.deadline, away_from=away_from, away_until=until)
            marks = clock.marks_for(time_control=game.time_control, opened_at=r.opened_at, deadline=r.deadline)
            r.due_at, r.remind_at, r.last_call_at = marks["due_at"], marks["remind_at"], marks["last_call_at"]
            r.vacation_seconds = already + int((until - away_from).total_seconds())
        PendingAction.objects.bulk_update(rows, ["deadline", "due_at", "remind_at", "last_call_at", "vacation_seconds"])
        moved += 1
    return moved
