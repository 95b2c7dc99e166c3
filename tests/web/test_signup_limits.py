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


def test_one_mail_address_gets_at_most_a_few_account_mails_an_hour(settings):
    mail.outbox.clear()
    target = "victim@example.org"
    # sign-ups from many networks, all giving the same address: the first makes the account and its
    # confirmation mail, the next ones "an account with this address exists" mails
    for n in range(6):
        _signup(f"192.0.{n}.1", n, email=target)
    to_target = [m for m in mail.outbox if target in m.to]
    assert len(to_target) == settings.PBEM_ACCOUNT_MAILS_PER_ADDRESS_HOUR == 3  # of the 6 it would have been
