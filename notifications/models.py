"""The outbox: every email pbem sends is first a row here, written in the
same transaction as the change that caused it, then sent by its own task."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class Notification(models.Model):
    class Kind(models.TextChoices):
        YOUR_MOVE = "your_move"
        CONFIRMATION = "confirmation"
        RESOLUTION = "resolution"
        REMINDER = "reminder"
        GAME_OVER = "game_over"
        INVITATION = "invitation"
        NOTICE = "notice"
        REPLY = "reply"  # an answer to an inbound email (errors, help, status)

    kind = models.CharField(max_length=16, choices=Kind.choices)
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="notifications"
    )
    to_email = models.EmailField()
    game = models.ForeignKey("pbem.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="notifications")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    subject = models.CharField(max_length=250)
    body_text = models.TextField()
    body_html = models.TextField(blank=True)
    headers = models.JSONField(default=dict, blank=True)
    # The same cause never writes two rows (advance run twice, a retried sweep).
    dedupe_key = models.CharField(max_length=200, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["created_at"], condition=Q(sent_at__isnull=True), name="notification_unsent"),
            models.Index(fields=["recipient", "created_at"], name="notification_by_recipient"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.to_email}: {self.subject}"
