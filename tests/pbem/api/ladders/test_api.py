"""The ladder, tournament and rating API: every endpoint through HTTP, the
error shape, and the schema."""

from datetime import timedelta

import pytest
from django.utils import timezone

from pbem.ladders.models import Rating, Seek, Tournament
from tests.ladders.conftest import finish, start


def test_ladder_endpoints(api, players, ladder):
    a, b, c, d, e = players(5)
    anon = api()
    assert anon.get("/api/ladders/").json()[0]["slug"] == "bids"
    assert anon.get("/api/ladders/nope/").json() == {
        "error": "not_found", "detail": "There is no ladder 'nope'. Ladders: bids."
    }
    assert anon.post("/api/ladders/bids/join/").status_code in (401, 403)
    for u in (a, b, c, d, e):
        assert api(u).post("/api/ladders/bids/join/").status_code == 200
    r = api(a).post("/api/ladders/bids/seek/")
    assert r.status_code == 201 and r.json()["status"] == "waiting"
    assert api(a).delete("/api/ladders/bids/seek/").status_code == 204
    assert api(a).delete("/api/ladders/bids/seek/").json()["error"] == "conflict"
    assert Seek.objects.get(player=a).status == "cancelled"
    r = api(a).post("/api/ladders/bids/challenges/", {"players": ["p01", "p02", "p03"]}, format="json")
    assert r.status_code == 201, r.json()
    cid = r.json()["id"]
    assert [x["answer"] for x in r.json()["players"]] == ["pending"] * 3
    r = api(b).post(f"/api/challenges/{cid}/respond/", {"answer": "maybe"}, format="json")
    assert r.status_code == 400 and r.json()["error"] == "invalid"
    for u in (b, c, d):
        r = api(u).post(f"/api/challenges/{cid}/respond/", {"answer": "accept"}, format="json")
        assert r.status_code == 200
    assert r.json()["status"] == "accepted" and r.json()["game"]
    assert api(e).get("/api/challenges/").json() == []
    standings = anon.get("/api/ladders/bids/standings/").json()
    assert len(standings) == 5 and {"place", "player", "ordinal", "games", "on_time_rate"} <= set(standings[0])
    assert api(e).post("/api/ladders/bids/leave/").status_code == 204
    assert len(anon.get("/api/ladders/bids/standings/").json()) == 4


def test_rating_endpoints(api, players):
    a, b = players(2)
    game = finish(start([a, b]), bids=[3, 0])
    ratings = api().get("/api/players/p00/ratings/").json()
    assert ratings[0]["engine"] == "sealedbid" and ratings[0]["games"] == 1 and ratings[0]["ordinal"] > 0 - 1
    history = api().get("/api/players/p00/ratings/history/?engine=sealedbid").json()
    assert [h["game"] for h in history] == [game.pk] and history[0]["place"] == 1
    assert history[0]["ordinal_after"] == pytest.approx(Rating.objects.get(player=a).ordinal, abs=1e-3)
    assert api().get("/api/players/nobody/ratings/").json()["error"] == "not_found"


def test_tournament_endpoints(api, players):
    users = players(4)
    owner = api(users[0])
    body = {
        "slug": "cup", "name": "Cup", "engine": "sealedbid", "options": {"rounds": 1}, "table_size": 4, "rounds": 2,
        "registration_deadline": (timezone.now() + timedelta(days=1)).isoformat(),
    }
    r = owner.post("/api/tournaments/", {**body, "table_size": 9}, format="json")
    assert r.status_code == 400 and {"error", "detail"} <= set(r.json())
    r = owner.post("/api/tournaments/", {**body, "engine": "sealedbid", "table_size": 5}, format="json")
    assert r.status_code == 400 and "2-4 players per table" in r.json()["detail"]
    r = owner.post("/api/tournaments/", body, format="json")
    assert r.status_code == 201, r.json()
    assert r.json()["points"]["4"] == [3.0, 2.0, 1.0, 0.0] and any("opponents' points" in x for x in r.json()["rules"])
    for u in users:
        assert api(u).post("/api/tournaments/cup/register/").status_code == 200
    assert api(users[1]).post("/api/tournaments/cup/register/").json()["error"] == "conflict"
    assert api(users[3]).post("/api/tournaments/cup/withdraw/").status_code == 200
    assert api().get("/api/tournaments/cup/").json()["players"] == 3
    assert api().get("/api/tournaments/cup/rounds/").json() == []
    lines = api().get("/api/tournaments/cup/standings/").json()
    assert len(lines) == 4 and [x["withdrawn"] for x in lines].count(True) == 1
    assert Tournament.objects.get(slug="cup").status == "registration"


def test_the_schema_documents_the_endpoints_and_the_error_shape(api, alice):
    schema = api(alice).get("/api/schema/", {"format": "json"}).json()
    for path in (
        "/api/ladders/", "/api/ladders/{slug}/join/", "/api/ladders/{slug}/leave/", "/api/ladders/{slug}/seek/",
        "/api/ladders/{slug}/challenges/", "/api/challenges/{challenge_id}/respond/", "/api/ladders/{slug}/standings/",
        "/api/tournaments/", "/api/tournaments/{slug}/register/", "/api/tournaments/{slug}/withdraw/",
        "/api/tournaments/{slug}/rounds/", "/api/tournaments/{slug}/standings/",
        "/api/players/{username}/ratings/", "/api/players/{username}/ratings/history/",
    ):
        assert path in schema["paths"], path
    join = schema["paths"]["/api/ladders/{slug}/join/"]["post"]["responses"]
    ref = join["409"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    assert {"error", "detail"} <= set(schema["components"]["schemas"][ref]["properties"])
