"""Page reads: the dashboard, the lobby, the game page's parts, the poll
stamp and the replay. Everything a seat sees comes from pbem.selectors (the
engine's view, history from events visible to the seat, commitments)."""

from __future__ import annotations

from django.db.models import Count, Q

from pbem import selectors
from pbem.models import Game, Move, Seat
from pbem.web.models import TableMessage


def user_by_uid(uidb64: str):
    from django.contrib.auth import get_user_model
    from django.utils.encoding import force_str
    from django.utils.http import urlsafe_base64_decode

    try:
        pk = force_str(urlsafe_base64_decode(uidb64))
        return get_user_model().objects.filter(pk=int(pk)).first()
    except (ValueError, TypeError, OverflowError):
        return None


def _seats_text(game: Game) -> list[str]:
    return [s.name for s in game.seats.all()]


def dashboard_for(*, user) -> dict:
    """Your move first (soonest deadline first, with each prompt); games
    waiting for players; running games; finished games with results."""
    your_move = list(selectors.decisions_waiting_for(user=user))
    mine = (
        Game.objects.filter(seats__player=user)
        .prefetch_related("seats__player")
        .order_by("-updated_at")
        .distinct()
    )
    waiting_ids = {p.game_id for p in your_move}
    forming, running, finished = [], [], []
    for g in mine[:300]:
        row = {"game": g, "title": selectors.engine_get(g.engine).title, "seats": _seats_text(g)}
        if g.status == Game.Status.FORMING:
            forming.append(row)
        elif g.status == Game.Status.ACTIVE:
            if g.pk not in waiting_ids:
                running.append(row)
        else:
            row["result"] = result_of(g, user)
            finished.append(row)
    for p in your_move:
        p.title = selectors.engine_get(p.game.engine).title
    return {"your_move": your_move, "forming": forming, "running": running, "finished": finished[:50]}


def result_of(game: Game, user=None) -> list[dict]:
    """The final ranking: seat, player, rank, score."""
    if not game.outcome:
        return []
    seats = {s.index: s for s in game.seats.all()}
    rows = [
        {
            "seat": i + 1,
            "name": seats[i].name if i in seats else f"Seat {i + 1}",
            "rank": game.outcome["ranks"][i],
            "score": game.outcome["scores"][i],
            "you": user is not None and i in seats and seats[i].player_id == getattr(user, "pk", None),
        }
        for i in range(len(game.outcome.get("ranks", [])))
    ]
    return sorted(rows, key=lambda r: (r["rank"], r["seat"]))


def lobby_games() -> list[dict]:
    """Forming games with an open seat: engine, seats, options, time control, who is in."""
    games = (
        Game.objects.filter(status=Game.Status.FORMING)
        .annotate(open_seats=Count("seats", filter=Q(seats__player__isnull=True, seats__is_bot=False)))
        .filter(open_seats__gt=0)
        .prefetch_related("seats__player")
        .order_by("-created_at")[:200]
    )
    return [
        {"game": g, "title": selectors.engine_get(g.engine).title, "seats": _seats_text(g), "open": g.open_seats}
        for g in games
    ]


def poll_stamp(*, game_id: int) -> str:
    """Cheap: changes whenever anything on the game page would (a step
    applied, a move or commitment in, a message), without rendering it."""
    row = Game.objects.filter(pk=game_id).values_list("status", "version").first()
    if row is None:
        return "gone"
    moves = Move.objects.filter(game_id=game_id).count()
    talk = TableMessage.objects.filter(game_id=game_id).count()
    return f"{row[0]}.{row[1]}.{moves}.{talk}"


def table_talk(*, game: Game, seat: Seat | None, since=None) -> list[TableMessage]:
    """Messages to the table, and private ones to or from ``seat``."""
    if seat is None:
        return []
    q = Q(to_seat__isnull=True) | Q(to_seat=seat.index) | Q(sender_id=seat.player_id)
    rows = TableMessage.objects.filter(game=game).filter(q).select_related("sender")
    if since is not None:
        rows = rows.filter(created_at__gt=since)
    return list(rows.order_by("created_at", "id")[:500])


def table_talk_for_mail(*, game_id: int, seat_index: int, since=None) -> str:
    """Table talk for a notification mail to ``seat_index``'s player: the
    messages since ``since`` that this seat may read, as plain text ('' when
    none). For the outbox to add to its mails."""
    seat = Seat.objects.filter(game_id=game_id, index=seat_index).select_related("player").first()
    if seat is None or seat.player_id is None:
        return ""
    messages = table_talk(game=seat.game, seat=seat, since=since)
    if not messages:
        return ""
    seats = {s.index: s.name for s in seat.game.seats.select_related("player")}
    lines = ["Table talk:"]
    for m in messages:
        to = "to the table" if m.to_seat is None else f"to {seats.get(m.to_seat, m.to_seat)} only"
        lines.append(f"  {m.sender.username} ({to}), {m.created_at:%Y-%m-%d %H:%M} UTC: {m.text}")
    return "\n".join(lines)


def replay_step(*, game: Game, step: int) -> dict:
    """The spectator view after ``step`` applied steps of a finished game,
    rebuilt from its record (setup + moves), and the public events of that step."""
    record = selectors.game_record(game=game)
    engine = selectors.engine_get(game.engine)
    steps = record["steps"]
    step = max(0, min(step, len(steps)))
    state = engine.setup(record["players"], record["seed"], record["options"])
    events: list[dict] = []
    for entry in steps[:step]:
        moves = {int(seat): m["action"] for seat, m in entry["moves"].items()}
        result = engine.apply(state, moves)
        state, events = result["state"], result["events"]
    public = [e for e in events if e["to"] == "all"]
    return {
        "step": step,
        "steps": len(steps),
        "view": engine.view(state, None),
        "events": public,
        "text": engine.render(state, None),
    }
