"""A lost advance task never stalls a game: the sweep, run by the real
worker, finds the complete decision and the worker applies it."""

import time

import pytest

from pbem import services
from pbem.models import Game
from pbem.tasks import sweep
from tests.conftest_worker import wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_sweep_recovers_a_lost_advance(celery_worker_process, monkeypatch, django_user_model):
    alice = django_user_model.objects.create_user("alice", "alice@example.org", "x")
    bob = django_user_model.objects.create_user("bob", "bob@example.org", "x")
    # the broker loses every advance message
    monkeypatch.setattr("pbem.services.moves.queue_advance", lambda game_id: None)
    monkeypatch.setattr("pbem.services.games.queue_advance", lambda game_id: None)
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=4)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    services.move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 2}, source="api")
    services.move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 1}, source="api")
    time.sleep(1.5)  # past the worker's grace period (1 s in tests)
    assert Game.objects.get(pk=game.pk).version == 0
    sweep.delay()
    wait_for(lambda: Game.objects.get(pk=game.pk).version == 1, what="the sweep to recover the lost task")
    assert Game.objects.get(pk=game.pk).state["winner"] == 0
