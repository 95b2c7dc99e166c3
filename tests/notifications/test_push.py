"""Web Push end to end without the internet: pywebpush posts to a push
service stand-in on loopback (tests/support/push_service.py), which verifies
the VAPID JWT against the public key, decrypts the aes128gcm payload with the
device's private key and reads the notification."""

import pytest
from django.core import mail as django_mail
from django.test import override_settings

from notifications import fanout
from notifications.models import Delivery, Notification, PushSubscription
from notifications.push import vapid_keys_make
from notifications.services import (
    TransientDeliveryError,
    channel_preference_set,
    delivery_send,
    notification_send,
    push_subscribe,
)
from pbem.errors import InvalidRequest
from pbem.services import game_advance, move_submit
from pbem.services.preferences import preference_set
from tests.support.push_service import PushService


@pytest.fixture
def service():
    keys = vapid_keys_make()
    with override_settings(PBEM_VAPID_PRIVATE_KEY=keys["private_key"], PBEM_VAPID_PUBLIC_KEY=keys["public_key"]):
        with PushService(keys["public_key"]) as service:
            yield service


def subscribe(service, user, name):
    device = service.device(name)
    push_subscribe(user=user, endpoint=device.endpoint, p256dh=device.p256dh, auth=device.auth_b64, label="Chromium on Linux")
    return device


def deliver(note) -> list[Delivery]:
    """What the deliver task does, its queued deliveries sent at once."""
    ids = fanout.deliveries_make(notification_id=note.pk)
    for pk in ids:
        delivery_send(delivery_id=pk)
    return list(Delivery.objects.filter(pk__in=ids))


def play_round(game):
    move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 3}, source="web")
    move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 1}, source="web")
    game_advance(game_id=game.pk)


def test_your_move_reaches_every_device_signed_and_encrypted(service, game, alice, bob):
    phone, laptop = subscribe(service, alice, "phone"), subscribe(service, alice, "laptop")
    play_round(game)
    note = Notification.objects.filter(game=game, recipient=alice, kind="your_move").latest("pk")
    deliveries = deliver(note)
    assert {d.target for d in deliveries} == {f"push:{s.pk}" for s in PushSubscription.objects.filter(user=alice)}
    assert all(d.sent_at and not d.last_error for d in deliveries)
    got = {e["path"]: e for e in service.received}
    assert set(got) == {"/push/phone", "/push/laptop"} and all("error" not in e for e in got.values())
    shown = got["/push/phone"]["notification"]
    assert shown["url"] == f"http://127.0.0.1:8000/games/{game.pk}/" and shown["tag"] == f"pbem-game-{game.pk}"
    assert shown["title"] == f"Your move in sealedbid #{game.pk}"
    # what is asked, with the deadline, as the seat's own mail says it
    assert shown["body"].startswith("Claim your prize") and "Deadline:" in shown["body"]
    assert {k.lower(): v for k, v in got["/push/phone"]["headers"].items()}["urgency"] == "high"
    assert PushSubscription.objects.get(endpoint=phone.endpoint).last_used_at is not None
    # made once: the deliver task run again (a retry, the sweep) sends nothing more
    assert deliver(note) == [] and len(service.received) == 2
    assert laptop.endpoint in PushSubscription.objects.values_list("endpoint", flat=True)


@pytest.mark.parametrize("status", [404, 410])
def test_a_gone_device_is_removed(service, game, alice, status):
    subscribe(service, alice, "old")
    service.answers = [status]
    note = Notification.objects.filter(game=game, recipient=alice, kind="your_move").latest("pk")
    (delivery,) = deliver(note)
    assert delivery.sent_at and str(status) in delivery.last_error
    assert not PushSubscription.objects.filter(user=alice).exists()


def test_a_failing_push_service_is_retried(service, game, alice):
    subscribe(service, alice, "phone")
    service.answers = [503, 500]
    note = Notification.objects.filter(game=game, recipient=alice, kind="your_move").latest("pk")
    (pk,) = fanout.deliveries_make(notification_id=note.pk)
    for _ in range(2):
        with pytest.raises(TransientDeliveryError):
            delivery_send(delivery_id=pk)
    assert delivery_send(delivery_id=pk) is True
    row = Delivery.objects.get(pk=pk)
    assert row.attempts == 3 and row.sent_at and [e["status"] for e in service.received] == [503, 500, 201]
    assert "127.0.0.1" not in row.last_error  # the endpoint is a capability: never recorded


def test_push_only_players_get_no_mail_and_preferences_are_per_kind(service, game, alice, bob):
    preference_set(user=alice, mode="off")
    subscribe(service, alice, "phone")
    channel_preference_set(user=bob, kind="your_move", channel="push", enabled=False)
    subscribe(service, bob, "bobs")
    play_round(game)
    note = Notification.objects.filter(game=game, recipient=alice, kind="your_move").latest("pk")
    assert note.mail is False  # written once all the same, for the push
    django_mail.outbox.clear()
    assert notification_send(notification_id=note.pk) is False and django_mail.outbox == []
    assert len(deliver(note)) == 1
    bobs = Notification.objects.filter(game=game, recipient=bob, kind="your_move").latest("pk")
    assert bobs.mail and deliver(bobs) == []  # bob takes his move by mail only


