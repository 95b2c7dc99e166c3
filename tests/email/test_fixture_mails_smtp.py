"""The public fixtures' reply shapes (fixture_mails.py) in real SMTP
conversations with the built-in server process, played by a real Celery
worker: each answer is clean and the last sealed bid is the one that stands.
(tests/e2e/test_email_smtp.py does the same for the hand-written shapes.)"""

import pytest
from django.contrib.auth import get_user_model

from notifications.models import InboundMessage, Notification
from pbem import services
from pbem.models import Move
from tests.conftest_worker import wait_for
from tests.email import mails
from tests.email.fixture_mails import FIXTURES
from tests.email.smtp_server import smtp_server  # noqa: F401 - the fixture

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_every_fixture_shape_through_the_smtp_server(smtp_server, celery_worker_process):
    from pbem.email import throttle

    throttle.reset()
    User = get_user_model()
    alice, bob = (User.objects.create_user(n, f"{n}@example.org", "pw") for n in ("alice", "bob"))
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=21)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    note = wait_for(
        lambda: Notification.objects.filter(recipient=alice, game=game, kind="your_move", sent_at__isnull=False).first(),
        what="alice's your-move mail",
    )
    to = note.headers["Reply-To"]
    for n, client in enumerate(sorted(FIXTURES)):
        throttle.reset()  # more mails than the per-sender limit allows in ten minutes
        raw = FIXTURES[client]("Alice <alice@example.org>", to, f"bid {n % 9 + 1}", note.body_text, note.message_id)
        smtp_server.send_raw("alice@example.org", [to], raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))  # CRLF, as on the wire
        key = "mid:" + mails.message_from(raw)["Message-ID"]
        answer = wait_for(
            lambda: Notification.objects.filter(
                dedupe_key__in=[f"reply:{r.pk}" for r in InboundMessage.objects.filter(key=key)], sent_at__isnull=False
            ).first(),
            what=f"the answer to the {client} mail",
        )
        row = InboundMessage.objects.get(key=key)
        assert row.status == "processed" and row.source == "smtp", (client, answer.body_text)
        assert "refused" not in answer.body_text and "stopped reading" not in answer.body_text, (client, answer.body_text)
        move = Move.objects.filter(game=game, seat=0, status="accepted").select_related("secret").get()
        assert move.secret.content == {"type": "bid", "amount": n % 9 + 1}, client
