"""The end of a game: one sequence, whichever way the game ended (the engine's
outcome after a step, or a player leaving a game whose ``on_leave`` is "end").

In the transaction that ends the game, with its row locked: the game is marked
finished with its outcome, every hook registered here runs (ratings, ladder
activity, a tournament table: ``pbem.ladders`` registers its own in its app
config, so the game core never imports the features built on it), and the
players get the game-over mail.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from pbem.models import Game
from pbem.services.mails import game_over_write

# Each is called as hook(game=game), in the order registered, in the finishing
# transaction. A hook that raises rolls the game's end back with it.
GameFinishHook = Callable[..., None]
_HOOKS: list[GameFinishHook] = []


def game_finish_hook_register(hook: GameFinishHook) -> None:
    """Run ``hook(game=...)`` whenever a game ends (once per hook, however
    often an app registers it)."""
    if hook not in _HOOKS:
        _HOOKS.append(hook)


def game_finish_hooks() -> tuple[GameFinishHook, ...]:
    return tuple(_HOOKS)


def game_finish(*, game: Game, outcome: dict, now: datetime, fields: tuple[str, ...] = ()) -> None:
    """Mark ``game`` finished with ``outcome`` at ``now`` and run the end of
    game: the hooks, then the game-over mail. ``fields``: more fields of the
    game the caller changed and wants written in the same UPDATE (the last
    step's state and version)."""
    game.status, game.finished_at, game.outcome = Game.Status.FINISHED, now, outcome
    game.save(update_fields=[*fields, "status", "finished_at", "outcome", "updated_at"])
    for hook in _HOOKS:
        hook(game=game)
    game_over_write(game=game)
