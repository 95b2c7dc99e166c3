"""A choice half made on the game page is never lost to an update, nor mixed with one of another
moment (issue 28; pbem/web/static/web/table.js). The board and the acting part are fetched again
whenever the game may have moved; each answer carries the moment it was drawn at (X-Pbem-Moment).

- The same moment fetched again (the first update after a page drawn just after its stamp was
  read, or one queued behind another: the cause of the tapping sample's refused `reveal`, whose
  first ticked card was undone by such a swap before the second was ticked) is not swapped in: the
  ticks stay and the move sent holds every card ticked; orders half written in the orders panel
  stay too.
- A new moment is swapped in; the ticks are carried over where the fresh forms still offer the
  same value, and the acting part says the game moved on, and whether all of the choice was kept.

Augsburg 1520's first decision (buy debt notes: cards ticked on the board) on a phone, against a bot."""

from __future__ import annotations

import pytest

from engines.augsburg1520.data import note_price
from pbem import services
from pbem.models import Move
from pbem.selectors import engine_get
from tests.conftest_worker import wait_for
from tests.web.conftest import log_in, verified_player
from tests.web.tapping import ACTS, my_turn

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}

# the parts fetched again, as htmx reports each answer handled (swapped in or not)
WATCH = "() => { window.answered = []; document.body.addEventListener('htmx:afterOnLoad', e => window.answered.push(e.detail.elt.id)); }"
BOTH = "() => window.answered.includes('forms') && window.answered.includes('board')"
# the poll with a stamp older than the page (a page drawn after its stamp was read): the real poll
# answers that the game moved, and the page fetches its board and acting part again
STALE_POLL = """stamp => {
  const el = document.getElementById('poll');
  el.setAttribute('hx-get', el.getAttribute('hx-get').split('?')[0] + '?stamp=' + stamp);
  htmx.process(el);
  htmx.trigger(el, 'pbem-poll');
}"""
TICKED = "() => [...document.querySelectorAll('#forms form[data-type=buy] input[type=checkbox]:checked')].map(b => b.value)"
PICKED = "() => [...document.querySelectorAll('section.board svg a.act.picked')].map(a => a.getAttribute('data-on'))"


def _buying(name: str):
    """A two-player game at its first decision (seat 1 buys debt notes); the first two notes it may buy."""
    player = verified_player(name)
    game = services.game_create(creator=player, engine="augsburg1520", players=2, bots=1, seed=11)
    services.game_start(game_id=game.pk, user=player)
    wait_for(lambda: my_turn(game), timeout=60, what="seat 1's decision")
    buy = next(c for c in engine_get("augsburg1520").choices(game.state, 0) if c["type"] == "buy")
    first, second = sorted(buy["options"]["cards"], key=lambda o: note_price(o["value"]))[:2]  # the two cheapest
    assert note_price(first["value"]) + note_price(second["value"]) <= game.state["money"][0]
    return player, game, first, second


def _page(new_page, site, name, game):
    page = new_page(viewport=PHONE, has_touch=True)
    log_in(page, site, name, f"pw-{name}-secret")
    page.goto(f"{site}/games/{game.pk}/")
    page.locator(ACTS).first.wait_for()
    page.evaluate(WATCH)
    return page


def test_an_update_of_the_same_moment_keeps_the_cards_ticked(site, new_page):
    player, game, first, second = _buying("ticker")
    page = _page(new_page, site, "ticker", game)
    page.locator(f"{ACTS}[data-on='{first['on']}']").tap()
    assert page.evaluate(TICKED) == [first["value"]]
    # and orders for the next decision half written in the orders panel
    page.locator("#orders-next").fill("pass")
    # an update arrives while the choice is half made: the board and the acting part are fetched
    # again, and are of the moment the page shows
    # (the stamp of the moment before this one: the game still forming, or the version before)
    page.evaluate(STALE_POLL, f"active.{game.version - 1}.0.0.0" if game.version else "forming.0.0.0.0")
    page.wait_for_function(BOTH)
    page.wait_for_function("() => window.answered.includes('orders')")
    assert page.evaluate(TICKED) == [first["value"]]
    assert page.evaluate(PICKED) == [first["on"]]
    assert page.locator("#orders-next").input_value() == "pass"
    assert not page.locator(".moved-on").count()  # nothing moved: nothing to tell
    page.locator(f"{ACTS}[data-on='{second['on']}']").tap()
    with page.expect_navigation():
        page.locator("#forms .offered").first.tap()
    page.wait_for_selector("text=Your sealed move is in")
    move = Move.objects.select_related("secret").exclude(status=Move.Status.SUPERSEDED).get(game=game, seat=0, version=game.version)
    assert sorted((move.action or move.secret.content)["cards"]) == sorted([first["value"], second["value"]])


def test_a_new_moment_keeps_what_is_still_offered_and_says_so(site, new_page):
    player, game, first, second = _buying("chooser")
    page = _page(new_page, site, "chooser", game)
    for option in (first, second):
        page.locator(f"{ACTS}[data-on='{option['on']}']").tap()
    assert sorted(page.evaluate(TICKED)) == sorted([first["value"], second["value"]])
    moments = iter([f"active.{game.version + 1}", f"active.{game.version + 2}"])
    dropped = []

    def answer(route):
        # the page's own acting part as the server draws it, said to be of a later moment, and the
        # second time without the first note (no longer offered then)
        real = route.fetch()
        body = real.text()
        if dropped:
            body = body.replace(f'value="{first["value"]}"', 'value="gone" disabled')
        headers = {k: v for k, v in real.headers.items() if k.lower() not in ("content-length", "x-pbem-moment")}
        route.fulfill(status=real.status, body=body, headers={**headers, "X-Pbem-Moment": next(moments)})

    page.route("**/forms/", answer)
    page.evaluate("() => htmx.trigger(document.body, 'game-moved')")
    page.wait_for_function(BOTH)
    # all of it still offered: kept, and the page says the game moved on
    assert sorted(page.evaluate(TICKED)) == sorted([first["value"], second["value"]])
    assert sorted(page.evaluate(PICKED)) == sorted([first["on"], second["on"]])
    said = page.locator("#forms .moved-on")
    assert said.count() == 1 and "What you had chosen is kept" in said.inner_text()
    assert said.get_attribute("role") == "status"

    dropped.append(True)
    page.evaluate("() => { window.answered = []; htmx.trigger(document.body, 'game-moved'); }")
    page.wait_for_function(BOTH)
    # the first note is not offered in the fresh forms: only the second stays ticked, and the page says so
    assert page.evaluate(TICKED) == [second["value"]]
    assert page.evaluate(PICKED) == [second["on"]]
    said = page.locator("#forms .moved-on")
    assert said.count() == 1 and "no longer offered as it was" in said.inner_text()
