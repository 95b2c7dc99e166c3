"""A German, an Italian and a French player meet no English and no internal id
(issue 23), for every engine: a game of each is played to its end through the
service by three players, one reading German, one Italian and one French (so
every mail is written for a reader of each), each answering as a bot would;
one of them times out once. Each reads in their own language: the game page at
sampled steps (one with their sealed answer in and not yet resolved, where the
engine has sealed decisions), the answers to their mail commands, and at the
end the game page with its history and result, the replay, the dashboard, the
lobby, the game-creation form with the engine's options, a ladder and a
tournament of the engine, and a few mails of every kind they were sent; with one
engine's game also the profile, the ratings, the ladders and a 404.
tests/support/leaks.py says what a leak is.

Pages go through Django's test client, not a browser (the browser walk of every
page type is tests/web/test_languages.py): about half a minute per engine on the
shared 2-core machine, most of it the game's steps through the service."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from engines.rng import Rng
from notifications.models import Notification
from notifications.outbox import notification_render
from pbem import command_words, services
from pbem.ladders.models import Ladder, Tournament
from pbem.models import Game, Move, PendingAction, Profile
from pbem.selectors import MOVE_COMMITMENT_FORMULA, SEED_COMMITMENT_FORMULA, engine_get
from tests.email import mails
from tests.email.conftest import address_of, deliver, reply_to
from tests.support.leaks import leaks_in, visible_text

pytestmark = pytest.mark.django_db

READERS = {"alice": "de", "bob": "it", "carol": "fr"}  # seats 1, 2, 3
# Fugger's trading game: its other games' texts are read by tests/engines/test_choices_languages.py
GAMES = {"augsburg1520": None, "citadels": None, "fugger": {"variant": "trading"}, "staufer": None}
SITE_PAGES_WITH = "citadels"  # the pages no engine changes are read with one engine's game (the shortest)
PAGES_AT = 4  # game pages per player on the way, besides the sealed one and the end
MAILS_EACH = 3  # mails of each kind per player read again at the end
# what a page may hold that is no text of the site: the commitment's formula names the JSON fields
FORMULAS = {MOVE_COMMITMENT_FORMULA, SEED_COMMITMENT_FORMULA, "{action, game, salt, seat, version}"}


def _check(found: dict, allowed: set, who: str, where: str, text: str) -> None:
    bad = leaks_in(text, READERS[who], allowed=allowed)
    if bad:
        found.setdefault((READERS[who], where), str(bad))


def _page(clients, found, allowed, who: str, path: str, where: str | None = None, status: int = 200) -> None:
    r = clients[who].get(path)
    assert r.status_code == status, (who, path, r.status_code)
    _check(found, allowed, who, where or path, visible_text(r.content.decode()))


def _open(game, seat):
    return PendingAction.objects.filter(game=game, seat__index=seat, version=game.version, closed_at__isnull=True,
                                        submitted_at__isnull=True).first()


def _mail_commands(game, user, seat: int, found, allowed) -> None:
    """Commands by mail in the player's words, in a thread of the game, and what each is answered."""
    lang = READERS[user.username]
    for text in [command_words.word(c, lang) for c in ("help", "status", "games", "language")] + ["xyzzy plugh"]:
        raw = mails.plain(user.email, address_of(user, game, seat), text, subject=f"Re: [pbem #{game.pk}]")
        answer = reply_to(deliver(raw))
        _check(found, allowed, user.username, f"answer to {text!r}", answer.subject + "\n" + answer.body_text)


