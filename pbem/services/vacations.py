"""Vacations: a player away for some days moves the deadlines of every open
decision of theirs, within a yearly allowance."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from pbem import clock
from pbem.errors import ServiceError
from pbem.models import Game, PendingAction, Profile, Seat, Vacation
from pbem.selectors import vacation_allowance_days, vacation_days_used
from pbem.services.moves import game_lock


class VacationRefused(ServiceError):
    # 409: a well-formed request the account's days left cannot grant
    status = 409
    code = "vacation_refused"


def vacation_take(*, user, days: int) -> dict:
    """Take ``days`` of vacation from now (or from the end of the current
    one): every deadline of the player's open decisions moves by the counting
    time of those days, and decisions opened meanwhile start their clocks when
    it ends. Refused (VacationRefused) beyond the yearly allowance. No
    decision is ever moved by more than the allowance in all, so a sealed
    decision cannot be held hostage by vacations taken across a new year."""
    if isinstance(days, bool) or not isinstance(days, int) or days < 1:
        raise VacationRefused(_("Vacation is taken in whole days, at least 1: send e.g. `vacation 5`, not %(days)r.") % {"days": days})
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
                    _("You have used all %(allowance)s vacation days of %(year)s; the allowance renews on 1 January.")
                    % {"allowance": allowance, "year": now.year}
                )
            raise VacationRefused(
                _("You have %(left)s of your %(allowance)s vacation days left in %(year)s; you asked for %(days)s. "
                  "Send `vacation %(left)s` or fewer.") % {"left": left, "allowance": allowance, "year": now.year, "days": days}
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
