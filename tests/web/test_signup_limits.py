"""Sign-up limits (pbem/web/signup.py): accounts per address and per network per hour, and the
account mails one mail address may be sent per hour, whoever signs up with it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def limits_reset():
    import redis
    from django.conf import settings

    prefix = settings.CACHES["default"].get("KEY_PREFIX", "")
    r = redis.Redis.from_url(settings.REDIS_URL)
    for key in r.scan_iter(match=f"{prefix}:*", count=1000):
        r.delete(key)
    yield


def _signup(ip: str, n: int, email: str | None = None):
    return Client(REMOTE_ADDR=ip).post(
        "/accounts/signup/",
        {"email": email or f"p{n}-{ip.replace(':', '-')}@example.org", "username": f"p{n}x{abs(hash(ip)) % 10**6}",
         "password1": "a-long-pass-phrase", "password2": "a-long-pass-phrase"},
    )  # fmt: skip


def test_accounts_per_address_and_per_network_are_limited_per_hour(settings):
    users = get_user_model().objects
    for n in range(3):
        assert _signup("203.0.113.7", n).status_code == 302
    refused = _signup("203.0.113.7", 3)
    assert refused.status_code == 200 and "Too many accounts were created from your address" in refused.content.decode()
    assert users.count() == 3
    # the same /24 from other addresses: up to the network's limit (10), then refused too
    made = sum(_signup(f"203.0.113.{20 + n}", n).status_code == 302 for n in range(8))
    assert made == 7 and users.count() == 10
    assert "from your network" in _signup("203.0.113.99", 9).content.decode()
    assert _signup("198.51.100.1", 0).status_code == 302  # another network is not held up
    assert _signup("2001:db8::1", 0).status_code == 302


def test_one_mail_address_gets_at_most_a_few_account_mails_an_hour(settings, alice):
    """Whoever asks (password resets from many networks here; allauth alone lets 5 a minute
    through per address), one mail address is sent at most 3 account mails an hour."""
    mail.outbox.clear()
    for n in range(6):
        Client(REMOTE_ADDR=f"192.0.{n}.1").post("/accounts/password/reset/", {"email": alice.email})
    to_alice = [m for m in mail.outbox if alice.email in m.to]
    assert len(to_alice) == settings.PBEM_ACCOUNT_MAILS_PER_ADDRESS_HOUR == 3  # of the 5 allauth would send
    # a sign-up with the address someone else chose: its confirmation mail counts the same
    mail.outbox.clear()
    for n in range(4):
        _signup(f"198.18.{n}.1", n, email="someone@example.org")
    assert 1 <= len([m for m in mail.outbox if "someone@example.org" in m.to]) <= 3
