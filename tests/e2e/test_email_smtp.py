"""Real SMTP conversations with the built-in server (smtplib and swaks): an
unknown token is refused at RCPT time, a known one is stored and played by
the real Celery worker, which answers by mail."""

import shutil
import smtplib
import subprocess

import pytest
from django.contrib.auth import get_user_model

from notifications.models import InboundMessage, Notification
from pbem import services
from pbem.models import Game, Move
from tests.conftest_worker import wait_for
from tests.email.smtp_server import smtp_server  # noqa: F401 - the fixture

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def players(*names):
    User = get_user_model()
    return [User.objects.create_user(n, f"{n}@example.org", "pw") for n in names]


def started(engine="sealedbid", seed=3):
    alice, bob = players("alice", "bob")
    game = services.game_create(creator=alice, engine=engine, players=2, seed=seed)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    return game, alice, bob


def sent_your_move(user, game):
    return wait_for(
        lambda: Notification.objects.filter(recipient=user, game=game, kind="your_move", sent_at__isnull=False).order_by("-pk").first(),
        what=f"{user.username}'s your-move mail",
    )


def answer_to(key):
    return wait_for(
        lambda: Notification.objects.filter(dedupe_key__in=[f"reply:{r.pk}" for r in InboundMessage.objects.filter(key=key)], sent_at__isnull=False).first(),
        what="the answer to the mail",
    )


def test_smtplib_conversation(smtp_server, celery_worker_process):
    game, alice, bob = started()
    note = sent_your_move(alice, game)
    to = note.headers["Reply-To"]

    # unknown token, and a foreign domain: refused at RCPT time
    with smtplib.SMTP(smtp_server.host, smtp_server.port, timeout=30) as smtp:
        smtp.ehlo("client.example")
        smtp.mail("alice@example.org")
        code, text = smtp.rcpt("0123456789abcdef0123456789abcdef@pbem.localhost")
        assert code == 550, text
        code, _ = smtp.rcpt("someone@elsewhere.example")
        assert code == 550
        code, _ = smtp.rcpt(to)
        assert code == 250
        smtp.rset()
    with pytest.raises(smtplib.SMTPRecipientsRefused):
        smtp_server.send("alice@example.org", "ffffffffffffffffffffffffffffffff@pbem.localhost", "bid 1")

    # a known token: stored, played by the worker, answered with the commitment
    smtp_server.send("Alice <alice@example.org>", to, "bid 6\n\n-- \nAlice", in_reply_to=note.message_id,
                     extra={"Message-ID": "<smtplib.1@client.example>"})
    move = wait_for(lambda: Move.objects.filter(game=game, seat=0).select_related("secret").first(), what="alice's bid")
    assert move.source == "email" and move.sealed
    answer = answer_to("mid:<smtplib.1@client.example>")
    assert move.secret.commitment in answer.body_text
    assert answer.headers["In-Reply-To"] == "<smtplib.1@client.example>"
    mail_files = wait_for(lambda: [m for m in celery_worker_process.mails() if "In-Reply-To: <smtplib.1@client.example>" in m], what="the answer on the wire")
    assert "Auto-Submitted: auto-replied" in mail_files[0] and f"Reply-To: {to}" in mail_files[0]

    # a 5 MB mail is taken and answered, the game unchanged; one over the limit is refused in the conversation
    version = Game.objects.get(pk=game.pk).version
    smtp_server.send("alice@example.org", to, ("lorem ipsum dolor sit amet\n" * 200_000), extra={"Message-ID": "<smtplib.big@client.example>"})
    assert "at most 100 commands" in answer_to("mid:<smtplib.big@client.example>").body_text
    with pytest.raises(smtplib.SMTPException) as refused:
        smtp_server.send("alice@example.org", to, ("x" * 70 + "\n") * 160_000)  # 11 MB
    assert "552" in str(refused.value) or "size" in str(refused.value).lower()
    assert Game.objects.get(pk=game.pk).version == version and Move.objects.filter(game=game).count() == 1

    # the same message ten times: one move, one answer
    for _ in range(10):
        smtp_server.send("bob@example.org", sent_your_move(bob, game).headers["Reply-To"], "bid 2", extra={"Message-ID": "<ten@client.example>"})
    wait_for(lambda: Game.objects.get(pk=game.pk).version == 1, what="the bids to resolve")
    assert InboundMessage.objects.filter(key="mid:<ten@client.example>").count() == 1
    assert Move.objects.filter(game=game, seat=1).count() == 1
    assert "Traceback" not in celery_worker_process.output()


