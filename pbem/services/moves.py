"""Moves: the only way a move enters a game and the only way a decision is applied.

``move_submit`` is the one way a move enters a game, whatever carried it (web,
API, email, a timeout, a bot). ``game_advance`` is the one way a decision is
applied. Both lock the game row (``SELECT ... FOR NO KEY UPDATE``, so rows
that merely reference the game are not blocked) and are safe to run twice.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Exists, OuterRef, Subquery
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from engines import schema_words
from engines.base import IllegalAction, canonical, check_against_specs, describe_actions
from engines.rng import Rng
from pbem.errors import (
    Conflict,
    IdempotencyKeyReused,
    IllegalMove,
    InvalidRequest,
    NotFound,
    NotYourSeat,
    NotYourTurn,
    StaleVersion,
)
from pbem.languages import status_word
from pbem.models import Game, Move, PendingAction, SealedMove, Seat
from pbem.selectors import engine_get, game_get, seats_by_index
from pbem.services.deadlines import answer_record, deadline_plan
from pbem.services.game_finish import game_finish
from pbem.services.mails import resolution_write, your_move_write

log = logging.getLogger(__name__)

# How many steps one call of game_advance applies before it hands the rest to
# a fresh task, so a long stretch of bot moves never holds the lock for long.
MAX_STEPS_PER_ADVANCE = 200

# What other services do at two moments of a step, registered when they are
# imported (so this module imports none of them), both with the game row locked:
# - STEP_APPLIED(game=, engine=, before=, moves=, after=, decisions=): a step was applied
#   (``moves`` the Move rows; ``game.state`` still the state before; ``decisions`` the
#   engine's decisions after it, [] when the game is over);
# - DECISIONS_OPENED(game=, engine=, pending=) -> set of PendingAction ids it
#   answered (orders given in advance): nobody is asked for those.
STEP_APPLIED: list = []
DECISIONS_OPENED: list = []


@dataclass(frozen=True)
class MoveResult:
    move_id: int
    version: int
    status: str  # accepted | applied
    sealed: bool
    commitment: str | None
    duplicate: bool  # the idempotency key was seen before: this is the first answer again

    def as_dict(self) -> dict:
        return {
            "move": self.move_id,
            "version": self.version,
            "status": self.status,
            "sealed": self.sealed,
            "commitment": self.commitment,
            "duplicate": self.duplicate,
        }


def queue_advance(game_id: int) -> None:
    """Queue ``advance`` once the caller's transaction commits, and mark the
    game so that the lost-work sweep finds it by index if the task never runs
    to its end (a worker killed, the broker down): the mark is written in the
    same transaction as the work it stands for."""
    Game.objects.filter(pk=game_id).update(advance_queued_at=timezone.now())
    transaction.on_commit(lambda: _send_advance(game_id))


def _send_advance(game_id: int) -> None:
    from pbem.tasks import advance

    try:
        advance.delay(game_id)
    except Exception as exc:  # noqa: BLE001 - the broker is down: the work is committed and marked
        # The lost-work sweep queues it once the broker is back; the caller's
        # answer (a move accepted) stays true.
        log.warning("game %s: advance not queued (%s); the lost-work sweep will queue it", game_id, type(exc).__name__)


def bot_action(*, game: Game, engine, seat: int) -> dict:
    """A bot's choice for ``seat`` now: a bot seat's move, and a bot's answer
    when a player runs out of time. It follows from the game's seed, version
    and the seat alone, so a record replays and both choose alike."""
    rng = Rng.from_seed(game.seed * 1_000_003 + game.version * 101 + seat)
    return engine.bot(game.state, seat, rng)


def game_lock(game_id: int) -> Game:
    try:
        return Game.objects.select_for_update(no_key=True).get(pk=game_id)
    except Game.DoesNotExist:
        raise NotFound(_("There is no game %(game_id)s.") % {"game_id": game_id}) from None


def request_digest_of(*, seat: int, action, version: int | None) -> str:
    """What an Idempotency-Key is bound to: keyed with SECRET_KEY, so the
    digest of a sealed answer says nothing of it."""
    body = canonical({"action": action, "seat": seat, "version": version})
    return hmac.new(settings.SECRET_KEY.encode(), body.encode(), hashlib.sha256).hexdigest()


def commitment_of(*, game_id: int, version: int, seat: int, action: dict, salt: str) -> str:
    body = canonical({"action": action, "game": game_id, "salt": salt, "seat": seat, "version": version})
    return hashlib.sha256(body.encode()).hexdigest()


# --- moves -----------------------------------------------------------------------


def _game_lock_for_move(game_id: int, *, player, idempotency_key: str | None) -> Game:
    """The game row locked, in the same round trip the sender's seat (``player``: the seat is
    not known yet) and whether a move with this Idempotency-Key exists: the API's move path
    reads them together, each a subquery of the locking SELECT."""
    rows = Game.objects.select_for_update(no_key=True)
    if player is not None:
        rows = rows.annotate(sender_seat=Subquery(Seat.objects.filter(game_id=OuterRef("pk"), player=player).values("index")[:1]))
    if idempotency_key:
        rows = rows.annotate(keyed_move=Exists(Move.objects.filter(game_id=OuterRef("pk"), idempotency_key=idempotency_key)))
    try:
        return rows.get(pk=game_id)
    except Game.DoesNotExist:
        raise NotFound(_("There is no game %(game_id)s.") % {"game_id": game_id}) from None


def move_submit(
    *,
    game_id: int,
    seat: int | None = None,
    player=None,
    action: dict,
    source: str,
    idempotency_key: str | None = None,
    version: int | None = None,
) -> MoveResult:
    """Store one move, once.

    The move is ``seat``'s, or (``player``, for the API) the seat of that player, read
    with the game's lock: a game the player may not see is not found, one they see
    without a seat refuses the move.

    Refuses with a ServiceError (and changes nothing) when the game is not
    active, the seat holds no open decision, ``version`` is not the game's
    version, or the engine finds the action illegal. The same
    ``idempotency_key`` again with the same request returns the first answer;
    with another request it is refused (422, as the IETF Idempotency-Key
    draft says), since the client would believe the new one stored. A sealed move is stored
    sealed and answered with its commitment; the seat may replace it until the
    decision resolves.
    """
    if source not in Move.Source.values:
        raise InvalidRequest(_("unknown move source %(source)r") % {"source": source})
    if (seat is None) == (player is None):
        raise TypeError("move_submit takes a seat or a player")
    with transaction.atomic():
        game = _game_lock_for_move(game_id, player=player, idempotency_key=idempotency_key)
        if player is not None:
            seat = game.sender_seat
            if seat is None:
                game_get(game_id=game_id, user=player)  # not found, as for any game the player may not see
                raise NotYourSeat(_("You have no seat in this game."))
        digest = request_digest_of(seat=seat, action=action, version=version)
        if idempotency_key and game.keyed_move:
            first = Move.objects.filter(game=game, idempotency_key=idempotency_key).select_related("secret").first()
            if first is not None:
                if first.seat != seat:
                    raise Conflict(_("This Idempotency-Key was already used for another seat's move; send a fresh key."))
                if first.request_digest and not hmac.compare_digest(first.request_digest, digest):
                    raise IdempotencyKeyReused(
                        _("This Idempotency-Key was already used for a different move: the first one stands. "
                          "Send a new move with a fresh key.")
                    )
                return _result(first, duplicate=True)
        engine = engine_get(game.engine)
        open_now = _open_decisions(game)
        if open_now and all(p.submitted_at is not None for p in open_now):
            # The decision is complete but not yet applied (its task still
            # queued): apply it first, so a player's next action in a turn is
            # not refused. Only then: an open decision needs no advance.
            _advance_locked(game, engine, max_steps=MAX_STEPS_PER_ADVANCE, bots=False, opened=open_now)
            open_now = _open_decisions(game)
        move = _submit_locked(game, engine, seat, action, source, idempotency_key, version, digest, open_now)
        if not advance_on_its_way(game):
            queue_advance(game.pk)
    return _result(move, duplicate=False)


def _result(move: Move, duplicate: bool) -> MoveResult:
    return MoveResult(
        move_id=move.pk,
        version=move.version,
        status=move.status,
        sealed=move.sealed,
        commitment=move.secret.commitment if move.sealed else None,
        duplicate=duplicate,
    )


def _open_decisions(game: Game) -> list[PendingAction]:
    """The decisions open at the game's version (one query; each with its seat)."""
    return list(
        PendingAction.objects.filter(game=game, version=game.version, closed_at__isnull=True).select_related("seat")
    )


