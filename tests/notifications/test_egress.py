"""SSRF: a chat channel reaches the public internet only (notifications.egress). Its host is
resolved and checked when it is added and again by every connection a post opens (a host
that resolved to a public address when added and to loopback later is refused when it
posts, finally, and nothing reaches loopback), unless the operator allows a network."""

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from notifications import egress, fanout
from notifications.models import ChatChannel, Delivery, Notification
from notifications.services import chat_channel_add, delivery_send
from pbem.errors import InvalidRequest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "address",
    ["127.0.0.1", "::1", "10.1.2.3", "172.16.0.9", "192.168.1.5", "169.254.169.254", "fe80::1", "fd00:ec2::254",
     "100.64.0.1", "0.0.0.0", "::", "224.0.0.1", "::ffff:127.0.0.1", "::ffff:169.254.169.254", "240.0.0.1"],
)  # fmt: skip
def test_addresses_a_channel_may_not_reach(address):
    assert egress.address_allowed(address) is False


@pytest.mark.parametrize("address", ["93.184.215.14", "162.159.135.232", "2606:4700::6810:84e5", "::ffff:93.184.215.14"])
def test_public_addresses_are_reached(address):
    assert egress.address_allowed(address) is True


def test_the_operator_allows_a_network(settings):
    settings.PBEM_CHANNEL_ALLOWED_NETWORKS = ["10.0.5.0/24"]
    assert egress.address_allowed("10.0.5.7") and not egress.address_allowed("10.0.6.7")


@pytest.mark.parametrize(
    "url",
    [
        "json://127.0.0.1:8080/hook",
        "jsons://169.254.169.254/latest/meta-data",
        "json://[::1]:8080/",
        "json://[::ffff:127.0.0.1]/",
        "json://localhost/hook",
        "ntfy://10.0.0.1/topic",
        "ntfys://user:pw@192.168.1.5/topic",
        "matrix://user:pw@172.16.0.9/#room",
        "json://no-such-host.invalid/hook",
    ],
)
def test_a_private_host_is_refused_when_added(url, alice):
    with pytest.raises(InvalidRequest, match="public internet"):
        chat_channel_add(user=alice, url=url)
    assert not ChatChannel.objects.exists()


@pytest.mark.parametrize("url", ["form://127.0.0.1/", "xml://127.0.0.1/", "form://93.184.215.14/", "mailto://u:p@example.org"])
def test_services_that_are_no_chat_are_refused(url, alice):
    with pytest.raises(InvalidRequest, match="not a channel URL"):
        chat_channel_add(user=alice, url=url)


def test_public_hosts_and_allowed_networks_are_added(alice, settings):
    assert chat_channel_add(user=alice, url="json://93.184.215.14/hook").service == "JSON webhook"
    assert chat_channel_add(user=alice, url="ntfys://pbem-alice").service == "ntfy"  # ntfy.sh, the service's own host
    with pytest.raises(InvalidRequest):
        chat_channel_add(user=alice, url="ntfy://10.0.5.7/topic")
    settings.PBEM_CHANNEL_ALLOWED_NETWORKS = ["10.0.5.0/24"]
    assert chat_channel_add(user=alice, url="ntfy://10.0.5.7/topic").service == "ntfy"


class Hook:
    """A JSON webhook on loopback that records every request it gets."""

    def __init__(self):
        self.received = []
        hook = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                hook.received.append(json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0)))))
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def hook():
    h = Hook()
    yield h
    h.close()


def _your_move_delivery(game, alice) -> int:
    note = Notification.objects.filter(game=game, recipient=alice, kind="your_move").latest("pk")
    (pk,) = fanout.deliveries_make(notification_id=note.pk)
    return pk


def test_a_host_that_turns_private_after_it_was_added_is_refused_when_it_posts(game, alice, hook, monkeypatch, caplog):
    """DNS rebinding: hooks.example.test is public when the channel is added, loopback (where
    the hook listens) when it posts. The post is refused, for good, and nothing arrives."""
    real = socket.getaddrinfo
    answer = {"address": "93.184.215.14"}

    def dns(host, port, *args, **kwargs):
        if host == "hooks.example.test":
            return real(answer["address"], port, *args, **kwargs)
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", dns)
    chat_channel_add(user=alice, url=f"json://hooks.example.test:{hook.port}/pbem")
    answer["address"] = "127.0.0.1"
    pk = _your_move_delivery(game, alice)
    assert delivery_send(delivery_id=pk) is False  # no TransientDeliveryError: not retried
    row = Delivery.objects.get(pk=pk)
    assert row.sent_at is not None and "not on the public internet" in row.last_error
    assert hook.received == []
    assert "hooks.example.test" not in row.last_error + " ".join(r.getMessage() for r in caplog.records)


def test_the_operator_setting_lets_a_post_reach_its_network(game, alice, hook, settings):
    settings.PBEM_CHANNEL_ALLOWED_NETWORKS = ["127.0.0.0/8"]
    chat_channel_add(user=alice, url=f"json://127.0.0.1:{hook.port}/pbem")
    assert delivery_send(delivery_id=_your_move_delivery(game, alice)) is True
    assert len(hook.received) == 1 and "Your move in sealedbid" in hook.received[0]["title"]
    # the setting withdrawn, the same channel is refused when it posts
    settings.PBEM_CHANNEL_ALLOWED_NETWORKS = []
    note = Notification.objects.filter(game=game, recipient=alice, kind="your_move").latest("pk")
    Delivery.objects.filter(notification=note).delete()
    assert delivery_send(delivery_id=fanout.deliveries_make(notification_id=note.pk)[0]) is False
    assert len(hook.received) == 1


def test_connections_outside_a_post_are_untouched(hook):
    """The check holds inside a chat post only: the site's own connections (mail, the ESPs)
    go where they are configured to."""
    import urllib3

    assert urllib3.PoolManager().request("POST", f"http://127.0.0.1:{hook.port}/", body=b"{}").status == 200
    with egress.guarded() as refused, pytest.raises(urllib3.exceptions.HTTPError):
        urllib3.PoolManager(retries=False).request("POST", f"http://127.0.0.1:{hook.port}/", body=b"{}")
    assert refused and len(hook.received) == 1
