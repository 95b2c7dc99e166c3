"""Ratings, ladders and tournaments.

A Rating is one player's openskill rating for one engine (``ladder`` null) or
for one ladder that keeps its own; every change is a RatingChange row naming
the game that caused it, unique per rating and game, so a game is never
counted twice. Ladders hold members, seeks (waiting for the matchmaker) and
challenges; tournaments hold entries, rounds and tables.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q

from pbem.errors import NotFound
from pbem.selectors import engine_get

# openskill's defaults: mu 25, sigma 25/3, so a new player's ordinal is 0.
MU, SIGMA = 25.0, 25.0 / 3.0


class TakeoverRule(models.TextChoices):
    # A player who left a game (timeout, resignation, forfeit) while a bot
    # played on: "last" ranks them below everyone who stayed; "place" lets
    # them keep the place the bot reached.
    LAST = "last", "a player who left is ranked last"
    PLACE = "place", "a player who left keeps the place the bot reached"


class Ladder(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=100)
    engine = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    min_players = models.PositiveSmallIntegerField()
    max_players = models.PositiveSmallIntegerField()
    time_control = models.JSONField(default=dict, blank=True)
    # entry conditions
    require_verified_email = models.BooleanField(default=True)
    min_on_time_rate = models.FloatField(null=True, blank=True)
    max_forfeits = models.PositiveIntegerField(null=True, blank=True)
    min_decisions = models.PositiveIntegerField(null=True, blank=True)
    own_rating = models.BooleanField(default=False, help_text="rate this ladder's games on a rating of its own too")
    takeover_rule = models.CharField(max_length=8, choices=TakeoverRule.choices, default=TakeoverRule.LAST)
    inactive_days = models.PositiveSmallIntegerField(default=60, help_text="members who played no game for this long leave the standings")
    # matchmaking: a table's spread of ordinals may be window_base, plus
    # window_per_hour for every hour the longest-waiting player has waited
    window_base = models.FloatField(default=5.0)
    window_per_hour = models.FloatField(default=1.0)
    # challenges: named players within this many places of the challenger
    challenge_range = models.PositiveSmallIntegerField(default=10)
    challenge_hours = models.PositiveSmallIntegerField(default=72)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name

    def clean(self):
        try:
            engine = engine_get(self.engine)
        except NotFound as e:
            raise ValidationError({"engine": e.message}) from None
        if not engine.min_players <= self.min_players <= self.max_players <= engine.max_players:
            raise ValidationError(
                f"{engine.title} is for {engine.min_players}-{engine.max_players} players: "
                "min_players and max_players must lie in that range, min before max."
            )


class Rating(models.Model):
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    engine = models.CharField(max_length=32)
    ladder = models.ForeignKey(Ladder, null=True, blank=True, on_delete=models.CASCADE, related_name="ratings")
    mu = models.FloatField(default=MU)
    sigma = models.FloatField(default=SIGMA)
    ordinal = models.FloatField(default=0.0, help_text="mu - 3 sigma, the figure shown and ranked by")
    games = models.PositiveIntegerField(default=0)
    last_game_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "engine"], condition=Q(ladder__isnull=True), name="rating_one_per_engine"),
            models.UniqueConstraint(fields=["player", "ladder"], condition=Q(ladder__isnull=False), name="rating_one_per_ladder"),
        ]
        indexes = [models.Index(fields=["engine", "ladder", "-ordinal"], name="rating_board")]

    def __str__(self) -> str:
        return f"rating of {self.player_id} in {self.engine}/{self.ladder_id}: {self.ordinal:.2f}"


class RatingChange(models.Model):
    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="changes")
    game = models.ForeignKey("pbem.Game", on_delete=models.CASCADE, related_name="rating_changes")
    place = models.PositiveSmallIntegerField(help_text="the place the rating counted (1 = first; ties share)")
    players = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_before = models.FloatField()
    ordinal_after = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["rating", "game"], name="rating_change_once_per_game")]


class LadderMember(models.Model):
    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ladder_memberships")
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)
    games = models.PositiveIntegerField(default=0)
    last_game_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["ladder", "player"], name="ladder_member_once")]


class LadderGame(models.Model):
    """A game the ladder made (by the matchmaker or a challenge)."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="games")
    game = models.OneToOneField("pbem.Game", on_delete=models.CASCADE, related_name="ladder_game")
    via = models.CharField(max_length=16)  # match | challenge
    created_at = models.DateTimeField(auto_now_add=True)


