"""Mail in: commands run through the game services, answers say what happened."""


from notifications.models import InboundMessage, Notification
from pbem.models import Move
from tests.notifications import mails
from tests.notifications.conftest import address_of, deliver, last_mail, reply_to


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
    assert "No game here lets you take a move back" in reply_to(row).body_text
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
    assert "Seat" in Notification.objects.filter(recipient=bob, kind="your_move").order_by("-pk").first().body_text


def test_no_game_command_is_taken_for_a_greeting_a_closing_a_bullet_or_a_quote():
    """The reply filters know words of many languages: none of them may eat a
    command of a game (the examples every mail shows, and the bots' moves)."""
    from engines.registry import ENGINES
    from engines.rng import Rng
    from notifications.inbound import command_lines, latest_reply

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
