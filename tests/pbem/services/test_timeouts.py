"""Deadlines at work, in process under time-machine: every timeout policy,
sealed decisions with seats missing, reminders and last calls once each,
vacations moving deadlines and running out, weekday-only deadlines across a
weekend and a DST change, catching up after an outage, two sweeps at once,
leaving a game, credit clocks, reliability figures and the API.

The real-worker versions of the policies are in tests/e2e/test_deadlines.py."""

import threading
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.db import connection

from notifications.models import Notification
from pbem import errors, selectors, services
from pbem.models import Game, Move, PendingAction, Profile, Seat, Vacation
from tests.support.rendered import rendered_all

T0 = datetime(2025, 5, 5, 9, 0, tzinfo=timezone.utc)  # a Monday
BERLIN = ZoneInfo("Europe/Berlin")


@pytest.fixture
def dave(make_user):
    return make_user("dave")


@pytest.fixture
def clock_at():
    """Travel to T0 and return the traveller; ``.move_to(t)`` moves on."""
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


def new_game(users, time_control=None, players=None, bots=0, seed=11):
    game = services.game_create(
        creator=users[0], engine="sealedbid", players=players or len(users) + bots, bots=bots, seed=seed, time_control=time_control
    )
    for u in users[1:]:
        services.game_join(game_id=game.pk, user=u)
    services.game_start(game_id=game.pk, user=users[0])
    return Game.objects.get(pk=game.pk)


def bid(game, seat, amount):
    return services.move_submit(game_id=game.pk, seat=seat, action={"type": "bid", "amount": amount}, source="api")


def open_rows(game):
    return list(PendingAction.objects.filter(game=game, closed_at__isnull=True).select_related("seat").order_by("seat__index"))


def notices(user, kind="notice"):
    return rendered_all(Notification.objects.filter(recipient=user, kind=kind).order_by("pk"))


# --- the policies -------------------------------------------------------------------


def test_default_action_on_timeout_is_sealed_like_any_bid_and_the_others_are_told(clock_at, alice, bob):
    game = new_game([alice, bob], {"hours": 24, "grace_hours": 1})
    bid(game, 0, 4)
    row = open_rows(game)[1]
    assert row.deadline == T0 + timedelta(hours=24) and row.due_at == T0 + timedelta(hours=25)
    clock_at.move_to(T0 + timedelta(hours=24, minutes=30))  # past the deadline, within grace
    assert services.deadlines_sweep()["timeouts"] == 0
    clock_at.move_to(T0 + timedelta(hours=25))
    assert services.deadlines_sweep()["timeouts"] == 1
    move = Move.objects.get(game=game, seat=1)
    assert move.source == "timeout" and move.sealed and move.action is None
    assert move.secret.content == {"type": "bid", "amount": 0}  # the engine's default, kept sealed
    row.refresh_from_db()
    assert row.timed_out_at is not None and row.answer == "timeout"
    assert services.game_advance(game_id=game.pk) == 1
    note = notices(alice)[-1]
    assert "bob (seat 2) did not answer 'bid'" in note.body_text and "default choice" in note.body_text
    assert "amount" not in note.body_text and "bid 0" not in note.body_text
    assert "You did not answer 'bid'" in notices(bob)[-1].body_text
    assert services.deadlines_sweep() == {"timeouts": 0, "last_calls": 0, "reminders": 0, "more": False}


def test_a_bot_plays_the_one_decision(clock_at, alice, bob):
    game = new_game([alice, bob], {"hours": 24, "on_timeout": "bot"})
    bid(game, 0, 4)
    clock_at.move_to(T0 + timedelta(hours=24))
    services.deadlines_sweep()
    assert Move.objects.get(game=game, seat=1).source == "bot"
    seat = Seat.objects.get(game=game, index=1)
    assert seat.status == "playing" and not seat.is_bot  # the next decision is bob's again
    services.game_advance(game_id=game.pk)
    assert "A bot answered this decision for bob" in notices(alice)[-1].body_text


