"""Suite-wide set-up: the run fails at once, never skips, when PostgreSQL or
Redis cannot be reached (DESIGN.md section 6; CI must prove the real stack)."""

import pytest


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
