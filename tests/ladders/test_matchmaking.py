"""The matchmaker: tables of the ladder's size from the closest ratings,
a window that widens with waiting, no same opponents twice in a row where
it can, and the games started."""

from datetime import timedelta

from django.utils import timezone

from notifications.models import Notification
from pbem.ladders import services
from pbem.ladders.matchmaking import Seeker, tables_form
from pbem.ladders.models import LadderGame, Rating, Seek
from pbem.models import Game
from tests.support.rendered import rendered_everything


def seekers(ordinals, waited=0.0, recent=None):
    recent = recent or {}
    return [Seeker(key=i, player=i, ordinal=o, waited_hours=waited, recent=frozenset(recent.get(i, ()))) for i, o in enumerate(ordinals)]


def players_of(tables):
    return [sorted(s.player for s in t) for t in tables]


def test_twelve_seekers_make_three_tables_of_neighbours_in_rating():
    ordinals = [30, 1, 17, 22, 5, 9, 28, 13, 3, 25, 11, 19]
    tables = tables_form(seekers(ordinals), min_size=4, max_size=4, window_base=50, window_per_hour=0)
    by_rating = sorted(range(12), key=lambda i: -ordinals[i])
    assert players_of(tables) == [sorted(by_rating[0:4]), sorted(by_rating[4:8]), sorted(by_rating[8:12])]


def test_the_window_widens_with_waiting():
    ordinals = [0, 10, 20, 30]
    assert tables_form(seekers(ordinals, waited=0), min_size=4, max_size=4, window_base=5, window_per_hour=2) == []
    # after 15 hours the window is 5 + 30: the oldest seeker's table can span 30 points
    tables = tables_form(seekers(ordinals, waited=15), min_size=4, max_size=4, window_base=5, window_per_hour=2)
    assert players_of(tables) == [[0, 1, 2, 3]]


def test_last_opponents_are_passed_over_when_others_fit():
    # 0-3 just played together; 4-7 too. Eight seekers of close ratings make two mixed tables.
    ordinals = [10, 9.9, 9.8, 9.7, 9.6, 9.5, 9.4, 9.3]
    recent = {i: set(range(4)) - {i} for i in range(4)} | {i: set(range(4, 8)) - {i} for i in range(4, 8)}
    tables = tables_form(seekers(ordinals, recent=recent), min_size=2, max_size=2, window_base=5, window_per_hour=0)
    for table in players_of(tables):
        assert (table[0] < 4) != (table[1] < 4)  # never two of the same last table
    assert len(tables) == 4


def test_a_repeat_is_taken_when_nobody_else_fits():
    recent = {0: {1}, 1: {0}}
    tables = tables_form(seekers([5, 4], recent=recent), min_size=2, max_size=2, window_base=5, window_per_hour=0)
    assert players_of(tables) == [[0, 1]]


def test_ladder_with_twelve_seekers_starts_three_fair_games(players, ladder):
    users = players(12)
    ladder.window_base = 10  # a table may span 10 points of ordinal
    ladder.save()
    for i, u in enumerate(users):  # ratings 0..33 in steps of 3, shuffled by name
        Rating.objects.create(player=u, engine="sealedbid", ordinal=float((i * 7 % 12) * 3), mu=25.0, sigma=1.0)
    now = timezone.now()
    for u in users:
        services.seek_create(ladder=ladder, user=u, now=now - timedelta(minutes=5))
    games = services.matchmaking_run(now=now)
    assert games == 3
    assert Seek.objects.filter(status="waiting").count() == 0
    ordinal = {r.player_id: r.ordinal for r in Rating.objects.all()}
    spreads = []
    tables = []
    for link in LadderGame.objects.filter(ladder=ladder).select_related("game"):
        assert link.game.status == Game.Status.ACTIVE and link.game.players == 4
        table = sorted((ordinal[s.player_id] for s in link.game.seats.all()), reverse=True)
        tables.append(table)
        spreads.append(table[0] - table[-1])
    # fair: each table is four neighbours in the ratings (spread 9 = three steps of 3)
    assert sorted(tables, reverse=True) == [[33, 30, 27, 24], [21, 18, 15, 12], [9, 6, 3, 0]]
    assert spreads == [9, 9, 9]
    # everyone is told their table, and the game's own first mail went out too
    rendered_everything()  # the mails as their delivery renders them
    assert Notification.objects.filter(kind="notice", subject__contains="your table").count() == 12
    assert Notification.objects.filter(kind="your_move").count() == 12
    # running it again makes nothing new
    assert services.matchmaking_run(now=now) == 0


def test_seeking_twice_keeps_one_place_in_the_queue(players, ladder):
    (u,) = players(1)
    first = services.seek_create(ladder=ladder, user=u)
    assert services.seek_create(ladder=ladder, user=u).pk == first.pk
    services.seek_cancel(ladder=ladder, user=u)
    assert Seek.objects.get(pk=first.pk).status == "cancelled"
