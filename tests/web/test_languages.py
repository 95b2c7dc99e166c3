"""Every page type, read in German, Italian and French in a real browser,
holds no English sentence of the site's catalog, no English word of the
games' catalogs and no internal id (tests/support/leaks.py: the English is
taken from the catalogs themselves): each text a page shows is marked for
translation and translated. tests/i18n/test_sweep.py reads the pages of a
whole game of every engine the same way, through Django's test client."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from pbem import services
from pbem.ladders.models import Ladder, Tournament
from pbem.models import Game, Profile
from tests.support.leaks import english_fragments, leaks_in
from tests.web.conftest import bot_action, verified_player

LANGUAGES = ("de", "it", "fr")
# the players (their addresses too), the title of the tests' own engine, and the commitment's
# formula, which names the JSON fields as they are
NAMES = {"alice", "bob", "alice@example.org", "bob@example.org", "Sealed Bid (test game)", "{action, game, salt, seat, version}"}


def _leaks_on(page, code: str, *, words: bool = True) -> str:
    """The English and the ids (tests/support/leaks.py) a reader of ``code`` meets on the page."""
    return str(leaks_in(page.inner_text("body"), code, allowed=NAMES, words=words))


@pytest.fixture
def world(celery_worker_process):
    """A player with an Augsburg game at her move, a finished game, an open
    game, a ladder and a tournament."""
    alice = verified_player("alice")
    bob = verified_player("bob")
    active = services.game_create(creator=alice, engine="augsburg1520", players=3, bots=2, seed=4)
    services.game_start(game_id=active.pk, user=alice)
    finished = services.game_create(creator=alice, engine="sealedbid", players=2, bots=1, seed=9)
    services.game_start(game_id=finished.pk, user=alice)
    for _ in range(40):
        finished.refresh_from_db()
        if finished.status == Game.Status.FINISHED:
            break
        if finished.pending_actions.filter(version=finished.version, seat__index=0, closed_at__isnull=True,
                                           submitted_at__isnull=True).exists():
            services.move_submit(game_id=finished.pk, seat=0, action=bot_action(finished, 0), source="api",
                                 version=finished.version)
        services.game_advance(game_id=finished.pk)
    forming = services.game_create(creator=bob, engine="citadels", players=3)
    Ladder.objects.create(slug="augsburg-3p", name="Augsburg 3", engine="augsburg1520", min_players=3, max_players=3)
    Tournament.objects.create(
        slug="autumn", name="Autumn Cup", created_by=bob, engine="augsburg1520", table_size=3, rounds=3,
        registration_deadline=timezone.now() + timedelta(days=3),
    )
    return {"alice": alice, "active": active, "finished": finished, "forming": forming}


def test_every_page_type_in_german_italian_and_french(site, new_page, world):
    pages = [
        "/", "/lobby/", "/games/new/", "/games/new/?engine=augsburg1520", f"/games/{world['active'].pk}/",
        f"/games/{world['finished'].pk}/", f"/games/{world['finished'].pk}/replay/?step=1",
        f"/join/{world['forming'].invite_code}/", "/profile/", "/ladders/", "/ladders/augsburg-3p/",
        "/ladders/augsburg-3p/standings/", "/tournaments/autumn/", "/tournaments/new/?engine=augsburg1520",
        "/ratings/alice/", "/accounts/email/",
    ]
    visitor_pages = ["/", "/lobby/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"]
    found = {}
    for code in LANGUAGES:
        fragments = english_fragments(code)
        assert len(fragments) > 100, "the catalog's English is what is looked for"
        Profile.objects.update_or_create(user=world["alice"], defaults={"language": code})
        visitor = new_page(locale=code, extra_http_headers={"Accept-Language": code})
        for path in visitor_pages:
            visitor.goto(site + path)
            assert visitor.get_attribute("html", "lang") == code, path
            found.update({(code, "visitor", path): bad for bad in [_leaks_on(visitor, code)] if bad})
        page = new_page()  # the browser says English: the account's language wins
        _log_in_any(page, site)
        for path in pages:
            page.goto(site + path)
            assert page.get_attribute("html", "lang") == code, path
            # the finished game is the tests' own engine, whose texts are English only
            bad = _leaks_on(page, code, words=not path.startswith(f"/games/{world['finished'].pk}/"))
            found.update({(code, "alice", path): bad} if bad else {})
    assert not found, "\n".join(f"{k}: {v}" for k, v in found.items())


def _log_in_any(page, site):
    """Log in whatever the form's language (the field ids do not change)."""
    page.goto(f"{site}/accounts/login/")
    page.fill("#id_login", "alice")
    page.fill("#id_password", "pw-alice-secret")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{site}/")
