"""A lost task never stalls a game: the sweep re-queues complete decisions,
waiting bots and unsent notifications, and only those."""

from datetime import timedelta

from django.utils import timezone

from notifications.models import Notification
from pbem import services
from pbem.models import PendingAction


def test_sweep_requeues_only_stalled_work(started_game, queue, bob):
    services.move_submit(game_id=started_game.pk, seat=0, action={"type": "bid", "amount": 5}, source="api")
    # incomplete decision: nothing to advance; the outbox rows are fresh
    assert services.stalled_work_requeue(grace_seconds=60) == {"games": 0, "notifications": 0}
    services.move_submit(game_id=started_game.pk, seat=1, action={"type": "bid", "amount": 2}, source="api")
    assert services.stalled_work_requeue(grace_seconds=60)["games"] == 0  # complete, but within the grace
    long_ago = timezone.now() - timedelta(minutes=5)
    PendingAction.objects.filter(game=started_game).update(submitted_at=long_ago)
    Notification.objects.update(created_at=long_ago)
    unsent = Notification.objects.filter(sent_at__isnull=True).count()
    assert services.stalled_work_requeue(grace_seconds=60) == {"games": 1, "notifications": unsent}
    assert queue() == 1 + unsent  # really on the broker
    services.game_advance(game_id=started_game.pk)
    Notification.objects.update(sent_at=timezone.now())
    assert services.stalled_work_requeue(grace_seconds=60) == {"games": 0, "notifications": 0}


def test_sweep_requeues_a_game_waiting_on_a_bot(alice, queue):
    game = services.game_create(creator=alice, engine="sealedbid", players=3, bots=2)
    services.game_start(game_id=game.pk, user=alice)
    PendingAction.objects.filter(game=game).update(opened_at=timezone.now() - timedelta(minutes=5))
    assert services.stalled_work_requeue(grace_seconds=60)["games"] == 1


def test_a_lost_advance_is_found_by_its_mark_and_queued_again(started_game, queue):
    from pbem.models import Game

    services.move_submit(game_id=started_game.pk, seat=0, action={"type": "bid", "amount": 5}, source="api")
    services.move_submit(game_id=started_game.pk, seat=1, action={"type": "bid", "amount": 2}, source="api")
    assert Game.objects.get(pk=started_game.pk).advance_queued_at is not None  # marked with the work
    assert services.lost_advances_requeue(grace_seconds=10) == 0  # within the grace: its task may still run
    Game.objects.filter(pk=started_game.pk).update(advance_queued_at=timezone.now() - timedelta(seconds=11))
    assert services.lost_advances_requeue(grace_seconds=10) == 1 and queue() == 1
    assert services.lost_advances_requeue(grace_seconds=10) == 0  # marked anew: not queued twice in one grace
    services.game_advance(game_id=started_game.pk)
    assert Game.objects.get(pk=started_game.pk).advance_queued_at is None  # done: the mark is gone


def test_an_advance_waiting_in_the_queue_is_not_queued_again(started_game, queue):
    """Waiting behind other work is not lost: however old its mark, a task still in the broker's
    queue is never queued a second time (the backlog the sweeps used to make of their own)."""
    from pbem.models import Game
    from pbem.tasks import advance

    advance.delay(started_game.pk)  # its task, waiting (no worker runs here)
    Game.objects.filter(pk=started_game.pk).update(advance_queued_at=timezone.now() - timedelta(minutes=5))
    for _ in range(3):
        assert services.lost_advances_requeue(grace_seconds=10) == 0
    assert queue() == 1
    import redis
    from django.conf import settings

    redis.Redis.from_url(settings.REDIS_URL).delete(settings.CELERY_TASK_DEFAULT_QUEUE)  # the broker emptied: now it is lost
    assert services.lost_advances_requeue(grace_seconds=10) == 1 and queue() == 1
    assert services.lost_advances_requeue(grace_seconds=0) == 0  # and queued once


def test_lost_mail_is_queued_again_on_mails_own_queue(started_game, queue):
    """Re-sent mail goes back where fresh mail goes: mail's own queue (PBEM_MAIL_QUEUE), at mail's
    priority, never onto the games' queue ahead of an advance."""
    import redis
    from django.conf import settings

    Notification.objects.update(deliver_queued_at=timezone.now() - timedelta(minutes=5))
    unsent = Notification.objects.filter(sent_at__isnull=True).count()
    assert unsent and services.notifications_lost_requeue(grace_seconds=10) == unsent
    r = redis.Redis.from_url(settings.REDIS_URL)
    assert settings.PBEM_MAIL_QUEUE and r.llen(settings.PBEM_MAIL_QUEUE) == unsent
    assert r.llen(settings.CELERY_TASK_DEFAULT_QUEUE) == 0
    Notification.objects.update(deliver_queued_at=timezone.now() - timedelta(minutes=5))
    assert services.notifications_lost_requeue(grace_seconds=10) == 0  # waiting: not a second copy
    assert services.stalled_work_requeue(grace_seconds=0)["notifications"] == 0
    assert queue() == unsent
