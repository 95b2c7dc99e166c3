"""The addresses of our mails: reply addresses (``<token>@PBEM_MAIL_DOMAIN``)
and the per-mail bounce address (VERP), which the outbound side makes and the
inbound channel reads back; and the mark on an address whose mail was
refused for good."""

from __future__ import annotations

import hashlib
import hmac
import re

from django.conf import settings

from notifications.models import UndeliverableAddress


def token_of(address: str) -> str | None:
    """The token of a reply address of our domain (``token@domain`` or
    ``anything+token@domain``), or None."""
    local, _, domain = address.strip().strip("<>").lower().rpartition("@")
    if domain != settings.PBEM_MAIL_DOMAIN.lower() or not local:
        return None
    token = local.rsplit("+", 1)[-1]
    return token if re.fullmatch(r"[0-9a-f]{16,64}", token) else None


def bounce_address(notification_id: int) -> str:
    """The envelope sender of one mail (VERP): a bounce to it says which
    mail, so which address, failed. Signed, so nobody can mark another
    player's address as dead."""
    tag = hmac.new(settings.SECRET_KEY.encode(), f"bounce:{notification_id}".encode(), hashlib.sha256).hexdigest()[:16]
    return f"bounce+{notification_id}-{tag}@{settings.PBEM_MAIL_DOMAIN}"


def bounce_of(address: str) -> int | None:
    """The notification a bounce address stands for, or None."""
    local, _, domain = address.strip().strip("<>").lower().rpartition("@")
    found = re.fullmatch(r"bounce\+(\d{1,18})-[0-9a-f]{16}", local)
    if domain != settings.PBEM_MAIL_DOMAIN.lower() or found is None:
        return None
    nid = int(found.group(1))
    return nid if bounce_address(nid).lower() == address.strip().strip("<>").lower() else None


def address_undeliverable(*, email: str) -> bool:
    """Whether mail to this address was refused for good (shown on the profile)."""
    return address_undeliverable_mark(email=email) is not None


def address_undeliverable_mark(*, email: str) -> dict | None:
    """The mark on an address whose mail was refused for good: since when and
    the server's reason (for its own player's profile page and API), or None.
    The player clears it with notifications.services.address_bounce_clear."""
    row = UndeliverableAddress.objects.filter(email__iexact=email).first() if email else None
    return None if row is None else {"since": row.since, "reason": row.reason}