class Seek(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting"
        MATCHED = "matched"
        CANCELLED = "cancelled"

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="seeks")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seeks")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    created_at = models.DateTimeField()
    matched_at = models.DateTimeField(null=True, blank=True)
    game = models.ForeignKey("pbem.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["ladder", "player"], condition=Q(status="waiting"), name="seek_one_waiting_per_ladder"
            )
        ]
        indexes = [models.Index(fields=["ladder", "created_at"], condition=Q(status="waiting"), name="seek_waiting")]


class Challenge(models.Model):
    class Status(models.TextChoices):
        OPEN = "open"
        ACCEPTED = "accepted"  # everyone named accepted: the game is made
        DECLINED = "declined"
        EXPIRED = "expired"

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="challenges")
    challenger = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_made")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    decided_at = models.DateTimeField(null=True, blank=True)
    game = models.ForeignKey("pbem.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        indexes = [models.Index(fields=["expires_at"], condition=Q(status="open"), name="challenge_open_by_expiry")]


class ChallengeInvitee(models.Model):
    class Answer(models.TextChoices):
        PENDING = "pending"
        ACCEPTED = "accepted"
        DECLINED = "declined"

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="invitees")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_received")
    answer = models.CharField(max_length=16, choices=Answer.choices, default=Answer.PENDING)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["challenge", "player"], name="challenge_invitee_once")]


# --- tournaments -----------------------------------------------------------------


class Tournament(models.Model):
    class Format(models.TextChoices):
        SWISS = "swiss", "Swiss"
        GROUPS = "groups", "round robin in groups"

    class Remainder(models.TextChoices):
        BYE = "bye", "byes for the players left over"
        SMALLER = "smaller", "smaller tables, so everyone plays"

    class Status(models.TextChoices):
        REGISTRATION = "registration"
        RUNNING = "running"
        FINISHED = "finished"
        CANCELLED = "cancelled"

    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=100)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournaments_created")
    engine = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    time_control = models.JSONField(default=dict, blank=True)
    format = models.CharField(max_length=8, choices=Format.choices, default=Format.SWISS)
    table_size = models.PositiveSmallIntegerField()
    rounds = models.PositiveSmallIntegerField(help_text="Swiss rounds, or rounds within each group")
    group_size = models.PositiveSmallIntegerField(null=True, blank=True, help_text="groups format only")
    final_size = models.PositiveSmallIntegerField(default=0, help_text="0: no final table")
    remainder = models.CharField(max_length=8, choices=Remainder.choices, default=Remainder.SMALLER)
    # {"4": [3, 2, 1, 0], "3": [3, 1.5, 0]}; empty: the default (see pairing.points_for)
    points = models.JSONField(default=dict, blank=True)
    takeover_rule = models.CharField(max_length=8, choices=TakeoverRule.choices, default=TakeoverRule.LAST)
    max_players = models.PositiveIntegerField(null=True, blank=True)
    registration_deadline = models.DateTimeField()
    round_hours = models.PositiveIntegerField(default=24 * 21, help_text="a round's deadline, from its start")
    require_verified_email = models.BooleanField(default=True)
    min_on_time_rate = models.FloatField(null=True, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries")
    registered_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    seed_ordinal = models.FloatField(default=0.0, help_text="the engine rating at the start: round 1 seeding, last tie-break")
    group = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="entry_once")]


class Round(models.Model):
    class Stage(models.TextChoices):
        SWISS = "swiss"
        GROUPS = "groups"
        FINAL = "final"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=8, choices=Stage.choices)
    started_at = models.DateTimeField()
    deadline = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_once")]


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    bye = models.BooleanField(default=False)
    game = models.OneToOneField("pbem.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_table")
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]


class TableSeat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.FloatField(null=True, blank=True)
    max_points = models.FloatField(null=True, blank=True, help_text="a first place's points at this table")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "player"], name="table_seat_once")]
