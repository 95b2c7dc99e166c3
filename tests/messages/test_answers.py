"""The answers to mails are templates of pbem.messages (issue 22): every
command's answer, refusal, the throttle answer, the help and the report of
skipped lines is a part (plain data) that ``messages/answer/<name>.txt`` writes
when the answer is delivered, in the language the mail was read in. No
database: rendered from data as an outbox row stores it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pbem.email.answers import part
from pbem.messages import mail_render, text_render
from pbem.messages.render import TEMPLATES

AT = "2025-05-07T09:00:00+00:00"
COMMANDS = [{"example": "bid 3", "label": "Bid coins"}]
STATUS = part("status", game_id=7, engine="citadels", engine_title="Citadels", status="active", version=4,
              render="You hold 2 gold.", asked={"prompt": "Bid.", "sealed_in": True, "deadline": AT, "commands": COMMANDS})
HELP = part("help", commands="  help                 this text", orders="  undo", ladders="  seek <ladder>")
WHY = part("why", why="sentence_or_greeting")
SKIPPED = [{"line": "Hallo,", "why": part("why", why="greeting"), "kind": "greeting"}, {"line": "so?", "why": WHY, "kind": "text"}]
DONE = [{"line": "bid 3", "said": part("moves", results=[{"sealed": False, "commitment": ""}])},
        {"line": "standing", "said": part("standing", mine=["take gold"], offered=[])}]

# One example of each part, as the mail channel gives it.
EXAMPLES = {
    "failure": part("failure"),
    "throttled": part("throttled", limit=20, minutes=10, until="09:10"),
    "not_seated": part("not_seated"),
    "wrong_game": part("wrong_game", answered=6, game_id=7),
    "too_many": part("too_many", count=120, max=100),
    "stale": part("stale", shown=3, now=4, changed=["Seat 2 took gold."], status=STATUS),
    "_done_lines": part("_done_lines", done=DONE),
    "_skipped": part("_skipped", skipped=SKIPPED),
    "done": part("done", done=DONE, skipped=SKIPPED, meant=True, status=STATUS),
    "refused": part("refused", done=DONE, line="bid 99", error="You have 5 coins.", allowed=part("inactive", status="finished"),
                    rest=["bid 4"], skipped=SKIPPED),
    "no_commands": part("no_commands", skipped=SKIPPED, error="", help=HELP),
    "why": WHY,
    "text": part("text", text="Nothing to take."),
    "help": HELP | {"in_game": True, "now": COMMANDS},
    "status": STATUS,
    "games": part("games", rows=[{"game_id": 7, "engine": "citadels", "seat": 1, "waiting": "bid", "status": "active",
                                  "address": "g7@pbem.example"}, {"game_id": 8, "engine": "fugger", "seat": 2, "waiting": "",
                                                                   "status": "finished", "address": "g8@pbem.example"}]),
    "joined": part("joined", seat=2, game_id=7, address="g7@pbem.example"),
    "board_image": part("board_image", on=True),
    "mail_mode": part("mail_mode", mode="digest"),
    "language": part("language"),
    "resigned": part("resigned", game_id=7),
    "vacation": part("vacation", days=5, until=AT, moved=2, left=10, allowance=15),
    "moves": part("moves", results=[{"sealed": True, "commitment": "ab12"}, {"sealed": False, "commitment": ""}]),
    "inactive": part("inactive", status="finished"),
    "seeking": part("seeking", name="Citadels 4p"),
    "challenge_declined": part("challenge_declined", number=12),
    "challenge_accepted": part("challenge_accepted", number=12, game_id=7),
    "undone": part("undone"),
    "orders": part("orders", kept="pick king / merchant"),
    "standing": part("standing", mine=["take gold"], offered=[{"example": "take gold", "label": "Take gold"}]),
}


def answer(parts, language="en", subject="Re: your move"):
    data = json.loads(json.dumps({"subject": subject, "parts": parts, "language": language}))  # as a row stores it
    return mail_render(message="answer", data=data, language=language)


def test_every_part_of_an_answer_has_an_example_here():
    assert set(EXAMPLES) == {p.stem for p in (Path(TEMPLATES) / "messages" / "answer").glob("*.txt")}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_part_is_written_in_every_language_from_its_data(name):
    texts = {code: answer([EXAMPLES[name]], code).text for code in ("en", "de", "it", "fr")}
    for code, text in texts.items():
        assert text.strip() and "{{" not in text and "{%" not in text and "\x1e" not in text, (code, text)
    if name != "text":  # a text the game wrote is the game's, in the reader's language already
        assert texts["de"] != texts["en"] and texts["it"] != texts["en"] and texts["fr"] != texts["en"], texts


def test_an_answer_reads_as_the_mail_channel_wrote_it():
    text = answer([EXAMPLES["done"]]).text
    assert text.startswith("Run:\n  bid 3: accepted\n  standing:\n    Your standing orders:\n      1. take gold\n"), text
    assert "Not read as commands:\n  'Hallo,': a greeting\n  'so?': it reads as a sentence or a greeting, not as a command" in text
    assert "If you meant one of these lines as a command" in text
    assert "The situation now:\n\nGame #7, Citadels, active, version 4.\n\nYou hold 2 gold." in text
    assert "Asked of you: Bid. (your sealed answer is in; you may replace it)\nDeadline: Wednesday 2025-05-07 09:00 (UTC)" in text
    refused = answer([EXAMPLES["refused"]]).text
    assert refused.startswith("These commands were done and stay done:\n  bid 3: accepted") and refused.endswith(
        "Write `help` for every command.")
    assert "This command was refused:\n  bid 99\nYou have 5 coins.\n\nThis game is finished: no moves are taken." in refused
    assert "Nothing was changed." not in refused  # something was done


@pytest.mark.parametrize("data,one,many", [
    ({"days": 1, "moved": 1}, "Your vacation of 1 day is taken", "1 deadline moved."),
    ({"days": 5, "moved": 2}, "Your vacation of 5 days is taken", "2 deadlines moved."),
])
def test_counts_in_answers_take_their_plural_form(data, one, many):
    text = text_render("answer/vacation", EXAMPLES["vacation"] | data | {"zone": "UTC"}, language="en")
    assert one in text and many in text, text
    assert "1 standing order withdrawn." == text_render("answer/standing", part("standing", withdrawn_all=1), language="en")
    assert "3 standing orders withdrawn." == text_render("answer/standing", part("standing", withdrawn_all=3), language="en")
    vacation = EXAMPLES["vacation"] | {"zone": "UTC"}
    assert "1 of your 15 vacation days is left this year." in text_render("answer/vacation", vacation | {"left": 1}, language="en")
    assert "10 of your 15 vacation days are left this year." in text_render("answer/vacation", vacation, language="en")
    assert "Dieses Jahr bleibt dir 1 von 15" in text_render("answer/vacation", vacation | {"left": 1}, language="de")
    assert "? of your ? vacation days are left" in text_render("answer/vacation", vacation | {"left": "?", "allowance": "?"}, language="en")
    throttled = EXAMPLES["throttled"]
    assert "within 1 minute," in text_render("answer/throttled", throttled | {"minutes": 1}, language="en")
    assert "within 10 minutes," in text_render("answer/throttled", throttled, language="en")
    assert "in 1 minuto," in text_render("answer/throttled", throttled | {"minutes": 1}, language="it")
    assert "1 Frist verschoben." in text_render("answer/vacation", EXAMPLES["vacation"] | {"moved": 1}, language="de")


def test_the_answer_keeps_the_subject_it_answers_or_says_what_it_answers():
    assert answer([part("failure")]).subject == "Re: your move"
    assert answer([part("failure")], subject="").subject == "Re: your mail to pbem"
    assert answer([part("failure")], "de", subject="").subject != "Re: your mail to pbem"


def test_an_answer_written_before_the_parts_still_reads_as_written():
    """A row queued before this layout held its text: it is sent as it was."""
    mail = mail_render(message="answer", data={"subject": "Re: x", "text": "Done:\n  bid 3: accepted"}, language="en")
    assert mail.text == "Done:\n  bid 3: accepted" and mail.subject == "Re: x"
