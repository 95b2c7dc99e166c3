"""Table talk in real browsers: a message to the table and private ones
between two players appear on the other pages without reloading, each only
where it may be read; a third player and a spectator never see a private one.
The spectator's browser then checks the remaining page types with axe-core."""

import pytest

from pbem import services
from tests.web.conftest import check_accessibility, log_in, verified_player

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _say(page, text: str, to: str | None = None) -> None:
    page.fill("#talk-text", text)
    page.select_option("#talk-to", label=to or "the whole table")
    page.click("section[aria-labelledby=h-say] button[type=submit]")
    page.wait_for_selector(f"#talk >> text={text}")


def _appears(page, text: str) -> None:
    """Waits for ``text`` in the page's live region, fetched again when its stream says so."""
    page.wait_for_function(
        "t => document.querySelector('#talk') && document.querySelector('#talk').innerText.includes(t)", arg=text, timeout=15_000
    )


def test_table_and_private_messages_reach_only_whom_they_are_for_without_reloading(site, new_page):
    alice, bob, carol = verified_player("alice"), verified_player("bob"), verified_player("carol")
    verified_player("dave")
    game = services.game_create(creator=alice, engine="sealedbid", players=3, seed=8)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    services.game_start(game_id=game.pk, user=alice)

    pages = {}
    for name in ("alice", "bob", "carol", "dave"):
        pages[name] = new_page()
        log_in(pages[name], site, name, f"pw-{name}-secret")
        pages[name].goto(f"{site}/games/{game.pk}/")
        # a mark that a reload would wipe: the messages must come without one
        pages[name].evaluate("() => { window.notReloaded = true }")
    a, b, c, spectator = pages["alice"], pages["bob"], pages["carol"], pages["dave"]

    _say(a, "Good luck, everybody")
    _say(a, "Psst bob: I bid low", to="bob only")
    for p in (b, c):
        _appears(p, "Good luck, everybody")
    _appears(b, "Psst bob: I bid low")
    assert "private, to you" in b.inner_text("#talk")
    for p in (b, c):
        assert p.evaluate("() => window.notReloaded === true")

    a.evaluate("() => { window.notReloaded = true }")  # alice's own post loaded her page
    _say(b, "Thanks alice, me too", to="alice only")
    _appears(a, "Thanks alice, me too")
    assert a.evaluate("() => window.notReloaded === true")
    assert "private, to bob" in a.inner_text("#talk") and "private, to you" in a.inner_text("#talk")

    # carol's page has caught up with all three messages (the stamp its stream brought counts them;
    # the fallback poll would start from it), never reloaded
    c.wait_for_function("() => document.querySelector('#poll').getAttribute('hx-get').endsWith('.3')")
    assert c.evaluate("() => window.notReloaded === true")
    for p in (c, spectator):
        html = p.content()
        assert "Psst" not in html and "me too" not in html
    assert "Good luck, everybody" in c.inner_text("#talk")
    # a spectator of a public game sees the table but no talk; a reload shows nothing private either
    spectator.reload()
    assert "Psst" not in spectator.content() and "me too" not in spectator.content()
    assert spectator.locator("#talk-text").count() == 0
    check_accessibility(b, "game page with table talk")
    # the page types no other browser test opens, checked with axe-core too
    for path, what in [
        (f"/join/{game.invite_code}/", "join by invitation"), ("/games/new/", "new game: choose the game"),
        ("/accounts/email/", "email addresses"), ("/accounts/password/change/", "password change"),
    ]:
        spectator.goto(site + path)
        check_accessibility(spectator, what)
    spectator.click("text=Log out")
    spectator.goto(f"{site}/accounts/login/")
    check_accessibility(spectator, "log in")
