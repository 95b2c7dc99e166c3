"""Writes: the only code that changes a game (HackSoft style: keyword-only
``<noun>_<verb>`` functions). Channels import from here.

- games.py       creating, joining, starting
- moves.py       ``move_submit`` (the one way a move enters a game) and
                 ``game_advance`` (the one way a decision is applied)
- deadlines.py   each decision's deadline, reminder and timeout moments
- timeouts.py    deadlines at work: reminders, timeouts, bots taking over, leaving a game
- vacations.py   a player away moves the deadlines of their open decisions
- sweeps.py      the periodic sweeps: deadlines, lost advances, mails and push/chat deliveries
- invitations.py an address invited to a game, and the account an address gets
- preferences.py how much mail a player gets
- operations.py  an operator's actions: abort, more time, a seat to another player
- orders.py      orders given in advance, standing orders, taking a move back
- talk.py        table talk to a player told by push and chat (a message to you)
- pushes.py      what a push or chat message says (registered into notifications)
"""

from pbem.services.games import game_create, game_join, game_join_by_code, game_start
from pbem.services.invitations import account_for_address, invitation_create
from pbem.services.moves import MoveResult, commitment_of, game_advance, move_submit
from pbem.services.presence import seat_presence_mark
from pbem.services.operations import deadline_extend, game_abort, seat_reassign
from pbem.services.orders import (
    move_take_back,
    orders_set,
    orders_withdraw,
    standing_order_add,
    standing_order_withdraw,
)
from pbem.services.preferences import board_image_set, preference_set
from pbem.services.sweeps import (
    deadlines_sweep,
    deliveries_lost_requeue,
    lost_advances_requeue,
    notifications_lost_requeue,
    stalled_work_requeue,
)
from pbem.services.timeouts import pending_remind, pending_timeout, seat_forfeit, seat_resign
from pbem.services.vacations import VacationRefused, vacation_take

__all__ = [
    "MoveResult",
    "commitment_of",
    "game_advance",
    "game_create",
    "game_join",
    "game_join_by_code",
    "game_start",
    "move_submit",
    # presence.py: the player at the table
    "seat_presence_mark",
    # invitations.py
    "account_for_address",
    "invitation_create",
    # timeouts.py, vacations.py: deadlines at work, leaving a game, vacations
    "pending_remind",
    "pending_timeout",
    "seat_forfeit",
    "seat_resign",
    "VacationRefused",
    "vacation_take",
    # sweeps.py
    "deadlines_sweep",
    "deliveries_lost_requeue",
    "lost_advances_requeue",
    "notifications_lost_requeue",
    "stalled_work_requeue",
    # preferences.py: how much mail a player gets
    "board_image_set",
    "preference_set",
    # operations.py: the operator's actions (the admin)
    "deadline_extend",
    "game_abort",
    "seat_reassign",
    # orders.py: orders given in advance, standing orders, taking a move back
    "move_take_back",
    "orders_set",
    "orders_withdraw",
    "standing_order_add",
    "standing_order_withdraw",
]
