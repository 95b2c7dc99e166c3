"""Tournament rounds in-process: groups with a final, withdrawal, a round
deadline, registration rules. (Whole Swiss tournaments through a real worker
are in test_tournament_worker.py.)"""

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone, translation

from pbem.errors import Conflict
from pbem.ladders import services
from pbem.ladders.models import Round, Table, Tournament
from pbem.ladders.selectors import tournament_rules, tournament_standings
from pbem.models import Game
from tests.ladders.conftest import finish


def make(users, **kw):
    fields = dict(
        slug="t", name="T", engine="sealedbid", options={"rounds": 1}, table_size=4, rounds=2,
        registration_deadline=timezone.now() + timedelta(hours=1),
    ) | kw
    t = services.tournament_create(creator=users[0], **fields)
    for u in users:
        services.tournament_register(tournament=t, user=u)
    return t


def play_round(t, number, winner_seat=0):
    """Finish every game of the round: the winner seat bids 1, the others 0."""
    for table in Table.objects.filter(round__tournament=t, round__number=number, bye=False).select_related("game"):
        if table.game.status == Game.Status.ACTIVE:
            finish(table.game, [1 if s == winner_seat else 0 for s in range(table.game.players)])


def test_groups_then_a_final_of_the_group_winners(players):
    users = players(8)
    t = make(users, format="groups", group_size=4, final_size=2)
    services.tournament_start(tournament_id=t.pk)
    for number in (1, 2):
        assert Table.objects.filter(round__tournament=t, round__number=number).count() == 2
        play_round(t, number)
        assert services.tournament_advance(tournament_id=t.pk) == f"round {number + 1}"
    final = Table.objects.get(round__tournament=t, round__stage=Round.Stage.FINAL)
    lines = tournament_standings(tournament=t)
    leaders = {line["player_id"] for line in lines if line["group_rank"] == 1}
    assert set(final.seats.values_list("player_id", flat=True)) == leaders and len(leaders) == 2
    play_round(t, 3)
    assert services.tournament_advance(tournament_id=t.pk) == "finished"
    lines = tournament_standings(tournament=t)
    assert [line["final_place"] for line in lines[:2]] == [1, 2]
    assert {line["player_id"] for line in lines[:2]} == leaders
    assert services.tournament_advance(tournament_id=t.pk) == "finished"  # once


def test_a_withdrawn_player_is_resigned_and_not_paired_again(players):
    users = players(8)
    t = make(users)
    services.tournament_start(tournament_id=t.pk)
    leaver = users[5]
    services.tournament_withdraw(tournament=t, user=leaver)
    seat = Game.objects.get(tournament_table__round__number=1, seats__player=leaver).seats.get(player=leaver)
    assert seat.status == "resigned" and seat.is_bot  # by the time control's rule, a bot plays on
    play_round(t, 1)
    services.tournament_advance(tournament_id=t.pk)
    round2 = Round.objects.get(tournament=t, number=2)
    seated = [p for tb in round2.tables.all() for p in tb.seats.values_list("player_id", flat=True)]
    assert leaver.pk not in seated and len(seated) == 7
    assert sorted(tb.seats.count() for tb in round2.tables.all()) == [3, 4]
    line = next(x for x in tournament_standings(tournament=t) if x["player_id"] == leaver.pk)
    assert line["withdrawn"] and line["games"] == 1
    # the leaver's table placed the leaver last, whatever the bot did
    table = Table.objects.get(round__number=1, seats__player=leaver, round__tournament=t)
    assert table.seats.get(player=leaver).place == 4


def test_the_next_round_starts_at_the_deadline_and_late_results_still_count(players):
    users = players(8)
    t = make(users, round_hours=48)
    services.tournament_start(tournament_id=t.pk)
    first, second = Table.objects.filter(round__tournament=t, round__number=1).select_related("game")
    finish(first.game, [1, 0, 0, 0])
    assert services.tournament_advance(tournament_id=t.pk) == "round 1 running"
    later = timezone.now() + timedelta(hours=49)
    assert services.tournament_advance(tournament_id=t.pk, now=later) == "round 2"
    assert Round.objects.get(tournament=t, number=1).finished_at == later
    finish(second.game, [1, 0, 0, 0])
    second.refresh_from_db()
    assert second.finished_at is not None and all(s.points is not None for s in second.seats.all())
    assert sum(line["games"] for line in tournament_standings(tournament=t)) == 8


def test_registration_limit_deadline_and_too_few_players(players, make_user):
    users = players(3)
    t = make(users[:2], max_players=2)
    with pytest.raises(Conflict, match="full"):
        services.tournament_register(tournament=t, user=users[2])
    nomail = make_user("nomail")
    nomail.email = ""
    nomail.save()
    with pytest.raises(Conflict, match="verified email"):
        services.tournament_register(tournament=t, user=nomail)
    services.tournament_withdraw(tournament=t, user=users[1])
    Tournament.objects.filter(pk=t.pk).update(registration_deadline=timezone.now() - timedelta(minutes=1))
    with pytest.raises(Conflict, match="closed"):
        services.tournament_register(tournament=t, user=users[2])
    services.tournaments_advance()
    t.refresh_from_db()
    assert t.status == "cancelled"


def test_a_game_that_ends_when_a_player_leaves_still_counts_for_the_table(players):
    users = players(4)
    t = make(users, rounds=1, time_control={"on_leave": "end"})
    services.tournament_start(tournament_id=t.pk)
    services.tournament_withdraw(tournament=t, user=users[2])
    table = Table.objects.get(round__tournament=t)
    assert table.game.status == Game.Status.FINISHED  # ended by the time control's rule
    # recorded in the transaction that ended the game, before the tournament moves on
    assert table.finished_at is not None
    places = dict(table.seats.values_list("player__username", "place"))
    assert places == {"p00": 1, "p01": 1, "p02": 4, "p03": 1}  # the others share first, the leaver is last
    assert services.tournament_advance(tournament_id=t.pk) == "finished"
    line = next(x for x in tournament_standings(tournament=t) if x["player"] == "p02")
    assert line["points"] == 0 and line["withdrawn"]


def test_the_registration_deadline_is_said_in_the_readers_zone_and_language(players):
    """The tournament page's rules give the deadline in the zone pbem.reader activates for the reader."""
    deadline = timezone.now().replace(year=2030, month=1, day=15, hour=9, minute=0, second=0, microsecond=0, tzinfo=ZoneInfo("UTC"))
    t = make(players(4), registration_deadline=deadline, max_players=8)
    with translation.override("it"), timezone.override(ZoneInfo("Europe/Rome")):
        rules = " ".join(tournament_rules(tournament=t))
    assert "Iscrizioni fino al 2030-01-15 10:00 (Europe/Rome), al massimo 8 giocatori." in rules and "UTC" not in rules
