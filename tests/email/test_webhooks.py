"""ESP inbound webhooks through django-anymail: Mailgun (HMAC signature),
Postmark, SendGrid and Amazon SES (HTTP basic auth, and SNS's own headers).
A valid post stores the raw mail and its commands are run; an invalid one is
refused with 400 (401 where SNS asks for credentials) and stores nothing."""

import base64
import hashlib
import hmac
import json
import time
import uuid

import pytest
from django.test import Client, override_settings

from notifications.models import InboundMessage
from pbem.email.services import inbound_process
from pbem.models import Move
from tests.email import mails
from tests.email.conftest import address_of, last_mail, reply_to

SECRET = "esp:s3cret-basic-auth"
SIGNING_KEY = "key-mailgun-signing-0123456789"
ANYMAIL = {"WEBHOOK_SECRET": SECRET, "MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}
ESPS = ["mailgun", "postmark", "sendgrid", "amazon_ses"]
pytestmark = pytest.mark.filterwarnings("ignore::anymail.exceptions.AnymailNotSupportedWarning")


@pytest.fixture(autouse=True)
def _webhooks_enabled(settings):
    settings.PBEM_INBOUND_WEBHOOKS = ESPS


def basic(auth=SECRET):
    return {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(auth.encode()).decode()}


def run_stored():
    rows = list(InboundMessage.objects.filter(processed_at__isnull=True))
    for row in rows:
        inbound_process(inbound_id=row.pk)
    return [InboundMessage.objects.get(pk=r.pk) for r in rows]


def mailgun_post(raw: bytes, to: str, key=SIGNING_KEY, stripped=None):
    timestamp, token = str(int(time.time())), uuid.uuid4().hex
    signature = hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    data = {"body-mime": raw.decode(), "recipient": to, "sender": "alice@example.org", "timestamp": timestamp, "token": token, "signature": signature}
    if stripped is not None:
        data["stripped-text"] = stripped
    # Mailgun signs the post; the basic auth in the route's URL is checked too.
    return Client().post("/anymail/mailgun/inbound_mime/", data, **basic())


def postmark_post(to: str, text: str, auth=SECRET):
    payload = {
        "FromFull": {"Email": "alice@example.org", "Name": "Alice"},
        "ToFull": [{"Email": to, "Name": ""}],
        "CcFull": [],
        "BccFull": [],
        "OriginalRecipient": to,
        "Subject": "Re: your move",
        "MessageID": str(uuid.uuid4()),
        "Date": "Sun, 22 Nov 2026 09:30:00 +0000",
        "TextBody": text,
        "HtmlBody": "",
        "StrippedTextReply": text.split("\n\nOn ")[0],
        "Headers": [{"Name": "Return-Path", "Value": "<alice@example.org>"}, {"Name": "Message-ID", "Value": f"<{uuid.uuid4()}@client.example>"}],
        "Attachments": [],
    }
    return Client().post("/anymail/postmark/inbound/", json.dumps(payload), content_type="application/json", **basic(auth))


def sendgrid_post(raw: bytes, to: str, auth=SECRET):
    data = {"email": raw.decode(), "envelope": json.dumps({"from": "alice@example.org", "to": [to]}), "charsets": json.dumps({"email": "utf-8"})}
    return Client().post("/anymail/sendgrid/inbound/", data, **basic(auth))


def ses_post(raw: bytes, to: str, auth=SECRET, message_id=None):
    ses_event = {
        "notificationType": "Received",
        "mail": {"timestamp": "2026-11-22T09:30:00.000Z", "source": "alice@example.org", "messageId": uuid.uuid4().hex, "destination": [to]},
        "receipt": {"recipients": [to], "action": {"type": "SNS", "topicArn": "arn:aws:sns:eu-west-1:1:pbem", "encoding": "BASE64"},
                    "spamVerdict": {"status": "PASS"}, "spfVerdict": {"status": "PASS"}, "dkimVerdict": {"status": "PASS"}},
        "content": base64.b64encode(raw).decode(),
    }
    sns_id = message_id or str(uuid.uuid4())
    body = {"Type": "Notification", "MessageId": sns_id, "TopicArn": "arn:aws:sns:eu-west-1:1:pbem", "Message": json.dumps(ses_event),
            "Timestamp": "2026-11-22T09:30:00.000Z", "SignatureVersion": "1", "Signature": "x", "SigningCertURL": "https://sns.example/cert.pem"}
    headers = {"HTTP_X_AMZ_SNS_MESSAGE_TYPE": "Notification", "HTTP_X_AMZ_SNS_MESSAGE_ID": sns_id}
    if auth is not None:
        headers |= basic(auth)
    return Client().post("/anymail/amazon_ses/inbound/", json.dumps(body), content_type="text/plain; charset=UTF-8", **headers)


@override_settings(ANYMAIL=ANYMAIL)
@pytest.mark.parametrize("esp", ["mailgun", "postmark", "sendgrid", "amazon_ses"])
def test_a_signed_post_is_stored_then_played(esp, game, alice):
    note = last_mail(alice, game=game)
    to = note.headers["Reply-To"]
    quoted = "\n".join("> " + x for x in note.body_text.splitlines())
    raw = mails.plain("Alice <alice@example.org>", to, f"bid 7\n\nOn Sun, 22 Nov 2026, pbem wrote:\n{quoted}\n", in_reply_to=note.message_id)
    response = {
        "mailgun": lambda: mailgun_post(raw, to, stripped="bid 7"),
        "postmark": lambda: postmark_post(to, f"bid 7\n\nOn Sun, 22 Nov 2026, pbem wrote:\n{quoted}\n"),
        "sendgrid": lambda: sendgrid_post(raw, to),
        "amazon_ses": lambda: ses_post(raw, to),
    }[esp]()
    assert response.status_code == 200, response.content
    (row,) = run_stored()
    assert row.source == esp and row.status == "processed", reply_to(row).body_text
    assert Move.objects.get(game=game, seat=0).secret.content == {"type": "bid", "amount": 7}


@override_settings(ANYMAIL=ANYMAIL)
@pytest.mark.parametrize("esp", ["mailgun", "postmark", "sendgrid", "amazon_ses"])
def test_a_badly_signed_post_is_refused_and_stores_nothing(esp, game, alice):
    to = address_of(alice, game, 0)
    raw = mails.plain("alice@example.org", to, "bid 7")
    posts = {
        "mailgun": [lambda: mailgun_post(raw, to, key="key-not-the-right-one")],
        "postmark": [lambda: postmark_post(to, "bid 7", auth="esp:wrong"), lambda: postmark_post(to, "bid 7", auth="")],
        "sendgrid": [lambda: sendgrid_post(raw, to, auth="esp:wrong")],
        "amazon_ses": [lambda: ses_post(raw, to, auth="esp:wrong")],
    }[esp]
    for post in posts:
        assert post().status_code == 400
    if esp == "amazon_ses":
        assert ses_post(raw, to, auth=None).status_code == 401  # SNS then retries with its credentials
    assert InboundMessage.objects.count() == 0 and Move.objects.count() == 0


@override_settings(ANYMAIL=ANYMAIL)
def test_the_same_webhook_post_ten_times_plays_once(game, alice):
    to = address_of(alice, game, 0)
    raw = mails.plain("alice@example.org", to, "bid 2", message_id="<webhook.ten@client.example>")
    for _ in range(10):
        assert sendgrid_post(raw, to).status_code == 200
        run_stored()
    assert InboundMessage.objects.count() == 1 and Move.objects.filter(game=game).count() == 1


@override_settings(ANYMAIL=ANYMAIL)
def test_a_webhook_mail_with_nonsense_gets_an_answer_not_a_500(game, alice):
    to = address_of(alice, game, 0)
    for body in ("", "\x00\x01 what", "bid bid bid"):
        raw = mails.plain("alice@example.org", to, body)
        assert mailgun_post(raw, to).status_code == 200
    rows = run_stored()
    assert {r.status for r in rows} == {"refused"}
    assert all("Traceback" not in reply_to(r).body_text for r in rows)
    assert Move.objects.count() == 0


@override_settings(ANYMAIL=ANYMAIL)
@pytest.mark.parametrize("client", sorted(mails.all_clients()))
def test_each_mail_program_through_a_webhook(client, game, alice):
    note = last_mail(alice, game=game)
    to = note.headers["Reply-To"]
    raw = mails.all_clients()[client]("Alice <alice@example.org>", to, "bid 6", note.body_text, note.message_id)
    assert ses_post(raw, to).status_code == 200  # SES posts the raw bytes, whatever their charset
    (row,) = run_stored()
    answer = reply_to(row).body_text
    assert row.status == "processed" and "refused" not in answer and "stopped reading" not in answer, answer
    assert Move.objects.get(game=game, seat=0).secret.content == {"type": "bid", "amount": 6}


# Every route anymail takes inbound mail on (Mandrill's combined route carries it too).
INBOUND_ROUTES = {
    "amazon_ses": ["amazon_ses/inbound/"], "brevo": ["brevo/inbound/"], "mailersend": ["mailersend/inbound/"],
    "mailgun": ["mailgun/inbound/", "mailgun/inbound_mime/"], "mailjet": ["mailjet/inbound/"],
    "mailtrap": ["mailtrap/inbound/"], "postal": ["postal/inbound/"], "postmark": ["postmark/inbound/"],
    "sendgrid": ["sendgrid/inbound/"], "sendinblue": ["sendinblue/inbound/"], "sparkpost": ["sparkpost/inbound/"],
    "resend": ["resend/inbound/"], "mandrill": ["mandrill/", "mandrill/tracking/"],
}


def test_the_route_list_covers_every_inbound_route_anymail_has():
    from pbem.email import webhook_urls

    gated = {webhook_urls.inbound_esp(p) for p in webhook_urls.urlpatterns} - {None}
    assert gated == set(INBOUND_ROUTES)


@override_settings(ANYMAIL=ANYMAIL)
@pytest.mark.parametrize("esp", sorted(INBOUND_ROUTES))
def test_a_webhook_that_is_not_enabled_answers_404_and_stores_nothing(esp, game, alice, settings):
    settings.PBEM_INBOUND_WEBHOOKS = [e for e in ESPS if e != esp]
    to = address_of(alice, game, 0)
    raw = mails.plain("alice@example.org", to, "bid 2")
    for route in INBOUND_ROUTES[esp]:
        for post in (
            lambda: Client().post(f"/anymail/{route}", {"email": raw.decode(), "body-mime": raw.decode()}, **basic()),
            lambda: Client().post(f"/anymail/{route}", json.dumps({"RawEmail": raw.decode()}), content_type="application/json", **basic()),
        ):
            response = post()
            assert response.status_code == 404, (route, response.content)
            assert response.json()["error"] == "not_found" and esp in response.json()["detail"]
    assert InboundMessage.objects.count() == 0 and Move.objects.count() == 0
    if esp == "sendgrid":
        settings.PBEM_INBOUND_WEBHOOKS = ["sendgrid"]  # the same post, the webhook enabled: taken
        assert sendgrid_post(raw, to).status_code == 200 and InboundMessage.objects.count() == 1


@pytest.mark.parametrize(
    "env,refused",
    [
        ({"PBEM_INBOUND_WEBHOOKS": "postmark,sendgrid,amazon_ses"}, True),
        ({"PBEM_INBOUND_WEBHOOKS": "mailgun", "ANYMAIL_WEBHOOK_SECRET": "a:b"}, True),  # Mailgun needs its signing key
        ({"PBEM_INBOUND_WEBHOOKS": "postmark", "ANYMAIL_WEBHOOK_SECRET": "a:b"}, False),
        ({"PBEM_INBOUND_WEBHOOKS": ""}, False),
        ({"PBEM_INBOUND_WEBHOOKS": "postmark", "DJANGO_DEBUG": "true"}, False),  # development: a warning only
    ],
)
def test_unauthenticated_webhooks_refuse_to_start_outside_development(env, refused):
    import os
    import subprocess
    import sys

    from tests.conftest_worker import ROOT

    base = {k: v for k, v in os.environ.items() if k not in ("ANYMAIL_WEBHOOK_SECRET", "MAILGUN_WEBHOOK_SIGNING_KEY", "ANYMAIL")}
    run = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT, env=base | {"DJANGO_SETTINGS_MODULE": "config.settings.base", "DJANGO_DEBUG": "false"} | env,
        capture_output=True, text=True, timeout=120,
    )
    assert (run.returncode != 0) == refused, run.stdout + run.stderr
    if refused:
        assert "without authentication" in run.stderr
