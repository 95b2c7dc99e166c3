"""The player at the table: their game page, open and in use, says so with its
word every 20 s (table.js: /games/<id>/here/, or the fallback poll); a your-move mail then
waits (notifications.presence)."""

from __future__ import annotations

from django.core.cache import cache
from django.utils import timezone

from pbem.models import Seat

PRESENCE_MARK_SECONDS = 20  # the seat is marked at most this often (the fallback poll runs every 3 s)


def seat_presence_mark(*, game_id: int, user) -> None:
    """The user's page of this game is open and in use now."""
    if user is None or not user.is_authenticated:
        return
    key = f"pbem:at-table:{game_id}:{user.pk}"
    if cache.get(key):
        return
    cache.set(key, 1, PRESENCE_MARK_SECONDS)
    Seat.objects.filter(game_id=game_id, player=user).update(page_seen_at=timezone.now())
