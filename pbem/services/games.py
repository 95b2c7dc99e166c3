"""Games: creating, joining and starting them."""

from __future__ import annotations

import secrets
from functools import lru_cache

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _, ngettext
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from pbem import clock
from pbem.errors import Conflict, InvalidRequest, NotFound, NotYourSeat
from pbem.models import Game, Seat
from pbem.selectors import engine_get, game_invited
from pbem.services.moves import decisions_open, game_lock, queue_advance
from pbem.languages import status_word


@lru_cache(maxsize=None)
def _options_validator(slug: str) -> Draft202012Validator:
    """One validator per engine's options schema (a schema does not change
    while the process runs), not one per game created."""
    return Draft202012Validator(engine_get(slug).options_schema)


def _options_with_defaults(engine, options: dict | None) -> dict:
    schema = engine.options_schema
    filled = {name: prop["default"] for name, prop in schema.get("properties", {}).items() if "default" in prop}
    filled.update(options or {})
    try:
        _options_validator(engine.slug).validate(filled)
    except ValidationError as e:
        raise InvalidRequest(_("Options for %(slug)s: %(message)s.") % {"slug": engine.slug, "message": e.message}) from None
    return filled


@transaction.atomic
def game_create(
    *,
    creator,
    engine: str,
    players: int,
    options: dict | None = None,
    time_control: dict | None = None,
    bots: int = 0,
    visibility: str = "public",
    seed: int | None = None,
) -> Game:
    """Create a forming game; the creator takes seat 1. The seed comes from
    the server's secure random source; ``seed`` is for tests only (no channel
    passes it: a player who chose it could deal every hand offline)."""
    eng = engine_get(engine)
    if visibility not in Game.Visibility.values:
        raise InvalidRequest(_("visibility must be one of %(names)s, not %(visibility)r.") % {"names": ', '.join(Game.Visibility.values), "visibility": visibility})
    if not isinstance(players, int) or not eng.min_players <= players <= eng.max_players:
        raise InvalidRequest(_("%(title)s is for %(min_players)s-%(max_players)s players.") % {"title": eng.title, "min_players": eng.min_players, "max_players": eng.max_players})
    if not isinstance(bots, int) or not 0 <= bots < players:
        raise InvalidRequest(_("bots must be between 0 and %(count)s: seat 1 is yours.") % {"count": players - 1})
    try:
        tc = clock.time_control_normalise(time_control)
    except ValueError as e:
        raise InvalidRequest(str(e)) from None
    game = Game.objects.create(
        engine=eng.slug,
        options=_options_with_defaults(eng, options),
        seed=seed if seed is not None else secrets.randbits(62),
        players=players,
        time_control=tc,
        visibility=visibility,
        created_by=creator,
    )
    Seat.objects.create(game=game, index=0, player=creator)
    for index in range(1, players):
        is_bot = index >= players - bots
        Seat.objects.create(game=game, index=index, is_bot=is_bot, status=Seat.Status.BOT if is_bot else Seat.Status.PLAYING)
    return game


@transaction.atomic
def game_join(*, game_id: int, user, code: str | None = None) -> Seat:
    """Take the first open seat of a forming game. A private game takes only
    a player who brings its invitation code or whose address was invited;
    to anyone else it answers as if it did not exist."""
    game = game_lock(game_id)
    if game.visibility == Game.Visibility.PRIVATE and not (
        (code is not None and secrets.compare_digest(code.strip(), game.invite_code)) or game_invited(game=game, user=user)
    ):
        raise NotFound(
            _('There is no game %(game_id)s open to you: a private game takes players by invitation; '
              'send its invitation code as {"code": "..."}.') % {"game_id": game_id}
        )
    if game.status != Game.Status.FORMING:
        raise Conflict(_("This game has already started; it takes no more players."))
    if game.seats.filter(player=user).exists():
        raise Conflict(_("You already have a seat in this game."))
    seat = game.seats.filter(player__isnull=True, is_bot=False).order_by("index").first()
    if seat is None:
        raise Conflict(_("Every seat of this game is taken."))
    seat.player = user
    seat.save(update_fields=["player"])
    return seat


@transaction.atomic
def game_start(*, game_id: int, user, fill_with_bots: bool = True) -> Game:
    game = game_lock(game_id)
    if game.created_by_id != user.pk:
        raise NotYourSeat(_("Only the player who created the game can start it."))
    if game.status != Game.Status.FORMING:
        raise Conflict(_("This game is %(status)s; only a forming game can be started.") % {"status": status_word(game.status)})
    empty = list(game.seats.filter(player__isnull=True, is_bot=False))
    if empty and not fill_with_bots:
        raise Conflict(ngettext(
            "%(count)s seat is still empty: wait for players, or start with bots.",
            "%(count)s seats are still empty: wait for players, or start with bots.", len(empty)) % {"count": len(empty)})
    for seat in empty:
        seat.is_bot, seat.status = True, Seat.Status.BOT
        seat.save(update_fields=["is_bot", "status"])
    engine = engine_get(game.engine)
    now = timezone.now()
    game.state = engine.setup(game.players, game.seed, game.options)
    game.status, game.version, game.started_at = Game.Status.ACTIVE, 0, now
    game.save(update_fields=["state", "status", "version", "started_at", "updated_at"])
    decisions_open(game, engine, now)
    queue_advance(game.pk)
    return game


@transaction.atomic
def game_join_by_code(*, code: str, user) -> Seat:
    """Join with an invitation code (as ``join <code>`` in an email)."""
    game = Game.objects.filter(invite_code=code.strip()).first()
    if game is None:
        raise NotFound(_("No game has the invitation code %(code)r; check the code in your invitation.") % {"code": code.strip()})
    return game_join(game_id=game.pk, user=user, code=game.invite_code)
