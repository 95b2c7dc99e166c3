"""Joining (entry conditions), leaving, and standings that drop inactive
members until they play again."""

from datetime import timedelta

import pytest
from django.utils import timezone

from pbem.errors import Conflict
from pbem.ladders import services
from pbem.ladders.models import Ladder, LadderGame, LadderMember
from pbem.ladders.selectors import ladder_standings
from tests.ladders.conftest import finish, start
from tests.support.rendered import rendered_everything


def test_entry_conditions_are_checked_on_join(players, ladder, make_user):
    (u,) = players(1)
    ladder.min_decisions = 5
    ladder.save()
    with pytest.raises(Conflict, match="at least 5 decisions played"):
        services.ladder_join(ladder=ladder, user=u)
    ladder.min_decisions = None
    ladder.save()
    services.ladder_join(ladder=ladder, user=u)
    nomail = make_user("nomail")
    nomail.email = ""
    nomail.save()
    with pytest.raises(Conflict, match="verified email"):
        services.ladder_join(ladder=ladder, user=nomail)
    with pytest.raises(Conflict, match="not on the ladder"):
        services.ladder_leave(ladder=ladder, user=nomail)


def test_inactive_members_leave_the_standings_and_come_back_when_they_play(players, ladder):
    users = players(4)
    for u in users:
        services.ladder_join(ladder=ladder, user=u)
    LadderMember.objects.update(joined_at=timezone.now() - timedelta(days=61))
    assert ladder_standings(ladder=ladder) == []
    game = start(users, seed=9)
    LadderGame.objects.create(ladder=ladder, game=game, via="match")
    finish(game, [0, 2, 0, 0])
    rows = ladder_standings(ladder=ladder)
    assert [r["player"] for r in rows][0] == "p01" and len(rows) == 4
    assert all(r["games"] == 1 for r in rows)
    # each player is mailed the places and the ratings before and after
    from notifications.models import Notification

    rendered_everything()  # the mails as their delivery renders them
    mail = Notification.objects.get(recipient=users[0], subject__contains=f"result of game #{game.pk}")
    assert "1. p01: 0.00 ->" in mail.body_text and mail.body_text.count(" -> ") == 4
    # sixty days on, they drop out again
    assert ladder_standings(ladder=ladder, now=timezone.now() + timedelta(days=61)) == []


def test_a_ladder_must_fit_its_games_player_counts(ladder):
    from django.core.exceptions import ValidationError

    ladder.max_players = 6  # sealedbid is for 2-4
    with pytest.raises(ValidationError, match="2-4 players"):
        ladder.full_clean()
    ladder.max_players, ladder.engine = 4, "chess"
    with pytest.raises(ValidationError, match="No game called 'chess'"):
        ladder.full_clean()


def test_an_unconfirmed_address_may_not_join(ladder, make_user):
    from allauth.account.models import EmailAddress

    u = make_user("unconfirmed")
    EmailAddress.objects.create(user=u, email=u.email, verified=False, primary=True)
    with pytest.raises(Conflict, match="verified email address; confirm yours first"):
        services.ladder_join(ladder=ladder, user=u)
    ladder.require_verified_email = False
    ladder.save()
    services.ladder_join(ladder=ladder, user=u)


def test_the_page_and_the_api_list_the_ladders_and_tournaments_from_one_read(ladder, client, api):
    """ladders_list and tournaments_list serve the ladders' page and the API
    alike (they read the same summaries; the page by name, the API by slug)."""
    from pbem.ladders import selectors

    Ladder.objects.create(slug="a-first", name="Zither ladder", engine="sealedbid", options={}, min_players=2, max_players=2)
    assert [x["slug"] for x in selectors.ladders_list()] == ["bids", "a-first"]  # by name
    assert [x["slug"] for x in selectors.ladders_list(order_by="slug")] == ["a-first", "bids"]
    assert [x["slug"] for x in api().get("/api/ladders/").json()] == ["a-first", "bids"]
    page = client.get("/ladders/").content.decode()
    assert page.index("Sealed Bid ladder") < page.index("Zither ladder")
    assert selectors.tournaments_list(limit=50) == []
