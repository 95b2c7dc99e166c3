"""Deadlines from a game's time control.

A time control is a dict stored on the game. The backbone knows one form,
``{"hours": N}`` (hours per decision, default 72); a decision opened at ``t``
is due at ``t + N hours``. Sealed decisions share one deadline.
"""

from __future__ import annotations

from datetime import datetime, timedelta

DEFAULT_TIME_CONTROL = {"hours": 72}


def time_control_normalise(time_control: dict | None) -> dict:
    tc = dict(DEFAULT_TIME_CONTROL)
    tc.update(time_control or {})
    hours = tc.get("hours")
    if not isinstance(hours, int) or not 1 <= hours <= 24 * 60:
        raise ValueError("time_control.hours must be a whole number of hours between 1 and 1440")
    return tc


def deadline_for(*, time_control: dict, opened_at: datetime, player=None) -> datetime | None:
    hours = (time_control or DEFAULT_TIME_CONTROL).get("hours")
    if not hours:
        return None
    return opened_at + timedelta(hours=hours)
