"""Email out and in.

Out: the outbox (every email pbem sends is first a row here, written in the
same transaction as the change that caused it, then sent by its own task).
In: every received mail is stored raw first (InboundMessage) and processed by
a task, so a slow or failing step never loses a mail. Reply addresses hold an
unguessable token per game and seat (the way Zulip and Discourse build them).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.db.models import Q


def _token() -> str:
    # Lower-case hex: mail systems may fold the case of a local part.
    return secrets.token_hex(16)


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
        MESSAGE = "message"  # table talk to you: a private message, or one to the table naming you (push, chat)

    kind = models.CharField(max_length=16, choices=Kind.choices)
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="notifications"
    )
    to_email = models.EmailField()
    game = models.ForeignKey("pbem.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="notifications")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # The game's version when the mail was written: a reply to a "your move"
    # mail older than the newest one answers a closed decision.
    version = models.PositiveIntegerField(null=True, blank=True)
    message_id = models.CharField(max_length=250, blank=True, db_index=True)
    # What the mail says is rendered when it is delivered, not in the step
    # that wrote the row (inside the game's lock): ``message`` names its
    # template in pbem.messages and ``data`` is what the step stored for it
    # (a small snapshot of the seat's situation and events, plain JSON). The
    # deliver task renders subject, text, HTML part and board into the
    # fields below and keeps them, so a retry sends the same mail.
    message = models.CharField(max_length=40, blank=True)
    data = models.JSONField(default=dict, blank=True)
    subject = models.CharField(max_length=250, blank=True)
    body_text = models.TextField(blank=True)
    body_html = models.TextField(blank=True)
    # The board (SVG) as the seat saw it when the mail was written; the deliver
    # task renders it to the inline PNG, outside the game's transaction.
    board_svg = models.TextField(blank=True)
    headers = models.JSONField(default=dict, blank=True)
    # Whether the row is mailed: a kind the player takes by push or chat only is written
    # all the same (one outbox) and its mail left out (notifications.fanout).
    mail = models.BooleanField(default=True)
    # The same cause never writes two rows (advance run twice, a retried sweep).
    dedupe_key = models.CharField(max_length=200, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    # Set when the row is written (its deliver task is queued on that same
    # commit) and cleared by the send that records it, or when the send failed
    # and Celery's retry with backoff owns it: a mark older than a few seconds
    # is a deliver task lost with its worker or its broker, found by the
    # partial index below (the short sweep, ``pbem.services.sweeps.notifications_lost_requeue``).
    deliver_queued_at = models.DateTimeField(null=True, blank=True, default=timezone.now)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["created_at"], condition=Q(sent_at__isnull=True), name="notification_unsent"),
            models.Index(
                fields=["deliver_queued_at"],
                condition=Q(deliver_queued_at__isnull=False, sent_at__isnull=True),
                name="notification_deliver_queued",
            ),
            models.Index(fields=["recipient", "created_at"], name="notification_by_recipient"),
            models.Index(fields=["game", "seat", "kind", "version"], name="notification_by_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.to_email}: {self.subject}"


class ReplyAddress(models.Model):
    """``<token>@PBEM_MAIL_DOMAIN``: for a game and seat (commands go to that
    game), for a player without a game (help, games, join), or for an
    invitation (the invited address answers ``join <code>``)."""

    token = models.CharField(max_length=64, unique=True, default=_token)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="reply_addresses")
    game = models.ForeignKey("pbem.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="reply_addresses")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    invitation = models.OneToOneField("Invitation", null=True, blank=True, on_delete=models.CASCADE, related_name="reply_address")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seat", "user"], condition=Q(game__isnull=False), name="reply_address_one_per_seat_player"
            ),
            models.UniqueConstraint(
                fields=["user"], condition=Q(game__isnull=True, invitation__isnull=True), name="reply_address_one_general_per_user"
            ),
        ]

    @property
    def address(self) -> str:
        return f"{self.token}@{settings.PBEM_MAIL_DOMAIN}"

    def __str__(self) -> str:  # never print the token into a log
        return f"reply address {self.pk} (game {self.game_id}, seat {self.seat})"


class Invitation(models.Model):
    """An address invited to a forming game; it may have no account yet."""

    game = models.ForeignKey("pbem.Game", on_delete=models.CASCADE, related_name="invitations")
    email = models.EmailField()
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations_sent")
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="invitations_accepted"
    )

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "email"], name="invitation_one_per_address")]


class EmailPreference(models.Model):
    """How much mail a player wants. Answers to the player's own mails are
    always sent; invitations go to addresses, not players."""

    class Mode(models.TextChoices):
        EVERY_MOVE = "every_move"  # your move, confirmations, revealed bids, results
        DIGEST = "digest"  # only when you must act (with what happened since), and results
        OFF = "off"  # nothing but answers to your own mails

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="email_preference")
    # The default, digest: one mail when you must act (with what happened
    # since), reminders and the result; no mail for every other move.
    mode = models.CharField(max_length=16, choices=Mode.choices, default=Mode.DIGEST)
    # The board as a picture in the HTML part of game mails (`notify board off` leaves it out).
    board_image = models.BooleanField(default=True)


class UndeliverableAddress(models.Model):
    """An address whose mail server refused our mail for good (a 5xx):
    nothing more is sent to it until a mail arrives from it. The games go
    on: deadlines and timeouts do not wait for mail."""

    email = models.EmailField(unique=True)
    reason = models.TextField(blank=True)
    since = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"undeliverable since {self.since:%Y-%m-%d}"


class InboundMessage(models.Model):
    """A received mail, stored raw before anything else happens to it."""

    class Status(models.TextChoices):
        RECEIVED = "received"
        PROCESSED = "processed"  # commands run (some may have been refused: see outcome)
        REFUSED = "refused"  # answered with why, nothing run
        DROPPED = "dropped"  # auto-reply, bounce, loop: no answer

    # Message-ID, or a hash of the raw message when it has none: the same
    # mail delivered again is stored and processed once.
    key = models.CharField(max_length=300, unique=True)
    source = models.CharField(max_length=32, help_text="smtp, or the ESP's name")
    raw = models.BinaryField()
    envelope_sender = models.CharField(max_length=320, blank=True)
    envelope_recipients = models.JSONField(default=list, blank=True)
    stripped_text = models.TextField(null=True, blank=True, help_text="the ESP's own reply extraction, when it sends one")
    received_at = models.DateTimeField(auto_now_add=True)
    processed_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RECEIVED)
    outcome = models.TextField(blank=True)
    attempts = models.PositiveIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["received_at"], condition=Q(processed_at__isnull=True), name="inbound_unprocessed")]

    def __str__(self) -> str:
        return f"inbound {self.pk} via {self.source} ({self.status})"


# --- channels beyond mail (issue 24): Web Push and chat ---------------------------------


class Channel(models.TextChoices):
    MAIL = "mail"
    PUSH = "push"
    CHAT = "chat"


class PushSubscription(models.Model):
    """One browser (device) of a player subscribed to Web Push: the push
    service's endpoint and the keys its payloads are encrypted to (RFC 8291).
    Removed when the push service says it is gone (404/410)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=2000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    # what the player sees in the list of devices (the browser and system, from its user agent)
    label = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:  # the endpoint is a capability: never in a log
        return f"push subscription {self.pk} of user {self.user_id}"


