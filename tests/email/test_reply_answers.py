"""What a reply's answer says about every line, and the one safety rule of
reading: a line that is no command at all is skipped and the commands
around it run; a command that went wrong stops the rest, so no later move
runs as if it had succeeded."""

from pbem.models import Move
from tests.email import mails
from tests.email.conftest import address_of, deliver, reply_to


def _accepted(game):
    return Move.objects.filter(game=game, seat=0, status="accepted").select_related("secret").get().secret.content


def test_a_greeting_in_a_language_not_listed_above_the_commands_does_not_refuse_the_mail(game, alice):
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "Cześć,\n\nbid 5\n"))
    answer = reply_to(row).body_text
    assert row.status == "processed", answer
    assert answer.startswith("Run:\n  bid 5: sealed answer in"), answer
    assert "Not read as commands:\n  'Cześć,': it reads as a sentence or a greeting" in answer
    assert "Done:" not in answer  # something the player wrote was not applied
    assert _accepted(game) == {"type": "bid", "amount": 5}


def test_a_sentence_between_commands_is_skipped_and_the_commands_after_it_run(game, alice):
    body = "bid 5\nSorry, I changed my mind about that one.\nbid 7\n"
    answer = reply_to(deliver(mails.plain("alice@example.org", address_of(alice, game, 0), body))).body_text
    assert answer.startswith("Run:\n  bid 5: sealed answer in") and "\n  bid 7: sealed answer in" in answer, answer
    assert "'Sorry, I changed my mind about that one.': it reads as a sentence" in answer
    assert "If you meant one of these lines as a command" in answer
    assert _accepted(game) == {"type": "bid", "amount": 7}


def test_a_command_gone_wrong_between_commands_stops_the_rest(game, alice):
    body = "bid 5\nbid seven\nbid 7\n"
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), body))
    answer = reply_to(row).body_text
    assert "These commands were done and stay done:\n  bid 5" in answer, answer
    assert "This command was refused:\n  bid seven" in answer
    assert "Not run, because of the refusal above:\n  bid 7" in answer
    assert _accepted(game) == {"type": "bid", "amount": 5}  # bid 7 never ran as if bid seven had succeeded


def test_a_refused_move_stops_the_rest(game, alice):
    answer = reply_to(deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "bid 99\nbid 4\n"))).body_text
    assert "This command was refused:\n  bid 99" in answer and "Not run, because of the refusal above:\n  bid 4" in answer
    assert not Move.objects.filter(game=game, seat=0, status="accepted").exists()


def test_only_greetings_and_sentences_is_a_mail_without_commands_and_says_what_it_read(game, alice):
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "Hallo,\nwhat should I do now?\n\nGrüße\nAnna\n"))
    answer = reply_to(row).body_text
    assert row.status == "refused" and answer.startswith("Your mail held no commands"), answer
    assert "'Hallo,': a greeting" in answer and "'what should I do now?': it reads as a sentence" in answer
    assert "'Grüße': a closing" in answer and "'Anna': after your closing: a name or a signature" in answer
    assert not Move.objects.filter(game=game, seat=0).exists()


def test_every_block_of_an_interleaved_reply_runs_in_order(game, alice):
    to = address_of(alice, game, 0)
    body = "On Sun, 22 Nov 2026 at 09:12, pbem <games@pbem.localhost> wrote:\n> Bid for the prize.\n> bid 3\n\nbid 5\n\n> Deadline: Saturday\n\nbid 8\n"
    answer = reply_to(deliver(mails.plain("alice@example.org", to, body))).body_text
    assert answer.startswith("Done:\n  bid 5: sealed answer in") and "\n  bid 8: sealed answer in" in answer, answer
    assert "bid 3:" not in answer
    assert _accepted(game) == {"type": "bid", "amount": 8}


def test_an_esps_stripped_reply_does_not_hide_the_later_blocks_of_an_interleaved_reply(game, alice):
    """Mailgun's stripped-text is the top block only: the mail itself is read."""
    to = address_of(alice, game, 0)
    raw = mails.plain("alice@example.org", to, "bid 5\n\n> Deadline: Saturday\n> bid 3\n\nbid 8\n")
    answer = reply_to(deliver(raw, stripped_text="bid 5")).body_text
    assert answer.startswith("Done:\n  bid 5: sealed answer in") and "\n  bid 8: sealed answer in" in answer, answer
    assert _accepted(game) == {"type": "bid", "amount": 8}


def test_the_answer_is_stored_as_data_and_written_when_it_is_delivered(game, alice):
    """The answer's row holds parts, not prose (pbem.messages writes them at
    delivery), and names the language the mail was read in."""
    import json

    from notifications.models import Notification
    from pbem.services.languages import profile_language_set

    profile_language_set(user=alice, language="de")
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "Hallo,\nbid 5\n"))
    stored = Notification.objects.get(dedupe_key=f"reply:{row.pk}")
    assert stored.body_text == "" and stored.data["language"] == "de"
    assert [p["t"] for p in stored.data["parts"]] == ["done"]
    said = json.dumps(stored.data["parts"])
    assert "Ausgeführt" not in said and "Run:" not in said and "a greeting" not in said  # no sentence of ours in the data
    answer = reply_to(row).body_text
    assert answer.startswith("Ausgeführt:\n  bid 5: ") and "'Hallo,'" in answer, answer
