"""No your-move mail, push or chat message to a player at the table (issue 28):
held while the page is open and in use, dropped once the decision is
answered, sent once the player has left; a move by mail gets one answer,
which carries the next question. A message to a player at the table (kind
``message``, push and chat) is held the same way, and dropped once their page,
in use after it came, has shown it."""

import json
import re
from datetime import datetime, timedelta

import pytest
import redis
from django.conf import settings
from django.core import mail as django_mail
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from notifications import presence
from notifications.models import Delivery, Notification
from notifications.push import vapid_keys_make
from notifications.services import chat_channel_add, delivery_send, notification_send, push_subscribe
from notifications.tasks import deliver
from pbem import services
from pbem.models import Game, Seat
from pbem.services import game_advance, move_submit, seat_presence_mark
from pbem.services.preferences import preference_set
from pbem.web.services import table_message_post
from tests.conftest_worker import queue_lists
from tests.support.push_service import PushService


def _at_table(game, user, ago=0):
    Seat.objects.filter(game=game, player=user).update(page_seen_at=timezone.now() - timedelta(seconds=ago))


@pytest.fixture
def committed(django_capture_on_commit_callbacks, queue):
    """Runs a call and what its commit sets off (the live notice, the holds and the deliveries'
    publish: the hold of a your-move mail is decided after the step's commit); the queues the
    publish fills are emptied before and after (``queue``)."""

    def run(call, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return call(**kwargs)

    return run


def _next_your_move(game, alice, bob, committed):
    move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 3}, source="web")
    move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 1}, source="api")
    committed(game_advance, game_id=game.pk)
    return Notification.objects.filter(game=game, recipient=alice, kind="your_move").order_by("-pk").first()


def test_held_for_a_player_at_the_table_and_dropped_once_answered(started_game, alice, bob, committed):
    game = started_game
    _at_table(game, alice)
    note = _next_your_move(game, alice, bob, committed)
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


def test_sent_once_the_player_has_left(started_game, alice, bob, committed):
    game = started_game
    _at_table(game, alice)
    note = _next_your_move(game, alice, bob, committed)
    _at_table(game, alice, ago=presence.AWAY_AFTER + 5)  # the page closed, hidden or idle
    django_mail.outbox.clear()
    assert notification_send(notification_id=note.pk) is True
    assert len(django_mail.outbox) == 1


def test_not_held_for_a_player_away(started_game, alice, bob, committed):
    note = _next_your_move(started_game, alice, bob, committed)
    assert note.deliver_queued_at <= timezone.now()
    assert notification_send(notification_id=note.pk) is True


def test_the_pages_poll_marks_the_seat_at_most_every_few_seconds(started_game, alice, django_assert_num_queries):
    seat_presence_mark(game_id=started_game.pk, user=alice)
    seen = Seat.objects.get(game=started_game, player=alice).page_seen_at
    assert seen is not None and presence.seat_at_table(game_id=started_game.pk, seat=0)
    with django_assert_num_queries(0):  # the next polls within PRESENCE_MARK_SECONDS touch no table
        seat_presence_mark(game_id=started_game.pk, user=alice)


def test_a_move_by_mail_gets_one_answer(started_game, alice, bob, committed):
    """The your-move mail a move by mail opens waits for the answer to that mail, which carries it."""
    game = started_game
    preference_set(user=alice, mode="every_move")
    move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 3}, source="email", idempotency_key="m1")
    move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 1}, source="api")
    committed(game_advance, game_id=game.pk)
    note = Notification.objects.filter(game=game, recipient=alice, kind="your_move").order_by("-pk").first()
    assert note.deliver_queued_at > timezone.now() + timedelta(seconds=presence.MAIL_ANSWER_WAIT - 10)  # waits for the answer
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


def test_no_push_or_chat_for_a_decision_answered_at_the_table(push_service, started_game, alice, bob, committed):
    """The deliver task (run here in the test's thread) makes no push or chat
    delivery while the player is at the table, and none once they answered there;
    after they left, the next decision goes by push and chat as before."""
    game = started_game
    device = push_service.device("phone")
    push_subscribe(user=alice, endpoint=device.endpoint, p256dh=device.p256dh, auth=device.auth_b64, label="phone")
    chat_channel_add(user=alice, url="https://discord.com/api/webhooks/417429632418316298/SECRETdiscordTOKEN_xyz9")
    _at_table(game, alice)
    note = _next_your_move(game, alice, bob, committed)
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
    later = _next_your_move(game, alice, bob, committed)
    deliver(later.pk)
    made = {d.channel: d for d in Delivery.objects.filter(notification=later)}
    assert set(made) == {"push", "chat"}
    assert delivery_send(delivery_id=made["push"].pk) is True
    assert [e["path"] for e in push_service.received] == ["/push/phone"]


def _asks_presence(sql: str) -> bool:
    """A query that asks whether a player is at the table (its page in use lately)."""
    return re.search(r'page_seen_at"? >=', sql) is not None


def _delivers_queued() -> dict[int, str | None]:
    """The deliver tasks in this run's mail queue: notification id -> the task's ETA (None: at once)."""
    r = redis.Redis.from_url(settings.REDIS_URL)
    found = {}
    for key in queue_lists(settings.CELERY_TASK_DEFAULT_QUEUE):
        for raw in r.lrange(key, 0, -1):
            headers = json.loads(raw)["headers"]
            if headers["task"] == "notifications.tasks.deliver":
                found[int(headers["argsrepr"].strip("(,)"))] = headers.get("eta")
    return found


