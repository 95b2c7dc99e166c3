"""No your-move mail, push or chat message to a player at the table (issue 28):
held while the page is open and in use, dropped once the decision is
answered, sent once the player has left; a move by mail gets one answer,
which carries the next question. A message to a player at the table (kind
``message``, push and chat) is held the same way, and dropped once their page,
in use after it came, has shown it."""

from datetime import timedelta

import pytest
from django.core import mail as django_mail
from django.test import override_settings
from django.utils import timezone

from notifications import presence
from notifications.models import Delivery, Notification
from notifications.push import vapid_keys_make
from notifications.services import chat_channel_add, delivery_send, notification_send, push_subscribe
from notifications.tasks import deliver
from pbem.models import Seat
from pbem.services import game_advance, move_submit, seat_presence_mark
from pbem.services.preferences import preference_set
from pbem.web.services import table_message_post
from tests.support.push_service import PushService


def _at_table(game, user, ago=0):
    Seat.objects.filter(game=game, player=user).update(page_seen_at=timezone.now() - timedelta(seconds=ago))


def _next_your_move(game, alice, bob):
    move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 3}, source="web")
    move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 1}, source="api")
    game_advance(game_id=game.pk)
    return Notification.objects.filter(game=game, recipient=alice, kind="your_move").order_by("-pk").first()


def test_held_for_a_player_at_the_table_and_dropped_once_answered(started_game, alice, bob):
    game = started_game
    _at_table(game, alice)
    note = _next_your_move(game, alice, bob)
    assert note.deliver_queued_at > timezone.now() + timedelta(seconds=presence.GRACE - 10)  # the sweep leaves it
    django_mail.outbox.clear()
    assert notification_send(notification_id=note.pk) is False  # still at the table: held again
    note.refresh_from_db()
    assert note.sent_at is None and not django_mail.outbox
    game.refresh_from_db()
    move_submit(game_id=game.pk, seat=0, action={"type": "claim", "take": "points"}, source="web", version=game.version)
    assert notification_send(notification_id=note.pk) is False
    note.refresh_from_db()
    assert note.sent_at is not None and note.last_error.startswith("not sent: answered") and not django_mail.outbox


def test_sent_once_the_player_has_left(started_game, alice, bob):
    game = started_game
    _at_table(game, alice)
    note = _next_your_move(game, alice, bob)
    _at_table(game, alice, ago=presence.AWAY_AFTER + 5)  # the page closed, hidden or idle
    django_mail.outbox.clear()
    assert notification_send(notification_id=note.pk) is True
    assert len(django_mail.outbox) == 1


def test_not_held_for_a_player_away(started_game, alice, bob):
    note = _next_your_move(started_game, alice, bob)
    assert note.deliver_queued_at <= timezone.now()
    assert notification_send(notification_id=note.pk) is True


def test_the_pages_poll_marks_the_seat_at_most_every_few_seconds(started_game, alice, django_assert_num_queries):
    seat_presence_mark(game_id=started_game.pk, user=alice)
    seen = Seat.objects.get(game=started_game, player=alice).page_seen_at
    assert seen is not None and presence.seat_at_table(game_id=started_game.pk, seat=0)
    with django_assert_num_queries(0):  # the next polls within PRESENCE_MARK_SECONDS touch no table
        seat_presence_mark(game_id=started_game.pk, user=alice)


def test_a_move_by_mail_gets_one_answer(started_game, alice, bob):
    """The your-move mail a move by mail opens waits for the answer to that mail, which carries it."""
    game = started_game
    preference_set(user=alice, mode="every_move")
    move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 3}, source="email", idempotency_key="m1")
    move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 1}, source="api")
    game_advance(game_id=game.pk)
    note = Notification.objects.filter(game=game, recipient=alice, kind="your_move").order_by("-pk").first()
    assert note.deliver_queued_at > timezone.now()  # waits for the answer
    game.refresh_from_db()
    Notification.objects.create(kind="reply", recipient=alice, to_email=alice.email, game=game, seat=0, version=game.version,
                                subject="Re: your move", body_text="Done ... The situation now ...", dedupe_key="reply:t")
    assert notification_send(notification_id=note.pk) is False
    note.refresh_from_db()
    assert note.sent_at is not None and note.last_error.startswith("not sent")


@pytest.fixture
def push_service():
    keys = vapid_keys_make()
    with override_settings(PBEM_VAPID_PRIVATE_KEY=keys["private_key"], PBEM_VAPID_PUBLIC_KEY=keys["public_key"]):
        with PushService(keys["public_key"]) as service:
            yield service


