"""The web channel's own rows: the keys of the calendar and game feeds.
(Table talk is pbem.models.TableMessage: the mails read it too.)"""

import secrets

from django.conf import settings
from django.db import models


def _feed_token() -> str:
    # 256 bits from the secure source: the URL is the only key to a feed
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
