"""Suite-wide set-up: the run fails at once, never skips, when PostgreSQL or
Redis cannot be reached (DESIGN.md section 6; CI must prove the real stack)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright


def pytest_sessionstart(session):
    import psycopg
    import redis
    from django.conf import settings

    db = settings.DATABASES["default"]
    if not db["ENGINE"].endswith("postgresql"):
        pytest.exit(f"the suite runs on PostgreSQL, not {db['ENGINE']}; set DATABASE_URL", returncode=3)
    try:
        psycopg.connect(
            host=db["HOST"] or None, port=db["PORT"] or None, user=db["USER"] or None,
            password=db["PASSWORD"] or None, dbname="postgres", connect_timeout=5,
        ).close()
    except Exception as exc:  # noqa: BLE001 - any failure to connect ends the run
        pytest.exit(f"PostgreSQL cannot be reached: {exc}", returncode=3)
    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=5).ping()
    except Exception as exc:  # noqa: BLE001
        pytest.exit(f"Redis cannot be reached at {settings.REDIS_URL}: {exc}", returncode=3)


pytest_plugins = ["tests.conftest_worker"]


@pytest.fixture(scope="session")
def live_server():
    """pytest-django's live server, on ASGI (tests/support/asgi_server.py): the pages' event
    streams need it, as in production."""
    from tests.support.asgi_server import AsgiLiveServer

    server = AsgiLiveServer()
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def site_language():
    """Every test starts in the site's language and UTC: a request or a mail of
    an earlier test in the same process leaves its reader's language active in
    the thread (each real request and mail sets its own), which would make a
    later test's English assertions read Italian."""
    from django.conf import settings
    from django.utils import timezone, translation

    translation.activate(settings.LANGUAGE_CODE)
    timezone.deactivate()
    yield
    translation.activate(settings.LANGUAGE_CODE)
    timezone.deactivate()


# --- fixtures shared by the service tests (pbem, notifications, e2e) ---------

from django.contrib.auth import get_user_model  # noqa: E402
from rest_framework.authtoken.models import Token  # noqa: E402
from rest_framework.test import APIClient  # noqa: E402

from pbem import services  # noqa: E402


@pytest.fixture
def make_user(db):
    def make(name: str):
        return get_user_model().objects.create_user(name, f"{name}@example.org", "pw-" + name)

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol")


@pytest.fixture
def api():
    def client_for(user=None):
        client = APIClient()
        if user is not None:
            client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
        return client

    return client_for


@pytest.fixture
def started_game(alice, bob):
    """A sealedbid game between alice (seat 0) and bob (seat 1), at its first
    sealed decision."""
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=11)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    game.refresh_from_db()
    return game


# --- one real browser for the whole run ------------------------------------------
# Playwright's sync API allows one running instance per thread, so every browser
# test (web, ladders, boards) shares this one: Debian's Chromium, never a download.


@pytest.fixture(scope="session")
def browser():
    # Playwright's sync API keeps its event loop running in the test's thread, where Django
    # then refuses every query (SynchronousOnlyOperation); the tests' queries are sync, so
    # allow them here, where the loop starts (not only in the packages that happened to say so).
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    chromium = os.environ.get("PBEM_CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).exists():
        pytest.fail(f"{chromium} is missing: run scripts/ensure-tools (Debian package chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def queue():
    """The length of this run's Celery queues in Redis (tasks published and not
    yet taken; no worker runs beside these tests), emptied before and after."""
    import redis
    from django.conf import settings

    r = redis.Redis.from_url(settings.REDIS_URL)
    names = [settings.CELERY_TASK_DEFAULT_QUEUE, settings.PBEM_MAIL_QUEUE]  # the games' and mail's
    lists = [f"{n}{suffix}" for n in names if n for suffix in ("", *(f"\x06\x16{p}" for p in (3, 6, 9)))]  # and kombu's priority lists
    r.delete(*lists)
    yield lambda: sum(r.llen(key) for key in lists)
    r.delete(*lists)
