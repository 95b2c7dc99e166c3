"""Request bodies (validated here, acted on by the services) and the shapes
of the answers, so the OpenAPI schema says what the API really returns."""

from django.utils.translation import gettext as _
from rest_framework import serializers

from pbem.languages import language_names

from pbem.models import Game


class GameCreateSerializer(serializers.Serializer):
    engine = serializers.CharField(max_length=32)
    players = serializers.IntegerField(min_value=1, max_value=12)
    options = serializers.DictField(required=False, default=dict)
    time_control = serializers.DictField(required=False, default=dict)
    bots = serializers.IntegerField(required=False, default=0, min_value=0, max_value=11)
    visibility = serializers.ChoiceField(
        choices=Game.Visibility.choices,
        required=False,
        default=Game.Visibility.PUBLIC,
        help_text="public (default): any logged-in account may watch; private: only players and invitees, "
        "and joining needs the invitation code.",
    )

    def validate(self, attrs):
        if "seed" in self.initial_data:
            # a player who chose the seed could deal every hand offline
            raise serializers.ValidationError(
                {"seed": [_("The seed is drawn by the server and published when the game is finished; leave it out.")]}
            )
        return attrs


class GameJoinSerializer(serializers.Serializer):
    code = serializers.CharField(
        required=False, max_length=16, help_text="The invitation code; a private game takes no player without it."
    )


class GameStartSerializer(serializers.Serializer):
    fill_with_bots = serializers.BooleanField(required=False, default=True)


class MoveSubmitSerializer(serializers.Serializer):
    action = serializers.JSONField(help_text='An action as the game\'s specs describe it, e.g. {"type": "pass"}.')
    version = serializers.IntegerField(
        required=False, min_value=0, help_text="The game version your move answers; a stale one is refused with 409."
    )

    def validate_action(self, value):
        if not isinstance(value, dict) or not isinstance(value.get("type"), str):
            raise serializers.ValidationError(_('An action is a JSON object with a string "type".'))
        return value


class MoveResultSerializer(serializers.Serializer):
    move = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    sealed = serializers.BooleanField()
    commitment = serializers.CharField(allow_null=True)
    duplicate = serializers.BooleanField()


class ErrorSerializer(serializers.Serializer):
    """Every refusal: a code, a message for people, and for a request body
    that did not validate, the messages per field."""

    error = serializers.CharField()
    detail = serializers.CharField()
    fields = serializers.DictField(child=serializers.ListField(child=serializers.CharField()), required=False)


