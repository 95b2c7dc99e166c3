"""The board in the HTML part of game mails: the situation formatted with
inline styles instead of preformatted text, the board as an inline PNG
(multipart/related, Content-ID) rendered when the mail is sent, a preference
(`notify board off`) that leaves the picture out, the plain text unchanged;
and each engine's mail rendered in Debian's Chromium, screenshot kept in
docs/screenshots/."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from django.core import mail as django_mail
from django.core.cache import caches

from notifications import outbox
from notifications.models import Notification
from notifications.services import notification_send
from pbem import services
from pbem.selectors import engine_get
from pbem.services.preferences import board_image_set
from pbem.services.mails import situation_of
from tests.support.rendered import rendered

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PLAYERS = {"augsburg1520": 3, "citadels": 4, "staufer": 3, "fugger": 3}


def started(slug, alice):
    game = services.game_create(creator=alice, engine=slug, players=PLAYERS[slug], bots=PLAYERS[slug] - 1, seed=5)
    services.game_start(game_id=game.pk, user=alice)
    game.refresh_from_db()
    return game


def write(game, user, key):
    engine = engine_get(game.engine)
    body = "Your move: an example prompt.\n\n" + engine.render(game.state, 0) + "\n\nReply with one command per line."
    return outbox.notification_write(kind=Notification.Kind.NOTICE, dedupe_key=key, user=user, game=game, seat=0,
                                     message="answer", data={"subject": "the board", "text": body,
                                                             "situation": situation_of(game=game, seat=0, written=True)})


def send(note):
    django_mail.outbox.clear()
    assert notification_send(notification_id=note.pk)
    (message,) = django_mail.outbox
    return message


def parts(message):
    root = message.message()
    return root, [(p.get_content_type(), p) for p in root.walk()]


@pytest.mark.django_db
def test_game_mails_carry_the_formatted_situation_and_the_board_inline(alice, browser):
    pages = {}
    for slug in PLAYERS:
        game = started(slug, alice)
        note = write(game, alice, f"board-test:{slug}")
        # the row holds the seat's view, not the mail: text, HTML and board are drawn when it is sent
        assert note.body_text == note.body_html == note.board_svg == "" and note.data["situation"]["view"]
        message = send(note)
        note.refresh_from_db()
        assert note.board_svg.startswith("<svg") and 'role="img"' in note.board_svg
        assert "<pre" not in note.body_html and "cid:board@pbem" in note.body_html
        assert 'style="' in note.body_html and "<table" in note.body_html  # the situation, formatted inline
        assert message.body == note.body_text  # the plain text part as it was
        root, found = parts(message)
        types = [t for t, _ in found]
        assert types[:4] == ["multipart/related", "multipart/alternative", "text/plain", "text/html"], types
        (image,) = [p for t, p in found if t == "image/png"]
        assert image["Content-ID"] == "<board@pbem>" and image.get_content_disposition() == "inline"
        png = image.get_payload(decode=True)
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 20_000
        html = [p for t, p in found if t == "text/html"][0].get_payload(decode=True).decode()
        # what a mail program does with cid: links, so the browser shows the inline image
        pages[slug] = html.replace("cid:board@pbem", "data:image/png;base64," + base64.b64encode(png).decode())
        assert re.search(r"<h2[^>]*>", html)

    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 760, "height": 900})
    for slug, html in pages.items():
        page.set_content(html)
        width = page.eval_on_selector("img", "img => img.complete ? img.naturalWidth : 0")
        assert width == outbox.BOARD_PNG_WIDTH  # the inline image decoded and shown
        assert page.locator("h3").count() >= 2 and page.locator("table").count() >= 1
        page.screenshot(path=str(SHOTS / f"mail-{slug}.png"), full_page=True)
    page.close()
    for slug in PLAYERS:
        assert (SHOTS / f"mail-{slug}.png").stat().st_size > 30_000


@pytest.mark.django_db
def test_notify_board_off_leaves_the_picture_out_but_not_the_situation(alice):
    game = started("citadels", alice)
    board_image_set(user=alice, on=False)
    note = write(game, alice, "board-off")
    root, found = parts(send(note))
    note.refresh_from_db()
    assert note.board_svg == "" and "cid:" not in note.body_html and "<table" in note.body_html
    assert [t for t, _ in found] == ["multipart/alternative", "text/plain", "text/html"]
    board_image_set(user=alice, on=True)
    assert rendered(write(game, alice, "board-on")).board_svg


@pytest.mark.django_db
def test_the_notify_board_command_by_mail(alice):
    from notifications.models import EmailPreference
    from pbem.email.commands import HELP
    from tests.email.conftest import deliver, reply_to
    from tests.email.mails import plain

    assert "notify board on|off" in HELP
    game = started("staufer", alice)
    address = outbox.reply_address_for(user=alice, game=game, seat=0).address
    row = deliver(plain("alice@example.org", address, "notify board off"), envelope_sender="alice@example.org")
    assert "leave the board picture out" in reply_to(row).body_text
    assert EmailPreference.objects.get(user=alice).board_image is False
    row = deliver(plain("alice@example.org", address, "notify board maybe"),
                  envelope_sender="alice@example.org")
    assert "notify board on" in reply_to(row).body_text


@pytest.mark.django_db
def test_the_same_board_is_rendered_once_for_every_mail_that_shows_it(alice, monkeypatch):
    """The PNG is kept under a hash of its SVG: a second mail with the same picture reuses it, a
    different picture (another seat's board) is rendered for itself, never taken for the first."""
    renders = []

    def counted(svg, width, **kw):
        renders.append(svg)
        return real(svg, width, **kw)

    real = outbox.boards.png
    monkeypatch.setattr(outbox.boards, "png", counted)
    game = started("citadels", alice)
    note = write(game, alice, "cache-1")
    probe = Notification.objects.get(pk=note.pk)
    outbox.notification_render(probe, save=False)
    caches["boards"].delete(outbox.board_png_key(probe.board_svg))  # an earlier test may have drawn this board
    first = [p for t, p in parts(send(note))[1] if t == "image/png"][0].get_payload(decode=True)
    assert caches["boards"].get(outbox.board_png_key(probe.board_svg)) == first
    again = [p for t, p in parts(send(write(game, alice, "cache-2")))[1] if t == "image/png"][0].get_payload(decode=True)
    assert again == first and len(renders) == 1
    engine = engine_get(game.engine)
    other = outbox.notification_write(
        kind=Notification.Kind.NOTICE, dedupe_key="cache-3", user=alice, game=game, seat=0, message="answer",
        data={"subject": "the board", "text": engine.render(game.state, 1),
              "situation": situation_of(game=game, seat=1, written=True)})
    probe = Notification.objects.get(pk=other.pk)
    outbox.notification_render(probe, save=False)
    caches["boards"].delete(outbox.board_png_key(probe.board_svg))
    third = [p for t, p in parts(send(other))[1] if t == "image/png"][0].get_payload(decode=True)
    other.refresh_from_db()
    assert len(renders) == 2 and renders[1] == other.board_svg != renders[0] and third != first


@pytest.mark.django_db
def test_each_player_gets_the_board_in_their_own_language(alice, bob):
    """Two players of one game, one Italian, one German: each mail's board (the SVG the PNG is
    rendered from, its picture's alt text) and written situation are in its recipient's language."""
    from pbem.services.languages import profile_language_set

    game = services.game_create(creator=alice, engine="augsburg1520", players=3, bots=1, seed=5)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    game.refresh_from_db()
    bob_seat = game.seats.get(player=bob).index
    profile_language_set(user=alice, language="it")
    profile_language_set(user=bob, language="de")
    notes = {}
    for user, seat, key in ((alice, 0, "lang-it"), (bob, bob_seat, "lang-de")):
        note = outbox.notification_write(
            kind=Notification.Kind.NOTICE, dedupe_key=key, user=user, game=game, seat=seat, message="answer",
            data={"subject": "the board", "text": "", "situation": situation_of(game=game, seat=seat, written=True)})
        message = send(note)
        note.refresh_from_db()
        _, found = parts(message)
        assert [p for t, p in found if t == "image/png"], "the board is in the mail as a picture"
        notes[user.username] = note
    italian, german = notes["alice"], notes["bob"]
    assert 'xml:lang="it"' in italian.board_svg and 'xml:lang="de"' in german.board_svg
    assert "Giocatori" in italian.board_svg and "pagherò" in italian.board_svg and "Spieler" not in italian.board_svg
    assert "Spieler" in german.board_svg and "Schuldscheine" in german.board_svg and "Giocatori" not in german.board_svg
    assert "Il tabellone: Augsburg 1520 - turno 1 di" in italian.body_html  # the picture's alt text
    assert "Nobili in ordine di visita" in italian.body_html and "Adlige in Besuchsreihenfolge" in german.body_html
    for note in (italian, german):
        assert "Players" not in note.board_svg and "Privilege cards" not in note.body_html
