"""Web Push (RFC 8030 delivery, RFC 8291 aes128gcm encryption, RFC 8292
VAPID) with pywebpush: what a push says and sending it to one device.

A push carries JSON {title, body, url, tag} that the site's service worker
(/sw.js) shows as a notification; tapping it opens ``url`` (the game's page).
What it says is rendered at delivery from the outbox row by the renderer the
pbem app registers (``renderer_register``; pbem.messages' notes, in the
recipient's language) and says only what the recipient's seat may see; the
outbound side imports nothing above it, so without a renderer it says the
row's own subject.
"""

from __future__ import annotations

import base64
import json
from typing import Callable

from django.conf import settings

from notifications import egress, links
from notifications.models import Notification, PushSubscription

# A push service takes at most 4096 bytes of encrypted payload; the texts are kept well below.
BODY_MAX = 600


class PushGone(Exception):
    """The push service says the subscription no longer exists (404, 410)."""


class PushFailed(Exception):
    """Worth retrying: a 5xx, a 429, a network failure."""


class PushRefused(Exception):
    """Any other 4xx: the push will never be taken as it is."""


def configured() -> bool:
    return bool(settings.PBEM_VAPID_PRIVATE_KEY and settings.PBEM_VAPID_PUBLIC_KEY)


def public_key() -> str:
    """The application server key a browser subscribes with (base64url, uncompressed P-256 point)."""
    return settings.PBEM_VAPID_PUBLIC_KEY


def vapid_keys_make() -> dict[str, str]:
    """A new VAPID key pair: the private key as base64url DER (what pywebpush
    reads), the public key as the base64url uncompressed point (what browsers take)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1())
    der = key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    point = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return {"private_key": _b64(der), "public_key": _b64(point)}


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


# --- what a push says -----------------------------------------------------------------------

_renderer: Callable[[Notification], dict] | None = None


def renderer_register(render: Callable[[Notification], dict]) -> None:
    """The function that renders a row's push {title, body} (pbem's AppConfig registers it)."""
    global _renderer
    _renderer = render


def payload(row: Notification) -> dict:
    """The push of one outbox row: title and body rendered for its recipient,
    the game's page to open, and a tag per game (a newer push of a game
    replaces the older one on the device)."""
    text = _renderer(row) if _renderer is not None else {"title": row.subject, "body": ""}
    url = links.game_url(row.game_id) if row.game_id else links.profile_url()
    return {
        "title": text["title"][:200],
        "body": text["body"][:BODY_MAX],
        "url": url,
        # a message to you has its own tag: it does not replace the game's your-move push
        "tag": (f"pbem-game-{row.game_id}" + ("-message" if row.kind == Notification.Kind.MESSAGE else "")) if row.game_id else f"pbem-{row.kind}",
    }


# --- sending ---------------------------------------------------------------------------------


def push_send(*, subscription: PushSubscription, data: dict, urgent: bool = False) -> None:
    """Encrypt ``data`` to the device's keys, sign with VAPID and post it to
    its push service. Raises PushGone (404/410), PushFailed (retry) or PushRefused."""
    import requests
    from pywebpush import WebPushException, webpush

    if not configured():
        raise PushFailed("no VAPID key pair is configured (PBEM_VAPID_PRIVATE_KEY)")
    info = {"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
    refused: list[str] = []
    try:
        # the endpoint is the browser's word: a push reaches the public internet only
        # (notifications.egress), as a chat post does
        with egress.guarded() as refused:
            webpush(
                info,
                data=json.dumps(data, ensure_ascii=False),
                vapid_private_key=settings.PBEM_VAPID_PRIVATE_KEY,
                vapid_claims={"sub": settings.PBEM_VAPID_SUBJECT},
                content_encoding="aes128gcm",
                timeout=settings.PBEM_CHANNEL_TIMEOUT_SECONDS,
                ttl=settings.PBEM_PUSH_TTL_SECONDS,
                headers={"Urgency": "high" if urgent else "normal"},
            )
    except WebPushException as exc:
        if refused:
            raise PushRefused("refused: the push service is not on the public internet") from None
        status = getattr(exc.response, "status_code", None)
        # the endpoint is a capability and may sit in the message: only the status is told
        if status in (404, 410):
            raise PushGone(f"push service answered {status}") from None
        if status is None or status >= 500 or status == 429:
            raise PushFailed(f"push service answered {status}") from None
        raise PushRefused(f"push service answered {status}") from None
    except (requests.RequestException, OSError) as exc:
        if refused:
            raise PushRefused("refused: the push service is not on the public internet") from None
        raise PushFailed(f"push service unreachable: {type(exc).__name__}") from None
