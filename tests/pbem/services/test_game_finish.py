"""One end of a game, whichever way it ends. The engine's outcome after a step
(pbem.services.moves) and a player leaving a game whose ``on_leave`` is "end"
(pbem.services.timeouts) both run pbem.services.game_finish: the game is
finished with its outcome, every registered hook runs once in the finishing
transaction (the ladders' ratings among them, registered by their app config:
the game core never imports ladders), and each player gets the game-over mail."""

import pytest

from notifications.models import Notification
from pbem import services
from pbem.ladders.models import RatingChange
from pbem.ladders.services.ratings import game_finished
from pbem.models import Game, PendingAction
from pbem.selectors import engine_get
from pbem.services import game_finish as finish
from pbem.services.moves import bot_action


@pytest.fixture
def hook_calls(monkeypatch):
    """A hook of the test's own beside the registered ones; what it saw."""
    monkeypatch.setattr(finish, "_HOOKS", list(finish._HOOKS))
    seen = []

    def hook(*, game):
        # in the finishing transaction, after the game row is written finished
        seen.append((game.pk, Game.objects.get(pk=game.pk).status, game.outcome))

    finish.game_finish_hook_register(hook)
    finish.game_finish_hook_register(hook)  # registered twice, run once
    return seen


def _new_game(alice, bob, time_control=None):
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=11, time_control=time_control)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    return Game.objects.get(pk=game.pk)


def _play_to_the_end(game):
    engine = engine_get(game.engine)
    while game.status == Game.Status.ACTIVE:
        for p in PendingAction.objects.filter(game=game, version=game.version, closed_at__isnull=True).select_related("seat"):
            services.move_submit(
                game_id=game.pk, seat=p.seat.index, action=bot_action(game=game, engine=engine, seat=p.seat.index),
                source="api", version=game.version,
            )
        services.game_advance(game_id=game.pk)
        game.refresh_from_db()
    return game


def _game_over_mails(game):
    return list(Notification.objects.filter(game=game, kind="game_over").order_by("seat"))


def test_the_ladders_register_their_hook_and_the_core_calls_it_by_the_list():
    assert game_finished in finish.game_finish_hooks()


def test_the_engine_ending_a_game_runs_the_one_sequence(alice, bob, hook_calls):
    game = _play_to_the_end(_new_game(alice, bob))
    outcome = engine_get(game.engine).outcome(game.state)
    assert game.status == "finished" and game.finished_at is not None and game.outcome == outcome
    assert hook_calls == [(game.pk, "finished", outcome)]
    assert RatingChange.objects.filter(game=game).count() == 2  # the ladders' hook: both players rated once
    mails = _game_over_mails(game)
    assert [m.seat for m in mails] == [0, 1]  # its text is rendered at delivery (tests/messages)


def test_a_player_leaving_ends_a_game_with_the_same_sequence(alice, bob, hook_calls):
    game = _new_game(alice, bob, {"hours": 24, "on_leave": "end"})
    services.seat_resign(game_id=game.pk, user=alice)
    game.refresh_from_db()
    assert game.status == "finished" and game.finished_at is not None and game.outcome["ranks"] == [2, 1]
    assert hook_calls == [(game.pk, "finished", game.outcome)]
    assert RatingChange.objects.filter(game=game).count() == 2
    assert not PendingAction.objects.filter(game=game, closed_at__isnull=True).exists()
    mails = _game_over_mails(game)
    assert [m.seat for m in mails] == [0, 1]  # its text is rendered at delivery (tests/messages)


def test_a_hook_that_fails_takes_the_end_of_the_game_back_with_it(alice, bob, monkeypatch):
    monkeypatch.setattr(finish, "_HOOKS", list(finish._HOOKS))

    def broken(*, game):
        raise RuntimeError("the ratings table is away")

    finish.game_finish_hook_register(broken)
    game = _new_game(alice, bob, {"hours": 24, "on_leave": "end"})
    with pytest.raises(RuntimeError):
        services.seat_resign(game_id=game.pk, user=alice)
    game.refresh_from_db()
    assert game.status == "active" and not _game_over_mails(game)
