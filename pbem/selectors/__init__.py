"""Reads. Nothing here changes a game; everything here respects what a seat
may see (the engine's view, private events only to their seats, sealed
contents never before their decision resolves)."""

from __future__ import annotations

import importlib
import json
from functools import lru_cache

from django.conf import settings
from django.db import connection
from django.db.models import Count, DateTimeField, Exists, OuterRef, Q, QuerySet, Sum
from django.db.models.expressions import RawSQL
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from engines import orders as O
from engines import registry
from engines.base import Engine
from notifications.models import Invitation
from pbem.errors import Conflict, NotFound, NotYourSeat
from pbem.languages import language_supported
from pbem.models import DecisionOrder, Game, Move, PendingAction, Profile, Seat, StandingOrder, TakeBack, Vacation


@lru_cache(maxsize=None)
def _extra_engines() -> dict[str, Engine]:
    # Test-only engines (settings.PBEM_EXTRA_ENGINES) are seen by the web
    # process and the worker alike.
    out = {}
    for path in getattr(settings, "PBEM_EXTRA_ENGINES", []):
        engine = importlib.import_module(path).ENGINE
        out[engine.slug] = engine
    return out


def engine_list() -> dict[str, Engine]:
    return {**registry.ENGINES, **_extra_engines()}


def engine_get(slug: str) -> Engine:
    try:
        return engine_list()[slug]
    except KeyError:
        raise NotFound(_("No game called %(slug)r. Available: %(names)s.") % {"slug": slug, "names": ', '.join(sorted(engine_list()))}) from None


def game_visible(*, game: Game, user) -> bool:
    """Who may see a game at all. A public game: any logged-in account (the
    spectator view and the public history). A private game: its creator, its
    seated players and the addresses invited to it (``games_visible_filter``: the same rule as a query)."""
    if user is None or not user.is_authenticated:
        return False
    if game.visibility == Game.Visibility.PUBLIC or game.created_by_id == user.pk:
        return True
    return game.seats.filter(player=user).exists() or game_invited(game=game, user=user)


def games_visible_filter(*, user) -> Q:
    """``game_visible`` as a filter on games, for a query that checks who may
    see a game while it reads something else (the web page's poll). The rule
    is the same; keep the two side by side."""
    q = Q(visibility=Game.Visibility.PUBLIC) | Q(created_by=user) | Q(Exists(Seat.objects.filter(game=OuterRef("pk"), player=user)))
    if user.email:
        q |= Q(Exists(Invitation.objects.filter(game=OuterRef("pk"), email__iexact=user.email)))
    return q


def game_invited(*, game: Game, user) -> bool:
    """Whether ``user``'s address was invited to ``game``."""
    return bool(user.email) and Invitation.objects.filter(game=game, email__iexact=user.email).exists()


def game_get(*, game_id: int, user=None) -> Game:
    """The game, checked against ``user`` when given: a game the user may not
    see is answered as if it did not exist (its number tells nothing)."""
    try:
        game = Game.objects.get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise NotFound(_("There is no game %(game_id)s.") % {"game_id": game_id}) from None
    if user is not None and not game_visible(game=game, user=user):
        raise NotFound(_("There is no game %(game_id)s that you may see: a private game shows only to its players and invitees.") % {"game_id": game_id})
    return game


def _check_visible(game: Game, user) -> None:
    if not game_visible(game=game, user=user):
        raise NotFound(_("There is no game %(game_id)s that you may see: a private game shows only to its players and invitees.") % {"game_id": game.pk})


def seat_of(*, game: Game, user) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return game.seats.filter(player=user).first()


def seats_by_index(*, game: Game, vacations_at=None) -> dict[int, Seat]:
    """The game's seats (with their players) by index, read once per game
    object: a step that opens decisions and writes their mails needs them
    several times, with the game row locked (so they cannot change meanwhile).
    ``vacations_at``: each seat also carries ``away_until``, the end of the
    vacation its player is on at that moment (None: not away), read in the same
    query, for the deadlines of decisions opened then (``deadline_plan``)."""
    seats = game.__dict__.get("_seats_by_index")
    if seats is None or (vacations_at is not None and game.__dict__.get("_seats_vacations_at") != vacations_at):
        # the profile too: each your-move mail gives the deadline in the player's time zone
        rows = game.seats.select_related("player", "player__profile").order_by("index")
        if vacations_at is not None:
            rows = rows.annotate(away_until=_away_until_at(vacations_at))
        seats = {s.index: s for s in rows}
        game.__dict__["_seats_by_index"] = seats
        game.__dict__["_seats_vacations_at"] = vacations_at
    return seats


