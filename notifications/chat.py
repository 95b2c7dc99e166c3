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
import re

import apprise
from cryptography.fernet import Fernet, InvalidToken
from django.conf import settings

from notifications import egress
from notifications.models import ChatChannel, ChatHandle, Notification

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


class ChatHostRefused(ChatUrlRefused):
    """A channel URL whose host is not on the public internet (notifications.egress)."""


class ChatRefused(Exception):
    """The post was refused before it left (its host is not on the public internet): final."""


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


# Services whose host is the service's own (apprise posts to discord.com, hooks.slack.com,
# api.telegram.org, ntfy.sh, t2bot.io whatever the URL says): nothing to resolve when added.
_OWN_HOST = {"NotifyDiscord", "NotifySlack", "NotifyTelegram"}


def host_check(url: str) -> None:
    """ChatHostRefused when the URL names a host (a JSON webhook, a self-hosted
    ntfy or Matrix) that resolves to an address a channel may not reach."""
    plugin = apprise.Apprise.instantiate(url.strip(), suppress_exceptions=True)
    name = type(plugin).__name__
    if plugin is None or name in _OWN_HOST or getattr(plugin, "mode", None) in ("cloud", "t2bot"):
        return
    host = (getattr(plugin, "host", None) or "").strip("[]")
    if not host:
        raise ChatHostRefused("no host")
    try:
        egress.host_check(host, getattr(plugin, "port", None))
    except egress.HostRefused as exc:
        raise ChatHostRefused(str(exc)) from None


def hint_of(url: str, service: str) -> str:
    """What the player sees of a stored URL: the service and the URL's last 4 characters."""
    return f"{service} …{url.strip().rstrip('/')[-4:]}"


def post(*, channel: ChatChannel, title: str, body: str) -> None:
    """Post one message to the channel; ChatFailed when the server did not take it."""
    url = decrypt(channel.url_encrypted)
    sender = apprise.Apprise()
    if not sender.add(url):
        raise ChatFailed(f"{channel.service}: the stored URL is no longer understood")
    with egress.guarded() as refused:
        taken = sender.notify(title=title, body=body, body_format=apprise.NotifyFormat.MARKDOWN)
    if refused:  # the host is part of the URL: not named
        raise ChatRefused(f"{channel.service}: refused, the channel's host is not on the public internet")
    if not taken:
        raise ChatFailed(f"{channel.service} did not take the message")


# --- what a message says ------------------------------------------------------------------

# What a player wrote (a name, a message) must not ping or link in a chat: no
# @everyone/@here (Discord, Slack), @room (Matrix), <@&role>/<!channel>/<@U…> (Discord,
# Slack: apprise's Slack plugin turns "!here>" and "@U…>" into pings, with or without "<"),
# no [text](url) link. So angle brackets become look-alikes, an "@" or "!" is followed by a
# word joiner (U+2060: shown the same, no longer a mention), and the markup every one of these
# services reads is escaped by a backslash (Discord, Matrix and Telegram by apprise's
# Markdown, Slack by apprise's conversion of it: each keeps the character as written).
_MARKUP = re.compile(r"([\\`*_~|\[\]()#])")
_ANGLES = str.maketrans({"<": "\u2039", ">": "\u203a"})


def neutralize(text: str, service: str = "") -> str:
    """``text`` as plain words in a channel of ``service``: no mention, no link, no markup.
    A JSON webhook reads no markup and mentions nobody: its text stays as written."""
    if service == "JSON webhook":
        return text or ""
    text = (text or "").translate(_ANGLES)
    text = text.replace("@", "@\u2060").replace("!", "!\u2060")
    return _MARKUP.sub(r"\\\1", text)


# How each service mentions a player, from the handle the player (or the table's creator)
# gives: only these shapes, so a handle cannot be "@everyone" or a role. ntfy and a JSON
# webhook have no mentions.
_HANDLES = {
    "Discord": (re.compile(r"^<?@?!?(\d{1,20})>?$"), "<@{}>"),
    "Slack": (re.compile(r"^<?@?([UW][A-Z0-9]{2,20})>?$"), "<@{}>"),
    "Matrix": (re.compile(r"^(@[a-z0-9._=/+-]{1,200}:[A-Za-z0-9.-]{1,200}(?::\d{1,5})?)$"), "{}"),
    "Telegram": (re.compile(r"^@?([A-Za-z][A-Za-z0-9_]{3,31})$"), "@{}"),
}
HANDLE_SERVICES = tuple(_HANDLES)


def mention_of(service: str, handle: str) -> str:
    """How ``service`` mentions the player with ``handle`` ("<@123>", "@alice:matrix.org");
    ValueError when the handle is not one of that service's shapes or the service has none."""
    pattern, shape = _HANDLES.get(service, (None, ""))
    found = pattern.match((handle or "").strip()) if pattern is not None else None
    if found is None:
        raise ValueError(f"not a {service} handle")
    return shape.format(found.group(1))

_renderer = None


def renderer_register(render) -> None:
    """``render(row, *, channel, mention) -> {title, body}`` (pbem's AppConfig registers it):
    for a player's channel what their seat may see, for a table channel public facts only."""
    global _renderer
    _renderer = render


# The kinds a table channel is told of: whose move it is, and the end of the game.
TABLE_KINDS = {Notification.Kind.YOUR_MOVE, Notification.Kind.GAME_OVER}


def mention_for(channel: ChatChannel, user) -> str | None:
    """How a table channel mentions ``user``: the handle the player gave for the channel's
    service, else the one the table's creator gave, else None (their name, neutralized)."""
    own = ChatHandle.objects.filter(user=user, service=channel.service).values_list("handle", flat=True).first()
    for handle in (own, (channel.mentions or {}).get(user.username)):
        if handle:
            try:
                return mention_of(channel.service, handle)
            except ValueError:
                continue
    return None


def message(row: Notification, channel: ChatChannel) -> dict:
    mention = None
    if channel.game_id is not None and row.recipient_id is not None:
        mention = mention_for(channel, row.recipient)
    if _renderer is None:
        return {"title": "pbem", "body": neutralize(row.subject, channel.service)}
    return _renderer(row, channel=channel, mention=mention)
