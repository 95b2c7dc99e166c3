"""The live pages' endpoints through Django's test client (a WSGI request): a game's stream
and the "page in use" word tell nothing of a private game to an outsider (404, as its page and
its poll), and under WSGI a stream that may be opened answers 204 at once, so the page falls
back on its poll instead of holding a thread (pbem.web.stream)."""

import pytest
from django.test import Client

from pbem import services
from pbem.models import Seat
from tests.support.threads import in_own_thread
from tests.web.conftest import verified_player

# transactional: the requests run in a thread of their own (tests/support/threads.py), which must see the rows
pytestmark = pytest.mark.django_db(transaction=True)


class _Client(Client):
    """The test client, each request in a thread of its own: the streams are async views, which
    the WSGI handler runs with async_to_sync, refused in a thread where the browser's loop runs."""

    def request(self, **request):
        return in_own_thread(super().request, **request)


def _client(user):
    client = _Client()
    if user is not None:
        client.force_login(user)
    return client


def test_under_wsgi_the_streams_answer_204_after_the_same_check_as_the_page():
    alice, bob, dave = verified_player("alice"), verified_player("bob"), verified_player("dave")
    game = services.game_create(creator=alice, engine="sealedbid", players=2, visibility="private")
    services.game_join(game_id=game.pk, user=bob, code=game.invite_code)
    assert _client(bob).get(f"/games/{game.pk}/stream/").status_code == 204
    for user in (dave, None):
        r = _client(user).get(f"/games/{game.pk}/stream/")
        assert r.status_code == 404 and "text/event-stream" not in r.get("Content-Type", "")
    assert _client(dave).get("/games/999999/stream/").status_code == 404
    assert _client(bob).get("/stream/").status_code == 204
    assert _client(None).get("/stream/").status_code == 404  # no dashboard without an account
    assert _client(None).get("/lobby/stream/").status_code == 204
    assert _client(bob).post(f"/games/{game.pk}/stream/").status_code == 405


def test_the_page_in_use_marks_the_seat_and_tells_an_outsider_nothing():
    alice, bob, dave = verified_player("alice"), verified_player("bob"), verified_player("dave")
    game = services.game_create(creator=alice, engine="sealedbid", players=2, visibility="private")
    services.game_join(game_id=game.pk, user=bob, code=game.invite_code)
    assert _client(bob).get(f"/games/{game.pk}/here/").status_code == 204
    assert Seat.objects.get(game=game, player=bob).page_seen_at is not None
    assert _client(dave).get(f"/games/{game.pk}/here/").status_code == 404
    assert _client(dave).get("/games/999999/here/").status_code == 404
    assert _client(None).get(f"/games/{game.pk}/here/").status_code == 404
