"""Redis down while moves come in: a real web server and a real Celery
worker on a redis-server of the test's own (on a spare port; the shared one
on 6379 is never touched), which the test kills with SIGKILL and starts
again. A move sent meanwhile is answered 202 and committed, never 500, and
is applied once the broker is back, by the lost-work sweep."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.db import connection
from rest_framework.authtoken.models import Token

from pbem import services
from pbem.models import Game, Move
from tests.conftest_worker import start_worker, stop_worker, wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _redis(port: int, tmp: Path) -> subprocess.Popen:
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", str(tmp)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    import redis

    wait_for(lambda: _pings(redis.Redis(port=port)), timeout=20, what="redis-server")
    return proc


def _pings(client) -> bool:
    try:
        return bool(client.ping())
    except Exception:  # noqa: BLE001 - not up yet
        return False


def _env(redis_url: str) -> dict:
    db = connection.settings_dict
    url = f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    return os.environ | {"DJANGO_SETTINGS_MODULE": "config.settings.test", "DATABASE_URL": url, "REDIS_URL": redis_url}


def _post(url: str, token: str, body: dict) -> tuple[int, dict, dict]:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), method="POST", headers={"Authorization": f"Token {token}", "Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, dict(r.headers), json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), json.loads(e.read() or b"{}")


def test_a_move_sent_while_redis_is_down_is_committed_and_applied_when_it_is_back(alice, bob, tmp_path):
    redis_port, web_port = free_port(), free_port()
    redis_url = f"redis://127.0.0.1:{redis_port}/0"
    broker = _redis(redis_port, tmp_path)
    queue = f"outage-{os.getpid()}"
    env = _env(redis_url) | {"CELERY_QUEUE": queue}
    web = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{web_port}"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    worker = start_worker(connection.settings_dict["NAME"], tmp_path / "mail", extra_env={"REDIS_URL": redis_url}, queue=queue)
    try:
        game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=20261123)
        services.game_join(game_id=game.pk, user=bob)
        services.game_start(game_id=game.pk, user=alice)
        url = f"http://127.0.0.1:{web_port}/api/games/{game.pk}/moves/"
        wait_for(lambda: _reachable(web_port), timeout=60, what="the web server")
        tokens = {u: Token.objects.get_or_create(user=u)[0].key for u in (alice, bob)}
        assert _post(url, tokens[alice], {"action": {"type": "bid", "amount": 3}})[0] == 202

        broker.send_signal(signal.SIGKILL)  # Redis dies: broker and cache
        broker.wait()
        status, headers, body = _post(url, tokens[bob], {"action": {"type": "bid", "amount": 1}})
        assert status == 202, (status, body)
        assert Move.objects.filter(game=game, seat=1).count() == 1  # committed
        game.refresh_from_db()
        assert game.version == 0 and game.advance_queued_at is not None  # not applied, marked for the sweep

        broker = _redis(redis_port, tmp_path)  # back, empty: the advance queued before the kill is gone too
        sweep = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", "from pbem import services; print(services.lost_advances_requeue(grace_seconds=0))"],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
        )
        assert sweep.stdout.strip().splitlines()[-1] == "1", sweep.stdout + sweep.stderr
        # the first worker reconnects with a growing backoff; a second one, started
        # now, is what a supervisor's restart would bring: whichever comes first
        fresh = start_worker(connection.settings_dict["NAME"], tmp_path / "mail2", extra_env={"REDIS_URL": redis_url}, queue=queue)
        try:
            wait_for(lambda: Game.objects.get(pk=game.pk).version == 1, timeout=180, what="the swept advance")
        finally:
            stop_worker(fresh)
        game.refresh_from_db()
        assert game.state["winner"] == 0 and game.advance_queued_at is None
        assert Move.objects.filter(game=game).count() == 2  # once each
    finally:
        web.terminate()
        web.wait(timeout=20)
        stop_worker(worker)
        broker.kill()
        broker.wait()
    assert "Traceback" not in (web.stderr.read() if web.stderr else ""), "the web server raised"


def _reachable(port: int) -> bool:
    import socket

    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False
