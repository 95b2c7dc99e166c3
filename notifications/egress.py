"""Where a chat post or a push may go: the public internet only (SSRF).

A chat channel's URL is a player's: ``json://``, ``ntfy://`` and ``matrix://``
name any host, and a public host may redirect or re-resolve to one of ours; a
push endpoint is whatever the browser (or anyone with an account) posted.
So a host is resolved and every address it has checked twice: when the
channel is added (``host_check``, a clear refusal), and when a post opens a
connection (``guarded``, around a chat post and a push): inside it, every
connection urllib3 opens (apprise and pywebpush post with requests and offer no hook; redirects and every
re-resolution included) is checked and made to the address that was checked,
so a DNS answer cannot change between the check and the connect.

Refused: loopback, private (RFC 1918, unique local), link-local (the cloud
metadata address 169.254.169.254 among them), shared, reserved, multicast and
unspecified addresses, IPv4 inside IPv6 as its IPv4; unless the operator allows
a network by ``PBEM_CHANNEL_ALLOWED_NETWORKS`` (a self-hosted ntfy or Matrix
on the LAN).
"""

from __future__ import annotations

import ipaddress
import socket
from contextlib import contextmanager
from contextvars import ContextVar

import urllib3.util.connection
from django.conf import settings


class HostRefused(OSError):
    """The host resolves to an address a channel may not reach (an OSError, so
    requests and apprise take it as a failed connection; ``guarded`` tells the
    caller it was a refusal)."""


def _networks() -> list:
    return [ipaddress.ip_network(n.strip(), strict=False) for n in settings.PBEM_CHANNEL_ALLOWED_NETWORKS if n.strip()]


def address_allowed(address: str) -> bool:
    """Whether a channel may connect to ``address`` (an IP address as text)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])  # a scope id (fe80::1%eth0) names no other address
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if any(ip in net for net in _networks()):
        return True
    return ip.is_global and not ip.is_multicast


def host_check(host: str, port: int | None) -> list[str]:
    """Every address ``host`` resolves to, when each of them is allowed;
    HostRefused naming the host when one is not or it does not resolve."""
    try:
        infos = socket.getaddrinfo(host, port or 443, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise HostRefused(f"{host} does not resolve") from None
    addresses = list(dict.fromkeys(info[4][0] for info in infos))
    if not addresses or not all(address_allowed(a) for a in addresses):
        raise HostRefused(f"{host} is not on the public internet")
    return addresses


_guard: ContextVar[list | None] = ContextVar("pbem_egress_guard", default=None)
_connect = urllib3.util.connection.create_connection


def _guarded_connect(address, *args, **kwargs):
    refused = _guard.get()
    if refused is None:  # not one of our posts: as urllib3 does it
        return _connect(address, *args, **kwargs)
    host, port = address
    try:
        checked = host_check(host, port)
    except HostRefused as exc:
        refused.append(str(exc))
        raise
    return _connect((checked[0], port), *args, **kwargs)


urllib3.util.connection.create_connection = _guarded_connect


@contextmanager
def guarded():
    """Every connection opened inside goes to an allowed address only. Yields
    the list of refusals (empty when none): a refused post is final, not
    worth a retry."""
    refused: list[str] = []
    token = _guard.set(refused)
    try:
        yield refused
    finally:
        _guard.reset(token)
