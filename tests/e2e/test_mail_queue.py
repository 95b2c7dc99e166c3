"""Mail has a queue of its own (PBEM_MAIL_QUEUE, issue 29), and a worker given both queues serves
them in turn: under a backlog of advances a mail is taken next to them, not only once no game
waits (with mail below the advances on one queue, one busy worker sent 5 mails in 3 minutes)."""

import re

import psycopg
import pytest
from django.conf import settings
from django.db import connection

from notifications import outbox
from notifications.tasks import deliver
from pbem import services
from pbem.tasks import advance
from tests.conftest_worker import start_worker, stop_worker, wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_worker_of_both_queues_takes_mail_between_advances(alice, bob, tmp_path, queue):
    assert settings.PBEM_MAIL_QUEUE == f"{settings.CELERY_TASK_DEFAULT_QUEUE}.mail"
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=4)
    services.game_join(game_id=game.pk, user=bob)
    db = connection.settings_dict
    lock = psycopg.connect(host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432, user=db["USER"] or "postgres", dbname=db["NAME"])
    worker = start_worker(db["NAME"], tmp_path / "mail", pool="solo")  # one task at a time
    try:
        lock.execute("SELECT id FROM pbem_game WHERE id = %s FOR UPDATE", (game.pk,))
        advance.delay(game.pk)  # the worker waits on the game's row meanwhile: a backlog builds
        wait_for(lambda: "pbem.tasks.advance[" in worker.output(), timeout=60, what="the worker to take the first advance")
        for game_id in range(900001, 900007):  # 6 advances, then 3 mails, as work is published (no rows: no-ops)
            advance.delay(game_id)
        for notification_id in range(900001, 900004):
            deliver.apply_async((notification_id,), priority=outbox.DELIVER_PRIORITY)
        assert queue() == 9
        lock.rollback()
        wait_for(lambda: worker.output().count("succeeded in") >= 10, timeout=120, what="the 10 tasks")
    finally:
        lock.close()
        stop_worker(worker)
    order = re.findall(r"Task (pbem\.tasks\.advance|notifications\.tasks\.deliver)\[[^\]]+\] received", worker.output())[1:]
    assert sorted(order) == sorted(["pbem.tasks.advance"] * 6 + ["notifications.tasks.deliver"] * 3)
    # in turn: the first mail is taken second at the latest, not after every advance
    assert order.index("notifications.tasks.deliver") <= 1 and order[:6].count("notifications.tasks.deliver") >= 2, order
