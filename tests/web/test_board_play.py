"""A table you play from (issue 28), in Debian's Chromium at 390 and 1366 px:
whole Citadels and Staufer games and the first moves of Augsburg 1520 and
Fugger played by tapping the board on a phone (tests/web/tapping.py), without
a move refused or typed, with no your-move mail for the decisions answered on
the page (bench/table.py plays every engine to the end); Fugger's sealed
asking prices set with the board's price steps on a phone, by touch and by
keyboard; an Augsburg auction and a Fugger move along a 3-space route by
clicking the board; your own sealed
answer shown to you and to no one else; the page's status and seats updating
live; no page wider than a phone's screen."""

import json
import re

import pytest

from notifications.models import Notification
from pbem import services
from pbem.models import Game, PendingAction, Seat
from pbem.selectors import engine_get
from tests.conftest_worker import wait_for
from tests.web.conftest import SCREENSHOTS, assert_no_secrets, log_in, verified_player
from tests.web.tapping import amounts_set, play_by_tapping

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}


def _my_turn(game, seat=0):
    game.refresh_from_db()
    if game.status != Game.Status.ACTIVE:
        return None
    return PendingAction.objects.filter(
        game=game, version=game.version, seat__index=seat, closed_at__isnull=True, submitted_at__isnull=True
    ).first()


def _play_by_services(game, until):
    """Seat 1's moves by the engine's bot, through move_submit, until ``until(state)`` holds on seat 1's turn."""
    from engines.rng import Rng

    engine = engine_get(game.engine)
    for _ in range(400):
        wait_for(lambda: _my_turn(game), timeout=60, what="seat 1's turn")
        if until(game.state):
            return
        action = engine.bot(game.state, 0, Rng.from_seed(game.version))
        services.move_submit(game_id=game.pk, seat=0, action=action, source="api", version=game.version)
    raise AssertionError("never reached")


def _shoot(name):
    """A screenshot of the phone's page once the board offers several actions (the README shows it)."""
    taken = []

    def on_page(page, played):
        if not taken and page.locator("section.board svg a.act").count() > 3:
            # the board pans in its frame on a phone: the part with the actions in view, as the player sees it
            page.locator("section.board svg a.act").first.scroll_into_view_if_needed()
            page.screenshot(path=str(SCREENSHOTS / name))
            taken.append(name)

    return on_page


# A whole game per engine played on a phone by tapping the board, each as short as the rules allow
# with one bot: Citadels to a 7-district city, Staufer with two players. Augsburg 1520 (46 of seat 1's
# decisions) and Fugger (64) play their first moves here; bench/table.py plays all four to the end.
WHOLE = {"citadels": (2, {"city_size": 7}, 11), "staufer": (2, None, 11)}
SAMPLE = {"augsburg1520": (2, None, 11, 14), "fugger": (2, None, 11, 14)}


@pytest.mark.parametrize("slug", list(WHOLE))
def test_a_whole_game_by_tapping_the_board_on_a_phone(site, new_page, slug):
    players, options, seed = WHOLE[slug]
    player = verified_player("tapper")
    game = services.game_create(creator=player, engine=slug, players=players, bots=players - 1, seed=seed, options=options)
    services.game_start(game_id=game.pk, user=player)
    page = new_page(viewport=PHONE, has_touch=True)
    log_in(page, site, "tapper", "pw-tapper-secret")
    page.goto(f"{site}/games/{game.pk}/")
    # the page says it is in use (its poll) before the first tap: from here on no your-move mail is sent
    wait_for(lambda: Seat.objects.get(game=game, index=0).page_seen_at, timeout=20, what="the page at the table")
    opened = Notification.objects.filter(recipient=player, kind=Notification.Kind.YOUR_MOVE).count()
    played = play_by_tapping(page, site, game, on_page=_shoot(f"table-{slug}-phone.png"))
    assert played.finished and played.refused == 0 and played.typed == 0, played
    page.goto(f"{site}/games/{game.pk}/")
    assert "finished" in page.inner_text("#game-status")
    # the mail count: no your-move mail went out for a decision answered on the page
    mailed = Notification.objects.filter(
        recipient=player, kind=Notification.Kind.YOUR_MOVE, sent_at__isnull=False, last_error=""
    ).order_by("pk")[opened:]
    assert not list(mailed), [n.subject for n in mailed]


