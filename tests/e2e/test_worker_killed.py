"""A whole worker killed (SIGKILL, one-process pool so the task in hand dies
with it) in the middle of an advance and in the middle of sending a mail:
the game goes on and the mail goes out, once, found by the short sweeps'
marks, once no live process holds the task (pbem.broker_state), and only
that one: a task still waiting in the queue is not queued again. How fast is
measured by bench/recovery.py, not asserted here."""

from __future__ import annotations

import asyncio
import email
import signal
import socket
import threading

import psycopg
import pytest
from aiosmtpd.controller import Controller
from django.db import connection

from notifications.models import Notification
from pbem import services
from pbem.models import Game, Move, PendingAction
from tests.conftest_worker import start_worker, stop_worker, wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _side_connection() -> psycopg.Connection:
    db = connection.settings_dict
    return psycopg.connect(host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432, user=db["USER"] or "postgres", dbname=db["NAME"])


def _kill(worker) -> None:
    worker.proc.send_signal(signal.SIGKILL)
    worker.proc.wait(timeout=20)


def test_a_game_goes_on_after_its_worker_dies_mid_advance(alice, bob, tmp_path):
    worker = start_worker(connection.settings_dict["NAME"], tmp_path / "a", pool="solo")
    second = None
    side = _side_connection()
    try:
        game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=20261123)
        services.game_join(game_id=game.pk, user=bob)
        services.game_start(game_id=game.pk, user=alice)
        services.move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 3}, source="api")
        worker.wait_idle()
        # Seat 0's open decision is held by another transaction: the advance
        # applies the rules, then waits on that row while closing the decision.
        seat0 = PendingAction.objects.get(game=game, version=0, seat__index=0).pk
        side.execute("SELECT 1 FROM pbem_pendingaction WHERE id = %s FOR UPDATE", [seat0])
        services.move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 1}, source="api")
        wait_for(lambda: _waiting_on_a_lock(side), timeout=60, what="the advance to reach the locked row")
        _kill(worker)  # mid-advance: its transaction rolls back, its task message is never acknowledged
        side.rollback()
        game.refresh_from_db()
        assert game.version == 0 and game.advance_queued_at is not None  # nothing applied; the mark stays

        second = start_worker(connection.settings_dict["NAME"], tmp_path / "b", pool="solo")
        # what beat runs every few seconds: lost once no live process holds it (the killed one's
        # heartbeat ends), then put back in its queue in place
        wait_for(lambda: services.lost_advances_requeue(grace_seconds=0) == 1, timeout=60, interval=1, what="the sweep to find the advance lost")
        wait_for(lambda: Game.objects.get(pk=game.pk).version == 1, timeout=60, what="the advance queued again")
        game.refresh_from_db()
        assert game.state["winner"] == 0 and game.advance_queued_at is None
        assert Move.objects.filter(game=game, status=Move.Status.APPLIED).count() == 2  # applied once
    finally:
        side.close()
        if worker.proc.poll() is None:
            stop_worker(worker)
        if second is not None:
            second.wait_idle()
            stop_worker(second)


def _waiting_on_a_lock(side) -> bool:
    with psycopg.connect(side.info.dsn, autocommit=True) as c:
        return bool(c.execute("SELECT count(*) FROM pg_locks WHERE NOT granted AND locktype IN ('transactionid', 'tuple')").fetchone()[0])


class SlowSink:
    """A real SMTP server that holds the first conversation at RCPT until
    told to go on, and keeps every mail it takes."""

    def __init__(self):
        self.messages: list[email.message.Message] = []
        self.held = threading.Event()  # a conversation waits at RCPT
        self.release = threading.Event()
        self._first = True

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self._first:
            self._first = False
            self.held.set()
            while not self.release.is_set():
                await asyncio.sleep(0.05)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 Message accepted for delivery"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_mail_goes_out_once_after_its_worker_dies_while_sending(alice, bob, tmp_path):
    sink = SlowSink()
    port = _free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    smtp = {"EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend", "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(port)}
    worker = start_worker(connection.settings_dict["NAME"], tmp_path / "a", extra_env=smtp, pool="solo")
    second = None
    try:
        game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=20261123)
        services.game_join(game_id=game.pk, user=bob)
        services.game_start(game_id=game.pk, user=alice)  # a "your move" mail to each player
        rows = Notification.objects.filter(game=game)
        assert rows.count() == 2
        assert sink.held.wait(timeout=60), "no mail reached the sink"
        _kill(worker)  # in the send window: connected, envelope half given, no mail taken
        sink.release.set()
        assert not sink.messages and not rows.filter(sent_at__isnull=False).exists()

        second = start_worker(connection.settings_dict["NAME"], tmp_path / "b", extra_env=smtp, pool="solo")
        # what beat runs every few seconds, until every mail is out: the mail the killed worker held
        # is lost once its heartbeat ends and goes back in place; one still in the queue is not lost
        requeued = []

        def swept_and_sent():
            requeued.append(services.notifications_lost_requeue(grace_seconds=0))
            return not rows.filter(sent_at__isnull=True).exists()

        wait_for(swept_and_sent, timeout=90, interval=1, what="the mails queued again")
        assert 1 <= sum(requeued) <= 2
        second.wait_idle()
        sent = sorted(m["Message-ID"].strip("<>") for m in sink.messages)
        assert sent == sorted(i.strip("<>") for i in rows.values_list("message_id", flat=True))  # each mail once, none lost
        assert not rows.filter(deliver_queued_at__isnull=False).exists()
    finally:
        if worker.proc.poll() is None:
            stop_worker(worker)
        if second is not None:
            stop_worker(second)
        controller.stop()

