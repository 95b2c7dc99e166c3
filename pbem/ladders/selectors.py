"""Reads for ratings, ladders and tournaments. Nothing here writes."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.html import escape
from django.utils.translation import gettext as _

from pbem.errors import NotFound
from pbem.ladders import pairing
from pbem.ladders.models import (
    Challenge,
    Entry,
    Ladder,
    LadderGame,
    LadderMember,
    Rating,
    RatingChange,
    Round,
    Table,
    TableSeat,
    Tournament,
)
from pbem.languages import game_title
from pbem.models import Seat
from pbem.selectors import engine_get, reliability_of

# --- lookups ------------------------------------------------------------------------


def user_by_name(*, username: str):
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise NotFound(_("There is no player called %(name)r.") % {"name": username})
    return user


def ladder_by_slug(*, slug: str) -> Ladder:
    ladder = Ladder.objects.filter(slug__iexact=slug).first()
    if ladder is None:
        names = ", ".join(Ladder.objects.order_by("slug").values_list("slug", flat=True)[:20])
        raise NotFound(_("There is no ladder %(slug)r. Ladders: %(names)s.") % {"slug": slug, "names": names or _("none yet")})
    return ladder


def tournament_by_slug(*, slug: str) -> Tournament:
    t = Tournament.objects.filter(slug=slug).first()
    if t is None:
        raise NotFound(_("There is no tournament %(slug)r.") % {"slug": slug})
    return t


# --- ratings -----------------------------------------------------------------------


def _scope(ladder: Ladder):
    rows = Rating.objects.filter(engine=ladder.engine)
    return rows.filter(ladder=ladder) if ladder.own_rating else rows.filter(ladder__isnull=True)


def ordinals_of(*, ladder: Ladder, players: list[int]) -> dict[int, float]:
    """The ordinal the ladder ranks by (its own rating or the engine's); 0 for nobody yet rated."""
    return dict(_scope(ladder).filter(player_id__in=players).values_list("player_id", "ordinal"))


def ordinals_engine(*, engine: str, players: list[int]) -> dict[int, float]:
    return dict(
        Rating.objects.filter(engine=engine, ladder__isnull=True, player_id__in=players).values_list("player_id", "ordinal")
    )


def ratings_of(*, user) -> list[dict]:
    return [
        {
            "engine": r.engine,
            "ladder": r.ladder.slug if r.ladder_id else None,
            "ordinal": round(r.ordinal, 3),
            "mu": round(r.mu, 4),
            "sigma": round(r.sigma, 4),
            "games": r.games,
            "last_game_at": r.last_game_at,
        }
        for r in Rating.objects.filter(player=user).select_related("ladder").order_by("engine", "ladder_id")
    ]


def rating_history(*, user, engine: str | None = None, ladder: str | None = None) -> list[dict]:
    """Every change of the player's ratings, oldest first, with the game that caused it."""
    rows = RatingChange.objects.filter(rating__player=user).select_related("rating__ladder", "game")
    if engine:
        rows = rows.filter(rating__engine=engine)
    if ladder:
        rows = rows.filter(rating__ladder__slug=ladder)
    elif engine:
        rows = rows.filter(rating__ladder__isnull=True)
    return [
        {
            "engine": c.rating.engine,
            "ladder": c.rating.ladder.slug if c.rating.ladder_id else None,
            "game": c.game_id,
            "at": c.created_at,
            "place": c.place,
            "players": c.players,
            "mu_before": round(c.mu_before, 4),
            "sigma_before": round(c.sigma_before, 4),
            "mu_after": round(c.mu_after, 4),
            "sigma_after": round(c.sigma_after, 4),
            "ordinal_before": round(c.ordinal_before, 3),
            "ordinal_after": round(c.ordinal_after, 3),
        }
        for c in rows.order_by("created_at", "id")
    ]


def rating_plot_svg(*, history: list[dict], width: int = 640, height: int = 240) -> str:
    """The ordinal after each game as a line, drawn on the server (no script)."""
    pad = 36
    if not history:
        empty = escape(_("No rated games yet"))
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{empty}"><text x="{width // 2}" y="{height // 2}" text-anchor="middle">'
            f"{empty}</text></svg>"
        )
    values = [history[0]["ordinal_before"]] + [h["ordinal_after"] for h in history]
    low, high = min(values), max(values)
    if high - low < 1:
        low, high = low - 0.5, high + 0.5
    step = (width - 2 * pad) / max(1, len(values) - 1)

    def y(v: float) -> float:
        return round(height - pad - (v - low) / (high - low) * (height - 2 * pad), 1)

    points = " ".join(f"{round(pad + i * step, 1)},{y(v)}" for i, v in enumerate(values))
    # each text outside the f-strings: xgettext does not see a marked text inside one
    titles = [
        escape(_("game #%(game)s: place %(place)s of %(players)s, %(rating).2f")
               % {"game": h["game"], "place": h["place"], "players": h["players"], "rating": h["ordinal_after"]})
        for h in history
    ]
    dots = "".join(
        f'<circle cx="{round(pad + (i + 1) * step, 1)}" cy="{y(h["ordinal_after"])}" r="3"><title>{titles[i]}</title></circle>'
        for i, h in enumerate(history)
    )
    label = escape(
        _("Rating from %(first).2f to %(last).2f over %(count)s rated games")
        % {"first": values[0], "last": values[-1], "count": len(history)}
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" aria-label="{label}" '
        'class="rating-plot">'
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" stroke="#999"/>'
        f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="#999"/>'
        f'<text x="4" y="{y(high) + 4}" font-size="11">{high:.1f}</text>'
        f'<text x="4" y="{y(low) + 4}" font-size="11">{low:.1f}</text>'
        f'<polyline fill="none" stroke="#1f5fa8" stroke-width="2" points="{points}"/>'
        f'<g fill="#1f5fa8">{dots}</g></svg>'
    )


# --- ladders --------------------------------------------------------------------------


def last_opponents(*, ladder: Ladder, players: list[int]) -> dict[int, set[int]]:
    """Each player's opponents at their last table of this ladder."""
    last_game: dict[int, int] = {}
    for player, game in (
        Seat.objects.filter(game__ladder_game__ladder=ladder, player_id__in=players)
        .order_by("player_id", "-game__created_at", "-game_id")
        .values_list("player_id", "game_id")
    ):
        last_game.setdefault(player, game)
    seats: dict[int, set[int]] = {}
    for game, player in Seat.objects.filter(game_id__in=set(last_game.values())).values_list("game_id", "player_id"):
        seats.setdefault(game, set()).add(player)
    return {p: seats.get(g, set()) - {p} for p, g in last_game.items()}


def _standing_rows(ladder: Ladder, now) -> list[dict]:
    cutoff = now - timedelta(days=ladder.inactive_days)
    members = list(LadderMember.objects.filter(ladder=ladder, left_at__isnull=True).select_related("player"))
    ratings = {r.player_id: r for r in _scope(ladder).filter(player_id__in=[m.player_id for m in members])}
    rows = []
    for m in members:
        active_at = m.last_game_at or m.joined_at
        if active_at < cutoff:
            continue  # inactive: off the standings until the next game
        r = ratings.get(m.player_id)
        rows.append(
            {
                "player": m.player.username,
                "player_id": m.player_id,
                "ordinal": round(r.ordinal, 3) if r else 0.0,
                "mu": round(r.mu, 3) if r else 25.0,
                "sigma": round(r.sigma, 3) if r else round(25 / 3, 3),
                "games": m.games,
                "last_game_at": m.last_game_at,
            }
        )
    rows.sort(key=lambda x: (-x["ordinal"], -x["games"], x["player"].lower()))
    for i, row in enumerate(rows, 1):
        row["place"] = i
    return rows


def standing_places(*, ladder: Ladder, now=None) -> dict[int, int]:
    return {row["player_id"]: row["place"] for row in _standing_rows(ladder, now or timezone.now())}


def ladder_standings(*, ladder: Ladder, now=None, limit: int = 500) -> list[dict]:
    """Members by ordinal, with games played on the ladder, their last game and
    their reliability; members inactive longer than the ladder allows are left out."""
    rows = _standing_rows(ladder, now or timezone.now())[:limit]
    for row in rows:
        rel = reliability_of(user=row["player_id"])
        row["on_time_rate"] = rel["on_time_rate"]
        row["forfeits"] = rel["forfeits"]
        del row["player_id"]
    return rows


def ladders_list(*, order_by: str = "name") -> list[dict]:
    """Every ladder's summary (the ladders' page and ``GET /api/ladders/``, by name or by slug)."""
    return [ladder_summary(ladder=ladder) for ladder in Ladder.objects.order_by(order_by)]


def tournaments_list(*, limit: int) -> list[dict]:
    """The newest tournaments' summaries (the ladders' page and ``GET /api/tournaments/``)."""
    return [tournament_summary(tournament=t) for t in Tournament.objects.order_by("-created_at")[:limit]]


def ladder_summary(*, ladder: Ladder) -> dict:
    return {
        "slug": ladder.slug,
        "name": ladder.name,
        "engine": ladder.engine,
        "title": engine_get(ladder.engine).title,
        "options": ladder.options,
        "players": {"min": ladder.min_players, "max": ladder.max_players},
        "time_control": ladder.time_control,
        "entry": {
            "verified_email": ladder.require_verified_email,
            "min_on_time_rate": ladder.min_on_time_rate,
            "max_forfeits": ladder.max_forfeits,
            "min_decisions": ladder.min_decisions,
        },
        "own_rating": ladder.own_rating,
        "takeover_rule": ladder.takeover_rule,
        "inactive_days": ladder.inactive_days,
        "challenge_range": ladder.challenge_range,
        "challenge_hours": ladder.challenge_hours,
        "members": LadderMember.objects.filter(ladder=ladder, left_at__isnull=True).count(),
        "seeking": ladder.seeks.filter(status="waiting").count(),
    }


def ladder_recent_games(*, ladder: Ladder, limit: int = 20) -> list[dict]:
    out = []
    for link in LadderGame.objects.filter(ladder=ladder).select_related("game").order_by("-created_at")[:limit]:
        g = link.game
        out.append(
            {
                "game": g.pk,
                "via": link.via,
                "status": g.status,
                "players": [s.player.username for s in g.seats.select_related("player").order_by("index") if s.player_id],
                "ranks": (g.outcome or {}).get("ranks"),
            }
        )
    return out


def challenges_for(*, user) -> list[dict]:
    rows = Challenge.objects.filter(invitees__player=user) | Challenge.objects.filter(challenger=user)
    return [challenge_detail(challenge=c) for c in rows.distinct().select_related("ladder", "challenger").order_by("-created_at")[:100]]


def challenge_detail(*, challenge: Challenge) -> dict:
    return {
        "id": challenge.pk,
        "ladder": challenge.ladder.slug,
        "challenger": challenge.challenger.username,
        "players": [
            {"player": i.player.username, "answer": i.answer}
            for i in challenge.invitees.select_related("player").order_by("pk")
        ],
        "status": challenge.status,
        "expires_at": challenge.expires_at,
        "game": challenge.game_id,
    }


# --- tournaments -----------------------------------------------------------------------


def _stage_tables(t: Tournament):
    return TableSeat.objects.filter(table__round__tournament=t).exclude(table__round__stage=Round.Stage.FINAL)


def tournament_meetings(*, tournament: Tournament) -> dict[int, dict[int, int]]:
    tables: dict[int, list[int]] = {}
    for table, player in TableSeat.objects.filter(table__round__tournament=tournament, table__bye=False).values_list(
        "table_id", "player_id"
    ):
        tables.setdefault(table, []).append(player)
    return pairing.meetings(list(tables.values()))


def byes_had(*, tournament: Tournament) -> dict[int, int]:
    out: dict[int, int] = {}
    for p in TableSeat.objects.filter(table__round__tournament=tournament, table__bye=True).values_list("player_id", flat=True):
        out[p] = out.get(p, 0) + 1
    return out


def tournament_standings(*, tournament: Tournament) -> list[dict]:
    """Placement points, opponents' points, score ratio, the rating at the
    start; the final table (when there is one) decides the places of its
    players, above everyone else. Groups format: ranked within each group."""
    entries = list(Entry.objects.filter(tournament=tournament).select_related("player"))
    by_table: dict[int, list] = {}
    byes = []
    for ts in _stage_tables(tournament).select_related("table"):
        if ts.table.bye:
            byes.append((ts.player_id, ts.points or 0.0, ts.max_points or 0.0))
        elif ts.table.finished_at is not None:
            by_table.setdefault(ts.table_id, []).append((ts.player_id, ts.points, ts.max_points))
    groups: dict[int | None, list[Entry]] = {}
    for e in entries:
        groups.setdefault(e.group if tournament.format == Tournament.Format.GROUPS else None, []).append(e)
    lines = []
    for group, members in groups.items():
        ids = {e.player_id for e in members}
        tables = [[x for x in t if x[0] in ids] for t in by_table.values() if any(x[0] in ids for x in t)]
        for line in pairing.standings({e.player_id: e.seed_ordinal for e in members}, tables, [b for b in byes if b[0] in ids]):
            lines.append((group, line))
    final = {
        ts.player_id: ts.place
        for ts in TableSeat.objects.filter(
            table__round__tournament=tournament, table__round__stage=Round.Stage.FINAL, table__finished_at__isnull=False
        )
    }
    entry_of = {e.player_id: e for e in entries}
    lines.sort(
        key=lambda gl: (
            final.get(gl[1].player, 99) if final else 0,
            gl[1].rank if tournament.format == Tournament.Format.GROUPS else 0,
            -gl[1].points, -gl[1].opp_points, -gl[1].ratio, -gl[1].seed, gl[1].player,
        )
    )
    out = []
    for place, (group, line) in enumerate(lines, 1):
        e = entry_of[line.player]
        out.append(
            {
                "place": place,
                "player": e.player.username,
                "player_id": line.player,
                "group": group,
                "group_rank": line.rank if group is not None else None,
                "points": line.points,
                "opponents_points": line.opp_points,
                "score_ratio": line.ratio,
                "games": line.games,
                "byes": line.byes,
                "seed_ordinal": round(line.seed, 3),
                "final_place": final.get(line.player),
                "withdrawn": e.withdrawn_at is not None,
            }
        )
    return out


def finalists(*, tournament: Tournament, standing: list[dict]) -> list[int]:
    active = [line for line in standing if not line["withdrawn"]]
    if tournament.format == Tournament.Format.GROUPS:
        active.sort(key=lambda x: (x["group_rank"] or 0, -x["points"], -x["opponents_points"], -x["score_ratio"], x["place"]))
    return [line["player_id"] for line in active]


def tournament_rules(*, tournament: Tournament) -> list[str]:
    """The tournament's rules in sentences, in the reader's language."""
    t = tournament
    engine = engine_get(t.engine)
    sizes = sorted({s for s in (t.table_size, t.table_size - 1, t.final_size or t.table_size) if s >= engine.min_players}, reverse=True)
    points = "; ".join(
        _("%(count)s players: %(points)s") % {"count": n, "points": ", ".join(f"{x:g}" for x in pairing.place_points(n, t.points))}
        for n in sizes
    )
    rules = [
        _("%(title)s, %(count)s players per table, options %(options)s.") % {
            "title": game_title(t.engine) or engine.title, "count": t.table_size, "options": t.options or _("the defaults"),
        },
        (
            _("Swiss, %(rounds)s rounds: each round's tables are formed by score, and players who met before are kept "
              "apart as far as possible.") % {"rounds": t.rounds}
            if t.format == Tournament.Format.SWISS
            else _("Round robin in groups of about %(size)s, %(rounds)s rounds in each group: tables are formed so that "
                   "group members meet as evenly as possible.") % {"size": t.group_size, "rounds": t.rounds}
        ),
        (
            _("When the players do not divide into full tables, some tables have one player fewer, so everyone plays.")
            if t.remainder == Tournament.Remainder.SMALLER
            else _("When the players do not divide into full tables, the lowest placed players with the fewest byes so far "
                   "sit out with a bye worth %(points)s points (others as fair sit out instead when that avoids a repeat "
                   "meeting).") % {"points": f"{pairing.bye_points(t.table_size, t.points):g}"}
        ),
        _("Placement points per place (ties share the mean of the places they cover): %(points)s.") % {"points": points},
        _("Standings: points, then opponents' points (the points of every opponent met), then score ratio (points over "
          "what first places would have given), then the rating at the start."),
        (
            (_("Then a final table of the best %(count)s (group winners first): its places decide the top of the standings.")
             if t.format == Tournament.Format.GROUPS
             else _("Then a final table of the best %(count)s: its places decide the top of the standings."))
            % {"count": t.final_size}
        )
        if t.final_size
        else _("No final table: the standings after the last round are the result."),
        _("A round starts when the previous one has finished or after %(hours)s hours at the latest; a game still running "
          "then counts when it ends.") % {"hours": t.round_hours},
        (
            _("A player who leaves a game (timeout, resignation, withdrawal, by the game's time control) is placed last at "
              "that table.")
            if t.takeover_rule == "last"
            else _("A player who leaves a game keeps the place the bot playing on reached.")
        ),
        (
            _("Registration until %(deadline)s (%(zone)s), at most %(count)s players.")
            if t.max_players
            else _("Registration until %(deadline)s (%(zone)s).")
        ) % {  # in the reader's zone (pbem.reader activates it for the request)
            "deadline": f"{timezone.localtime(t.registration_deadline):%Y-%m-%d %H:%M}",
            "zone": timezone.get_current_timezone_name(),
            "count": t.max_players,
        },
    ]
    return rules


def tournament_rounds(*, tournament: Tournament) -> list[dict]:
    rounds = []
    for r in tournament.round_set.order_by("number"):
        tables = []
        for table in Table.objects.filter(round=r).select_related("game").order_by("number"):
            seats = list(table.seats.select_related("player").order_by("pk"))
            tables.append(
                {
                    "table": table.number,
                    "bye": table.bye,
                    "game": table.game_id,
                    "status": "bye" if table.bye else (table.game.status if table.game_id else "gone"),
                    "players": [
                        {"player": s.player.username, "place": s.place, "points": s.points}
                        for s in sorted(seats, key=lambda s: (s.place or 99, s.pk))
                    ],
                }
            )
        rounds.append(
            {
                "number": r.number,
                "stage": r.stage,
                "started_at": r.started_at,
                "deadline": r.deadline,
                "finished_at": r.finished_at,
                "tables": tables,
            }
        )
    return rounds


def tournament_summary(*, tournament: Tournament) -> dict:
    t = tournament
    return {
        "slug": t.slug,
        "name": t.name,
        "engine": t.engine,
        "options": t.options,
        "format": t.format,
        "table_size": t.table_size,
        "rounds": t.rounds,
        "group_size": t.group_size,
        "final_size": t.final_size,
        "remainder": t.remainder,
        "points": {str(n): pairing.place_points(n, t.points) for n in range(2, t.table_size + 1)},
        "max_players": t.max_players,
        "registration_deadline": t.registration_deadline,
        "round_hours": t.round_hours,
        "status": t.status,
        "players": t.entries.filter(withdrawn_at__isnull=True).count(),
        "created_by": t.created_by.username,
        "rules": tournament_rules(tournament=t),
    }
