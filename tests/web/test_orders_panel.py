"""The game page's orders panel and undo button (issue 25), in a real
browser at desktop and phone width: a standing order given from the form
generated from the engine's specs, orders for the next decision, a move
taken back; the other seat's page shows nothing of them."""

import pytest

from engines.base import canonical
from pbem import services
from pbem.models import Game, Move, Profile, StandingOrder
from tests.conftest_worker import wait_for
from tests.web.conftest import AXE, assert_no_secrets, check_accessibility, log_in, screenshot, verified_player

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _at_the_first_auction(alice, bob) -> Game:
    game = services.game_create(creator=alice, engine="augsburg1520", players=2, seed=7)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    for seat in (0, 1):
        services.move_submit(game_id=game.pk, seat=seat, action={"type": "buy", "cards": []}, source="web")
    services.game_advance(game_id=game.pk)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("width", [1366, 390], ids=["desktop", "phone"])
def test_orders_panel_and_undo_button(site, new_page, width):
    alice, bob = verified_player("alice"), verified_player("bob")
    game = _at_the_first_auction(alice, bob)
    opener = game.state["auction"]["turn"]
    before, version = canonical(game.state), game.version
    me, other = (alice, bob) if opener == 0 else (bob, alice)
    page, theirs = new_page(viewport={"width": width, "height": 900}), new_page(viewport={"width": width, "height": 900})
    log_in(page, site, me.username, f"pw-{me.username}-secret")
    log_in(theirs, site, other.username, f"pw-{other.username}-secret")
    page.goto(f"{site}/games/{game.pk}/")
    page.wait_for_selector("#h-orders")

    # a standing order from the generated form: offer up to 4 notes for Maximilien
    page.click("details.standing-new summary")
    form = page.locator("form.standing-form[data-type=limit]")
    form.locator("[name='p.noble']").select_option("maximilien")
    form.locator("[name='p.notes']").fill("4")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("text=Your standing order is kept")
    page.wait_for_selector("ul.standing >> text=limit maximilien 4")
    assert StandingOrder.objects.get(game=game).order == {"type": "limit", "noble": "maximilien", "notes": 4}

    # orders for the decision open now: the illegal first line is skipped, `pass` is played
    page.fill("#orders-next", "raise 99\nelse pass")
    page.click("form.next-orders button[type=submit]")
    page.wait_for_selector("text=is played")
    wait_for(lambda: Game.objects.get(pk=game.pk).version == version + 1, timeout=15)
    assert Move.objects.get(game=game, version=version).source == Move.Source.ORDER

    # the other seat's page shows nothing of these orders
    theirs.goto(f"{site}/games/{game.pk}/")
    theirs.wait_for_selector("#h-orders")
    assert "maximilien 4" not in theirs.content() and "raise 99" not in theirs.content()
    assert_no_secrets(theirs.content(), game, 1 - opener)

    # undo: the pass is taken back, the game is where it was
    page.goto(f"{site}/games/{game.pk}/")
    page.wait_for_selector("#take-back")
    if width > 800:
        check_accessibility(page, "game page with the orders panel")
    else:  # the panel itself (the page's other regions are the game page's own tests')
        page.add_script_tag(content=AXE.read_text())
        found = page.evaluate("async () => (await axe.run('#orders', {resultTypes: ['violations']})).violations")
        assert not [v["id"] for v in found if v["impact"] in ("serious", "critical")], found
    screenshot(page, f"orders-panel-{'desktop' if width > 800 else 'phone'}")
    page.click("#take-back")
    page.wait_for_selector("text=Your move is taken back")
    fresh = Game.objects.get(pk=game.pk)
    assert canonical(fresh.state) == before and fresh.version == version + 2
    assert Move.objects.get(game=game, version=version).status == Move.Status.TAKEN_BACK


def test_orders_panel_in_german(site, new_page):
    """A German player's panel: the standing orders offered, their forms' fields
    and choices, the mail example and the orders given all in German with the
    game's terms; no English word of the English orders on it."""
    alice, bob = verified_player("alice"), verified_player("bob")
    game = _at_the_first_auction(alice, bob)
    me = alice if game.state["auction"]["turn"] == 1 else bob  # the seat not asked now: nothing is played at once
    seat = 0 if me == alice else 1
    services.standing_order_add(game_id=game.pk, seat=seat, order={"type": "pass_except", "noble": "maria"})
    page = new_page(viewport={"width": 1366, "height": 900})
    log_in(page, site, me.username, f"pw-{me.username}-secret")
    Profile.objects.update_or_create(user=me, defaults={"language": "de"})  # the account's language wins from now on
    page.goto(f"{site}/games/{game.pk}/")
    page.wait_for_selector("#h-orders")
    page.click("details.standing-new summary")
    panel = page.locator("section.orders")
    form = page.locator("form.standing-form[data-type=limit]")
    assert form.locator("label[for='so-limit-noble']").inner_text() == "Adliger"
    assert "Schuldscheine" in form.locator("label[for='so-limit-notes']").inner_text()
    assert form.locator("[name='p.noble'] option").all_inner_texts() == ["Philippe", "Louise", "Léo", "Maria", "Maximilien"]
    assert "dauerauftrag höchstens maximilien 3" in form.inner_text()
    assert "passe außer maria" in panel.locator("ul.standing").inner_text()
    form.locator("[name='p.noble']").select_option("leo")
    form.locator("[name='p.notes']").fill("2")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("ul.standing >> text=höchstens léo 2")
    assert StandingOrder.objects.filter(game=game, seat__index=seat).count() == 2
    page.click("details.standing-new summary")
    text = page.locator("section.orders").inner_text()
    for english in ("limit", "pass except", "noble", "notes", "Standing", "Orders"):
        assert english not in text, english
