"""Writes: the only code that changes a game (HackSoft style: keyword-only
``<noun>_<verb>`` functions). Channels import from here.

- games.py   creating, joining, starting
- moves.py   ``move_submit`` (the one way a move enters a game) and
             ``game_advance`` (the one way a decision is applied)
- timing.py  deadlines at work: reminders, timeouts, resigning, vacations
- operations.py  an operator's actions: abort, more time, a seat to another player
"""

from pbem.services.games import game_create, game_join, game_join_by_code, game_start
from pbem.services.moves import (
    MoveResult,
    commitment_of,
    game_advance,
    lost_advances_requeue,
    move_submit,
    stalled_work_requeue,
)
from pbem.services.presence import seat_presence_mark
from pbem.services.operations import deadline_extend, game_abort, seat_reassign
from pbem.services.timing import (
    VacationRefused,
    deadlines_sweep,
    pending_remind,
    pending_timeout,
    seat_forfeit,
    seat_resign,
    vacation_take,
)

__all__ = [
    "MoveResult",
    "commitment_of",
    "game_advance",
    "game_create",
    "game_join",
    "game_join_by_code",
    "game_start",
    "lost_advances_requeue",
    "move_submit",
    "seat_presence_mark",
    "stalled_work_requeue",
    # timing.py: deadlines, reminders, timeouts, leaving a game, vacations
    "VacationRefused",
    "deadlines_sweep",
    "pending_remind",
    "pending_timeout",
    "seat_forfeit",
    "seat_resign",
    "vacation_take",
    # operations.py: the operator's actions (the admin)
    "deadline_extend",
    "game_abort",
    "seat_reassign",
]
