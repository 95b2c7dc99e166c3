"""Deadlines when decisions open: each decision's deadline, reminder and
timeout moments (vacations, credit clocks, one deadline for the seats of a
sealed decision), and what a first answer settles (on time or late, a credit
clock's charge). Called by pbem.services.moves as it opens and answers
decisions; what happens when a deadline passes is pbem.services.timeouts."""

from __future__ import annotations

from datetime import datetime, timedelta

from pbem import clock
from pbem.models import Game, Move, PendingAction, Seat, Vacation
from pbem.selectors import vacation_allowance_days


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
