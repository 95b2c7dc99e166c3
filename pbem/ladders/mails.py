"""Mails of ladders and tournaments, written through the outbox
(notifications.outbox.notification_write) in the transaction of the change,
once each (dedupe keys). Their texts are pbem.messages' (ladder_match,
ladder_result, challenge, challenge_decided, round_started, standings,
tournament_cancelled), rendered from the plain data stored here when each
mail is delivered. Their Reply-To is the player's own address (not a
game's), which takes ``seek <ladder>``, ``accept`` and ``decline``."""

from __future__ import annotations

from django.conf import settings

from notifications.models import Notification
from notifications.outbox import notification_write
from pbem.ladders.selectors import tournament_standings


def _write(*, key: str, user, tag: str, message: str, data: dict, kind: str = Notification.Kind.NOTICE) -> None:
    """Kinds by what the player's mail preference lets through: a challenge asks
    for an answer like an invitation (always sent), results go with game results
    (digest too), the rest are notices (every-move mail only; the games made
    send their own "your move" mails anyway)."""
    notification_write(kind=kind, dedupe_key=key, user=user, message=message, data={"tag": tag, "site": settings.SITE_URL, **data})


def _ladder(ladder) -> dict:
    return {"name": ladder.name, "slug": ladder.slug}


def _tournament(tournament) -> dict:
    return {"name": tournament.name, "slug": tournament.slug}


def _moment(at) -> str | None:
    return at.isoformat() if at is not None else None


def match_made(*, ladder, game, ordinals: dict[int, float]) -> None:
    seats = list(game.seats.select_related("player").order_by("index"))
    table = [{"seat": s.index + 1, "name": s.player.username, "ordinal": ordinals.get(s.player_id, 0.0)} for s in seats]
    for s in seats:
        _write(
            key=f"ladder_match:{game.pk}:{s.player_id}",
            user=s.player,
            tag=ladder.slug,
            message="ladder_match",
            data={"ladder": _ladder(ladder), "game": game.pk, "table": table, "seat": s.index + 1},
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
            tag=ladder.slug,
            message="ladder_result",
            data={"ladder": _ladder(ladder), "game": game.pk, "table": table},
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
            tag=ladder.slug,
            message="challenge",
            kind=Notification.Kind.INVITATION,
            data={
                "challenge": challenge.pk,
                "challenger": challenge.challenger.username,
                "ladder": _ladder(ladder),
                "others": [n for n in names if n != i.player.username],
                "expires": _moment(challenge.expires_at),  # in the reader's time zone, at delivery
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
            tag=ladder.slug,
            message="challenge_decided",
            data={
                "challenge": challenge.pk,
                "status": challenge.status,
                "game": challenge.game_id,
                "ladder": _ladder(ladder),
                "by": by.username if by is not None else None,
            },
        )


def round_started(*, tournament, round) -> None:
    for table in round.tables.prefetch_related("seats__player").order_by("number"):
        seats = list(table.seats.all())
        for ts in seats:
            _write(
                key=f"round:{round.pk}:{ts.player_id}",
                user=ts.player,
                tag=tournament.slug,
                message="round_started",
                data={
                    "tournament": _tournament(tournament),
                    "round": {"number": round.number, "final": round.stage == "final"},
                    "bye": bool(table.bye),
                    "table": table.number,
                    "game": table.game_id,
                    "others": [s.player.username for s in seats if s.pk != ts.pk],
                    "deadline": _moment(round.deadline),  # in the reader's time zone, at delivery
                },
            )


def _standings_mail(*, tournament, key: str, round: int | None) -> None:
    keys = ("place", "player", "points", "opponents_points", "score_ratio", "final_place", "withdrawn")
    lines = [{k: line[k] for k in keys} for line in tournament_standings(tournament=tournament)[:50]]
    for e in tournament.entries.select_related("player"):
        _write(
            key=f"{key}:{e.player_id}",
            user=e.player,
            tag=tournament.slug,
            message="standings",
            data={"tournament": _tournament(tournament), "round": round, "final": round is None, "lines": lines, "you": e.player.username},
            kind=Notification.Kind.GAME_OVER,
        )


def round_finished(*, tournament, round) -> None:
    _standings_mail(tournament=tournament, key=f"round_done:{round.pk}", round=round.number)


def tournament_finished(*, tournament) -> None:
    _standings_mail(tournament=tournament, key=f"tournament_done:{tournament.pk}", round=None)


def tournament_cancelled(*, tournament, entries) -> None:
    for e in entries:
        _write(
            key=f"tournament_cancelled:{tournament.pk}:{e.player_id}",
            user=e.player,
            tag=tournament.slug,
            message="tournament_cancelled",
            data={"tournament": _tournament(tournament), "count": len(entries)},
        )