def test_swaks_conversation(smtp_server, celery_worker_process):
    swaks = shutil.which("swaks")
    assert swaks, "swaks is installed by scripts/ensure-tools (make test)"
    game, alice, bob = started(seed=8)
    to = sent_your_move(bob, game).headers["Reply-To"]
    base = [swaks, "--server", f"{smtp_server.host}:{smtp_server.port}", "--from", "bob@example.org", "--helo", "client.example"]

    refused = subprocess.run(base + ["--to", "0123456789abcdef0123456789abcdef@pbem.localhost", "--body", "bid 1"], capture_output=True, text=True, timeout=60)
    assert refused.returncode != 0 and "550" in refused.stdout

    done = subprocess.run(
        base + ["--to", to, "--header", "Subject: Re: your move", "--header", "Message-Id: <swaks.1@client.example>", "--body", "bid 4\n\nSent from my phone"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "250 Message accepted" in done.stdout
    move = wait_for(lambda: Move.objects.filter(game=game, seat=1).select_related("secret").first(), what="bob's bid by swaks")
    assert move.secret.content == {"type": "bid", "amount": 4}
    assert "commitment" in answer_to("mid:<swaks.1@client.example>").body_text

    # a bounce (null sender) is taken in the conversation and dropped without an answer
    bounce = subprocess.run(base[:-4] + ["--from", "<>", "--helo", "mx.example", "--to", to, "--header", "Message-Id: <swaks.bounce@client.example>", "--body", "bid 9"],
                            capture_output=True, text=True, timeout=60)
    assert bounce.returncode == 0, bounce.stdout
    row = wait_for(lambda: InboundMessage.objects.filter(key="mid:<swaks.bounce@client.example>", processed_at__isnull=False).first(), what="the bounce")
    assert row.status == "dropped" and not Notification.objects.filter(dedupe_key=f"reply:{row.pk}").exists()
    assert Move.objects.get(game=game, seat=1).secret.content == {"type": "bid", "amount": 4}


def test_every_mail_program_through_the_smtp_server(smtp_server, celery_worker_process):
    """The client corpus (tests/notifications/mails.py) in real SMTP
    conversations, played by the worker: each answer is clean, and the last
    sealed bid is the one that stands."""
    from tests.email import mails

    game, alice, bob = started(seed=12)
    note = sent_your_move(alice, game)
    to = note.headers["Reply-To"]
    for n, client in enumerate(sorted(mails.CLIENTS)):
        raw = mails.CLIENTS[client]("Alice <alice@example.org>", to, f"bid {n % 9 + 1}", note.body_text, note.message_id)
        smtp_server.send_raw("alice@example.org", [to], raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))  # CRLF, as on the wire
        key = "mid:" + mails.message_from(raw)["Message-ID"]
        answer = answer_to(key)
        row = InboundMessage.objects.get(key=key)
        assert row.status == "processed", (client, answer.body_text)
        assert "refused" not in answer.body_text and "stopped reading" not in answer.body_text, (client, answer.body_text)
        move = Move.objects.filter(game=game, seat=0, status="accepted").select_related("secret").get()
        assert move.secret.content == {"type": "bid", "amount": n % 9 + 1}, client


def test_reply_tokens_never_reach_the_smtp_servers_log(smtp_server, celery_worker_process):
    game, alice, bob = started(seed=13)
    to = sent_your_move(alice, game).headers["Reply-To"]
    token = to.split("@")[0]
    smtp_server.send("alice@example.org", to, "status", extra={"Message-ID": "<log.1@client.example>"})
    answer_to("mid:<log.1@client.example>")
    with pytest.raises(smtplib.SMTPRecipientsRefused):
        smtp_server.send("alice@example.org", "0123456789abcdef0123456789abcdef@pbem.localhost", "bid 1")
    log = smtp_server.output()
    assert "RCPT" in log.upper() or "rcpt" in log  # the library does log the conversation
    assert token not in log and "0123456789abcdef0123456789abcdef" not in log


@pytest.fixture(autouse=True)
def _fresh_throttle():
    """Each test starts with no inbound mail counted (the counters are per
    test process in Redis, shared with its worker)."""
    from pbem.email import throttle

    throttle.reset()
