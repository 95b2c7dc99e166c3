"""pbem.messages: every message rendered from plain data (JSON, as an outbox
row stores it) in plain text and HTML, the one subject rule, plural forms, and
the texts in the reader's language. No database: messages never query."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from engines import registry
from pbem.messages import MESSAGES, mail_render, subject_line, text_render
from pbem.messages.render import game_tag

AT = "2025-05-07T09:00:00+00:00"
LINKS = {"game": "https://pbem.example/games/7/", "api": "https://pbem.example/api/games/7/", "settings": "https://pbem.example/profile/"}


def situation(slug="citadels", seat=0, players=4):
    """A seat's situation as a step stores it: the engine's text and the seat's view."""
    engine = registry.get(slug)
    state = engine.setup(players, 3)
    return {"engine": slug, "seat": seat, "text": engine.render(state, seat), "view": engine.view(state, seat),
            "names": [f"p{i}" for i in range(players)]}


GAME = {"tag": game_tag(7, "citadels")}
LADDER = {"name": "Citadels 4p", "slug": "citadels-4p"}
TOURNAMENT = {"name": "Autumn Cup", "slug": "autumn"}
STANDING = {"place": 1, "player": "ann", "points": 1, "opponents_points": 2.5, "score_ratio": 0.5, "final_place": None, "withdrawn": False}

# One example of the data of every message, as the step (or the delivery) gives it.
DATA = {
    "your_move": GAME | {"kind": "bid", "prompt": "Bid for the prize.", "sealed": True, "deadline": AT, "zone": "Europe/Berlin",
                         "digest": ["Seat 2 took gold."], "talk": [{"sender": "bob", "to_you": False, "at": AT, "text": "Hi <all>"}],
                         "talk_full": False, "situation": situation(), "commands": [{"example": "bid 3", "label": "Bid coins"}]},
    "reminder": GAME | {"which": "last_call", "kind": "bid", "prompt": "Bid for the prize.", "deadline": AT, "hours": 1,
                        "policy": "bot", "situation": situation(), "commands": [{"example": "bid 3", "label": "Bid coins"}]},
    "resolution": GAME | {"version": 4, "told": ["Seat 1 wins the prize."], "own": '{"amount":1,"type":"bid"}',
                          "commitments": [{"seat": 1, "commitment": "ab" * 32}], "formula": "sha256(...)", "situation": situation()},
    "game_over": GAME | {"standings": [{"rank": 1, "name": "ann", "score": 30}, {"rank": 2, "name": "bob", "score": 21}]},
    "timeout_other": GAME | {"engine": "citadels", "name": "bob", "seat": 2, "kind": "play the King", "when": AT, "done": "default"},
    "timeout_you": GAME | {"engine": "citadels", "name": "bob", "seat": 2, "kind": "play the King", "when": None, "done": "bot_takeover"},
    "resign_other": GAME | {"name": "bob", "seat": 2, "done": "resign_end"},
    "seat_new": GAME | {"seat": 2, "game": 7, "old": "bob", "asked": False},
    "seat_old": GAME | {"seat": 2, "game": 7, "new": "carol"},
    "invitation": GAME | {"inviter": "ann", "title": "Citadels", "players": 4, "game": 7, "code": "Ab3dE7fG",
                          "game_url": LINKS["game"], "join_url": "https://pbem.example/join/Ab3dE7fG/", "account": "dora",
                          "password_url": "https://pbem.example/accounts/password/set/x/y/", "days": 1},
    "answer": {"subject": "Re: your move", "text": "Done:\n  bid 3: accepted"},
    "ladder_match": {"tag": "citadels-4p", "site": "https://pbem.example", "ladder": LADDER, "game": 7, "seat": 2,
                     "table": [{"seat": 1, "name": "ann", "ordinal": 1.5}, {"seat": 2, "name": "bob", "ordinal": 0.0}]},
    "ladder_result": {"tag": "citadels-4p", "site": "https://pbem.example", "ladder": LADDER, "game": 7,
                      "table": [{"name": "ann", "place": 1, "before": 0.0, "after": 1.25}]},
    "challenge": {"tag": "citadels-4p", "site": "https://pbem.example", "challenge": 12, "challenger": "ann", "ladder": LADDER,
                  "others": ["carol"], "expires": AT, "zone": "UTC"},
    "challenge_decided": {"tag": "citadels-4p", "site": "https://pbem.example", "challenge": 12, "status": "declined",
                          "game": None, "ladder": LADDER, "by": "carol"},
    "round_started": {"tag": "autumn", "site": "https://pbem.example", "tournament": TOURNAMENT, "round": {"number": 2, "final": True},
                      "bye": False, "table": 3, "game": 7, "others": ["bob", "carol"], "deadline": AT, "zone": "UTC"},
    "standings": {"tag": "autumn", "site": "https://pbem.example", "tournament": TOURNAMENT, "round": 2, "final": False,
                  "lines": [STANDING], "you": "ann"},
    "tournament_cancelled": {"tag": "autumn", "site": "https://pbem.example", "tournament": TOURNAMENT, "count": 1},
    "orders_played": GAME | {"played": "bid 3", "sealed": True, "none_playable": False, "dropped": ["always pass"]},
    "move_taken_back": GAME | {"name": "bob", "never_mind": True},
}

