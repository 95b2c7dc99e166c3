"""Time controls and deadlines as pure functions: presets, validation,
weekday-only counting, a time of day in the game's zone, DST, credit clocks."""

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from pbem import clock

BERLIN = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")


def utc(*args):
    return datetime(*args, tzinfo=timezone.utc)


def local(zone, *args):
    return datetime(*args, tzinfo=zone)


def test_no_time_control_is_the_default_preset():
    tc = clock.time_control_normalise(None)
    assert tc["preset"] == "standard-72h" and tc["mode"] == "per_decision" and tc["hours"] == 72
    assert tc["on_timeout"] == "default" and tc["on_leave"] == "bot" and tc["grace_hours"] == 0


def test_every_preset_normalises_and_fields_override_a_preset():
    names = [p["name"] for p in clock.presets()]
    assert {"blitz-24h", "daily-48h", "standard-72h", "weekly-168h", "credit-3d", "office-hours"} <= set(names)
    tc = clock.time_control_normalise({"preset": "daily-48h", "on_timeout": "bot_takeover", "timezone": "Europe/Berlin"})
    assert tc["hours"] == 48 and tc["on_timeout"] == "bot_takeover" and tc["timezone"] == "Europe/Berlin"
    # the backbone's old form still works
    assert clock.time_control_normalise({"hours": 168})["hours"] == 168
    credit = clock.time_control_normalise({"mode": "credit"})
    assert (credit["initial_hours"], credit["increment_hours"], credit["max_hours"]) == (72, 24, 168)


@pytest.mark.parametrize(
    "tc, words",
    [
        ({"hours": -1}, "between 1 and 1440"),
        ({"hours": "48"}, "whole number"),
        ({"preset": "lightning"}, "Presets: blitz-24h"),
        ({"timezone": "Mars/Olympus"}, "IANA time zone"),
        ({"time_of_day": "25:00"}, "HH:MM"),
        ({"on_timeout": "explode"}, "default, bot, bot_takeover, forfeit"),
        ({"on_leave": "sulk"}, "bot, end"),
        ({"minutes": 5}, "Unknown time_control field(s): minutes"),
        ({"mode": "credit", "initial_hours": 100, "max_hours": 50}, "at least initial_hours"),
        ({"grace_hours": 1000}, "grace_hours"),
        ({"weekdays_only": "yes"}, "true or false"),
    ],
)
def test_bad_time_controls_are_refused_with_what_to_send(tc, words):
    with pytest.raises(ValueError) as e:
        clock.time_control_normalise(tc)
    assert words in str(e.value)


def test_hours_per_decision_are_real_hours_even_across_a_dst_change():
    tc = clock.time_control_normalise({"hours": 24, "timezone": "Europe/Berlin"})
    opened = local(BERLIN, 2025, 3, 29, 12, 0)  # Saturday; clocks go forward on Sunday
    due = clock.deadline_for(time_control=tc, opened_at=opened)
    assert due - opened == timedelta(hours=24)
    assert due.astimezone(BERLIN).hour == 13  # the wall clock moved on by an hour


def test_weekday_only_skips_the_weekend():
    tc = clock.time_control_normalise({"hours": 48, "weekdays_only": True, "timezone": "Europe/Berlin"})
    friday_evening = local(BERLIN, 2025, 3, 7, 18, 0)
    due = clock.deadline_for(time_control=tc, opened_at=friday_evening)
    # 6 hours of Friday, all of Monday, 18 hours of Tuesday
    assert due.astimezone(BERLIN) == local(BERLIN, 2025, 3, 11, 18, 0)
    saturday = local(BERLIN, 2025, 3, 8, 10, 0)
    assert clock.deadline_for(time_control=tc, opened_at=saturday).astimezone(BERLIN) == local(BERLIN, 2025, 3, 11, 23, 59, 59) + timedelta(seconds=1)


def test_weekday_only_across_a_weekend_with_a_dst_change_keeps_the_local_time():
    tc = clock.time_control_normalise({"hours": 48, "weekdays_only": True, "timezone": "Europe/Berlin"})
    friday = local(BERLIN, 2025, 3, 28, 18, 0)  # CET; Sunday 30 March becomes CEST
    due = clock.deadline_for(time_control=tc, opened_at=friday)
    assert due.astimezone(BERLIN).replace(tzinfo=None) == datetime(2025, 4, 1, 18, 0)
    assert due == utc(2025, 4, 1, 16, 0)  # 18:00 CEST
    # and back in autumn, in New York (clocks go back on Sunday 2 November 2025)
    tc_ny = clock.time_control_normalise({"hours": 24, "weekdays_only": True, "timezone": "America/New_York"})
    due = clock.deadline_for(time_control=tc_ny, opened_at=local(NEW_YORK, 2025, 10, 31, 9, 30))
    assert due.astimezone(NEW_YORK).replace(tzinfo=None) == datetime(2025, 11, 3, 9, 30)
    assert due == utc(2025, 11, 3, 14, 30)  # EST now