def _play(game, engine, users, clients, found, allowed) -> int:
    """Every seat answers as a bot would until the end; the pages are read at a few
    steps, and wherever a player has just sealed an answer; the second player
    lets one deadline pass (the game makes the default choice)."""
    steps, timed_out, mailed, pages, sealed_seen = 0, False, set(), 0, False
    every = {"augsburg1520": 10, "citadels": 20, "fugger": 60, "staufer": 20}[game.engine]
    while True:
        services.game_advance(game_id=game.pk)
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return steps
        steps += 1
        assert steps < 3000, "the game does not end"
        sealed_now = False
        for seat, user in enumerate(users):
            pending = _open(game, seat)
            if pending is None:
                continue
            if seat == 1 and not timed_out and steps > 3:
                past = timezone.now() - timedelta(minutes=1)
                PendingAction.objects.filter(pk=pending.pk).update(due_at=past, deadline=past)
                assert services.pending_timeout(pending_id=pending.pk) is not None
                timed_out = True
                continue
            if seat not in mailed:  # the game's mail to this player has its address now
                _mail_commands(game, user, seat, found, allowed)
                mailed.add(seat)
            action = engine.bot(game.state, seat, Rng.from_seed(game.version * 7 + seat))
            services.move_submit(game_id=game.pk, seat=seat, action=action, source="api", version=game.version)
            sealed_now |= pending.sealed
            game.refresh_from_db()
        if (sealed_now and not sealed_seen) or (steps % every == 0 and pages < PAGES_AT):
            sealed_seen |= sealed_now
            pages += 1
            for user in users:
                _page(clients, found, allowed, user.username, f"/games/{game.pk}/", f"game page, step {steps}")


def _sampled(rows, each: int = MAILS_EACH) -> list:
    """A few mails of every kind (the first, the last and between) for each player:
    the texts differ by kind, and by step only in what the engine wrote."""
    by_kind: dict = {}
    for row in rows.order_by("pk"):
        by_kind.setdefault((row.message, row.recipient_id), []).append(row)
    out = []
    for group in by_kind.values():
        step = max(1, len(group) // each)
        out += group[::step][: each - 1] + [group[-1]]
    return out


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_no_english_and_no_ids_for_a_german_italian_or_french_player(slug, make_user, settings):
    settings.PBEM_INBOUND_LIMIT = 0  # a whole game's mails within minutes: no limit on them here
    users = [make_user(name) for name in READERS]
    for user in users:
        Profile.objects.update_or_create(user=user, defaults={"language": READERS[user.username]})
    game = services.game_create(creator=users[0], engine=slug, players=3, seed=5, options=GAMES[slug])
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    services.game_start(game_id=game.pk, user=users[0])
    game.refresh_from_db()
    # the players' names and addresses, the invitation code (random letters) and the formulas; the
    # subject's thread tag names the game by its title in the reader's edition, not by the slug
    allowed = {u.email for u in users} | set(READERS) | {game.invite_code} | FORMULAS
    clients = {}
    for user in users:
        clients[user.username] = Client()
        clients[user.username].force_login(user)
    found: dict = {}
    steps = _play(game, engine_get(slug), users, clients, found, allowed)
    assert steps > 5 and Move.objects.filter(game=game, source="timeout").exists()
    Ladder.objects.create(slug=f"{slug}-3p", name="Ladder", engine=slug, min_players=3, max_players=3)
    Tournament.objects.create(slug="autumn", name="Autumn Cup", created_by=users[1], engine=slug, table_size=3, rounds=3,
                              registration_deadline=timezone.now() + timedelta(days=3))
    for user in users:
        paths = [f"/games/{game.pk}/", f"/games/{game.pk}/replay/?step=9999", "/", "/lobby/", f"/games/new/?engine={slug}",
                 f"/ladders/{slug}-3p/", "/tournaments/autumn/"]
        if slug == SITE_PAGES_WITH:
            paths += [f"/games/{game.pk}/replay/?step=1", "/profile/", f"/ratings/{user.username}/", "/ladders/"]
            _page(clients, found, allowed, user.username, "/games/999999/", "404", status=404)
        for path in paths:
            _page(clients, found, allowed, user.username, path)
        for row in _sampled(Notification.objects.filter(game=game, recipient=user).exclude(message="").exclude(kind="reply")):
            row.body_text = ""  # written afresh, as its delivery writes it
            mail = notification_render(row, save=False)
            _check(found, allowed, user.username, f"mail {row.message} #{row.pk}", mail.subject + "\n" + mail.body_text)
    assert not found, "\n".join(f"{k}: {v}" for k, v in sorted(found.items()))
