"""Mail in: commands run through the game services, answers say what happened."""

import pytest


from notifications.models import InboundMessage, Notification
from pbem.models import Move
from tests.email import mails
from tests.email.conftest import address_of, deliver, last_mail, reply_to
from tests.support.rendered import rendered


def test_a_bid_by_mail_is_sealed_and_answered_with_its_commitment(game, alice):
    note = last_mail(alice, game=game)
    to = note.headers["Reply-To"]
    assert to == address_of(alice, game, 0)
    row = deliver(mails.plain("Alice <alice@example.org>", to, "bid 4", in_reply_to=note.message_id))
    assert row.status == InboundMessage.Status.PROCESSED
    move = Move.objects.get(game=game, seat=0)
    assert move.sealed and move.source == "email" and move.action is None
    answer = reply_to(row)
    assert move.secret.commitment in answer.body_text
    assert "bid 4" in answer.body_text and "Traceback" not in answer.body_text
    assert answer.headers["In-Reply-To"] == mails_message_id(row)
    assert answer.headers["Auto-Submitted"] == "auto-replied"


def mails_message_id(row):
    return row.key[len("mid:"):]


def test_several_commands_in_one_mail_play_a_whole_turn(game, alice, bob):
    deliver(mails.plain("bob@example.org", address_of(bob, game, 1), "bid 1"))
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "bid 5\npeek\nclaim points"))
    game.refresh_from_db()
    assert row.status == "processed", reply_to(row).body_text
    assert [m.action["type"] for m in Move.objects.filter(game=game, seat=0).order_by("pk")] == ["bid", "peek", "claim"]
    assert "Done:" in reply_to(row).body_text


def test_the_first_error_stops_the_rest_and_the_answer_says_what_stays(game, alice, bob):
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "bid 2\nclaim points\nbid 3"))
    text = reply_to(row).body_text
    assert "These commands were done and stay done:\n  bid 2" in text
    assert "This command was refused:\n  claim points" in text
    assert "Not run, because of the refusal above:\n  bid 3" in text
    assert "Allowed now" in text
    assert Move.objects.filter(game=game, seat=0).count() == 1


def test_help_status_games_undo(game, alice):
    to = address_of(alice, game, 0)
    row = deliver(mails.plain("alice@example.org", to, "help\nstatus\ngames"))
    text = reply_to(row).body_text
    assert "How to play by mail" in text and "Round 1 of 3" in text and f"#{game.pk} sealedbid" in text
    assert "waits for you: bid" in text
    row = deliver(mails.plain("alice@example.org", to, "undo"))
    assert "You can take back only your own last move" in reply_to(row).body_text
    assert row.status == "refused"


def test_notify_preference_is_honoured(game, alice, bob):
    to = address_of(alice, game, 0)
    deliver(mails.plain("alice@example.org", to, "notify off"))
    before = Notification.objects.filter(recipient=alice).exclude(kind="reply").count()
    deliver(mails.plain("alice@example.org", to, "bid 1"))
    deliver(mails.plain("bob@example.org", address_of(bob, game, 1), "bid 2"))
    from pbem.services import game_advance

    game_advance(game_id=game.pk)
    assert Notification.objects.filter(recipient=alice).exclude(kind="reply").count() == before
    assert not Notification.objects.filter(recipient=bob, kind="resolution").exists()  # digest, the default
    assert "Seat" in rendered(Notification.objects.filter(recipient=bob, kind="your_move").order_by("-pk").first()).body_text


def test_no_game_command_is_taken_for_a_greeting_a_closing_a_bullet_or_a_quote():
    """The reply filters know words of many languages: none of them may eat a
    command of a game (the examples every mail shows, and the bots' moves)."""
    from engines.registry import ENGINES
    from engines.rng import Rng
    from pbem.email.parsing import command_lines, latest_reply

    commands = set()
    for engine in ENGINES.values():
        state = engine.setup(engine.min_players, 3)
        for step in range(40):
            decisions = engine.decisions(state)
            if not decisions:
                break
            moves = {}
            for d in decisions:
                commands.update(s["example"] for s in engine.actions(state, d["seat"]))
                moves[d["seat"]] = engine.bot(state, d["seat"], Rng.from_seed(step))
                commands.add(engine.command(state, d["seat"], moves[d["seat"]]))
            state = engine.apply(state, moves)["state"]
    assert len(commands) > 50
    for command in commands:
        assert command_lines(latest_reply(f"{command}\n{command}\n\nThanks!\nAlice")) == [command, command], command


def test_help_lists_every_command_and_each_listed_word_is_read(alice):
    """Help is made from the tables the dispatcher reads (this module's and
    the ladders'): every usage is in the answer, and a line starting with
    each listed ladder word reaches the ladder's own parser."""
    from notifications import outbox
    from pbem.email.commands import COMMANDS
    from pbem.email import ladder_commands as ladder

    to = outbox.reply_address_for(user=alice).address
    answer = reply_to(deliver(mails.plain("alice@example.org", to, "help"))).body_text
    for usage, _ in COMMANDS + ladder.USAGE:
        assert str(usage) in answer, usage
    assert {"seek", "accept", "decline"} <= ladder.WORDS
    for word in sorted(ladder.WORDS):
        row = deliver(mails.plain("alice@example.org", to, f"{word} x y z"))
        text = reply_to(row).body_text
        assert row.status == "refused" and f"Write `{word}`" in text, text


