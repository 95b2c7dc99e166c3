"""The game service's tables.

A game is a row holding the engine's state (JSONB) and a version that goes up
by one each time ``engine.apply`` runs. Everything else hangs off it: seats,
the decisions the engine has opened (PendingAction), the append-only log of
moves, and for sealed decisions the secret content of each move (SealedMove),
kept apart so that no query for the log can carry it by accident.
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext


def _invite_code() -> str:
    return secrets.token_urlsafe(6)


def _seed_salt() -> str:
    return secrets.token_hex(16)


def seed_commitment_of(*, seed: int, salt: str) -> str:
    """sha256 of "<seed>:<salt>": published when the game starts, so the seed
    revealed with the finished game's record can be checked against it."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


class Game(models.Model):
    class Status(models.TextChoices):
        FORMING = "forming"
        ACTIVE = "active"
        FINISHED = "finished"
        ABORTED = "aborted"

    class Visibility(models.TextChoices):
        PUBLIC = "public"  # any logged-in account sees the spectator view and the public history
        PRIVATE = "private"  # only the seated players and the invited addresses; joining needs the code

    engine = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    # The seed comes from the server's secure random source and stays secret
    # until the game is finished (it would let anyone replay the deal).
    seed = models.BigIntegerField()
    seed_salt = models.CharField(max_length=64, default=_seed_salt)
    visibility = models.CharField(max_length=8, choices=Visibility.choices, default=Visibility.PUBLIC)
    players = models.PositiveSmallIntegerField(help_text="number of seats")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.FORMING)
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    time_control = models.JSONField(default=dict, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    invite_code = models.CharField(max_length=16, unique=True, default=_invite_code)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_created")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # When an ``advance`` task was last queued and not yet run to its end: a
    # task lost with its worker leaves this set, and the lost-work sweep finds
    # it by the partial index below (only games with work in flight are in it).
    advance_queued_at = models.DateTimeField(null=True, blank=True)
    # Whether a seat has ever given orders in advance (pbem.services.orders):
    # only then does a step look for them, so other games pay no query.
    orders_given = models.BooleanField(default=False)

    class Meta:
        indexes = [
            models.Index(fields=["status", "updated_at"], name="game_status_updated"),
            models.Index(fields=["advance_queued_at"], condition=Q(advance_queued_at__isnull=False), name="game_advance_queued"),
        ]

    def __str__(self) -> str:
        return f"{self.engine} #{self.pk} ({self.status})"

    def __repr__(self) -> str:  # never the seed, not even in a traceback
        return f"<Game {self.pk} {self.engine} {self.status}>"

    @property
    def seed_commitment(self) -> str:
        return seed_commitment_of(seed=self.seed, salt=self.seed_salt)


class Seat(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing"
        BOT = "bot"  # a bot holds the seat (from the start, or it took over)
        RESIGNED = "resigned"
        FORFEITED = "forfeited"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    is_bot = models.BooleanField(default=False)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PLAYING)
    joined_at = models.DateTimeField(auto_now_add=True)
    # A credit clock's bank of time left to this seat (None: the initial credit).
    credit_seconds = models.FloatField(null=True, blank=True)
    # When the player resigned or forfeited, or a bot took the seat over.
    left_at = models.DateTimeField(null=True, blank=True)
    # When the player's game page was last open and in use (its poll says so, at most every
    # PRESENCE_MARK_SECONDS): a your-move mail waits while the player is at the table (issue 28).
    page_seen_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="seat_unique_index"),
            models.UniqueConstraint(
                fields=["game", "player"], condition=Q(player__isnull=False), name="seat_one_per_player"
            ),
        ]

    @property
    def name(self) -> str:
        if self.player_id:
            return self.player.username
        if self.is_bot:
            return gettext("Bot %(number)s") % {"number": self.index + 1}
        return gettext("Seat %(number)s (open)") % {"number": self.index + 1}

    def __str__(self) -> str:
        return f"{self.game_id}/{self.index} {self.name}"


