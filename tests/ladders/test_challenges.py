"""Challenges of named players within a range of standings: accept,
decline, expire."""

from datetime import timedelta

import pytest
from django.utils import timezone

from notifications.models import Notification
from pbem.errors import Conflict
from pbem.ladders import services
from pbem.ladders.models import Challenge, LadderGame, Rating
from tests.support.rendered import rendered_everything


@pytest.fixture
def members(players, ladder):
    users = players(6)
    for i, u in enumerate(users):
        services.ladder_join(ladder=ladder, user=u)
        Rating.objects.create(player=u, engine="sealedbid", ordinal=float(50 - i), mu=25.0, sigma=1.0)
    ladder.challenge_range = 3
    ladder.challenge_hours = 48
    ladder.save()
    return users


def test_a_challenge_that_everyone_accepts_starts_the_game(ladder, members):
    a, b, c, d = members[:4]
    from pbem.services.preferences import preference_set

    preference_set(user=b, mode="digest")  # a challenge asks for an answer: it comes in digest mode too
    ch = services.challenge_create(ladder=ladder, user=a, opponents=["p01", "P02", "p03"])
    rendered_everything()  # the mails as their delivery renders them
    assert Notification.objects.filter(subject__contains="challenges you").count() == 3
    body = Notification.objects.filter(recipient=b, subject__contains="challenges you").get().body_text
    assert f"accept {ch.pk}" in body and f"decline {ch.pk}" in body
    services.challenge_respond(challenge_id=ch.pk, user=b, accept=True)
    services.challenge_respond(challenge_id=None, user=c, accept=True)  # the only open one
    assert Challenge.objects.get(pk=ch.pk).status == "open"
    services.challenge_respond(challenge_id=ch.pk, user=d, accept=True)
    ch.refresh_from_db()
    assert ch.status == "accepted" and ch.game is not None and ch.game.status == "active"
    assert LadderGame.objects.get(game=ch.game).via == "challenge"
    assert sorted(s.player.username for s in ch.game.seats.all()) == ["p00", "p01", "p02", "p03"]


def test_out_of_range_or_wrong_size_is_refused(ladder, members):
    with pytest.raises(Conflict, match="within 3 places"):
        services.challenge_create(ladder=ladder, user=members[0], opponents=["p01", "p02", "p04"])
    with pytest.raises(Exception, match="name 3-3 opponents"):
        services.challenge_create(ladder=ladder, user=members[0], opponents=["p01"])
    assert not Challenge.objects.exists()


def test_a_decline_ends_the_challenge(ladder, members):
    ch = services.challenge_create(ladder=ladder, user=members[2], opponents=["p01", "p03", "p04"])
    services.challenge_respond(challenge_id=ch.pk, user=members[3], accept=False)
    ch.refresh_from_db()
    assert ch.status == "declined" and ch.game is None
    with pytest.raises(Conflict, match="declined"):
        services.challenge_respond(challenge_id=ch.pk, user=members[1], accept=True)
    rendered_everything()  # the mails as their delivery renders them
    told = Notification.objects.filter(subject__contains=f"challenge {ch.pk} declined")
    assert told.count() == 4 and "p03 declined" in told.first().body_text


def test_a_challenge_expires_after_its_time(ladder, members):
    ch = services.challenge_create(ladder=ladder, user=members[0], opponents=["p01", "p02", "p03"])
    services.challenge_respond(challenge_id=ch.pk, user=members[1], accept=True)
    assert services.challenges_expire(now=timezone.now() + timedelta(hours=47)) == 0
    assert services.challenges_expire(now=timezone.now() + timedelta(hours=49)) == 1
    ch.refresh_from_db()
    assert ch.status == "expired" and ch.game is None
    assert services.challenges_expire(now=timezone.now() + timedelta(hours=50)) == 0  # once
    with pytest.raises(Conflict, match="expired"):
        services.challenge_respond(challenge_id=ch.pk, user=members[2], accept=True)
    rendered_everything()  # the mails as their delivery renders them
    assert Notification.objects.filter(subject__contains=f"challenge {ch.pk} expired").count() == 4
