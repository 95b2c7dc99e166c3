"""Two players at one table in two browsers; stale and double submissions; a
refused move; an invited email-only player setting a password from the mail
link; password reset; a finished game replayed; an operator aborting a game."""

import re

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from pbem import services
from pbem.models import Game, Move
from tests.conftest_worker import wait_for
from tests.web.conftest import (
    assert_no_secrets, bot_action, check_accessibility, log_in, screenshot, verified_player,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _sealedbid(alice, bob, seed=5):
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=seed)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    game.refresh_from_db()
    return game


def _bid(page, amount: int):
    """The button that sends this bid (the engine's choices make one per legal amount)."""
    return page.locator(f"form[data-type=bid] button[name=action][value='{{\"amount\": {amount}, \"type\": \"bid\"}}']")


def test_two_players_see_each_other_without_reloading(site, new_page):
    alice, bob = verified_player("alice"), verified_player("bob")
    game = _sealedbid(alice, bob)
    a, b = new_page(), new_page()
    log_in(a, site, "alice", "pw-alice-secret")
    log_in(b, site, "bob", "pw-bob-secret")
    a.goto(f"{site}/games/{game.pk}/")
    b.goto(f"{site}/games/{game.pk}/")
    assert "not answered yet" in b.inner_text("section[aria-labelledby=h-decisions]")

    _bid(a, 3).click()
    a.wait_for_selector("text=Your sealed move is in")
    commitment = re.search(r"[0-9a-f]{64}", a.inner_text("ul.messages")).group(0)
    # bob's page, never reloaded, shows that alice answered and her commitment, never her bid
    b.wait_for_function(
        "c => document.querySelector('#live') && document.querySelector('#live').innerText.includes(c)", arg=commitment, timeout=10_000
    )
    decisions = b.inner_text("section[aria-labelledby=h-decisions]")
    assert re.search(r"alice.*answered", decisions) and "not answered yet" in decisions
    assert_no_secrets(b.content(), game, 1)
    screenshot(b, "game-sealed")

    _bid(b, 2).click()
    # alice's page, not reloaded since her bid, shows the resolution (by name) and her claim form
    a.wait_for_selector("text=alice wins the prize", timeout=15_000)
    a.wait_for_selector("form[data-type=claim]", timeout=15_000)
    check_accessibility(a, "game page with a claim form")


def test_stale_double_and_refused_submissions(site, new_page):
    alice, bob = verified_player("alice"), verified_player("bob")
    game = _sealedbid(alice, bob)
    # a page without JavaScript is not refreshed by polling: its form can go stale
    page = new_page(java_script_enabled=False)
    log_in(page, site, "alice", "pw-alice-secret")
    page.goto(f"{site}/games/{game.pk}/")

    # refused by the engine: a bid the page does not offer (a button changed by hand), the engine's
    # message in words beside the form, never the schema's text: the move by its label, not the
    # param's name
    button = _bid(page, 3).element_handle()
    button.evaluate("b => b.value = JSON.stringify({type: 'bid', amount: 99})")
    button.click()
    error = page.inner_text("form[data-type=bid] .error")
    label = page.inner_text("form[data-type=bid] legend")
    assert "Not taken" in error and label in error and "from 0 to" in error and "amount" not in error, error
    assert not Move.objects.filter(game=game).exists()

    # a double click sends the form's one idempotency key twice: one move
    page.goto(f"{site}/games/{game.pk}/")
    key = page.get_attribute("form[data-type=bid] [name=key]", "value")
    _bid(page, 4).dblclick()
    page.wait_for_selector("ul.messages")
    csrf = page.context.cookies()
    token = next(c["value"] for c in csrf if c["name"] == "csrftoken")
    again = page.request.post(
        f"{site}/games/{game.pk}/move/",
        form={"type": "bid", "version": str(game.version), "key": key, "p.amount": "4", "csrfmiddlewaretoken": token},
        headers={"Referer": f"{site}/games/{game.pk}/"},
    )
    assert again.ok
    assert Move.objects.filter(game=game, seat=0).count() == 1

    # stale: the page is kept while the game moves on
    page.goto(f"{site}/games/{game.pk}/")  # alice may still replace her sealed bid here
    services.move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 1}, source="api", version=game.version)
    wait_for(lambda: Game.objects.get(pk=game.pk).version > game.version, what="the bids to resolve")
    _bid(page, 5).click()
    message = page.inner_text("ul.messages")
    assert "moved on" in message, message
    assert page.locator("form[data-type=claim]").count() == 1  # the fresh form for the situation now
    assert Move.objects.filter(game=game, seat=0).count() == 1


