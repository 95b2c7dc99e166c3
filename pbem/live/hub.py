"""A web process's end of the notices: one listener per process (a Redis subscription, or the
datagram socket of the embedded default), started by the first stream opened, and a queue per
open stream. An idle stream waits on its queue: no thread, no database connection, no timer
but its heartbeat's."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from dataclasses import dataclass, field

import redis
import redis.asyncio as aredis
from django.conf import settings

from pbem.live.notice import Notice

log = logging.getLogger(__name__)

QUEUE_SIZE = 256  # notices a stream has not read yet; past this it is told "anything may have changed"
RETRY_SECONDS = 1.0  # between attempts to (re)subscribe after Redis went away


@dataclass
class Changes:
    """What one wake-up of a stream brings: the games named, whether the lobby may have
    changed, and ``everything`` after notices may have been lost (a queue overflowed, the
    listener reconnected)."""

    games: set[int] = field(default_factory=set)
    lobby: bool = False
    everything: bool = False

    def touches(self, game_ids) -> bool:
        return self.everything or not self.games.isdisjoint(game_ids)


class Subscription:
    def __init__(self):
        self._queue: asyncio.Queue = asyncio.Queue(QUEUE_SIZE)
        self._overflow = False

    def _put(self, item: Notice | None) -> None:
        try:
            self._queue.put_nowait(item)
        except asyncio.QueueFull:
            self._overflow = True

    async def changes(self, timeout: float, settle: float = 0.0) -> Changes | None:
        """The notices that came, waiting at most ``timeout`` seconds for the first (None: none
        came), then ``settle`` seconds for the rest of a burst (one commit sends several)."""
        try:
            first = await asyncio.wait_for(self._queue.get(), timeout)
        except TimeoutError:
            return None
        if settle:
            await asyncio.sleep(settle)
        out = Changes()
        item = first
        while True:
            if item is None:
                out.everything = True
            else:
                out.games.add(item.game_id)
                out.lobby = out.lobby or item.lobby
            try:
                item = self._queue.get_nowait()
            except asyncio.QueueEmpty:
                break
        if self._overflow:
            self._overflow, out.everything = False, True
        return out


class Hub:
    def __init__(self, url: str, channel: str):
        self.url, self.channel = url, channel
        self.subscriptions: set[Subscription] = set()
        self._task: asyncio.Task | None = None
        self._ready = asyncio.Event()
        self._transport = None

    async def start(self) -> None:
        """The listener, once per process (and loop); returns when it listens."""
        if self._task is None or self._task.done():
            self._ready.clear()
            listen = self._listen_datagrams if self.url.startswith("unix:") else self._listen_redis
            self._task = asyncio.get_running_loop().create_task(listen(), name="pbem-live-listener")
        await self._ready.wait()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    @contextlib.asynccontextmanager
    async def subscription(self):
        await self.start()
        sub = Subscription()
        self.subscriptions.add(sub)
        try:
            yield sub
        finally:
            self.subscriptions.discard(sub)

    def dispatch(self, notice: Notice | None) -> None:
        """To every open stream of this process (None: anything may have changed)."""
        for sub in self.subscriptions:
            sub._put(notice)

    def _payload(self, data) -> None:
        notice = Notice.decode(data)
        if notice is not None:
            self.dispatch(notice)

    async def _listen_redis(self) -> None:
        first = True
        while True:
            client = aredis.Redis.from_url(self.url, socket_connect_timeout=2)
            try:
                async with client.pubsub() as pubsub:
                    await pubsub.subscribe(self.channel)
                    if not first:
                        self.dispatch(None)  # notices sent while we were away are lost: every stream looks again
                    first = False
                    self._ready.set()
                    async for message in pubsub.listen():
                        if message["type"] == "message":
                            self._payload(message["data"])
            except (redis.RedisError, OSError) as e:
                log.warning("live: the subscription to %s broke (%s); again in %ss", self.channel, e, RETRY_SECONDS)
                self._ready.set()  # streams go on (heartbeats); they are told "everything" on reconnection
                await asyncio.sleep(RETRY_SECONDS)
            finally:
                await client.aclose()

    async def _listen_datagrams(self) -> None:
        path = self.url.removeprefix("unix:")
        hub = self

        class Protocol(asyncio.DatagramProtocol):
            def datagram_received(self, data, addr):
                hub._payload(data)

        # One web process owns the socket (make run has one); a file left by a process that died goes.
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        transport, _ = await asyncio.get_running_loop().create_datagram_endpoint(
            Protocol, local_addr=path, family=socket.AF_UNIX
        )
        self._ready.set()
        try:
            await asyncio.Future()  # until cancelled
        finally:
            transport.close()
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)


_hubs: dict[asyncio.AbstractEventLoop, Hub] = {}


def hub() -> Hub:
    """This process's hub for the running event loop, made on first use."""
    loop = asyncio.get_running_loop()
    h = _hubs.get(loop)
    if h is None or (h.url, h.channel) != (settings.PBEM_LIVE_URL, settings.PBEM_LIVE_CHANNEL):
        for old in [k for k in _hubs if k.is_closed()]:
            del _hubs[old]
        h = _hubs[loop] = Hub(settings.PBEM_LIVE_URL, settings.PBEM_LIVE_CHANNEL)
    return h