def _away_until_at(at):
    """The end of the vacation a seat's player is on at ``at`` (vacations taken back to back
    form one stretch, so the latest end is the one that counts), else None: an expression of a
    seat query, in SQL (PostgreSQL and SQLite alike) because Django's building of the same from
    ``Exists`` and ``Subquery`` cost a step more CPU than the query itself."""
    q = connection.ops.quote_name
    vacations, seats, moment = q(Vacation._meta.db_table), q(Seat._meta.db_table), connection.ops.adapt_datetimefield_value(at)
    return RawSQL(
        f"""(SELECT MAX(v.ends_at) FROM {vacations} v WHERE v.user_id = {seats}.player_id AND v.ends_at > %s
             AND EXISTS (SELECT 1 FROM {vacations} c WHERE c.user_id = {seats}.player_id AND c.starts_at <= %s AND c.ends_at > %s))""",
        (moment, moment, moment),
        output_field=DateTimeField(),
    )


def seat_for_move(*, game_id: int, user) -> Seat:
    """The user's seat in a game they send a move to, in one query and
    without the game's state (the move service reads that, locked). A game
    the user may not see is not found; one they see without a seat is refused
    as before."""
    seat = None
    if user is not None and user.is_authenticated:
        seat = Seat.objects.filter(game_id=game_id, player=user).only("id", "index", "game_id", "player_id").first()
    if seat is None:
        game_get(game_id=game_id, user=user)  # not found, as for any game the user may not see
        raise NotYourSeat(_("You have no seat in this game."))
    return seat


def open_decisions(*, game: Game) -> QuerySet[PendingAction]:
    return (
        PendingAction.objects.filter(game=game, version=game.version, closed_at__isnull=True)
        .select_related("seat")
        .order_by("seat__index")
    )


def commitments(*, game: Game) -> list[dict]:
    """Every sealed move's commitment, public from the moment it is made. The
    content is never here: what a sealed answer reveals is what the engine's
    events say. The salts are published once the game is finished (with
    them, a small answer could be found from its commitment by trying every
    possible one), and the record then holds every answer to check them."""
    finished = game.status == Game.Status.FINISHED
    rows = (
        Move.objects.filter(game=game, sealed=True)
        .exclude(status=Move.Status.SUPERSEDED)
        .select_related("secret")
        .order_by("version", "seat")
    )
    out = []
    for m in rows:
        entry = {"version": m.version, "seat": m.seat, "commitment": m.secret.commitment, "resolved": m.secret.revealed_at is not None}
        if finished:
            entry["salt"] = m.secret.salt
        out.append(entry)
    return out


def game_detail(*, game: Game, user) -> dict:
    """What ``user`` may know of ``game``: the API's game resource. Another
    seat's decision shows its kind and whether it is answered, never its
    prompt (a prompt may name what only that seat holds)."""
    _check_visible(game, user)
    seat = seat_of(game=game, user=user)
    engine = engine_get(game.engine)
    seats = list(game.seats.select_related("player").order_by("index"))
    out = {
        "id": game.pk,
        "engine": game.engine,
        "title": engine.title,
        "status": game.status,
        "visibility": game.visibility,
        "version": game.version,
        "options": game.options,
        "time_control": game.time_control,
        # the code lets others join (a private game needs it): only for the players
        "invite_code": game.invite_code if game.status == Game.Status.FORMING and seat is not None else None,
        "created_by": game.created_by.username,
        "created_at": game.created_at,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "seats": [
            {"index": s.index, "player": s.player.username if s.player_id else None, "bot": s.is_bot, "status": s.status}
            for s in seats
        ],
        "your_seat": seat.index if seat else None,
        "seed_commitment": game.seed_commitment if game.state is not None else None,
        "view": None,
        "decisions": [],
        "actions": [],
        "commitments": [],
        "outcome": game.outcome,
    }
    if game.state is None:
        return out
    out["view"] = engine.view(game.state, seat.index if seat else None)
    decisions = list(open_decisions(game=game))
    now = decisions_now(game=game)
    out["decisions"] = [
        {
            "seat": p.seat.index,
            "kind": now.get(p.seat.index, {}).get("kind", p.kind),
            "sealed": p.sealed,
            "prompt": now.get(p.seat.index, {}).get("prompt", p.prompt) if seat is not None and p.seat_id == seat.pk else None,
            "deadline": p.deadline,
            "submitted": p.submitted_at is not None,
        }
        for p in decisions
    ]
    if seat is not None and game.status == Game.Status.ACTIVE:
        mine = next((p for p in decisions if p.seat_id == seat.pk), None)
        # A sealed move may be replaced until the decision resolves, so its
        # specs stay on offer; an unsealed one is final once sent.
        if mine is not None and (mine.sealed or mine.submitted_at is None):
            out["actions"] = engine.actions(game.state, seat.index, lang=reader_language())
    out["commitments"] = commitments(game=game)
    return out


