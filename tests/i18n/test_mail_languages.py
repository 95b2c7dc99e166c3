"""Each mail goes in its recipient's language, whoever caused it: the two
players of one game, one German and one Italian, each read their mails (the
site's words and the engine's) in their own."""

from __future__ import annotations

import pytest

from notifications.models import Notification
from pbem import services
from pbem.models import Profile
from tests.support.rendered import rendered
from tests.web.test_languages import english_fragments

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
        text = " ".join((mail.subject + " " + mail.body_text).split())
        assert not [f for f in english_fragments(code) if f in text], (code, mail.body_text)