class EngineSerializer(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    options_schema = serializers.DictField()


class InvitationCreateSerializer(serializers.Serializer):
    email = serializers.EmailField()


class InvitationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField()
    email = serializers.EmailField()
    created_at = serializers.DateTimeField()


class VacationSerializer(serializers.Serializer):
    days = serializers.IntegerField(min_value=1, max_value=366, help_text="Whole days away, from now (e.g. 5).")


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()
    expires_at = serializers.DateTimeField()


# --- answers --------------------------------------------------------------------------


class GameListItemSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    engine = serializers.CharField()
    status = serializers.CharField()
    version = serializers.IntegerField()
    updated_at = serializers.DateTimeField()


class SeatSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    player = serializers.CharField(allow_null=True)
    bot = serializers.BooleanField()
    status = serializers.CharField()


class OpenDecisionSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    kind = serializers.CharField()
    sealed = serializers.BooleanField()
    prompt = serializers.CharField(allow_null=True, help_text="Only for your own decision.")
    deadline = serializers.DateTimeField(allow_null=True)
    submitted = serializers.BooleanField()


class CommitmentSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    seat = serializers.IntegerField()
    commitment = serializers.CharField()
    resolved = serializers.BooleanField()
    salt = serializers.CharField(required=False, help_text="Once the game is finished.")


class GameDetailSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    engine = serializers.CharField()
    title = serializers.CharField()
    status = serializers.CharField()
    visibility = serializers.CharField()
    version = serializers.IntegerField()
    options = serializers.DictField()
    time_control = serializers.DictField()
    invite_code = serializers.CharField(allow_null=True, help_text="To the players of a forming game only.")
    created_by = serializers.CharField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    seats = SeatSerializer(many=True)
    your_seat = serializers.IntegerField(allow_null=True)
    seed_commitment = serializers.CharField(allow_null=True, help_text="sha256 of '<seed>:<seed_salt>', from the start.")
    view = serializers.DictField(allow_null=True)
    decisions = OpenDecisionSerializer(many=True)
    actions = serializers.ListField(child=serializers.DictField())
    commitments = CommitmentSerializer(many=True)
    outcome = serializers.DictField(allow_null=True)


class EventSerializer(serializers.Serializer):
    type = serializers.CharField()
    text = serializers.CharField(allow_blank=True)
    data = serializers.DictField()


class HistoryMoveSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    sealed = serializers.BooleanField()
    source = serializers.CharField()
    action = serializers.DictField(required=False, help_text="Your own moves only.")


class HistoryStepSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    moves = HistoryMoveSerializer(many=True)
    events = EventSerializer(many=True)
    applied_at = serializers.DateTimeField(allow_null=True)


class MyDecisionSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    engine = serializers.CharField()
    version = serializers.IntegerField()
    seat = serializers.IntegerField()
    kind = serializers.CharField()
    sealed = serializers.BooleanField()
    prompt = serializers.CharField(allow_blank=True)
    deadline = serializers.DateTimeField(allow_null=True)
    opened_at = serializers.DateTimeField()


class RecordSerializer(serializers.Serializer):
    engine = serializers.CharField()
    players = serializers.IntegerField()
    seed = serializers.IntegerField()
    seed_salt = serializers.CharField()
    seed_commitment = serializers.CharField()
    seed_commitment_formula = serializers.CharField()
    options = serializers.DictField()
    steps = serializers.ListField(child=serializers.DictField())
    outcome = serializers.DictField(allow_null=True)
    commitment_formula = serializers.CharField()


class TimeControlsSerializer(serializers.Serializer):
    default = serializers.CharField()
    presets = serializers.ListField(child=serializers.DictField())
    on_timeout = serializers.DictField(child=serializers.CharField())
    on_leave = serializers.DictField(child=serializers.CharField())


class VacationStatusSerializer(serializers.Serializer):
    allowance_days = serializers.IntegerField()
    used_days = serializers.IntegerField()
    remaining_days = serializers.IntegerField()
    away_until = serializers.DateTimeField(allow_null=True)
    vacations = serializers.ListField(child=serializers.DictField())


class VacationTakenSerializer(serializers.Serializer):
    days = serializers.IntegerField()
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    allowance_days = serializers.IntegerField()
    used_days = serializers.IntegerField()
    remaining_days = serializers.IntegerField()
    decisions_moved = serializers.IntegerField()


# --- mail settings and the undeliverable mark (issue 13, email helper) ---


class UndeliverableSerializer(serializers.Serializer):
    since = serializers.DateTimeField()
    reason = serializers.CharField(help_text="The receiving mail server's answer.")


class MeSerializer(serializers.Serializer):
    username = serializers.CharField()
    email = serializers.CharField()
    language = serializers.CharField(
        help_text="The language of your pages, mails, answers and API errors (e.g. de, it, fr, en); "
        "change it with PATCH /api/me/."
    )
    mail = serializers.ChoiceField(choices=["every_move", "digest", "off"], help_text="How much game mail you get.")
    address_undeliverable = UndeliverableSerializer(
        allow_null=True,
        help_text="Set when mail to your address was refused for good: nothing is mailed to it (your games go on). "
        "Fix the address, then DELETE /api/me/address-undeliverable/ (or send any mail to pbem) to clear it.",
    )


class PlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    reliability = serializers.DictField()


# --- orders given in advance (issue 25) -------------------------------------------------


class StandingSpecSerializer(serializers.Serializer):
    type = serializers.CharField()
    params = serializers.DictField(help_text="name -> JSON Schema")
    label = serializers.CharField()
    example = serializers.CharField(
        help_text="the order as one line of text in your language, as `standing <example>` in a mail "
        "(`höchstens maximilien 3` for a German reader); any language's words are read")


class StandingOrderSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    order = serializers.JSONField()
    command = serializers.CharField(help_text="the order as one line of text in your language, with the game's terms")
    label = serializers.CharField()


class OrdersSerializer(serializers.Serializer):
    next = serializers.ListField(child=serializers.JSONField(), help_text="candidates for your next decision, first tried first")
    standing = StandingOrderSerializer(many=True)
    standing_specs = StandingSpecSerializer(many=True)
    take_back = serializers.BooleanField(help_text="whether your last move may be taken back now")


class OrdersSetSerializer(serializers.Serializer):
    candidates = serializers.ListField(
        child=serializers.JSONField(),
        max_length=10,
        help_text='Tried in order when your next decision opens (at once if it is open): each an email command '
        '("pick king") or an action object ({"type": "pick", "character": "king"}). [] withdraws them.',
    )


class StandingOrderAddSerializer(serializers.Serializer):
    order = serializers.JSONField(
        help_text='One of the standing orders the game offers: an object ({"type": "limit", "noble": "maximilien", '
        '"notes": 3}) or its line of text in any language ("limit maximilien 3", "höchstens maximilien 3", '
        '"massimo maximilien 3", "plafond maximilien 3").'
    )


class TakeBackSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="the game's version after the take-back")
    move = serializers.IntegerField(help_text="the move taken back")


class MeUpdateSerializer(serializers.Serializer):
    language = serializers.ChoiceField(
        choices=language_names(), help_text="Pages, mails, answers to your mails and API errors are written in it."
    )
