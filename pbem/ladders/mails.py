"""Mails of ladders and tournaments, written through the outbox
(notifications.outbox.notification_write) in the transaction of the change,
once each (dedupe keys). Their Reply-To is the player's own address (not a
game's), which takes ``seek <ladder>``, ``accept`` and ``decline``."""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string

from notifications.models import Notification
from notifications.outbox import deadline_text, notification_write
from pbem.ladders.selectors import tournament_standings


def _write(*, key: str, user, subject: str, template: str, context: dict, kind: str = Notification.Kind.NOTICE) -> None:
    """Kinds by what the player's mail preference lets through: a challenge asks
    for an answer like an invitation (always sent), results go with game results
    (digest too), the rest are notices (every-move mail only; the games made
    send their own "your move" mails anyway)."""
    body = render_to_string(f"ladders/mail/{template}.txt", {"site": settings.SITE_URL, **context}).strip() + "\n"
    notification_write(kind=kind, dedupe_key=key, user=user, subject=subject, body_text=body)


def match_made(*, ladder, game, ordinals: dict[int, float]) -> None:
    seats = list(game.seats.select_related("player").order_by("index"))
    table = [{"seat": s.index + 1, "name": s.player.username, "ordinal": ordinals.get(s.player_id, 0.0)} for s in seats]
    for s in seats:
        _write(
            key=f"ladder_match:{game.pk}:{s.player_id}",
            user=s.player,
            subject=f"[pbem {ladder.slug}] your table: game #{game.pk}",
            template="match",
            context={"ladder": ladder, "game": game, "table": table, "seat": s.index + 1},
        )


def ladder_result(*, ladder, game, changes: list) -> None:
    """The places of a ladder game and every player's rating before and after."""
    rows = sorted(changes, key=lambda c: (c.place, c.rating.player.username))
    table = [
        {"name": c.rating.player.username, "place": c.place, "before": c.ordinal_before, "after": c.ordinal_after}
        for c in rows
    ]
    for c in rows:
        _write(
            key=f"ladder_result:{game.pk}:{c.rating.player_id}",
            user=c.rating.player,
            subject=f"[pbem {ladder.slug}] result of game #{game.pk}",
            template="result",
            context={"ladder": ladder, "game": game, "table": table},
            kind=Notification.Kind.GAME_OVER,
        )


def challenge_made(*, challenge) -> None:
    ladder = challenge.ladder
    invitees = list(challenge.invitees.select_related("player"))
    names = [i.player.username for i in invitees]
    for i in invitees:
        _write(
            key=f"challenge:{challenge.pk}:{i.player_id}",
            user=i.player,
            subject=f"[pbem {ladder.slug}] {challenge.challenger.username} challenges you",
            template="challenge",
            kind=Notification.Kind.INVITATION,
            context={
                "challenge": challenge,
                "ladder": ladder,
                "others": [n for n in names if n != i.player.username],
                "expires": deadline_text(challenge.expires_at, i.player).replace("Deadline: ", ""),
            },
        )


def challenge_decided(*, challenge, by) -> None:
    """Accepted (the game is made), declined by someone, or expired: everyone involved hears it."""
    ladder = challenge.ladder
    people = [challenge.challenger] + [i.player for i in challenge.invitees.select_related("player")]
    for u in people:
        _write(
            key=f"challenge_{challenge.status}:{challenge.pk}:{u.pk}",
            user=u,
            subject=f"[pbem {ladder.slug}] challenge {challenge.pk} {challenge.status}",
            template="challenge_decided",
            context={"challenge": challenge, "ladder": ladder, "by": by},
        )


def round_started(*, tournament, round) -> None:
    for table in round.tables.prefetch_related("seats__player").order_by("number"):
        seats = list(table.seats.all())
        for ts in seats:
            _write(
                key=f"round:{round.pk}:{ts.player_id}",
                user=ts.player,
                subject=f"[pbem {tournament.slug}] round {round.number}" + (" (final)" if round.stage == "final" else "") + " starts",
                template="round",
                context={
                    "tournament": tournament,
                    "round": round,
                    "table": table,
                    "others": [s.player.username for s in seats if s.pk != ts.pk],
                    "deadline": deadline_text(round.deadline, ts.player).replace("Deadline: ", ""),
                },
            )


def _standings_mail(*, tournament, key: str, subject: str, headline: str) -> None:
    lines = tournament_standings(tournament=tournament)
    for e in tournament.entries.select_related("player"):
        _write(
            key=f"{key}:{e.player_id}",
            user=e.player,
            subject=subject,
            template="standings",
            context={"tournament": tournament, "headline": headline, "lines": lines[:50], "you": e.player.username},
            kind=Notification.Kind.GAME_OVER,
        )


def round_finished(*, tournament, round) -> None:
    _standings_mail(
        tournament=tournament,
        key=f"round_done:{round.pk}",
        subject=f"[pbem {tournament.slug}] results after round {round.number}",
        headline=f"Round {round.number} of {tournament.name} is over. The standings:",
    )


def tournament_finished(*, tournament) -> None:
    _standings_mail(
        tournament=tournament,
        key=f"tournament_done:{tournament.pk}",
        subject=f"[pbem {tournament.slug}] final standings",
        headline=f"{tournament.name} is over. The final standings:",
    )


def tournament_cancelled(*, tournament, entries) -> None:
    for e in entries:
        _write(
            key=f"tournament_cancelled:{tournament.pk}:{e.player_id}",
            user=e.player,
            subject=f"[pbem {tournament.slug}] cancelled",
            template="cancelled",
            context={"tournament": tournament, "count": len(entries)},
        )