def test_a_bot_takes_the_seat_for_the_rest_of_the_game(clock_at, alice, bob):
    game = new_game([alice, bob], {"hours": 24, "on_timeout": "bot_takeover"})
    bid(game, 0, 0)  # bob's bot will win the prize and claim it by itself
    clock_at.move_to(T0 + timedelta(hours=24))
    services.deadlines_sweep()
    seat = Seat.objects.get(game=game, index=1)
    assert seat.is_bot and seat.status == "bot" and seat.left_at is not None
    services.game_advance(game_id=game.pk)
    game.refresh_from_db()
    assert game.state["round"] == 2 and game.version >= 2
    # the bot's seat has no deadline; alice's has
    rows = open_rows(game)
    assert [r.deadline is None for r in rows] == [False, True]
    assert "plays bob (seat 2)'s seat for the rest of the game" in notices(alice)[-1].body_text


def test_forfeit_and_a_bot_plays_on(clock_at, alice, bob, carol):
    game = new_game([alice, bob, carol], {"hours": 24, "on_timeout": "forfeit", "on_leave": "bot"})
    bid(game, 0, 1)
    bid(game, 2, 1)
    clock_at.move_to(T0 + timedelta(hours=24))
    assert services.deadlines_sweep()["timeouts"] == 1
    seat = Seat.objects.get(game=game, index=1)
    assert seat.status == "forfeited" and seat.is_bot
    services.game_advance(game_id=game.pk)
    assert Game.objects.get(pk=game.pk).status == "active"
    assert "forfeits; a bot plays the seat" in notices(carol)[-1].body_text
    assert selectors.reliability_of(user=bob)["forfeits"] == 1


def test_forfeit_ends_the_game_with_the_leaver_last(clock_at, alice, bob, carol):
    game = new_game([alice, bob, carol], {"hours": 24, "on_timeout": "forfeit", "on_leave": "end"})
    bid(game, 0, 1)
    clock_at.move_to(T0 + timedelta(hours=24))
    # two seats are missing; the first timeout handled ends the game, the second finds nothing to do
    assert services.deadlines_sweep()["timeouts"] == 1
    game.refresh_from_db()
    assert game.status == "finished" and not open_rows(game)
    left = game.outcome["detail"]["left"]
    assert len(left) == 1 and game.outcome["ranks"][left[0]] == 3
    assert [r for i, r in enumerate(game.outcome["ranks"]) if i not in left] == [1, 1]
    assert Notification.objects.filter(kind="game_over", game=game).count() == 3
    # alice's sealed bid was never revealed
    assert Move.objects.get(game=game, seat=0).action is None


def test_a_sealed_decision_with_two_of_four_seats_missing_resolves_at_the_deadline(clock_at, alice, bob, carol, dave):
    game = new_game([alice, bob, carol, dave], {"hours": 48})
    rows = open_rows(game)
    assert len({r.deadline for r in rows}) == 1  # one deadline for all seats
    bid(game, 0, 3)
    bid(game, 1, 5)
    clock_at.move_to(T0 + timedelta(hours=48))
    assert services.deadlines_sweep()["timeouts"] == 2
    assert sorted(Move.objects.filter(game=game, source="timeout").values_list("seat", flat=True)) == [2, 3]
    assert services.game_advance(game_id=game.pk) == 1
    game.refresh_from_db()
    assert game.version == 1 and game.state["winner"] == 1 and game.state["coins"] == [10, 5, 10, 10]
    for user in (alice, bob):
        assert {n.subject for n in notices(user)} == {
            f"[pbem #{game.pk} sealedbid] seat 3 ran out of time",
            f"[pbem #{game.pk} sealedbid] seat 4 ran out of time",
        }


def test_an_answer_after_the_deadline_within_grace_counts_as_late(clock_at, alice, bob):
    game = new_game([alice, bob], {"hours": 24, "grace_hours": 6})
    bid(game, 0, 1)
    clock_at.move_to(T0 + timedelta(hours=27))
    bid(game, 1, 1)
    assert [r.answer for r in open_rows(game)] == ["on_time", "late"]
    assert services.deadlines_sweep()["timeouts"] == 0
    assert selectors.reliability_of(user=bob)["late"] == 1


# --- reminders ----------------------------------------------------------------------


