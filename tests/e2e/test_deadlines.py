"""Deadlines end to end through a real Celery worker on the real Redis.

Time travel happens only in this test process: each game is created and
started under time-machine days in the past, so its decisions carry honest
past deadlines written by the ordinary code (nothing is patched in the
database). Then the sweep task is queued as beat would queue it, and the
worker, on the real clock, finds the due decisions, applies each timeout
through move_submit, advances the game and sends the mail.
"""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from notifications.models import Notification
from pbem import services
from pbem.models import Game, Move, PendingAction, Seat
from pbem.tasks import deadlines_sweep
from tests.conftest_worker import wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def make_user():
    from django.contrib.auth import get_user_model

    return lambda name: get_user_model().objects.create_user(name, f"{name}@example.org", "pw-" + name)


def users(make_user, *names):
    return [make_user(n) for n in names]


def game_in_the_past(players, time_control, days_ago=2, seed=11, bids=()):
    """A sealedbid game started ``days_ago`` days ago; ``bids`` are (seat, amount) answered then."""
    with time_machine.travel(timezone.now() - timedelta(days=days_ago), tick=False):
        game = services.game_create(creator=players[0], engine="sealedbid", players=len(players), seed=seed, time_control=time_control)
        for u in players[1:]:
            services.game_join(game_id=game.pk, user=u)
        services.game_start(game_id=game.pk, user=players[0])
        for seat, amount in bids:
            services.move_submit(game_id=game.pk, seat=seat, action={"type": "bid", "amount": amount}, source="api")
    return game.pk


def version(gid):
    return Game.objects.get(pk=gid).version


@pytest.mark.parametrize(
    "on_timeout, on_leave",
    [("default", "bot"), ("bot", "bot"), ("bot_takeover", "bot"), ("forfeit", "bot"), ("forfeit", "end")],
)
def test_every_timeout_policy_through_the_worker(celery_worker_process, make_user, on_timeout, on_leave):
    alice, bob = users(make_user, "alice", "bob")
    gid = game_in_the_past([alice, bob], {"hours": 24, "on_timeout": on_timeout, "on_leave": on_leave}, bids=[(0, 2)])
    deadlines_sweep.delay()
    if on_leave == "end":
        wait_for(lambda: Game.objects.get(pk=gid).status == "finished", what="the forfeit to end the game")
        game = Game.objects.get(pk=gid)
        assert game.outcome["ranks"] == [1, 2] and Seat.objects.get(game=game, index=1).status == "forfeited"
        assert Move.objects.get(game=game, seat=0).action is None  # alice's bid stays sealed for ever
    else:
        wait_for(lambda: version(gid) >= 1, what="the timeout to resolve the bids")
        move = Move.objects.get(game_id=gid, version=0, seat=1)
        assert move.source == ("timeout" if on_timeout == "default" else "bot")
        assert move.status == "applied"
        seat = Seat.objects.get(game_id=gid, index=1)
        expected = {"default": ("playing", False), "bot": ("playing", False), "bot_takeover": ("bot", True), "forfeit": ("forfeited", True)}
        assert (seat.status, seat.is_bot) == expected[on_timeout]
        # a seat a bot now holds never waits for a deadline again
        if seat.is_bot:
            assert not PendingAction.objects.filter(seat=seat, closed_at__isnull=True, deadline__isnull=False).exists()
    assert PendingAction.objects.get(game_id=gid, version=0, seat__index=1).answer == "timeout"
    # the public note reaches alice by mail, sent by the worker
    note = wait_for(
        lambda: Notification.objects.filter(recipient=alice, kind="notice", game_id=gid, sent_at__isnull=False).first(),
        what="the note to alice to be sent",
    )
    assert "bob (seat 2) did not answer 'bid'" in note.body_text and "amount" not in note.body_text
    assert wait_for(lambda: [m for m in celery_worker_process.mails() if "seat 2 ran out of time" in m and f"#{gid} " in m], what="the mail file")
    assert "Traceback" not in celery_worker_process.output()


