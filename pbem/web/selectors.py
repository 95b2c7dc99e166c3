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


def board_acts(*, choices: list[dict], forms: list[dict] | None = None, max_plays: int = 12) -> list[dict]:
    """What the board offers to click: every play and option the engine placed
    on a component (``on``), the plays of a few-play action that has no
    component (``do:<type>:<n>``, drawn as buttons on the board), one button
    for an action of many such plays (``do:<type>``: it marks them in the
    acting part to choose among), and the price steps of an action whose
    values are amounts (``board_steps``)."""
    acts: list[dict] = []
    for c in choices:
        loose = [p for p in c["plays"] if not p.get("on")]
        for i, p in enumerate(c["plays"]):
            if p.get("on"):
                acts.append({"on": p["on"], "label": p["label"]})
            elif len(c["plays"]) <= max_plays:
                acts.append({"on": f"do:{c['type']}:{i}", "label": p["label"]})
        if loose and len(c["plays"]) > max_plays:
            acts.append({"on": f"do:{c['type']}", "label": c["label"]})
        if not c["plays"]:
            for options in c["options"].values():
                acts += [{"on": o["on"], "label": o["label"]} for o in options if o.get("on")]
    for form in forms or []:
        acts += board_steps(form=form)
    return acts


# the steps an amount moves by on the board: one step of its grid and five (20 and 100 florins in Fugger)
STEPS = (5, 1)
NICE = (1, 2, 5)


def _amounts(param: dict) -> list[int] | None:
    """The amounts a form's drop-down offers (the engine's legal values), if they are all whole numbers."""
    values = [v for v, _label, _on in param.get("options", [])]
    try:
        amounts = [int(v) for v in values]
    except ValueError:
        return None
    return amounts if len(amounts) > 1 and [str(a) for a in amounts] == values else None


def _grid(param: dict) -> int:
    """The step of a number field the engine could not list (a price of the player's own): a round
    amount that crosses its range in about 2,500 steps, on the field's own grid (Fugger's offers: 20)."""
    step = int(param.get("step") or 1)
    want = (param["max"] - param["min"]) / 2500
    k = 1
    while True:
        for n in NICE:
            if n * k >= want:
                return max(step, n * k // step * step)
        k *= 10


def board_steps(*, form: dict) -> list[dict]:
    """The board's control for amounts, so that no number is typed: a row
    for each amount of the form, with steps down and up by one and five steps
    of its grid, the amount between them, and for a price that may be left
    out (an empty line) a button to clear it; one button under the rows
    sends the form. Amounts are the drop-downs of whole numbers of a form
    that asks for nothing else (a line of asking prices or bids, an auction
    bid: the engine's legal values, which the steps walk), and any number
    field the engine could not list (a price offered to a player, within the
    field's bounds; the rest of that form is chosen in its drop-downs). Each
    step sets the form's field (table.js), so the move goes through the same
    form. Rows: ``head`` (no ``on``) names a line and shows its amount
    (``row`` is the field it mirrors: type:param:line)."""
    if form.get("plays"):
        return []
    listed = {p["name"]: _amounts(p) for p in form["params"] if p["kind"] in ("select", "pickers")}
    # drop-downs of numbers are amounts only in a form of amounts alone (a ware the card names is no
    # choice): not an offer to a player, whose count and player are drop-downs of numbers too
    alone = any(listed.values()) and all(
        listed.get(p["name"]) or (p["kind"] == "select" and len(p["options"]) == 1) for p in form["params"])
    out: list[dict] = []
    for param in form["params"]:
        if alone and listed.get(param["name"]):
            amounts = listed[param["name"]]
            grid = min(abs(a - b) for a, b in zip(amounts, amounts[1:]) if a != b)
            slots = list(param["slots"]) if param["kind"] == "pickers" else [0]
            empty, first = param["kind"] == "pickers", param["options"][0][1]
        elif param["kind"] == "number" and param.get("min") is not None and param.get("max") is not None:
            grid, slots, empty, first = _grid(param), [0], False, "—"
        else:
            continue
        for slot in slots:
            row = f"{form['type']}:{param['name']}:{slot}"
            many = len(slots) > 1
            out.append({"panel": form["type"], "title": form["label"], "row": row, "head": str(slot + 1) if many else "",
                        "value": "—" if empty else first})
            if empty:
                label = _("line %(slot)s: none") % {"slot": slot + 1} if many else _("none")
                out.append({"panel": form["type"], "row": row, "on": f"clear:{row}", "text": "✕", "label": label})
            for sign, k in [(-1, n) for n in STEPS] + [(1, n) for n in reversed(STEPS)]:
                amount = k * grid
                if many:
                    label = (_("line %(slot)s: %(amount)s more") if sign > 0 else _("line %(slot)s: %(amount)s less")) % {
                        "slot": slot + 1, "amount": amount}
                else:
                    label = (_("%(amount)s more") if sign > 0 else _("%(amount)s less")) % {"amount": amount}
                out.append({"panel": form["type"], "row": row, "on": f"step:{row}:{sign * amount}",
                            "text": f"{'+' if sign > 0 else '−'}{amount}", "label": label})
    if out:
        out.append({"panel": form["type"], "row": "send", "on": f"send:{form['type']}", "text": _("Send"),
                    "label": _("Send: %(what)s") % {"what": form["label"]}})
    return out


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
