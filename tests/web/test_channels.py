"""The profile's grid of channels per kind and the chat channels, by the
Django test client: choices stored and honoured by the outbox, a channel URL
never shown back whole, a table channel only by the game's creator."""

import pytest
from django.test import Client

from notifications.models import ChannelPreference, ChatChannel, Notification
from pbem.services import game_advance, move_submit

pytestmark = pytest.mark.django_db

DISCORD = "https://discord.com/api/webhooks/417429632418316298/SECRETdiscordTOKEN_xyz9"


def client_of(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def test_the_grid_decides_what_is_mailed(started_game, alice):
    page = client_of(alice).get("/profile/")
    assert page.status_code == 200 and 'name="your_move:mail"' in page.content.decode()
    # alice wants her moves by push only: the outbox writes the row for the push, unmailed
    ticked = {"your_move:push": "on", "reminder:mail": "on", "reminder:push": "on", "game_over:mail": "on"}
    assert client_of(alice).post("/profile/channels/", ticked).status_code == 302
    assert ChannelPreference.objects.get(user=alice, kind="your_move", channel="mail").enabled is False
    assert not ChannelPreference.objects.filter(user=alice, kind="reminder", channel="mail").exists()  # as the mode says
    asked = Notification.objects.filter(recipient=alice, kind="your_move")
    before = asked.count()
    move_submit(game_id=started_game.pk, seat=0, action={"type": "bid", "amount": 3}, source="web")
    move_submit(game_id=started_game.pk, seat=1, action={"type": "bid", "amount": 1}, source="web")
    game_advance(game_id=started_game.pk)
    # no device, no chat: nothing else wants it, so no row at all
    assert asked.count() == before
    assert started_game.pending_actions.filter(seat__index=0, closed_at=None).exists()  # she was asked


def test_chat_channels_from_the_profile_and_the_game_page(started_game, alice, bob):
    c = client_of(alice)
    c.post("/profile/chat/", {"url": DISCORD})
    page = c.get("/profile/").content.decode()
    assert "Discord …xyz9" in page and "SECRET" not in page
    c.post("/profile/chat/", {"url": "mailto://u:p@example.org"})
    assert ChatChannel.objects.filter(user=alice).count() == 1
    # the table channel: the creator's, from the game page; bob may not
    game_page = c.get(f"/games/{started_game.pk}/").content.decode()
    assert 'id="h-table-chat"' in game_page
    assert 'id="h-table-chat"' not in client_of(bob).get(f"/games/{started_game.pk}/").content.decode()
    assert client_of(bob).post(f"/games/{started_game.pk}/chat/", {"url": DISCORD}).status_code == 404
    c.post(f"/games/{started_game.pk}/chat/", {"url": DISCORD.replace("xyz9", "abc1"), "mentions": "alice = <@1>\nbob=<@2>\njunk"})
    table = ChatChannel.objects.get(game=started_game)
    assert table.mentions == {"alice": "<@1>", "bob": "<@2>"} and table.user is None
    c.post(f"/profile/chat/{table.pk}/remove/", {"back": f"/games/{started_game.pk}/"})
    assert not ChatChannel.objects.filter(game=started_game).exists()


def test_handles_from_the_profile_and_the_tables_zone_from_the_game_page(started_game, alice, bob):
    from notifications.models import ChatHandle

    c = client_of(bob)
    page = c.get("/profile/").content.decode()
    assert 'name="handle:Discord"' in page and 'name="handle:Telegram"' in page
    answer = c.post("/profile/chat/handles/", {"handle:Discord": "123456789012345678", "handle:Slack": "<!here>"}, follow=True)
    assert "is not how Slack mentions a player" in answer.content.decode()  # the bad one told, the good one kept
    assert dict(ChatHandle.objects.filter(user=bob).values_list("service", "handle")) == {"Discord": "123456789012345678"}
    a = client_of(alice)
    assert 'name="timezone" value="UTC"' in a.get(f"/games/{started_game.pk}/").content.decode()  # the creator's zone
    a.post(f"/games/{started_game.pk}/chat/", {"url": DISCORD, "timezone": "Europe/Berlin", "mentions": "bob = @everyone"})
    assert not ChatChannel.objects.filter(game=started_game).exists()  # no mention may ping everyone
    a.post(f"/games/{started_game.pk}/chat/", {"url": DISCORD, "timezone": "Europe/Berlin"})
    assert ChatChannel.objects.get(game=started_game).timezone == "Europe/Berlin"
    refused = a.post("/profile/chat/", {"url": "jsons://169.254.169.254/latest"}, follow=True).content.decode()
    assert "not on the public internet" in refused and not ChatChannel.objects.filter(user=alice).exists()