class ChannelPreference(models.Model):
    """Whether a player wants one kind of notification by one channel; a
    missing row means the channel's default (notifications.fanout)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="channel_preferences")
    kind = models.CharField(max_length=16)
    channel = models.CharField(max_length=8, choices=Channel.choices)
    enabled = models.BooleanField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind", "channel"], name="channel_preference_once")]


class Delivery(models.Model):
    """One notification by one channel to one target (a push subscription, a
    chat channel): made once (unique), sent once, retried with backoff, its
    lost task found again by the sweep by the ``queued_at`` mark, as the
    outbox's mails are."""

    notification = models.ForeignKey(Notification, on_delete=models.CASCADE, related_name="deliveries")
    channel = models.CharField(max_length=8, choices=Channel.choices)
    # "push:<subscription id>" or "chat:<channel id>"
    target = models.CharField(max_length=40)
    created_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(null=True, blank=True, default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["notification", "channel", "target"], name="delivery_once")]
        indexes = [
            models.Index(
                fields=["queued_at"], condition=Q(queued_at__isnull=False, sent_at__isnull=True), name="delivery_queued"
            ),
        ]

    def __str__(self) -> str:
        return f"delivery {self.pk} of notification {self.notification_id} by {self.target}"


class ChatChannel(models.Model):
    """A chat channel by URL (apprise: Discord, Slack, Matrix, Telegram, ntfy,
    a JSON webhook): a player's own (``user``: what their seat may see) or a
    game's table channel, added by the game's creator (``game``: public
    information only). The URL holds the channel's credentials: it is stored
    encrypted (notifications.chat) and shown back only as ``hint``."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="chat_channels")
    game = models.ForeignKey("pbem.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="chat_channels")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_channels_added")
    url_encrypted = models.TextField()
    service = models.CharField(max_length=40)  # "Discord", "Slack", ...
    hint = models.CharField(max_length=80)  # "Discord …f3a9": enough to tell channels apart
    # a table channel's mentions by its creator: player name -> how the service mentions them ("<@123>",
    # "@alice:matrix.org"; checked by notifications.chat.mention_of). A player's own ChatHandle wins.
    mentions = models.JSONField(default=dict, blank=True)
    # a table channel's time zone (IANA name): its deadlines are told in it, the zone named
    timezone = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(user__isnull=False, game__isnull=True) | Q(user__isnull=True, game__isnull=False),
                name="chat_channel_of_a_player_or_a_table",
            ),
        ]

    def __str__(self) -> str:  # never the URL
        return f"chat channel {self.pk} ({self.hint})"


class ChatHandle(models.Model):
    """How a player is mentioned in a table channel of one service (a Discord user id, a
    Slack member id, a Matrix id, a Telegram @name): set by the player on the profile, used
    by every table channel of that service in their games (notifications.chat.mention_of)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_handles")
    service = models.CharField(max_length=40)  # as ChatChannel.service: "Discord", "Slack", ...
    handle = models.CharField(max_length=200)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "service"], name="chat_handle_one_per_service")]

    def __str__(self) -> str:
        return f"{self.service} handle of user {self.user_id}"
