"""Joining by mail (with and without an account), resigning and vacations."""

from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from notifications.models import Invitation, Notification, ReplyAddress
from pbem import services
from pbem.models import Seat
from tests.email import mails
from tests.email.conftest import address_of, deliver, reply_to
from tests.support.rendered import rendered


def api(user):
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return c


def test_an_invited_address_without_account_joins_by_replying(alice):
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=4)
    r = api(alice).post(f"/api/games/{game.pk}/invitations/", {"email": "Dora@Example.org"}, format="json")
    assert r.status_code == 201, r.content
    invite = rendered(Notification.objects.get(kind="invitation"))
    assert invite.to_email == "dora@example.org" and f"join {game.invite_code}" in invite.body_text
    assert invite.headers["Reply-To"].endswith("@pbem.localhost")
    # the invitation made dora's account (no password) and carries the link to set one
    dora = get_user_model().objects.get(email__iexact="dora@example.org")
    assert not dora.has_usable_password() and "/accounts/password/set/" in invite.body_text
    # someone else answering the invitation is dropped unanswered
    row = deliver(mails.plain("eve@example.org", invite.headers["Reply-To"], f"join {game.invite_code}"))
    assert row.status == "dropped" and reply_to(row) is None and not get_user_model().objects.filter(email="eve@example.org").exists()

    row = deliver(mails.gmail("Dora <dora@example.org>", invite.headers["Reply-To"], f"join {game.invite_code}", invite.body_text, in_reply_to=invite.message_id))
    assert row.status == "processed", reply_to(row).body_text
    assert get_user_model().objects.get(email="dora@example.org") == dora and not get_user_model().objects.filter(username="dora2").exists()
    assert Seat.objects.get(game=game, index=1).player == dora
    assert Invitation.objects.get().accepted_by == dora
    answer = reply_to(row)
    assert "You have seat 2" in answer.body_text and address_of(dora, game, 1) in answer.body_text
    assert "/accounts/password/set/" in answer.body_text  # dora has no password yet

    # once started, dora gets her your-move mail and plays by replying
    services.game_start(game_id=game.pk, user=alice)
    note = rendered(Notification.objects.filter(recipient=dora, kind="your_move").get())
    row = deliver(mails.phone("dora@example.org", note.headers["Reply-To"], "bid 2", note.body_text, in_reply_to=note.message_id))
    assert row.status == "processed", reply_to(row).body_text


def test_invitations_api_refusals(alice, bob):
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=4)
    assert api(bob).post(f"/api/games/{game.pk}/invitations/", {"email": "x@example.org"}, format="json").status_code == 403
    assert api(alice).post(f"/api/games/{game.pk}/invitations/", {"email": "not an address"}, format="json").status_code == 400
    assert api(alice).post("/api/games/999999/invitations/", {"email": "x@example.org"}, format="json").status_code == 404


def test_join_by_code_from_an_account(game, alice, make_user):
    carol = make_user("carol")
    other = services.game_create(creator=alice, engine="sealedbid", players=3, seed=4)
    general = ReplyAddress.objects.create(user=carol)
    row = deliver(mails.plain("carol@example.org", general.address, f"join {other.invite_code}\ngames"))
    assert row.status == "processed", reply_to(row).body_text
    assert Seat.objects.filter(game=other, player=carol).exists()
    assert f"#{other.pk} sealedbid, seat 2: forming" in reply_to(row).body_text
    row = deliver(mails.plain("carol@example.org", general.address, "join nosuchcode"))
    assert "No game has the invitation code 'nosuchcode'" in reply_to(row).body_text
    row = deliver(mails.plain("carol@example.org", general.address, "bid 3"))
    assert "reply to a mail of the game" in reply_to(row).body_text


def test_resign_by_mail(game, alice):
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "resign"))
    assert row.status == "processed", reply_to(row).body_text
    assert Seat.objects.get(game=game, index=0).status == Seat.Status.RESIGNED
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "resign"))
    assert row.status == "refused"


def test_vacation_by_mail(game, alice):
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "vacation 5"))
    text = reply_to(row).body_text
    assert row.status == "processed", text
    assert "Your vacation of 5 days is taken" in text
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "vacation 500"))
    assert row.status == "refused" and "vacation" in reply_to(row).body_text.lower()
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "vacation soon"))
    assert "e.g. `vacation 5`" in reply_to(row).body_text


def _link_path(text: str) -> str:
    import re
    from urllib.parse import urlsplit

    url = urlsplit(re.search(r"https?://\S+/accounts/password/set/\S+", text).group(0))
    return url.path + ("?" + url.query if url.query else "")


def test_the_invitation_link_sets_a_password_and_takes_the_seat(alice, settings):
    """Invitation -> the link in it -> a password set -> the join page ->
    the game page shows dora in her seat. The link works once, and only for
    PASSWORD_RESET_TIMEOUT."""
    from django.test import Client

    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=4)
    assert api(alice).post(f"/api/games/{game.pk}/invitations/", {"email": "dora@example.org"}, format="json").status_code == 201
    invite = rendered(Notification.objects.get(kind="invitation"))
    link = _link_path(invite.body_text)
    assert f"next=/join/{game.invite_code}/" in link and "valid for 3 days" in invite.body_text

    browser = Client()
    page = browser.get(link)
    assert page.status_code == 200 and "dora" in page.content.decode()
    done = browser.post(link, {"new_password1": "a long Passw0rd here", "new_password2": "a long Passw0rd here"})
    assert done.status_code == 302 and done["Location"] == f"/join/{game.invite_code}/"
    dora = get_user_model().objects.get(email="dora@example.org")
    assert dora.check_password("a long Passw0rd here")
    assert browser.get(done["Location"]).status_code == 200
    seated = browser.post(done["Location"])
    assert seated.status_code == 302 and seated["Location"] == f"/games/{game.pk}/"
    assert Seat.objects.get(game=game, index=1).player == dora
    html = browser.get(seated["Location"]).content.decode()
    assert "dora" in html and "bob" not in html

    # used: the link does not work again
    assert Client().get(link).status_code == 400


def test_an_invitation_link_expires(alice, settings):
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=4)
    from pbem.services.invitations import invitation_create

    invitation_create(game_id=game.pk, by_user=alice, email="dora@example.org")
    link = _link_path(rendered(Notification.objects.get(kind="invitation")).body_text)
    assert _status_of(link) == 200
    settings.PASSWORD_RESET_TIMEOUT = -1  # every link is now older than the limit
    assert _status_of(link) == 400


def test_an_invited_player_with_a_password_gets_the_join_link(alice, bob):
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=4)
    from pbem.services.invitations import invitation_create

    invitation_create(game_id=game.pk, by_user=alice, email="bob@example.org")
    body = rendered(Notification.objects.get(kind="invitation")).body_text
    assert f"/join/{game.invite_code}/" in body and "/accounts/password/set/" not in body and "log in as bob" in body


def _status_of(path: str) -> int:
    from django.test import Client

    return Client().get(path).status_code
