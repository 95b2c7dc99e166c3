"""Ratings: openskill's Plackett-Luce on every rated game, in the transaction
that finishes it, checked against openskill's own results."""

import pytest
from openskill.models import PlackettLuce

from datetime import timedelta

from django.utils import timezone

from pbem import services
from pbem.ladders import services as ladder_services
from pbem.ladders.models import LadderGame, LadderMember, Rating, RatingChange
from pbem.models import PendingAction
from tests.ladders.conftest import finish, start


def expected(before, ranks):
    model = PlackettLuce()
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    return [(t[0].mu, t[0].sigma) for t in model.rate(teams, ranks=ranks)]


def rating(user, engine="sealedbid"):
    return Rating.objects.get(player=user, engine=engine, ladder__isnull=True)


def test_a_four_player_game_with_a_tie_rates_as_openskill_does(players):
    a, b, c, d = players(4)
    game = finish(start([a, b, c, d]), bids=[0, 5, 0, 1])  # b takes the prize; the rest tie on points and coins
    assert game.outcome["ranks"] == [2, 1, 2, 2]
    want = expected([(25.0, 25 / 3)] * 4, [2, 1, 2, 2])
    for user, (mu, sigma) in zip([a, b, c, d], want):
        r = rating(user)
        assert r.mu == pytest.approx(mu, abs=1e-9) and r.sigma == pytest.approx(sigma, abs=1e-9)
        assert r.ordinal == pytest.approx(mu - 3 * sigma) and r.games == 1
    assert want[0] == want[2] == want[3] and want[1][0] > 25  # a tie rates alike
    history = RatingChange.objects.filter(game=game).order_by("rating__player__username")
    assert [h.place for h in history] == [2, 1, 2, 2]


def test_the_second_game_starts_from_the_first_ones_ratings(players):
    a, b, c = players(3)
    finish(start([a, b, c], seed=3), bids=[4, 1, 0])  # a first, b and c tie
    before = [(rating(u).mu, rating(u).sigma) for u in (c, a, b)]
    game = finish(start([c, a, b], seed=4), bids=[0, 2, 0])  # a first again, c and b tie
    want = expected(before, game.outcome["ranks"])
    for u, (mu, sigma) in zip([c, a, b], want):
        assert rating(u).mu == pytest.approx(mu) and rating(u).sigma == pytest.approx(sigma)
    assert RatingChange.objects.filter(rating__player=a).count() == 2
    first, second = RatingChange.objects.filter(rating__player=a).order_by("id")
    assert second.mu_before == pytest.approx(first.mu_after) and second.sigma_before == pytest.approx(first.sigma_after)


def test_a_game_with_a_bot_seat_at_the_start_is_not_rated(players):
    a, b = players(2)
    game = services.game_create(creator=a, engine="sealedbid", players=3, options={"rounds": 1}, bots=1, seed=5)
    services.game_join(game_id=game.pk, user=b)
    services.game_start(game_id=game.pk, user=a)
    for seat in (0, 1):
        services.move_submit(game_id=game.pk, seat=seat, action={"type": "bid", "amount": 0}, source="api")
    while services.game_advance(game_id=game.pk):
        game.refresh_from_db()
        if game.status == "active":
            for p in game.pending_actions.filter(closed_at__isnull=True, submitted_at__isnull=True, seat__is_bot=False):
                services.move_submit(game_id=game.pk, seat=p.seat.index, action={"type": "claim", "take": "points"}, source="api")
    game.refresh_from_db()
    assert game.status == "finished"
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


