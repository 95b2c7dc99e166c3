"""Time controls and deadlines: pure functions, no database.

A game's time control is a dict stored on the game, normalised once at
creation by ``time_control_normalise``. Two kinds:

- ``per_decision``: every decision gets ``hours`` (24/48/72/168 presets);
- ``credit``: each seat has a bank of time (``initial_hours``); a decision is
  due when the bank would run out, answering costs the time taken, and each
  answer adds ``increment_hours`` up to ``max_hours`` (as Rally the Troops and
  OGS's Fischer clock do).

Both may count weekdays only (Saturday and Sunday in the game's time zone do
not count), may round a deadline up to a time of day in that zone, and have a
grace period after the deadline before the timeout policy acts. All arithmetic
is on aware datetimes in UTC; local days come from zoneinfo, so a day that is
23 or 25 hours long around a DST change is counted as it really is.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

# What a timeout does.
ON_TIMEOUT = {
    "default": _("the engine's default action (pass, buy nothing, hold)"),
    "bot": _("a bot plays that one decision"),
    "bot_takeover": _("a bot takes the seat for the rest of the game"),
    "forfeit": _("the player forfeits and leaves the game"),
}
# What happens to a seat whose player forfeits or resigns.
ON_LEAVE = {
    "bot": _("the game goes on with a bot in the seat"),
    "end": _("the game ends; the player who left is ranked last"),
}

PRESETS: dict[str, dict] = {
    "blitz-24h": {"mode": "per_decision", "hours": 24, "reminder_hours": 8, "last_call_hours": 2},
    "daily-48h": {"mode": "per_decision", "hours": 48, "reminder_hours": 12, "last_call_hours": 3},
    "standard-72h": {"mode": "per_decision", "hours": 72, "reminder_hours": 24, "last_call_hours": 4},
    "weekly-168h": {"mode": "per_decision", "hours": 168, "reminder_hours": 48, "last_call_hours": 12},
    "credit-3d": {"mode": "credit", "initial_hours": 72, "increment_hours": 24, "max_hours": 168, "reminder_hours": 24, "last_call_hours": 4},
    "credit-7d": {"mode": "credit", "initial_hours": 168, "increment_hours": 48, "max_hours": 336, "reminder_hours": 24, "last_call_hours": 6},
    "office-hours": {"mode": "per_decision", "hours": 48, "weekdays_only": True, "time_of_day": "18:00", "reminder_hours": 8, "last_call_hours": 2},
}
DEFAULT_PRESET = "standard-72h"
# each preset as a player reads its name (the API keeps the names above)
PRESET_NAMES = {
    "blitz-24h": _("blitz, 24 hours"),
    "daily-48h": _("daily, 48 hours"),
    "standard-72h": _("standard, 72 hours"),
    "weekly-168h": _("weekly, 168 hours"),
    "credit-3d": _("clock, 3 days"),
    "credit-7d": _("clock, 7 days"),
    "office-hours": _("office hours"),
}


def preset_name(name: str | None) -> str:
    """A preset's name in the reader's words; "custom" for a time control of one's own."""
    if not name:
        return str(_("custom"))
    return str(PRESET_NAMES.get(name, name))

_BASE = {
    "preset": None,
    "mode": "per_decision",
    "hours": 72,
    "initial_hours": None,
    "increment_hours": None,
    "max_hours": None,
    "weekdays_only": False,
    "time_of_day": None,
    "timezone": "UTC",
    "grace_hours": 0,
    "reminder_hours": 24,
    "last_call_hours": 4,
    "on_timeout": "default",
    "on_leave": "bot",
}
MAX_HOURS = 24 * 60  # nobody waits more than 60 days for one decision
DEFAULT_TIME_CONTROL = {**_BASE, **PRESETS[DEFAULT_PRESET], "preset": DEFAULT_PRESET}


def presets() -> list[dict]:
    """Every preset, normalised, for the API and the game-creation form."""
    return [{"name": name, **time_control_normalise({"preset": name})} for name in PRESETS]


def _hours(tc: dict, name: str, low: float, high: float, *, allow_none: bool = False) -> None:
    value = tc.get(name)
    if value is None and allow_none:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ValueError(gettext("time_control.%(name)s must be a number of hours between %(low)s and %(high)s, not %(value)s.")
                         % {"name": name, "low": f"{low:g}", "high": f"{high:g}", "value": repr(value)})


