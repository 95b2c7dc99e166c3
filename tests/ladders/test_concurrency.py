"""Many games ending at once, with players in common, on PostgreSQL with
threads: every rating change lands once, and each player's history is one
unbroken chain (each change starts where the one before ended)."""

import random
import threading

import pytest
from django.db import connection

from pbem import services
from pbem.ladders import services as ladder_services
from pbem.ladders.models import LadderGame, LadderMember, Rating, RatingChange
from pbem.models import Game
from tests.ladders.conftest import start

pytestmark = pytest.mark.django_db(transaction=True)


def test_twenty_games_ending_at_once_keep_every_history_whole(players, ladder):
    pool = players(8)
    ladder.own_rating = True  # two ratings per player and the ladder's members change too
    ladder.save()
    for u in pool:
        ladder_services.ladder_join(ladder=ladder, user=u)
    rng = random.Random(16)
    games = []
    for i in range(20):
        table = rng.sample(pool, 4)
        game = start(table, seed=100 + i)
        LadderGame.objects.create(ladder=ladder, game=game, via="match")
        for seat in range(4):
            services.move_submit(game_id=game.pk, seat=seat, action={"type": "bid", "amount": seat}, source="api")
        services.game_advance(game_id=game.pk)  # seat 3 bid most: only its claim is left
        games.append(game.pk)
    barrier = threading.Barrier(len(games))
    errors = []

    def end(game_id):
        try:
            barrier.wait()
            services.move_submit(game_id=game_id, seat=3, action={"type": "claim", "take": "points"}, source="api")
            services.game_advance(game_id=game_id)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(repr(e))
        finally:
            connection.close()

    threads = [threading.Thread(target=end, args=(g,)) for g in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert Game.objects.filter(pk__in=games, status="finished").count() == 20
    assert RatingChange.objects.count() == 160  # 20 games x 4 players x (engine + ladder rating)
    for user in pool:
        played = Game.objects.filter(pk__in=games, seats__player=user).count()
        assert LadderMember.objects.get(player=user).games == played
        for rating in Rating.objects.filter(player=user):
            chain = list(rating.changes.order_by("id"))
            assert len(chain) == played == rating.games
            for before, after in zip(chain, chain[1:]):
                assert after.mu_before == before.mu_after and after.sigma_before == before.sigma_after
            assert (rating.mu, rating.sigma) == (chain[-1].mu_after, chain[-1].sigma_after)
