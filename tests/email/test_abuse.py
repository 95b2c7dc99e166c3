"""Mail that must change nothing: each gets a clear answer or is dropped
without one, the game stays as it was, and no answer holds a traceback."""

from email.message import EmailMessage

import pytest

from notifications.models import InboundMessage, Notification
from pbem.models import Game, Move
from pbem.services import game_advance
from tests.email import mails
from tests.email.conftest import address_of, deliver, last_mail, reply_to


def snapshot(game):
    game = Game.objects.get(pk=game.pk)
    return (game.version, game.state, Move.objects.filter(game=game).count())


def answer_of(row):
    note = reply_to(row)
    if note is not None:
        assert "Traceback" not in note.body_text and "Error:" not in note.body_text
    return note


def test_a_forged_sender_gets_no_answer_at_all(game, alice, make_user):
    # Answering would mail whoever the forger put in From (backscatter).
    make_user("mallory")
    before = snapshot(game)
    row = deliver(mails.plain("mallory@example.org", address_of(alice, game, 0), "bid 0"))
    assert snapshot(game) == before and row.status == "dropped" and answer_of(row) is None
    row = deliver(mails.plain("victim@elsewhere.example", address_of(alice, game, 0), "bid 0"))
    assert row.status == "dropped" and Notification.objects.filter(to_email="victim@elsewhere.example").count() == 0


def test_a_dmarc_failure_is_dropped_silently(game, alice):
    before = snapshot(game)
    raw = mails.plain("alice@example.org", address_of(alice, game, 0), "bid 0")
    raw = b"Authentication-Results: mx.example; spf=fail; dkim=none; dmarc=fail header.from=example.org\r\n" + raw
    row = deliver(raw)
    assert row.status == "dropped" and answer_of(row) is None and snapshot(game) == before


def test_an_unknown_token_gets_no_answer(game, alice):
    before = snapshot(game)
    for n in range(5):
        row = deliver(mails.plain("alice@example.org", "0123456789abcdef0123456789abcdef@pbem.localhost", f"bid {n}"))
        assert row.status == "dropped" and answer_of(row) is None
    assert snapshot(game) == before


@pytest.mark.parametrize(
    "results",
    [
        "mx.example; spf=fail (sender not permitted) smtp.mailfrom=example.org; dkim=none",
        "mx.example; spf=pass smtp.mailfrom=example.org; dkim=fail (bad signature) header.d=example.org header.s=s1",
    ],
)
def test_spf_or_dkim_failing_for_the_players_domain_is_dropped(game, alice, results):
    before = snapshot(game)
    raw = b"Authentication-Results: " + results.encode() + b"\r\n" + mails.plain("alice@example.org", address_of(alice, game, 0), "bid 0")
    row = deliver(raw)
    assert row.status == "dropped" and "forged" in row.outcome and answer_of(row) is None and snapshot(game) == before


def test_failures_for_other_domains_do_not_count(game, alice):
    # A mailing list's SPF failure, a third party's broken signature beside the player's good one.
    results = (
        "mx.example; spf=fail smtp.mailfrom=lists.example.net; dkim=fail header.d=tracker.example; "
        "dkim=pass header.d=example.org"
    )
    raw = b"Authentication-Results: " + results.encode() + b"\r\n" + mails.plain("alice@example.org", address_of(alice, game, 0), "bid 2")
    assert deliver(raw).status == "processed"


def test_inbound_mail_is_throttled_with_one_polite_answer(game, alice, settings):
    settings.PBEM_INBOUND_LIMIT = 3
    rows = [deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "status")) for _ in range(6)]
    assert [r.status for r in rows] == ["processed"] * 3 + ["refused", "dropped", "dropped"]
    assert "Please wait until" in answer_of(rows[3]).body_text
    assert all(answer_of(r) is None for r in rows[4:])


def test_wrong_game(game, alice, bob, carol_game):
    # alice answers a mail of the other game at this game's address
    other = last_mail(alice, game=carol_game)
    before = snapshot(game)
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "bid 1", in_reply_to=other.message_id))
    assert row.status == "refused" and "wrong game" in row.outcome
    assert f"game #{carol_game.pk}" in answer_of(row).body_text
    assert snapshot(game) == before
    # and a stranger writing to a game he has no seat in
    row = deliver(mails.plain("carol@example.org", address_of(alice, game, 0), "bid 1"))
    assert row.status == "dropped" and answer_of(row) is None and snapshot(game) == before


