"""Table talk to a player as a notification of its own (kind ``message``): a private
message to their seat, or a message to the table that names them ("@alice"). Written in
the transaction that stores the message, one row per player told, and delivered by the
outbox's fan-out: pushed and posted to the player's own chat channels as they chose on the
profile (by default both). Never mailed on its own (the table talk of the player's next
your-move or reminder mail carries it) and never told to a table channel: a private
message is its addressee's only."""

from __future__ import annotations

import re

from notifications.models import Notification
from notifications.outbox import notification_write
from pbem.models import Seat, TableMessage

# "@alice" in a message to the table names alice (a username's characters: letters,
# digits and @ . + - _); a trailing full stop or hyphen ends the sentence, not the name.
_NAMED = re.compile(r"(?<![\w@.+-])@([\w.@+-]+)")
# what a push or chat message quotes of the text (a push takes 4 KB at most)
TEXT_MAX = 500


def names_in(text: str) -> set[str]:
    """The names a text addresses with "@", lower-cased, with and without a trailing stop."""
    names = set()
    for found in _NAMED.findall(text or ""):
        names.add(found.lower())
        names.add(found.rstrip(".-").lower())
    return names


def message_notifications_write(*, message: TableMessage) -> list[Notification]:
    """A ``message`` notification to each player the message is to: the seat of a private
    message, or each other seated player a message to the table names; once per message
    and player (the dedupe key)."""
    seats = Seat.objects.filter(game_id=message.game_id, player__isnull=False).exclude(player_id=message.sender_id)
    seats = seats.select_related("player", "game")
    if message.to_seat is not None:
        told = [s for s in seats if s.index == message.to_seat]
    else:
        named = names_in(message.text)
        told = [s for s in seats if s.player.username.lower() in named] if named else []
    rows = []
    for seat in told:
        row = notification_write(
            kind=Notification.Kind.MESSAGE,
            dedupe_key=f"message:{message.pk}:{seat.player_id}",
            user=seat.player,
            game=seat.game,
            seat=seat.index,
            message="",  # no mail of its own: the note "message" of pbem.messages says it
            data={
                "sender": message.sender.username,
                "private": message.to_seat is not None,
                "text": message.text[:TEXT_MAX],
            },
        )
        if row is not None:
            rows.append(row)
    return rows