class PendingAction(models.Model):
    """A decision the engine opened: this seat must act at this version."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="pending_actions")
    version = models.PositiveIntegerField()
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="pending_actions")
    kind = models.CharField(max_length=64)
    sealed = models.BooleanField(default=False)
    prompt = models.TextField(blank=True)
    opened_at = models.DateTimeField()
    deadline = models.DateTimeField(null=True, blank=True)
    submitted_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # The deadline sweep's marks (pbem.services.sweeps, pbem.services.timeouts): the timeout acts at
    # due_at (the deadline plus grace); each reminder is sent at most once.
    due_at = models.DateTimeField(null=True, blank=True)
    remind_at = models.DateTimeField(null=True, blank=True)
    reminded_at = models.DateTimeField(null=True, blank=True)
    last_call_at = models.DateTimeField(null=True, blank=True)
    last_called_at = models.DateTimeField(null=True, blank=True)
    timed_out_at = models.DateTimeField(null=True, blank=True)
    # How far vacations pushed this decision's deadline (capped per decision).
    vacation_seconds = models.PositiveIntegerField(default=0)

    class Answer(models.TextChoices):
        ON_TIME = "on_time"
        LATE = "late"  # after the deadline, within the grace period
        TIMEOUT = "timeout"  # the time control answered for the player
        AUTO = "auto"  # a bot seat answered

    answer = models.CharField(max_length=8, choices=Answer.choices, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "version", "seat"], name="pending_one_per_seat_version"),
        ]
        indexes = [
            # the deadline sweep: unanswered decisions by the moment they time out,
            # by reminder and by last call
            models.Index(
                fields=["due_at"], condition=Q(closed_at__isnull=True, submitted_at__isnull=True), name="pending_due"
            ),
            models.Index(
                fields=["remind_at"],
                condition=Q(closed_at__isnull=True, submitted_at__isnull=True, reminded_at__isnull=True),
                name="pending_remind",
            ),
            models.Index(
                fields=["last_call_at"],
                condition=Q(closed_at__isnull=True, submitted_at__isnull=True, last_called_at__isnull=True),
                name="pending_last_call",
            ),
            # "my turns": open decisions of a seat, soonest deadline first
            models.Index(fields=["seat", "deadline"], condition=Q(closed_at__isnull=True), name="pending_open_by_seat"),
            # the deadline sweep: open decisions by deadline
            models.Index(fields=["deadline"], condition=Q(closed_at__isnull=True), name="pending_open_by_deadline"),
            # the current decision of a game
            models.Index(fields=["game", "version"], condition=Q(closed_at__isnull=True), name="pending_open_by_game"),
        ]


class Move(models.Model):
    """The append-only log: one row per accepted submission.

    A sealed move's content lives in SealedMove until the decision resolves;
    ``action`` stays null here until then. A sealed move the seat replaced is
    kept as SUPERSEDED (its secret content is erased, its commitment stays).
    """

    class Source(models.TextChoices):
        WEB = "web"
        API = "api"
        EMAIL = "email"
        TIMEOUT = "timeout"
        BOT = "bot"
        ORDER = "order"  # played from the seat's orders given in advance (pbem.services.orders)

    class Status(models.TextChoices):
        ACCEPTED = "accepted"  # waiting for its decision to resolve
        APPLIED = "applied"
        SUPERSEDED = "superseded"
        TAKEN_BACK = "taken_back"  # applied, then taken back by its seat: not part of the record

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    version = models.PositiveIntegerField(help_text="the game version this move answered")
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField(null=True, blank=True)
    sealed = models.BooleanField(default=False)
    source = models.CharField(max_length=16, choices=Source.choices)
    idempotency_key = models.CharField(max_length=200)
    # HMAC (keyed with SECRET_KEY, so it tells nothing of a sealed answer) of
    # the request the key came with: the same key with another body is refused.
    request_digest = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACCEPTED)
    received_at = models.DateTimeField(auto_now_add=True)
    applied_at = models.DateTimeField(null=True, blank=True)
    events = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "idempotency_key"], name="move_idempotency_key_unique"),
        ]
        indexes = [models.Index(fields=["game", "version", "seat"], name="move_by_game_version")]


class SealedMove(models.Model):
    """The secret content of a sealed move, its salt and the public commitment
    sha256(canonical JSON of {game, version, seat, action, salt})."""

    move = models.OneToOneField(Move, on_delete=models.CASCADE, related_name="secret")
    content = models.JSONField(null=True)
    salt = models.CharField(max_length=64)
    commitment = models.CharField(max_length=64)
    revealed_at = models.DateTimeField(null=True, blank=True)

    def __repr__(self) -> str:  # never print the content, not even in a traceback
        return f"<SealedMove move={self.move_id} commitment={self.commitment[:12]}…>"

    __str__ = __repr__


class Profile(models.Model):
    """A player's settings that every channel honours."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    timezone = models.CharField(max_length=64, default="UTC", help_text="IANA name, e.g. Europe/Berlin")
    vacation_days_per_year = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="empty: the site's default (PBEM_VACATION_DAYS_PER_YEAR)"
    )
    # Pages, mails and answers are in this language (a code of settings.LANGUAGES); empty:
    # never chosen, so the site's default. Not a choices field: adding a language needs no migration.
    language = models.CharField(max_length=16, blank=True, default="", help_text="e.g. de, it, fr, en")

    def __str__(self) -> str:
        return f"profile of {self.user_id}"