@pytest.fixture
def carol_game(alice, make_user):
    from pbem import services

    carol = make_user("carol")
    g = services.game_create(creator=carol, engine="sealedbid", players=2, seed=5)
    services.game_join(game_id=g.pk, user=alice)
    services.game_start(game_id=g.pk, user=carol)
    return g


def test_a_stale_decision_is_refused_and_a_reply_to_the_refusal_works(game, alice, bob):
    first = last_mail(alice, game=game)
    deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "bid 9"))
    deliver(mails.plain("bob@example.org", address_of(bob, game, 1), "bid 0"))
    game_advance(game_id=game.pk)
    assert last_mail(alice, game=game).version == 1  # now alice is asked to claim
    before = snapshot(game)
    # the thread's first mail is in References of every later one: what counts is the mail answered
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "claim coins", in_reply_to=first.message_id))
    assert row.status == "refused" and row.outcome == "stale decision"
    refusal = answer_of(row)
    text = refusal.body_text
    assert "showed the game at version 0" in text and "What happened since" in text and "claim" in text
    assert snapshot(game) == before
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "claim coins", in_reply_to=refusal.message_id))
    assert row.status == "processed", answer_of(row).body_text


@pytest.mark.parametrize(
    "body,expect",
    [
        ("please make me win", "I cannot read 'please make me win'"),
        ("bid 999", "a whole number from 0 to 10"),
        ("bid -1", "I cannot read"),
        ("DROP TABLE pbem_game;", "I cannot read"),
        ("", "held no commands"),
        ("   \n\n  \n", "held no commands"),
    ],
)
def test_nonsense_and_empty_bodies_get_a_clear_answer(game, alice, body, expect):
    before = snapshot(game)
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), body))
    assert row.status == "refused"
    assert expect in answer_of(row).body_text
    assert snapshot(game) == before


def test_attachment_only_mail(game, alice):
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = "alice@example.org", address_of(alice, game, 0), "my move"
    m["Message-ID"] = "<attach.only@client.example>"
    m.add_attachment(b"bid 5\n", maintype="application", subtype="octet-stream", filename="move.txt")
    before = snapshot(game)
    row = deliver(m.as_bytes())
    assert row.status == "refused" and "attachments are not read" in answer_of(row).body_text
    assert snapshot(game) == before


def test_a_5_mb_mail(game, alice):
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = "alice@example.org", address_of(alice, game, 0), "big"
    m["Message-ID"] = "<big@client.example>"
    m.set_content(("lorem ipsum dolor sit amet " * 3 + "\n") * 65000)  # ~5 MB of text
    raw = m.as_bytes()
    assert len(raw) > 5_000_000
    before = snapshot(game)
    row = deliver(raw)
    assert row.status == "refused" and "at most 100 commands" in answer_of(row).body_text
    assert snapshot(game) == before
    # a 5 MB attachment under a real command: the command is played, the attachment ignored
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = "alice@example.org", address_of(alice, game, 0), "big"
    m["Message-ID"] = "<big2@client.example>"
    m.set_content("bid 2\n")
    m.add_attachment(b"\x00" * 5_000_000, maintype="application", subtype="octet-stream", filename="photo.raw")
    row = deliver(m.as_bytes())
    assert row.status == "processed" and Move.objects.filter(game=game, seat=0).count() == 1


