"""A German, an Italian and a French player meet no English and no internal id
(issue 23), for every engine: a game of each played to its end through the
service by two players and a bot, and at sampled steps on the way (a sealed
answer in and not yet resolved among them) the game page as each language
reads it; at the end the history, the replay, the dashboard, the lobby, the
profile, the ratings, the ladders and an error page, every mail the two
players were sent (a timeout's notes too) and the answers to mail commands,
each rendered in each language. tests/support/leaks.py says what a leak is.

Pages go through Django's test client, not a browser (the browser walk of
every page type is tests/web/test_languages.py), so the sweep takes seconds."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from engines.rng import Rng
from notifications.models import Notification
from notifications.outbox import notification_render
from pbem import services
from pbem.ladders.models import Ladder, Tournament
from pbem.models import Game, Move, PendingAction, Profile
from pbem.selectors import engine_get
from tests.email import mails
from tests.email.conftest import address_of, deliver, reply_to
from tests.support.leaks import leaks_in, visible_text

pytestmark = pytest.mark.django_db

LANGUAGES = ("de", "it", "fr")
GAMES = {"augsburg1520": None, "citadels": None, "fugger": {"variant": "full"}, "staufer": None}
PAGES_AT = 5  # game pages per language on the way (sampled evenly over the game), besides its end
MAILS_EACH = 4  # mails of each kind per player read in each language
ALLOWED = {"alice", "bob", "Alice", "Bob"}  # the players' names; the game's invitation code is added


def _language(users, code: str) -> None:
    for u in users:
        Profile.objects.update_or_create(user=u, defaults={"language": code})


def _check(found: dict, where: str, text: str, code: str) -> None:
    bad = leaks_in(text, code, allowed=ALLOWED)
    if bad:
        found[(code, where)] = str(bad)


def _page(client, found, where, path, code, status=200) -> None:
    r = client.get(path)
    assert r.status_code == status, (path, r.status_code)
    _check(found, where, visible_text(r.content.decode()), code)


def _open(game, seat):
    return PendingAction.objects.filter(game=game, seat__index=seat, version=game.version, closed_at__isnull=True,
                                        submitted_at__isnull=True).first()


def _play(game, engine, users, clients, found) -> int:
    """Both players answer as bots would until the end; the game page is read in
    every language at a few steps, one of them with a sealed answer of alice's in;
    at alice's first decision she writes commands by mail in each language.
    Bob times out once (the game makes his default choice): both hear of it."""
    steps, timed_out, sealed_seen, pages, mailed = 0, False, False, 0, False
    every = {"augsburg1520": 12, "citadels": 25, "fugger": 60, "staufer": 25}[game.engine]
    while True:
        services.game_advance(game_id=game.pk)
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return steps
        steps += 1
        assert steps < 3000, "the game does not end"
        for seat in (0, 1):
            pending = _open(game, seat)
            if pending is None:
                continue
            if seat == 1 and not timed_out and steps > 3:
                PendingAction.objects.filter(pk=pending.pk).update(due_at=timezone.now() - timedelta(minutes=1),
                                                                   deadline=timezone.now() - timedelta(minutes=1))
                assert services.pending_timeout(pending_id=pending.pk) is not None
                timed_out = True
                continue
            if seat == 0 and not mailed:  # her game mail's address exists now: status shows this decision
                _mail_commands(game, users[0], found)
                mailed = True
            action = engine.bot(game.state, seat, Rng.from_seed(game.version * 7 + seat))
            services.move_submit(game_id=game.pk, seat=seat, action=action, source="api", version=game.version)
            mine_sealed = seat == 0 and pending.sealed
            if (mine_sealed and not sealed_seen) or (steps % every == 0 and pages < PAGES_AT and seat == 0):
                sealed_seen |= mine_sealed
                pages += 1
                for code in LANGUAGES:
                    _language(users, code)
                    _page(clients["alice"], found, f"game page, step {steps}", f"/games/{game.pk}/", code)
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                return steps


def _mail_commands(game, alice, found) -> None:
    """Commands by mail in each language, and what they are answered."""
    for code in LANGUAGES:
        _language([alice], code)
        for text in ("help", "status", "games", "frobnicate the gizmo", "language"):
            row = deliver(mails.plain("alice@example.org", address_of(alice, game, 0), text))
            answer = reply_to(row)
            _check(found, f"answer to {text!r}", answer.subject + "\n" + answer.body_text, code)


def _sampled(rows, each: int = MAILS_EACH) -> list:
    """A few mails of every kind (first, last and between), for each player: the
    texts differ by kind, and by step only in what the engine wrote."""
    by_kind: dict = {}
    for row in rows.order_by("pk"):
        by_kind.setdefault((row.message, row.recipient_id), []).append(row)
    out = []
    for group in by_kind.values():
        step = max(1, len(group) // each)
        out += group[::step][: each - 1] + [group[-1]]
    return out


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_no_english_and_no_ids_for_a_german_italian_or_french_player(slug, alice, bob, settings):
    settings.PBEM_INBOUND_LIMIT = 0
    users = [alice, bob]
    game = services.game_create(creator=alice, engine=slug, players=3, bots=1, seed=5, options=GAMES[slug])
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    game.refresh_from_db()
    ALLOWED.add(game.invite_code)  # random letters: a word by chance
    engine = engine_get(slug)
    clients = {}
    for u in users:
        clients[u.username] = Client()
        clients[u.username].force_login(u)
    found: dict = {}
    steps = _play(game, engine, users, clients, found)
    assert steps > 5 and Move.objects.filter(game=game, source="timeout").exists()
    Ladder.objects.get_or_create(slug=f"{slug}-3p", defaults={"name": "Ladder", "engine": slug, "min_players": 3, "max_players": 3})
    Tournament.objects.get_or_create(slug="autumn", defaults={
        "name": "Autumn Cup", "created_by": bob, "engine": slug, "table_size": 3, "rounds": 3,
        "registration_deadline": timezone.now() + timedelta(days=3)})
    for code in LANGUAGES:
        _language(users, code)
        client = clients["alice"]
        for path in (f"/games/{game.pk}/", f"/games/{game.pk}/replay/?step=1", f"/games/{game.pk}/replay/?step=9999",
                     "/", "/lobby/", "/profile/", "/ratings/alice/", "/ladders/", f"/ladders/{slug}-3p/",
                     "/tournaments/autumn/", f"/games/new/?engine={slug}"):
            _page(client, found, path, path, code)
        _page(client, found, "404", "/games/999999/", code, status=404)
        for row in _sampled(Notification.objects.filter(game=game, recipient__in=users).exclude(message="").exclude(kind="reply")):
            row.body_text = ""  # written afresh in this language, whatever was written before
            note = notification_render(row, save=False)
            _check(found, f"mail {note.message} #{note.pk}", note.subject + "\n" + note.body_text, code)
    assert not found, "\n".join(f"{k}: {v}" for k, v in sorted(found.items()))
