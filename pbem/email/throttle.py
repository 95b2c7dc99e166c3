"""Limits on inbound mail, per sender and per reply token, in Redis (a
fixed window per key). Over the limit, a mail is not read; its sender is told
once per window, then later mails are dropped without an answer.

Without Redis (the embedded default) the counters live in the process's
Django cache, which is enough for one machine in development."""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from datetime import datetime, timezone

from django.conf import settings
from django.core.cache import cache


@dataclass
class Limited:
    limit: int
    window_minutes: int
    until: datetime
    tell: bool  # the first mail over the limit in this window is answered


def _prefix() -> str:
    # The queue name is per test process (and "pbem" in production), so
    # parallel test runs on one Redis never share counters.
    return f"pbem-throttle:{settings.CELERY_TASK_DEFAULT_QUEUE}:"


def _client():
    if not settings.REDIS_URL:
        return None
    import redis

    return redis.Redis.from_url(settings.REDIS_URL, socket_timeout=5)


def _count(client, key: str, window: int) -> int:
    if client is None:
        cache.add(key, 0, window)
        return cache.incr(key)
    pipe = client.pipeline()
    pipe.incr(key)
    pipe.expire(key, window)
    return pipe.execute()[0]


def _first(client, key: str, window: int) -> bool:
    if client is None:
        return cache.add(key, 1, window)
    return bool(client.set(key, 1, nx=True, ex=window))


def inbound_check(*, sender: str, token: str) -> Limited | None:
    """Count this mail; None while the sender and the token are within
    ``PBEM_INBOUND_LIMIT`` mails per ``PBEM_INBOUND_WINDOW_SECONDS``."""
    limit, window = settings.PBEM_INBOUND_LIMIT, settings.PBEM_INBOUND_WINDOW_SECONDS
    if limit <= 0:
        return None
    now = int(time.time())
    slot = now // window
    client = _client()
    over = None
    for what, value in (("sender", sender.lower()), ("token", token)):
        digest = hashlib.sha256(value.encode()).hexdigest()[:32]  # no address or token in Redis keys
        if _count(client, f"{_prefix()}{what}:{digest}:{slot}", window) > limit:
            over = digest
    if over is None:
        return None
    until = datetime.fromtimestamp((slot + 1) * window, tz=timezone.utc)
    tell = _first(client, f"{_prefix()}told:{over}:{slot}", window)
    return Limited(limit=limit, window_minutes=max(1, window // 60), until=until, tell=tell)


def reset() -> None:
    """Forget every counter of this process's prefix (tests)."""
    client = _client()
    if client is None:
        cache.clear()
        return
    for key in client.scan_iter(match=_prefix() + "*", count=500):
        client.delete(key)