def test_reminder_and_last_call_are_sent_once_each_and_never_after_an_answer(clock_at, alice, bob):
    game = new_game([alice, bob], {"hours": 48, "reminder_hours": 24, "last_call_hours": 4})
    bid(game, 0, 2)
    clock_at.move_to(T0 + timedelta(hours=23))
    assert services.deadlines_sweep()["reminders"] == 0
    clock_at.move_to(T0 + timedelta(hours=24))
    assert services.deadlines_sweep()["reminders"] == 1
    assert services.deadlines_sweep()["reminders"] == 0
    assert [n.subject.split("] ")[1] for n in notices(bob, "reminder")] == ["reminder: bid"]
    assert not notices(alice, "reminder")  # she has answered
    clock_at.move_to(T0 + timedelta(hours=44))
    assert services.deadlines_sweep()["last_calls"] == 1
    services.deadlines_sweep()
    reminders = notices(bob, "reminder")
    assert [n.subject.split("] ")[1] for n in reminders] == ["reminder: bid", "last call: bid"]
    assert "due in about 4 hours" in reminders[1].body_text  # plural-correct (was "hour(s)")
    assert "vacation" in reminders[1].body_text
    # the situation and the commands that answer it come again, with the deadline in the player's zone
    assert "Round 1 of 3" in reminders[1].body_text and "bid 3" in reminders[1].body_text
    assert "Deadline: Wednesday 2025-05-07 09:00 (UTC)" in reminders[1].body_text


def test_a_sweep_after_a_three_day_outage_times_out_once_and_sends_no_stale_reminders(clock_at, alice, bob):
    game = new_game([alice, bob], {"hours": 24, "reminder_hours": 12, "last_call_hours": 2})
    bid(game, 0, 2)
    clock_at.move_to(T0 + timedelta(days=3, hours=1))  # nothing ran for three days
    assert services.deadlines_sweep() == {"timeouts": 1, "last_calls": 0, "reminders": 0, "more": False}
    assert not notices(bob, "reminder")
    assert services.game_advance(game_id=game.pk) == 1
    # the next decision gets a fresh deadline from now, not one already past
    (row,) = open_rows(game)
    assert row.deadline == T0 + timedelta(days=4, hours=1)
    assert services.deadlines_sweep() == {"timeouts": 0, "last_calls": 0, "reminders": 0, "more": False}
    assert Move.objects.filter(game=game, source="timeout").count() == 1


def test_a_sweep_works_through_a_backlog_in_batches(clock_at, alice, bob):
    games = [new_game([alice, bob], {"hours": 24}, seed=s) for s in range(5)]
    clock_at.move_to(T0 + timedelta(days=2))
    first = services.deadlines_sweep(batch=4)
    assert first["timeouts"] == 4 and first["more"]
    second = services.deadlines_sweep(batch=4)
    assert second["timeouts"] == 4 and second["more"]
    assert services.deadlines_sweep(batch=4)["timeouts"] == 2
    assert Move.objects.filter(game__in=games, source="timeout").count() == 10


# --- weekday-only and DST in a game ---------------------------------------------------


def test_weekday_only_deadline_across_a_weekend_and_a_dst_change(alice, bob):
    friday_evening = datetime(2025, 3, 28, 18, 0, tzinfo=BERLIN)  # CET; Sunday is the change to CEST
    with time_machine.travel(friday_evening, tick=False) as traveller:
        game = new_game([alice, bob], {"hours": 48, "weekdays_only": True, "timezone": "Europe/Berlin", "reminder_hours": 0, "last_call_hours": 0})
        row = open_rows(game)[0]
        assert row.deadline.astimezone(BERLIN).replace(tzinfo=None) == datetime(2025, 4, 1, 18, 0)
        traveller.move_to(datetime(2025, 4, 1, 17, 59, tzinfo=BERLIN))
        assert services.deadlines_sweep()["timeouts"] == 0
        traveller.move_to(datetime(2025, 4, 1, 18, 0, tzinfo=BERLIN))
        assert services.deadlines_sweep()["timeouts"] == 2