def test_the_esps_stripped_reply_is_cut_at_a_signature_too(game, alice):
    to = address_of(alice, game, 0)
    raw = mails.plain("alice@example.org", to, "bid 7\n\nVon meinem iPhone gesendet\n\n> Am 22.11.2026 schrieb pbem:\n> bid 3")
    row = deliver(raw, stripped_text="bid 7\n\nVon meinem iPhone gesendet")
    answer = reply_to(row).body_text
    assert row.status == "processed" and "stopped reading" not in answer, answer
    assert Move.objects.get(game=game, seat=0).secret.content == {"type": "bid", "amount": 7}


def test_list_bullets_of_every_kind_are_no_part_of_a_command():
    from pbem.email.parsing import command_lines, latest_reply

    for bullets in ("- ", "* ", "• ", "·         ", "◦ ", "▪ ", "o   ", "1. ", "2) "):
        text = f"{bullets}pick king\n{bullets}build castle\n\nOn Sun, 22 Nov 2026 at 09:12, pbem wrote:\n> - bid 3"
        assert command_lines(latest_reply(text)) == ["pick king", "build castle"], bullets


ATTRIBUTIONS = [
    "Am 22.11.26 um 09:12 schrieb Alice Example:",  # Thunderbird, German, a name with a space
    "Am So., 22. Nov. 2026 um 09:12 Uhr schrieb pbem <games@pbem.localhost>:",  # Gmail, German
    "Op zondag 22 november 2026 09:12:00 CET schreef pbem <games@pbem.localhost>:",  # Yahoo, Dutch
    "Am Sonntag, 22. November 2026, 09:12:00 MEZ hat pbem <games@pbem.localhost> Folgendes geschrieben:",  # Yahoo, German
    "* pbem <games@pbem.localhost> [2026-11-22 09:12]:",  # mutt, a common attribution
    "Quoting pbem <games@pbem.localhost>:",  # Horde
    "Zitat von pbem <games@pbem.localhost>:",  # Horde, German
    "On Sun, Nov 22, 2026 at 09:12:00AM +0100, pbem wrote:",  # mutt's default
    "Le 22/11/2026 à 09:12, pbem a écrit :",  # Thunderbird, French
    "Il 22/11/2026 09:12, pbem ha scritto:",  # Thunderbird, Italian
    "El 22/11/26 a las 9:12, Pbem Games escribió:",  # Thunderbird, Spanish
    "Op 22-11-2026 om 09:12 schreef pbem:",  # Thunderbird, Dutch
]


@pytest.mark.parametrize("attribution", ATTRIBUTIONS)
def test_an_attribution_ends_the_reply_above_the_quote_and_starts_it_under(attribution):
    from pbem.email.parsing import command_lines, latest_reply

    assert command_lines(latest_reply(f"bid 6\n\n{attribution}\n> bid 3\n> claim points")) == ["bid 6"]
    assert command_lines(latest_reply(f"{attribution}\n> bid 3\n> claim points\n\nbid 6")) == ["bid 6"]


@pytest.mark.parametrize("opening", ["Hi,", "Hola a todos,", "Guten Morgen,", "Bonsoir,", "Ciao a tutti!", "Hoi allemaal,"])
@pytest.mark.parametrize("closing", [
    "Thanks!\nAlice", "¡Gracias!\nLucía", "Mit freundlichen Grüßen\nAlice Beispiel", "Beste Grüße\nB", "Merci !\nJean",
    "Grazie mille,\nMario", "Met vriendelijke groet,\nJan", "Saludos cordiales\nLucía", "Un abrazo,\nLucía",
    "Bonne journée\nJean", "Cheers 🙂\nAl",
])
def test_greetings_and_closings_around_the_commands_are_not_read(opening, closing):
    from pbem.email.parsing import command_lines, latest_reply

    assert command_lines(latest_reply(f"{opening}\n\nbid 6\nclaim coins\n\n{closing}\n")) == ["bid 6", "claim coins"]


def test_an_empty_plain_part_falls_back_to_the_html_part(game, alice):
    from email.message import EmailMessage

    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = "alice@example.org", address_of(alice, game, 0), "Re: your move"
    m["Message-ID"] = "<empty.plain@client.example>"
    m.set_content("\n")
    m.add_alternative("<div>bid <b>6</b></div><blockquote>bid 3</blockquote>", subtype="html")
    row = deliver(m.as_bytes())
    assert row.status == "processed", reply_to(row).body_text
    assert Move.objects.get(game=game, seat=0).secret.content == {"type": "bid", "amount": 6}
