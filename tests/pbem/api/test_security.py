"""The API under attack: who may see and join a game, seeds, limits with
Retry-After, tokens that expire and can be revoked, one JSON error shape
and never an HTML page or a 500."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.authtoken.models import Token

from pbem import services
from pbem.models import Move
from tests.pbem.services.test_moves import snapshot


def test_a_player_cannot_choose_the_seed(api, alice):
    r = api(alice).post("/api/games/", {"engine": "sealedbid", "players": 2, "seed": 42}, format="json")
    assert r.status_code == 400
    body = r.json()
    assert body["error"] == "invalid" and "seed" in body["fields"] and isinstance(body["detail"], str)
    created = api(alice).post("/api/games/", {"engine": "sealedbid", "players": 2}, format="json").json()
    assert created["visibility"] == "public" and "seed" not in created


def test_private_games_over_the_api(api, alice, bob, carol):
    gid = api(alice).post("/api/games/", {"engine": "sealedbid", "players": 3, "visibility": "private"}, format="json").json()["id"]
    code = api(alice).get(f"/api/games/{gid}/").json()["invite_code"]
    for path in ("", "moves/", "record/"):
        r = api(carol).get(f"/api/games/{gid}/{path}")
        assert r.status_code == 404 and r.json()["error"] == "not_found"
    assert api(carol).post(f"/api/games/{gid}/join/", {}, format="json").status_code == 404
    # a move sent to it: not found either (the seat is read with the game's lock, the game not shown)
    sent = api(carol).post(f"/api/games/{gid}/moves/", {"action": {"type": "bid", "amount": 1}}, format="json")
    assert sent.status_code == 404 and sent.json()["error"] == "not_found"
    assert api(carol).post(f"/api/games/{gid}/invitations/", {"email": "x@example.org"}, format="json").status_code == 404
    joined = api(bob).post(f"/api/games/{gid}/join/", {"code": code}, format="json")
    assert joined.status_code == 200 and joined.json()["your_seat"] == 1


def test_a_public_forming_game_hides_its_code_from_outsiders(api, alice, bob):
    gid = api(alice).post("/api/games/", {"engine": "sealedbid", "players": 2}, format="json").json()["id"]
    assert api(bob).get(f"/api/games/{gid}/").json()["invite_code"] is None
    assert api(bob).post(f"/api/games/{gid}/join/").status_code == 200


def test_reusing_an_idempotency_key_with_another_body_is_422(api, alice, started_game):
    url = f"/api/games/{started_game.pk}/moves/"
    first = api(alice).post(url, {"action": {"type": "bid", "amount": 2}, "version": 0}, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert first.status_code == 202
    before = snapshot(started_game.pk)
    other = api(alice).post(url, {"action": {"type": "bid", "amount": 7}, "version": 0}, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert other.status_code == 422 and other.json()["error"] == "idempotency_key_reused"
    assert snapshot(started_game.pk) == before
    again = api(alice).post(url, {"action": {"type": "bid", "amount": 2}, "version": 0}, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert again.status_code == 202 and again.json()["duplicate"] and again.json()["move"] == first.json()["move"]


def test_deeply_nested_json_is_400_also_without_login(api, alice, started_game):
    body = "[" * 200_000
    for client, url in ((api(), "/api/auth/token/"), (api(alice), f"/api/games/{started_game.pk}/moves/"), (api(alice), "/api/games/")):
        r = client.post(url, body, content_type="application/json")
        assert r.status_code == 400 and r.json()["error"] == "parse_error", url


def test_unknown_paths_and_csrf_failures_answer_json(alice, started_game):
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    for method, path in (("post", "/api/nowhere/"), ("get", "/api/games/1/\nx"), ("post", "/api/games/\n/moves/")):
        r = getattr(browser, method)(path)
        assert r.status_code == 404 and r["Content-Type"] == "application/json", path
    r = browser.post(f"/api/games/{started_game.pk}/moves/", {"action": {"type": "bid", "amount": 1}}, content_type="application/json")
    assert r.status_code == 403 and r["Content-Type"] == "application/json" and "CSRF" in r.json()["detail"]


def test_validation_errors_have_one_shape(api, alice):
    r = api(alice).post("/api/games/", {"engine": "sealedbid", "players": "two"}, format="json")
    body = r.json()
    assert r.status_code == 400 and set(body) == {"error", "detail", "fields"}
    assert isinstance(body["detail"], str) and body["fields"]["players"]


def test_sign_in_lockout_per_account_says_when_to_retry(api, alice, settings):
    settings.PBEM_LOGIN_FAILURES_PER_ACCOUNT = 3
    for _ in range(3):
        assert api().post("/api/auth/token/", {"username": "alice", "password": "wrong"}, format="json").status_code == 401
    r = api().post("/api/auth/token/", {"username": "alice", "password": "pw-alice"}, format="json")
    assert r.status_code == 429 and int(r["Retry-After"]) > 800
    assert "try again after" in r.json()["detail"] and r.json()["error"] == "throttled"


def test_sign_in_lockout_per_address(api, alice, bob, settings):
    settings.PBEM_LOGIN_FAILURES_PER_ADDRESS = 4
    for name in ("alice", "bob", "carol", "dave"):
        api().post("/api/auth/token/", {"username": name, "password": "wrong"}, format="json")
    r = api().post("/api/auth/token/", {"username": "bob", "password": "pw-bob"}, format="json")
    assert r.status_code == 429 and r["Retry-After"]


@pytest.fixture
def rates(monkeypatch):
    """Lower limits for one test (the counting is the real one, on Redis)."""
    from rest_framework.throttling import SimpleRateThrottle

    def set_rates(**scopes):
        monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", SimpleRateThrottle.THROTTLE_RATES | scopes)

    return set_rates


def test_token_requests_are_limited_per_address(api, alice, rates):
    rates(token="3/min")
    codes = [api().post("/api/auth/token/", {"username": "alice", "password": "pw-alice"}, format="json").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]


def test_moves_are_limited_per_user(api, alice, started_game, rates):
    rates(moves="3/min")
    url = f"/api/games/{started_game.pk}/moves/"
    codes = [api(alice).post(url, {"action": {"type": "bid", "amount": 50}}, format="json").status_code for _ in range(4)]
    assert codes == [400, 400, 400, 429]
    r = api(alice).post(url, {"action": {"type": "bid", "amount": 1}}, format="json")
    assert r.status_code == 429 and 0 < int(r["Retry-After"]) <= 60
    assert not Move.objects.filter(game=started_game).exists()


def test_invitations_are_limited_per_user(api, alice, rates):
    rates(invitations="2/hour")
    gid = services.game_create(creator=alice, engine="sealedbid", players=4).pk
    codes = [
        api(alice).post(f"/api/games/{gid}/invitations/", {"email": f"p{i}@example.org"}, format="json").status_code for i in range(3)
    ]
    assert codes == [201, 201, 429]


def test_tokens_expire_and_can_be_revoked(api, alice, settings):
    r = api().post("/api/auth/token/", {"username": "alice", "password": "pw-alice"}, format="json")
    token = r.json()["token"]
    assert r.json()["expires_at"]
    client = api()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/games/").status_code == 200
    Token.objects.filter(key=token).update(created=timezone.now() - timedelta(days=settings.PBEM_API_TOKEN_TTL_DAYS, seconds=1))
    expired = client.get("/api/games/")
    assert expired.status_code == 401 and "expired" in expired.json()["detail"]
    fresh = api().post("/api/auth/token/", {"username": "alice", "password": "pw-alice"}, format="json").json()["token"]
    assert fresh != token
    client.credentials(HTTP_AUTHORIZATION=f"Token {fresh}")
    assert client.delete("/api/auth/token/").status_code == 204
    assert client.get("/api/games/").status_code == 401


@pytest.mark.django_db(transaction=True)
def test_database_outage_is_503_with_retry_after(api, alice):
    from django.db import connection

    client = api(alice)
    port = connection.settings_dict["PORT"]
    connection.close()
    connection.settings_dict["PORT"] = "1"  # nothing listens there: the database is "down" for this process
    try:
        for method, url in (("get", "/api/games/"), ("post", "/api/games/"), ("post", "/api/auth/token/")):
            r = getattr(client, method)(url, {"engine": "sealedbid", "players": 2, "username": "a", "password": "b"}, format="json")
            assert r.status_code == 503, (url, r.content)
            assert r["Retry-After"] == "30" and r.json()["error"] == "unavailable"
    finally:
        connection.close()
        connection.settings_dict["PORT"] = port


def test_a_method_a_path_lacks_is_405_before_authentication(api, alice):
    for client, method, url in ((api(), "generic", "/api/auth/token/"), (api(alice), "put", "/api/games/")):
        r = client.generic("TRACE", url) if method == "generic" else getattr(client, method)(url, {}, format="json")
        assert r.status_code == 405 and r.json()["error"] == "method_not_allowed", (url, r.content)
        assert "POST" in r["Allow"]
    assert api().options("/api/games/").status_code in (200, 401)  # OPTIONS stays DRF's


def test_a_move_to_a_game_the_sender_sees_without_a_seat_is_refused(api, carol, started_game):
    before = snapshot(started_game.pk)
    r = api(carol).post(f"/api/games/{started_game.pk}/moves/", {"action": {"type": "bid", "amount": 1}}, format="json",
                        HTTP_IDEMPOTENCY_KEY="outsider")
    assert r.status_code == 403 and "no seat" in r.json()["detail"]
    assert snapshot(started_game.pk) == before


def test_the_move_limit_is_a_sliding_window_on_redis(api, alice, started_game, rates):
    """The moves' limit counts, on Redis in one round trip, the requests let through in the last
    window: a refused one is not counted, and each request leaves the window when its time is up."""
    import redis
    import time_machine
    from django.conf import settings

    assert settings.CACHES["default"]["BACKEND"].endswith("RedisCache")  # the one-round-trip path is the one tested
    rates(moves="2/min")
    url = f"/api/games/{started_game.pk}/moves/"
    post = lambda: api(alice).post(url, {"action": {"type": "bid", "amount": 50}}, format="json")  # noqa: E731
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        assert post().status_code == 400  # let through (and refused by the game: no such bid)
    # the window is the script's sorted set of moments (DRF's own throttle would have stored a pickled list)
    from django.core.cache import cache

    assert redis.Redis.from_url(settings.REDIS_URL).type(cache.make_key(f"throttle_moves_{alice.pk}")) == b"zset"
    with time_machine.travel(start + timedelta(seconds=30), tick=False):
        assert post().status_code == 400
        refused = post()
        assert refused.status_code == 429 and int(refused["Retry-After"]) == 30  # the first leaves the window at 60 s
    with time_machine.travel(start + timedelta(seconds=61), tick=False):
        assert post().status_code == 400  # the first has left; the refused one was never counted
        assert post().status_code == 429
    with time_machine.travel(start + timedelta(seconds=152), tick=False):
        assert [post().status_code for _ in range(3)] == [400, 400, 429]
