"""Chat channels with apprise, end to end on loopback: a server posing as
Discord's and Slack's webhook hosts (apprise's own plugins build and post the
requests; only their host is pointed at loopback) receives a player's
your-move message and a table channel's; an outage is retried and nothing is
lost; a table channel carries public facts only; a channel URL is stored
encrypted, shown back as a hint, and never logged."""

import json
import logging
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from apprise.plugins.discord import NotifyDiscord
from apprise.plugins.slack import NotifySlack

from notifications import fanout
from notifications.models import ChatChannel, Delivery, Notification
from notifications.services import TransientDeliveryError, chat_channel_add, delivery_send
from pbem.errors import InvalidRequest
from pbem.services import game_advance, move_submit

DISCORD = "https://discord.com/api/webhooks/417429632418316298/SECRETdiscordTOKEN_xyz9"
SLACK = "https://hooks.slack.com/services/T1JJ3T3L2/A1BRTD4JD/SECRETslackTOKENq7w3"


class ChatServer:
    def __init__(self):
        self.received: list[dict] = []
        self.down = 0  # answer this many posts with 503
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                if server.down:
                    server.down -= 1
                    self.send_response(503)
                    self.end_headers()
                    return
                server.received.append({"path": self.path, "json": json.loads(body)})
                slack = self.path.startswith("/slack/")
                self.send_response(200 if slack else 204)
                self.end_headers()
                if slack:
                    self.wfile.write(b"ok")

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server(monkeypatch):
    s = ChatServer()
    monkeypatch.setattr(NotifyDiscord, "notify_url", f"{s.origin}/discord/api/webhooks")
    monkeypatch.setattr(NotifySlack, "webhook_url", f"{s.origin}/slack/services")
    yield s
    s.close()


def deliver_all(game) -> list[int]:
    """The deliver task's fan-out for every row of the game, then each delivery
    made sent once (as its queued task would); returns those that failed."""
    made = [pk for note in Notification.objects.filter(game=game).order_by("pk")
            for pk in fanout.deliveries_make(notification_id=note.pk)]  # fmt: skip
    failed = []
    for pk in made:
        try:
            delivery_send(delivery_id=pk)
        except TransientDeliveryError:
            failed.append(pk)
    return failed


def play_round(game):
    move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 3}, source="web")
    move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 1}, source="web")
    game_advance(game_id=game.pk)


def test_a_player_channel_and_a_table_channel(server, game, alice, bob, caplog):
    caplog.set_level(logging.DEBUG)
    mine = chat_channel_add(user=alice, url=DISCORD)
    table = chat_channel_add(user=alice, url=SLACK, game=game, mentions={"alice": "<@U0ALICE>"})
    assert (mine.service, table.service) == ("Discord", "Slack") and mine.hint == "Discord …xyz9"
    assert "SECRET" not in mine.url_encrypted + table.url_encrypted  # stored encrypted
    Notification.objects.filter(game=game).delete()  # only this round's rows
    play_round(game)
    server.down = 2  # the chat servers are down
    failed = deliver_all(game)
    assert len(failed) == 2 and server.received == []  # alice's own channel and the table's
    for pk in failed:  # Celery's retry with backoff
        assert delivery_send(delivery_id=pk) is True
    assert deliver_all(game) == [] and len(server.received) == 2  # a deliver run again (the sweep) makes nothing more
    assert not Delivery.objects.filter(sent_at__isnull=True).exists()

    discord = [r for r in server.received if r["path"].startswith("/discord/")]
    slack = [r["json"]["text"] if "text" in r["json"] else json.dumps(r["json"]) for r in server.received if r["path"].startswith("/slack/")]
    assert len(discord) == 1 and discord[0]["path"] == "/discord/api/webhooks/417429632418316298/SECRETdiscordTOKEN_xyz9"
    said = json.dumps(discord[0]["json"])
    assert "Your move in sealedbid" in said and "Claim your prize" in said and f"/games/{game.pk}/" in said
    # the table hears whose move it is, each player mentioned as the service knows them, and nothing else
    assert len(slack) == 1, slack
    assert f"<@U0ALICE>, it's your move in sealedbid #{game.pk} - deadline " in slack[0] and " UTC" in slack[0]
    # public facts only: not what alice is asked (her prompt), no amount, no prize
    assert "Claim" not in slack[0] and "coins" not in slack[0] and "points" not in slack[0]
    # the URLs' tokens reached no log line
    assert not [r.getMessage() for r in caplog.records if "SECRET" in r.getMessage()]
    assert "SECRET" not in "".join(Delivery.objects.values_list("last_error", flat=True))


def test_only_known_services_and_only_the_creator_for_the_table(game, alice, bob):
    with pytest.raises(InvalidRequest):
        chat_channel_add(user=alice, url="mailto://user:pw@example.org")
    with pytest.raises(InvalidRequest):
        chat_channel_add(user=bob, url=SLACK, game=game)  # bob did not create the game
    assert not ChatChannel.objects.exists()
