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
def server(monkeypatch, settings):
    settings.PBEM_CHANNEL_ALLOWED_NETWORKS = ["127.0.0.0/8"]  # the stand-ins are on loopback (notifications.egress)
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
    assert f"<@U0ALICE>, it's your move in sealedbid #{game.pk} - deadline " in slack[0] and " (UTC)" in slack[0]
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


def _table_note(game, user, channel):
    """What ``channel`` would say of the newest your-move row of ``user`` (the renderer the
    delivery calls, with the mention it looks up)."""
    from notifications import chat

    row = Notification.objects.filter(game=game, recipient=user, kind="your_move").latest("pk")
    return chat.message(row, channel)


def test_each_player_sets_their_own_handle(game, alice, bob):
    from notifications.services import chat_handle_set

    table = chat_channel_add(user=alice, url=DISCORD, game=game, mentions={"alice": "111111", "bob": "<@222222>"})
    assert table.mentions == {"alice": "<@111111>", "bob": "<@222222>"}  # as Discord mentions them
    assert _table_note(game, bob, table)["body"].startswith("<@222222>, it's your move")  # the creator's
    chat_handle_set(user=bob, service="Discord", handle="333333333333333333")
    assert _table_note(game, bob, table)["body"].startswith("<@333333333333333333>, it's your move")  # bob's own wins
    chat_handle_set(user=bob, service="Slack", handle="U0BOB")
    slack = chat_channel_add(user=alice, url=SLACK, game=game)
    assert _table_note(game, bob, slack)["body"].startswith("<@U0BOB>, it's your move")
    assert _table_note(game, alice, slack)["body"].startswith("alice, it's your move")  # no handle: the name
    chat_handle_set(user=bob, service="Matrix", handle="@bob:matrix.example.org")
    chat_handle_set(user=bob, service="Telegram", handle="@bob_plays")
    chat_handle_set(user=bob, service="Discord", handle="")  # removed: the creator's again
    assert _table_note(game, bob, table)["body"].startswith("<@222222>,")


@pytest.mark.parametrize(
    "service, handle",
    [("Discord", "@everyone"), ("Discord", "<@&123456>"), ("Discord", "@here"), ("Slack", "<!channel>"), ("Slack", "@here"),
     ("Matrix", "@room"), ("Telegram", "@bob everyone"), ("Discord", "[x](https://e.vil)"), ("ntfy", "bob"), ("JSON webhook", "bob")],
)  # fmt: skip
def test_a_handle_cannot_ping_everyone(game, alice, bob, service, handle):
    from notifications.services import chat_handle_set

    with pytest.raises(InvalidRequest):
        chat_handle_set(user=bob, service=service, handle=handle)
    if service == "Discord":
        with pytest.raises(InvalidRequest):
            chat_channel_add(user=alice, url=DISCORD, game=game, mentions={"bob": handle})


def test_names_and_messages_cannot_ping_or_link(server, game, alice, bob):
    """A player named "@here…" is no ping at a table; a message in a player's own channel
    cannot ping a role or everyone, nor hide a link."""
    from pbem.web.services import table_message_post

    bob.username = "@here[x](https://e.vil)"
    bob.save()
    chat_channel_add(user=alice, url=SLACK, game=game)
    chat_channel_add(user=alice, url=DISCORD.replace("xyz9", "own1"))  # alice's own channel
    discord_table = chat_channel_add(user=alice, url=DISCORD.replace("xyz9", "tab1"), game=game)
    # the game's first sealed bid asks both seats: bob ("@here…") is named at the tables
    table_message_post(game_id=game.pk, user=bob, text="@everyone <@&987> <!here> @room [click](https://e.vil) **b**", to_seat=0)
    assert deliver_all(game) == []
    said = [json.dumps(r["json"], ensure_ascii=False) for r in server.received]
    assert len(said) == 6, said  # 2 tables x 2 seats; alice's own channel: her move and the message
    for r, text in zip(server.received, said):
        for ping in ("@here", "@everyone", "<@&", "<!here", "<!channel", "@room", "<https"):
            assert ping not in text, (ping, text)
        if r["path"].startswith("/discord/"):  # Markdown: a link would be [text](url); Slack shows it as written
            assert "](https" not in text, text
    message = next(t for t in said if "wrote to you" in t)
    assert "@\u2060everyone" in message and "\\\\[click\\\\]" in message  # still readable, no longer markup
    assert any("@\u2060here" in t for t in said if "it's your move" in t)
    assert discord_table.hint.endswith("tab1")


def test_a_table_channel_hears_no_message(server, game, alice, bob):
    from pbem.web.services import table_message_post

    chat_channel_add(user=alice, url=SLACK, game=game)
    chat_channel_add(user=alice, url=DISCORD)  # her own
    Notification.objects.filter(game=game).delete()
    table_message_post(game_id=game.pk, user=bob, text="alice, my hand is weak", to_seat=0)
    table_message_post(game_id=game.pk, user=bob, text="@alice good luck")
    assert Notification.objects.filter(kind="message").count() == 2
    assert deliver_all(game) == []
    assert [r["path"].split("/")[1] for r in server.received] == ["discord", "discord"]  # her own channel; the table hears nothing


def test_the_table_deadline_in_the_tables_zone_across_a_dst_change(game, alice, bob):
    """Berlin leaves winter time on 29 March 2026: 18:00 there is 17:00 UTC before, 16:00 after."""
    from datetime import datetime, timezone

    from pbem.models import PendingAction, Profile

    pending = PendingAction.objects.get(game=game, seat__index=1, closed_at=None)
    table = chat_channel_add(user=alice, url=DISCORD, game=game, timezone_name="Europe/Berlin")
    for at, day in ((datetime(2026, 3, 28, 17, 0, tzinfo=timezone.utc), "Sat 28 Mar"),
                    (datetime(2026, 3, 30, 16, 0, tzinfo=timezone.utc), "Mon 30 Mar")):  # fmt: skip
        PendingAction.objects.filter(pk=pending.pk).update(deadline=at)
        assert f"- deadline {day} 18:00 (Europe/Berlin)" in _table_note(game, bob, table)["body"]
    # the creator's language and, without a zone of the channel's own, the creator's zone
    Profile.objects.update_or_create(user=alice, defaults={"language": "de", "timezone": "America/New_York"})
    table.timezone = ""
    note = _table_note(game, bob, table)["body"]
    assert f"bob, du bist am Zug in sealedbid #{game.pk} – Frist Mo 30 Mär 12:00 (America/New_York)" in note, note
    with pytest.raises(InvalidRequest):
        chat_channel_add(user=alice, url=DISCORD, game=game, timezone_name="Mars/Olympus")
