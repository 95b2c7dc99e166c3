"""Two players play by API while a real Celery worker, fed by the real Redis
broker, applies their moves and sends the notifications."""

import json

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from notifications.models import Notification
from pbem.models import Game
from tests.conftest_worker import wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def client(name):
    user = get_user_model().objects.create_user(name, f"{name}@example.org", "secret-" + name)
    c = APIClient()
    token = c.post("/api/auth/token/", {"username": name, "password": "secret-" + name}, format="json").json()["token"]
    c.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return user, c


def version_of(game_id):
    return Game.objects.get(pk=game_id).version


def test_two_players_play_by_api_and_the_worker_applies(celery_worker_process):
    alice, a = client("alice")
    bob, b = client("bob")
    created = a.post("/api/games/", {"engine": "sealedbid", "players": 2}, format="json")
    assert created.status_code == 201, created.content
    gid = created.json()["id"]
    assert b.post(f"/api/games/{gid}/join/").status_code == 200
    assert a.post(f"/api/games/{gid}/start/", {}, format="json").status_code == 200

    # a sealed decision: alice's bid is taken, sealed, and shown to nobody
    r = a.post(f"/api/games/{gid}/moves/", {"action": {"type": "bid", "amount": 7}, "version": 0}, format="json", HTTP_IDEMPOTENCY_KEY="a-0")
    assert r.status_code == 202 and r.json()["sealed"] and r.json()["status"] == "accepted"
    commitment = r.json()["commitment"]
    for c in (a, b):
        for url in (f"/api/games/{gid}/", f"/api/games/{gid}/moves/", "/api/me/decisions/"):
            body = c.get(url).content.decode()
            assert '"amount":7' not in body.replace(" ", ""), url  # the bid appears nowhere
    game = b.get(f"/api/games/{gid}/").json()
    assert {(d["seat"], d["submitted"]) for d in game["decisions"]} == {(0, True), (1, False)}
    assert game["commitments"] == [{"version": 0, "seat": 0, "commitment": commitment, "resolved": False}]
    assert version_of(gid) == 0  # nothing resolves before the last seat answers

    r = b.post(f"/api/games/{gid}/moves/", {"action": {"type": "bid", "amount": 3}, "version": 0}, format="json", HTTP_IDEMPOTENCY_KEY="b-0")
    assert r.status_code == 202
    wait_for(lambda: version_of(gid) == 1, what="the worker to resolve the bids")
    game = a.get(f"/api/games/{gid}/").json()
    assert game["view"]["winner"] == 0 and game["view"]["coins"] == [3, 10]
    # resolved: the amounts come from the engine's event, the commitment keeps no content and no salt until the end
    assert game["commitments"][0]["resolved"] and set(game["commitments"][0]) == {"version", "seat", "commitment", "resolved"}
    assert [x["type"] for x in game["actions"]] == ["peek", "claim"]

    # an unsealed move: accepted, applied by the worker, and the next decision is announced
    r = a.post(f"/api/games/{gid}/moves/", {"action": {"type": "claim", "take": "points"}, "version": 1}, format="json", HTTP_IDEMPOTENCY_KEY="a-1")
    assert r.status_code == 202 and not r.json()["sealed"]
    wait_for(lambda: version_of(gid) == 2, what="the worker to apply the claim")
    note = wait_for(
        lambda: Notification.objects.filter(kind="your_move", recipient=bob, game_id=gid, sent_at__isnull=False)
        .order_by("-pk")
        .first()
        if Notification.objects.filter(kind="your_move", recipient=bob, game_id=gid, sent_at__isnull=False).count() == 2
        else None,
        what="bob's second your-move mail to be sent",
    )
    assert "Round 2 of 3" in note.body_text
    mails = wait_for(lambda: [m for m in celery_worker_process.mails() if "bob@example.org" in m and "Round 2 of 3" in m], what="the mail file")
    assert "your move: bid" in mails[0]

    history = b.get(f"/api/games/{gid}/moves/").json()
    assert [h["version"] for h in history] == [0, 1]
    assert history[0]["moves"] == [
        {"seat": 0, "sealed": True, "source": "api"},  # alice's bid: bob learns its amount from the event only
        {"seat": 1, "action": {"type": "bid", "amount": 3}, "sealed": True, "source": "api"},
    ]
    assert "Traceback" not in celery_worker_process.output()


def test_bots_play_a_whole_game_in_the_worker_and_the_record_replays(celery_worker_process):
    from engines.base import canonical
    from tests.support.sealedbid import ENGINE

    alice, a = client("alice")
    gid = a.post("/api/games/", {"engine": "sealedbid", "players": 3, "bots": 2}, format="json").json()["id"]
    a.post(f"/api/games/{gid}/start/", {}, format="json")
    for _ in range(30):
        game = a.get(f"/api/games/{gid}/").json()
        if game["status"] == "finished":
            break
        if game["actions"] and not any(d["seat"] == 0 and d["submitted"] for d in game["decisions"]):
            spec = game["actions"][-1]
            action = {"type": "bid", "amount": 0} if spec["type"] == "bid" else {"type": "claim", "take": "coins"}
            r = a.post(f"/api/games/{gid}/moves/", {"action": action, "version": game["version"]}, format="json", HTTP_IDEMPOTENCY_KEY=f"v{game['version']}")
            assert r.status_code in (202, 409), r.content
        wait_for(lambda: Game.objects.get(pk=gid).version > game["version"] or Game.objects.get(pk=gid).status == "finished", what="the worker")
    record = a.get(f"/api/games/{gid}/record/").json()
    state = ENGINE.setup(record["players"], record["seed"], record["options"])
    for step in record["steps"]:
        state = ENGINE.apply(state, {int(k): v["action"] for k, v in step["moves"].items()})["state"]
    assert canonical(state) == canonical(Game.objects.get(pk=gid).state)
    assert json.dumps(record).count('"salt"') == 3 * 3  # three sealed rounds of three seats