def test_the_hold_is_decided_after_the_steps_commit(started_game, alice, bob, django_capture_on_commit_callbacks, queue):
    """The step holds the game's lock without asking whether anyone is at the table; after its
    commit one query decides the holds, the held row's mark is dated when its task is due and its
    deliver task is queued with that countdown."""
    game = started_game
    _at_table(game, alice)
    move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 3}, source="web")
    move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 1}, source="api")
    with django_capture_on_commit_callbacks() as callbacks, CaptureQueriesContext(connection) as step:
        game_advance(game_id=game.pk)
    asks = [x["sql"] for x in step.captured_queries if _asks_presence(x["sql"])]
    assert not asks, asks
    note = Notification.objects.filter(game=game, recipient=alice, kind="your_move").order_by("-pk").first()
    assert note.deliver_queued_at <= timezone.now()  # committed with a mark like any row: the lost-work sweep's
    with CaptureQueriesContext(connection) as after:
        for callback in callbacks:
            callback()
    assert len([x for x in after.captured_queries if _asks_presence(x["sql"])]) == 1
    note.refresh_from_db()
    assert note.deliver_queued_at > timezone.now() + timedelta(seconds=presence.GRACE - 10)
    eta = _delivers_queued()[note.pk]
    assert eta is not None and datetime.fromisoformat(eta) > timezone.now() + timedelta(seconds=presence.GRACE - 10)


def test_the_holds_of_a_steps_mails_take_one_query(alice, bob, carol, django_capture_on_commit_callbacks, queue):
    """A sealed decision asks every seat at once: one query after the commit decides whom its
    mails wait for (the players at the table), and only their rows are written again."""
    game = services.game_create(creator=alice, engine="sealedbid", players=3, seed=4)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    _at_table(game, alice)
    _at_table(game, carol)
    with django_capture_on_commit_callbacks() as callbacks:
        services.game_start(game_id=game.pk, user=alice)
    with CaptureQueriesContext(connection) as after:
        for callback in callbacks:
            callback()
    assert len([x for x in after.captured_queries if _asks_presence(x["sql"])]) == 1
    assert len([x for x in after.captured_queries if x["sql"].startswith('UPDATE "notifications_notification"')]) == 1
    rows = {n.recipient.username: n for n in Notification.objects.filter(game=game, kind="your_move")}
    assert set(rows) == {"alice", "bob", "carol"}
    later = timezone.now() + timedelta(seconds=presence.GRACE - 10)
    assert rows["alice"].deliver_queued_at > later and rows["carol"].deliver_queued_at > later
    assert rows["bob"].deliver_queued_at <= timezone.now()
    queued = _delivers_queued()
    assert queued[rows["bob"].pk] is None and queued[rows["alice"].pk] is not None and queued[rows["carol"].pk] is not None


def test_a_broker_away_after_the_commit_leaves_the_mail_to_the_sweep(started_game, alice, bob, committed, monkeypatch):
    """The step is committed before its mails are queued: a publish that fails is logged, the
    row keeps its mark, and the lost-work sweep finds it."""
    def broker_down(*args, **kwargs):
        raise OSError("connection refused")

    monkeypatch.setattr(deliver, "apply_async", broker_down)
    note = _next_your_move(started_game, alice, bob, committed)  # no exception: the step stands
    assert note.sent_at is None and note.deliver_queued_at is not None
    assert Game.objects.get(pk=started_game.pk).version == note.version


def _message_to(game, alice, bob, committed):
    committed(table_message_post, game_id=game.pk, user=bob, text="Psst, alice: I bid low", to_seat=0)
    return Notification.objects.filter(game=game, recipient=alice, kind="message").order_by("-pk").first()


def _written_ago(note, seconds):
    Notification.objects.filter(pk=note.pk).update(created_at=timezone.now() - timedelta(seconds=seconds))
    note.refresh_from_db()


def _devices(push_service, alice, chat=True):
    device = push_service.device("phone")
    push_subscribe(user=alice, endpoint=device.endpoint, p256dh=device.p256dh, auth=device.auth_b64, label="phone")
    if chat:
        chat_channel_add(user=alice, url="https://discord.com/api/webhooks/417429632418316298/SECRETdiscordTOKEN_xyz9")


def test_a_message_to_a_player_at_the_table_is_held_and_dropped_once_their_page_showed_it(push_service, started_game, alice, bob, committed):
    game = started_game
    _devices(push_service, alice)
    _at_table(game, alice)
    note = _message_to(game, alice, bob, committed)
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


def test_a_message_goes_by_push_and_chat_to_a_player_who_left_before_their_page_showed_it(push_service, started_game, alice, bob, committed):
    game = started_game
    _devices(push_service, alice)
    _at_table(game, alice)
    note = _message_to(game, alice, bob, committed)
    # the page closed a moment after it came, before it said "in use" again
    _written_ago(note, presence.GRACE)
    _at_table(game, alice, ago=presence.GRACE + 1)
    deliver(note.pk)
    made = {d.channel: d for d in Delivery.objects.filter(notification=note)}
    assert set(made) == {"push", "chat"}
    assert delivery_send(delivery_id=made["push"].pk) is True
    assert [e["path"] for e in push_service.received] == ["/push/phone"]


def test_a_message_to_a_player_away_is_not_held(push_service, started_game, alice, bob, committed):
    game = started_game
    _devices(push_service, alice, chat=False)
    note = _message_to(game, alice, bob, committed)
    assert note.deliver_queued_at is None or note.deliver_queued_at <= timezone.now()
    deliver(note.pk)
    assert set(Delivery.objects.filter(notification=note).values_list("channel", flat=True)) == {"push"}
