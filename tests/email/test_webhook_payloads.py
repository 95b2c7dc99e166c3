"""Every ESP inbound webhook against malformed and oversized posts: each ESP's payload shape with
its fields replaced by arbitrary JSON (hypothesis), the malformed posts an outside run found
(a JSON list for Postmark's object, RawEmail a number, Headers a string, an attachment without
ContentType) and a mail over PBEM_INBOUND_MAX_BYTES. Never a 500: a 4xx in JSON (or the status
after which the ESP does not post again: Mailgun 406, Postmark 403), nothing stored, the reason
logged; the SMTP server and the webhooks refuse the same size."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import time
import uuid

import pytest
from django.test import Client, override_settings
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from notifications.models import InboundMessage
from tests.email import mails
from tests.email.test_webhooks import ANYMAIL, ESPS, SECRET, SIGNING_KEY, basic

pytestmark = [pytest.mark.django_db, pytest.mark.filterwarnings("ignore::anymail.exceptions.AnymailNotSupportedWarning")]

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**9, 10**9) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)
PROPERTY = settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck), database=None)
RAW = mails.plain("alice@example.org", "t0ken@pbem.localhost", "bid 7")


@pytest.fixture(autouse=True)
def _webhooks_enabled(settings):
    settings.PBEM_INBOUND_WEBHOOKS = ESPS
    settings.ANYMAIL = ANYMAIL


def postmark_payload() -> dict:
    return {
        "FromFull": {"Email": "alice@example.org", "Name": "Alice"},
        "ToFull": [{"Email": "t0ken@pbem.localhost", "Name": ""}],
        "OriginalRecipient": "t0ken@pbem.localhost",
        "Subject": "Re: your move",
        "MessageID": str(uuid.uuid4()),
        "Date": "Sun, 22 Nov 2026 09:30:00 +0000",
        "TextBody": "bid 7",
        "Headers": [{"Name": "Message-ID", "Value": f"<{uuid.uuid4()}@client.example>"}],
        "Attachments": [],
    }


def postmark(body) -> object:
    return Client().post("/anymail/postmark/inbound/", json.dumps(body), content_type="application/json", **basic())


def mailgun(fields: dict) -> object:
    timestamp, token = str(int(time.time())), uuid.uuid4().hex
    signature = hmac.new(SIGNING_KEY.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    data = {"body-mime": RAW.decode(), "recipient": "t0ken@pbem.localhost", "sender": "alice@example.org"} | fields
    return Client().post("/anymail/mailgun/inbound_mime/", data | {"timestamp": timestamp, "token": token, "signature": signature}, **basic())


def sendgrid(fields: dict) -> object:
    data = {"email": RAW.decode(), "envelope": json.dumps({"from": "alice@example.org", "to": ["t0ken@pbem.localhost"]})} | fields
    return Client().post("/anymail/sendgrid/inbound/", data, **basic())


def ses(event_changes: dict, envelope_changes: dict | None = None) -> object:
    event = {
        "notificationType": "Received",
        "mail": {"timestamp": "2026-11-22T09:30:00.000Z", "source": "alice@example.org", "messageId": uuid.uuid4().hex, "destination": ["t0ken@pbem.localhost"]},
        "receipt": {"recipients": ["t0ken@pbem.localhost"], "action": {"type": "SNS", "topicArn": "arn:aws:sns:eu-west-1:1:pbem", "encoding": "BASE64"}},
        "content": base64.b64encode(RAW).decode(),
    } | event_changes
    sns_id = str(uuid.uuid4())
    body = {"Type": "Notification", "MessageId": sns_id, "TopicArn": "arn:aws:sns:eu-west-1:1:pbem", "Message": json.dumps(event),
            "Timestamp": "2026-11-22T09:30:00.000Z", "SignatureVersion": "1", "Signature": "x", "SigningCertURL": "https://sns.example/cert.pem"}
    body |= envelope_changes or {}
    headers = {"HTTP_X_AMZ_SNS_MESSAGE_TYPE": "Notification", "HTTP_X_AMZ_SNS_MESSAGE_ID": sns_id} | basic()
    return Client().post("/anymail/amazon_ses/inbound/", json.dumps(body), content_type="text/plain; charset=UTF-8", **headers)


def _refused_cleanly(response, stored_before: int) -> bool:
    """A 4xx in JSON with nothing stored, or a 200 for a mail it could read."""
    assert response.status_code < 500, (response.status_code, response.content[:300])
    if response.status_code >= 400:
        assert response["Content-Type"].startswith("application/json"), response.content[:200]
        assert "error" in response.json()
        assert InboundMessage.objects.count() == stored_before
        return True
    return False


def test_postmark_payloads_with_arbitrary_fields():
    @PROPERTY
    @given(st.one_of(JSON, st.dictionaries(st.sampled_from(sorted(postmark_payload())), JSON, min_size=1, max_size=4)))
    def post(changes):
        before = InboundMessage.objects.count()
        body = postmark_payload() | changes if isinstance(changes, dict) else changes
        _refused_cleanly(postmark(body), before)

    post()


def test_mailgun_and_sendgrid_forms_with_arbitrary_fields():
    text = st.text(max_size=40) | JSON.map(json.dumps)

    @PROPERTY
    @given(
        st.dictionaries(st.sampled_from(["body-mime", "recipient", "sender", "stripped-text", "message-headers", "attachment-count"]), text, max_size=3),
        st.dictionaries(st.sampled_from(["email", "envelope", "charsets", "text", "headers", "attachments", "attachment-info"]), text, max_size=3),
    )
    # a NUL in the envelope's recipient went into a jsonb column and answered 500 (PostgreSQL holds no NUL)
    @example({"recipient": "alice\x00@example.org", "sender": "bob\x00@example.org"}, {})
    def post(mailgun_fields, sendgrid_fields):
        before = InboundMessage.objects.count()
        _refused_cleanly(mailgun(mailgun_fields), before)
        before = InboundMessage.objects.count()
        _refused_cleanly(sendgrid(sendgrid_fields), before)

    post()


def test_amazon_ses_notifications_with_arbitrary_fields():
    @PROPERTY
    @given(
        st.dictionaries(st.sampled_from(["notificationType", "mail", "receipt", "content"]), JSON, max_size=2),
        st.dictionaries(st.sampled_from(["Type", "Message", "MessageId", "TopicArn"]), JSON, max_size=1),
    )
    def post(event_changes, envelope_changes):
        before = InboundMessage.objects.count()
        _refused_cleanly(ses(event_changes, envelope_changes), before)

    post()


@pytest.mark.parametrize(
    "body",
    [
        [postmark_payload()],  # a JSON list instead of an object
        postmark_payload() | {"RawEmail": 12345},
        postmark_payload() | {"Headers": "Message-ID: <x@y>"},
        postmark_payload() | {"Attachments": [{"Name": "a.txt", "Content": "aGVsbG8="}]},  # no ContentType
    ],
    ids=["list", "rawemail-number", "headers-string", "attachment-without-type"],
)
def test_the_malformed_postmark_posts_an_outside_run_found_are_refused_in_json(body, caplog):
    with caplog.at_level(logging.WARNING, logger="pbem.email.webhook_urls"):
        response = postmark(body)
    assert response.status_code in (400, 403) and response["Content-Type"].startswith("application/json"), response.content[:200]
    assert response.json()["error"] == "malformed_payload"
    assert InboundMessage.objects.count() == 0
    assert "refused" in caplog.text and "nothing stored" in caplog.text


@override_settings(PBEM_INBOUND_MAX_BYTES=200_000)
def test_a_mail_over_the_smtp_limit_is_refused_by_every_webhook(caplog):
    big = "x" * 250_000
    raw = mails.plain("alice@example.org", "t0ken@pbem.localhost", "bid 7\n\n" + big)
    with caplog.at_level(logging.WARNING):
        answers = {
            "postmark": postmark(postmark_payload() | {"TextBody": "bid 7\n\n" + big}),
            "mailgun": mailgun({"body-mime": raw.decode()}),
            "sendgrid": sendgrid({"email": raw.decode()}),
            "amazon_ses": ses({"content": base64.b64encode(raw).decode()}),
        }
    for esp, response in answers.items():
        assert response.status_code in (403, 406, 413), (esp, response.status_code, response.content[:200])
        assert response.json()["error"] == "too_large", esp
    assert InboundMessage.objects.count() == 0
    # a body too large for any mail under the limit is not even read
    huge = Client().post("/anymail/postmark/inbound/", b"{" + b" " * 600_000 + b"}", content_type="application/json", **basic())
    assert huge.status_code == 403 and huge.json()["error"] == "too_large"
    assert "over PBEM_INBOUND_MAX_BYTES" in caplog.text


def test_a_mail_under_the_limit_still_goes_in():
    before = InboundMessage.objects.count()
    response = postmark(postmark_payload())
    assert response.status_code == 200, response.content
    assert InboundMessage.objects.count() == before + 1
    assert SECRET  # the posts above carried the webhook's basic auth
