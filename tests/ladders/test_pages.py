"""The pages: ladder, standings, tournament and a player's rating history
(server-drawn SVG), open to anyone; forms call the same services."""

from datetime import timedelta
from xml.etree import ElementTree

from django.test import Client
from django.utils import timezone

from pbem.ladders import services
from pbem.ladders.models import LadderMember, Seek
from tests.ladders.conftest import finish, start


def test_ladder_and_standings_pages(players, ladder):
    users = players(4)
    for u in users:
        services.ladder_join(ladder=ladder, user=u)
    page = Client().get("/ladders/bids/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Sealed Bid ladder" in html and "within 10 places" in html and "p03" in html
    import re

    assert all(src.startswith("/static/") for src in re.findall(r'<script[^>]*src="([^"]+)"', html))  # no CDN
    assert '<link rel="stylesheet" href="/static/ladders/ladders.css">' in html and "<style" not in html
    standings = Client().get("/ladders/bids/standings/").content.decode()
    assert standings.count('<a href="/ratings/p0') == 4
    assert Client().get("/ladders/nope/").status_code == 404
    assert "Sealed Bid ladder" in Client().get("/ladders/").content.decode()


def test_forms_on_the_ladder_page_join_and_seek(players, ladder):
    (u,) = players(1)
    client = Client()
    client.force_login(u)
    assert client.post("/ladders/bids/action/", {"action": "join"}).status_code == 302
    assert LadderMember.objects.filter(player=u, ladder=ladder).exists()
    page = client.post("/ladders/bids/action/", {"action": "seek"}, follow=True).content.decode()
    assert "You are seeking a game" in page and "Stop seeking" in page
    assert Seek.objects.get(player=u).status == "waiting"
    assert Client().post("/ladders/bids/action/", {"action": "join"}).status_code == 302  # to the login page


def test_rating_history_page_draws_the_ordinal_as_svg(players):
    a, b, c = players(3)
    for i in range(3):
        finish(start([a, b, c], seed=20 + i), bids=[3, 0, 1])
    html = Client().get("/ratings/p00/").content.decode()
    svg = html[html.index("<svg") : html.index("</svg>") + 6]
    root = ElementTree.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    points = root.find(f"{ns}polyline").get("points").split()
    assert len(points) == 4  # the start and one point per rated game
    assert len(root.findall(f".//{ns}circle")) == 3
    assert "over 3 rated games" in root.get("aria-label")
    assert Client().get("/ratings/nobody/").status_code == 404


def test_tournament_page_shows_rules_rounds_tables_and_standings(players):
    users = players(8)
    t = services.tournament_create(
        creator=users[0], slug="open", name="Open", engine="sealedbid", options={"rounds": 1}, table_size=4, rounds=3,
        final_size=4, registration_deadline=timezone.now() + timedelta(hours=1),
    )
    for u in users:
        services.tournament_register(tournament=t, user=u)
    services.tournament_start(tournament_id=t.pk)
    html = Client().get("/tournaments/open/").content.decode()
    assert "Swiss, 3 rounds" in html and "then opponents&#x27; points" in html
    assert "Round 1" in html and html.count("(active)") == 2
    assert "4 players: 3, 2, 1, 0" in html and "final table of the best 4" in html