# The step's first read, in SQL written once per process: the decisions open at the game's
# version, each with its seat and the move accepted for it (with a sealed move's secret), in one
# round trip instead of two, and without Django building the two queries anew for every step
# (which cost more CPU than running them). The rows become model instances as Django's own
# reads make them (the backend's and the fields' converters: PostgreSQL and SQLite alike).
_READ_MODELS = ((PendingAction, "p"), (Seat, "s"), (Move, "m"), (SealedMove, "x"))
_read_plans: dict[str, tuple] = {}


def _read_plan() -> tuple:
    plan = _read_plans.get(connection.vendor)
    if plan is None:
        q = connection.ops.quote_name
        columns, parts = [], []
        for model, alias in _READ_MODELS:
            fields = model._meta.concrete_fields
            columns += [f"{alias}.{q(f.column)}" for f in fields]
            converters = []
            for f in fields:
                col = f.get_col(alias)
                converters.append([(c, col) for c in connection.ops.get_db_converters(col) + col.get_db_converters(connection)])
            parts.append((model, [f.attname for f in fields], converters))
        t = {model: q(model._meta.db_table) for model, _ in _READ_MODELS}
        sql = (
            f"SELECT {', '.join(columns)} FROM {t[PendingAction]} p JOIN {t[Seat]} s ON s.id = p.seat_id "
            f"LEFT JOIN {t[Move]} m ON m.game_id = p.game_id AND m.version = p.version AND m.seat = s.{q('index')} AND m.status = %s "
            f"LEFT JOIN {t[SealedMove]} x ON x.move_id = m.id "
            f"WHERE p.game_id = %s AND p.version = %s AND p.closed_at IS NULL ORDER BY s.{q('index')}"
        )
        plan = _read_plans[connection.vendor] = (sql, parts)
    return plan


