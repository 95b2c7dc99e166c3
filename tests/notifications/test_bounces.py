"""Bounces and permanent failures: every mail goes out with its own signed
envelope sender (VERP); a 5xx from the mail server, or a bounce with a 5.x.x
status to that address, marks the address undeliverable; nothing more is
sent to it (the game goes on) until a mail comes from it."""


import pytest
from aiosmtpd.controller import Controller

from notifications import addresses
from notifications.models import Notification, UndeliverableAddress
from notifications.services import TransientSendError, notification_send
from tests.email import mails
from tests.email.conftest import address_of, deliver, last_mail


class Server:
    """A real SMTP server (aiosmtpd) that answers RCPT with ``rcpt_reply``."""

    def __init__(self, rcpt_reply="250 OK"):
        self.rcpt_reply, self.envelopes = rcpt_reply, []

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.rcpt_reply.startswith("250"):
            envelope.rcpt_tos.append(address)
        return self.rcpt_reply

    async def handle_DATA(self, server, session, envelope):
        self.envelopes.append(envelope)
        return "250 OK"


@pytest.fixture
def smtp(settings):
    from tests.email.smtp_server import _free_port

    handler = Server()
    port = _free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    yield handler
    controller.stop()


def test_each_mail_has_its_own_signed_envelope_sender(game, alice, smtp):
    note = last_mail(alice, game=game)
    assert notification_send(notification_id=note.pk) is True
    (envelope,) = smtp.envelopes
    assert envelope.mail_from == addresses.bounce_address(note.pk)
    assert addresses.bounce_of(envelope.mail_from) == note.pk
    assert b"From: pbem <games@pbem.localhost>" in envelope.original_content
    forged = envelope.mail_from.replace(envelope.mail_from.split("-")[-1][:4], "0000")
    assert addresses.bounce_of(forged) is None


def test_a_5xx_is_final_and_stops_mail_to_the_address(game, alice, bob, smtp):
    smtp.rcpt_reply = "550 5.1.1 No such user"
    note = last_mail(alice, game=game)
    assert notification_send(notification_id=note.pk) is False  # no retry
    note.refresh_from_db()
    assert note.sent_at is not None and "550" in note.last_error
    assert UndeliverableAddress.objects.filter(email="alice@example.org").exists()
    # the game goes on; alice gets no more mail, bob does
    deliver(mails.plain("bob@example.org", address_of(bob, game, 1), "bid 1"))
    from pbem.services import game_advance, move_submit

    move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 2}, source="web")
    game_advance(game_id=game.pk)
    assert Notification.objects.filter(recipient=alice).count() == 1
    # a mail from alice proves the address works again
    deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "status"))
    assert not UndeliverableAddress.objects.exists()


def test_a_4xx_is_retried(game, alice, smtp):
    smtp.rcpt_reply = "451 4.3.0 Try later"
    note = last_mail(alice, game=game)
    with pytest.raises(TransientSendError):
        notification_send(notification_id=note.pk)
    note.refresh_from_db()
    assert note.sent_at is None and not UndeliverableAddress.objects.exists()


def _dsn(status: str) -> bytes:
    """A delivery status notification as Postfix writes it (RFC 3464)."""
    return (
        "From: MAILER-DAEMON@mx.example.org (Mail Delivery System)\r\nTo: x@pbem.localhost\r\n"
        f"Subject: Undelivered Mail Returned to Sender\r\nMessage-ID: <dsn.{status}@mx.example.org>\r\n"
        "MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=\"B\"\r\n\r\n"
        "--B\r\nContent-Type: text/plain\r\n\r\nI'm sorry to have to inform you that your message could not be delivered.\r\n"
        "--B\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.org\r\n\r\n"
        f"Final-Recipient: rfc822; alice@example.org\r\nAction: failed\r\nStatus: {status}\r\n\r\n--B--\r\n"
    ).encode()


@pytest.mark.parametrize("status,dead", [("5.1.1", True), ("4.2.2", False)])
def test_a_bounce_to_the_verp_address(game, alice, status, dead):
    note = last_mail(alice, game=game)
    row = deliver(_dsn(status), envelope_sender="", to=[addresses.bounce_address(note.pk)])
    assert row.status == "dropped" and "bounce" in row.outcome
    assert UndeliverableAddress.objects.filter(email="alice@example.org").exists() is dead


def test_a_bounce_to_a_forged_verp_address_changes_nothing(game, alice):
    note = last_mail(alice, game=game)
    forged = addresses.bounce_address(note.pk).replace("bounce+", "bounce+9")
    deliver(_dsn("5.1.1"), envelope_sender="", to=[forged])
    assert not UndeliverableAddress.objects.exists()


def test_the_mark_is_shown_on_the_profile_and_in_the_api_and_the_player_clears_it(game, alice, bob, api):
    """A bounce marks alice's address; she sees it on her profile and in
    /api/me/ (bob does not see hers), and after fixing her mailbox clears it
    with the profile's button or the API, and mail flows again."""
    from django.test import Client

    from notifications import outbox

    note = last_mail(alice, game=game)
    deliver(_dsn("5.1.1"), envelope_sender="", to=[addresses.bounce_address(note.pk)])
    page = Client()
    page.force_login(alice)
    html = page.get("/profile/").content.decode()
    assert "Mail to your address bounces" in html and "My address works again" in html and "5.1.1" in html
    me = api(alice).get("/api/me/").json()
    assert me["email"] == "alice@example.org" and me["address_undeliverable"]["reason"] == "bounced with 5.1.1"
    assert api(bob).get("/api/me/").json()["address_undeliverable"] is None
    other = Client()
    other.force_login(bob)
    assert "Mail to your address bounces" not in other.get("/profile/").content.decode()
    # while marked, nothing is written to her
    assert outbox.notification_write(kind="notice", dedupe_key="t:1", user=alice, game=game, seat=0, message="answer", data={"subject": "s", "text": "b"}) is None

    response = page.post("/profile/", {"what": "address_works"}, follow=True)
    assert "Mail to alice@example.org is sent again." in response.content.decode()
    assert "Mail to your address bounces" not in response.content.decode()
    assert not UndeliverableAddress.objects.exists()
    assert outbox.notification_write(kind="notice", dedupe_key="t:2", user=alice, game=game, seat=0, message="answer", data={"subject": "s", "text": "b"})

    again = _dsn("5.1.1").replace(b"<dsn.5.1.1@", b"<dsn.again@")  # a new bounce, not the same one again
    deliver(again, envelope_sender="", to=[addresses.bounce_address(note.pk)])
    assert api(alice).get("/api/me/").json()["address_undeliverable"] is not None
    cleared = api(alice).delete("/api/me/address-undeliverable/")
    assert cleared.status_code == 200 and cleared.json()["address_undeliverable"] is None
    assert not UndeliverableAddress.objects.exists()
    assert api().get("/api/me/").status_code == 401
