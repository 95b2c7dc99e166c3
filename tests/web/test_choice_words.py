"""A player's move forms and board links are in the player's language, with
the game's own words (issues 23 and 28): the labels of the engine's choices
come through the page in German and Italian, on the buttons and on the
board's links alike."""

import re

import pytest
from django.test import Client

from pbem import services
from pbem.models import Profile
from tests.web.conftest import verified_player

pytestmark = pytest.mark.django_db


def _page(user, game) -> str:
    client = Client()
    client.force_login(user)
    r = client.get(f"/games/{game.pk}/")
    assert r.status_code == 200
    return r.content.decode()


def _offered(html: str) -> list[str]:
    """The labels of the page's play buttons and of the board's links."""
    buttons = re.findall(r'class="play"[^>]*>([^<]+)<', html)
    links = re.findall(r'<a [^>]*aria-label="([^"]+)"[^>]*role="button"', html)
    assert buttons and links
    return buttons + links


def test_a_german_and_an_italian_player_choose_their_character_in_their_words():
    anna, bruno = verified_player("anna"), verified_player("bruno")
    Profile.objects.update_or_create(user=anna, defaults={"language": "de"})
    Profile.objects.update_or_create(user=bruno, defaults={"language": "it"})
    game = services.game_create(creator=anna, engine="citadels", players=2, seed=3)
    services.game_join(game_id=game.pk, user=bruno)
    services.game_start(game_id=game.pk, user=anna)
    game.refresh_from_db()
    assert game.state["draft"]["pile"] and game.seats.get(player=anna).index == 0

    # anna (seat 1) chooses first: the German originals, on the buttons and on the board's links
    html = _page(anna, game)
    assert 'data-type="pick"' in html
    offered = _offered(html)
    assert "Den König (4) wählen: nimmt beim Aufdecken die Krone und wählt nächste Runde als Erster; " \
           "1 Gold je gelbem Gebäude." in offered
    assert all(label.startswith("Den ") and " wählen: " in label for label in offered), offered

    services.move_submit(game_id=game.pk, seat=0, action={"type": "pick", "character": "king"}, source="web")
    services.game_advance(game_id=game.pk)
    game.refresh_from_db()
    # bruno chooses (or sets aside) from what is left, in the Italian rulebook's names
    html = _page(bruno, game)
    offered = _offered(html)
    assert any(label.startswith(("Scegliere: Mercante (6): ", "Mettere da parte coperto: Mercante (6): ")) for label in offered)
    assert all(label.startswith(("Scegliere: ", "Mettere da parte coperto: ")) for label in offered), offered
    assert not any("Re (4)" in label for label in offered)  # anna has the King