def _open_decisions_and_moves(game: Game) -> tuple[list[PendingAction], list[Move] | None]:
    """The decisions open at the game's version, each with its seat, and the moves accepted for
    them by seat (``_read_plan``); moves None when the read cannot say (more than one move
    accepted for a seat, which no path writes: ``_apply`` then reads them as before)."""
    sql, parts = _read_plan()
    with connection.cursor() as c:
        c.execute(sql, [Move.Status.ACCEPTED.value, game.pk, game.version])
        rows = c.fetchall()
    pending, moves, start = [], [], 0
    seat_of, game_of, secret_of = PendingAction._meta.get_field("seat"), PendingAction._meta.get_field("game"), SealedMove._meta.get_field("move")
    for row in rows:
        made, start = [], 0
        for model, names, converters in parts:
            values = list(row[start : start + len(names)])
            start += len(names)
            for i, chain in enumerate(converters):
                for converter, col in chain:
                    values[i] = converter(values[i], col, connection)
            made.append(model.from_db(connection.alias, names, values) if values[0] is not None else None)
        p, seat, move, secret = made
        seat_of.set_cached_value(p, seat)
        game_of.set_cached_value(p, game)
        pending.append(p)
        if move is not None:
            Move._meta.get_field("game").set_cached_value(move, game)
            secret_of.remote_field.set_cached_value(move, secret)
            if secret is not None:
                secret_of.set_cached_value(secret, move)
            moves.append(move)
    if len({p.pk for p in pending}) != len(pending):
        return _open_decisions(game), None
    return pending, moves


