"""The notices between processes, for real: Redis pub/sub (the test run's Redis), and the
embedded default's datagram socket. A notice is sent once the change commits, never for a
transaction rolled back, and reaches every stream of the process that listens."""

from __future__ import annotations

import asyncio

import pytest
from django.db import connection, transaction

from pbem import services
from pbem.live.hub import hub
from pbem.live.notice import Notice
from pbem.live.publish import notice_send
from pbem.models import Game, TableMessage
from tests.support.threads import in_own_thread
from tests.web.conftest import verified_player

def _received(write, *, subscribers: int = 2, wait: float = 2.0) -> list:
    """Runs ``write`` (in another thread, as a web or worker process would: plain sync code)
    while ``subscribers`` streams listen; what each got within ``wait`` seconds."""

    async def main():
        h = hub()
        try:
            async with contextlib_nested(h, subscribers) as subs:
                await asyncio.get_running_loop().run_in_executor(None, _closing(write))
                got = []
                for sub in subs:
                    changes = await sub.changes(wait, settle=0.1)
                    got.append(changes)
                return got
        finally:
            await h.stop()

    return in_own_thread(asyncio.run, main())


def _closing(write):
    def run():
        try:
            write()
        finally:
            connection.close()  # the thread's own, or the test database could not be dropped

    return run


class contextlib_nested:  # noqa: N801 - several subscriptions at once
    def __init__(self, h, n):
        self.cms = [h.subscription() for _ in range(n)]

    async def __aenter__(self):
        return [await cm.__aenter__() for cm in self.cms]

    async def __aexit__(self, *exc):
        for cm in self.cms:
            await cm.__aexit__(*exc)


@pytest.fixture(params=["redis", "datagram"])
def transport(request, settings, tmp_path):
    if request.param == "datagram":
        settings.PBEM_LIVE_URL = f"unix:{tmp_path / 'live.sock'}"
    else:
        assert settings.PBEM_LIVE_URL == settings.REDIS_URL  # the test run's Redis, and its own channel
    return request.param


def test_a_notice_reaches_every_stream_of_the_process(transport):
    got = _received(lambda: notice_send(Notice(game_id=42, lobby=True)), subscribers=3)
    for changes in got:
        assert changes is not None and changes.games == {42} and changes.lobby and not changes.everything


@pytest.mark.django_db(transaction=True)
def test_a_committed_change_is_told_and_a_rolled_back_one_is_not(transport):
    alice, bob = verified_player("alice"), verified_player("bob")
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=3)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)

    def rolled_back():
        try:
            with transaction.atomic():
                TableMessage.objects.create(game_id=game.pk, sender=alice, text="never sent")
                raise RuntimeError("rolled back")
        except RuntimeError:
            pass

    assert _received(rolled_back, subscribers=1, wait=0.5) == [None]

    def talk():
        with transaction.atomic():
            TableMessage.objects.create(game_id=game.pk, sender=bob, text="hello")

    (changes,) = _received(talk, subscribers=1)
    assert changes.games == {game.pk} and not changes.lobby

    # a game made, joined and started tells the lobby too
    def start():
        g = services.game_create(creator=alice, engine="sealedbid", players=2, seed=4)
        services.game_join(game_id=g.pk, user=bob)
        services.game_start(game_id=g.pk, user=alice)

    (changes,) = _received(start, subscribers=1)
    started = Game.objects.exclude(pk=game.pk).get()
    assert changes.games == {started.pk} and changes.lobby


def test_the_datagram_socket_is_left_to_nobody_once_the_listener_stops(settings, tmp_path):
    """The embedded default: with no web process listening a notice goes nowhere, quietly
    (the worker must never fail on it), and the listener cleans its socket up."""
    path = tmp_path / "live.sock"
    settings.PBEM_LIVE_URL = f"unix:{path}"
    notice_send(Notice(game_id=1, lobby=False))  # no listener yet: nothing happens

    async def main():
        h = hub()
        async with h.subscription():
            assert path.exists()
        await h.stop()

    in_own_thread(asyncio.run, main())
    assert not path.exists()
    notice_send(Notice(game_id=1, lobby=False))


def test_malformed_datagrams_are_ignored(settings, tmp_path):
    import socket

    settings.PBEM_LIVE_URL = f"unix:{tmp_path / 'live.sock'}"

    def junk():
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
            for data in (b"", b"x:1", b"12", b"12:2", b"\xff\xfe", b"7:1"):
                s.sendto(data, str(tmp_path / "live.sock"))

    (changes,) = _received(junk, subscribers=1)
    assert changes.games == {7}


def test_a_stream_that_falls_behind_is_told_everything(transport):
    from pbem.live import hub as hub_module

    def flood():
        for i in range(hub_module.QUEUE_SIZE + 10):
            notice_send(Notice(game_id=i, lobby=False))

    (changes,) = _received(flood, subscribers=1, wait=3)
    assert changes.everything

