"""Deadlines when decisions open: each decision's deadline, reminder and
timeout moments (vacations, credit clocks, one deadline for the seats of a
sealed decision), and what a first answer settles (on time or late, a credit
clock's charge). Called by pbem.services.moves as it opens and answers
decisions; what happens when a deadline passes is pbem.services.timeouts."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings

from pbem import clock
from pbem.models import Game, Move, PendingAction, Seat
from pbem.selectors import profile_of


def deadline_plan(*, game: Game, decisions: list[dict], seats: dict, now: datetime) -> dict[int, dict]:
    """The deadline fields of each decision about to open, by seat index.

    A seat on vacation starts its clock when the vacation ends (never more
    than its yearly allowance later); a credit clock gives the seat's credit.
    Decisions opened together (the seats of a sealed decision) share one
    deadline, the latest of theirs, so the decision resolves at one moment.
    ``seats``: read with their players' vacations at ``now`` (``seats_by_index(vacations_at=now)``:
    ``away_until``), so the plan asks the database nothing more.
    """
    tc = game.time_control
    humans = [seats[d["seat"]] for d in decisions if not seats[d["seat"]].is_bot and seats[d["seat"]].status == Seat.Status.PLAYING]
    deadline, pushed = None, 0
    for seat in humans:
        until = seat.away_until
        if until is not None:
            days = profile_of(user=seat.player).vacation_days_per_year  # the profile came with the seat
            cap = timedelta(days=days if days is not None else settings.PBEM_VACATION_DAYS_PER_YEAR)
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