# What each says, in part (the whole of it is its template).
SAYS = {
    "your_move": ["Bid for the prize.\nThis is a sealed decision", "Deadline: Wednesday 2025-05-07 11:00 (Europe/Berlin)",
                  "Since you last acted:\n  - Seat 2 took gold.", "bob (to the table, Wed 7 May 11:00): Hi <all>",
                  "  bid 3                            Bid coins", "Other commands: status"],
    "reminder": ["Last call: your answer to 'bid' is due in about 1 hour.\nBid for the prize.",
                 "If no answer comes by then: a bot plays that one decision.\nGoing away?"],
    "resolution": ["The sealed decision at version 4 is resolved.\nWhat happened:\n  - Seat 1 wins the prize.",
                   'Your answer: {"amount":1,"type":"bid"}', "  seat 1: " + "ab" * 32],
    "game_over": ["The game is over. Final standings:\n  1. ann: 30\n  2. bob: 21"],
    "timeout_other": ["bob (seat 2) did not answer 'play the King' by Wednesday 2025-05-07 09:00 (UTC). The game made its default choice for bob (seat 2)."],
    "timeout_you": ["You did not answer 'play the King' by the deadline. A bot plays your seat for the rest of the game."],
    "resign_other": ["bob (seat 2) resigned, and the game ends here."],
    "seat_new": ["An operator gave you seat 2 of game #7, which bob played. Nothing is asked of you now"],
    "seat_old": ["An operator gave seat 2 of game #7, which you played, to carol."],
    "invitation": ["ann invites you to play Citadels (4 players), game #7.", "  join Ab3dE7fG", "(the link is valid for 1 day):"],
    "answer": ["Done:\n  bid 3: accepted"],
    "ladder_match": ["game #7, you play seat 2.", "  seat 1: ann (rating 1.50)\n  seat 2: bob (rating 0.00)", "`seek citadels-4p`"],
    "ladder_result": ["  1. ann: 0.00 -> 1.25"],
    "challenge": ["ann challenges you to a game of the ladder Citadels 4p, at a table with carol.", "  accept 12\n  decline 12",
                  "expires Wednesday 2025-05-07 09:00 (UTC)."],
    "challenge_decided": ["carol declined challenge 12 of the ladder Citadels 4p, so no game is made."],
    "round_started": ["Round 2 (the final table) of Autumn Cup starts. Your table 3 is game #7, with bob, carol."],
    "standings": ["Round 2 of Autumn Cup is over. The standings:", "  1. ann (you): 1 point, opponents' points 2.50, score ratio 0.500"],
    "tournament_cancelled": ["Autumn Cup is cancelled: only 1 player had registered"],
    "orders_played": ["Played for you from your orders: `bid 3` (sealed: nobody sees it until everyone has answered).\n"
                      "Your standing order `always pass` can no longer apply and is dropped."],
    "move_taken_back": ["bob took back their last move; the game is back where it was before it.\nNever mind the mail"],
}
SUBJECTS = {
    "your_move": "[pbem #7 Citadels] your move: bid", "reminder": "[pbem #7 Citadels] last call: bid",
    "resolution": "[pbem #7 Citadels] sealed answers revealed", "game_over": "[pbem #7 Citadels] game over",
    "timeout_other": "[pbem #7 Citadels] seat 2 ran out of time", "timeout_you": "[pbem #7 Citadels] your time ran out",
    "resign_other": "[pbem #7 Citadels] seat 2 resigned", "seat_new": "[pbem #7 Citadels] you now play seat 2",
    "seat_old": "[pbem #7 Citadels] seat 2 has a new player", "invitation": "[pbem #7 Citadels] ann invites you to Citadels",
    "answer": "Re: your move", "ladder_match": "[pbem citadels-4p] your table: game #7",
    "ladder_result": "[pbem citadels-4p] result of game #7", "challenge": "[pbem citadels-4p] ann challenges you",
    "challenge_decided": "[pbem citadels-4p] challenge 12 declined", "round_started": "[pbem autumn] round 2 (final) starts",
    "standings": "[pbem autumn] results after round 2", "tournament_cancelled": "[pbem autumn] cancelled",
    "orders_played": "[pbem #7 Citadels] orders", "move_taken_back": "[pbem #7 Citadels] a move taken back",
}


