"""Every test starts with no limit counted (the cache's keys of this run are
dropped by prefix; other runs on the same Redis keep theirs)."""

import pytest


@pytest.fixture(autouse=True)
def limits_reset():
    import redis
    from django.conf import settings

    prefix = settings.CACHES["default"].get("KEY_PREFIX", "")
    r = redis.Redis.from_url(settings.REDIS_URL)
    for key in r.scan_iter(match=f"{prefix}:*", count=1000):
        r.delete(key)
    yield