class Vacation(models.Model):
    """Days a player took off: every deadline of theirs moved by ``days`` and
    decisions opened until ``ends_at`` start their clocks then."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    days = models.PositiveSmallIntegerField()
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["starts_at"]
        indexes = [models.Index(fields=["user", "ends_at"], name="vacation_by_user_end")]

    def __str__(self) -> str:
        return f"vacation of {self.user_id}: {self.days} days from {self.starts_at:%Y-%m-%d}"


# --- orders given in advance (issue 25; pbem.services.orders) ------------------------


class DecisionOrder(models.Model):
    """A seat's orders for its next decision: candidates (actions, or email
    commands read when the decision opens), tried in order; the first the
    engine accepts then is played. As private to the seat as a sealed move:
    no page, API answer, mail or log of anyone else holds it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="decision_orders")
    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="decision_order")
    candidates = models.JSONField()
    updated_at = models.DateTimeField(auto_now=True)

    def __repr__(self) -> str:  # never the candidates, not even in a traceback
        return f"<DecisionOrder seat={self.seat_id}>"

    __str__ = __repr__


class StandingOrder(models.Model):
    """A standing order of a seat, one the engine offers (``standing_specs``):
    it answers every decision it covers until withdrawn, the game ends, or
    the engine says it can no longer apply. Private to its seat."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="standing_orders")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="standing_orders")
    order = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __repr__(self) -> str:
        return f"<StandingOrder {self.pk} seat={self.seat_id}>"

    __str__ = __repr__


class TakeBack(models.Model):
    """What taking back an applied move restores: the game's state before it
    (kept only for a step the engine calls reversible, and only while its
    seat may still take it back). As secret as the game's state."""

    move = models.OneToOneField(Move, on_delete=models.CASCADE, related_name="take_back")
    state_before = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    def __repr__(self) -> str:
        return f"<TakeBack move={self.move_id}>"

    __str__ = __repr__


class TableMessage(models.Model):
    """Table talk: a message to the whole table or to one seat of a game. Made
    by the web app's table, read by its pages and by the mails below it. The
    model was the web app's: its table keeps that name (migration pbem 0008)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="table_messages")
    sender = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_messages")
    # None: to the table; else the seat index it is for (sender and that seat see it)
    to_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    text = models.TextField(max_length=2000)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "web_tablemessage"
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["game", "created_at"], name="table_message_by_game")]

    def __str__(self) -> str:
        return f"message {self.pk} in game {self.game_id}"