def events_for_seat(*, events: list[dict], seat: int | None, engine=None, lang: str | None = None) -> list[dict]:
    """The events of a step that ``seat`` may see (None: a spectator), as the
    engine addressed them: this is all anyone learns of another seat's move.
    With ``engine``, each text is written in ``lang`` (default: the reader's)."""
    return [
        {"type": e["type"], "text": event_text(engine, e, lang) if engine is not None else e["text"], "data": e["data"]}
        for e in events
        if e["to"] == "all" or (seat is not None and seat in e["to"])
    ]


def game_history(*, game: Game, user) -> list[dict]:
    """One entry per applied step: which seats acted (your own actions in
    full, nobody else's) and the events ``user``'s seat may see. Built from
    the engine's events, never from another seat's raw action."""
    _check_visible(game, user)
    seat = seat_of(game=game, user=user)
    seat_index = seat.index if seat else None
    engine = engine_get(game.engine)
    steps: dict[int, dict] = {}
    for m in Move.objects.filter(game=game, status=Move.Status.APPLIED).order_by("version", "seat"):
        step = steps.setdefault(m.version, {"version": m.version, "moves": [], "events": [], "applied_at": m.applied_at})
        move = {"seat": m.seat, "sealed": m.sealed, "source": m.source}
        if m.seat == seat_index:
            move["action"] = m.action
        step["moves"].append(move)
        step["events"].extend(events_for_seat(events=m.events, seat=seat_index, engine=engine))
    return list(steps.values())


def reader_language() -> str:
    """The language of whoever is being written to now: the request's or the
    mail's, as the channel activated it."""
    return translation.get_language() or settings.LANGUAGE_CODE


def decisions_now(*, game: Game, lang: str | None = None) -> dict[int, dict]:
    """Each open decision by seat, its kind and prompt in ``lang`` (default:
    the reader's), from the engine; the stored ones are English."""
    if game.state is None:
        return {}
    return {d["seat"]: d for d in engine_get(game.engine).decisions(game.state, lang=lang or reader_language())}


def prompts_now(*, game: Game, lang: str | None = None) -> dict[int, str]:
    """What each seat with an open decision is asked, in ``lang`` (default: the reader's)."""
    return {seat: d["prompt"] for seat, d in decisions_now(game=game, lang=lang).items()}


def event_text(engine, event: dict, lang: str | None = None) -> str:
    """A stored event written for its reader (events older than the
    languages have no message key and keep their English text)."""
    writer = getattr(engine, "event_text", None)
    return writer(event, lang=lang or reader_language()) if writer is not None else event["text"]


def decisions_waiting_for(*, user) -> QuerySet[PendingAction]:
    """Every open decision of ``user`` across games, soonest deadline first;
    sealed ones already answered are left out (nothing is waiting)."""
    return (
        PendingAction.objects.filter(
            seat__player=user,
            closed_at__isnull=True,
            submitted_at__isnull=True,
            game__status=Game.Status.ACTIVE,
            seat__status=Seat.Status.PLAYING,
        )
        .select_related("game", "seat")
        .order_by("deadline", "opened_at")
    )


SEED_COMMITMENT_FORMULA = 'sha256 of the text "<seed>:<seed_salt>"'
MOVE_COMMITMENT_FORMULA = "sha256(canonical JSON of {action, game, salt, seat, version})"