def _submit_locked(
    game: Game,
    engine,
    seat: int,
    action,
    source: str,
    key: str | None,
    version: int | None,
    digest: str,
    open_now: list[PendingAction],
) -> Move:
    if game.status != Game.Status.ACTIVE:
        raise NotYourTurn(_("This game is %(status)s: no moves are taken.") % {"status": status_word(game.status)})
    if version is not None and version != game.version:
        raise StaleVersion(
            _("Your move answers version %(version)s, but the game is at version %(current)s. "
              "Look at the game again and send your move for the current situation.")
            % {"version": version, "current": game.version},
            current_version=game.version,
        )
    pending = next((p for p in open_now if p.seat.index == seat), None)
    if pending is None:
        waiting = ", ".join(str(p.seat.index + 1) for p in sorted(open_now, key=lambda p: p.seat.index))
        raise NotYourTurn(_("Nothing is asked of seat %(seat)s now; the game waits for seat(s) %(seats)s.") % {
            "seat": seat + 1, "seats": waiting or pgettext("seats", "none")})
    if pending.submitted_at is not None and not pending.sealed:
        raise NotYourTurn(_("Your move for this decision is already in and is being applied."))
    if not isinstance(action, dict):
        raise IllegalMove(_('An action is a JSON object with a "type".') + " " + _allowed(engine, game, seat))
    _fits_specs(engine, game.state, seat, action)
    try:
        engine.validate(game.state, seat, action, lang=translation.get_language() or "en")  # the sender's language
    except IllegalAction as e:
        raise IllegalMove(e.message) from None
    now = timezone.now()
    key = key or f"auto:{secrets.token_hex(16)}"
    if pending.sealed:
        # Replacing a sealed move: the earlier one is superseded and its
        # secret erased; its commitment stays in the log.
        for old in Move.objects.filter(game=game, version=game.version, seat=seat, status=Move.Status.ACCEPTED).select_related("secret"):
            old.status = Move.Status.SUPERSEDED
            old.save(update_fields=["status"])
            old.secret.content = None
            old.secret.save(update_fields=["content"])
        move = Move.objects.create(
            game=game,
            version=game.version,
            seat=seat,
            action=None,
            sealed=True,
            source=source,
            idempotency_key=key,
            request_digest=digest,
        )
        salt = secrets.token_hex(16)
        SealedMove.objects.create(
            move=move,
            content=action,
            salt=salt,
            commitment=commitment_of(game_id=game.pk, version=game.version, seat=seat, action=action, salt=salt),
        )
    else:
        move = Move.objects.create(
            game=game,
            version=game.version,
            seat=seat,
            action=action,
            sealed=False,
            source=source,
            idempotency_key=key,
            request_digest=digest,
        )
    fields = ["submitted_at"]
    if pending.submitted_at is None:  # the first answer: on time or not, and a credit clock's charge
        fields += answer_record(game=game, pending=pending, source=source, now=now)
    pending.submitted_at = now
    pending.save(update_fields=fields)
    return move


def _fits_specs(engine, state: dict, seat: int, action: dict) -> None:
    """Every action is checked against its ActionSpec's params schemas before the engine sees it,
    whatever carried it: a value of the wrong shape (a list for a character, a nested list, a
    number out of range, a field missing or unknown) is refused in the game's words
    (engines.schema_words), never a server error. A well-typed value that is only not among the
    choices offered now goes on to the engine, which may say why (an unaffordable region)."""
    lang = translation.get_language() or "en"  # the sender's language
    specs = engine.actions(state, seat, lang=lang)
    try:
        check_against_specs(specs, action, lang=lang, named=_choice_names(engine, state, seat, lang, action))
    except IllegalAction as refused:
        chosen = next((s for s in specs if s["type"] == action.get("type")), None)
        given = {k: v for k, v in action.items() if k != "type"}
        if chosen is not None and set(given) == set(chosen["params"]) and all(
            schema_words.not_offered(schema_words.param_errors(schema, given[name]), given[name]) or not schema_words.param_errors(schema, given[name])
            for name, schema in chosen["params"].items()
        ):
            return  # the engine's own words for a choice not offered now
        raise IllegalMove(refused.message) from None


