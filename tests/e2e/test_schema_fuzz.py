"""Schemathesis (pinned) against the served OpenAPI schema, with every check
(``--checks all``: no 500, no undocumented status code, content type or
header, bodies that match the schema, negative data refused, ...): once
anonymous, once as a seated player of a running game, against gunicorn (the
production server) over the test database. A bounded number of examples per
operation keeps each run near a minute; the seed is fixed so a failure
reproduces."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from rest_framework.authtoken.models import Token

from pbem import services
from tests.conftest_worker import wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server(django_db_setup, django_db_blocker):
    """One gunicorn for both runs (it reads the test database; each test's rows are its own)."""
    from django.db import connection

    with django_db_blocker.unblock():
        db = dict(connection.settings_dict)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = os.environ | {
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{port}", "-w", "2", "--timeout", "60"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    wait_for(lambda: _listening(port), timeout=60, what="gunicorn")
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(timeout=30)


def _listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def _schemathesis(url: str, tmp_path, *headers: str) -> subprocess.CompletedProcess:
    # The schema is fetched here and given as a file: schemathesis loads a schema by URL with a
    # fixed 10 s timeout, which its generation on a busy 2-core machine can pass (the run then
    # fails before testing anything); the requests under test keep --request-timeout.
    import urllib.request

    schema = tmp_path / "schema.yaml"
    with urllib.request.urlopen(f"{url}/api/schema/", timeout=120) as answer:
        schema.write_bytes(answer.read())
    args = [sys.executable, "-m", "schemathesis.cli", "run", str(schema), "--url", url, "--checks", "all"]
    args += ["--max-examples", "8", "--seed", "20261123", "--workers", "1", "--request-timeout", "20"]
    args += ["--report-dir", str(tmp_path), "--output-truncate", "false", "--warnings", "off"]
    for h in headers:
        args += ["-H", h]
    # run in the test's own directory: schemathesis keeps a cache of earlier crashes where it runs
    run = subprocess.run(args, cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert re.search(r"Tested: [1-9]", run.stdout), run.stdout[-3000:]  # the operations were run, not skipped
    return run


@pytest.fixture
def seated_game(alice, bob):
    game = services.game_create(creator=alice, engine="sealedbid", players=2)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    return game


def test_schema_holds_for_an_anonymous_client(server, tmp_path):
    run = _schemathesis(server, tmp_path)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]


def test_schema_holds_for_a_seated_player(server, tmp_path, alice, seated_game):
    token = Token.objects.get_or_create(user=alice)[0].key
    run = _schemathesis(server, tmp_path, f"Authorization: Token {token}")
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
