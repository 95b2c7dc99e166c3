"""The operators' admin: games, seats, pending decisions, moves (a sealed
move's content never shown before its decision resolves), players' profiles
and vacations, notifications and inbound mail. Changes to a game go through
services (abort, extend deadlines); the admin never edits a game's state."""

from __future__ import annotations

from django.contrib import admin, messages
from django.utils import timezone

from notifications.models import InboundMessage, Notification
from pbem.errors import ServiceError
from pbem.models import Game, Move, PendingAction, Profile, Seat, Vacation


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "player", "is_bot", "status", "left_at")
    readonly_fields = fields
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "engine", "status", "players", "version", "created_by", "created_at", "updated_at")
    list_filter = ("status", "engine")
    search_fields = ("id", "invite_code", "created_by__username")
    # the state holds hands and the random generator: never on an operator's screen
    exclude = ("state",)
    readonly_fields = ("engine", "options", "seed", "players", "status", "version", "time_control", "outcome",
                       "invite_code", "created_by", "started_at", "finished_at")
    inlines = [SeatInline]
    actions = ["abort_games", "extend_deadlines_24h"]

    def has_add_permission(self, request):
        return False

    @admin.action(description="Abort the selected games (no more moves)")
    def abort_games(self, request, queryset):
        from pbem.web.services import game_abort

        for game in queryset:
            try:
                game_abort(game_id=game.pk, by=request.user)
                self.message_user(request, f"Game {game.pk} aborted.", messages.SUCCESS)
            except ServiceError as e:
                self.message_user(request, e.message, messages.WARNING)

    @admin.action(description="Give the open decisions of the selected games 24 hours more")
    def extend_deadlines_24h(self, request, queryset):
        from pbem.web.services import deadline_extend

        n = sum(deadline_extend(game_id=g.pk, hours=24) for g in queryset)
        self.message_user(request, f"{n} open decision(s) got 24 hours more.", messages.SUCCESS)


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("game", "index", "player", "is_bot", "status")
    list_filter = ("status", "is_bot")
    search_fields = ("game__id", "player__username")
    readonly_fields = ("game", "index", "joined_at", "left_at", "credit_seconds")
    actions = ["give_to_bot"]

    @admin.action(description="Give the selected seats to a bot (forfeit for the player)")
    def give_to_bot(self, request, queryset):
        from pbem.services import seat_forfeit

        for seat in queryset.filter(game__status=Game.Status.ACTIVE):
            try:
                seat_forfeit(game_id=seat.game_id, seat=seat.index)
                self.message_user(request, f"{seat}: done.", messages.SUCCESS)
            except ServiceError as e:
                self.message_user(request, e.message, messages.WARNING)


@admin.register(PendingAction)
class PendingActionAdmin(admin.ModelAdmin):
    list_display = ("game", "version", "seat", "kind", "sealed", "deadline", "submitted_at", "closed_at", "answer")
    list_filter = ("sealed", "answer")
    search_fields = ("game__id",)

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("seat", "game")

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "version", "seat", "shown_action", "sealed", "source", "status", "received_at")
    list_filter = ("sealed", "source", "status")
    search_fields = ("game__id",)
    # action is null for a sealed move until it resolves; the secret table
    # (SealedMove) has no admin at all
    fields = ("game", "version", "seat", "shown_action", "sealed", "source", "status", "received_at", "applied_at")
    readonly_fields = fields

    @admin.display(description="action")
    def shown_action(self, obj):
        if obj.sealed and obj.status != Move.Status.APPLIED:
            return "sealed (shown once the decision resolves)"
        return obj.action

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "timezone", "vacation_days_per_year")
    search_fields = ("user__username",)


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    list_display = ("user", "days", "starts_at", "ends_at")
    search_fields = ("user__username",)


def _register_notifications():
    @admin.register(Notification)
    class NotificationAdmin(admin.ModelAdmin):
        list_display = ("id", "kind", "to_email", "game", "subject", "created_at", "sent_at", "attempts")
        list_filter = ("kind",)
        search_fields = ("to_email", "subject", "game__id")
        readonly_fields = [f.name for f in Notification._meta.fields]
        actions = ["resend"]

        @admin.action(description="Send the selected notifications again")
        def resend(self, request, queryset):
            from notifications.tasks import deliver

            ids = list(queryset.values_list("pk", flat=True))
            queryset.update(sent_at=None, last_error="")
            for pk in ids:
                deliver.delay(pk)
            self.message_user(request, f"{len(ids)} notification(s) queued at {timezone.now():%H:%M}.", messages.SUCCESS)

    @admin.register(InboundMessage)
    class InboundMessageAdmin(admin.ModelAdmin):
        list_display = ("id", "source", "envelope_sender", "status", "received_at", "processed_at")
        list_filter = ("status", "source")
        search_fields = ("envelope_sender", "key")
        exclude = ("raw",)
        readonly_fields = [f.name for f in InboundMessage._meta.fields if f.name != "raw"]


# the outbox's package may bring its own admin one day: register only if it has not
if not admin.site.is_registered(Notification):
    _register_notifications()
