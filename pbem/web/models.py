"""The web channel's own rows: table talk (messages to the whole table or to
one player of a game) and the keys of the calendar and game feeds."""

from django.conf import settings
from django.db import models


class TableMessage(models.Model):
    game = models.ForeignKey("pbem.Game", on_delete=models.CASCADE, related_name="table_messages")
    sender = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_messages")
    # None: to the table; else the seat index it is for (sender and that seat see it)
    to_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    text = models.TextField(max_length=2000)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["game", "created_at"], name="table_message_by_game")]

    def __str__(self) -> str:
        return f"message {self.pk} in game {self.game_id}"


def _feed_token() -> str:
    # 256 bits from the secure source: the URL is the only key to a feed
    import secrets

    return secrets.token_urlsafe(32)


class CalendarFeed(models.Model):
    """A player's private calendar of open deadlines (iCal), read by a
    calendar program with no login: the token in its URL is the key, so it
    is unguessable and replaced (the old URL dies) on request."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="calendar_feed")
    token = models.CharField(max_length=64, unique=True, default=_feed_token)
    created_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:  # never the token
        return f"calendar feed of {self.user_id}"


class GameFeed(models.Model):
    """The Atom feed of a public game's public events, behind an unguessable
    URL that the game's creator can replace."""

    game = models.OneToOneField("pbem.Game", on_delete=models.CASCADE, related_name="atom_feed")
    token = models.CharField(max_length=64, unique=True, default=_feed_token)
    created_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"feed of game {self.game_id}"
