"""The pages through Django's test client: bad input never answers 500, the
poll is cheap, table talk reaches only whom it is for (pages and mail text),
the security headers are there and production settings pass check --deploy."""

import re
import subprocess
import sys

import pytest
from django.test import Client

from pbem.selectors import mail as mail_selectors
from pbem import services
from pbem.models import Move
from pbem.web import selectors as web_selectors
from tests.web.conftest import verified_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    alice, bob, carol = verified_player("alice"), verified_player("bob"), verified_player("carol")
    game = services.game_create(creator=alice, engine="sealedbid", players=3, seed=4)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    services.game_start(game_id=game.pk, user=alice)
    game.refresh_from_db()
    clients = {}
    for u in (alice, bob, carol):
        clients[u.username] = Client()
        clients[u.username].force_login(u)
    return game, clients


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"type": "bid"},
        {"type": "bid", "version": "x", "p.amount": "lots"},
        {"type": "bid", "version": "0", "p.amount": "-5"},
        {"type": "nonsense", "version": "0"},
        {"type": "claim", "version": "0", "p.take": "everything"},
        {"type": "bid", "version": "999", "p.amount": "1", "key": "k" * 500},
    ],
)
def test_bad_move_posts_get_a_clear_answer_and_change_nothing(table, data):
    game, clients = table
    r = clients["alice"].post(f"/games/{game.pk}/move/", data, follow=True)
    assert r.status_code in (200, 400)
    text = r.content.decode()
    assert "Refused" in text or "moved on" in text or "Nothing is asked" in text or "not" in text
    assert not Move.objects.filter(game=game, seat=0).exists()


@pytest.mark.parametrize(
    "url",
    ["/games/999999/", "/games/999999/poll/", "/games/999999/live/", "/games/999999/replay/", "/join/nope/", "/nowhere/"],
)
def test_missing_things_are_404_not_500(table, url):
    game, clients = table
    assert clients["alice"].get(url).status_code in (302, 404)


def test_poll_answers_204_until_something_changes(table, django_assert_max_num_queries):
    game, clients = table
    bob = game.seats.get(index=1).player
    stamp = web_selectors.poll_stamp(game_id=game.pk, user=bob)
    with django_assert_max_num_queries(3):  # the session, the user and one query for visibility and stamp: no page render
        r = clients["bob"].get(f"/games/{game.pk}/poll/", {"stamp": stamp})
    assert r.status_code == 204
    services.move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 2}, source="web", version=game.version)
    r = clients["bob"].get(f"/games/{game.pk}/poll/", {"stamp": stamp})
    assert r.status_code == 200 and r["HX-Trigger"] == "game-changed"
    assert web_selectors.poll_stamp(game_id=game.pk, user=bob) in r.content.decode()


def _unmasked(html: bytes) -> bytes:
    """The page without what differs by request: the CSRF token's mask, and the address asked for
    (the language switcher returns to it)."""
    html = re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"", html)
    return re.sub(rb"/games/\d+/", b"/games/N/", html)


