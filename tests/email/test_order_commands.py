"""Orders by mail (issue 25): `then` / `else` lines, `standing`, `undo`, and
`help` naming them."""

from engines.base import canonical
from notifications.models import Notification
from pbem.models import DecisionOrder, Game, Move, StandingOrder
from tests.email import mails
from tests.email.conftest import address_of, deliver, reply_to
from tests.pbem.test_orders import to_bidding, waiting
from tests.support.rendered import rendered_everything


def test_then_else_standing_and_undo_by_mail(alice, bob):
    game = to_bidding(alice, bob)
    seat = waiting(game)[0].seat
    user, other = seat.player, (bob if seat.player == alice else alice)
    to = address_of(user, game, seat.index)
    before = canonical(game.state)

    row = deliver(mails.plain(user.email, to, "standing limit maximilien 3\nstanding pass except maximilien\nstanding"))
    text = reply_to(row).body_text
    assert row.status == "processed", text
    assert "1. limit maximilien 3" in text and "2. pass except maximilien" in text and "standing draft" not in text
    # the standing pass answered the open auction (Philippe's) at once
    assert Move.objects.filter(game=game, seat=seat.index, source=Move.Source.ORDER, action={"type": "pass"}).exists()
    row = deliver(mails.plain(user.email, to, "undo"))
    assert row.status == "processed", reply_to(row).body_text
    assert canonical(Game.objects.get(pk=game.pk).state) == before
    # the other player is told, once, and nothing of the orders
    rendered_everything()  # the mails as their delivery renders them
    told = Notification.objects.filter(recipient=other, kind=Notification.Kind.NOTICE)
    assert told.count() == 1 and "took back" in told.get().body_text and "maximilien" not in told.get().body_text

    row = deliver(mails.plain(user.email, to, "standing off all\nthen raise 9\nelse pass"))
    text = reply_to(row).body_text
    assert row.status == "processed", text
    assert "2 standing orders withdrawn" in text and "`pass` is played" in text
    assert not StandingOrder.objects.filter(game=game).exists()

    row = deliver(mails.plain(user.email, to, "standing limit kaiser 3"))
    assert row.status == "refused" and "standing limit maximilien 3" in reply_to(row).body_text
    row = deliver(mails.plain(user.email, to, "help"))
    assert "then <cmd> / else <cmd>" in reply_to(row).body_text and "undo" in reply_to(row).body_text


def test_orders_are_given_and_withdrawn_in_every_languages_words(alice, bob):
    game = to_bidding(alice, bob)
    seat = waiting(game)[0].seat
    other = 1 - seat.index
    user = seat.player
    to = address_of(user, game, seat.index)

    row = deliver(mails.plain(user.email, to, "dauerauftrag limit maria 2\npermanente limit louise 1\npermanent limit leo 3"))
    assert row.status == "processed", reply_to(row).body_text
    assert StandingOrder.objects.filter(game=game).count() == 3
    row = deliver(mails.plain(user.email, to, "permanent retirer 1"))
    assert row.status == "processed" and "Standing order 1 withdrawn" in reply_to(row).body_text
    row = deliver(mails.plain(user.email, to, "Dauerauftrag aus alle"))
    assert row.status == "processed" and "2 standing orders withdrawn" in reply_to(row).body_text
    assert not StandingOrder.objects.filter(game=game).exists()

    # orders for a decision that is not open yet: kept, then withdrawn with `poi ritira`
    other_seat = game.seats.get(index=other)
    to_other = address_of(other_seat.player, game, other)
    row = deliver(mails.plain(other_seat.player.email, to_other, "dann passe"))
    assert row.status == "processed", reply_to(row).body_text
    assert DecisionOrder.objects.filter(seat=other_seat).exists()
    row = deliver(mails.plain(other_seat.player.email, to_other, "poi ritira"))
    assert row.status == "processed" and "withdrawn" in reply_to(row).body_text
    assert not DecisionOrder.objects.filter(seat=other_seat).exists()