def _choice_names(engine, state: dict, seat: int, lang: str, action):
    """The printed names of the values offered now for the action's type, as the engine's choices
    give them in the sender's language (read only when a refusal needs them); a value they do not
    name is left out of the refusal rather than shown as its id."""
    kind = action.get("type") if isinstance(action, dict) else None
    labels: dict | None = None

    def named(param: str, value) -> str | None:
        nonlocal labels
        if labels is None:
            labels = {
                (name, canonical(option["value"])): option["label"]
                for choice in engine.choices(state, seat, lang=lang)
                if choice["type"] == kind
                for name, options in choice["options"].items()
                for option in options
            }
        return labels.get((param, canonical(value)))

    return named


def _allowed(engine, game: Game, seat: int) -> str:
    lang = translation.get_language() or "en"
    return describe_actions(engine.actions(game.state, seat, lang=lang), lang)


# --- applying decisions ------------------------------------------------------------


def game_advance(*, game_id: int, max_steps: int = MAX_STEPS_PER_ADVANCE) -> int:
    """Apply every complete decision (letting bots act as they come up), up to
    ``max_steps``; returns how many steps were applied. Idempotent: with
    nothing complete it changes nothing."""
    with transaction.atomic():
        game = Game.objects.select_for_update(no_key=True).filter(pk=game_id).first()
        if game is None:
            return 0
        if game.status != Game.Status.ACTIVE:
            if game.advance_queued_at is not None:
                Game.objects.filter(pk=game.pk).update(advance_queued_at=None)
            return 0  # over: nothing to apply
        steps = _advance_locked(game, engine_get(game.engine), max_steps=max_steps, bots=True, write=False)
        more = steps >= max_steps and game.status == Game.Status.ACTIVE
        fields = ["state", "version", "updated_at"] if steps else []
        if not more and game.advance_queued_at is not None:
            # Done: nothing of this game is in flight any more. (The game row
            # is locked, so no move can have queued a task meanwhile.) Cleared
            # in the same UPDATE that writes the new state.
            game.advance_queued_at = None
            fields.append("advance_queued_at")
        if fields:
            game.save(update_fields=fields)
        if more:
            queue_advance(game.pk)  # the rest in a fresh transaction
        return steps


def _advance_locked(game: Game, engine, *, max_steps: int, bots: bool, opened=None, write: bool = True) -> int:
    """Apply complete decisions (and let bots answer when ``bots``) while
    the game row is locked. ``opened``: the decisions open now, when the
    caller has just read them. The new state and version are written once at
    the end (``write``), not once per step; a finished game is written at once."""
    steps = 0
    while game.status == Game.Status.ACTIVE and steps < max_steps:
        # read here: the decisions with their moves; handed over (just opened, or answered by
        # bots or orders since): their moves are read by _apply
        pending, moves = (opened, None) if opened is not None else _open_decisions_and_moves(game)
        if pending and all(p.submitted_at is not None for p in pending):
            opened = _apply(game, engine, pending, moves=moves)
            if opened is None:
                break
            steps += 1
            continue
        waiting = [p for p in pending if p.submitted_at is None and p.seat.is_bot]
        if not (bots and waiting):
            break
        for p in waiting:
            seat = p.seat.index
            action = bot_action(game=game, engine=engine, seat=seat)
            _submit_locked(game, engine, seat, action, Move.Source.BOT, f"bot:{game.version}:{seat}", game.version, "", pending)
        opened = pending  # the same decisions, now answered by the bots
    if write and steps and game.status == Game.Status.ACTIVE:
        game.save(update_fields=["state", "version", "updated_at"])
    return steps