# --- two sweeps at once ---------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_sweeps_at_once_apply_each_timeout_once(alice, bob):
    with time_machine.travel(T0 - timedelta(days=2), tick=False):
        games = [new_game([alice, bob], {"hours": 24, "reminder_hours": 0, "last_call_hours": 0}, seed=s) for s in range(8)]
    barrier = threading.Barrier(2)
    counts = []

    def sweep():
        try:
            barrier.wait()
            counts.append(services.deadlines_sweep(now=T0)["timeouts"])
        finally:
            connection.close()

    threads = [threading.Thread(target=sweep) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(counts) == 16
    moves = Move.objects.filter(game__in=games, source="timeout")
    assert moves.count() == 16
    assert sorted(moves.values_list("game_id", "seat")) == sorted((g.pk, s) for g in games for s in (0, 1))
    assert Notification.objects.filter(kind="notice", game__in=games).count() == 32  # 2 per timeout, no more


# --- leaving a game -------------------------------------------------------------------


def test_resign_hands_the_seat_to_a_bot_and_tells_the_others(clock_at, alice, bob, carol):
    game = new_game([alice, bob, carol], {"hours": 24})
    services.seat_resign(game_id=game.pk, user=bob)
    seat = Seat.objects.get(game=game, index=1)
    assert seat.status == "resigned" and seat.is_bot
    assert Move.objects.get(game=game, seat=1).source == "bot"  # the bot answered the open bid
    assert "bob (seat 2) resigned; a bot plays the seat" in notices(alice)[-1].body_text
    with pytest.raises(errors.Conflict, match="already left"):
        services.seat_resign(game_id=game.pk, user=bob)


def test_resign_can_end_the_game_and_is_refused_clearly(clock_at, alice, bob, carol, dave):
    game = new_game([alice, bob], {"hours": 24, "on_leave": "end"})
    with pytest.raises(errors.NotYourSeat, match="no seat in game"):
        services.seat_resign(game_id=game.pk, user=dave)
    services.seat_resign(game_id=game.pk, user=alice)
    game.refresh_from_db()
    assert game.status == "finished" and game.outcome["ranks"] == [2, 1]
    with pytest.raises(errors.Conflict, match="finished"):
        services.seat_resign(game_id=game.pk, user=bob)
    with pytest.raises(errors.NotFound):
        services.seat_resign(game_id=999999, user=bob)


# --- vacations ------------------------------------------------------------------------


def test_vacation_moves_every_open_deadline_and_the_shared_sealed_one(clock_at, alice, bob, carol):
    one = new_game([alice, bob], {"hours": 48}, seed=1)
    two = new_game([carol, alice], {"hours": 72}, seed=2)
    taken = services.vacation_take(user=alice, days=5)
    assert taken["decisions_moved"] == 2 and taken["remaining_days"] == 9 and taken["ends_at"] == T0 + timedelta(days=5)
    assert {r.deadline for r in open_rows(one)} == {T0 + timedelta(days=7)}  # bob's seat moves with hers
    assert {r.deadline for r in open_rows(two)} == {T0 + timedelta(days=8)}
    # a decision answered already is not moved
    bid(one, 0, 1)
    bid(one, 1, 1)
    services.game_advance(game_id=one.pk)
    # alice won the bid during her vacation: her next decision's clock starts when it ends
    (claim,) = open_rows(one)
    assert claim.seat.index == 0 and claim.deadline == T0 + timedelta(days=5, hours=48)
    assert claim.vacation_seconds == 5 * 86400
    # the vacation runs out: after it, the clock runs and the timeout comes
    clock_at.move_to(T0 + timedelta(days=5, hours=47))
    assert services.deadlines_sweep()["timeouts"] == 0
    clock_at.move_to(T0 + timedelta(days=7))
    assert services.deadlines_sweep()["timeouts"] == 1  # her claim in game one
    clock_at.move_to(T0 + timedelta(days=8))
    assert services.deadlines_sweep()["timeouts"] == 2  # both seats of game two


def test_vacation_running_out_and_over_the_allowance(clock_at, alice):
    assert services.vacation_take(user=alice, days=10)["remaining_days"] == 4
    with pytest.raises(services.VacationRefused) as e:
        services.vacation_take(user=alice, days=5)
    assert "4 of your 14 vacation days left in 2025" in e.value.message and "`vacation 4`" in e.value.message
    second = services.vacation_take(user=alice, days=4)
    assert second["starts_at"] == T0 + timedelta(days=10)  # back to back with the first
    with pytest.raises(services.VacationRefused, match="used all 14 vacation days of 2025"):
        services.vacation_take(user=alice, days=1)
    for bad in (0, -3, "5", 2.5, True):
        with pytest.raises(services.VacationRefused, match="whole days"):
            services.vacation_take(user=alice, days=bad)
    assert Vacation.objects.filter(user=alice).count() == 2
    Profile.objects.filter(user=alice).update(vacation_days_per_year=20)
    assert services.vacation_take(user=alice, days=6)["remaining_days"] == 0


def test_vacations_across_new_year_cannot_hold_a_sealed_decision_hostage(alice, bob):
    with time_machine.travel(datetime(2025, 12, 20, 12, tzinfo=timezone.utc), tick=False) as traveller:
        game = new_game([alice, bob], {"hours": 168, "reminder_hours": 0, "last_call_hours": 0})
        first = open_rows(game)[0].deadline
        bid(game, 1, 3)
        services.vacation_take(user=alice, days=14)
        assert open_rows(game)[0].deadline == first + timedelta(days=14)
        traveller.move_to(datetime(2026, 1, 2, 12, tzinfo=timezone.utc))
        taken = services.vacation_take(user=alice, days=14)  # a new year's allowance
        assert taken["decisions_moved"] == 0
        assert {r.deadline for r in open_rows(game)} == {first + timedelta(days=14)}


# --- credit clocks ----------------------------------------------------------------------


def test_credit_clock_charges_the_time_taken_and_adds_the_increment(clock_at, alice, bob):
    game = new_game([alice, bob], {"preset": "credit-3d"})  # 72h, +24h, cap 168h
    assert {r.deadline for r in open_rows(game)} == {T0 + timedelta(hours=72)}
    clock_at.move_to(T0 + timedelta(hours=2))
    bid(game, 0, 1)
    clock_at.move_to(T0 + timedelta(hours=70))
    bid(game, 1, 0)
    seats = {s.index: s.credit_seconds for s in Seat.objects.filter(game=game)}
    assert seats == {0: (70 + 24) * 3600, 1: (2 + 24) * 3600}
    services.game_advance(game_id=game.pk)
    (claim,) = open_rows(game)
    assert claim.seat.index == 0 and claim.deadline == T0 + timedelta(hours=70 + 94)
    clock_at.move_to(claim.deadline)
    assert services.deadlines_sweep()["timeouts"] == 1
    assert Seat.objects.get(game=game, index=0).credit_seconds == 24 * 3600  # ran out: the increment only


# --- reliability and the API -------------------------------------------------------------


def test_reliability_figures_and_entry_conditions(clock_at, alice, bob):
    game = new_game([alice, bob], {"hours": 24})
    bid(game, 0, 5)
    clock_at.move_to(T0 + timedelta(hours=24))
    services.deadlines_sweep()
    a, b = selectors.reliability_of(user=alice), selectors.reliability_of(user=bob)
    assert (a["on_time"], a["timeouts"], a["decisions"], a["on_time_rate"]) == (1, 0, 1, 1.0)
    assert (b["on_time"], b["timeouts"], b["decisions"], b["on_time_rate"]) == (0, 1, 1, 0.0)
    assert selectors.reliability_meets(user=alice, min_on_time_rate=0.9, max_forfeits=0)
    assert not selectors.reliability_meets(user=bob, min_on_time_rate=0.9)
    assert not selectors.reliability_meets(user=alice, min_decisions=5)


def test_api_time_controls_vacation_and_profile(clock_at, api, alice, bob):
    presets = api(alice).get("/api/time-controls/").json()
    assert {p["name"] for p in presets["presets"]} >= {"daily-48h", "credit-3d"}
    assert set(presets["on_timeout"]) == {"default", "bot", "bot_takeover", "forfeit"}
    r = api(alice).post("/api/games/", {"engine": "sealedbid", "players": 2, "time_control": {"preset": "nope"}}, format="json")
    assert r.status_code == 400 and "Presets:" in r.json()["detail"]
    r = api(alice).post("/api/games/", {"engine": "sealedbid", "players": 2, "time_control": {"preset": "weekly-168h", "on_timeout": "bot"}}, format="json")
    assert r.status_code == 201 and r.json()["time_control"]["hours"] == 168

    assert api(alice).get("/api/me/vacation/").json() == {
        "allowance_days": 14, "used_days": 0, "remaining_days": 14, "away_until": None, "vacations": []
    }
    r = api(alice).post("/api/me/vacation/", {"days": 5}, format="json")
    assert r.status_code == 201 and r.json()["remaining_days"] == 9
    r = api(alice).post("/api/me/vacation/", {"days": 12}, format="json")
    assert r.status_code == 409 and r.json()["error"] == "vacation_refused" and "`vacation 9`" in r.json()["detail"]
    r = api(alice).post("/api/me/vacation/", {"days": "lots"}, format="json")
    assert r.status_code == 400
    status = api(alice).get("/api/me/vacation/").json()
    assert status["remaining_days"] == 9 and status["away_until"] is not None and len(status["vacations"]) == 1

    profile = api(bob).get("/api/players/alice/").json()
    assert profile["username"] == "alice" and set(profile["reliability"]) >= {"on_time", "timeouts", "forfeits", "resignations"}
    assert api(bob).get("/api/players/nobody/").status_code == 404
    r = api(bob).post("/api/games/999999/resign/")
    assert r.status_code == 404


def test_a_sealed_decision_opened_during_a_vacation_waits_for_its_end_for_every_seat(clock_at, alice, bob):
    services.vacation_take(user=alice, days=3)
    game = new_game([alice, bob], {"hours": 24})
    rows = open_rows(game)
    assert {r.deadline for r in rows} == {T0 + timedelta(days=4)}
    assert {r.vacation_seconds for r in rows} == {3 * 86400}


def test_seat_forfeit_refuses_clearly(clock_at, alice, bob):
    game = new_game([alice, bob], {"hours": 24, "on_leave": "bot"})
    with pytest.raises(errors.Conflict, match="has no seat 5"):
        services.seat_forfeit(game_id=game.pk, seat=4)
    assert services.seat_forfeit(game_id=game.pk, seat=1) == "bot"
    with pytest.raises(errors.Conflict, match="already left"):
        services.seat_forfeit(game_id=game.pk, seat=1)
    assert selectors.reliability_of(user=bob)["forfeits"] == 1


# --- the real engines ---------------------------------------------------------------


@pytest.mark.parametrize("slug", ["augsburg1520", "citadels", "fugger", "staufer"])
def test_a_real_engine_runs_on_timeouts_alone(clock_at, alice, bob, carol, slug):
    """Nobody ever answers: every decision of a real engine is answered by its
    default action through the sweep, and the game keeps going."""
    from engines.registry import ENGINES

    if slug not in ENGINES:  # registered by its helper when ready; this list names those registered now
        pytest.fail(f"{slug} is not registered in engines.registry")
    game = services.game_create(creator=alice, engine=slug, players=3, seed=5, time_control={"hours": 24})
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    services.game_start(game_id=game.pk, user=alice)
    for _ in range(12):
        game.refresh_from_db()
        if game.status != "active":
            break
        before = game.version
        due = min(r.due_at for r in open_rows(game) if r.due_at)
        clock_at.move_to(due)
        assert services.deadlines_sweep()["timeouts"] >= 1
        services.game_advance(game_id=game.pk)
        assert Game.objects.get(pk=game.pk).version > before
    assert Move.objects.filter(game=game).exclude(source="timeout").count() == 0  # the default was never refused


def _advances_queued(game_id):
    import json

    import redis
    from django.conf import settings

    from tests.conftest_worker import queue_lists

    r = redis.Redis.from_url(settings.REDIS_URL)
    found = 0
    for key in queue_lists(settings.CELERY_TASK_DEFAULT_QUEUE):
        for raw in r.lrange(key, 0, -1):
            headers = json.loads(raw)["headers"]
            found += headers["task"] == "pbem.tasks.advance" and headers["argsrepr"] == f"({game_id},)"
    return found


def test_a_seat_handed_to_a_bot_queues_one_advance(clock_at, alice, bob, carol, queue, django_capture_on_commit_callbacks):
    # the bot's answer (move_submit) queues the advance; the seat's leaving must not queue a second (issue 29)
    game = new_game([alice, bob, carol], {"hours": 24})
    services.game_advance(game_id=game.pk)  # the start's advance ran: nothing in flight
    with django_capture_on_commit_callbacks(execute=True):
        services.seat_resign(game_id=game.pk, user=bob)
    assert Move.objects.get(game=game, seat=1).source == "bot"
    assert _advances_queued(game.pk) == 1
