"""The operator's actions (pbem.services.operations): aborting a game, giving
open decisions more time, giving a seat to another player."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from notifications.models import InboundMessage, Notification, ReplyAddress
from tests.support.rendered import rendered
from pbem import services
from pbem.errors import Conflict, InvalidRequest, NotFound, ServiceError
from pbem.models import Game, Move, PendingAction, Seat
from tests.email import mails
from tests.email.conftest import deliver

pytestmark = pytest.mark.django_db


def _open(game):
    return PendingAction.objects.filter(game=game, closed_at__isnull=True)


def test_abort_closes_the_open_decisions_and_takes_no_more_moves(started_game):
    game = started_game
    assert _open(game).count() == 2
    aborted = services.game_abort(game_id=game.pk)
    assert aborted.status == Game.Status.ABORTED and aborted.finished_at is not None
    assert not _open(game).exists()
    with pytest.raises(ServiceError):
        services.move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 1}, source="api", version=game.version)
    assert not Move.objects.filter(game=game).exists()
    with pytest.raises(Conflict, match="already aborted"):
        services.game_abort(game_id=game.pk)
    with pytest.raises(NotFound):
        services.game_abort(game_id=999_999)


def test_deadline_extension_moves_the_deadline_and_the_sweeps_marks_together(started_game):
    game = started_game
    fields = ("deadline", "due_at", "remind_at", "last_call_at")
    before = {p.pk: [getattr(p, f) for f in fields] for p in _open(game)}
    assert all(v is not None for marks in before.values() for v in marks[:2])
    assert services.deadline_extend(game_id=game.pk, hours=24) == 2
    for p in _open(game):
        assert [getattr(p, f) for f in fields] == [v + timedelta(hours=24) if v else None for v in before[p.pk]]
    for hours in (0, -5, 24 * 61, "24", True):
        with pytest.raises(InvalidRequest, match="between 1 and"):
            services.deadline_extend(game_id=game.pk, hours=hours)
    for p in _open(game):  # nothing moved on a refusal
        assert p.deadline == before[p.pk][0] + timedelta(hours=24)


def test_a_seat_given_to_another_player_takes_the_decision_and_the_old_address_stops(started_game, alice, bob, carol):
    game = started_game
    old_token = ReplyAddress.objects.get(game=game, seat=1, user=bob).address
    assert Notification.objects.filter(game=game, seat=1, recipient=bob, kind="your_move", sent_at__isnull=True).exists()

    bobs = PendingAction.objects.get(game=game, seat__index=1, closed_at__isnull=True)
    PendingAction.objects.filter(pk=bobs.pk).update(deadline=timezone.now() + timedelta(minutes=5), reminded_at=timezone.now())
    seat = services.seat_reassign(game_id=game.pk, seat_index=1, user=carol)
    assert seat.player == carol and not seat.is_bot and seat.status == Seat.Status.PLAYING
    bobs.refresh_from_db()  # bob left it late: carol gets a whole clock, and a reminder again
    assert bobs.deadline > timezone.now() + timedelta(hours=1) and bobs.reminded_at is None
    # bob's address of that seat is gone, and his mail of the seat not yet sent is not sent
    assert not ReplyAddress.objects.filter(game=game, seat=1, user=bob).exists()
    assert not Notification.objects.filter(game=game, seat=1, recipient=bob, sent_at__isnull=True).exclude(kind="notice").exists()
    row = deliver(mails.plain("bob@example.org", old_token, "bid 9"))
    assert row.status == InboundMessage.Status.DROPPED, row.outcome
    assert not Move.objects.filter(game=game, seat=1).exists()
    # bob is told, on an address that reaches no seat
    note = rendered(Notification.objects.get(recipient=bob, kind="notice", game=game))
    assert "carol" in note.body_text
    assert not ReplyAddress.objects.filter(token=note.headers["Reply-To"].split("@")[0], game__isnull=False).exists()

    # carol is asked for the open decision, with her own reply address, and her answer counts
    ask = rendered(Notification.objects.get(recipient=carol, kind="your_move", game=game, seat=1))
    assert ask.version == game.version and "bid" in ask.body_text
    mine = ReplyAddress.objects.get(game=game, seat=1, user=carol).address
    assert ask.headers["Reply-To"] == mine
    assert Notification.objects.filter(recipient=carol, kind="notice", game=game).exists()
    row = deliver(mails.plain("carol@example.org", mine, "bid 3", in_reply_to=ask.message_id))
    assert row.status == InboundMessage.Status.PROCESSED, row.outcome
    assert Move.objects.get(game=game, seat=1).sealed


def test_a_bot_seat_and_an_open_seat_can_be_given_to_a_player(alice, carol, make_user):
    with_bot = services.game_create(creator=alice, engine="sealedbid", players=2, bots=1, seed=3)
    services.game_start(game_id=with_bot.pk, user=alice)
    bots_turn = PendingAction.objects.get(game=with_bot, seat__index=1, closed_at__isnull=True)
    assert bots_turn.deadline is None  # a bot is never waited for
    seat = services.seat_reassign(game_id=with_bot.pk, seat_index=1, user=carol)
    assert (seat.player, seat.is_bot, seat.status) == (carol, False, Seat.Status.PLAYING)
    bots_turn.refresh_from_db()  # carol is: her decision has a deadline and its timeout
    assert bots_turn.deadline > timezone.now() and bots_turn.due_at >= bots_turn.deadline
    assert Notification.objects.filter(recipient=carol, kind="your_move", game=with_bot, seat=1).exists()

    forming = services.game_create(creator=alice, engine="sealedbid", players=3, seed=4)
    dan = make_user("dan")
    assert services.seat_reassign(game_id=forming.pk, seat_index=2, user=dan).player == dan
    assert not Notification.objects.filter(recipient=dan, kind="your_move").exists()  # nothing is asked yet


def test_refused_reassignments_change_nothing(started_game, alice, bob, carol):
    game = started_game
    finished = services.game_create(creator=alice, engine="sealedbid", players=2, seed=5)
    services.game_abort(game_id=finished.pk)
    gone = get_user_model().objects.create_user("gone", "gone@example.org", "pw", is_active=False)
    cases = [
        (dict(game_id=game.pk, seat_index=1, user=alice), Conflict, "already plays seat 1"),
        (dict(game_id=game.pk, seat_index=1, user=bob), Conflict, "already holds seat 2"),
        (dict(game_id=game.pk, seat_index=7, user=carol), NotFound, "no seat 8"),
        (dict(game_id=finished.pk, seat_index=1, user=carol), Conflict, "aborted"),
        (dict(game_id=game.pk, seat_index=1, user=gone), InvalidRequest, "active account"),
        (dict(game_id=game.pk, seat_index=1, user=None), InvalidRequest, "active account"),
    ]
    for kwargs, error, message in cases:
        with pytest.raises(error, match=message):
            services.seat_reassign(**kwargs)
    assert [s.player for s in game.seats.order_by("index")] == [alice, bob]
    assert ReplyAddress.objects.filter(game=game, seat=1, user=bob).exists()
    assert not Notification.objects.filter(kind="notice").exists()
