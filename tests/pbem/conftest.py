import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from pbem import services


@pytest.fixture
def make_user(db):
    def make(name: str):
        return get_user_model().objects.create_user(name, f"{name}@example.org", "pw-" + name)

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol")


@pytest.fixture
def api():
    def client_for(user=None):
        client = APIClient()
        if user is not None:
            client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
        return client

    return client_for


@pytest.fixture
def started_game(alice, bob):
    """A sealedbid game between alice (seat 0) and bob (seat 1), at its first
    sealed decision."""
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=11)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    game.refresh_from_db()
    return game