def time_control_normalise(tc: dict | None) -> dict:
    """The full time control from what a game's creator sent: a preset name,
    explicit fields, or both (fields override the preset). Raises ValueError
    with a message that says what to send instead."""
    if not isinstance(tc or {}, dict):
        raise ValueError(gettext('time_control must be an object, e.g. {"preset": "daily-48h"}.'))
    given = dict(tc or {})
    unknown = sorted(set(given) - set(_BASE))
    if unknown:
        raise ValueError(gettext("Unknown time_control field(s): %(unknown)s. Known: %(known)s.")
                         % {"unknown": ", ".join(unknown), "known": ", ".join(sorted(_BASE))})
    preset = given.get("preset")
    if preset is None and not given:
        preset = DEFAULT_PRESET
    if preset is not None and preset not in PRESETS:
        raise ValueError(gettext("No time-control preset %(preset)s. Presets: %(presets)s.")
                         % {"preset": repr(preset), "presets": ", ".join(PRESETS)})
    out = {**_BASE, **(PRESETS[preset] if preset else {})}
    if given.get("mode") == "credit" and preset is None:
        out |= {k: v for k, v in PRESETS["credit-3d"].items() if k.endswith("_hours") and k not in ("reminder_hours", "last_call_hours")}
    out |= {k: v for k, v in given.items() if k != "preset"}
    out["preset"] = preset
    if out["mode"] not in ("per_decision", "credit"):
        raise ValueError(gettext("time_control.mode must be 'per_decision' or 'credit', not %(mode)s.") % {"mode": repr(out["mode"])})
    if out["mode"] == "per_decision":
        hours = out["hours"]
        if isinstance(hours, bool) or not isinstance(hours, int) or not 1 <= hours <= MAX_HOURS:
            raise ValueError(gettext("time_control.hours must be a whole number of hours between 1 and %(max)s, not %(hours)s.")
                             % {"max": MAX_HOURS, "hours": repr(hours)})
        out["initial_hours"] = out["increment_hours"] = out["max_hours"] = None
    else:
        out["hours"] = None
        _hours(out, "initial_hours", 1, MAX_HOURS)
        _hours(out, "increment_hours", 0, MAX_HOURS)
        _hours(out, "max_hours", 1, MAX_HOURS)
        if out["max_hours"] < out["initial_hours"]:
            raise ValueError(gettext("time_control.max_hours (the cap) must be at least initial_hours."))
    if not isinstance(out["weekdays_only"], bool):
        raise ValueError(gettext("time_control.weekdays_only must be true or false."))
    try:
        ZoneInfo(str(out["timezone"]))
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(gettext("time_control.timezone must be an IANA time zone such as 'Europe/Berlin', not %(zone)s.")
                         % {"zone": repr(out["timezone"])}) from None
    if out["time_of_day"] is not None:
        out["time_of_day"] = _time_of_day(out["time_of_day"]).strftime("%H:%M")
    _hours(out, "grace_hours", 0, 168)
    _hours(out, "reminder_hours", 0, MAX_HOURS)
    _hours(out, "last_call_hours", 0, MAX_HOURS)
    if out["on_timeout"] not in ON_TIMEOUT:
        raise ValueError(gettext("time_control.on_timeout must be one of %(names)s, not %(value)s.")
                         % {"names": ", ".join(ON_TIMEOUT), "value": repr(out["on_timeout"])})
    if out["on_leave"] not in ON_LEAVE:
        raise ValueError(gettext("time_control.on_leave must be one of %(names)s, not %(value)s.")
                         % {"names": ", ".join(ON_LEAVE), "value": repr(out["on_leave"])})
    return out


def _time_of_day(value) -> time:
    try:
        hh, mm = str(value).split(":")
        return time(int(hh), int(mm))
    except ValueError:
        raise ValueError(gettext("time_control.time_of_day must be HH:MM (24-hour), e.g. '18:00', not %(value)s.")
                         % {"value": repr(value)}) from None


# --- counting time ----------------------------------------------------------------


def _local_midnight(day: date, zone: ZoneInfo) -> datetime:
    return datetime.combine(day, time(0), tzinfo=zone).astimezone(timezone.utc)


def _counting_spans(start: datetime, zone: ZoneInfo, weekdays_only: bool):
    """Yield (from, to) spans of time that count, from ``start`` on, in UTC;
    with ``weekdays_only``, each local Monday-Friday day is one span."""
    start = start.astimezone(timezone.utc)
    if not weekdays_only:
        yield start, None
        return
    cursor = start
    while True:
        local_day = cursor.astimezone(zone).date()
        next_midnight = _local_midnight(local_day + timedelta(days=1), zone)
        if local_day.weekday() < 5:
            yield cursor, next_midnight
        cursor = next_midnight


def advance(start: datetime, seconds: float, *, zone: ZoneInfo, weekdays_only: bool) -> datetime:
    """The moment at which ``seconds`` of counting time have passed since ``start``."""
    remaining = timedelta(seconds=seconds)
    for span_start, span_end in _counting_spans(start, zone, weekdays_only):
        if span_end is None or span_end - span_start >= remaining:
            return span_start + remaining
        remaining -= span_end - span_start
    raise AssertionError("unreachable")


def elapsed(start: datetime, end: datetime, *, zone: ZoneInfo, weekdays_only: bool) -> float:
    """Seconds of counting time between ``start`` and ``end``."""
    if end <= start:
        return 0.0
    total = timedelta()
    for span_start, span_end in _counting_spans(start, zone, weekdays_only):
        if span_start >= end:
            break
        stop = end if span_end is None else min(span_end, end)
        total += stop - span_start
        if span_end is None or span_end >= end:
            break
    return total.total_seconds()


