"""The notes of pbem.messages - what a push and a chat message say - per language: every
note rendered in every language, translated, plural-correct, under the one title rule; a
push in its recipient's language, a table channel's message in its creator's."""

import pytest
from django.conf import settings

from pbem.messages import NOTES, note_render
from pbem.messages.render import NOTE_TITLE_MAX, note_title

LANGUAGES = [code for code, _ in settings.LANGUAGES]
DATA = {
    "game": "Citadels #12",
    "prompt": "Choose a character.",
    "deadline": "2026-03-30T16:00:00+00:00",
    "zone": "Europe/Berlin",
    "hours": 5,
    "which": "reminder",
    "first": "The game is over.",
    "sender": "bob",
    "private": True,
    "text": "Shall we share?",
    "who": "<@123>",
}


@pytest.mark.parametrize("note", NOTES)
def test_every_note_in_every_language(note):
    english = note_render(note=note, data=DATA, language="en")
    assert english.title and english.body
    for code in LANGUAGES:
        text = note_render(note=note, data=DATA, language=code)
        assert "\n" not in text.title and len(text.title) <= NOTE_TITLE_MAX
        if code != "en" and note not in ("table_your_move", "table_game_over"):
            assert text.title != english.title or text.body != english.body, (code, note)
        if note in ("your_move", "reminder", "table_your_move"):
            assert "18:00 (Europe/Berlin)" in text.body, (code, text.body)  # 16:00 UTC, summer time in Berlin


@pytest.mark.parametrize(
    "code, one, many",
    [("en", "Due in about 1 hour.", "Due in about 5 hours."), ("de", "etwa 1 Stunde.", "etwa 5 Stunden."),
     ("it", "circa 1 ora.", "circa 5 ore."), ("fr", "environ 1 heure.", "environ 5 heures.")],
)  # fmt: skip
def test_the_reminder_counts_its_hours_in_the_readers_plural(code, one, many):
    assert one in note_render(note="reminder", data=DATA | {"hours": 1}, language=code).body
    assert many in note_render(note="reminder", data=DATA | {"hours": 5}, language=code).body


@pytest.mark.parametrize(
    "code, said",
    [("en", "<@123>, it's your move in Citadels #12 - deadline Mon 30 Mar 18:00 (Europe/Berlin)"),
     ("de", "<@123>, du bist am Zug in Citadels #12 – Frist Mo 30 Mär 18:00 (Europe/Berlin)")],
)  # fmt: skip
def test_a_table_channel_is_told_whose_move_it_is(code, said):
    assert note_render(note="table_your_move", data=DATA, language=code).body == said


def test_the_one_title_rule():
    assert note_title("  Your move\nin   Citadels  ") == "Your move in Citadels"
    long = note_title("x" * 300)
    assert len(long) == NOTE_TITLE_MAX and long.endswith("…")
    with pytest.raises(KeyError):
        note_render(note="no_such_note", data={}, language="en")


@pytest.mark.django_db
def test_a_push_is_in_its_recipients_language(started_game, alice, bob):
    from notifications.models import Notification
    from pbem.models import Profile
    from pbem.services.pushes import push_render

    Profile.objects.update_or_create(user=alice, defaults={"language": "it", "timezone": "Europe/Rome"})
    row = Notification.objects.filter(game=started_game, recipient=alice, kind="your_move").latest("pk")
    push = push_render(row)
    assert push["title"] == f"Tocca a te in sealedbid #{started_game.pk}", push
    assert "Scadenza:" in push["body"] and "(Europe/Rome)" in push["body"]