@pytest.mark.parametrize("rule", ["last", "place"])
def test_a_seat_a_bot_took_over_counts_by_the_ladders_rule(players, ladder, rule):
    a, b, c, d = players(4)
    ladder.takeover_rule = rule
    ladder.own_rating = True
    ladder.save()
    game = start([a, b, c, d], seed=7)
    LadderGame.objects.create(ladder=ladder, game=game, via="match")
    for seat, amount in ((1, 0), (2, 0), (3, 0)):
        services.move_submit(game_id=game.pk, seat=seat, action={"type": "bid", "amount": amount}, source="api")
    services.seat_resign(game_id=game.pk, user=a)  # a bot plays on for a and bids
    while services.game_advance(game_id=game.pk):
        pass
    game.refresh_from_db()
    if game.status != "finished":  # the winner claims
        winner = game.state["winner"]
        services.move_submit(game_id=game.pk, seat=winner, action={"type": "claim", "take": "points"}, source="api")
        while services.game_advance(game_id=game.pk):
            pass
        game.refresh_from_db()
    assert game.status == "finished"
    ranks = game.outcome["ranks"]
    # "last": below the three who stayed; "place": where the bot finished (competition ranking)
    place_of_leaver = 4 if rule == "last" else 1 + sum(r < ranks[0] for r in ranks)
    if rule == "last":
        stayers = sorted(RatingChange.objects.filter(game=game, rating__ladder__isnull=True).exclude(rating__player=a).values_list("place", flat=True))
        assert stayers == sorted(1 + sum(r < x for r in ranks[1:]) for x in ranks[1:])
    change = RatingChange.objects.get(game=game, rating__player=a, rating__ladder__isnull=True)
    assert change.place == place_of_leaver
    # the ladder's own rating moved too, by the same places
    assert RatingChange.objects.get(game=game, rating__player=a, rating__ladder=ladder).place == place_of_leaver


def early_game(users, ladder, time_control, seed=8):
    """A rated ladder game whose time control ends it when a player leaves."""
    game = services.game_create(
        creator=users[0], engine="sealedbid", players=len(users), options={"rounds": 1},
        time_control={"on_leave": "end"} | time_control, seed=seed,
    )
    for u in users[1:]:
        services.game_join(game_id=game.pk, user=u)
    services.game_start(game_id=game.pk, user=users[0], fill_with_bots=False)
    LadderGame.objects.create(ladder=ladder, game=game, via="match")
    return game


def time_out(game, seat):
    pending = PendingAction.objects.get(game=game, seat__index=seat, closed_at__isnull=True, submitted_at__isnull=True)
    return services.pending_timeout(pending_id=pending.pk, now=timezone.now() + timedelta(days=60))


def places(game, ladder=None):
    rows = RatingChange.objects.filter(game=game)
    rows = rows.filter(rating__ladder=ladder) if ladder else rows.filter(rating__ladder__isnull=True)
    return dict(rows.values_list("rating__player__username", "place"))


@pytest.mark.parametrize("how", ["resignation", "timeout"])
def test_a_game_that_ends_early_is_rated_in_the_transaction_that_ends_it(players, ladder, how):
    a, b, c, d = players(4)
    ladder.own_rating = True
    ladder.save()
    for u in (a, b, c, d):
        ladder_services.ladder_join(ladder=ladder, user=u)
    game = early_game([a, b, c, d], ladder, {"on_timeout": "forfeit"})
    if how == "resignation":
        services.seat_resign(game_id=game.pk, user=c)
    else:
        assert time_out(game, 2) == "forfeit_end"
    game.refresh_from_db()
    assert game.status == "finished"  # pbem.services.timeouts ended it, and nothing ran after that call
    want = {"p00": 1, "p01": 1, "p02": 4, "p03": 1}  # the others share first, the leaver is last
    assert places(game) == want and places(game, ladder) == want
    assert rating(c).ordinal < rating(a).ordinal and rating(a).games == 1
    assert sorted(LadderMember.objects.filter(ladder=ladder).values_list("games", flat=True)) == [1, 1, 1, 1]


@pytest.mark.parametrize("rule, seat0_place", [("last", 3), ("place", 1)])
def test_a_seat_a_bot_took_over_before_the_game_ended_early_counts_by_the_rule(players, ladder, rule, seat0_place):
    # seat 1's player timed out and a bot took the seat; then seat 2's player resigned, which ends the game
    a, b, c, d = players(4)
    ladder.takeover_rule = rule
    ladder.save()
    game = early_game([a, b, c, d], ladder, {"on_timeout": "bot_takeover"}, seed=9)
    assert time_out(game, 0) == "bot_takeover"
    services.seat_resign(game_id=game.pk, user=b)
    game.refresh_from_db()
    assert game.status == "finished" and game.outcome["ranks"] == [1, 4, 1, 1]
    # "last": the seat the bot took shares the bottom with the resigner; "place": it keeps the bot's place
    assert places(game) == {"p00": seat0_place, "p01": 3 if rule == "last" else 4, "p02": 1, "p03": 1}
