"""Limits: requests per user or address (DRF throttles on the Django cache,
Redis in production) and the sign-in lockout. Every refusal is a 429 with
``Retry-After``. When the cache cannot be reached the limits are not applied
(logged): a Redis outage must not stop the players' moves."""

from __future__ import annotations

import functools
import logging
import time
import uuid
from datetime import datetime, timezone

import redis
from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext
from rest_framework.exceptions import Throttled
from rest_framework.throttling import AnonRateThrottle, BaseThrottle, UserRateThrottle

log = logging.getLogger(__name__)


class _FailOpen:
    def allow_request(self, request, view):
        try:
            return super().allow_request(request, view)
        except Exception as exc:  # noqa: BLE001 - the cache is down: no limit rather than no service
            log.warning("throttle %s not applied: the cache is unreachable (%s)", self.scope, type(exc).__name__)
            return True


# A user's moves in the last window, counted and recorded in one round trip to Redis (DRF's
# throttle reads the whole history and writes it back: two). The history is a sorted set of
# the moments of the requests let through; a refused request is not recorded, as in DRF.
# Returns 1 when the request may go on, else the moment of the oldest request in the window.
_SLIDING_WINDOW = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1] - ARGV[2])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
    return redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2]
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('EXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2])))
return 1
"""


@functools.cache
def _window_script():
    """The script on this process's connection to the cache's Redis (None: the cache is not Redis)."""
    backend = settings.CACHES["default"]
    if not backend["BACKEND"].endswith("RedisCache"):
        return None
    options = backend.get("OPTIONS", {})
    client = redis.Redis.from_url(backend["LOCATION"], **{k: v for k, v in options.items() if k.startswith("socket_")})
    return client.register_script(_SLIDING_WINDOW)


class MoveThrottle(_FailOpen, UserRateThrottle):
    scope = "moves"

    def allow_request(self, request, view):
        script = _window_script()
        if script is None or self.rate is None:
            return super().allow_request(request, view)  # the embedded default's local cache: DRF's own
        try:
            key = self.get_cache_key(request, view)
            if key is None:
                return True
            self.now = self.timer()
            oldest = script(keys=[cache.make_key(key)], args=[self.now, self.duration, self.num_requests, f"{self.now}:{uuid.uuid4().hex}"])
        except Exception as exc:  # noqa: BLE001 - the cache is down: no limit rather than no service
            log.warning("throttle %s not applied: the cache is unreachable (%s)", self.scope, type(exc).__name__)
            return True
        if oldest == 1:
            return True
        self.history = [float(oldest)]
        return False

    def wait(self):
        # until the oldest request of the window leaves it
        return max(0.0, self.duration - (self.now - self.history[-1])) if self.history else None


class InvitationThrottle(_FailOpen, UserRateThrottle):
    scope = "invitations"


class TokenAddressThrottle(_FailOpen, AnonRateThrottle):
    """Token requests per address, signed in or not."""

    scope = "token"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class SignInLockout:
    """Failed sign-ins counted per account and per address; past the limit,
    that account (or address) is locked out for PBEM_LOGIN_LOCKOUT_SECONDS
    and told until when. A success clears the account's count."""

    def __init__(self, request, username: str):
        self.address = BaseThrottle().get_ident(request)
        self.keys = {
            "account": (f"signin:account:{username.strip().lower()}", settings.PBEM_LOGIN_FAILURES_PER_ACCOUNT),
            "address": (f"signin:address:{self.address}", settings.PBEM_LOGIN_FAILURES_PER_ADDRESS),
        }

    def check(self) -> None:
        try:
            locks = cache.get_many([f"{key}:until" for key, _ in self.keys.values()])
        except Exception as exc:  # noqa: BLE001
            log.warning("sign-in lockout not checked: the cache is unreachable (%s)", type(exc).__name__)
            return
        until = max(locks.values(), default=None)
        if until is not None and until > time.time():
            when = datetime.fromtimestamp(until, tz=timezone.utc)
            raise Throttled(
                wait=until - time.time(),
                detail=gettext("Too many failed sign-ins: try again after %(when)s UTC.") % {"when": f"{when:%Y-%m-%d %H:%M:%S}"},
            )

    def failed(self) -> None:
        lockout = settings.PBEM_LOGIN_LOCKOUT_SECONDS
        try:
            for key, limit in self.keys.values():
                cache.add(key, 0, timeout=lockout)
                if cache.incr(key) >= limit:
                    cache.set(f"{key}:until", time.time() + lockout, timeout=lockout)
                    cache.delete(key)
        except Exception as exc:  # noqa: BLE001
            log.warning("failed sign-in not counted: the cache is unreachable (%s)", type(exc).__name__)

    def succeeded(self) -> None:
        try:
            cache.delete(self.keys["account"][0])
        except Exception:  # noqa: BLE001
            pass