def test_poll_of_a_private_game_is_not_found_for_an_outsider(django_assert_max_num_queries):
    """The poll tells nothing the game page would not: a private game's
    existence and progress stay hidden from whoever may not see it (404, the
    same answer as for a game that does not exist), while its players, its
    creator and its invitees poll it as usual."""
    from pbem.services.invitations import invitation_create

    alice, bob, dave, ivy = (verified_player(n) for n in ("alice", "bob", "dave", "ivy"))
    game = services.game_create(creator=alice, engine="sealedbid", players=3, bots=1, visibility="private")
    services.game_join_by_code(code=game.invite_code, user=bob)
    invitation_create(game_id=game.pk, by_user=alice, email=ivy.email)
    public = services.game_create(creator=alice, engine="sealedbid", players=2, bots=1)

    def poll(user, game_id):
        client = Client()
        if user is not None:
            client.force_login(user)
        with django_assert_max_num_queries(3):
            return client.get(f"/games/{game_id}/poll/", {"stamp": "x"})

    for user in (alice, bob, ivy):
        r = poll(user, game.pk)
        assert r.status_code == 200 and "HX-Trigger" in r, user
    missing = poll(dave, 999_999)
    for user in (dave, None):
        r = poll(user, game.pk)
        assert r.status_code == 404, user
        # not told apart from a game that does not exist (the styled 404 page; its form's CSRF token is masked anew each time)
        assert _unmasked(r.content) == _unmasked(poll(user, 999_999).content)
    assert missing.status_code == 404
    # no stamp in the answer (the language switcher only echoes the address asked for, ?stamp=x)
    assert "HX-Trigger" not in r and "stamp" not in r.content.decode().replace("?stamp=x", "")
    # the stamp's parts move as the game does, for those who may see it
    assert poll(dave, public.pk).status_code == 200
    before = web_selectors.poll_stamp(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    assert web_selectors.poll_stamp(game_id=game.pk, user=bob) != before
    assert web_selectors.poll_stamp(game_id=game.pk, user=dave) is None


def test_table_talk_reaches_only_whom_it_is_for(table):
    game, clients = table
    clients["alice"].post(f"/games/{game.pk}/talk/", {"text": "Hello table", "to": ""})
    clients["alice"].post(f"/games/{game.pk}/talk/", {"text": "Psst, bob: bid low", "to": "1"})
    assert "Psst, bob" in clients["bob"].get(f"/games/{game.pk}/").content.decode()
    carol_page = clients["carol"].get(f"/games/{game.pk}/").content.decode()
    assert "Hello table" in carol_page and "Psst" not in carol_page
    assert "Psst" not in Client().get(f"/games/{game.pk}/").content.decode()
    assert "Psst" in mail_selectors.table_talk_text(game=game, seat=1)
    carol_mail = mail_selectors.table_talk_text(game=game, seat=2)
    assert "Hello table" in carol_mail and "Psst" not in carol_mail
    # talking to yourself, to an empty text or as a spectator is refused with a message
    r = clients["alice"].post(f"/games/{game.pk}/talk/", {"text": "", "to": "0"}, follow=True)
    assert r.status_code == 200 and "Write something" in r.content.decode()


def test_pages_carry_a_content_security_policy_and_no_inline_script(table):
    game, clients = table
    for url in ["/", f"/games/{game.pk}/", "/lobby/", "/profile/", "/games/new/?engine=fugger", "/accounts/email/"]:
        r = clients["alice"].get(url)
        assert r.status_code == 200, url
        csp = r["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        html = r.content.decode()
        assert "<script>" not in html and "<style" not in html and " style=" not in html
        # every asset the page loads is the site's own (a path, never another host; the empty favicon is data:)
        assets = re.findall(r'<(?:script|link|img|iframe|source)\b[^>]*?\b(?:src|href)="([^"]*)"', html)
        assert assets and all((a.startswith("/") and not a.startswith("//")) or a.startswith("data:") for a in assets), (url, assets)


def test_api_docs_work_offline():
    r = Client().get("/api/docs/")
    assert r.status_code == 200
    html = r.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    assert "https://" not in html


def test_production_settings_pass_check_deploy():
    env = {
        "PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "config.settings.base", "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "x" * 64 + "-a-long-random-production-key", "DJANGO_ALLOWED_HOSTS": "pbem.example.org", "PBEM_SITE_URL": "https://pbem.example.org",
        "DATABASE_URL": "sqlite:////tmp/pbem-check-deploy.sqlite3", "PBEM_VAR_DIR": "/tmp/pbem-check-deploy",
    }
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--tag", "security", "--fail-level", "WARNING"], env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_private_game_page_is_not_found_for_an_outsider_and_shown_to_its_players():
    alice, dave = verified_player("alice"), verified_player("dave")
    game = services.game_create(creator=alice, engine="sealedbid", players=2, bots=1, visibility="private")
    services.game_start(game_id=game.pk, user=alice)
    outsider, player = Client(), Client()
    outsider.force_login(dave)
    player.force_login(alice)
    for path in (f"/games/{game.pk}/", f"/games/{game.pk}/live/", f"/games/{game.pk}/forms/"):
        assert outsider.get(path).status_code == 404, path
    assert player.get(f"/games/{game.pk}/").status_code == 200


def test_the_lobby_lists_public_open_games_only():
    alice, dave = verified_player("alice"), verified_player("dave")
    public = services.game_create(creator=alice, engine="sealedbid", players=2)
    private = services.game_create(creator=alice, engine="sealedbid", players=2, visibility="private")
    full = services.game_create(creator=alice, engine="sealedbid", players=2, bots=1)
    client = Client()
    client.force_login(dave)
    html = client.get("/lobby/").content.decode()
    assert f"/games/{public.pk}/" in html
    assert f"/games/{private.pk}/" not in html and f"/games/{full.pk}/" not in html
    # the code still joins the private game
    r = client.post("/lobby/", {"code": private.invite_code}, follow=True)
    assert r.redirect_chain[-1][0] == f"/games/{private.pk}/" and "You took seat 2" in r.content.decode()


@pytest.mark.parametrize("browser_says, account_says, heading", [
    ("de", None, "Bei uns ist etwas schiefgegangen"),
    ("en", "it", None),  # a signed-in player reads it in the account's language, whatever the browser says
])
def test_a_server_error_shows_the_styled_page_in_the_readers_language(monkeypatch, settings, browser_says, account_says, heading):
    """A fault in a view, with DEBUG off as in production: status 500, the site's
    own page (its stylesheet, links home) in the reader's language, no traceback."""
    from django.utils import translation

    from pbem.models import Profile

    settings.DEBUG = False

    def broken():
        raise RuntimeError("the lobby's query failed: secret-detail-xyz")

    monkeypatch.setattr(web_selectors, "lobby_games", broken)
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=browser_says)
    if account_says:
        player = verified_player("erika")
        Profile.objects.update_or_create(user=player, defaults={"language": account_says})
        client.force_login(player)
        with translation.override(account_says):
            heading = translation.gettext("Something went wrong on our side")
        assert heading != "Something went wrong on our side"
    response = client.get("/lobby/")
    html = response.content.decode()
    assert response.status_code == 500
    assert f'<html lang="{account_says or browser_says}">' in html and heading in html
    assert "/static/web/pbem.css" in html and 'href="/"' in html
    assert "secret-detail-xyz" not in html and "Traceback" not in html and "RuntimeError" not in html
