"""Replies as Gmail, Outlook (English and German), Apple Mail, Thunderbird and
a phone write them: quoted history and signatures are not read as commands,
even though the quoted mail holds example commands of its own."""

import pytest

from pbem.models import Move
from tests.notifications import mails
from tests.notifications.conftest import address_of, deliver, last_mail, reply_to

CLIENTS = {
    "gmail": lambda f, t, c, q, r: mails.gmail(f, t, c, q, in_reply_to=r),
    "outlook": lambda f, t, c, q, r: mails.outlook(f, t, c, q, in_reply_to=r),
    "outlook_de": lambda f, t, c, q, r: mails.outlook(f, t, c, q, german=True, in_reply_to=r),
    "apple_mail": lambda f, t, c, q, r: mails.apple_mail(f, t, c, q, in_reply_to=r),
    "thunderbird": lambda f, t, c, q, r: mails.thunderbird(f, t, c, q, in_reply_to=r),
    "phone": lambda f, t, c, q, r: mails.phone(f, t, c, q, in_reply_to=r),
}


@pytest.mark.parametrize("client", sorted(CLIENTS))
def test_a_reply_from_each_mail_program_plays_exactly_its_commands(client, game, alice, bob):
    # alice's bid, then bob's: the bids resolve, alice (the higher) claims.
    note = last_mail(alice, game=game)
    quoted = note.body_text  # holds "bid 3" as its example: it must not be played
    row = deliver(CLIENTS[client]("Alice Example <alice@example.org>", note.headers["Reply-To"], "bid 6", quoted, note.message_id))
    assert row.status == "processed", reply_to(row).body_text
    assert "bid 3" in quoted
    deliver(mails.plain("bob@example.org", address_of(bob, game, 1), "bid 2"))
    from pbem.services import game_advance

    game_advance(game_id=game.pk)
    note = last_mail(alice, game=game)
    assert "claim" in note.subject
    row = deliver(CLIENTS[client]("alice@example.org", note.headers["Reply-To"], "peek\nclaim coins", note.body_text, note.message_id))
    answer = reply_to(row).body_text
    assert row.status == "processed", answer
    assert "Traceback" not in answer
    moves = [(m.seat, m.action or m.secret.content) for m in Move.objects.filter(game=game, seat=0).select_related("secret").order_by("pk")]
    assert moves == [(0, {"type": "bid", "amount": 6}), (0, {"type": "peek"}), (0, {"type": "claim", "take": "coins"})]
