"""Sign-up limits beyond allauth's (which count attempts per address per minute): accounts
created per address and per network (an IPv4 /24, an IPv6 /64) per hour, and the account mails
(confirmation, "an account with this address exists", password reset) one mail address may be
sent per hour, whoever asks. Counted in the cache (Redis on the full stack); when it cannot be
reached the limits are not applied and that is logged, as for the API's (pbem.api.throttles).
docs/security.md lists every door's limits."""

from __future__ import annotations

import hashlib
import ipaddress
import logging

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.forms import SignupForm as AllauthSignupForm
from allauth.core import context
from django import forms
from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _

log = logging.getLogger(__name__)

HOUR = 3600


def network_of(ip: str) -> str:
    """The network an address belongs to for the limit: /24 of IPv4, /64 of IPv6."""
    try:
        addr = ipaddress.ip_address(ip)
    except ValueError:
        return ip
    return str(ipaddress.ip_network(f"{addr}/{24 if addr.version == 4 else 64}", strict=False))


def _keys(ip: str) -> list[tuple[str, int, str]]:
    return [
        (f"signup:address:{ip}", settings.PBEM_SIGNUPS_PER_ADDRESS_HOUR, "from your address"),
        (f"signup:network:{network_of(ip)}", settings.PBEM_SIGNUPS_PER_NETWORK_HOUR, "from your network"),
    ]


def _count(key: str) -> int:
    if cache.add(key, 1, HOUR):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, HOUR)
        return 1


def signup_refusal(ip: str) -> str | None:
    """Why a new account from ``ip`` is refused now, or None."""
    try:
        counts = cache.get_many([key for key, _limit, _where in _keys(ip)])
    except Exception as exc:  # noqa: BLE001 - the cache is down: no limit rather than no sign-up
        log.warning("sign-up limits not applied: the cache is unreachable (%s)", type(exc).__name__)
        return None
    for key, limit, where in _keys(ip):
        if limit and counts.get(key, 0) >= limit:
            log.warning("a sign-up refused: %s accounts created %s within the hour", limit, where)
            if where == "from your address":
                return _("Too many accounts were created from your address in the last hour. Try again in an hour.")
            return _("Too many accounts were created from your network in the last hour. Try again in an hour.")
    return None


def signup_counted(ip: str) -> None:
    try:
        for key, _limit, _where in _keys(ip):
            _count(key)
    except Exception as exc:  # noqa: BLE001
        log.warning("a sign-up not counted: the cache is unreachable (%s)", type(exc).__name__)


class SignupForm(AllauthSignupForm):
    def clean(self):
        cleaned = super().clean()
        request = context.request
        if request is not None:
            why = signup_refusal(AccountAdapter(request).get_client_ip(request))
            if why:
                raise forms.ValidationError(why)
        return cleaned

    def save(self, request):
        user = super().save(request)
        signup_counted(AccountAdapter(request).get_client_ip(request))
        return user


class AccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        """At most PBEM_ACCOUNT_MAILS_PER_ADDRESS_HOUR account mails to one address per hour,
        whoever asks for them: sign-ups with addresses of someone else's choosing cannot make
        pbem mail that address again and again."""
        limit = settings.PBEM_ACCOUNT_MAILS_PER_ADDRESS_HOUR
        if limit:
            key = "account-mail:" + hashlib.sha256(email.strip().lower().encode()).hexdigest()[:32]
            try:
                sent = _count(key)
            except Exception as exc:  # noqa: BLE001
                log.warning("account mail limit not applied: the cache is unreachable (%s)", type(exc).__name__)
                sent = 0
            if sent > limit:
                log.warning("an account mail (%s) not sent: %s sent to that address within the hour", template_prefix.rsplit("/", 1)[-1], limit)
                return
        super().send_mail(template_prefix, email, context)