def game_record(*, game: Game, user=None) -> dict:
    """Enough to replay and verify a finished game: the seed with its salt
    (checkable against the seed commitment published at the start), the
    options and every applied move with its salt. Refused before the end:
    the seed and the moves would tell everyone every hand."""
    if user is not None:
        _check_visible(game, user)
    if game.status != Game.Status.FINISHED:
        raise Conflict(_("The record is published once the game is finished."))
    moves: dict[int, dict] = {}
    for m in Move.objects.filter(game=game, status=Move.Status.APPLIED).select_related("secret").order_by("version", "seat"):
        entry = moves.setdefault(m.version, {"version": m.version, "moves": {}})
        item = {"action": m.action, "source": m.source}
        if m.sealed:
            item["salt"] = m.secret.salt
            item["commitment"] = m.secret.commitment
        entry["moves"][str(m.seat)] = item
    return {
        "engine": game.engine,
        "players": game.players,
        "seed": game.seed,
        "seed_salt": game.seed_salt,
        "seed_commitment": game.seed_commitment,
        "seed_commitment_formula": SEED_COMMITMENT_FORMULA,
        "options": game.options,
        "steps": list(moves.values()),
        "outcome": game.outcome,
        "commitment_formula": MOVE_COMMITMENT_FORMULA,
    }


def profile_of(*, user):
    """The player's profile, or the defaults (unsaved) when there is none yet;
    read with the user when that was asked for (``select_related``)."""
    relation = user._meta.get_field("profile")
    if relation.is_cached(user):
        return relation.get_cached_value(user) or Profile(user=user)
    return Profile.objects.filter(user=user).first() or Profile(user=user)


def language_of(*, user) -> str:
    """The language ``user`` reads pages, mails and answers in: the profile's,
    else the site's default (settings.LANGUAGE_CODE)."""
    if user is None or not getattr(user, "pk", None):
        return settings.LANGUAGE_CODE
    return language_supported(profile_of(user=user).language) or settings.LANGUAGE_CODE


# --- deadlines: reliability and vacations (issue 8) ----------------------------------


def reliability_of(*, user) -> dict:
    """A player's record against the clock, over every decision a deadline
    applied to: answered on time, late (within grace), timed out; and the
    games left by forfeit or resignation. Fit for profiles and as an entry
    condition (``reliability_meets``)."""
    counts = dict(
        PendingAction.objects.filter(seat__player=user)
        .exclude(answer__in=["", PendingAction.Answer.AUTO])
        .values_list("answer")
        .annotate(n=Count("id"))
        .values_list("answer", "n")
    )
    left = dict(
        Seat.objects.filter(player=user, status__in=[Seat.Status.FORFEITED, Seat.Status.RESIGNED])
        .values_list("status")
        .annotate(n=Count("id"))
        .values_list("status", "n")
    )
    on_time, late, timeouts = (counts.get(k, 0) for k in ("on_time", "late", "timeout"))
    decisions = on_time + late + timeouts
    return {
        "decisions": decisions,
        "on_time": on_time,
        "late": late,
        "timeouts": timeouts,
        "on_time_rate": round(on_time / decisions, 4) if decisions else None,
        "forfeits": left.get(Seat.Status.FORFEITED, 0),
        "resignations": left.get(Seat.Status.RESIGNED, 0),
        "games": Seat.objects.filter(player=user, game__status__in=[Game.Status.ACTIVE, Game.Status.FINISHED]).count(),
    }


def reliability_meets(
    *,
    user,
    min_on_time_rate: float | None = None,
    max_timeouts: int | None = None,
    max_forfeits: int | None = None,
    min_decisions: int | None = None,
) -> bool:
    """Whether ``user`` meets an entry condition (for ladders and tournaments).
    A player with no record yet meets a rate condition (everyone starts clean)
    but not a ``min_decisions`` one."""
    r = reliability_of(user=user)
    if min_decisions is not None and r["decisions"] < min_decisions:
        return False
    if min_on_time_rate is not None and r["on_time_rate"] is not None and r["on_time_rate"] < min_on_time_rate:
        return False
    if max_timeouts is not None and r["timeouts"] > max_timeouts:
        return False
    if max_forfeits is not None and r["forfeits"] > max_forfeits:
        return False
    return True


def vacation_allowance_days(*, user) -> int:
    profile = Profile.objects.filter(user=user).only("vacation_days_per_year").first()
    if profile is not None and profile.vacation_days_per_year is not None:
        return profile.vacation_days_per_year
    return settings.PBEM_VACATION_DAYS_PER_YEAR


def vacation_days_used(*, user, year: int) -> int:
    """Days taken in ``year`` (a vacation counts in the year it was taken)."""

    return Vacation.objects.filter(user=user, created_at__year=year).aggregate(n=Sum("days"))["n"] or 0


