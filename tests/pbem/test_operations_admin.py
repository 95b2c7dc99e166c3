"""The operator's actions in the Django admin (pbem/admin.py), through
Django's test client: each goes through pbem.services.operations."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from notifications.models import ReplyAddress
from pbem import services
from pbem.models import Game, PendingAction

pytestmark = pytest.mark.django_db


@pytest.fixture
def operator():
    client = Client()
    client.force_login(get_user_model().objects.create_superuser("operator", "op@example.org", "operator-secret"))
    return client


def test_an_operator_gives_a_seat_to_another_player_from_a_form(operator, started_game, bob, carol):
    game = started_game
    seat = game.seats.get(index=1)
    chosen = {"action": "give_to_player", "_selected_action": [seat.pk]}
    r = operator.post("/admin/pbem/seat/", chosen)
    assert r.status_code == 200
    page = r.content.decode()
    assert "Give a seat to another player" in page and f"game #{game.pk}" in page and "bob" in page

    # an unknown name: the form says so, nothing changes
    r = operator.post("/admin/pbem/seat/", {**chosen, "apply": "1", "player": "nobody-here"})
    assert r.status_code == 200 and "No active account is called" in r.content.decode()
    seat.refresh_from_db()
    assert seat.player == bob

    r = operator.post("/admin/pbem/seat/", {**chosen, "apply": "1", "player": "carol@example.org"}, follow=True)
    assert f"Seat 2 of game {game.pk} now belongs to carol." in r.content.decode()
    seat.refresh_from_db()
    assert seat.player == carol
    assert not ReplyAddress.objects.filter(game=game, seat=1, user=bob).exists()

    # refused by the service (carol already plays the seat): its message, nothing changes
    r = operator.post("/admin/pbem/seat/", {**chosen, "apply": "1", "player": "carol"}, follow=True)
    assert "already holds seat 2" in r.content.decode()
    # the seat's page shows who holds it but cannot change it: only the actions (services) do
    page = operator.get(f"/admin/pbem/seat/{seat.pk}/change/").content.decode()
    assert "carol" in page and 'name="player"' not in page and 'name="is_bot"' not in page
    assert operator.get("/admin/pbem/seat/add/").status_code == 403
    assert operator.get("/admin/pbem/pendingaction/add/").status_code == 403
    # one seat at a time
    both = {"action": "give_to_player", "_selected_action": [s.pk for s in game.seats.all()]}
    r = operator.post("/admin/pbem/seat/", both, follow=True)
    assert "Choose one seat" in r.content.decode()


def test_an_operator_extends_the_deadlines_and_aborts_a_game(operator, started_game):
    game = started_game
    # the game's page shows neither the seed nor the state (they would replay the deal) and edits nothing
    drawn = services.game_create(creator=game.created_by, engine="sealedbid", players=2, bots=1)  # the server draws its seed
    services.game_start(game_id=drawn.pk, user=game.created_by)
    drawn.refresh_from_db()
    assert drawn.seed > 10**6 and drawn.state
    page = operator.get(f"/admin/pbem/game/{drawn.pk}/change/").content.decode()
    assert drawn.invite_code in page
    assert str(drawn.seed) not in page and drawn.seed_salt not in page and '"deck"' not in page
    assert "<textarea" not in page and 'name="visibility"' not in page
    before = {p.pk: p.deadline for p in PendingAction.objects.filter(game=game, closed_at__isnull=True)}
    chosen = {"_selected_action": [game.pk]}
    r = operator.post("/admin/pbem/game/", {**chosen, "action": "extend_deadlines_24h"}, follow=True)
    assert "2 open decision(s) got 24 hours more." in r.content.decode()
    for p in PendingAction.objects.filter(pk__in=before):
        assert p.deadline == before[p.pk] + timedelta(hours=24)
    r = operator.post("/admin/pbem/game/", {**chosen, "action": "abort_games"}, follow=True)
    assert f"Game {game.pk} aborted." in r.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    r = operator.post("/admin/pbem/game/", {**chosen, "action": "abort_games"}, follow=True)
    assert "already aborted" in r.content.decode()


def test_the_operator_never_reads_a_sealed_bid_or_a_hand_in_the_mail_tables(operator, started_game, bob):
    from notifications.models import InboundMessage, Notification
    from tests.email import mails
    from tests.email.conftest import deliver

    game = started_game
    token = ReplyAddress.objects.get(game=game, seat=1, user=bob).address
    row = deliver(mails.plain("bob@example.org", token, "bid 3"))
    assert row.status == InboundMessage.Status.PROCESSED
    from tests.support.rendered import rendered

    answer = rendered(Notification.objects.get(kind="reply", recipient=bob))
    asked = rendered(Notification.objects.get(kind="your_move", recipient=bob, game=game))
    # what the operator must not see: the bid in the answer, the seat's own situation in its mail
    assert "bid 3" in answer.body_text and "Reply with one command per line" in asked.body_text
    pages = [
        operator.get(f"/admin/notifications/notification/{answer.pk}/change/"),
        operator.get(f"/admin/notifications/notification/{asked.pk}/change/"),
        operator.get(f"/admin/notifications/inboundmessage/{row.pk}/change/"),
        operator.get("/admin/notifications/notification/"),
    ]
    for r in pages:
        html = r.content.decode()
        assert r.status_code == 200
        assert "bid 3" not in html and token.split("@")[0] not in html
        assert "Reply with one command per line" not in html  # no body: it shows the seat's situation as it sees it
    assert answer.subject in pages[0].content.decode()  # who got what, and when, is shown
