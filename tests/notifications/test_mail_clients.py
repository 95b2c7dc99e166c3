"""Replies as mail programs write them (Gmail, Outlook desktop and web in
English, German, Dutch and Spanish, Apple Mail and iPhone, Thunderbird in
German and Spanish, Yahoo on Android, Zoho, Proton, HTML-only mails with
inline markup, bullet lists, a mislabelled charset): quoted history and
signatures are never read as commands, even though the quoted mail holds
example commands of its own, and the commands the player wrote are played."""

import pytest

from pbem.models import Move
from tests.notifications import mails
from tests.notifications.conftest import address_of, deliver, last_mail, reply_to


def _clean(answer: str) -> None:
    assert "refused" not in answer and "stopped reading" not in answer and "Traceback" not in answer, answer


@pytest.mark.parametrize("client", sorted(mails.CLIENTS))
def test_a_reply_from_each_mail_program_plays_exactly_its_commands(client, game, alice, bob):
    write = mails.CLIENTS[client]
    # alice's bid, then bob's: the bids resolve, alice (the higher) claims.
    note = last_mail(alice, game=game)
    quoted = note.body_text  # holds "bid 3" as its example: it must not be played
    assert "bid 3" in quoted
    row = deliver(write("Alice Example <alice@example.org>", note.headers["Reply-To"], "bid 6", quoted, note.message_id))
    assert row.status == "processed", reply_to(row).body_text
    _clean(reply_to(row).body_text)
    deliver(mails.plain("bob@example.org", address_of(bob, game, 1), "bid 2"))
    from pbem.services import game_advance

    game_advance(game_id=game.pk)
    note = last_mail(alice, game=game)
    assert "claim" in note.subject
    row = deliver(write("alice@example.org", note.headers["Reply-To"], "peek\nclaim coins", note.body_text, note.message_id))
    answer = reply_to(row).body_text
    assert row.status == "processed", answer
    _clean(answer)
    moves = [(m.seat, m.action or m.secret.content) for m in Move.objects.filter(game=game, seat=0).select_related("secret").order_by("pk")]
    assert moves == [(0, {"type": "bid", "amount": 6}), (0, {"type": "peek"}), (0, {"type": "claim", "take": "coins"})]


@pytest.mark.parametrize("client", sorted(mails.CLIENTS))
def test_a_reply_to_the_answer_mail_quoting_it_runs_only_the_new_commands(client, game, alice):
    """Our answer starts with "Done:" and lists what was run: quoted without
    ">" (Outlook) or with it, none of it may run again or be read."""
    to = address_of(alice, game, 0)
    first = deliver(mails.plain("alice@example.org", to, "bid 5"))
    answer = reply_to(first)
    assert answer.body_text.startswith("Done:")
    row = deliver(mails.CLIENTS[client]("alice@example.org", to, "bid 6", answer.body_text, answer.message_id))
    assert row.status == "processed", reply_to(row).body_text
    _clean(reply_to(row).body_text)
    sealed = Move.objects.filter(game=game, seat=0, status="accepted").select_related("secret").get()
    assert sealed.secret.content == {"type": "bid", "amount": 6}


def test_an_unreadable_line_after_the_commands_gets_one_polite_note(game, alice):
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "bid 4\n\nAlice W. (Augsburg)\nsome more words"))
    answer = reply_to(row).body_text
    assert row.status == "processed"
    assert "bid 4: sealed answer in" in answer and answer.count("I stopped reading at the line 'Alice W. (Augsburg)'") == 1
    assert "some more words" not in answer
