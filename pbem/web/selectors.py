"""Page reads: the dashboard, the lobby, the game page's parts, the poll
stamp and the replay. Everything a seat sees comes from pbem.selectors (the
engine's view, history from events visible to the seat, commitments)."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db.models import Count, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.utils.encoding import force_str
from django.utils.http import urlsafe_base64_decode
from django.utils.translation import gettext as _

from engines.base import action_words as engine_action_words
from engines.names import seat_names_in
from pbem import selectors
from pbem.languages import game_title
from pbem.models import Game, Move, Seat, TableMessage


def user_by_uid(uidb64: str):
    try:
        pk = force_str(urlsafe_base64_decode(uidb64))
        return get_user_model().objects.filter(pk=int(pk)).first()
    except (ValueError, TypeError, OverflowError):
        return None


def _title(slug: str) -> str:
    """The game's title as published in the reader's country."""
    return game_title(slug) or selectors.engine_get(slug).title


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
        row = {"game": g, "title": _title(g.engine), "seats": _seats_text(g)}
        if g.status == Game.Status.FORMING:
            forming.append(row)
        elif g.status == Game.Status.ACTIVE:
            if g.pk not in waiting_ids:
                running.append(row)
        else:
            row["result"] = result_of(g, user)
            finished.append(row)
    for p in your_move:
        p.title = _title(p.game.engine)
        now = selectors.decisions_now(game=p.game).get(p.seat.index, {})
        p.kind, p.prompt = now.get("kind", p.kind), now.get("prompt", p.prompt)
    return {"your_move": your_move, "forming": forming, "running": running, "finished": finished[:50]}


def result_of(game: Game, user=None) -> list[dict]:
    """The final ranking: seat, player, rank, score."""
    if not game.outcome:
        return []
    seats = {s.index: s for s in game.seats.all()}
    rows = [
        {
            "seat": i + 1,
            "name": seats[i].name if i in seats else _("Seat %(number)s") % {"number": i + 1},
            "rank": game.outcome["ranks"][i],
            "score": game.outcome["scores"][i],
            "you": user is not None and i in seats and seats[i].player_id == getattr(user, "pk", None),
        }
        for i in range(len(game.outcome.get("ranks", [])))
    ]
    return sorted(rows, key=lambda r: (r["rank"], r["seat"]))


def lobby_games() -> list[dict]:
    """Public forming games with an open seat: engine, seats, options, time
    control, who is in. A private game is never listed: it is joined by its
    invitation code and shows only to its players and invitees."""
    games = (
        Game.objects.filter(status=Game.Status.FORMING, visibility=Game.Visibility.PUBLIC)
        .annotate(open_seats=Count("seats", filter=Q(seats__player__isnull=True, seats__is_bot=False)))
        .filter(open_seats__gt=0)
        .prefetch_related("seats__player")
        .order_by("-created_at")[:200]
    )
    return [
        {"game": g, "title": _title(g.engine), "seats": _seats_text(g), "open": g.open_seats}
        for g in games
    ]


def _count_of(model) -> Subquery:
    rows = model.objects.filter(game=OuterRef("pk")).order_by().values("game").annotate(n=Count("pk")).values("n")
    return Coalesce(Subquery(rows), 0)


def _seated() -> Subquery:
    """Seats taken (a player or a bot): the seats line and the invitation box change with it."""
    rows = (
        Seat.objects.filter(game=OuterRef("pk")).filter(Q(player__isnull=False) | Q(is_bot=True))
        .order_by().values("game").annotate(n=Count("pk")).values("n")
    )
    return Coalesce(Subquery(rows), 0)


def poll_stamp(*, game_id: int, user) -> str | None:
    """Cheap, one query: a stamp that changes whenever anything on the game
    page would (a step applied, a move or commitment in, a message), without
    rendering it. None when there is no such game or ``user`` may not see
    it: a private game's existence and progress are not told to outsiders."""
    if user is None or not user.is_authenticated:
        return None
    return _stamp(Game.objects.filter(selectors.games_visible_filter(user=user), pk=game_id))


def game_stamp(*, game_id: int) -> str | None:
    """``poll_stamp`` for a reader already let in (the live stream checks once, when it opens,
    as the page does); None when the game is gone."""
    return _stamp(Game.objects.filter(pk=game_id))


def _stamp(games) -> str | None:
    row = (
        games.annotate(n_moves=_count_of(Move), n_talk=_count_of(TableMessage), n_seated=_seated())
        .values_list("status", "version", "n_moves", "n_talk", "n_seated")
        .first()
    )
    return None if row is None else ".".join(str(x) for x in row)


def dashboard_game_ids(*, user) -> set[int]:
    """The games whose change may change ``user``'s dashboard: those they sit at that are not over."""
    return set(
        Game.objects.filter(seats__player=user, status__in=(Game.Status.FORMING, Game.Status.ACTIVE))
        .values_list("pk", flat=True)
    )


def table_talk(*, game: Game, seat: Seat | None, since=None) -> list[TableMessage]:
    """Messages to the table, and private ones to or from ``seat``."""
    if seat is None:
        return []
    q = Q(to_seat__isnull=True) | Q(to_seat=seat.index) | Q(sender_id=seat.player_id)
    rows = TableMessage.objects.filter(game=game).filter(q).select_related("sender")
    if since is not None:
        rows = rows.filter(created_at__gt=since)
    return list(rows.order_by("created_at", "id")[:500])


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
        "events": [{**e, "text": selectors.event_text(engine, e)} for e in public],
        "text": engine.render(state, None, lang=selectors.reader_language()),
    }