def test_invited_player_sets_a_password_from_the_mail_link(site, new_page):
    from pbem.services.invitations import account_for_address

    alice = verified_player("alice")
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=3)
    guest = account_for_address(email="guest@example.org")
    services.game_join(game_id=game.pk, user=guest)
    assert not guest.has_usable_password()
    link = f"{site}/accounts/password/set/{urlsafe_base64_encode(force_bytes(guest.pk))}/{default_token_generator.make_token(guest)}/"
    page = new_page()
    page.goto(link)
    check_accessibility(page, "password set")
    page.fill("#id_new_password1", "guest-has-a-password")
    page.fill("#id_new_password2", "guest-has-a-password")
    page.click("main button[type=submit]")
    page.wait_for_selector("text=Your password is set")
    page.click(f"main a[href='/games/{game.pk}/']")
    page.wait_for_selector("text=Waiting for players")
    # the link works once; the password logs in from now on
    page.goto(link)
    assert "not valid" in page.inner_text("main")
    page.click("text=Log out")
    log_in(page, site, "guest@example.org", "guest-has-a-password")


def test_password_reset(site, new_page, mailoutbox):
    verified_player("carol")
    page = new_page()
    page.goto(f"{site}/accounts/password/reset/")
    check_accessibility(page, "password reset")
    page.fill("#id_email", "carol@example.org")
    page.click("main button[type=submit]")
    wait_for(lambda: mailoutbox, what="the reset mail")
    link = re.search(r"https?://\S+/accounts/password/reset/key/\S+/", mailoutbox[-1].body).group(0)
    page.goto(link)
    page.fill("#id_password1", "carols-new-secret")
    page.fill("#id_password2", "carols-new-secret")
    page.click("main button[type=submit]")
    page.wait_for_selector("text=Your password is now changed")
    log_in(page, site, "carol", "carols-new-secret")


def test_finished_game_replayed_and_operator_aborts_a_game(site, new_page):
    alice = verified_player("alice")
    game = services.game_create(creator=alice, engine="sealedbid", players=2, bots=1, seed=9)
    services.game_start(game_id=game.pk, user=alice)
    for _ in range(40):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        if game.pending_actions.filter(version=game.version, seat__index=0, closed_at__isnull=True, submitted_at__isnull=True).exists():
            services.move_submit(game_id=game.pk, seat=0, action=bot_action(game, 0), source="api", version=game.version)
        services.game_advance(game_id=game.pk)
    assert game.status == Game.Status.FINISHED
    page = new_page(viewport={"width": 390, "height": 844})  # a phone
    log_in(page, site, "alice", "pw-alice-secret")
    page.goto(f"{site}/games/{game.pk}/")
    assert "Result" in page.inner_text("main")
    page.click("text=Replay this game step by step")
    assert "Step 0 of" in page.inner_text("main nav")
    first = page.inner_text("section.board")
    page.click("text=Next step")
    page.click("text=Next step")
    assert "Step 2 of" in page.inner_text("main nav")
    assert page.inner_text("section.board") != first
    check_accessibility(page, "replay")
    screenshot(page, "replay-phone")
    page.click("text=Last")
    assert "over" in page.inner_text("section.board")
    page.goto(f"{site}/profile/")
    check_accessibility(page, "profile")
    screenshot(page, "profile")
    page.goto(f"{site}/lobby/")
    check_accessibility(page, "lobby")

    running = services.game_create(creator=alice, engine="sealedbid", players=2, bots=1, seed=10)
    services.game_start(game_id=running.pk, user=alice)
    bot_bid = wait_for(lambda: Move.objects.filter(game=running, seat=1, sealed=True).select_related("secret").first(), what="the bot's sealed bid")
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_superuser("operator", "op@example.org", "operator-secret")
    admin = new_page()
    admin.goto(f"{site}/admin/login/")
    admin.fill("#id_username", "operator")
    admin.fill("#id_password", "operator-secret")
    admin.click("input[type=submit]")
    admin.goto(f"{site}/admin/pbem/game/")
    admin.check(f"input[name=_selected_action][value='{running.pk}']")
    admin.select_option("select[name=action]", "abort_games")
    admin.click("button[name=index]")
    admin.wait_for_selector(f"text=Game {running.pk} aborted.")
    running.refresh_from_db()
    assert running.status == Game.Status.ABORTED
    admin.goto(f"{site}/admin/pbem/move/{bot_bid.pk}/change/")
    # the bid was never revealed (the game was aborted first): the operator does not see it either
    assert "sealed (shown once the decision resolves)" in admin.inner_text("#content")
    assert bot_bid.secret.salt not in admin.content()
