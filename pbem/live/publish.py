"""Sending a notice once the change is committed (``transaction.on_commit``): a page told
before the commit would fetch the old state. A notice that cannot be sent is logged and
dropped; the move itself stands, and the page catches up at its next notice or reconnection."""

from __future__ import annotations

import logging
import socket
from functools import partial

import redis
from django.conf import settings
from django.db import transaction

from pbem.live.notice import Notice

log = logging.getLogger(__name__)

_redis: dict[str, redis.Redis] = {}


def game_changed(*, game_id: int, lobby: bool = False, using: str | None = None) -> None:
    """Tell the open pages of ``game_id`` (and the dashboards of its players, and the lobby when
    ``lobby``) once the current transaction commits; at once outside a transaction."""
    transaction.on_commit(partial(notice_send, Notice(game_id=game_id, lobby=lobby)), using=using)


def notice_send(notice: Notice) -> None:
    url = settings.PBEM_LIVE_URL
    try:
        if url.startswith("unix:"):
            _datagram_send(url.removeprefix("unix:"), notice.encode())
        else:
            client = _redis.get(url)
            if client is None:
                client = _redis[url] = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
            client.publish(settings.PBEM_LIVE_CHANNEL, notice.encode())
    except (redis.RedisError, OSError) as e:
        log.warning("live: the notice of game %s was not sent: %s", notice.game_id, e)


def _datagram_send(path: str, data: bytes) -> None:
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
        # a burst beyond the listener's queue (net.unix.max_dgram_qlen, 10) waits for it briefly
        s.settimeout(0.05)
        try:
            s.sendto(data, path)
        except (FileNotFoundError, ConnectionRefusedError):
            pass  # no web process listens (none runs, or no page was opened since it started): no one to tell
