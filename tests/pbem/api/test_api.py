"""The REST API answers as documented, on every path, and every refusal
leaves the game unchanged."""

import pytest

from pbem import services
from tests.pbem.services.test_moves import snapshot


def post_move(client, game, action, version=None, key="k"):
    body = {"action": action} | ({"version": version} if version is not None else {})
    return client.post(f"/api/games/{game.pk}/moves/", body, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_token_auth(api, alice):
    r = api().post("/api/auth/token/", {"username": "alice", "password": "pw-alice"}, format="json")
    assert r.status_code == 200 and len(r.json()["token"]) == 40
    assert api().post("/api/auth/token/", {"username": "alice", "password": "nope"}, format="json").status_code == 401
    assert api().get("/api/engines/").status_code == 401


def test_engines_list(api, alice):
    r = api(alice).get("/api/engines/")
    assert r.status_code == 200
    testgame = next(e for e in r.json() if e["slug"] == "sealedbid")
    assert testgame["min_players"] == 2 and testgame["max_players"] == 4
    assert testgame["options_schema"]["properties"]["rounds"]["default"] == 3


def test_create_join_start_and_read(api, alice, bob, carol):
    r = api(alice).post("/api/games/", {"engine": "sealedbid", "players": 2, "options": {"rounds": 2}}, format="json")
    assert r.status_code == 201
    game = r.json()
    assert game["status"] == "forming" and game["your_seat"] == 0 and game["options"] == {"rounds": 2}
    assert game["seats"][1] == {"index": 1, "player": None, "bot": False, "status": "playing"}
    gid = game["id"]
    assert api(bob).post(f"/api/games/{gid}/join/").json()["your_seat"] == 1
    assert api(carol).post(f"/api/games/{gid}/join/").status_code == 409
    assert api(bob).post(f"/api/games/{gid}/start/", {}, format="json").status_code == 403
    started = api(alice).post(f"/api/games/{gid}/start/", {}, format="json").json()
    assert started["status"] == "active" and started["version"] == 0
    assert [a["type"] for a in started["actions"]] == ["bid"]
    spectator = api(carol).get(f"/api/games/{gid}/").json()
    assert spectator["your_seat"] is None and spectator["actions"] == [] and spectator["view"]["phase"] == "bid"
    assert api(alice).get("/api/games/").json()[0]["id"] == gid


def test_my_decisions_across_games_soonest_deadline_first(api, alice, bob):
    slow = services.game_create(creator=alice, engine="sealedbid", players=2, bots=1, time_control={"hours": 168})
    fast = services.game_create(creator=alice, engine="sealedbid", players=2, bots=1, time_control={"hours": 24})
    for g in (slow, fast):
        services.game_start(game_id=g.pk, user=alice)
    mine = api(alice).get("/api/me/decisions/").json()
    assert [d["game"] for d in mine] == [fast.pk, slow.pk]
    assert mine[0]["kind"] == "bid" and mine[0]["sealed"] is True
    services.move_submit(game_id=fast.pk, seat=0, action={"type": "bid", "amount": 1}, source="api")
    assert [d["game"] for d in api(alice).get("/api/me/decisions/").json()] == [slow.pk]
    assert api(bob).get("/api/me/decisions/").json() == []


def test_move_accepted_then_duplicate_key_gives_the_first_answer(api, alice, started_game):
    c = api(alice)
    one = post_move(c, started_game, {"type": "bid", "amount": 2}, version=0, key="same")
    two = post_move(c, started_game, {"type": "bid", "amount": 2}, version=0, key="same")
    assert one.status_code == two.status_code == 202
    assert one.json()["move"] == two.json()["move"] and two.json()["duplicate"] is True


@pytest.mark.parametrize(
    "who, action, version, status, error",
    [
        ("alice", {"type": "bid", "amount": 50}, 0, 400, "illegal_move"),
        ("alice", {"type": "fly"}, 0, 400, "illegal_move"),
        ("alice", "bid 3", 0, 400, "invalid"),
        ("alice", {"type": "bid", "amount": 1}, 3, 409, "stale_version"),
        ("carol", {"type": "bid", "amount": 1}, 0, 403, "not_your_seat"),
    ],
)
def test_move_refusals_answer_with_their_status_and_change_nothing(api, alice, carol, started_game, who, action, version, status, error):
    users = {"alice": alice, "carol": carol}
    before = snapshot(started_game.pk)
    r = post_move(api(users[who]), started_game, action, version)
    assert r.status_code == status, r.content
    assert r.json()["error"] == error and r.json()["detail"]
    assert snapshot(started_game.pk) == before


def test_not_your_turn_is_409(api, alice, bob, started_game):
    services.move_submit(game_id=started_game.pk, seat=0, action={"type": "bid", "amount": 5}, source="api")
    services.move_submit(game_id=started_game.pk, seat=1, action={"type": "bid", "amount": 0}, source="api")
    services.game_advance(game_id=started_game.pk)  # alice won: only she acts now
    before = snapshot(started_game.pk)
    r = post_move(api(bob), started_game, {"type": "claim", "take": "points"}, version=1)
    assert r.status_code == 409 and r.json()["error"] == "not_your_turn"
    assert snapshot(started_game.pk) == before


def test_bad_requests_never_500(api, alice, started_game):
    c = api(alice)
    assert c.get("/api/games/999999/").status_code == 404
    assert c.post("/api/games/999999/moves/", {"action": {"type": "bid", "amount": 1}}, format="json").status_code == 404
    assert c.post(f"/api/games/{started_game.pk}/moves/", "not json", content_type="application/json").status_code == 400
    assert c.post(f"/api/games/{started_game.pk}/moves/", {}, format="json").status_code == 400
    long_key = c.post(f"/api/games/{started_game.pk}/moves/", {"action": {"type": "bid", "amount": 1}}, format="json", HTTP_IDEMPOTENCY_KEY="x" * 500)
    assert long_key.status_code == 400
    assert c.post("/api/games/", {"engine": "nope", "players": 2}, format="json").status_code == 404
    assert c.post("/api/games/", {"engine": "sealedbid", "players": "two"}, format="json").status_code == 400
    assert c.post("/api/games/", {"engine": "sealedbid", "players": 2, "time_control": {"hours": -1}}, format="json").status_code == 400
    assert c.get(f"/api/games/{started_game.pk}/record/").status_code == 409


def test_history_shows_private_events_only_to_their_seat(api, alice, bob, carol, started_game):
    for seat, amount in ((0, 4), (1, 1)):
        services.move_submit(game_id=started_game.pk, seat=seat, action={"type": "bid", "amount": amount}, source="api")
    services.game_advance(game_id=started_game.pk)
    services.move_submit(game_id=started_game.pk, seat=0, action={"type": "peek"}, source="api")
    services.game_advance(game_id=started_game.pk)
    peek_text = lambda user: [e["text"] for h in api(user).get(f"/api/games/{started_game.pk}/moves/").json() for e in h["events"]]  # noqa: E731
    assert any(t.startswith("The next prize is") for t in peek_text(alice))
    for other in (bob, carol):
        texts = peek_text(other)
        assert "Seat 1 looked at the next prize." in texts
        assert not any(t.startswith("The next prize is") for t in texts)


def test_schema_and_docs(api, alice):
    schema = api().get("/api/schema/")
    assert schema.status_code == 200
    text = schema.content.decode()
    for path in ("/api/games/{game_id}/moves/", "/api/me/decisions/", "/api/games/{game_id}/record/", "Idempotency-Key"):
        assert path in text
    assert api().get("/api/docs/").status_code == 200


JUNK = [None, "", "x", 0, -1, 10**20, [], {}, {"action": None}, {"action": []}, {"email": "not-an-address"}, {"days": "many"}, {"days": -3},
        {"engine": ["a"], "players": {}}, {"time_control": "fast"}, {"time_control": {"preset": "nope"}}, {"fill_with_bots": "maybe"}]


@pytest.mark.parametrize("payload", JUNK, ids=range(len(JUNK)))
def test_junk_never_answers_500(api, alice, carol, started_game, payload):
    """Every endpoint, for a stranger to the game and for nobody, answers junk
    with a 4xx and a JSON body, and the game stays as it was."""
    gid = started_game.pk
    before = snapshot(gid)
    urls = [
        "/api/games/", f"/api/games/{gid}/join/", f"/api/games/{gid}/start/", f"/api/games/{gid}/moves/",
        f"/api/games/{gid}/resign/", f"/api/games/{gid}/invitations/", "/api/me/vacation/", "/api/auth/token/",
        "/api/games/abc/moves/", "/api/players/nobody/",
    ]
    for client in (api(carol), api()):
        for url in urls:
            r = client.post(url, payload, format="json")
            assert 400 <= r.status_code < 500, (url, payload, r.status_code)
            assert r.json()
    assert snapshot(gid) == before
