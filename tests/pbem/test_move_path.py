"""The move path does only the work it must: a turn's next action is taken
while the advance task is still queued, one advance is queued per burst of
moves, each POST and each step cost a bounded number of queries, and fresh
mail yields to game advances on the broker."""

from datetime import timedelta

import pytest
import redis
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from engines.registry import get
from engines.rng import Rng
from pbem import services
from pbem.live.publish import notice_send
from pbem.models import Game, Move

pytestmark = pytest.mark.django_db

# What one move costs (docs/benchmarks.md, "SQL per move"). A new query on
# the path should be a decision, not an accident: raise these with a reason.
# A POST: the token, then in one transaction the game locked with the sender's seat and the
# Idempotency-Key's use read in the same query, the open decisions, the move inserted, its
# decision marked, the game's advance mark: 8 with BEGIN and COMMIT (10 before the seat and the
# key joined the lock).
POST_QUERIES = 8
# A step, inside the game's lock: BEGIN, the game locked, the open decisions with their seats and
# their moves (one query: pbem.services.moves._open_decisions_and_moves), the moves applied, the
# decisions closed, a reversible move's kept state (the previous one dropped, this one written: 2,
# only after a reversible move), the seats (with their players' profiles and vacations), the
# decision opened, the mail row's facts and its INSERT, the game row, COMMIT: 13. The seat's first
# mail makes its reply address (get_or_create: 4 more). The mail's digest and table talk are read
# at delivery; the moves were a query of their own, so was the vacation lookup, and whether the
# mail waits for a player at the table is decided after the commit (was 1-2 queries in the lock).
STEP_QUERIES = 17
# After the commit: whether the step's your-move mails wait (one query for all of them; an
# UPDATE more only when one does).
AFTER_STEP_QUERIES = 1


@pytest.fixture
def citadels(make_user):
    """A 4-seat Citadels game, every seat human, and its players by seat."""
    users = [make_user(f"p{i}") for i in range(4)]
    game = services.game_create(creator=users[0], engine="citadels", players=4, seed=5, time_control={"hours": 48})
    for u in users[1:]:
        services.game_join(game_id=game.pk, user=u)
    services.game_start(game_id=game.pk, user=users[0])
    game.refresh_from_db()
    return game, users


def _next(game: Game):
    engine = get("citadels")
    (decision,) = engine.decisions(game.state)
    return decision["seat"], engine.bot(game.state, decision["seat"], Rng.from_seed(game.version))


def test_a_turns_next_action_is_taken_while_the_advance_is_still_queued(citadels):
    game, _ = citadels
    engine = get("citadels")
    seat, first = _next(game)
    services.move_submit(game_id=game.pk, seat=seat, action=first, source="api", version=game.version)
    # no worker has run: the decision is complete but not applied
    assert Game.objects.get(pk=game.pk).version == game.version
    state = engine.apply(game.state, {seat: first})["state"]
    (decision,) = engine.decisions(state)
    second = engine.bot(state, decision["seat"], Rng.from_seed(1))
    result = services.move_submit(game_id=game.pk, seat=decision["seat"], action=second, source="api", version=game.version + 1)
    assert result.status == "accepted" and result.version == game.version + 1
    assert Game.objects.get(pk=game.pk).version == game.version + 1  # the first one applied on the way, once
    assert Move.objects.filter(game=game, status="applied").count() == 1


def test_an_open_decision_is_answered_without_applying_anything_first(started_game):
    # seat 0 answers a sealed decision seat 1 has not answered: nothing to apply, no step taken
    with CaptureQueriesContext(connection) as q:
        services.move_submit(game_id=started_game.pk, seat=0, action={"type": "bid", "amount": 3}, source="api")
    assert not any("UPDATE \"pbem_pendingaction\" SET \"closed_at\"" in x["sql"] for x in q.captured_queries)
    assert Game.objects.get(pk=started_game.pk).version == 0


def _tasks(callbacks) -> list:
    """The on-commit callbacks that queue work: not the open pages' change notice (pbem.live),
    which every committed change sends."""
    return [c for c in callbacks if getattr(c, "func", None) is not notice_send]


def test_one_advance_is_queued_for_a_burst_of_moves(started_game, django_capture_on_commit_callbacks):
    services.game_advance(game_id=started_game.pk)  # the worker ran the start's advance: no mark
    with django_capture_on_commit_callbacks() as first:
        services.move_submit(game_id=started_game.pk, seat=0, action={"type": "bid", "amount": 3}, source="api")
    assert len(_tasks(first)) == 1  # advance queued, the game marked
    marked = Game.objects.get(pk=started_game.pk).advance_queued_at
    with django_capture_on_commit_callbacks() as second:
        services.move_submit(game_id=started_game.pk, seat=1, action={"type": "bid", "amount": 1}, source="api")
    # the queued advance has not looked at the game yet, so it will see this move too
    assert Game.objects.get(pk=started_game.pk).advance_queued_at == marked
    assert len(_tasks(second)) == 0  # nothing queued: neither a second advance nor anything else
    assert services.game_advance(game_id=started_game.pk) == 1  # the one advance applies the complete decision
    assert Game.objects.get(pk=started_game.pk).advance_queued_at is None


