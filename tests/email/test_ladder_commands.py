"""Ladder commands by mail: `seek <ladder>`, `accept`, `decline`, sent to the
reply address of a ladder mail (the player's own address)."""

import pytest

from notifications.models import Notification
from pbem.ladders import services
from pbem.ladders.models import Challenge, Rating, Seek
from tests.email import mails
from tests.email.conftest import address_of, deliver, reply_to
from tests.support.rendered import rendered_everything


def test_seek_by_mail_puts_the_player_in_the_queue(players, ladder):
    (u,) = players(1)
    from notifications.outbox import reply_address_for

    to = reply_address_for(user=u).address
    row = deliver(mails.plain(u.email, to, "seek BIDS"))
    assert row.status == "processed", reply_to(row).body_text
    assert "You are seeking a game on the ladder Sealed Bid ladder" in reply_to(row).body_text
    assert Seek.objects.get(player=u).status == "waiting"
    row = deliver(mails.plain(u.email, to, "seek nosuch", subject="again"))
    assert row.status == "refused" and "There is no ladder 'nosuch'. Ladders: bids." in reply_to(row).body_text


def test_accept_and_decline_answer_the_challenge_mail(players, ladder):
    users = players(6)
    for i, u in enumerate(users):
        services.ladder_join(ladder=ladder, user=u)
        Rating.objects.create(player=u, engine="sealedbid", ordinal=float(10 - i))
    ch = services.challenge_create(ladder=ladder, user=users[0], opponents=["p01", "p02", "p03"])
    for u in users[1:3]:
        rendered_everything()  # the mails as their delivery renders them
        note = Notification.objects.get(recipient=u, subject__contains="challenges you")
        row = deliver(mails.plain(u.email, note.headers["Reply-To"], "accept", in_reply_to=note.message_id))
        assert row.status == "processed", reply_to(row).body_text
        assert f"You accepted challenge {ch.pk}." in reply_to(row).body_text
    rendered_everything()  # the mails as their delivery renders them
    note = Notification.objects.get(recipient=users[3], subject__contains="challenges you")
    row = deliver(mails.plain(users[3].email, note.headers["Reply-To"], f"accept {ch.pk}"))
    assert f"the game is #{Challenge.objects.get(pk=ch.pk).game_id}" in reply_to(row).body_text
    ch2 = services.challenge_create(ladder=ladder, user=users[3], opponents=["p04", "p05", "p02"])
    rendered_everything()  # the mails as their delivery renders them
    note = Notification.objects.get(recipient=users[4], subject__contains="challenges you")
    row = deliver(mails.plain(users[4].email, note.headers["Reply-To"], "decline"))
    assert f"You declined challenge {ch2.pk}" in reply_to(row).body_text
    assert Challenge.objects.get(pk=ch2.pk).status == "declined"
    # the declined challenge takes no more answers: p05 has nothing left to accept
    rendered_everything()  # the mails as their delivery renders them
    late = Notification.objects.get(recipient=users[5], subject__contains="challenges you")
    row = deliver(mails.plain(users[5].email, late.headers["Reply-To"], "accept"))
    assert row.status == "refused" and "No challenge waits for your answer." in reply_to(row).body_text


def test_in_a_games_thread_accept_stays_the_games_word(started_game, alice):
    # sealedbid has no `accept`: the line goes to the game, which says what it takes
    row = deliver(mails.plain("alice@example.org", address_of(alice, started_game, 0), "accept"))
    text = reply_to(row).body_text
    assert "I cannot read 'accept'" in text and "challenge" not in text


def test_every_listed_command_is_one_the_handler_reads(players, ladder):
    """mail_commands.COMMANDS (what `help` lists) names only lines that
    command() answers: each, written out, reaches its service."""
    from pbem.errors import NotFound
    from pbem.email.ladder_commands import COMMANDS, command
    from pbem.messages import text_render

    (u,) = players(1)
    for written, what in COMMANDS:
        assert what
        for form in written.split(" / "):
            line = form.replace("<ladder>", ladder.slug).replace(" [n]", "")
            if form.startswith("seek"):
                said = command(user=u, line=line, in_game=False)  # a part of the answer, written at delivery
                assert "You are seeking a game" in text_render(f"answer/{said['t']}", said, language="en")
            else:  # no challenge waits: the service says so, so the line was read as a challenge answer
                with pytest.raises(NotFound, match="No challenge waits for your answer"):
                    command(user=u, line=line, in_game="challenge" in form)
