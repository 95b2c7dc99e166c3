"""Request bodies and documented answers of the ladder and tournament API."""

from rest_framework import serializers

from pbem.api.serializers import ErrorSerializer  # noqa: F401 - the project's one error shape
from pbem.ladders.models import Tournament


class ChallengeCreateSerializer(serializers.Serializer):
    players = serializers.ListField(
        child=serializers.CharField(max_length=150), min_length=1, max_length=6,
        help_text="the usernames of the players you challenge, to one table with you",
    )


class ChallengeRespondSerializer(serializers.Serializer):
    answer = serializers.ChoiceField(choices=["accept", "decline"])


class TournamentCreateSerializer(serializers.Serializer):
    slug = serializers.SlugField(max_length=50)
    name = serializers.CharField(max_length=100)
    engine = serializers.CharField(max_length=32)
    options = serializers.DictField(required=False, default=dict)
    time_control = serializers.DictField(required=False, default=dict)
    format = serializers.ChoiceField(choices=Tournament.Format.choices, default=Tournament.Format.SWISS)
    table_size = serializers.IntegerField(min_value=2, max_value=7)
    rounds = serializers.IntegerField(min_value=1, max_value=20)
    group_size = serializers.IntegerField(required=False, min_value=2, max_value=64)
    final_size = serializers.IntegerField(required=False, default=0, min_value=0, max_value=7)
    remainder = serializers.ChoiceField(choices=Tournament.Remainder.choices, default=Tournament.Remainder.SMALLER)
    points = serializers.DictField(
        child=serializers.ListField(child=serializers.FloatField(min_value=0)), required=False, default=dict,
        help_text='placement points per table size, first place first, e.g. {"4": [5, 3, 1, 0]}; default 3*(n-p)/(n-1)',
    )
    takeover_rule = serializers.ChoiceField(choices=["last", "place"], default="last")
    max_players = serializers.IntegerField(required=False, min_value=2, max_value=10000)
    registration_deadline = serializers.DateTimeField()
    round_hours = serializers.IntegerField(required=False, default=24 * 21, min_value=1, max_value=24 * 365)
    require_verified_email = serializers.BooleanField(default=True)
    min_on_time_rate = serializers.FloatField(required=False, min_value=0, max_value=1)


class LadderSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    engine = serializers.CharField()
    title = serializers.CharField()
    options = serializers.DictField()
    players = serializers.DictField(child=serializers.IntegerField())
    time_control = serializers.DictField()
    entry = serializers.DictField()
    own_rating = serializers.BooleanField()
    takeover_rule = serializers.CharField()
    inactive_days = serializers.IntegerField()
    challenge_range = serializers.IntegerField()
    challenge_hours = serializers.IntegerField()
    members = serializers.IntegerField()
    seeking = serializers.IntegerField()


class StandingSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = serializers.CharField()
    ordinal = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    last_game_at = serializers.DateTimeField(allow_null=True)
    on_time_rate = serializers.FloatField(allow_null=True)
    forfeits = serializers.IntegerField()


class ChallengeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    ladder = serializers.CharField()
    challenger = serializers.CharField()
    players = serializers.ListField(child=serializers.DictField())
    status = serializers.CharField()
    expires_at = serializers.DateTimeField()
    game = serializers.IntegerField(allow_null=True)


class SeekSerializer(serializers.Serializer):
    ladder = serializers.CharField()
    status = serializers.CharField()
    created_at = serializers.DateTimeField()


class RatingSerializer(serializers.Serializer):
    engine = serializers.CharField()
    ladder = serializers.CharField(allow_null=True)
    ordinal = serializers.FloatField(help_text="mu - 3 sigma")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    last_game_at = serializers.DateTimeField(allow_null=True)


class RatingChangeSerializer(serializers.Serializer):
    engine = serializers.CharField()
    ladder = serializers.CharField(allow_null=True)
    game = serializers.IntegerField()
    at = serializers.DateTimeField()
    place = serializers.IntegerField()
    players = serializers.IntegerField()
    mu_before = serializers.FloatField()
    sigma_before = serializers.FloatField()
    mu_after = serializers.FloatField()
    sigma_after = serializers.FloatField()
    ordinal_before = serializers.FloatField()
    ordinal_after = serializers.FloatField()


class TournamentSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    engine = serializers.CharField()
    options = serializers.DictField()
    format = serializers.CharField()
    table_size = serializers.IntegerField()
    rounds = serializers.IntegerField()
    group_size = serializers.IntegerField(allow_null=True)
    final_size = serializers.IntegerField()
    remainder = serializers.CharField()
    points = serializers.DictField(child=serializers.ListField(child=serializers.FloatField()))
    max_players = serializers.IntegerField(allow_null=True)
    registration_deadline = serializers.DateTimeField()
    round_hours = serializers.IntegerField()
    status = serializers.CharField()
    players = serializers.IntegerField()
    created_by = serializers.CharField()
    rules = serializers.ListField(child=serializers.CharField())


class TournamentStandingSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = serializers.CharField()
    group = serializers.IntegerField(allow_null=True)
    group_rank = serializers.IntegerField(allow_null=True)
    points = serializers.FloatField()
    opponents_points = serializers.FloatField()
    score_ratio = serializers.FloatField()
    games = serializers.IntegerField()
    byes = serializers.IntegerField()
    seed_ordinal = serializers.FloatField()
    final_place = serializers.IntegerField(allow_null=True)
    withdrawn = serializers.BooleanField()


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    stage = serializers.CharField()
    started_at = serializers.DateTimeField()
    deadline = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    tables = serializers.ListField(child=serializers.DictField())
