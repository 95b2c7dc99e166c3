"""The ladder pages in a real browser: Playwright for Python driving
Debian's Chromium (/usr/bin/chromium, from scripts/ensure-tools) against the
live server on PostgreSQL, under the site's Content-Security-Policy."""

import os
from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from pbem.ladders import services
from pbem.ladders.models import Seek
from tests.ladders.conftest import finish, start

pytestmark = pytest.mark.django_db(transaction=True)
CHROMIUM = os.environ.get("PBEM_CHROMIUM", "/usr/bin/chromium")


@pytest.fixture
def page_for(browser, live_server):
    contexts = []

    def make(user=None):
        ctx = browser.new_context()
        ctx.set_default_timeout(15_000)
        contexts.append(ctx)
        if user is not None:  # a logged-in session, as the login form would make
            client = Client()
            client.force_login(user)
            cookie = client.cookies[settings.SESSION_COOKIE_NAME]
            ctx.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
        page = ctx.new_page()
        page.problems = []
        # script errors and CSP refusals; failed loads are judged by their responses (the
        # browser's own /favicon.ico request is the site's business, not these pages')
        page.on("console", lambda m: m.type == "error" and "Failed to load resource" not in m.text and page.problems.append(m.text))
        page.on("response", lambda r: r.status >= 400 and not r.url.endswith("/favicon.ico") and page.problems.append(f"{r.status} {r.url}"))
        page.on("pageerror", lambda e: page.problems.append(str(e)))
        return page

    yield make
    for c in contexts:
        c.close()


def test_join_and_seek_on_the_ladder_page(page_for, live_server, players, ladder):
    (u,) = players(1)
    page = page_for(u)
    page.goto(f"{live_server.url}/ladders/bids/")
    assert page.locator("h1").inner_text() == "Sealed Bid ladder"
    page.click("button:has-text('Join the ladder')")
    page.wait_for_selector("text=You are on the ladder Sealed Bid ladder.")
    page.click("button:has-text('Seek a game')")
    page.wait_for_selector("button:has-text('Stop seeking')")
    assert Seek.objects.get(player=u).status == "waiting"
    assert page.locator("table.standings tbody tr").count() == 1
    assert page.problems == []  # no script error, nothing refused by the CSP


def test_rating_history_plot_and_tournament_page(page_for, live_server, players, tmp_path):
    a, b, c, d = players(4)
    for i in range(4):
        finish(start([a, b, c, d], seed=40 + i), bids=[3 - i, i, 0, 0])
    page = page_for()
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    page.goto(f"{live_server.url}/ratings/p00/")
    plot = page.locator("svg.rating-plot")
    assert plot.is_visible()
    box = plot.bounding_box()
    assert 0 < box["width"] <= 390  # scales down to the screen
    assert page.locator("svg.rating-plot circle").count() == 4
    assert "over 4 rated games" in plot.get_attribute("aria-label")
    page.screenshot(path=str(tmp_path / "ratings.png"))

    t = services.tournament_create(
        creator=a, slug="cup", name="Cup", engine="sealedbid", options={"rounds": 1}, table_size=2, rounds=2,
        registration_deadline=timezone.now() + timedelta(hours=1),
    )
    for u in (a, b, c, d):
        services.tournament_register(tournament=t, user=u)
    services.tournament_start(tournament_id=t.pk)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/tournaments/cup/")
    assert page.locator("ul.rules li").count() >= 8
    assert page.locator("section.round").count() == 1
    assert page.locator("section.round tbody tr").count() == 2  # two tables of two
    assert page.locator("table.tournament-standings tbody tr").count() == 4
    assert page.problems == []


def test_organise_a_tournament_in_the_browser(page_for, live_server, players):
    from pbem.ladders.models import Tournament

    (u,) = players(1)
    page = page_for(u)
    page.goto(f"{live_server.url}/ladders/")
    page.click("text=Organise a tournament")
    page.click("a[href='?engine=sealedbid']")
    page.fill("input[name=name]", "Spring Swiss")
    page.select_option("select[name=table_size]", "3")
    page.fill("input[name=rounds]", "5")
    page.fill("input[name=registration_deadline]", (timezone.now() + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M"))
    page.fill("input[name=max_players]", "12")
    page.select_option("select[name=remainder]", "bye")
    page.fill("input[name=option_rounds]", "1")
    page.click("button:has-text('Create the tournament')")
    page.wait_for_selector("text=Spring Swiss is open for registration")
    assert page.url == f"{live_server.url}/tournaments/spring-swiss/"
    t = Tournament.objects.get(slug="spring-swiss")
    assert (t.table_size, t.rounds, t.max_players, t.remainder, t.points, t.options) == (3, 5, 12, "bye", {}, {"rounds": 1})
    assert page.locator("ul.rules li:has-text('3 players: 3, 1.5, 0')").count() == 1  # the documented default
    page.click("button:has-text('Register')")
    page.wait_for_selector("text=You are registered for Spring Swiss.")
    assert page.problems == []
