"""Swiss tournaments (and the matchmaker) through a real Celery worker: the
worker plays every seat with the game's bot, applies the moves, records the
results and opens each next round when the last table of a round ends.

The test process only hands each new game's seats to the bot (as a player
on autopilot: the seat keeps its player and status, so the game is rated and
the places count as the player's) and watches."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from notifications.models import Notification
from pbem.ladders import services
from pbem.ladders.models import Round, Table, TableSeat, Tournament
from pbem.ladders.selectors import tournament_standings
from pbem.models import Game, Seat
from pbem.tasks import advance
from tests.support.rendered import rendered_everything

pytestmark = pytest.mark.django_db(transaction=True)


def autopilot_until_done(tournament, worker, timeout=240):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            return
        fresh = list(
            Game.objects.filter(
                tournament_table__round__tournament=tournament, status=Game.Status.ACTIVE, seats__is_bot=False
            ).values_list("pk", flat=True).distinct()
        )
        if fresh:
            Seat.objects.filter(game_id__in=fresh).update(is_bot=True)
            for pk in fresh:
                advance.delay(pk)
        time.sleep(0.3)
    raise AssertionError(f"the tournament did not finish in {timeout}s:\n{worker.output()[-3000:]}")


def expected_points(n, place_list):
    """The documented default, computed here by hand: 3 * (n - p) / (n - 1), ties share the mean."""
    per = [3 * (n - p) / (n - 1) for p in range(1, n + 1)]
    out = []
    for p in place_list:
        k = place_list.count(p)
        out.append(sum(per[p - 1 : p - 1 + k]) / k)
    return out


def check_standings(tournament):
    """Recompute points, opponents' points and score ratio from the games'
    outcomes and compare with the standings the service shows."""
    points, top, opponents = {}, {}, {}
    for table in Table.objects.filter(round__tournament=tournament).exclude(round__stage=Round.Stage.FINAL).select_related("game"):
        if table.bye:  # the mean of a full table's points, against a first place's 3
            for ts in table.seats.all():
                points[ts.player_id] = points.get(ts.player_id, 0) + sum(expected_points(4, [1, 2, 3, 4])) / 4
                top[ts.player_id] = top.get(ts.player_id, 0) + 3
                opponents.setdefault(ts.player_id, [])
            continue
        seats = list(table.game.seats.order_by("index"))
        ranks = table.game.outcome["ranks"]
        place = [1 + sum(r < x for r in ranks) for x in ranks]
        for s, pts in zip(seats, expected_points(len(seats), place)):
            points[s.player_id] = points.get(s.player_id, 0) + pts
            top[s.player_id] = top.get(s.player_id, 0) + 3
            opponents.setdefault(s.player_id, []).extend(o.player_id for o in seats if o.pk != s.pk)
    lines = tournament_standings(tournament=tournament)
    for line in lines:
        p = line["player_id"]
        assert line["points"] == pytest.approx(points[p], abs=1e-3)
        assert line["opponents_points"] == pytest.approx(sum(points[o] for o in opponents[p]), abs=1e-3)
        assert line["score_ratio"] == pytest.approx(points[p] / top[p], abs=1e-3)
    return lines


def repeats(tournament):
    seen, repeat = set(), 0
    for table in Table.objects.filter(round__tournament=tournament, round__stage=Round.Stage.SWISS, bye=False):
        ids = sorted(TableSeat.objects.filter(table=table).values_list("player_id", flat=True))
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                repeat += (a, b) in seen
                seen.add((a, b))
    return repeat


def make(creator, players, slug, **kw):
    t = services.tournament_create(
        creator=creator, slug=slug, name=slug, engine="sealedbid", options={"rounds": 1}, format="swiss",
        table_size=4, rounds=4, registration_deadline=timezone.now() + timedelta(hours=1), **kw,
    )
    for u in players:
        services.tournament_register(tournament=t, user=u)
    return t


def test_swiss_of_16_at_4_player_tables_with_a_final(players, celery_worker_process):
    users = players(16)
    t = make(users[0], users, "swiss16", final_size=4)
    services.tournament_start(tournament_id=t.pk)
    autopilot_until_done(t, celery_worker_process)
    rounds = list(t.round_set.order_by("number"))
    assert [(r.number, r.stage, r.tables.count()) for r in rounds] == [(1, "swiss", 4), (2, "swiss", 4), (3, "swiss", 4), (4, "swiss", 4), (5, "final", 1)]
    assert all(tb.game.status == "finished" for r in rounds for tb in r.tables.all())
    assert repeats(t) == 0  # 16 players, 4 rounds of 4: a schedule without repeats exists, and was found
    lines = check_standings(t)
    # the final table's players take places 1-4 in their final order; they were the best four after round 4
    finals = TableSeat.objects.filter(table__round__stage=Round.Stage.FINAL, table__round__tournament=t)
    assert {line["player_id"] for line in lines[:4]} == set(finals.values_list("player_id", flat=True))
    assert [line["final_place"] for line in lines[:4]] == sorted(line["final_place"] for line in lines[:4])
    # below the final: points, then opponents' points, then score ratio
    keys = [(line["points"], line["opponents_points"], line["score_ratio"]) for line in lines[4:]]
    assert keys == sorted(keys, reverse=True)
    # a round-start mail per player and round, and results after each round and at the end
    rendered_everything()  # the mails as their delivery renders them
    assert Notification.objects.filter(subject__contains="[pbem swiss16] round 1 starts").count() == 16
    assert Notification.objects.filter(subject__contains="final standings").count() == 16


@pytest.mark.parametrize("remainder", ["smaller", "bye"])
def test_swiss_of_18_plays_smaller_tables_or_byes(players, celery_worker_process, remainder):
    users = players(18)
    t = make(users[0], users, f"swiss18{remainder}", remainder=remainder)
    services.tournament_start(tournament_id=t.pk)
    autopilot_until_done(t, celery_worker_process)
    for r in t.round_set.all():
        sizes = sorted(tb.seats.count() for tb in r.tables.filter(bye=False))
        # 18 = 3 tables of 4 + 2 of 3, nobody sits out; or 4 tables of 4 and two byes
        assert sizes == ([3, 3, 4, 4, 4] if remainder == "smaller" else [4, 4, 4, 4])
    assert repeats(t) == 0
    lines = check_standings(t)
    keys = [(line["points"], line["opponents_points"], line["score_ratio"]) for line in lines]
    assert keys == sorted(keys, reverse=True)
    if remainder == "smaller":
        assert all(line["games"] == 4 for line in lines)
    else:  # eight byes over four rounds, nobody's second
        assert sorted(line["byes"] for line in lines) == [0] * 10 + [1] * 8
        assert all(line["games"] + line["byes"] == 4 for line in lines)


def test_the_matchmaker_task_seats_seekers_through_the_worker(players, ladder, celery_worker_process):
    from pbem.ladders.models import LadderGame, Seek
    from pbem.ladders.tasks import matchmake
    from tests.conftest_worker import wait_for

    users = players(8, prefix="m")
    for u in users:
        services.seek_create(ladder=ladder, user=u)
    matchmake.delay()
    wait_for(lambda: LadderGame.objects.filter(ladder=ladder).count() == 2, what="two ladder games")
    assert not Seek.objects.filter(status="waiting").exists()
    assert {g.game.status for g in LadderGame.objects.filter(ladder=ladder)} == {"active"}