def _round_to_time_of_day(moment: datetime, tod: time, zone: ZoneInfo, weekdays_only: bool) -> datetime:
    """The first ``tod`` in the game's zone at or after ``moment`` (on a
    weekday when weekdays only). A time that does not exist that day (the
    spring-forward gap) falls an hour later, as zoneinfo reads it."""
    day = moment.astimezone(zone).date()
    while True:
        candidate = datetime.combine(day, tod, tzinfo=zone).astimezone(timezone.utc)
        if candidate >= moment and (not weekdays_only or day.weekday() < 5):
            return candidate
        day += timedelta(days=1)


def zone_of(tc: dict) -> ZoneInfo:
    return ZoneInfo(tc.get("timezone") or "UTC")


def allowance_seconds(tc: dict, credit_seconds: float | None = None) -> float:
    """How much counting time a seat has for its next decision."""
    if tc.get("mode") == "credit":
        return credit_seconds if credit_seconds is not None else tc["initial_hours"] * 3600
    return (tc.get("hours") or DEFAULT_TIME_CONTROL["hours"]) * 3600


def deadline_for(
    *,
    time_control: dict,
    opened_at: datetime,
    player=None,
    paused_until: datetime | None = None,
    credit_seconds: float | None = None,
) -> datetime | None:
    """When a decision opened at ``opened_at`` is due. The clock starts at
    ``paused_until`` when that is later (the player is on vacation), and a
    credit clock gives the seat's remaining ``credit_seconds``."""
    tc = time_control or DEFAULT_TIME_CONTROL
    if "mode" not in tc:  # a time control stored before presets existed
        tc = {**_BASE, **tc}
    zone = zone_of(tc)
    start = max(opened_at, paused_until) if paused_until else opened_at
    due = advance(start, allowance_seconds(tc, credit_seconds), zone=zone, weekdays_only=tc.get("weekdays_only", False))
    if tc.get("time_of_day"):
        due = _round_to_time_of_day(due, _time_of_day(tc["time_of_day"]), zone, tc.get("weekdays_only", False))
    return due


def marks_for(*, time_control: dict, opened_at: datetime, deadline: datetime | None) -> dict:
    """The moments the sweep acts on for a decision due at ``deadline``:
    ``remind_at`` and ``last_call_at`` (None when they would fall before the
    decision opened, or a reminder would come after the last call) and
    ``due_at``, the deadline plus the grace period."""
    if deadline is None:
        return {"deadline": None, "remind_at": None, "last_call_at": None, "due_at": None}
    tc = {**_BASE, **(time_control or {})}
    remind_at = deadline - timedelta(hours=tc["reminder_hours"]) if tc["reminder_hours"] else None
    last_call_at = deadline - timedelta(hours=tc["last_call_hours"]) if tc["last_call_hours"] else None
    if remind_at is not None and remind_at <= opened_at:
        remind_at = None
    if last_call_at is not None and last_call_at <= opened_at:
        last_call_at = None
    if remind_at is not None and last_call_at is not None and remind_at >= last_call_at:
        remind_at = None
    return {
        "deadline": deadline,
        "remind_at": remind_at,
        "last_call_at": last_call_at,
        "due_at": deadline + timedelta(hours=tc["grace_hours"]),
    }


def credit_after(*, time_control: dict, left_seconds: float) -> float:
    """A seat's new credit: what it kept (``credit_left``) plus the increment,
    capped."""
    tc = time_control
    return min(tc["max_hours"] * 3600, max(0.0, left_seconds) + tc["increment_hours"] * 3600)


def deadline_pushed(*, time_control: dict, deadline: datetime, away_from: datetime, away_until: datetime) -> datetime:
    """``deadline`` moved by the counting time of an absence (a vacation from
    ``away_from`` to ``away_until``): a weekday-only clock loses only the
    weekdays of the absence, so it moves by those."""
    tc = {**_BASE, **(time_control or {})}
    zone = zone_of(tc)
    lost = elapsed(away_from, away_until, zone=zone, weekdays_only=tc["weekdays_only"])
    moved = advance(deadline, lost, zone=zone, weekdays_only=tc["weekdays_only"])
    if tc["time_of_day"]:
        moved = _round_to_time_of_day(moved, _time_of_day(tc["time_of_day"]), zone, tc["weekdays_only"])
    return moved


def credit_left(*, time_control: dict, credit_seconds: float | None, answered_at: datetime, deadline: datetime | None) -> float:
    """The credit a seat keeps after answering at ``answered_at``: the counting
    time still left before its deadline (nothing once it is past), never more
    than it had. Pauses and vacations are in the deadline already, so they
    cost nothing."""
    tc = {**_BASE, **(time_control or {})}
    had = allowance_seconds(tc, credit_seconds)
    if deadline is None:
        return had
    left = elapsed(answered_at, deadline, zone=zone_of(tc), weekdays_only=tc["weekdays_only"])
    return min(had, left)