@pytest.mark.parametrize("slug", list(SAMPLE))
def test_the_first_moves_by_tapping_the_board_on_a_phone(site, new_page, slug):
    players, options, seed, moves = SAMPLE[slug]
    player = verified_player("tapper")
    game = services.game_create(creator=player, engine=slug, players=players, bots=players - 1, seed=seed, options=options)
    services.game_start(game_id=game.pk, user=player)
    page = new_page(viewport=PHONE, has_touch=True)
    log_in(page, site, "tapper", "pw-tapper-secret")
    page.goto(f"{site}/games/{game.pk}/")
    played = play_by_tapping(page, site, game, stop_after=moves, on_page=_shoot(f"table-{slug}-phone.png"))
    assert played.taps + played.chosen + played.stepped + played.typed == moves and played.refused == 0, played
    assert played.typed == 0, played
    assert game.moves.filter(seat=0).count() >= moves


def test_fugger_asking_prices_by_tapping_the_board_on_a_phone(site, new_page):
    player = verified_player("pricer")
    game = services.game_create(creator=player, engine="fugger", players=2, bots=1, seed=PRICES_SEED)
    services.game_start(game_id=game.pk, user=player)
    _play_by_services(game, lambda s: s["pending"]["kind"] == "deal" and 0 in s["pending"]["seats"])
    (spec,) = engine_get("fugger").actions(game.state, 0)
    prices = spec["params"]["prices"]
    grid, lines = prices["items"]["multipleOf"], prices["maxItems"]
    start = prices["items"]["maximum"] // grid * grid if spec["type"] == "sell" else prices["items"]["minimum"]
    by = -grid if spec["type"] == "sell" else grid  # a little under the card's maximum, over its minimum
    want = {"type": spec["type"], "ware": spec["params"]["ware"]["enum"][0],
            "prices": [start + 3 * by] + ([start + by] if lines > 1 else [])}
    page = new_page(viewport=PHONE, has_touch=True)
    log_in(page, site, "pricer", "pw-pricer-secret")
    page.goto(f"{site}/games/{game.pk}/")
    version = game.version
    steps = page.locator("section.board svg a.act[data-on^='step:']")
    assert steps.count() == 4 * lines
    # the frame the board pans in shows the panel of prices first; every button a touch target
    pan, panel = page.locator(".board-pan").bounding_box(), page.locator(".board-pan .act-panel").bounding_box()
    assert 0 <= pan["y"] <= panel["y"] < min(pan["y"] + pan["height"], PHONE["height"] * 0.58), (pan, panel)
    # ... and whole across, without panning sideways
    right = page.locator(".board-pan .act-panel a.act").evaluate_all("els => Math.max(...els.map(e => e.getBoundingClientRect().right))")
    assert right <= pan["x"] + pan["width"], (right, pan)
    for box in page.locator("section.board svg a.act-step rect").evaluate_all("els => els.map(e => e.getBoundingClientRect())"):
        assert box["width"] >= 44 and box["height"] >= 44, box
    found = page.evaluate(WIDE_CHECK)
    assert found["scroll"] <= found["width"] + 1 and not found["bad"], found
    # by keyboard: a step is a focusable button; Enter sets the first line to the card's price and one step,
    # shown on the board and said to a screen reader; its clear button empties it again
    first = f"{spec['type']}:prices:0"
    page.locator(f"section.board svg a.act[data-on='step:{first}:{by}']").focus()
    page.keyboard.press("Enter")
    assert page.locator("#forms select[name='p.prices']").first.input_value() == str(start + by)
    assert page.locator(f"svg [data-shows='{first}']").text_content() == f"{start + by} florins"
    assert page.locator("#board-said").text_content() == (f"1. {start + by} florins" if lines > 1 else f"{start + by} florins")
    page.locator(f"section.board svg a.act[data-on='clear:{first}']").tap()
    assert page.locator("#forms select[name='p.prices']").first.input_value() == ""
    # by touch: the prices meant, line by line with the steps, then the board's send button
    assert amounts_set(page, want) >= 2
    page.screenshot(path=str(SCREENSHOTS / "table-fugger-prices-phone.png"))  # the README shows it
    page.locator(f"section.board svg a.act[data-on='send:{spec['type']}']").tap()
    page.wait_for_selector("text=Your sealed move is in")
    move = game.moves.select_related("secret").get(version=version, seat=0)
    assert move.secret.content == want
    assert str(start + 3 * by) in page.inner_text("#sealed-own")


