"""The board on the game page, in Debian's Chromium: each game's page shows
the board drawn from the seat's view (an SVG image with its title) above the
forms, with its text equivalent; it fits a phone and a desktop screen, hides
nothing less than the page must, and passes the accessibility check.
Screenshots at both sizes go to docs/screenshots/ (shown in the README)."""

from __future__ import annotations

import pytest

from pbem import services
from tests.web.conftest import (  # noqa: F401 - browser and new_page are fixtures
    SCREENSHOTS,
    check_accessibility,
    log_in,
    new_page,
    leaks,
    verified_player,
)

GAMES = (("augsburg1520", 4, None), ("citadels", 5, None), ("staufer", 4, None), ("fugger", 3, {"variant": "full"}))
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 900}}


@pytest.mark.django_db(transaction=True)
def test_each_game_page_shows_its_board_on_a_phone_and_a_desktop(live_server, new_page):
    player = verified_player("boardreader", "board-reader-pass")
    games = []
    for slug, players, options in GAMES:
        game = services.game_create(creator=player, engine=slug, players=players, bots=players - 1, seed=3, options=options)
        services.game_start(game_id=game.pk, user=player)
        game.refresh_from_db()
        games.append(game)
    for size, viewport in SIZES.items():
        page = new_page(viewport=viewport)
        log_in(page, live_server.url, "boardreader", "board-reader-pass")
        for game in games:
            page.goto(f"{live_server.url}/games/{game.pk}/")
            board = page.locator(f"section.board svg[data-slug={game.engine}]")
            board.wait_for()
            assert board.locator(":scope > title").text_content().startswith(
                {"augsburg1520": "Augsburg 1520", "citadels": "Citadels", "staufer": "The Staufer Dynasty",
                 "fugger": "Fugger, Welser, Medici"}[game.engine])
            box = page.locator("section.board .board-pan").bounding_box()
            assert 0 < box["width"] <= viewport["width"] and box["height"] > 150  # its frame fits the screen
            # the smallest text drawn on the board, in CSS pixels as shown (font size x the drawing's scale)
            smallest = board.evaluate(
                "svg => Math.min(...Array.from(svg.querySelectorAll('text'))"
                ".map(t => parseFloat(t.getAttribute('font-size') || 16) * svg.getScreenCTM().a))")
            if size == "phone":
                assert smallest >= 11.99, f"{game.engine}: board text of {smallest:.1f} px on a phone"
            page_width = page.evaluate("document.documentElement.scrollWidth")
            assert page_width <= viewport["width"] + 1, f"{game.engine}: the page scrolls sideways on a {size}"
            words = page.locator("section.board details")
            assert words.locator("summary").inner_text() == "The board in words"
            assert words.locator("h3").count() >= 2
            # the board sits above the forms
            forms = page.locator("form.move-form").first
            if forms.count():
                assert forms.bounding_box()["y"] > box["y"]
            html = page.content()
            # whole words: the hand's "philippe-14" is not the hidden "philippe-1"
            leaked = leaks(html, game, 0)
            assert not leaked, f"{game.engine}: the page shows what seat 1 may not see: {leaked[:5]}"
            if size == "desktop":
                check_accessibility(page, f"{game.engine} game page")
            page.screenshot(path=str(SCREENSHOTS / f"page-{game.engine}-{size}.png"), full_page=False)
    for slug, _, _ in GAMES:
        for size in SIZES:
            assert (SCREENSHOTS / f"page-{slug}-{size}.png").stat().st_size > 20_000


@pytest.mark.django_db(transaction=True)
def test_a_german_players_page_draws_the_board_in_german(live_server, new_page):
    """A player whose language is German (the browser says English) sees the board, its title and
    its text equivalent in German, with the German edition's names."""
    from pbem.services.languages import profile_language_set

    player = verified_player("brettleser", "brett-leser-pass")
    game = services.game_create(creator=player, engine="citadels", players=4, bots=3, seed=3)
    services.game_start(game_id=game.pk, user=player)
    page = new_page(viewport=SIZES["desktop"])
    log_in(page, live_server.url, "brettleser", "brett-leser-pass")
    profile_language_set(user=player, language="de")  # from now on: the log-in helper waits for English
    page.goto(f"{live_server.url}/games/{game.pk}/")
    board = page.locator("section.board svg[data-slug=citadels]")
    board.wait_for()
    assert board.get_attribute("xml:lang") == "de"
    assert board.locator(":scope > title").text_content().startswith("Ohne Furcht und Adel - Runde 1")
    drawn = " ".join(board.locator("text").all_text_contents())
    for name in ("Meuchler", "Dieb", "Magier", "König", "Prediger", "Händler", "Baumeister", "Söldner", "Deine Hand"):
        assert name in drawn
    for english in ("Assassin", "Warlord", "Characters this round", "Your hand", "cards"):
        assert english not in drawn
    words = page.locator("section.board details")
    assert words.locator("summary").inner_text() == "Der Spielplan in Worten"
    words.locator("summary").click()
    assert "Charaktere dieser Runde" in words.inner_text() and "Städte" in words.inner_text()
    check_accessibility(page, "German citadels game page")


@pytest.mark.django_db
def test_the_replay_draws_the_board_in_the_readers_language(client):
    """The replay's board (the same template tag as the page's) follows the reader's language."""
    from pbem.models import Game
    from pbem.services.languages import profile_language_set

    player = verified_player("rivedo", "rivedo-pass")
    game = services.game_create(creator=player, engine="citadels", players=3, bots=2, seed=3)
    services.game_start(game_id=game.pk, user=player)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)  # the replay opens for finished games only
    profile_language_set(user=player, language="it")
    client.force_login(player)
    html = client.get(f"/games/{game.pk}/replay/?step=0").content.decode()
    assert 'data-slug="citadels" xml:lang="it"' in html
    assert "Personaggi di questo round" in html and "Il tabellone a parole" in html
    assert "Characters this round" not in html and "The board in words" not in html
