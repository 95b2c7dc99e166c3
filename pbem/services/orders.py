"""Orders given in advance and taking a move back (issue 25).

- ``orders_set`` / ``orders_withdraw``: a seat's ordered candidates for its
  next decision; when that decision opens (``orders_answer``, run by
  ``decisions_open`` for every seat it asks), the first candidate the engine
  accepts then is played through the same path as every move (source
  ``order``) and the seat is told what was played; if none is legal nothing
  is played and the seat is asked as usual.
- ``standing_order_add`` / ``standing_order_withdraw``: the engine's standing
  orders (``engine.standing_specs``), answering every decision they cover;
  one the engine calls spent is dropped with a note.
- ``move_take_back``: a seat's last move, while nobody else has acted since
  and the engine called the step reversible (``take_back_keep`` stores the
  state before such a step); the state is restored byte for byte, the move
  is marked taken back (the record and the history leave it out), the table
  is told, and a your-move mail already sent for it is followed by a
  "never mind" (one not yet sent is held back).

Orders are a seat's private facts, as a sealed move is: nothing here logs
them, and every note about them goes to their own seat only.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Value
from django.utils import timezone
from django.utils.translation import gettext as _

from engines import orders as O
from engines.base import SPENT, IllegalAction, ParseError
from engines.i18n import LANGUAGES
from notifications import outbox
from notifications.models import Notification
from pbem.errors import Conflict, IllegalMove, InvalidRequest, NotYourSeat, NotYourTurn
from pbem.models import DecisionOrder, Game, Move, PendingAction, Seat, StandingOrder, TakeBack
from pbem.selectors import engine_get, reader_language
from pbem.messages.render import game_tag
from pbem.services import moves as M
from pbem.languages import status_word
from pbem.services.mails import situation_of

MAX_STANDING_ORDERS = 20


def _seat_locked(game_id: int, seat: int) -> tuple[Game, Seat]:
    game = M.game_lock(game_id)
    if game.status != Game.Status.ACTIVE:
        raise NotYourTurn(_("This game is %(status)s: no orders are taken.") % {"status": status_word(game.status)})
    row = Seat.objects.filter(game=game, index=seat).select_related("player").first()
    if row is None or row.is_bot:
        raise NotYourSeat(_("Orders are given by the player of a seat."))
    return game, row


def _candidates_clean(candidates) -> list:
    if not isinstance(candidates, list) or len(candidates) > O.MAX_CANDIDATES:
        raise InvalidRequest(_("Orders are a list of at most %(count)s candidates, the first to try first.") % {"count": O.MAX_CANDIDATES})
    out = []
    for c in candidates:
        if isinstance(c, str) and c.strip() and len(c) <= O.MAX_CANDIDATE_CHARS and "\x00" not in c:
            out.append(c.strip())
        elif isinstance(c, dict) and isinstance(c.get("type"), str) and len(str(c)) <= 2000:
            out.append(c)
        else:
            raise InvalidRequest(
                _("Each candidate is a command as you would write it in a mail (e.g. `pick king`) "
                  "of at most %(count)s characters, or an action object with a \"type\".") % {"count": O.MAX_CANDIDATE_CHARS}
            )
    return out


def orders_set(*, game_id: int, seat: int, candidates: list) -> dict:
    """Replace the seat's orders for its next decision (an empty list
    withdraws them). If that decision is open now, they are tried at once.
    Returns ``{"candidates": [...], "played": <command> | None}``."""
    candidates = _candidates_clean(candidates)
    with transaction.atomic():
        game, row = _seat_locked(game_id, seat)
        if not candidates:
            DecisionOrder.objects.filter(seat=row).delete()
            return {"candidates": [], "played": None}
        DecisionOrder.objects.update_or_create(seat=row, defaults={"game": game, "candidates": candidates})
        _mark_given(game)
        played = _answer_now(game, row)
    return {"candidates": [] if played else candidates, "played": played}


def orders_withdraw(*, game_id: int, seat: int) -> None:
    with transaction.atomic():
        _game, row = _seat_locked(game_id, seat)
        DecisionOrder.objects.filter(seat=row).delete()


def standing_order_add(*, game_id: int, seat: int, order) -> StandingOrder:
    """Add a standing order: an object of one of the engine's standing order
    types, or its line of text (``limit maximilien 3``). It answers the seat's
    open decision at once when it covers it."""
    with transaction.atomic():
        game, row = _seat_locked(game_id, seat)
        engine = engine_get(game.engine)
        lang = reader_language()  # the refusals in the writer's language; the order read in any
        wording = O.wording_of(engine)
        specs = O.standing_specs_of(engine, game.state, seat, lang)
        if isinstance(order, str):
            try:
                order = O.standing_parse(specs, order, lang, wording)
            except ParseError as e:
                raise InvalidRequest(e.message) from None
        try:
            O.standing_check(specs, order, lang, wording)
        except IllegalAction as e:
            raise InvalidRequest(e.message) from None
        if StandingOrder.objects.filter(seat=row).count() >= MAX_STANDING_ORDERS:
            raise Conflict(_("A seat keeps at most %(count)s standing orders: withdraw one first.") % {"count": MAX_STANDING_ORDERS})
        created = StandingOrder.objects.create(game=game, seat=row, order=order)
        _mark_given(game)
        _answer_now(game, row)
    return created


def standing_order_withdraw(*, game_id: int, seat: int, order_id: int) -> None:
    with transaction.atomic():
        _game, row = _seat_locked(game_id, seat)
        if not StandingOrder.objects.filter(seat=row, pk=order_id).delete()[0]:
            raise InvalidRequest(_("You have no standing order %(order_id)s in this game.") % {"order_id": order_id})


def _mark_given(game: Game) -> None:
    if not game.orders_given:
        game.orders_given = True
        Game.objects.filter(pk=game.pk).update(orders_given=True)


def _answer_now(game: Game, row: Seat) -> str | None:
    """Try the seat's orders on its decision open now (if any); returns the
    command played."""
    pending = [p for p in M._open_decisions(game) if p.submitted_at is None and p.seat_id == row.pk]
    if not pending:
        return None
    engine = engine_get(game.engine)
    answered = orders_answer(game=game, engine=engine, pending=pending)
    if not answered:
        return None
    if not M.advance_on_its_way(game):
        M.queue_advance(game.pk)
    move = Move.objects.filter(game=game, version=game.version, seat=row.index, source=Move.Source.ORDER).last()
    return _said(engine, game.state, row.index, move.secret.content if move.sealed else move.action, reader_language())


def _said(engine, state: dict, seat: int, action: dict, lang: str) -> str:
    """The command of ``action`` in ``lang``, as the player would write it."""
    try:
        try:
            return engine.command(state, seat, action, lang=lang)
        except TypeError:  # an engine that writes its commands in one language only
            return engine.command(state, seat, action)
    except Exception:  # noqa: BLE001 - only the wording of a note is at stake
        return action.get("type", "?")


def _said_in_every_language(engine, state: dict, seat: int, action: dict) -> dict[str, str]:
    """A note's command in every language: the note is written now (only the
    engine, with this state, can say the move) and read in its recipient's
    language when delivered (``|in_language``)."""
    return {lang: _said(engine, state, seat, action, lang) for lang in LANGUAGES}


def _type_rank(engine, state: dict, seat: int) -> dict[str, int]:
    return {s["type"]: i for i, s in enumerate(O.standing_specs_of(engine, state, seat))}


def orders_answer(*, game: Game, engine, pending: list[PendingAction]) -> set[int]:
    """Play the orders of every seat whose decision just opened (the game row
    locked); returns the ids of the decisions answered. Registered with
    ``decisions_open`` (pbem.services.moves.DECISIONS_OPENED)."""
    if not pending or not game.orders_given:
        return set()
    by_seat = {p.seat_id: p for p in pending if p.submitted_at is None and p.seat.status == Seat.Status.PLAYING}
    nexts, standing = _orders_of_seats(list(by_seat))
    answered: set[int] = set()
    for seat_id, p in by_seat.items():
        if seat_id not in nexts and seat_id not in standing:
            continue
        seat = p.seat.index
        action, notes = None, {"none_playable": False, "dropped": []}
        order = nexts.get(seat_id)
        if order is not None:
            action, _why, concerned = O.candidate_choose(engine, game.state, seat, order.candidates)
            if action is not None or concerned:
                order.delete()  # used (or meant for this decision and none legal now)
            if action is None and concerned:
                notes["none_playable"] = True
        rank = _type_rank(engine, game.state, seat)
        for so in sorted(standing.get(seat_id, []), key=lambda o: (rank.get(o.order.get("type"), len(rank)), o.pk)):
            got = O.standing_action_of(engine, game.state, seat, so.order)
            if got == SPENT:
                so.delete()
                wording = O.wording_of(engine)
                notes["dropped"].append({lang: O.standing_command(so.order, lang, wording) for lang in LANGUAGES})
            elif isinstance(got, dict) and action is None:
                try:
                    engine.validate(game.state, seat, got)
                except IllegalAction:
                    continue
                action = got
        if action is not None:
            try:
                M._submit_locked(game, engine, seat, action, Move.Source.ORDER, f"order:{game.version}:{seat}", game.version, "", pending)
            except (IllegalMove, NotYourTurn):
                action = None
        if action is not None:
            answered.add(p.pk)
            notes |= {"played": _said_in_every_language(engine, game.state, seat, action), "sealed": p.sealed}
        if notes.get("played") or notes["none_playable"] or notes["dropped"]:
            _note(game, p.seat, "orders_played", notes, key=f"orders:{game.pk}:{game.version}:{seat}")
    return answered


def _orders_of_seats(seat_ids: list[int]) -> tuple[dict[int, DecisionOrder], dict[int, list[StandingOrder]]]:
    """Both kinds of orders of these seats in one round trip (a step that
    opens decisions runs this)."""
    nexts: dict[int, DecisionOrder] = {}
    standing: dict[int, list[StandingOrder]] = {}
    if not seat_ids:
        return nexts, standing
    rows = DecisionOrder.objects.filter(seat_id__in=seat_ids).values_list("pk", "seat_id", "game_id", "candidates")
    rows = rows.annotate(kind=Value("next")).union(
        StandingOrder.objects.filter(seat_id__in=seat_ids).values_list("pk", "seat_id", "game_id", "order").annotate(kind=Value("standing")),
        all=True,
    )
    for pk, seat_id, game_id, content, kind in rows:
        if kind == "next":
            nexts[seat_id] = DecisionOrder(pk=pk, seat_id=seat_id, game_id=game_id, candidates=content)
        else:
            standing.setdefault(seat_id, []).append(StandingOrder(pk=pk, seat_id=seat_id, game_id=game_id, order=content))
    for orders in standing.values():
        orders.sort(key=lambda o: o.pk)
    return nexts, standing


def _note(game: Game, seat: Seat, message: str, data: dict, *, key: str) -> None:
    """A notice of pbem.messages (``message``: orders_played, move_taken_back), rendered when delivered."""
    if seat.player_id is None:
        return
    outbox.notification_write(
        kind=Notification.Kind.NOTICE,
        dedupe_key=key,
        user=seat.player,
        game=game,
        seat=seat.index,
        message=message,
        data=data | {"tag": game_tag(game.pk, game.engine), "situation": situation_of(game=game, seat=seat.index)},
        game_locked=True,
    )


# --- taking a move back ---------------------------------------------------------------


def take_back_keep(*, game: Game, engine, before: dict, moves: list[Move], after: dict, decisions: list) -> None:
    """After each step (registered with STEP_APPLIED): a reversible step of
    a player's own move keeps the state before it; the end of the game drops
    every order and kept state."""
    if not decisions:  # the game is over: orders and take-backs end with it
        TakeBack.objects.filter(move__game=game).delete()
        if game.orders_given:
            DecisionOrder.objects.filter(game=game).delete()
            StandingOrder.objects.filter(game=game).delete()
        return
    if len(moves) != 1:
        return
    (m,) = moves
    if m.sealed or m.source in (Move.Source.BOT, Move.Source.TIMEOUT):
        return
    if O.reversible_of(engine, before, {m.seat: m.action}, after):
        # Another seat's kept states can never be used again (its move is no longer the
        # last): dropped here. Correctness does not rest on it: move_take_back takes
        # back only the game's last applied move.
        TakeBack.objects.filter(move__game=game).exclude(move__seat=m.seat).delete()
        TakeBack.objects.create(move=m, state_before=before)


def move_take_back(*, game_id: int, seat: int) -> dict:
    """Take back ``seat``'s last move. Refused (nothing changes) unless it is
    the game's last applied move, the engine called it reversible (no card
    drawn, no chance used, nothing hidden shown), and nobody has answered
    the decision it opened. Returns ``{"version": the new version, "move": id}``."""
    with transaction.atomic():
        game, row = _seat_locked(game_id, seat)
        engine = engine_get(game.engine)
        open_now = M._open_decisions(game)
        if open_now and all(p.submitted_at is not None for p in open_now):
            # the move is in but its step not yet applied (its task still queued): apply it first
            M._advance_locked(game, engine, max_steps=1, bots=False, opened=open_now)
        last = Move.objects.filter(game=game, status=Move.Status.APPLIED).order_by("-version", "-id").first()
        if last is None or last.seat != seat:
            raise Conflict(_("You can take back only your own last move, and only while nobody else has acted since."))
        kept = TakeBack.objects.filter(move=last).first()
        if kept is None:
            raise Conflict(
                _("That move cannot be taken back: it drew a card, used chance, showed something hidden, "
                  "or was sealed (a sealed answer is replaced by sending it again before it resolves).")
            )
        open_now = M._open_decisions(game)
        if any(p.submitted_at is not None for p in open_now):
            raise Conflict(_("The next move is already in: it is too late to take yours back."))
        now = timezone.now()
        for p in open_now:
            p.closed_at = now
        PendingAction.objects.bulk_update(open_now, ["closed_at"])
        last.status = Move.Status.TAKEN_BACK
        last.save(update_fields=["status"])
        asked_version = game.version
        game.state = kept.state_before
        game.version += 1
        game.save(update_fields=["state", "version", "updated_at"])
        kept.delete()
        M.decisions_open(game, engine, now, ask=False)
        _told(game, row, last, [p for p in open_now if p.seat_id != row.pk], asked_version)
    return {"version": game.version, "move": last.pk}


def _told(game: Game, taker: Seat, move: Move, asked: list[PendingAction], asked_version: int) -> None:
    """The table learns that the move was taken back; a your-move mail
    already sent for the decision it had opened is followed by a "never
    mind"; one not yet sent is held back."""
    name = taker.name
    asked_seats = {p.seat.index for p in asked}
    unsent = list(
        Notification.objects.select_for_update(skip_locked=True)
        .filter(game=game, kind=Notification.Kind.YOUR_MOVE, version=asked_version, seat__in=asked_seats, sent_at__isnull=True)
        .values_list("pk", "seat")
    )
    held = {seat for _pk, seat in unsent}
    Notification.objects.filter(pk__in=[pk for pk, _seat in unsent]).update(
        sent_at=timezone.now(), deliver_queued_at=None, last_error="not sent: the move that asked for it was taken back"
    )
    for s in game.seats.select_related("player").filter(player__isnull=False).exclude(pk=taker.pk):
        never_mind = s.index in asked_seats and s.index not in held
        _note(game, s, "move_taken_back", {"name": name, "never_mind": never_mind}, key=f"took_back:{game.pk}:{move.pk}:{s.index}")


M.STEP_APPLIED.append(take_back_keep)
M.DECISIONS_OPENED.append(orders_answer)
