"""Helpers of the ladder tests: players, a ladder of the test game, and
playing a one-round sealedbid game to a chosen result."""

import pytest

from pbem import services
from pbem.ladders.models import Ladder
from pbem.models import Game


def verified(user):
    """The player confirmed the address (django-allauth's record, when allauth is installed)."""
    from django.conf import settings

    if "allauth.account" in settings.INSTALLED_APPS:
        from allauth.account.models import EmailAddress

        EmailAddress.objects.update_or_create(user=user, email=user.email, defaults={"verified": True, "primary": True})
    return user


@pytest.fixture
def players(make_user):
    def make(n: int, prefix: str = "p"):
        return [verified(make_user(f"{prefix}{i:02d}")) for i in range(n)]

    return make


@pytest.fixture
def ladder(db):
    return Ladder.objects.create(
        slug="bids", name="Sealed Bid ladder", engine="sealedbid", options={"rounds": 1}, min_players=4, max_players=4
    )


def start(users, seed=1, rounds=1):
    game = services.game_create(creator=users[0], engine="sealedbid", players=len(users), options={"rounds": rounds}, seed=seed)
    for u in users[1:]:
        services.game_join(game_id=game.pk, user=u)
    services.game_start(game_id=game.pk, user=users[0], fill_with_bots=False)
    return Game.objects.get(pk=game.pk)


def finish(game, bids):
    """Play a one-round sealedbid game to its end: ``bids`` per seat; the
    highest bid takes the prize as points, so it is first, and the others
    rank by the coins they kept (equal coins tie)."""
    bots = set(game.seats.filter(is_bot=True).values_list("index", flat=True))  # a bot plays those
    for seat, amount in enumerate(bids):
        if seat not in bots:
            services.move_submit(game_id=game.pk, seat=seat, action={"type": "bid", "amount": amount}, source="api")
    services.game_advance(game_id=game.pk)
    game.refresh_from_db()
    if game.status == Game.Status.ACTIVE and game.state["winner"] not in bots:
        services.move_submit(game_id=game.pk, seat=game.state["winner"], action={"type": "claim", "take": "points"}, source="api")
        services.game_advance(game_id=game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game