def test_a_lost_push_is_found_by_the_sweep_and_queued_again(service, game, alice, queue):
    from datetime import timedelta

    from django.utils import timezone

    from pbem.services.sweeps import deliveries_lost_requeue

    subscribe(service, alice, "phone")
    note = Notification.objects.filter(game=game, recipient=alice, kind="your_move").latest("pk")
    (pk,) = fanout.deliveries_make(notification_id=note.pk)  # its task never runs (on_commit does not fire here)
    assert deliveries_lost_requeue(grace_seconds=10) == 0  # within the grace its task may still run
    Delivery.objects.filter(pk=pk).update(queued_at=timezone.now() - timedelta(seconds=11))
    assert deliveries_lost_requeue(grace_seconds=10) == 1 and queue() == 1  # really on the broker
    assert deliveries_lost_requeue(grace_seconds=10) == 0  # marked anew: once per grace
    assert delivery_send(delivery_id=pk) and len(service.received) == 1
    Delivery.objects.filter(pk=pk).update(queued_at=timezone.now() - timedelta(hours=1))
    assert deliveries_lost_requeue(grace_seconds=10) == 0  # sent: never again


def test_a_message_to_you_is_pushed_to_whom_it_is_for(service, game, alice, bob):
    """A private message reaches its addressee's devices; a message to the table reaches
    those it names ("@alice"); neither is mailed on its own, and nobody else is told."""
    from pbem.web.services import table_message_post

    subscribe(service, alice, "phone"), subscribe(service, bob, "bobs")  # bob has a device too: it hears nothing
    table_message_post(game_id=game.pk, user=bob, text="Psst, alice: I bid low", to_seat=0)
    table_message_post(game_id=game.pk, user=bob, text="Good luck, everyone")  # names nobody
    table_message_post(game_id=game.pk, user=bob, text="Your turn to talk, @Alice.")
    table_message_post(game_id=game.pk, user=alice, text="@alice talks to herself")  # the sender is never told
    rows = list(Notification.objects.filter(kind="message").order_by("pk"))
    assert [(r.recipient, r.data["private"]) for r in rows] == [(alice, True), (alice, False)]
    django_mail.outbox.clear()
    for row in rows:
        assert row.mail is False and notification_send(notification_id=row.pk) is False
        assert [d.sent_at is not None and not d.last_error for d in deliver(row)] == [True]
    assert django_mail.outbox == []  # the next your-move mail's table talk carries them
    shown = [e["notification"] for e in service.received]
    assert [e["path"] for e in service.received] == ["/push/phone", "/push/phone"]
    assert shown[0]["title"] == f"bob wrote to you in sealedbid #{game.pk}" and shown[0]["body"] == "Psst, alice: I bid low"
    assert shown[1]["title"] == f"bob named you at the table of sealedbid #{game.pk}"
    # its own tag: it does not replace the game's your-move push on the device
    assert shown[0]["tag"] == f"pbem-game-{game.pk}-message" and shown[0]["url"].endswith(f"/games/{game.pk}/")


def test_a_message_to_you_follows_the_players_choice(service, game, alice, bob):
    from pbem.web.services import table_message_post

    subscribe(service, alice, "phone")
    channel_preference_set(user=alice, kind="message", channel="push", enabled=False)
    table_message_post(game_id=game.pk, user=bob, text="Psst", to_seat=0)
    assert not Notification.objects.filter(kind="message").exists()  # nothing wants it: no row
    with pytest.raises(InvalidRequest):
        channel_preference_set(user=alice, kind="message", channel="mail", enabled=True)  # never a mail of its own


def test_a_push_to_an_inner_address_is_refused_for_good(service, game, alice, settings):
    """SSRF: a push endpoint is the browser's word, and a push reaches the public internet
    only (notifications.egress). Without the operator's leave the stand-in on loopback is an
    inner address like any other: refused, final, nothing sent, nothing retried."""
    subscribe(service, alice, "phone")
    settings.PBEM_CHANNEL_ALLOWED_NETWORKS = []
    note = Notification.objects.filter(game=game, recipient=alice, kind="your_move").latest("pk")
    (pk,) = fanout.deliveries_make(notification_id=note.pk)
    assert delivery_send(delivery_id=pk) is False  # no TransientDeliveryError: no retry
    row = Delivery.objects.get(pk=pk)
    assert row.sent_at and "not on the public internet" in row.last_error and service.received == []
    assert "127.0.0.1" not in row.last_error
