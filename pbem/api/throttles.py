"""Limits: requests per user or address (DRF throttles on the Django cache,
Redis in production) and the sign-in lockout. Every refusal is a 429 with
``Retry-After``. When the cache cannot be reached the limits are not applied
(logged): a Redis outage must not stop the players' moves."""

from __future__ import annotations

import logging
import time
from datetime import datetime, timezone

from django.conf import settings
from django.core.cache import cache
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


class MoveThrottle(_FailOpen, UserRateThrottle):
    scope = "moves"


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
                detail=f"Too many failed sign-ins: try again after {when:%Y-%m-%d %H:%M:%S} UTC.",
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