def _apply(game: Game, engine, pending: list[PendingAction], *, moves: list[Move] | None = None) -> list[PendingAction] | None:
    """Apply the complete decision ``pending`` (``moves``: its accepted moves by seat, when read
    with it); returns the decisions it opens ([] when the game is over), or None when its moves
    do not match."""
    if moves is None:
        moves = list(
            Move.objects.filter(game=game, version=game.version, status=Move.Status.ACCEPTED)
            .select_related("secret")
            .order_by("seat")
        )
    actions = {m.seat: (m.secret.content if m.sealed else m.action) for m in moves}
    if set(actions) != {p.seat.index for p in pending}:
        log.error("game %s version %s: moves %s do not match decisions", game.pk, game.version, sorted(actions))
        return None
    step = engine.apply(game.state, actions)
    now = timezone.now()
    secrets_revealed = []
    for i, m in enumerate(moves):
        if m.sealed:
            m.action = m.secret.content
            m.secret.revealed_at = now
            secrets_revealed.append(m.secret)
        m.status, m.applied_at = Move.Status.APPLIED, now
        m.events = step["events"] if i == 0 else []
    if len(moves) == 1:
        moves[0].save(update_fields=["action", "status", "applied_at", "events"])
    else:
        Move.objects.bulk_update(moves, ["action", "status", "applied_at", "events"])
    if secrets_revealed:
        SealedMove.objects.bulk_update(secrets_revealed, ["revealed_at"])
    for p in pending:
        p.closed_at = now
    PendingAction.objects.filter(pk__in=[p.pk for p in pending]).update(closed_at=now)  # one moment for all: no CASE per row
    decisions = engine.decisions(step["state"])  # asked once: the hooks and the decisions opened use them
    before = game.state
    for hook in STEP_APPLIED:
        hook(game=game, engine=engine, before=before, moves=moves, after=step["state"], decisions=decisions)
    answered = game.version
    game.state = step["state"]
    game.version += 1
    if any(m.sealed for m in moves):
        resolution_write(game=game, version=answered, moves=moves, before=before)
    if decisions:
        return decisions_open(game, engine, now, decisions=decisions)
    # the last step's state and version are written with the end of the game
    game_finish(game=game, outcome=engine.outcome(game.state), now=now, fields=("state", "version"))
    return []


def decisions_open(
    game: Game, engine, now, decisions: list[dict] | None = None, *, ask: bool = True
) -> list[PendingAction]:
    """Open the engine's decisions at the game's version, let the seats'
    orders answer what they cover, and ask the rest (``ask``: False when a
    seat reopens its own decision by taking its move back)."""
    seats = seats_by_index(game=game, vacations_at=now)  # their players' vacations read with them, for the deadlines
    if decisions is None:
        decisions = engine.decisions(game.state)
    # deadline, reminders and timeout moment per seat (vacations, credit clocks, one deadline for sealed decisions)
    plan = deadline_plan(game=game, decisions=decisions, seats=seats, now=now)
    opened = [
        PendingAction(
            game=game,
            version=game.version,
            seat=seats[d["seat"]],
            kind=d["kind"],
            sealed=d["sealed"],
            prompt=d["prompt"],
            opened_at=now,
            **plan[d["seat"]],
        )
        for d in decisions
    ]
    if len(opened) == 1:
        opened[0].save(force_insert=True)
    else:
        PendingAction.objects.bulk_create(opened)  # one INSERT; PostgreSQL returns the ids
    if not ask:
        return opened
    humans = [p for p in opened if not p.seat.is_bot]
    answered: set[int] = set()
    for hook in DECISIONS_OPENED:
        answered |= hook(game=game, engine=engine, pending=humans)
    your_move_write(game=game, pending=[p for p in humans if p.pk not in answered])
    return opened


def advance_on_its_way(game: Game) -> bool:
    """Whether an ``advance`` of this game is on its way: the game is marked
    and the mark not yet cleared (the task clears it with the game row locked,
    so a task that has not cleared it has not yet looked at the game and will
    see what this transaction commits). However old the mark, no second task
    is queued: an advance waiting behind other work keeps its place, and one
    that is really lost (its worker died, the broker was emptied) is the
    lost-work sweep's to find, by what the broker holds (pbem.requeue). A
    second copy here was what made the queue hold more than one task per
    marked game under load (issue 29)."""
    return game.advance_queued_at is not None


def advance_ensure(game_id: int) -> None:
    """Queue ``advance`` unless one is on its way (the game marked): one
    conditional UPDATE, so that callers who do not hold a fresh copy of the
    game row (a seat left while a move of the same transaction queued one)
    never publish a second copy."""
    if Game.objects.filter(pk=game_id, advance_queued_at__isnull=True).update(advance_queued_at=timezone.now()):
        transaction.on_commit(lambda: _send_advance(game_id))
