"""Whole games played by mail in the player's language: every command is
the engine's own sentence in that language (``engine.command(..., lang=)``),
every answer and every mail comes back in it. Bots hold the other seat;
two players, so the games stay short."""

from __future__ import annotations

import pytest

from engines.rng import Rng
from notifications.models import Notification
from pbem import services
from pbem.models import Game, PendingAction, Profile
from pbem.selectors import engine_get
from tests.email import mails
from tests.email.conftest import address_of, deliver, reply_to
from tests.support.leaks import leaks_in
from tests.support.rendered import rendered_all

pytestmark = pytest.mark.django_db

# the word each language's answers open with when every line was run
DONE = {"it": "Fatto:", "fr": "Fait :", "de": "Erledigt:"}


def _leaks(text: str, lang: str, game=None) -> str:
    """English and ids in a text for a reader of ``lang`` (tests/support/leaks.py); the subject's
    thread tag names the game by its title in the reader's edition ("#12 Ohne Furcht und Adel")."""
    return str(leaks_in(text, lang, allowed={"alice"}))


def play_by_mail(alice, engine_slug: str, lang: str, seed: int, max_mails: int = 600):
    Profile.objects.update_or_create(user=alice, defaults={"language": lang})
    game = services.game_create(creator=alice, engine=engine_slug, players=2, bots=1, seed=seed)
    services.game_start(game_id=game.pk, user=alice)
    engine = engine_get(engine_slug)
    sent = 0
    while True:
        services.game_advance(game_id=game.pk)
        game = Game.objects.get(pk=game.pk)
        if game.status == Game.Status.FINISHED:
            return game, sent
        mine = PendingAction.objects.filter(
            game=game, seat__index=0, version=game.version, closed_at__isnull=True, submitted_at__isnull=True
        ).exists()
        assert mine, f"version {game.version}: nobody to move"
        action = engine.bot(game.state, 0, Rng.from_seed(seed * 1000 + game.version))
        command = engine.command(game.state, 0, action, lang=lang)
        row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), command))
        sent += 1
        answer = reply_to(row).body_text
        assert answer.startswith(DONE[lang]), (command, answer)
        assert not _leaks(answer, lang, game), (command, _leaks(answer, lang, game), answer)
        assert sent <= max_mails, "the game does not end"


def check_mails_in(game, alice, lang: str):
    for note in rendered_all(Notification.objects.filter(game=game, recipient=alice).exclude(kind="reply")):  # as delivered
        text = note.subject + "\n" + note.body_text
        assert not _leaks(text, lang, game), (note.kind, _leaks(text, lang, game), note.body_text[:500])


@pytest.mark.parametrize(
    ("engine", "lang", "seed"),
    [
        ("augsburg1520", "it", 3),
        ("citadels", "it", 3),
        ("staufer", "it", 3),
        ("fugger", "it", 3),
        ("augsburg1520", "fr", 4),
        ("citadels", "de", 4),
    ],
)
def test_a_whole_game_by_mail_in_the_players_language(alice, engine, lang, seed, settings):
    settings.PBEM_INBOUND_LIMIT = 0  # a whole game's mails within minutes: no limit on them here
    game, sent = play_by_mail(alice, engine, lang, seed)
    assert game.outcome and sent > 3
    check_mails_in(game, alice, lang)