def test_a_stale_mark_queues_no_second_advance(started_game, django_capture_on_commit_callbacks):
    # issue 29: under load an advance waits behind other work for longer than
    # PBEM_LOST_WORK_SECONDS; a second copy then made the queue hold more than
    # one task per game. Whether it is lost is the sweep's to find (pbem.requeue).
    services.move_submit(game_id=started_game.pk, seat=0, action={"type": "bid", "amount": 3}, source="api")
    stale = timezone.now() - timedelta(seconds=settings.PBEM_LOST_WORK_SECONDS + 1)
    Game.objects.filter(pk=started_game.pk).update(advance_queued_at=stale)
    with django_capture_on_commit_callbacks() as callbacks:
        services.move_submit(game_id=started_game.pk, seat=1, action={"type": "bid", "amount": 1}, source="api")
    assert len(_tasks(callbacks)) == 0  # the first advance is still on its way: nothing queued
    assert Game.objects.get(pk=started_game.pk).advance_queued_at == stale  # the sweep's to judge
    assert services.game_advance(game_id=started_game.pk) == 1  # the one advance applies both moves' decision


def test_queries_per_post_and_per_step_are_bounded(citadels, api, django_capture_on_commit_callbacks, queue):
    game, users = citadels
    clients = [api(u) for u in users]
    for _ in range(6):
        game.refresh_from_db()
        seat, action = _next(game)
        with CaptureQueriesContext(connection) as post:
            r = clients[seat].post(f"/api/games/{game.pk}/moves/", {"action": action, "version": game.version}, format="json")
        assert r.status_code == 202, r.content
        assert len(post.captured_queries) <= POST_QUERIES, [x["sql"][:90] for x in post.captured_queries]
        with django_capture_on_commit_callbacks() as callbacks, CaptureQueriesContext(connection) as step:
            assert services.game_advance(game_id=game.pk) == 1
        assert len(step.captured_queries) <= STEP_QUERIES, [x["sql"][:90] for x in step.captured_queries]
        with CaptureQueriesContext(connection) as after:  # what the step's commit sets off
            for callback in callbacks:
                callback()
        assert len(after.captured_queries) <= AFTER_STEP_QUERIES, [x["sql"][:90] for x in after.captured_queries]


def test_the_game_row_is_written_once_per_advance_however_many_steps(alice):
    game = services.game_create(creator=alice, engine="citadels", players=3, bots=2, seed=9)
    services.game_start(game_id=game.pk, user=alice)
    game.refresh_from_db()
    seat, action = _next(game)
    while seat != 0:  # the bots open: let them act first
        services.game_advance(game_id=game.pk)
        game.refresh_from_db()
        seat, action = _next(game)
    # play seat 0 until an advance runs several steps (bots answering in between)
    for _ in range(40):
        services.move_submit(game_id=game.pk, seat=0, action=action, source="api", version=game.version)
        with CaptureQueriesContext(connection) as q:
            steps = services.game_advance(game_id=game.pk)
        writes = [x for x in q.captured_queries if x["sql"].startswith('UPDATE "pbem_game"')]
        assert len(writes) == 1, (steps, [x["sql"][:80] for x in writes])
        game.refresh_from_db()
        if steps > 1 or game.status != Game.Status.ACTIVE:
            break
        seat, action = _next(game)
        assert seat == 0
    assert steps > 1


def test_fresh_mail_goes_to_mails_own_queue_never_before_an_advance(started_game, django_capture_on_commit_callbacks):
    # issue 29: mail on the games' queue below every advance starved under load; on a queue of its
    # own (PBEM_MAIL_QUEUE) a mail worker, or a worker of both queues in turn, takes it
    from tests.conftest_worker import queue_lists

    r = redis.Redis.from_url(settings.REDIS_URL)
    queue, mail = settings.CELERY_TASK_DEFAULT_QUEUE, settings.PBEM_MAIL_QUEUE
    lists = queue_lists(queue)
    r.delete(*lists)
    services.game_advance(game_id=started_game.pk)  # the start's advance ran: no mark
    try:
        with django_capture_on_commit_callbacks(execute=True):
            services.move_submit(game_id=started_game.pk, seat=0, action={"type": "bid", "amount": 3}, source="api")
            services.move_submit(game_id=started_game.pk, seat=1, action={"type": "bid", "amount": 1}, source="api")
        with django_capture_on_commit_callbacks(execute=True):
            services.game_advance(game_id=started_game.pk)
        games = [m for k in lists if not k.startswith(mail) for m in r.lrange(k, 0, -1)]
        mails = [m for k in lists if k.startswith(mail) for m in r.lrange(k, 0, -1)]
        assert any(b"pbem.tasks.advance" in m for m in games)  # the advance, on the games' queue
        assert mails and all(b"notifications.tasks.deliver" in m for m in mails)  # the step's mails, on mail's
        assert not any(b"notifications.tasks.deliver" in m for m in games)
    finally:
        r.delete(*lists)


def test_a_wave_of_timeouts_shared_in_parts_handles_each_decision_once(alice, bob):
    import time_machine

    games = []
    for seed in range(6):
        g = services.game_create(creator=alice, engine="sealedbid", players=2, seed=seed, time_control={"hours": 24})
        services.game_join(game_id=g.pk, user=bob)
        services.game_start(game_id=g.pk, user=alice)
        games.append(g)
    with time_machine.travel(timezone.now() + timedelta(days=3), tick=False):
        first = services.deadlines_sweep(part=(0, 2))
        assert first["timeouts"] == 2 * sum(1 for g in games if g.pk % 2 == 0)  # both seats of its games only
        assert {m.game_id % 2 for m in Move.objects.filter(source="timeout")} == {0}
        again = services.deadlines_sweep(part=(0, 2))
        assert again["timeouts"] == 0  # handled once
        second = services.deadlines_sweep(part=(1, 2))
        whole = services.deadlines_sweep()
    assert first["timeouts"] + second["timeouts"] == 12 and whole["timeouts"] == 0
    assert Move.objects.filter(source="timeout").count() == 12
