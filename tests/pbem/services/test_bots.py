"""A bot's choice is made in one place (pbem.services.moves.bot_action), from the
game's seed, version and the seat alone. It was written twice before: for a
bot seat's moves (moves._advance_locked) and for a bot answering a player who
ran out of time (timing._bot_action). Both call sites give what the one
formula gives, and so the same choice in the same situation."""

from datetime import datetime, timedelta, timezone

import time_machine

from engines.rng import Rng
from pbem import services
from pbem.models import Game, Move
from pbem.selectors import engine_get
from pbem.services.moves import bot_action

T0 = datetime(2025, 5, 5, 9, 0, tzinfo=timezone.utc)


def _started(users, bots=0, time_control=None, seed=20261125):
    game = services.game_create(
        creator=users[0], engine="sealedbid", players=len(users) + bots, bots=bots, seed=seed, time_control=time_control
    )
    for u in users[1:]:
        services.game_join(game_id=game.pk, user=u)
    services.game_start(game_id=game.pk, user=users[0])
    return Game.objects.get(pk=game.pk)


def _sealed_answer(game, seat):
    move = Move.objects.select_related("secret").get(game=game, seat=seat, version=game.version)
    return move.source, move.secret.content


def test_the_formula_is_the_one_both_call_sites_used():
    game = Game(engine="sealedbid", seed=987654321, version=7)
    engine = engine_get("sealedbid")
    game.state = engine.setup(3, game.seed)
    for seat in range(3):
        expected = engine.bot(game.state, seat, Rng.from_seed(game.seed * 1_000_003 + game.version * 101 + seat))
        assert bot_action(game=game, engine=engine, seat=seat) == expected


def test_a_bot_seat_and_a_bot_answering_a_timeout_choose_alike(alice, bob):
    with time_machine.travel(T0, tick=False) as clock:
        # the same seed, so the same situation at the first sealed decision
        with_bot = _started([alice], bots=1)
        timed_out = _started([alice, bob], time_control={"hours": 24, "on_timeout": "bot"})
        assert with_bot.state == timed_out.state and with_bot.version == timed_out.version
        services.game_advance(game_id=with_bot.pk)  # the bot seat answers (the worker's task, run here)
        clock.move_to(T0 + timedelta(hours=25))
        services.deadlines_sweep()

    engine = engine_get("sealedbid")
    seat_source, seat_choice = _sealed_answer(with_bot, 1)
    timeout_source, timeout_choice = _sealed_answer(timed_out, 1)
    assert seat_source == timeout_source == "bot"
    assert seat_choice == timeout_choice == bot_action(game=with_bot, engine=engine, seat=1)