# a game where seat 1 is asked for prices within its first few decisions
PRICES_SEED = 6


def test_an_augsburg_auction_and_a_fugger_route_by_clicking_the_board(site, new_page):
    _augsburg_auction(site, new_page)
    _fugger_route(site, new_page)


def _augsburg_auction(site, new_page):
    player = verified_player("bidder")
    game = services.game_create(creator=player, engine="augsburg1520", players=2, bots=1, seed=4)
    services.game_start(game_id=game.pk, user=player)
    engine = engine_get("augsburg1520")
    _play_by_services(game, lambda s: s["step"] == "bid" and any(a["type"] == "bid" for a in engine.actions(s, 0)))
    page = new_page(viewport=DESKTOP)
    log_in(page, site, "bidder", "pw-bidder-secret")
    page.goto(f"{site}/games/{game.pk}/")
    version = game.version
    # the offers are buttons on the board: "Offer 1 note", ..., "Pass"
    offer = page.locator("section.board svg a.act[aria-label^='Offer 1 note']")
    assert offer.count() == 1 and page.locator("section.board svg a.act[aria-label^='Pass']").count() == 1
    offer.click()
    page.wait_for_selector("text=Your move is in.")
    move = game.moves.get(version=version, seat=0)
    assert move.action == {"type": "bid", "count": 1}


def _fugger_route(site, new_page):
    player = verified_player("trader")
    game = services.game_create(creator=player, engine="fugger", players=2, bots=1, seed=6)
    services.game_start(game_id=game.pk, user=player)
    engine = engine_get("fugger")

    def three_space_route(state):
        moves = [c for c in engine.choices(state, 0) if c["type"] == "move"]
        return moves and any(len(p["action"]["path"]) == 3 for p in moves[0]["plays"])

    _play_by_services(game, three_space_route)
    plays = next(c for c in engine.choices(game.state, 0) if c["type"] == "move")["plays"]
    route = next(p for p in plays if len(p["action"]["path"]) == 3)
    page = new_page(viewport=DESKTOP)
    log_in(page, site, "trader", "pw-trader-secret")
    page.goto(f"{site}/games/{game.pk}/")
    version = game.version
    # by keyboard: the space is a focusable link on the map; Enter acts on it
    page.locator(f"section.board svg a.act[data-on='{route['on']}']").focus()
    page.keyboard.press("Enter")
    page.wait_for_timeout(500)
    if not page.locator("text=Your move is in.").count():
        # several routes end there: the board marks them in the acting part; choose this one and send
        value = json.dumps(route["action"], sort_keys=True)
        if page.locator("form[data-type=move] select[name=action]").count():
            page.locator("form[data-type=move] select[name=action]").select_option(value)
            page.locator("form[data-type=move] button[type=submit]").click()
        else:
            page.evaluate("v => [...document.querySelectorAll('form[data-type=move] button[name=action]')]"
                          ".find(b => b.value === v).click()", value)
    page.wait_for_selector("text=Your move is in.")
    move = game.moves.filter(version=version, seat=0).first()
    assert move.action["type"] == "move" and len(move.action["path"]) == 3


