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
    page = client.post("/ladders/bids/action/", {"action": "jump"}, follow=True).content.decode()
    assert "Choose join or leave or seek or cancel." in page
    page = client.post("/ladders/bids/action/", {"action": "leave"}, follow=True).content.decode()
    assert "You have left the ladder Sealed Bid ladder." in page and Seek.objects.get(player=u).status == "cancelled"
    page = client.post("/ladders/bids/action/", {"action": "leave"}, follow=True).content.decode()
    assert "You are not on the ladder Sealed Bid ladder." in page  # the service's refusal, as a message


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


def tournament_form(**kw):
    deadline = (timezone.now() + timedelta(days=3)).strftime("%Y-%m-%dT%H:%M")
    return {
        "engine": "sealedbid", "name": "Winter Cup", "slug": "", "format": "swiss", "table_size": "4", "rounds": "3",
        "group_size": "", "final_size": "4", "remainder": "bye", "points": "4: 5 3 1 0; 3: 5 2 0",
        "registration_deadline": deadline, "max_players": "16", "round_hours": "240", "time_control": "blitz-24h",
        "on_timeout": "bot_takeover", "on_leave": "end", "takeover_rule": "place", "require_verified_email": "on",
        "option_rounds": "2",
    } | kw


def test_a_verified_player_organises_a_tournament_on_its_page(players, make_user):
    from pbem.ladders.models import Tournament

    (organiser,) = players(1)
    client = Client()
    client.force_login(organiser)
    chooser = client.get("/tournaments/new/").content.decode()
    assert '<a href="?engine=sealedbid">' in chooser
    form = client.get("/tournaments/new/?engine=sealedbid").content.decode()
    for label in ("Players per table", "Rounds", "Registration closes (UTC)", "Player limit", "Placement points",
                  "Time control", "Final table", "Rounds"):
        assert label in form
    assert 'placeholder="4: 3 2 1 0; 3: 3 1.5 0; 2: 3 0"' in form  # the documented default, per table size
    # bad input: the form says what is wrong and nothing is made
    bad = client.post("/tournaments/new/", tournament_form(points="4: 1 2 3 4", table_size="9", option_rounds="7"))
    assert bad.status_code == 200 and not Tournament.objects.exists()
    html = bad.content.decode()
    assert "Select a valid choice. 9 is not one of the available choices." in html
    assert "less than or equal to 5" in html  # the engine's own option schema
    bad = client.post("/tournaments/new/", tournament_form(points="4: 1 2 3 4"))
    assert "points[&#x27;4&#x27;] must list 4 numbers, first place first, never rising." in bad.content.decode()
    assert not Tournament.objects.exists()

    done = client.post("/tournaments/new/", tournament_form(), follow=True)
    t = Tournament.objects.get()
    assert done.redirect_chain[-1][0] == "/tournaments/winter-cup/"
    assert "Winter Cup is open for registration" in done.content.decode()
    assert (t.slug, t.engine, t.options, t.table_size, t.rounds, t.final_size, t.remainder, t.max_players) == (
        "winter-cup", "sealedbid", {"rounds": 2}, 4, 3, 4, "bye", 16
    )
    assert t.points == {"4": [5.0, 3.0, 1.0, 0.0], "3": [5.0, 2.0, 0.0]} and t.round_hours == 240
    assert t.takeover_rule == "place" and t.created_by == organiser and t.require_verified_email
    assert (t.time_control["preset"], t.time_control["on_timeout"], t.time_control["on_leave"]) == ("blitz-24h", "bot_takeover", "end")
    assert client.post("/tournaments/new/", tournament_form()).content.decode().count("exists; choose another slug") == 1

    # who may organise: a verified address (or staff); anonymous visitors go to the login page
    unverified = make_user("nomail")
    other = Client()
    other.force_login(unverified)
    refused = other.post("/tournaments/new/", tournament_form(name="Other Cup")).content.decode()
    assert "organised by players with a verified email address" in refused
    assert Tournament.objects.count() == 1
    assert Client().get("/tournaments/new/").status_code == 302
