"""Each mail goes in its recipient's language, whoever caused it: the two
players of one game, one German and one Italian, each read their mails (the
site's words and the engine's) in their own."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from engines.augsburg1520.choices import note_name
from notifications.models import Notification
from pbem import services
from pbem.models import Game, Profile
from tests.support.leaks import leaks_in, visible_text
from tests.support.rendered import rendered

pytestmark = pytest.mark.django_db


def _mail(game, user, kind="your_move"):
    return rendered(Notification.objects.filter(game=game, recipient=user, kind=kind).order_by("-pk").first())


def test_two_players_of_one_game_each_in_their_own_language(alice, bob):
    Profile.objects.update_or_create(user=alice, defaults={"language": "de"})
    Profile.objects.update_or_create(user=bob, defaults={"language": "it"})
    game = services.game_create(creator=alice, engine="augsburg1520", players=2, seed=3)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    german, italian = _mail(game, alice), _mail(game, bob)
    assert german is not None and italian is not None
    assert "du bist am Zug" in german.subject and "Frist:" in german.body_text
    assert "tocca a te" in italian.subject and "Scadenza:" in italian.body_text
    # what is asked is named in the reader's words, not the kind the service stores ("buy debt notes")
    assert "Schuldscheine kaufen" in german.subject and "comprare pagherò" in italian.subject, (german.subject, italian.subject)
    assert "buy debt notes" not in german.subject + italian.subject
    # the engine's own texts too: the situation and the commands in each reader's words
    assert "Schuldschein" in german.body_text or "Adlige" in german.body_text, german.body_text
    assert "pagher" in italian.body_text or "nobil" in italian.body_text.lower(), italian.body_text
    for mail, code in ((german, "de"), (italian, "it")):
        found = leaks_in(mail.subject + "\n" + mail.body_text, code, allowed={"alice", "bob"})
        assert not found, (code, str(found), mail.body_text)



def test_ones_own_sealed_answer_and_the_resolution_in_each_readers_words(alice, bob):
    """Augsburg's first decision (buying debt notes) is sealed: each player's page says
    their own answer back, and their resolution mail tells what happened and their answer,
    in their language and with the notes as printed ("Maria 3"), never by id."""
    Profile.objects.update_or_create(user=alice, defaults={"language": "de"})
    Profile.objects.update_or_create(user=bob, defaults={"language": "it"})
    for user in (alice, bob):  # the resolution is mailed to players who get a mail for every move
        services.preference_set(user=user, mode="every_move")
    game = services.game_create(creator=alice, engine="augsburg1520", players=2, seed=3)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    game = Game.objects.get(pk=game.pk)
    for seat, user, code, heading in ((0, alice, "de", "Deine verdeckte Antwort"), (1, bob, "it", "La tua risposta segreta")):
        note = game.state["offers"][seat][0]
        services.move_submit(game_id=game.pk, seat=seat, action={"type": "buy", "cards": [note]}, source="api",
                             version=game.version)
        client = Client()
        client.force_login(user)
        page = client.get(f"/games/{game.pk}/").content.decode()
        own = page.split('id="sealed-own"')[1].split("</p>")[0]
        assert heading in own and note_name(note, code) in own and note not in own, own
        assert not leaks_in(visible_text(own), code), own
    services.game_advance(game_id=game.pk)
    for user, code, answer in ((alice, "de", "Deine Antwort:"), (bob, "it", "La tua risposta:")):
        mail = _mail(game, user, kind="resolution")
        assert mail is not None and answer in mail.body_text, mail
        # the commitment's formula names the JSON fields as they are
        found = leaks_in(mail.subject + "\n" + mail.body_text, code, allowed={"alice", "bob", "{action, game, salt, seat, version}"})
        assert not found, (code, str(found), mail.body_text)
        line = next(x for x in mail.body_text.splitlines() if x.startswith(answer))
        assert not re.search(r"[a-z]+-\d+", line), line  # "Maria 3", not "maria-3"