# --- the acting part: what is legal now, the seat's own sealed answer -----------------


def choices_for(*, game: Game, seat: Seat | None, actions: list[dict], names: list[str] | None = None) -> list[dict]:
    """The engine's choices (what is legal now, in the game's words and the
    reader's language, players by ``names``) for the actions the page offers this seat; [] when it offers none."""
    if seat is None or not actions or game.state is None:
        return []
    engine = selectors.engine_get(game.engine)
    by_type = {c["type"]: c for c in engine.choices(game.state, seat.index, lang=selectors.reader_language())}
    for c in by_type.values():
        for p in c["plays"]:
            p["label"] = seat_names_in(p["label"], names, game.engine)
        for options in c["options"].values():
            for o in options:
                o["label"] = seat_names_in(o["label"], names, game.engine)
    return [by_type.get(a["type"], {"type": a["type"], "label": a["label"], "options": {}, "plays": []}) for a in actions]


def board_acts(*, choices: list[dict], max_plays: int = 12) -> list[dict]:
    """What the board offers to click: every play and option the engine placed
    on a component (``on``), and the plays of a few-play action that has no
    component (``do:<type>:<n>``, drawn as buttons on the board)."""
    acts: list[dict] = []
    for c in choices:
        for i, p in enumerate(c["plays"]):
            if p.get("on"):
                acts.append({"on": p["on"], "label": p["label"]})
            elif len(c["plays"]) <= max_plays:
                acts.append({"on": f"do:{c['type']}:{i}", "label": p["label"]})
        if not c["plays"]:
            for options in c["options"].values():
                acts += [{"on": o["on"], "label": o["label"]} for o in options if o.get("on")]
    return acts


def sealed_answer_own(*, game: Game, seat: Seat | None) -> dict | None:
    """The seat's own sealed answer to the open decision, for its own page only
    (never for another seat, a spectator or a log): until the decision resolves."""
    if seat is None or game.status != Game.Status.ACTIVE:
        return None
    move = (
        Move.objects.filter(game=game, version=game.version, seat=seat.index, sealed=True, status=Move.Status.ACCEPTED)
        .select_related("secret")
        .order_by("-id")
        .first()
    )
    if move is None or move.secret.content is None:
        return None
    return {"action": move.secret.content, "commitment": move.secret.commitment, "at": move.received_at}


def action_words(*, action: dict, choices: list[dict], specs: list[dict] | None = None) -> str:
    """An action in the game's words and the reader's language, from the labels of the
    engine's choices and the titles of its specs for the decision it answers."""
    return engine_action_words(action, choices, specs, lang=selectors.reader_language())


# --- the calendar and game feeds --------------------------------------------------------------


def calendar_entries_for(*, user) -> list[dict]:
    """One entry per open decision of ``user`` that has a deadline: the
    game, what is asked (in the player's language, which the caller has
    activated), the deadline and when the reminder is due. Read afresh on
    every fetch, so a vacation or an extension shows at the next refresh."""
    entries = []
    prompts: dict[int, dict[int, str]] = {}
    for pa in selectors.decisions_waiting_for(user=user).filter(deadline__isnull=False):
        game = pa.game
        if game.pk not in prompts:
            prompts[game.pk] = selectors.prompts_now(game=game)
        remind_at = pa.remind_at
        hours = (game.time_control or {}).get("reminder_hours") or 0
        if remind_at is None and hours:
            remind_at = pa.deadline - timedelta(hours=hours)
        entries.append({
            "id": pa.pk,
            "game_id": game.pk,
            "title": _title(game.engine),
            "prompt": prompts[game.pk].get(pa.seat.index, pa.prompt),
            "deadline": pa.deadline,
            "remind_at": remind_at if remind_at is not None and remind_at < pa.deadline else None,
            "opened_at": pa.opened_at,
        })
    return entries


def game_feed_entries(*, game: Game, limit: int = 50) -> list[dict]:
    """The newest applied steps of a public game with their public events
    only (what a spectator sees), newest first; steps with no public event
    are left out."""
    engine = selectors.engine_get(game.engine)
    steps: dict[int, dict] = {}
    moves = Move.objects.filter(game=game, status=Move.Status.APPLIED).order_by("-version", "seat")
    for m in moves.only("version", "seat", "events", "applied_at")[: limit * max(game.players, 1)]:
        step = steps.setdefault(m.version, {"version": m.version, "applied_at": m.applied_at, "events": []})
        step["events"].extend(e["text"] for e in selectors.events_for_seat(events=m.events, seat=None, engine=engine))
        if m.applied_at and (step["applied_at"] is None or m.applied_at > step["applied_at"]):
            step["applied_at"] = m.applied_at
    return [s for s in steps.values() if s["events"]][:limit]


def seat_has_moved(*, game, seat) -> bool:
    """Whether the seat's player has made a move in the game (the game page then offers pushes)."""
    return seat is not None and Move.objects.filter(game=game, seat=seat.index).exists()
