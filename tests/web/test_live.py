"""Live pages (issue 27): an open page is told of a committed change by its event stream and
fetches its parts again, without polling and without reloading; the poll comes back only
while the stream cannot be opened. A private game's stream is refused to an outsider, as its
page is. The browsers talk to the ASGI live server (tests/support/asgi_server.py), and a real
Celery worker applies the steps."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from django.test import Client

from pbem import services
from pbem.live.hub import _hubs
from pbem.models import Game
from tests.conftest_worker import wait_for
from tests.web.conftest import log_in, verified_player

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _sealedbid(alice, bob, *, visibility="public", seed=5) -> Game:
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=seed, visibility=visibility)
    services.game_join(game_id=game.pk, user=bob, code=game.invite_code)
    services.game_start(game_id=game.pk, user=alice)
    game.refresh_from_db()
    return game


def _streams_open() -> int:
    """Streams subscribed in the live server's process, now."""
    return sum(len(h.subscriptions) for h in list(_hubs.values()))


def _watch_polls(page) -> list[str]:
    """The poll requests the page makes (Playwright hands its events over while it is called)."""
    polls: list[str] = []
    page.on("request", lambda r: polls.append(r.url) if "/poll/" in r.url else None)
    return polls


def _shows(page, text: str, timeout: float) -> None:
    page.wait_for_function("t => document.body.innerText.includes(t)", arg=text, timeout=timeout)


def test_a_move_shows_on_the_other_players_page_within_a_second_without_polling(site, new_page):
    alice, bob = verified_player("alice"), verified_player("bob")
    game = _sealedbid(alice, bob)
    b = new_page()
    log_in(b, site, "bob", "pw-bob-secret")
    polls = _watch_polls(b)
    b.goto(f"{site}/games/{game.pk}/")
    b.evaluate("() => { window.notReloaded = true }")
    wait_for(lambda: _streams_open() >= 1, timeout=10, what="bob's page to open its stream")
    assert "not answered yet" in b.inner_text("section[aria-labelledby=h-decisions]")

    # alice bids (by the API, say): bob's page shows that she answered, within a second of the commit
    services.move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 3}, source="api", version=game.version)
    b.wait_for_function(
        "() => /alice[^\\n]*answered/.test(document.querySelector('section[aria-labelledby=h-decisions]').innerText)", timeout=1000
    )

    # bob bids by the API too; the worker resolves the round: his page shows the result within a
    # second of the step's commit (the board and the acting part fetched again: "moved")
    services.move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 2}, source="api", version=game.version)
    wait_for(lambda: Game.objects.get(pk=game.pk).version > game.version, interval=0.02, what="the worker to resolve the bids")
    _shows(b, "alice wins the prize", timeout=1000)
    b.wait_for_selector("form[data-type=bid]", state="detached", timeout=5000)  # the acting part is the new situation's

    assert b.evaluate("() => window.notReloaded === true")
    assert polls == [], f"the page polled while its stream was open: {polls}"


def test_the_page_polls_while_its_stream_cannot_be_opened_and_stops_once_it_can(site, new_page):
    alice, bob = verified_player("alice"), verified_player("bob")
    game = _sealedbid(alice, bob, seed=6)
    b = new_page()
    log_in(b, site, "bob", "pw-bob-secret")
    # a proxy in the way refuses the stream: the page falls back on its poll at once
    b.route("**/stream/**", lambda route: route.fulfill(status=503, body="no"))
    polls = _watch_polls(b)
    b.goto(f"{site}/games/{game.pk}/")
    wait_for(lambda: b.wait_for_timeout(100) or polls, timeout=10, interval=0, what="the fallback poll")
    services.move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 3}, source="api", version=game.version)
    b.wait_for_function(
        "() => /alice[^\\n]*answered/.test(document.querySelector('section[aria-labelledby=h-decisions]').innerText)", timeout=10_000
    )
    # the stream can be opened again: the extension's next try opens it and the polling stops
    b.unroute("**/stream/**")
    wait_for(lambda: _streams_open() >= 1, timeout=20, what="the stream to be opened again")
    b.wait_for_timeout(500)
    n = len(polls)
    b.wait_for_timeout(4000)  # more than a poll's period
    assert len(polls) == n, "the page went on polling with its stream open"


def test_the_dashboard_and_the_lobby_update_themselves(site, new_page):
    alice, bob = verified_player("alice"), verified_player("bob")
    b = new_page()
    log_in(b, site, "bob", "pw-bob-secret")
    b.goto(f"{site}/lobby/")
    lobby = new_page()
    log_in(lobby, site, "alice", "pw-alice-secret")
    lobby.goto(f"{site}/lobby/")
    dash = new_page()
    log_in(dash, site, "bob", "pw-bob-secret")
    dash.goto(f"{site}/")
    for p in (lobby, dash):
        p.evaluate("() => { window.notReloaded = true }")
    wait_for(lambda: _streams_open() >= 3, timeout=10, what="the pages to open their streams")

    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=7)
    _shows(lobby, f"#{game.pk}", timeout=5000)  # a new open game is listed
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    # bob's dashboard, never reloaded, asks for his bid; the started game has left the lobby
    dash.wait_for_function(
        "id => document.querySelector('#dash').innerText.includes('#' + id) && document.querySelector('#h-your-move').innerText.includes('1')",
        arg=game.pk, timeout=5000,
    )
    lobby.wait_for_function("id => !document.querySelector('#open-games').innerText.includes('#' + id)", arg=game.pk, timeout=5000)
    for p in (lobby, dash):
        assert p.evaluate("() => window.notReloaded === true")


def _get(url: str, session: str | None):
    request = urllib.request.Request(url, headers={"Cookie": f"sessionid={session}"} if session else {})
    try:
        return urllib.request.urlopen(request, timeout=10)  # noqa: S310 - the test's own server
    except urllib.error.HTTPError as e:
        return e


def test_a_private_games_stream_is_refused_to_an_outsider(live_server):
    alice, bob, dave = verified_player("alice"), verified_player("bob"), verified_player("dave")
    game = _sealedbid(alice, bob, visibility="private")
    sessions = {}
    for user in (bob, dave):
        c = Client()
        c.force_login(user)
        sessions[user.username] = c.cookies["sessionid"].value
    url = f"{live_server.url}/games/{game.pk}/stream/?stamp=x"

    outsider = _get(url, sessions["dave"])
    assert outsider.status == 404 and "text/event-stream" not in outsider.headers.get("Content-Type", "")
    # exactly as a game that does not exist, and as to someone not logged in
    assert _get(f"{live_server.url}/games/999999/stream/", sessions["dave"]).status == 404
    assert _get(url, None).status == 404

    player = _get(url, sessions["bob"])
    assert player.status == 200 and player.headers["Content-Type"].startswith("text/event-stream")
    first = ""
    while "\n\n" not in first.partition("event:")[2]:
        first += player.read1(1000).decode()
    # the page's stamp "x" is old: the current stamp comes at once, and nothing but it
    assert first.startswith("retry: ") and "event: moved\nid: active." in first, first
    player.close()