def test_every_message_has_an_example_here():
    assert set(DATA) == set(MESSAGES) == set(SAYS) == set(SUBJECTS)


@pytest.mark.parametrize("message", MESSAGES)
def test_each_message_renders_from_its_stored_data_in_plain_text_and_html(message):
    data = json.loads(json.dumps(DATA[message]))  # exactly what a row's JSON gives back
    mail = mail_render(message=message, data=data, language="en", links=LINKS)
    assert mail.subject == SUBJECTS[message]
    for part in SAYS[message]:
        assert part in mail.text, (part, mail.text)
    assert "\n\n\n" not in mail.text and mail.text == mail.text.strip()
    assert "{{" not in mail.text and "{%" not in mail.text and "&#x27;" not in mail.text and "&lt;" not in mail.text
    # the footer, after the signature mark, so a quoting reply never runs it
    assert mail.text.endswith("or reply `notify every`, `notify digest` or `notify off`.") and "\n-- \n" in mail.text
    assert mail.html.startswith("<!DOCTYPE html>") and '<html lang="en">' in mail.html
    assert "Reply to this mail with your commands" in mail.html and "<script" not in mail.html


def test_the_html_part_escapes_what_players_wrote_and_draws_the_seats_situation():
    mail = mail_render(message="your_move", data=DATA["your_move"], language="en", links=LINKS)
    assert "Hi &lt;all&gt;" in mail.html and "Hi <all>" not in mail.html
    # the engine's written situation is replaced by the board's HTML (and the picture's reference)
    assert DATA["your_move"]["situation"]["text"] in mail.text and DATA["your_move"]["situation"]["text"] not in mail.html
    assert "cid:board@pbem" in mail.html and "<table" in mail.html and mail.svg.startswith("<svg")
    without = mail_render(message="your_move", data=DATA["your_move"] | {"board_image": False}, language="en", links=LINKS)
    assert without.svg == "" and "cid:" not in without.html and "<table" in without.html


@pytest.mark.parametrize("language,tag", [("de", "#7 Ohne Furcht und Adel"), ("fr", "#7 Citadelles"), ("it", "#7 Citadels")])
def test_a_games_thread_tag_names_the_game_as_published_for_the_reader(language, tag):
    """The row stores ``#7 citadels``; the subject is written at delivery with the title of the reader's edition."""
    mail = mail_render(message="your_move", data=DATA["your_move"], language=language, links=LINKS)
    assert mail.subject.startswith(f"[pbem {tag}] ") and "citadels" not in mail.subject
    staufer = mail_render(message="game_over", data=DATA["game_over"] | {"tag": "#9 staufer"}, language=language, links=LINKS)
    assert "staufer]" not in staufer.subject and "Staufer]" in staufer.subject


def test_the_table_talk_in_a_mail_is_timed_in_the_readers_zone():
    mail = mail_render(message="your_move", data=DATA["your_move"] | {"zone": "Europe/Berlin"}, language="de", links=LINKS)
    assert "bob (an den Tisch, Mi 7 Mai 11:00): Hi <all>" in mail.text and "UTC" not in mail.text, mail.text


def test_the_one_subject_rule():
    assert subject_line(tag="#7 citadels", what="your move: bid") == "[pbem #7 citadels] your move: bid"
    assert subject_line(tag="autumn", what=" round 2\n starts ") == "[pbem autumn] round 2 starts"  # one line
    assert subject_line(tag=None, what="Re: bid 3") == "Re: bid 3"  # an answer keeps the subject it answers
    assert len(subject_line(tag="#7 citadels", what="x" * 400)) == 250


@pytest.mark.parametrize(
    "message,data,one,many",
    [
        ("reminder", {"hours": 1}, "due in about 1 hour.", "due in about 5 hours."),
        ("invitation", {"days": 1}, "(the link is valid for 1 day):", "(the link is valid for 5 days):"),
        ("invitation", {"players": 1}, "(1 player), game #7.", "(5 players), game #7."),
        ("tournament_cancelled", {"count": 1}, "only 1 player had", "only 5 players had"),
        ("standings", {"lines": [STANDING]}, "ann (you): 1 point,", "ann (you): 5 points,"),
    ],
)
def test_counts_take_their_plural_form(message, data, one, many):
    def text(n):
        given = {k: ([STANDING | {"points": n}] if k == "lines" else n) for k in data}
        # without the engine's text of the situation: that is the engine's own
        return mail_render(message=message, data=DATA[message] | given | {"situation": {}}, language="en", links={}).text

    assert one in text(1) and many in text(5)
    assert "(s)" not in text(1) + text(5)