def test_a_non_utf8_mail(game, alice):
    for charset, body in (("iso-8859-1", "bid 3\n\nGrüße aus Augsburg"), ("koi8-r", "bid 3\nПривет")):
        m = EmailMessage()
        m["From"], m["To"], m["Subject"] = "alice@example.org", address_of(alice, game, 0), "Zug"
        m.set_content(body, charset=charset)
        row = deliver(m.as_bytes())
        assert row.status == "processed", answer_of(row).body_text
    answer = answer_of(row).body_text
    # decoded, and said to be no command
    assert "Not read as commands:\n  'Привет': no command is written in these letters" in answer, answer
    # a charset nobody knows, and bytes that are no text at all
    raw = (
        b"From: alice@example.org\r\nTo: " + address_of(alice, game, 0).encode() + b"\r\nSubject: x\r\n"
        b"Message-ID: <bad.charset@client.example>\r\nContent-Type: text/plain; charset=x-unknown-42\r\n"
        b"Content-Transfer-Encoding: 8bit\r\n\r\nbid 4\r\n\xff\xfe\x81\r\n"
    )
    row = deliver(raw)
    text = answer_of(row).body_text
    assert row.status == "processed"
    assert "bid 4: sealed answer in" in text and text.count("Not read as commands:") == 1  # the garbage line, said once
    assert Move.objects.filter(game=game, seat=0, status="accepted").count() == 1  # bid 4 replaced bid 3


def test_html_only_mail_is_read_as_text(game, alice):
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = "alice@example.org", address_of(alice, game, 0), "Re: your move"
    m.set_content("<html><body><p>bid&nbsp;7</p><blockquote>bid 3</blockquote></body></html>", subtype="html")
    row = deliver(m.as_bytes())
    assert row.status == "processed", answer_of(row).body_text
    assert Move.objects.get(game=game, seat=0).secret.content == {"type": "bid", "amount": 7}


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto-Submitted": "auto-replied"},
        {"Precedence": "bulk"},
        {"X-Autoreply": "yes"},
        {"Subject": "Out of Office: back on Monday"},
        {"Subject": "Automatische Antwort: [pbem] your move"},
        {"From": "MAILER-DAEMON@mx.example.org"},
        {"Return-Path": "<>"},
    ],
)
def test_auto_replies_bounces_and_loops_are_dropped_silently(game, alice, headers):
    m = EmailMessage()
    m["From"] = headers.pop("From", "alice@example.org")
    m["To"] = address_of(alice, game, 0)
    m["Subject"] = headers.pop("Subject", "Re: your move")
    for k, v in headers.items():
        m[k] = v
    m.set_content("bid 3\n\nI am away until Monday.")
    before = snapshot(game)
    row = deliver(m.as_bytes())
    assert row.status == "dropped" and reply_to(row) is None and snapshot(game) == before


def test_a_bounce_with_a_null_envelope_sender_is_dropped(game, alice):
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "bid 3"), envelope_sender="")
    assert row.status == "dropped" and reply_to(row) is None


def test_our_own_mail_coming_back_is_dropped(game, alice):
    row = deliver(mails.plain("games@pbem.localhost", address_of(alice, game, 0), "bid 3"))
    assert row.status == "dropped"


def test_the_same_mail_ten_times_changes_the_game_once(game, alice):
    raw = mails.plain("alice@example.org", address_of(alice, game, 0), "bid 5", message_id="<ten.times@client.example>")
    for _ in range(10):
        deliver(raw)
    assert InboundMessage.objects.count() == 1
    assert Move.objects.filter(game=game).count() == 1
    assert Notification.objects.filter(kind="reply").count() == 1
    # without a Message-ID, the same bytes are the same mail
    raw = b"From: alice@example.org\r\nTo: " + address_of(alice, game, 0).encode() + b"\r\nSubject: x\r\n\r\nbid 6\r\n"
    for _ in range(10):
        deliver(raw)
    assert InboundMessage.objects.count() == 2
    assert Move.objects.filter(game=game, status="accepted").count() == 1


def test_an_unexpected_failure_is_answered_without_a_traceback_and_changes_nothing(game, alice, monkeypatch):
    from tests.support.sealedbid import ENGINE

    def broken(state, seat, text):
        raise RuntimeError("secret internals: deck order [3, 1, 4]")

    monkeypatch.setattr(ENGINE, "parse", broken)
    before = snapshot(game)
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "bid 1"))
    text = answer_of(row).body_text
    assert row.status == "refused" and row.outcome == "failed"
    assert "went wrong on our side" in text and "deck order" not in text and "RuntimeError" not in text
    assert snapshot(game) == before
