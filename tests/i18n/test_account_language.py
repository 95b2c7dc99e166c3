"""Which language a reader gets: a visitor the browser's (or the switcher's),
a player the account's, chosen at sign-up from the browser and changed on the
profile page, through the API and by the switcher; dates in the player's
time zone and locale."""

from __future__ import annotations


import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from pbem import selectors
from pbem.models import Profile

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("accept", "words"),
    [
        ("de-DE,de;q=0.9,en;q=0.5", "langsam gespielt"),
        ("it-IT,it;q=0.9", "giocati con calma"),
        ("fr-CH,fr;q=0.8", "joués lentement"),
        ("en-GB", "played slowly"),
        ("pt-BR", "played slowly"),  # no Portuguese catalog: the site's default
    ],
)
def test_a_visitor_reads_the_browsers_language(accept, words):
    page = Client(HTTP_ACCEPT_LANGUAGE=accept).get("/")
    assert page.status_code == 200
    assert words in page.content.decode()


def test_the_switcher_keeps_a_visitors_choice_over_the_browser():
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    answer = client.post("/language/", {"language": "it", "next": "/lobby/"})
    assert answer.status_code == 302 and answer["Location"] == "/lobby/"
    page = client.get("/lobby/")
    assert "Partite aperte" in page.content.decode()
    assert page["Content-Language"] == "it"


def test_sign_up_takes_the_browsers_language():
    client = Client(HTTP_ACCEPT_LANGUAGE="it-IT,it;q=0.9,en;q=0.5")
    answer = client.post(
        "/accounts/signup/",
        {"email": "gianna@example.org", "username": "gianna", "password1": "Sette-Mari-77", "password2": "Sette-Mari-77"},
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    user = Profile.objects.get(user__username="gianna").user
    assert selectors.language_of(user=user) == "it"
    # allauth's confirmation mail is in Italian too
    assert "gianna@example.org" in mail.outbox[-1].to and "conferma" in mail.outbox[-1].body.lower()


def _logged_in(user, accept="en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=accept)
    client.force_login(user)
    return client


def test_a_player_reads_the_accounts_language_whatever_the_browser_says(alice):
    Profile.objects.create(user=alice, language="fr")
    page = _logged_in(alice, accept="de").get("/profile/")
    assert "Réglages" in page.content.decode() and page["Content-Language"] == "fr"


def test_the_profile_page_changes_the_language(alice):
    client = _logged_in(alice, accept="en")
    answer = client.post(
        "/profile/", {"what": "settings", "language": "de", "timezone": "Europe/Berlin", "mail": "digest"}, follow=True
    )
    assert selectors.language_of(user=alice) == "de"
    assert "Deine Einstellungen sind gespeichert." in answer.content.decode()
    bad = client.post("/profile/", {"what": "settings", "language": "xx", "timezone": "Mars/Olympus", "mail": "digest"})
    text = bad.content.decode()
    assert "ist keine Zeitzone" in text, text[text.find("errorlist") - 300:][:1500]
    assert "Bitte eine gültige Auswahl treffen" in text  # Django's own message, in German
    assert selectors.language_of(user=alice) == "de"


def test_the_switcher_of_a_player_changes_the_account(alice):
    _logged_in(alice).post("/language/", {"language": "it", "next": "/"})
    assert selectors.language_of(user=alice) == "it"


def test_the_api_reads_and_changes_the_language_and_answers_errors_in_it(alice):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    assert api.get("/api/me/").json()["language"] == "en"
    answer = api.patch("/api/me/", {"language": "de"}, format="json")
    assert answer.status_code == 200 and answer.json()["language"] == "de"
    assert selectors.language_of(user=alice) == "de"
    bad = api.patch("/api/me/", {"language": "klingon"}, format="json")
    assert bad.status_code == 400
    assert "ist keine gültige Option" in str(bad.json()), bad.json()  # DRF's own message, in the player's German
    missing = api.get("/api/games/999999/")
    assert missing.status_code == 404 and missing["Content-Language"] == "de"


def test_an_anonymous_api_error_is_in_the_browsers_language():
    answer = APIClient(HTTP_ACCEPT_LANGUAGE="fr").get("/api/me/")
    assert answer.status_code == 401
    assert answer.json()["detail"] == "Informations d'authentification non fournies."  # DRF's own catalog


def test_dates_in_the_players_time_zone_and_locale(alice):
    from pbem.web.templatetags.pbem_i18n import when
    from django.utils import translation

    Profile.objects.create(user=alice, language="de", timezone="Europe/Berlin")
    moment = timezone.now().replace(year=2026, month=11, day=25, hour=20, minute=0, second=0, microsecond=0)
    from pbem.reader import reader_activate

    try:
        reader_activate(user=alice)
        text = when(moment)
    finally:
        timezone.deactivate()
        translation.activate("en")
    assert text == "25. November 2026 21:00 (Europe/Berlin)", text


def test_an_empty_patch_of_me_changes_nothing(api, alice):
    """PATCH makes every field optional, as the schema says: an empty body is
    no error and keeps the language."""
    assert api(alice).patch("/api/me/", {"language": "it"}, format="json").status_code == 200
    response = api(alice).patch("/api/me/", {}, format="json")
    assert response.status_code == 200 and response.json()["language"] == "it"
