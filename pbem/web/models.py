"""Table talk: messages to the whole table or to one player of a game."""

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
