"""Orders by mail (issue 25): `then` / `else` lines, `standing`, `undo`, and
`help` naming them."""

from engines import orders as O
from engines import registry
from engines.base import canonical
from notifications.models import Notification
from pbem import command_words, services
from pbem.models import DecisionOrder, Game, Move, Profile, StandingOrder
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


def _orders(game, seat: int) -> list[dict]:
    return [o.order for o in StandingOrder.objects.filter(game=game, seat__index=seat).order_by("id")]


def test_standing_orders_by_mail_in_italian_and_in_german(alice, bob):
    """An Italian and a German player give, list and get refused standing
    orders by mail in their own words (and in each other's); each answer,
    and the note of an order played, is in its reader's language with the
    game's terms, no English word of the orders in them."""
    game = to_bidding(alice, bob)
    seat = waiting(game)[0].seat
    italian, german_seat = seat.player, game.seats.get(index=1 - seat.index)
    german = german_seat.player
    Profile.objects.update_or_create(user=italian, defaults={"language": "it"})
    Profile.objects.update_or_create(user=german, defaults={"language": "de"})
    to_it, to_de = address_of(italian, game, seat.index), address_of(german, game, german_seat.index)

    # the Italian rulebook's way (`pagherò per Maria`), and a German line, from the Italian player
    row = deliver(mails.plain(italian.email, to_it, "permanente massimo 3 pagherò per Maria\npermanente höchstens Louise 2\npermanente"))
    text = reply_to(row).body_text
    assert row.status == "processed", text
    assert _orders(game, seat.index) == [{"type": "limit", "noble": "maria", "notes": 3}, {"type": "limit", "noble": "louise", "notes": 2}]
    assert "1. massimo maria 3" in text and "2. massimo louise 2" in text
    assert "permanente passo tranne maximilien" in text  # what the game offers, in Italian
    assert "limit" not in text and "pass except" not in text
    row = deliver(mails.plain(italian.email, to_it, "permanente massimo kaiser 3"))
    text = reply_to(row).body_text
    assert row.status == "refused", text
    assert "«kaiser» non è uno tra" in text and "`permanente massimo maximilien 3`" in text

    # the German player: a German line, an Italian one, the list, a refusal
    row = deliver(mails.plain(german.email, to_de, "Dauerauftrag passe außer Maximilien\npermanente massimo Léo 2\ndauerauftrag"))
    text = reply_to(row).body_text
    assert row.status == "processed", text
    assert _orders(game, german_seat.index) == [{"type": "pass_except", "noble": "maximilien"}, {"type": "limit", "noble": "leo", "notes": 2}]
    assert "1. passe außer maximilien" in text and "2. höchstens léo 2" in text
    assert "dauerauftrag höchstens maximilien 3" in text
    assert "limit" not in text and "pass except" not in text
    row = deliver(mails.plain(german.email, to_de, "dauerauftrag höchstens Maria"))
    text = reply_to(row).body_text
    assert row.status == "refused" and "Zum Beispiel: `dauerauftrag höchstens maximilien 3`" in text, text

    # the Italian player passes Philippe; the German's standing `pass except` answers for them, and they
    # are told in German, with the German command
    Notification.objects.filter(recipient=german, kind=Notification.Kind.NOTICE).delete()
    services.move_submit(game_id=game.pk, seat=seat.index, action={"type": "pass"}, source="web")
    services.game_advance(game_id=game.pk)
    rendered_everything()
    # (the order answers the next noble's auction too: a note for each)
    note = Notification.objects.filter(recipient=german, kind=Notification.Kind.NOTICE, message="orders_played").order_by("id").first()
    assert "Aus deinen Aufträgen für dich gespielt: `passe`" in note.body_text, note.body_text
    assert note.data["played"]["it"] == "passo" and note.data["played"]["en"] == "pass"


def test_a_standing_orders_first_word_is_never_the_word_that_withdraws_orders():
    """`dauerauftrag ohne Lotterie` must not read as `standing off ...`: no way of
    writing an order type, in any language, starts with a word of `off`."""
    for slug, engine in registry.ENGINES.items():
        wording = O.wording_of(engine)
        state = engine.setup(engine.min_players, 3)
        for spec in engine.standing_specs(state, 0):
            for lang in command_words.COMMANDS["standing"]:
                for said in wording.phrases(spec["type"], lang):
                    line = f"{command_words.word('standing', lang)} {said} 1"
                    assert command_words.canonical(line).split()[1] != "off", (slug, lang, said)
