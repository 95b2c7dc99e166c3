"""Many threads submitting to one game at once: the game row lock admits
exactly one accepted move per decision."""

import threading

import pytest
from django.db import connection

from pbem import errors, services
from pbem.models import Game, Move

pytestmark = pytest.mark.django_db(transaction=True)


def race(n, submit):
    barrier = threading.Barrier(n)
    results, failures = [], []

    def run(i):
        try:
            barrier.wait()
            results.append(submit(i))
        except errors.ServiceError as e:
            failures.append(type(e).__name__)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results, failures


def test_sixteen_threads_one_unsealed_decision_one_accepted_move(alice, bob):
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=11)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    services.move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 5}, source="api")
    services.move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 0}, source="api")
    services.game_advance(game_id=game.pk)  # alice must claim at version 1

    takes = ["points", "coins"]
    results, failures = race(
        16,
        lambda i: services.move_submit(
            game_id=game.pk, seat=0, action={"type": "claim", "take": takes[i % 2]}, source="api",
            idempotency_key=f"t{i}", version=1,
        ),
    )
    assert len(results) == 1 and len(failures) == 15
    assert set(failures) <= {"NotYourTurn", "StaleVersion"}
    assert Move.objects.filter(game=game, version=1).count() == 1
    services.game_advance(game_id=game.pk)
    assert Game.objects.get(pk=game.pk).version == 2


def test_sixteen_threads_same_key_store_one_move(alice, bob):
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=11)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    results, failures = race(
        16,
        lambda i: services.move_submit(
            game_id=game.pk, seat=0, action={"type": "bid", "amount": 3}, source="api", idempotency_key="retry", version=0
        ),
    )
    assert failures == [] and len({r.move_id for r in results}) == 1
    assert sum(not r.duplicate for r in results) == 1
    assert Move.objects.filter(game=game).count() == 1


def test_concurrent_advance_applies_a_decision_once(alice, bob):
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=11)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    services.move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 5}, source="api")
    services.move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 2}, source="api")
    results, failures = race(8, lambda i: services.game_advance(game_id=game.pk))
    assert sorted(results) == [0] * 7 + [1] and failures == []
    game.refresh_from_db()
    assert game.version == 1 and game.state["coins"] == [5, 10]
