"""Mail commands in every language's words, whatever the player's own
language: `hilfe`, `aiuto`, `aide` are `help`; `sprache deutsch` sets the
account's language and the answer comes in it."""

from __future__ import annotations

import pytest

from engines import registry
from engines.rng import Rng
from pbem import command_words as cw
from pbem import selectors
from pbem.languages import language_codes
from pbem.models import Profile
from tests.email import mails
from tests.email.conftest import address_of, deliver, reply_to


@pytest.mark.parametrize(
    ("line", "english"),
    [
        ("Hilfe", "help"), ("aiuto", "help"), ("aide:", "help"),
        ("ÉTAT", "status"), ("etat", "status"), ("stato", "status"), ("Stand", "status"),
        ("partite", "games"), ("Spiele", "games"), ("parties", "games"),
        ("urlaub 5", "vacation 5"), ("vacanza 3", "vacation 3"), ("vacances 2", "vacation 2"),
        ("beitreten Ab3dE7fG", "join Ab3dE7fG"),  # the code keeps its letters
        ("notifiche riepilogo", "notify digest"), ("avis chaque", "notify every"),
        ("Benachrichtigung Spielplan aus", "notify board off"),
        ("accetta sfida 12", "accept challenge 12"), ("refuser défi 3", "decline challenge 3"),
        ("cerca augsburg-4p", "seek augsburg-4p"), ("abbandona", "resign"), ("annuler", "undo"),
        ("lingua italiano", "language italiano"),
        # withdrawing orders given in advance, in every language's words
        ("dann aus", "then off"), ("Dann zurückziehen", "then off"), ("poi ritira", "then off"), ("puis retirer", "then off"),
        ("dauerauftrag aus 2", "standing off 2"), ("Dauerauftrag aus alle", "standing off all"),
        ("permanente ritira tutti", "standing off all"), ("permanent retirer tous", "standing off all"),
        ("standing withdraw all", "standing off all"),
        # the rest of any other such line is the game's, as written
        ("dann erhöhe 4", "then erhöhe 4"), ("poi keine", "then off"), ("dauerauftrag limit maria 3", "standing limit maria 3"),
    ],
)
def test_command_words_of_every_language(line, english):
    assert cw.canonical(line) == english


def test_a_line_that_is_no_command_goes_to_the_game_unchanged():
    assert cw.canonical("Offro 2 carte per Maria") is None
    assert cw.canonical("bid 4") is None


def test_every_command_has_words_in_every_language():
    for command, by_language in cw.COMMANDS.items():
        assert set(by_language) >= set(language_codes()), command


def test_no_command_word_is_an_action_word_of_a_game():
    """A game's action that began with a command word would be read as the
    command; only accept/decline are shared (in a game's thread they are the
    game's, `accept challenge 12` is the ladder's)."""
    clash = set()
    for slug, engine in registry.ENGINES.items():
        state, rng = engine.setup(engine.min_players, 3), Rng.from_seed(5)
        for _step in range(40):
            decisions = engine.decisions(state)
            if not decisions:
                break
            for lang in language_codes():
                for d in decisions:
                    for spec in engine.actions(state, d["seat"], lang=lang):
                        word = cw.fold(spec["example"].split()[0]) if spec["example"] else ""
                        if cw.canonical(word) and cw.canonical(word) not in ("accept", "decline"):
                            clash.add((slug, lang, spec["example"]))
            acting = decisions if decisions[0]["sealed"] else decisions[:1]
            state = engine.apply(state, {d["seat"]: engine.bot(state, d["seat"], rng) for d in acting})["state"]
    assert not clash


@pytest.mark.django_db
def test_language_by_mail_sets_the_account_and_answers_in_it(game, alice):
    to = address_of(alice, game, 0)
    row = deliver(mails.plain("alice@example.org", to, "sprache deutsch"))
    assert selectors.language_of(user=alice) == "de"
    assert "Ab jetzt sind deine Seiten, Mails und Antworten auf Deutsch." in reply_to(row).body_text
    row = deliver(mails.plain("alice@example.org", to, "langue fr"))
    assert selectors.language_of(user=alice) == "fr"
    assert "Désormais, vos pages, vos e-mails et les réponses sont en français." in reply_to(row).body_text
    row = deliver(mails.plain("alice@example.org", to, "lingua klingon"))
    assert selectors.language_of(user=alice) == "fr"
    assert "n'est pas une langue de ce site" in reply_to(row).body_text  # refused, in her French


@pytest.mark.django_db
def test_commands_in_another_language_than_the_players_own(game, alice):
    Profile.objects.update_or_create(user=alice, defaults={"language": "it"})
    to = address_of(alice, game, 0)
    row = deliver(mails.plain("alice@example.org", to, "Spiele\nurlaub 2"))  # German words, an Italian player
    assert row.status == "processed", reply_to(row).body_text
    text = reply_to(row).body_text
    assert f"#{game.pk}" in text
    assert alice.vacations.count() == 1


@pytest.mark.parametrize("code", ["de", "it", "fr"])
def test_help_shows_each_command_in_words_that_work_in_that_language(code):
    """The help's usages are translated into words the mail channel reads:
    each translated usage starts with a word meaning the English one."""
    from django.utils import translation

    from pbem.email import orders
    from pbem.email.commands import COMMANDS
    from pbem.email import ladder_commands as ladder

    rows = [*COMMANDS, *orders.USAGE, *ladder.USAGE]
    with translation.override("en"):
        english = [str(usage).split()[0] for usage, _what in rows]
    with translation.override(code):
        local = [str(usage) for usage, _what in rows]
    for word, usage in zip(english, local, strict=True):
        assert usage.split()[0] != word or word in ("status",), (code, usage)  # translated
        assert (cw.canonical(usage.split()[0]) or "").split()[0] == word, (code, usage)


@pytest.mark.django_db
def test_help_by_mail_in_the_players_language(game, alice):
    Profile.objects.update_or_create(user=alice, defaults={"language": "it"})
    row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), "aiuto"))
    text = reply_to(row).body_text
    assert "Come si gioca per mail" in text and "vacanza <giorni>" in text and "accetta sfida [n]" in text
