"""What changes a game page: the rows its change stamp counts (pbem.web.selectors.poll_stamp):
the game's status and version, a move, a table message, a seat taken or left. Saved rows only;
an ``update()`` (the page's presence mark, a queued advance) changes nothing a page shows."""

from __future__ import annotations

from django.db.models.signals import post_save
from django.dispatch import receiver

from pbem.live.publish import game_changed
from pbem.models import Game, Move, Seat, TableMessage

# a game saved with only other fields (deadline bookkeeping, flags) shows nothing new
_GAME_FIELDS = {"status", "version", "state"}
_SEAT_FIELDS = {"player", "is_bot", "status"}  # not a deadline's credit


@receiver(post_save, sender=Game, dispatch_uid="pbem.live.game")
def _game_saved(sender, instance, created, update_fields=None, using=None, **kwargs):
    if created or update_fields is None or _GAME_FIELDS & set(update_fields):
        lobby = created or update_fields is None or "status" in update_fields
        game_changed(game_id=instance.pk, lobby=lobby, using=using)


@receiver(post_save, sender=Seat, dispatch_uid="pbem.live.seat")
def _seat_saved(sender, instance, update_fields=None, using=None, **kwargs):
    if update_fields is None or _SEAT_FIELDS & set(update_fields):
        game_changed(game_id=instance.game_id, lobby=True, using=using)


@receiver(post_save, sender=Move, dispatch_uid="pbem.live.move")
@receiver(post_save, sender=TableMessage, dispatch_uid="pbem.live.talk")
def _row_added(sender, instance, created, using=None, **kwargs):
    if created:
        game_changed(game_id=instance.game_id, using=using)
