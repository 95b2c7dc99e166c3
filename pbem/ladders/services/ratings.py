"""Ratings, in the transaction that finishes a game: the engine's rating and a
ladder's own, the ladder's activity, a tournament table's places and points.

Locking: a finishing game is already locked by pbem.services.moves; its
ratings are then locked with ``select_for_update(no_key=True)`` in one order
(engine rating before ladder rating, each by player id), and created beforehand
in that same order with ``ON CONFLICT DO NOTHING``, so two games ending at once
with players in common wait for each other instead of deadlocking, and each
change lands exactly once (RatingChange is unique per rating and game).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from pbem.ladders import mails, pairing
from pbem.ladders.models import (
    Ladder,
    LadderGame,
    LadderMember,
    Rating,
    RatingChange,
    Table,
    TakeoverRule,
    Tournament,
)
from pbem.ladders.ratings import ordinal, places_of, rate
from pbem.models import Game, Seat

# --- ratings: in the transaction that finishes a game ---------------------------------


def game_is_rated(*, game: Game, seats: list[Seat]) -> bool:
    """Rated when every seat had a player at the start (a bot seat from the
    start has no player); a seat a bot took over later keeps its player."""
    return len(seats) >= 2 and all(s.player_id for s in seats)


def _left(seats: list[Seat]) -> set[int]:
    return {
        s.index
        for s in seats
        if s.player_id and s.status in (Seat.Status.BOT, Seat.Status.RESIGNED, Seat.Status.FORFEITED)
    }


def game_places(*, game: Game, seats: list[Seat], rule: str) -> list[int]:
    ranks = (game.outcome or {}).get("ranks") or [1] * len(seats)
    return places_of(list(ranks), _left(seats), rule)


def _ratings_locked(*, engine: str, ladder: Ladder | None, players: list[int]) -> dict[int, Rating]:
    players = sorted(players)
    Rating.objects.bulk_create(
        [Rating(player_id=p, engine=engine, ladder=ladder) for p in players], ignore_conflicts=True
    )
    rows = Rating.objects.select_for_update(no_key=True).filter(engine=engine, player_id__in=players)
    rows = rows.filter(ladder=ladder) if ladder is not None else rows.filter(ladder__isnull=True)
    return {r.player_id: r for r in rows.order_by("player_id")}


def ratings_record(*, game: Game, seats: list[Seat], places: list[int], ladder: Ladder | None, now) -> list[RatingChange]:
    by_seat = [s.player_id for s in seats]
    rows = _ratings_locked(engine=game.engine, ladder=ladder, players=by_seat)
    if RatingChange.objects.filter(game=game, rating__in=rows.values()).exists():
        return []  # counted already: never twice
    before = [(rows[p].mu, rows[p].sigma) for p in by_seat]
    after = rate(before, places)
    changes = []
    for p, place, (mu0, s0), (mu1, s1) in zip(by_seat, places, before, after):
        r = rows[p]
        r.mu, r.sigma, r.ordinal = mu1, s1, ordinal(mu1, s1)
        r.games += 1
        r.last_game_at = now
        changes.append(
            RatingChange(
                rating=r, game=game, place=place, players=len(by_seat),
                mu_before=mu0, sigma_before=s0, mu_after=mu1, sigma_after=s1,
                ordinal_before=ordinal(mu0, s0), ordinal_after=r.ordinal,
            )
        )
    Rating.objects.bulk_update(list(rows.values()), ["mu", "sigma", "ordinal", "games", "last_game_at"])
    RatingChange.objects.bulk_create(changes)
    return changes


def game_finished(*, game: Game) -> None:
    """Called in the transaction that finishes ``game``, with the game row
    locked: by pbem.services.moves when the engine's outcome ends it, and by
    pbem.services.timeouts when a player's leaving ends it early. Ratings,
    ladder activity, tournament table."""
    now = game.finished_at or timezone.now()
    seats = list(game.seats.order_by("index"))
    link = LadderGame.objects.select_related("ladder").filter(game=game).first()
    ladder = link.ladder if link else None
    table = Table.objects.select_related("round__tournament").filter(game=game).first()
    tournament = table.round.tournament if table else None
    rule = (ladder or tournament).takeover_rule if (ladder or tournament) else TakeoverRule.LAST
    places = game_places(game=game, seats=seats, rule=rule)
    changes = []
    if game_is_rated(game=game, seats=seats):
        changes = ratings_record(game=game, seats=seats, places=places, ladder=None, now=now)
        if ladder is not None and ladder.own_rating:
            changes = ratings_record(game=game, seats=seats, places=places, ladder=ladder, now=now)
    if ladder is not None:
        members = LadderMember.objects.filter(ladder=ladder, player_id__in=[s.player_id for s in seats if s.player_id])
        # locked in player order after the ratings, like every other finishing game: no deadlock
        locked = list(members.select_for_update(no_key=True).order_by("player_id").values_list("pk", flat=True))
        LadderMember.objects.filter(pk__in=locked).update(games=F("games") + 1, last_game_at=now)
        mails.ladder_result(ladder=ladder, game=game, changes=changes)
    if table is not None and table.finished_at is None:
        _table_record(table=table, tournament=tournament, seats=seats, places=places, now=now)
        tid = tournament.pk
        transaction.on_commit(lambda: _queue_tournament_advance(tid))


def _table_record(*, table: Table, tournament: Tournament, seats: list[Seat], places: list[int], now) -> None:
    points = pairing.points_for(places, tournament.points)
    top = pairing.place_points(len(places), tournament.points)[0]
    by_player = {s.player_id: (place, pts) for s, place, pts in zip(seats, places, points)}
    for ts in table.seats.all():
        ts.place, ts.points = by_player.get(ts.player_id, (None, None))
        ts.max_points = top
        ts.save(update_fields=["place", "points", "max_points"])
    table.finished_at = now
    table.save(update_fields=["finished_at"])


def _queue_tournament_advance(tournament_id: int) -> None:
    from pbem.ladders.tasks import tournament_advance

    tournament_advance.delay(tournament_id)
