"""A worker rides out a Redis outage (issue: with Celery 5.7.0 / kombu 5.7.0 it exited with
"Unrecoverable error: AttributeError 'NoneType' object has no attribute 'hostname'"; the pins in
pyproject.toml say why). One worker on a redis-server of the test's own (a spare port; the
shared one on 6379 is never touched) holds an advance while Redis is killed and started again:
the same worker process is still there afterwards, finishes the game it held, and applies a
game queued after the outage. No second worker is started."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import psycopg
import pytest
from django.db import connection

from pbem import services
from pbem.models import Game, Move
from tests.conftest_worker import start_worker, stop_worker, wait_for
from tests.e2e.test_outages import ROOT, _env, _redis, free_port

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

BIDS = """
from pbem import services
for game in {games}:
    services.move_submit(game_id=game, seat=0, action={{"type": "bid", "amount": 3}}, source="api")
    services.move_submit(game_id=game, seat=1, action={{"type": "bid", "amount": 1}}, source="api")
"""


def _game(alice, bob) -> Game:
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=20261125)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    return game


def _bids(env: dict, *games: Game) -> None:
    """Both bids of each game, sent as a web process would (its advance goes to the test's Redis)."""
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", BIDS.format(games=[g.pk for g in games])],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_worker_holding_a_task_rides_out_a_redis_restart(alice, bob, tmp_path):
    redis_port = free_port()
    redis_url = f"redis://127.0.0.1:{redis_port}/0"
    broker = _redis(redis_port, tmp_path)
    queue = f"outage-held-{os.getpid()}"
    env = _env(redis_url) | {"CELERY_QUEUE": queue, "PBEM_MAIL_QUEUE": ""}
    held, after = _game(alice, bob), _game(alice, bob)
    # the start's advance went to this process's broker, not the test's Redis: as if it had run
    Game.objects.filter(pk__in=[held.pk, after.pk]).update(advance_queued_at=None)
    _bids(env, held)  # its advance waits on the test's Redis: no worker yet

    db = connection.settings_dict
    lock = psycopg.connect(host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432, user=db["USER"] or "postgres", dbname=db["NAME"])
    lock.execute("SELECT id FROM pbem_game WHERE id = %s FOR UPDATE", (held.pk,))  # the advance will wait on this row
    worker = start_worker(db["NAME"], tmp_path / "mail", extra_env={"REDIS_URL": redis_url}, queue=queue)
    try:
        wait_for(lambda: "pbem.tasks.advance[" in worker.output(), timeout=60, what="the worker to take the advance")
        broker.send_signal(signal.SIGKILL)  # Redis dies under the worker holding the task
        broker.wait()
        wait_for(lambda: "Connection to broker lost" in worker.output() or worker.proc.poll() is not None, timeout=60, what="the worker to see the outage")
        broker = _redis(redis_port, tmp_path)  # back (empty)
        lock.rollback()  # the held advance goes on
        wait_for(lambda: Game.objects.get(pk=held.pk).version == 1, timeout=120, what="the held game's advance")
        assert worker.proc.poll() is None, "the worker exited:\n" + worker.output()[-4000:]

        _bids(env, after)  # queued after the outage: the same worker must take it
        wait_for(lambda: Game.objects.get(pk=after.pk).version == 1 or worker.proc.poll() is not None, timeout=120, what="an advance queued after the outage")
        assert worker.proc.poll() is None, "the worker exited:\n" + worker.output()[-4000:]
        assert "Unrecoverable error" not in worker.output(), worker.output()[-4000:]
        for game in (held, after):
            game.refresh_from_db()
            assert game.version == 1 and game.state["winner"] == 0  # the higher bid won, once
            assert Move.objects.filter(game=game).count() == 2  # each bid once
    finally:
        lock.close()
        stop_worker(worker)
        broker.kill()
        broker.wait()