def test_live_status_and_seats_then_your_own_sealed_answer_to_you_only(site, new_page):
    alice, bob = verified_player("alice"), verified_player("bob")
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=5)
    a, b = new_page(viewport=PHONE), new_page(viewport=DESKTOP)
    log_in(a, site, "alice", "pw-alice-secret")
    log_in(b, site, "bob", "pw-bob-secret")
    # the head of alice's page follows the game without a reload: bob joining, the start
    a.goto(f"{site}/games/{game.pk}/")
    assert "forming" in a.inner_text("#game-status") and a.locator("#forming").count() == 1
    a.evaluate("() => { window.notReloaded = true }")
    services.game_join(game_id=game.pk, user=bob)
    a.wait_for_function("() => document.querySelector('#seats').innerText.includes('bob')", timeout=15_000)
    services.game_start(game_id=game.pk, user=alice)
    a.wait_for_function("() => document.querySelector('#game-status').innerText.includes('active')", timeout=15_000)
    assert a.locator("#forming").count() == 0
    a.locator("form[data-type=bid]").wait_for()
    assert a.evaluate("() => window.notReloaded === true")
    a.locator("section.board svg a.act, form[data-type=bid] button[name=action]").first.wait_for()
    a.locator("form[data-type=bid] button[name=action][value='{\"amount\": 3, \"type\": \"bid\"}']").click()
    a.wait_for_selector("text=Your sealed move is in")
    assert "3" in a.inner_text("#sealed-own")
    # replaceable from there: a new bid replaces it, and the page shows the new one
    a.locator("form[data-type=bid] button[name=action][value='{\"amount\": 4, \"type\": \"bid\"}']").click()
    a.wait_for_selector("text=Your sealed move is in")
    assert "4" in a.inner_text("#sealed-own")
    b.goto(f"{site}/games/{game.pk}/")
    assert b.locator("#sealed-own").count() == 0
    assert_no_secrets(b.content(), game, 1)
    assert re.search(r"alice.*answered", b.inner_text("section[aria-labelledby=h-decisions]"))
    # resolved: alice's answer is no longer "sealed", the commitments say revealed
    b.locator("form[data-type=bid] button[name=action][value='{\"amount\": 1, \"type\": \"bid\"}']").click()
    a.wait_for_function("() => !document.querySelector('#sealed-own')", timeout=15_000)
    a.wait_for_function(
        "() => document.querySelector('section[aria-labelledby=h-commitments]').innerText.includes('revealed')", timeout=15_000
    )


WIDE_CHECK = """() => {
  const w = document.documentElement.clientWidth;
  const inScroller = el => el.closest('.board-pan, .table-wrap, pre');
  const bad = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (inScroller(el) || el.closest('svg')) continue;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && (r.right > w + 1 || r.width > w + 1)) bad.push(el.tagName + (el.id ? '#' + el.id : '') + ' ' + Math.round(r.width));
  }
  return {scroll: document.documentElement.scrollWidth, width: w, bad: bad.slice(0, 5)};
}"""


def test_no_page_is_wider_than_a_phone(live_server, new_page):
    site = live_server.url
    player = verified_player("narrow")
    finished = services.game_create(creator=player, engine="sealedbid", players=2, bots=1, seed=5)
    services.game_start(game_id=finished.pk, user=player)
    games = {}
    for slug, players, options in (("augsburg1520", 2, None), ("citadels", 3, None), ("fugger", 2, None), ("staufer", 2, None)):
        g = services.game_create(creator=player, engine=slug, players=players, bots=players - 1, seed=3, options=options)
        services.game_start(game_id=g.pk, user=player)
        games[slug] = g
    forming = services.game_create(creator=player, engine="citadels", players=3, seed=3)
    page = new_page(viewport=PHONE)
    log_in(page, site, "narrow", "pw-narrow-secret")
    urls = ["/", "/lobby/", "/games/new/", "/games/new/?engine=fugger", "/profile/", "/ladders/", "/tournaments/new/",
            "/ratings/narrow/", f"/games/{forming.pk}/", "/games/999999/", *(f"/games/{g.pk}/" for g in games.values())]
    for url in urls:
        page.goto(site + url)
        found = page.evaluate(WIDE_CHECK)
        assert found["scroll"] <= found["width"] + 1 and not found["bad"], f"{url}: {found}"