def test_sealed_decision_with_two_of_four_seats_missing_resolves_in_the_worker(celery_worker_process, make_user):
    players = users(make_user, "alice", "bob", "carol", "dave")
    gid = game_in_the_past(players, {"hours": 48}, days_ago=3, bids=[(0, 1), (1, 4)])
    deadlines_sweep.delay()
    wait_for(lambda: version(gid) >= 1, timeout=30, what="the decision to resolve")
    game = Game.objects.get(pk=gid)
    assert game.state["winner"] == 1 and game.state["coins"] == [10, 6, 10, 10]
    assert sorted(Move.objects.filter(game=game, source="timeout").values_list("seat", flat=True)) == [2, 3]
    # the next decision (bob's claim) is due two days from now, not in the past
    (claim,) = PendingAction.objects.filter(game=game, closed_at__isnull=True)
    assert claim.deadline > timezone.now() + timedelta(hours=47)


def test_two_sweeps_at_once_in_the_worker_apply_each_timeout_once(celery_worker_process, make_user):
    alice, bob = users(make_user, "alice", "bob")
    gids = [game_in_the_past([alice, bob], {"hours": 24, "reminder_hours": 0, "last_call_hours": 0}, seed=s) for s in range(6)]
    deadlines_sweep.delay()
    deadlines_sweep.delay()  # the worker runs two processes: both sweeps run at once
    wait_for(lambda: all(version(g) >= 1 for g in gids), timeout=40, what="every game to resolve")
    # let any straggling work finish, then count
    wait_for(lambda: not Notification.objects.filter(game_id__in=gids, sent_at__isnull=True).exists(), what="the mail")
    timeouts = Move.objects.filter(game_id__in=gids, source="timeout")
    assert timeouts.count() == 12
    assert sorted(timeouts.values_list("game_id", "seat")) == sorted((g, s) for g in gids for s in (0, 1))
    assert Notification.objects.filter(game_id__in=gids, kind="notice").count() == 24


def test_a_sweep_after_a_three_day_outage_catches_up_in_the_worker(celery_worker_process, make_user):
    alice, bob = users(make_user, "alice", "bob")
    # due two days ago; its reminder and last call were due before that
    gid = game_in_the_past([alice, bob], {"hours": 24, "reminder_hours": 12, "last_call_hours": 2}, days_ago=3, bids=[(0, 3)])
    deadlines_sweep.delay()
    wait_for(lambda: version(gid) >= 1, what="the catch-up timeout")
    deadlines_sweep.delay()
    deadlines_sweep.delay()
    wait_for(lambda: not Notification.objects.filter(game_id=gid, sent_at__isnull=True).exists(), what="the mail")
    assert Move.objects.filter(game_id=gid, source="timeout").count() == 1
    assert not Notification.objects.filter(game_id=gid, kind="reminder").exists()  # no stale reminders
    row = PendingAction.objects.get(game_id=gid, version=0, seat__index=1)
    assert row.timed_out_at is not None and row.reminded_at is None  # timed out first: no reminder ever goes
    (claim,) = PendingAction.objects.filter(game_id=gid, closed_at__isnull=True)
    assert claim.deadline > timezone.now() + timedelta(hours=23)


def test_vacation_moves_deadlines_and_after_it_runs_out_the_worker_times_out(celery_worker_process, make_user):
    alice, bob, carol = users(make_user, "alice", "bob", "carol")
    # bob took 1 day off three days ago: his game with alice was due two days ago,
    # his vacation moved it to one day ago, and the vacation has run out
    short = game_in_the_past([alice, bob], {"hours": 24}, days_ago=3, bids=[(0, 1)])
    with time_machine.travel(timezone.now() - timedelta(days=3), tick=False):
        services.vacation_take(user=bob, days=1)
    # carol took 5 days off three days ago: her game is due two days from now
    long = game_in_the_past([alice, carol], {"hours": 24}, days_ago=3, seed=12, bids=[(0, 1)])
    with time_machine.travel(timezone.now() - timedelta(days=3), tick=False):
        services.vacation_take(user=carol, days=5)
    deadlines_sweep.delay()
    wait_for(lambda: version(short) >= 1, what="the timeout after bob's vacation")
    deadlines_sweep.delay()
    wait_for(lambda: not Notification.objects.filter(game_id__in=[short, long], sent_at__isnull=True).exists(), what="the mail")
    assert Move.objects.get(game_id=short, seat=1).source == "timeout"
    assert version(long) == 0 and not Move.objects.filter(game_id=long, seat=1).exists()
    row = PendingAction.objects.get(game_id=long, seat__index=1)
    assert timezone.now() + timedelta(days=1) < row.deadline < timezone.now() + timedelta(days=3)