def test_no_push_or_chat_for_a_decision_answered_at_the_table(push_service, started_game, alice, bob):
    """The deliver task (run here in the test's thread) makes no push or chat
    delivery while the player is at the table, and none once they answered there;
    after they left, the next decision goes by push and chat as before."""
    game = started_game
    device = push_service.device("phone")
    push_subscribe(user=alice, endpoint=device.endpoint, p256dh=device.p256dh, auth=device.auth_b64, label="phone")
    chat_channel_add(user=alice, url="https://discord.com/api/webhooks/417429632418316298/SECRETdiscordTOKEN_xyz9")
    _at_table(game, alice)
    note = _next_your_move(game, alice, bob)
    deliver(note.pk)  # its grace is over, the player is still at the table: held again, by every channel
    note.refresh_from_db()
    assert note.sent_at is None and note.deliver_queued_at > timezone.now()
    assert not Delivery.objects.filter(notification=note).exists() and push_service.received == []
    game.refresh_from_db()
    move_submit(game_id=game.pk, seat=0, action={"type": "claim", "take": "points"}, source="web", version=game.version)
    deliver(note.pk)  # answered within the grace: no push, no chat, no mail
    note.refresh_from_db()
    assert note.sent_at is not None and note.last_error.startswith("not sent: answered")
    assert not Delivery.objects.filter(notification=note).exists() and push_service.received == []
    deliver(note.pk)  # run again (a duplicate task, the sweep): still nothing
    assert not Delivery.objects.filter(notification=note).exists()

    _at_table(game, alice, ago=presence.AWAY_AFTER + 5)  # the page closed, hidden or idle
    later = _next_your_move(game, alice, bob)
    deliver(later.pk)
    made = {d.channel: d for d in Delivery.objects.filter(notification=later)}
    assert set(made) == {"push", "chat"}
    assert delivery_send(delivery_id=made["push"].pk) is True
    assert [e["path"] for e in push_service.received] == ["/push/phone"]


def _message_to(game, alice, bob):
    table_message_post(game_id=game.pk, user=bob, text="Psst, alice: I bid low", to_seat=0)
    return Notification.objects.filter(game=game, recipient=alice, kind="message").order_by("-pk").first()


def _written_ago(note, seconds):
    Notification.objects.filter(pk=note.pk).update(created_at=timezone.now() - timedelta(seconds=seconds))
    note.refresh_from_db()


def test_a_message_to_a_player_at_the_table_is_held_and_dropped_once_their_page_showed_it(push_service, started_game, alice, bob):
    game = started_game
    device = push_service.device("phone")
    push_subscribe(user=alice, endpoint=device.endpoint, p256dh=device.p256dh, auth=device.auth_b64, label="phone")
    chat_channel_add(user=alice, url="https://discord.com/api/webhooks/417429632418316298/SECRETdiscordTOKEN_xyz9")
    _at_table(game, alice)
    note = _message_to(game, alice, bob)
    assert note.deliver_queued_at > timezone.now() + timedelta(seconds=presence.GRACE - 10)  # the sweep leaves it
    deliver(note.pk)  # run early (the page has not said "in use" since it came): held again, by every channel
    note.refresh_from_db()
    assert note.sent_at is None and note.deliver_queued_at > timezone.now()
    assert not Delivery.objects.filter(notification=note).exists() and push_service.received == []
    # the grace is over; the page, open and in use, said so after the message came: it showed it
    _written_ago(note, presence.GRACE)
    _at_table(game, alice)
    deliver(note.pk)
    note.refresh_from_db()
    assert note.sent_at is not None and note.last_error.startswith("not sent: shown")
    assert not Delivery.objects.filter(notification=note).exists() and push_service.received == []


def test_a_message_goes_by_push_and_chat_to_a_player_who_left_before_their_page_showed_it(push_service, started_game, alice, bob):
    game = started_game
    device = push_service.device("phone")
    push_subscribe(user=alice, endpoint=device.endpoint, p256dh=device.p256dh, auth=device.auth_b64, label="phone")
    chat_channel_add(user=alice, url="https://discord.com/api/webhooks/417429632418316298/SECRETdiscordTOKEN_xyz9")
    _at_table(game, alice)
    note = _message_to(game, alice, bob)
    # the page closed a moment after it came, before it said "in use" again
    _written_ago(note, presence.GRACE)
    _at_table(game, alice, ago=presence.GRACE + 1)
    deliver(note.pk)
    made = {d.channel: d for d in Delivery.objects.filter(notification=note)}
    assert set(made) == {"push", "chat"}
    assert delivery_send(delivery_id=made["push"].pk) is True
    assert [e["path"] for e in push_service.received] == ["/push/phone"]


def test_a_message_to_a_player_away_is_not_held(push_service, started_game, alice, bob):
    game = started_game
    device = push_service.device("phone")
    push_subscribe(user=alice, endpoint=device.endpoint, p256dh=device.p256dh, auth=device.auth_b64, label="phone")
    note = _message_to(game, alice, bob)
    assert note.deliver_queued_at is None or note.deliver_queued_at <= timezone.now()
    deliver(note.pk)
    assert set(Delivery.objects.filter(notification=note).values_list("channel", flat=True)) == {"push"}
