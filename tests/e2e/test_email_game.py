"""Whole games played to the end by email alone: every move of every player
is a reply (over SMTP, to the built-in server) to the "your move" mail the
real Celery worker sent; the worker stores, runs and answers each mail."""

import pytest
from django.db.models import Q
from django.contrib.auth import get_user_model

from engines.rng import Rng
from notifications.models import Notification
from pbem import services
from pbem.models import Game, Move, PendingAction
from pbem.selectors import engine_get
from tests.conftest_worker import wait_for
from tests.email.smtp_server import smtp_server  # noqa: F401 - the fixture

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def quoted(text):
    return "\n".join("> " + line for line in text.splitlines())


def play_by_mail(smtp, engine_slug: str, seed: int, max_mails: int = 400):
    User = get_user_model()
    alice = User.objects.create_user("alice", "alice@example.org", "pw")
    bob = User.objects.create_user("bob", "bob@example.org", "pw")
    game = services.game_create(creator=alice, engine=engine_slug, players=2, seed=seed)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    engine = engine_get(engine_slug)
    players = {0: alice, 1: bob}
    mails = 0
    while True:
        game = Game.objects.get(pk=game.pk)
        if game.status == Game.Status.FINISHED:
            return game, mails
        waiting = list(PendingAction.objects.filter(game=game, version=game.version, closed_at__isnull=True, submitted_at__isnull=True).select_related("seat"))
        if not waiting:  # the worker is applying a complete decision
            wait_for(lambda: Game.objects.get(pk=game.pk).version > game.version or Game.objects.get(pk=game.pk).status != "active", what="the worker to apply")
            continue
        for p in waiting:
            seat = p.seat.index
            # the player reads the mail the worker sent, and replies to it
            # the your-move mail, or the answer to the player's own mail when it carries what is asked now
            # (a move by mail gets one answer that is also the next your-move mail: notifications.presence)
            note = wait_for(
                lambda: Notification.objects.filter(game=game, seat=seat, sent_at__isnull=False)
                .filter(Q(kind="your_move", version=game.version) | Q(kind="reply", version__gte=game.version))
                .order_by("-pk").first(),
                what=f"seat {seat + 1}'s mail for version {game.version}",
            )
            action = engine.bot(game.state, seat, Rng.from_seed(seed * 1000 + game.version * 7 + seat))
            command = engine.command(game.state, seat, action)
            smtp.send(
                f"{players[seat].username.title()} <{players[seat].email}>",
                note.headers["Reply-To"],
                f"{command}\n\nOn 22 Nov 2026, pbem <games@pbem.localhost> wrote:\n{quoted(note.body_text)}\n",
                subject="Re: " + note.subject,
                in_reply_to=note.message_id,
            )
            mails += 1
            assert mails <= max_mails, "the game does not end"
        wait_for(
            lambda: Game.objects.get(pk=game.pk).version > game.version or Game.objects.get(pk=game.pk).status != "active",
            timeout=60,
            what=f"the worker to take the mails for version {game.version}",
        )


def check_ended_by_mail(game, celery_worker_process):
    assert game.status == Game.Status.FINISHED and game.outcome
    sources = set(Move.objects.filter(game=game).values_list("source", flat=True))
    assert sources == {"email"}
    for user in get_user_model().objects.all():
        over = wait_for(lambda: Notification.objects.filter(game=game, recipient=user, kind="game_over", sent_at__isnull=False).first(), what="the result mail")
        assert "Final standings" in over.body_text
        # one thread per game and player: every mail after the first answers the first
        mails = list(Notification.objects.filter(game=game, to_email=user.email).exclude(kind="reply").order_by("pk"))
        root = mails[0].message_id
        assert all(m.headers.get("References", "").startswith(root) for m in mails[1:])
    # every answer to a player's mail said "Done", none a refusal or a traceback
    replies = Notification.objects.filter(game=game, kind="reply")
    assert replies.exists()
    # an answer's text is rendered when the worker delivers it: read them as sent
    wait_for(lambda: not replies.filter(sent_at__isnull=True).exists(), what="every answer delivered")
    assert all(r.body_text.startswith("Done:") for r in replies), [r.body_text for r in replies if not r.body_text.startswith("Done:")][:1]
    assert "Traceback" not in celery_worker_process.output()


def test_sealedbid_to_the_end_by_email(smtp_server, celery_worker_process):
    game, mails = play_by_mail(smtp_server, "sealedbid", seed=21)
    check_ended_by_mail(game, celery_worker_process)
    assert mails >= 6


def test_staufer_to_the_end_by_email(smtp_server, celery_worker_process):
    from engines.registry import ENGINES

    assert "staufer" in ENGINES
    game, mails = play_by_mail(smtp_server, "staufer", seed=5)
    check_ended_by_mail(game, celery_worker_process)
    assert mails >= 20


@pytest.fixture(autouse=True)
def _fresh_throttle():
    """Each test starts with no inbound mail counted (the counters are per
    test process in Redis, shared with its worker)."""
    from pbem.email import throttle

    throttle.reset()