def vacation_status(*, user) -> dict:
    """The player's vacation allowance this calendar year, what is used, and
    the end of the current vacation (None when not away)."""

    now = timezone.now()
    allowance = vacation_allowance_days(user=user)
    used = vacation_days_used(user=user, year=now.year)
    away = (
        Vacation.objects.filter(user=user, starts_at__lte=now, ends_at__gt=now).exists()
        and Vacation.objects.filter(user=user, ends_at__gt=now).order_by("-ends_at").values_list("ends_at", flat=True).first()
    ) or None
    return {
        "allowance_days": allowance,
        "used_days": used,
        "remaining_days": max(0, allowance - used),
        "away_until": away,
        "vacations": [
            {"days": v.days, "starts_at": v.starts_at, "ends_at": v.ends_at}
            for v in Vacation.objects.filter(user=user, created_at__year=now.year).order_by("starts_at")
        ],
    }


# --- orders given in advance (issue 25) -----------------------------------------------


def orders_of(*, game: Game, seat: Seat) -> dict:
    """``seat``'s own orders: the candidates for its next decision, its
    standing orders (each with its line of text), the standing orders the
    game offers now (labelled in the reader's language), and whether its last move may be taken back. Only ever
    read for the seat's own player: orders are private to their seat."""
    engine = engine_get(game.engine)
    lang = reader_language()
    active = game.status == Game.Status.ACTIVE and game.state is not None
    nxt = DecisionOrder.objects.filter(seat=seat).first()
    specs = O.standing_specs_of(engine, game.state, seat.index, lang) if active else []
    labels = {s["type"]: s["label"] for s in specs}
    wording = O.wording_of(engine)
    return {
        "next": nxt.candidates if nxt else [],
        "standing": [
            {"id": o.pk, "order": o.order, "command": O.standing_command(o.order, lang, wording),
             "label": labels.get(o.order.get("type"), "")}
            for o in StandingOrder.objects.filter(seat=seat).order_by("id")
        ],
        "standing_specs": specs,
        "take_back": active and take_back_possible(game=game, seat=seat),
    }


def standing_said(*, game: Game, order: dict) -> str:
    """A standing order as one line in the reader's language (`höchstens maximilien 3`)."""
    return O.standing_command(order, reader_language(), O.wording_of(engine_get(game.engine)))


def standing_choices(*, game: Game, specs: list[dict]) -> dict[str, dict]:
    """The forms' choices of each standing order spec: every value by its
    printed name in the reader's language (``König``, ``Forziere viola``), as
    the move forms name theirs; {type: {"plays": [], "options": {param: [...]}}}."""
    wording, lang = O.wording_of(engine_get(game.engine)), reader_language()
    out = {}
    for s in specs:
        options = {}
        for name, schema in s["params"].items():
            item = schema.get("items", {}) if schema.get("type") == "array" else schema
            if "enum" in item:
                options[name] = [{"value": v, "label": wording.label(name, v, lang), "on": None} for v in item["enum"]]
        out[s["type"]] = {"plays": [], "options": options}
    return out


def candidates_said(*, game: Game, seat: int, candidates: list) -> list[str]:
    """Orders for a next decision as the reader reads them: a command as its
    player wrote it, an action object (given by API) as the game's command in
    the reader's language."""
    engine = engine_get(game.engine)
    out = []
    for c in candidates:
        if isinstance(c, dict) and game.state is not None:
            try:
                out.append(engine.command(game.state, seat, c, lang=reader_language()))
                continue
            except Exception:  # noqa: BLE001 - an action the game cannot write now is shown as given
                pass
        out.append(c if isinstance(c, str) else json.dumps(c, ensure_ascii=False, sort_keys=True))
    return out


def take_back_possible(*, game: Game, seat: Seat) -> bool:
    """Whether ``seat`` may take back its last move now (as move_take_back
    would decide, without the lock)."""
    last = Move.objects.filter(game=game, status=Move.Status.APPLIED).order_by("-version", "-id").first()
    if last is None or last.seat != seat.index or not TakeBack.objects.filter(move=last).exists():
        return False
    return not open_decisions(game=game).filter(submitted_at__isnull=False).exists()


# --- the reader's language ---------------------------------------------------------


def recipient_language(user) -> str:
    """The language every text sent to ``user`` is rendered in (mail, and
    later push and chat): the account's (``language_of``), else the site's."""
    return language_of(user=user)
