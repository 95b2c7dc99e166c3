"""Request bodies (validated here, acted on by the services)."""

from rest_framework import serializers


class GameCreateSerializer(serializers.Serializer):
    engine = serializers.CharField(max_length=32)
    players = serializers.IntegerField(min_value=1, max_value=12)
    options = serializers.DictField(required=False, default=dict)
    time_control = serializers.DictField(required=False, default=dict)
    bots = serializers.IntegerField(required=False, default=0, min_value=0, max_value=11)
    seed = serializers.IntegerField(required=False, min_value=0, max_value=2**62)


class GameStartSerializer(serializers.Serializer):
    fill_with_bots = serializers.BooleanField(required=False, default=True)


class MoveSubmitSerializer(serializers.Serializer):
    action = serializers.JSONField(help_text='An action as the game\'s specs describe it, e.g. {"type": "pass"}.')
    version = serializers.IntegerField(
        required=False, min_value=0, help_text="The game version your move answers; a stale one is refused with 409."
    )

    def validate_action(self, value):
        if not isinstance(value, dict) or not isinstance(value.get("type"), str):
            raise serializers.ValidationError('An action is a JSON object with a string "type".')
        return value


class MoveResultSerializer(serializers.Serializer):
    move = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    sealed = serializers.BooleanField()
    commitment = serializers.CharField(allow_null=True)
    duplicate = serializers.BooleanField()


class ErrorSerializer(serializers.Serializer):
    error = serializers.CharField()
    detail = serializers.CharField()


class EngineSerializer(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    options_schema = serializers.DictField()


class InvitationCreateSerializer(serializers.Serializer):
    email = serializers.EmailField()


class VacationSerializer(serializers.Serializer):
    days = serializers.IntegerField(min_value=1, max_value=366, help_text="Whole days away, from now (e.g. 5).")
