"""Replies as mail programs write them (Gmail, Outlook desktop and web in
English, German, Dutch and Spanish, Apple Mail and iPhone, Thunderbird in
German and Spanish, Yahoo on Android, Zoho, Proton, HTML-only mails with
inline markup, bullet lists, a mislabelled charset): quoted history and
signatures are never read as commands, even though the quoted mail holds
example commands of its own, and the commands the player wrote are played."""

import pytest

from pbem.models import Move
from tests.email import mails
from tests.email.conftest import address_of, deliver, last_mail, reply_to


def _clean(answer: str) -> None:
    assert "refused" not in answer and "stopped reading" not in answer and "Traceback" not in answer, answer


@pytest.mark.parametrize("client", sorted(mails.all_clients()))
def test_a_reply_from_each_mail_program_plays_exactly_its_commands(client, game, alice, bob):
    write = mails.all_clients()[client]
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


@pytest.mark.parametrize("client", sorted(mails.all_clients()))
def test_a_reply_to_the_answer_mail_quoting_it_runs_only_the_new_commands(client, game, alice):
    """Our answer starts with "Done:" and lists what was run: quoted without
    ">" (Outlook) or with it, none of it may run again or be read."""
    to = address_of(alice, game, 0)
    first = deliver(mails.plain("alice@example.org", to, "bid 5"))
    answer = reply_to(first)
    assert answer.body_text.startswith("Done:")
    row = deliver(mails.all_clients()[client]("alice@example.org", to, "bid 6", answer.body_text, answer.message_id))
    assert row.status == "processed", reply_to(row).body_text
    _clean(reply_to(row).body_text)
    sealed = Move.objects.filter(game=game, seat=0, status="accepted").select_related("secret").get()
    assert sealed.secret.content == {"type": "bid", "amount": 6}


def test_unreadable_lines_after_the_commands_are_listed_and_done_is_not_said(game, alice):
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "bid 4\n\nAlice W. (Augsburg)\nsome more words"))
    answer = reply_to(row).body_text
    assert row.status == "processed"
    assert answer.startswith("Run:\n  bid 4: sealed answer in"), answer
    assert "Done:" not in answer and "refused" not in answer
    assert "Not read as commands:\n  'Alice W. (Augsburg)': it reads as a sentence or a greeting" in answer
    assert "  'some more words': I cannot read 'some more words'" in answer  # the last line: nothing after it to protect


@pytest.mark.parametrize("client", ["outlook_web_html_headerless", "plain_no_header"])
def test_a_quoted_answer_rewrapped_by_the_mail_program_is_never_run(client, game, alice):
    """Mail programs re-wrap a quoted original at 60-76 columns: our "Done:"
    is then followed by half of our next line, and still is no command."""
    import textwrap

    to = address_of(alice, game, 0)
    answer = reply_to(deliver(mails.plain("alice@example.org", to, "bid 5")))
    assert answer.body_text.startswith("Done:\n") and len(answer.body_text.splitlines()[1]) > 60
    wrapped = "\n".join(textwrap.fill(x, 60) if x.strip() else "" for x in answer.body_text.splitlines())
    if client == "plain_no_header":
        raw = mails.plain("alice@example.org", to, f"bid 6\n\n{wrapped}\n", in_reply_to=answer.message_id)
    else:
        raw = mails.outlook_web_html_headerless("alice@example.org", to, "bid 6", wrapped, in_reply_to=answer.message_id)
    row = deliver(raw)
    assert row.status == "processed", reply_to(row).body_text
    _clean(reply_to(row).body_text)
    sealed = Move.objects.filter(game=game, seat=0, status="accepted").select_related("secret").get()
    assert sealed.secret.content == {"type": "bid", "amount": 6}


def test_a_command_our_refusal_listed_as_not_run_can_be_sent_again(game, alice):
    """The refusal lists the lines it did not run, bare: sending one of them
    again above the quoted refusal runs it (it is a line of ours, but not
    followed by the line that follows it in our mail)."""
    to = address_of(alice, game, 0)
    refusal = reply_to(deliver(mails.plain("alice@example.org", to, "bid 999\nbid 4")))
    assert "Not run, because of the refusal above:\n  bid 4" in refusal.body_text
    quoted = "\n".join("> " + x for x in refusal.body_text.splitlines())
    row = deliver(mails.plain("alice@example.org", to, f"bid 4\n\n{quoted}\n", in_reply_to=refusal.message_id))
    assert row.status == "processed", reply_to(row).body_text
    assert Move.objects.get(game=game, seat=0).secret.content == {"type": "bid", "amount": 4}


def test_a_format_flowed_command_wrapped_by_the_mail_program_is_one_command(game, alice):
    """Thunderbird and Apple Mail send format=flowed (RFC 3676): a line that
    ends in a space goes on in the next one. "bid " + "6" is the command
    "bid 6", never the two lines "bid" and "6"; the quoted history under it
    (flowed too) stays quoted and is not run."""
    from email.message import EmailMessage

    note = last_mail(alice, game=game)
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = "alice@example.org", note.headers["Reply-To"], "Re: [pbem] your move"
    m["In-Reply-To"] = note.message_id
    m["User-Agent"] = "Mozilla Thunderbird"
    quoted = "".join(f"> {line} \r\n" for line in note.body_text.splitlines()[:3])
    m.set_content(f"bid \r\n6\r\n\r\nAm 22.11.26 um 09:12 schrieb pbem:\r\n{quoted}> end\r\n\r\n-- \r\nAlice\r\n", cte="8bit")
    m.set_param("format", "flowed")
    m.set_param("delsp", "no")
    row = deliver(m.as_bytes())
    answer = reply_to(row).body_text
    assert row.status == "processed", answer
    _clean(answer)
    sealed = Move.objects.filter(game=game, seat=0, status="accepted").select_related("secret").get()
    assert sealed.secret.content == {"type": "bid", "amount": 6}


def test_unflowed_follows_rfc_3676():
    from pbem.email.parsing import unflowed

    assert unflowed("pick \r\nking\r\n") == "pick king\n"
    assert unflowed("a  \r\nb", delsp=True) == "a b"  # delsp: the soft break's own space goes
    assert unflowed(" From the start\r\n") == "From the start\n"  # space-stuffing undone
    assert unflowed("-- \r\nAlice") == "-- \nAlice"  # the signature separator never flows
    assert unflowed("> quoted \r\n>> deeper\r\nnew") == "> quoted \n>> deeper\nnew"  # no flow across depths
    assert unflowed("> one \r\n> two\r\n") == "> one two\n"
