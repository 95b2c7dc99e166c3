"""The step writes rows, not prose (issue 27): a step stores for each mail
its message's name and data, and the text is rendered when the deliver task
sends it, outside the game's lock. Proved by the rows the step leaves, by a
step that runs with rendering made impossible, and by the mail delivered."""

from __future__ import annotations

import json

import pytest
from django.core import mail as django_mail

from notifications.models import Notification
from notifications.outbox import notification_render
from notifications.services import notification_send
from pbem.services.preferences import preference_set
from pbem import services
from pbem.services import mails


def play_round(game, bids=(4, 1)):
    for seat, amount in enumerate(bids):
        services.move_submit(game_id=game.pk, seat=seat, action={"type": "bid", "amount": amount}, source="api")
    services.game_advance(game_id=game.pk)
    game.refresh_from_db()


def rendered_now(row) -> str:
    """The row's text as a delivery now would render it (the row left as it is)."""
    return notification_render(Notification.objects.get(pk=row.pk), save=False).body_text


@pytest.fixture
def every_move(started_game, alice, bob):
    for user in (alice, bob):
        preference_set(user=user, mode="every_move")
    return started_game


def test_the_step_stores_data_and_renders_nothing(every_move, alice, bob, monkeypatch):
    game = every_move
    mark = Notification.objects.order_by("-pk").values_list("pk", flat=True).first()

    def no_rendering(**kwargs):
        raise AssertionError("a step rendered a mail")

    monkeypatch.setattr(mails, "mail_render", no_rendering)  # the renderer's one way to a text
    play_round(game)  # alice wins the bid (her turn next), both learn the result
    rows = list(Notification.objects.filter(pk__gt=mark).order_by("pk"))
    assert {(r.recipient.username, r.message) for r in rows} >= {("alice", "your_move"), ("bob", "resolution")}
    for row in rows:
        assert row.subject == row.body_text == row.body_html == row.board_svg == ""  # no prose in the step
        assert row.message and row.data["tag"] == f"#{game.pk} sealedbid"
        assert row.headers["Message-ID"] and row.headers["Reply-To"]  # threading decided when written, as before
    ask = next(r for r in rows if r.message == "your_move")
    assert ask.data["kind"] and ask.data["prompt"] and ask.data["situation"]["text"] and ask.data["commands"]
    told = next(r for r in rows if r.message == "resolution" and r.recipient == bob)
    # bob's own answer in the game's words (the engine's label for that play), alice's nowhere
    assert told.data["own"] == "1" and '"amount\\":4' not in json.dumps(told.data)

    monkeypatch.undo()
    django_mail.outbox.clear()
    assert notification_send(notification_id=ask.pk)
    (sent,) = django_mail.outbox
    ask.refresh_from_db()
    assert sent.subject == ask.subject == f"[pbem #{game.pk} sealedbid] your move: {ask.data['kind']}"
    assert sent.body == ask.body_text and ask.data["prompt"] in sent.body and ask.data["situation"]["text"] in sent.body
    assert ask.sent_at is not None


def test_a_mail_rendered_later_says_what_it_said_when_it_was_written(every_move, alice, bob):
    """The digest and the table talk read at delivery are bounded by the row:
    moves and messages after it belong to later mails."""
    from pbem.web.services import table_message_post

    game = every_move
    table_message_post(game_id=game.pk, user=bob, text="Good luck, alice")
    play_round(game)
    ask = Notification.objects.filter(recipient=alice, message="your_move").order_by("-pk").first()
    before = rendered_now(ask)
    assert "Good luck, alice" in before and "Table talk since your last mail" in before

    # the game goes on before the mail is delivered: alice peeks and claims, both bid again
    table_message_post(game_id=game.pk, user=bob, text="Said after the mail was written")
    services.move_submit(game_id=game.pk, seat=0, action={"type": "peek"}, source="api")
    services.move_submit(game_id=game.pk, seat=0, action={"type": "claim", "take": "points"}, source="api")
    services.game_advance(game_id=game.pk)
    play_round(game, bids=(2, 3))
    assert rendered_now(ask) == before
    later = [rendered_now(r) for r in Notification.objects.filter(recipient=alice, message="your_move", pk__gt=ask.pk)]
    assert len(later) >= 2  # the claim after her peek, the next bid
    # each message is mailed once, in the first such mail written after it was said
    assert ["Said after the mail was written" in text for text in later] == [True] + [False] * (len(later) - 1)
    assert not any("Good luck, alice" in text for text in later)


def test_a_retry_sends_the_text_of_the_first_attempt(every_move, alice, settings):
    game = every_move
    play_round(game)
    ask = Notification.objects.filter(recipient=alice, message="your_move").order_by("-pk").first()
    first = notification_render(ask)  # an attempt that rendered and kept it (then failed to send)
    ask.data = {**ask.data, "prompt": "changed after the first attempt"}
    ask.save(update_fields=["data"])
    django_mail.outbox.clear()
    assert notification_send(notification_id=ask.pk)
    assert django_mail.outbox[0].body == first.body_text and "changed after" not in django_mail.outbox[0].body
