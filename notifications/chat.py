"""Chat channels by URL with apprise, which knows Discord, Slack, Matrix,
Telegram, ntfy, JSON webhooks and many more: we write no chat clients.

A channel URL is a secret (it holds the webhook's token): stored encrypted
with Fernet (PBEM_CHANNEL_KEY, by default a key derived from SECRET_KEY),
shown back only as a hint ("Discord …f3a9"), never logged: apprise's own
log lines, which can hold the URL, are silenced, and our errors name only the
service.
"""

from __future__ import annotations

import base64
import hashlib
import logging

import apprise
from cryptography.fernet import Fernet, InvalidToken
from django.conf import settings

from notifications.models import ChatChannel, Notification

# The services a channel may be (apprise's plugin classes): chat and webhooks, nothing that
# mails, calls or posts to a phone number (each of those needs its own consent and cost).
SERVICES = {
    "NotifyDiscord": "Discord",
    "NotifySlack": "Slack",
    "NotifyMatrix": "Matrix",
    "NotifyTelegram": "Telegram",
    "NotifyNtfy": "ntfy",
    "NotifyJSON": "JSON webhook",
}

# apprise logs the URLs it posts to (tokens in them) at debug and on failures: none of its lines reach our logs
logging.getLogger("apprise").setLevel(logging.CRITICAL + 1)


class ChatFailed(Exception):
    """The chat server did not take the message: retried with backoff."""


class ChatUrlRefused(Exception):
    """Not a channel URL of a service we post to."""


def _fernet() -> Fernet:
    key = settings.PBEM_CHANNEL_KEY
    if not key:
        digest = hashlib.sha256(b"pbem chat channels:" + settings.SECRET_KEY.encode()).digest()
        key = base64.urlsafe_b64encode(digest).decode()
    return Fernet(key)


def encrypt(url: str) -> str:
    return _fernet().encrypt(url.encode()).decode()


def decrypt(token: str) -> str:
    try:
        return _fernet().decrypt(token.encode()).decode()
    except InvalidToken:
        raise ChatFailed("the channel's URL cannot be read (was the key changed?)") from None


def service_of(url: str) -> str:
    """The service of a channel URL ("Discord"), or ChatUrlRefused."""
    plugin = apprise.Apprise.instantiate(url.strip(), suppress_exceptions=True) if url else None
    name = SERVICES.get(type(plugin).__name__) if plugin else None
    if name is None:
        raise ChatUrlRefused("not a channel URL of " + ", ".join(SERVICES.values()))
    return name


def hint_of(url: str, service: str) -> str:
    """What the player sees of a stored URL: the service and the URL's last 4 characters."""
    return f"{service} …{url.strip().rstrip('/')[-4:]}"


def post(*, channel: ChatChannel, title: str, body: str) -> None:
    """Post one message to the channel; ChatFailed when the server did not take it."""
    url = decrypt(channel.url_encrypted)
    sender = apprise.Apprise()
    if not sender.add(url):
        raise ChatFailed(f"{channel.service}: the stored URL is no longer understood")
    if not sender.notify(title=title, body=body, body_format=apprise.NotifyFormat.MARKDOWN):
        raise ChatFailed(f"{channel.service} did not take the message")


# --- what a message says ------------------------------------------------------------------

_renderer = None


def renderer_register(render) -> None:
    """``render(row, *, table, mention) -> {title, body}`` (pbem's AppConfig registers it):
    for a player's channel what their seat may see, for a table channel public facts only."""
    global _renderer
    _renderer = render


# The kinds a table channel is told of: whose move it is, and the end of the game.
TABLE_KINDS = {Notification.Kind.YOUR_MOVE, Notification.Kind.GAME_OVER}


def message(row: Notification, channel: ChatChannel) -> dict:
    table = channel.game_id is not None
    mention = None
    if table and row.recipient_id is not None:
        mention = (channel.mentions or {}).get(row.recipient.username)
    if _renderer is None:
        return {"title": "pbem", "body": row.subject}
    return _renderer(row, table=table, mention=mention)