def test_time_of_day_rounds_up_in_the_game_zone_and_skips_weekends():
    tc = clock.time_control_normalise({"preset": "office-hours", "timezone": "Europe/Berlin"})  # 48h, weekdays, 18:00
    wednesday_9 = local(BERLIN, 2025, 3, 26, 9, 0)
    assert clock.deadline_for(time_control=tc, opened_at=wednesday_9).astimezone(BERLIN) == local(BERLIN, 2025, 3, 28, 18, 0)
    thursday_20 = local(BERLIN, 2025, 3, 27, 20, 0)
    # 48 weekday hours end Monday 20:00 (CEST by then); the next 18:00 is Tuesday
    due = clock.deadline_for(time_control=tc, opened_at=thursday_20)
    assert due.astimezone(BERLIN).replace(tzinfo=None) == datetime(2025, 4, 1, 18, 0)
    # a time of day that does not exist that night falls an hour later
    tc_gap = clock.time_control_normalise({"hours": 1, "time_of_day": "02:30", "timezone": "Europe/Berlin"})
    due = clock.deadline_for(time_control=tc_gap, opened_at=local(BERLIN, 2025, 3, 30, 0, 0))
    assert due == utc(2025, 3, 30, 1, 30) and due.astimezone(BERLIN).hour == 3


def test_a_vacation_pause_starts_the_clock_later():
    tc = clock.time_control_normalise({"hours": 24})
    opened = utc(2025, 5, 5, 12)
    assert clock.deadline_for(time_control=tc, opened_at=opened, paused_until=utc(2025, 5, 8, 12)) == utc(2025, 5, 9, 12)
    assert clock.deadline_for(time_control=tc, opened_at=opened, paused_until=utc(2025, 5, 1)) == utc(2025, 5, 6, 12)


def test_a_pushed_weekday_only_deadline_moves_by_the_weekdays_away():
    tc = clock.time_control_normalise({"hours": 24, "weekdays_only": True})
    # away Thursday 00:00 to Tuesday 00:00: Thursday, Friday, Monday count
    moved = clock.deadline_pushed(time_control=tc, deadline=utc(2025, 5, 8, 12), away_from=utc(2025, 5, 8), away_until=utc(2025, 5, 13))
    assert moved == utc(2025, 5, 13, 12)
    plain = clock.time_control_normalise({"hours": 24})
    assert clock.deadline_pushed(time_control=plain, deadline=utc(2025, 5, 8, 12), away_from=utc(2025, 5, 8), away_until=utc(2025, 5, 13)) == utc(2025, 5, 13, 12)


def test_credit_clock_deadline_and_settlement():
    tc = clock.time_control_normalise({"preset": "credit-3d"})  # 72h, +24h per answer, cap 168h
    opened = utc(2025, 5, 5, 12)
    assert clock.deadline_for(time_control=tc, opened_at=opened) == opened + timedelta(hours=72)
    assert clock.deadline_for(time_control=tc, opened_at=opened, credit_seconds=3600) == opened + timedelta(hours=1)
    deadline = opened + timedelta(hours=72)
    # answered after 10 hours: 62 left, +24
    left = clock.credit_left(time_control=tc, credit_seconds=None, answered_at=opened + timedelta(hours=10), deadline=deadline)
    assert left == 62 * 3600
    assert clock.credit_after(time_control=tc, left_seconds=left) == 86 * 3600
    # the cap holds, and a late answer keeps nothing but the increment
    assert clock.credit_after(time_control=tc, left_seconds=160 * 3600) == 168 * 3600
    late = clock.credit_left(time_control=tc, credit_seconds=None, answered_at=deadline + timedelta(hours=1), deadline=deadline)
    assert late == 0 and clock.credit_after(time_control=tc, left_seconds=late) == 24 * 3600


def test_reminder_marks_never_fall_before_the_decision_opened():
    tc = clock.time_control_normalise({"hours": 24, "reminder_hours": 8, "last_call_hours": 2, "grace_hours": 1})
    opened = utc(2025, 5, 5, 12)
    marks = clock.marks_for(time_control=tc, opened_at=opened, deadline=opened + timedelta(hours=24))
    assert marks["remind_at"] == utc(2025, 5, 6, 4) and marks["last_call_at"] == utc(2025, 5, 6, 10)
    assert marks["due_at"] == utc(2025, 5, 6, 13)
    short = clock.marks_for(time_control=tc, opened_at=opened, deadline=opened + timedelta(hours=3))
    assert short["remind_at"] is None and short["last_call_at"] == opened + timedelta(hours=1)