def test_the_footer_says_how_long_a_password_link_lasts_in_the_plural_it_needs(settings):
    links = LINKS | {"password": "https://pbem.example/accounts/password/set/x/y/"}
    settings.PASSWORD_RESET_TIMEOUT = 86400
    assert "(link valid for 1 day)" in mail_render(message="answer", data=DATA["answer"], language="en", links=links).text
    settings.PASSWORD_RESET_TIMEOUT = 3 * 86400
    assert "(link valid for 3 days)" in mail_render(message="answer", data=DATA["answer"], language="en", links=links).text


def test_a_message_is_rendered_in_the_readers_language_and_leaves_the_callers_alone():
    """The reader's language decides the words Django translates (the weekday
    of a deadline here; the project's own catalogs come with issue 23), and
    the language around the call is left as it was."""
    with translation.override("en"):
        german = mail_render(message="your_move", data=DATA["your_move"], language="de", links=LINKS)
        assert translation.get_language() == "en"
    assert "Mittwoch 2025-05-07 11:00 (Europe/Berlin)" in german.text and '<html lang="de">' in german.html
    assert "Wednesday" in mail_render(message="your_move", data=DATA["your_move"], language="en", links=LINKS).text


def test_parts_of_answers_are_rendered_from_the_same_templates():
    assert text_render("_deadline", {"deadline": AT, "zone": "UTC"}, language="en") == "Deadline: Wednesday 2025-05-07 09:00 (UTC)"
    assert text_render("_deadline", {"deadline": None, "zone": "UTC"}, language="en") == ""
    assert text_render("_commands", {"commands": []}, language="en") == ""


def test_an_unknown_message_is_refused():
    with pytest.raises(KeyError):
        mail_render(message="no_such", data={}, language="en")


@pytest.mark.parametrize("lang", ["de", "it", "fr"])
def test_a_timeout_names_the_decision_and_the_seat_in_the_readers_words(lang):
    """The note stores the engine, the stored (English) kind and the name; each
    reader gets the engine's own name of the decision and "seat" in their language."""
    from engines.citadels.i18n import CATALOG

    seat = {"de": "Platz", "it": "posto", "fr": "place"}[lang]
    kind = CATALOG.text(lang, "kind.play the King")
    assert kind != "play the King"
    other = mail_render(message="timeout_other", data=DATA["timeout_other"], language=lang, links=LINKS)
    you = mail_render(message="timeout_you", data=DATA["timeout_you"], language=lang, links=LINKS)
    gone = mail_render(message="resign_other", data=DATA["resign_other"], language=lang, links=LINKS)
    assert kind in other.text and f"bob ({seat} 2)" in other.text and "play the King" not in other.text, other.text
    assert kind in you.text and "play the King" not in you.text, you.text
    assert f"bob ({seat} 2)" in gone.text, gone.text


def test_a_timeout_note_stored_before_keeps_its_words():
    """Rows written before the notes stored names and engines say what they said."""
    old = GAME | {"who": "bob (seat 2)", "seat": 2, "kind": "bid", "when": AT, "done": "default"}
    mail = mail_render(message="timeout_other", data=old, language="en", links=LINKS)
    assert "bob (seat 2) did not answer 'bid' by Wednesday 2025-05-07 09:00 (UTC). The game made its default choice for bob (seat 2)." in mail.text


@pytest.mark.parametrize("lang,said", [("de", "nicht bis Mittwoch 2025-05-07 11:00 (Europe/Berlin) beantwortet"),
                                       ("it", "entro Mercoledì 2025-05-07 11:00 (Europe/Berlin)"),
                                       ("fr", "avant mercredi 2025-05-07 11:00 (Europe/Berlin)")])
def test_a_timeout_note_gives_the_deadline_in_the_readers_zone_and_words(lang, said):
    """The zone is the reader's, added at delivery (notification_render), as for every moment of a mail."""
    mail = mail_render(message="timeout_you", data=DATA["timeout_you"] | {"when": AT, "zone": "Europe/Berlin"}, language=lang, links=LINKS)
    assert said in mail.text and "UTC" not in mail.text, mail.text
