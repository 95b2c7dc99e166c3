"""The reply corpus (tests/email/corpus/) played for real: each sample,
with pbem commands in place of the reply text and our "your move" mail
quoted, is run directly (stored and processed here), through an ESP webhook
and through the real SMTP server process beside a real Celery worker. For
each: the commands are applied once (the last sealed bid stands, a second
delivery changes nothing), nothing quoted is run (the quoted mail shows
`bid 3`), and the answer lists what was run and what was not read as a
command."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from notifications.models import InboundMessage, Notification
from pbem import services
from pbem.models import Move
from tests.email.corpus import SAMPLES
from tests.email.conftest import deliver, last_mail, reply_to
from tests.email.smtp_server import smtp_server  # noqa: F401 - the fixture

FINALS = (1, 2, 4, 5, 6, 7, 8, 9, 10)  # never 3: the bid the quoted mail shows


def _run_list(answer: str) -> list[str]:
    """The commands the answer says were run, in order."""
    head, _, rest = answer.partition("\n")
    assert head in ("Done:", "Run:"), answer
    out = []
    for line in rest.splitlines():
        if not line.startswith("  "):
            break
        out.append(line.strip().split(":")[0])
    return out


def _skipped_list(answer: str) -> list[str]:
    _, found, rest = answer.partition("Not read as commands:\n")
    if not found:
        return []
    out = []
    for line in rest.splitlines():
        m = re.match(r"^  (['\"])(.*)\1: ", line)
        if not m:
            break
        out.append(m.group(2))
    return out


def check_answer(sample, commands: list[str], answer: str) -> None:
    assert "refused" not in answer and "Traceback" not in answer, (sample.name, answer)
    assert _run_list(answer) == commands, (sample.name, answer)
    assert "bid 3:" not in answer, (sample.name, answer)  # the quoted example never ran
    assert _skipped_list(answer) == sample.skipped, (sample.name, answer)
    assert answer.startswith("Done:") == (not sample.skipped), (sample.name, answer)


def accepted_bid(game) -> dict:
    move = Move.objects.filter(game=game, seat=0, status="accepted").select_related("secret").get()
    return move.secret.content


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_each_sample_run_directly(name, started_game, alice):
    sample = SAMPLES[name]
    note = last_mail(alice, game=started_game)
    assert "bid 3" in note.body_text
    commands = sample.commands(6)
    raw = sample.mail("Alice <alice@example.org>", note.headers["Reply-To"], commands, note.body_text, note.message_id)
    row = deliver(raw)
    answer = reply_to(row).body_text
    assert row.status == "processed", (name, answer)
    check_answer(sample, commands, answer)
    assert accepted_bid(started_game) == {"type": "bid", "amount": 6}
    moves = Move.objects.filter(game=started_game, seat=0).count()
    again = deliver(raw)  # the same mail delivered again changes nothing
    assert again.pk == row.pk and Move.objects.filter(game=started_game, seat=0).count() == moves


def _batch(game, alice, send) -> None:
    """Every sample in turn to one game: each one's last bid stands after it."""
    from pbem.email import throttle

    note = last_mail(alice, game=game)
    for n, name in enumerate(sorted(SAMPLES)):
        throttle.reset()  # more mails than the per-sender limit allows in ten minutes
        sample = SAMPLES[name]
        commands = sample.commands(FINALS[n % len(FINALS)])
        raw = sample.mail("Alice <alice@example.org>", note.headers["Reply-To"], commands, note.body_text, note.message_id)
        answer = send(raw, note.headers["Reply-To"], name)
        check_answer(sample, commands, answer)
        assert accepted_bid(game) == {"type": "bid", "amount": FINALS[n % len(FINALS)]}, name


@pytest.mark.django_db
def test_every_sample_through_a_webhook(started_game, alice, settings):
    """Amazon SES posts the raw mail base64-encoded, so every charset's bytes arrive as written."""
    from django.test import override_settings

    from pbem.email.services import inbound_process
    from tests.email.test_webhooks import ANYMAIL, ses_post

    settings.PBEM_INBOUND_WEBHOOKS = ["amazon_ses"]

    def send(raw, to, name):
        with override_settings(ANYMAIL=ANYMAIL):
            response = ses_post(raw, to)
        assert response.status_code == 200, (name, response.content)
        row = InboundMessage.objects.filter(processed_at__isnull=True).get()
        assert row.source == "amazon_ses"
        inbound_process(inbound_id=row.pk)
        row.refresh_from_db()
        assert row.status == "processed", name
        return reply_to(row).body_text

    _batch(started_game, alice, send)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_every_sample_through_the_smtp_server(smtp_server, celery_worker_process):
    """One server process and one worker for the whole corpus, mails sent with CRLF as on the wire."""
    from tests.conftest_worker import wait_for
    from tests.email import mails

    User = get_user_model()
    alice, bob = (User.objects.create_user(n, f"{n}@example.org", "pw") for n in ("alice", "bob"))
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=26)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    wait_for(
        lambda: Notification.objects.filter(recipient=alice, game=game, kind="your_move", sent_at__isnull=False).first(),
        what="alice's your-move mail",
    )

    def send(raw, to, name):
        smtp_server.send_raw("alice@example.org", [to], raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
        key = "mid:" + mails.message_from(raw)["Message-ID"]
        answer = wait_for(
            lambda: Notification.objects.filter(
                dedupe_key__in=[f"reply:{r.pk}" for r in InboundMessage.objects.filter(key=key)], sent_at__isnull=False
            ).first(),
            what=f"the answer to {name}",
        )
        row = InboundMessage.objects.get(key=key)
        assert row.status == "processed" and row.source == "smtp", (name, answer.body_text)
        return answer.body_text

    _batch(game, alice, send)
