"""The operators' admin: games, seats, pending decisions, moves (a sealed
move's content never shown before its decision resolves), players' profiles
and vacations, notifications and inbound mail (who, when and the outcome;
never a mail's text, which holds hands and bids). Changes to a game go through
services (pbem.services.operations: abort, extend deadlines, give a seat to
another player; seat_forfeit: give it to a bot); the admin never edits a
game's state."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.template.response import TemplateResponse
from django.utils import timezone

from notifications.models import InboundMessage, Notification
from notifications.tasks import deliver
from pbem.errors import ServiceError
from pbem.models import Game, Move, PendingAction, Profile, Seat, Vacation
from pbem.services import deadline_extend, game_abort, seat_forfeit, seat_reassign


class ReadOnlyMixin:
    """An admin whose rows an operator reads but does not write by hand: a
    game changes through services (the actions), never by editing a row.
    ``writes`` names what stays allowed ("add", "change", "delete"), and
    then only as far as Django's own permissions allow."""

    writes: frozenset[str] = frozenset()

    def has_add_permission(self, request):
        return "add" in self.writes and super().has_add_permission(request)

    def has_change_permission(self, request, obj=None):
        return "change" in self.writes and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return "delete" in self.writes and super().has_delete_permission(request, obj)


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "player", "is_bot", "status", "left_at")
    readonly_fields = fields
    can_delete = False


@admin.register(Game)
class GameAdmin(ReadOnlyMixin, admin.ModelAdmin):
    writes = frozenset({"change", "delete"})  # change: the list and its actions
    list_display = ("id", "engine", "status", "players", "version", "created_by", "created_at", "updated_at")
    list_filter = ("status", "engine")
    search_fields = ("id", "invite_code", "created_by__username")
    # The state holds hands and the random generator, and the seed (with its salt)
    # would replay the deal: never on an operator's screen. Nothing here is edited:
    # a game changes through the actions (services).
    fields = ("engine", "options", "visibility", "players", "status", "version", "time_control", "outcome",
              "invite_code", "created_by", "created_at", "started_at", "finished_at", "advance_queued_at")
    readonly_fields = fields
    inlines = [SeatInline]
    actions = ["abort_games", "extend_deadlines_24h"]

    @admin.action(description="Abort the selected games (no more moves)")
    def abort_games(self, request, queryset):
        for game in queryset:
            try:
                game_abort(game_id=game.pk, by=request.user)
                self.message_user(request, f"Game {game.pk} aborted.", messages.SUCCESS)
            except ServiceError as e:
                self.message_user(request, e.message, messages.WARNING)

    @admin.action(description="Give the open decisions of the selected games 24 hours more")
    def extend_deadlines_24h(self, request, queryset):
        n = sum(deadline_extend(game_id=g.pk, hours=24) for g in queryset)
        self.message_user(request, f"{n} open decision(s) got 24 hours more.", messages.SUCCESS)


class SeatReassignForm(forms.Form):
    player = forms.CharField(
        label="Give to", max_length=254,
        help_text="The username or email address of the account that takes the seat.",
    )

    def clean_player(self):
        name = self.cleaned_data["player"].strip()
        users = get_user_model().objects.filter(Q(username__iexact=name) | Q(email__iexact=name), is_active=True)[:2]
        if len(users) != 1:
            raise forms.ValidationError(
                f"No active account is called {name!r}." if not users else f"Several accounts match {name!r}; give the username."
            )
        return users[0]


@admin.register(Seat)
class SeatAdmin(ReadOnlyMixin, admin.ModelAdmin):
    writes = frozenset({"change"})  # the list and its actions
    list_display = ("game", "index", "player", "is_bot", "status")
    list_filter = ("status", "is_bot")
    search_fields = ("game__id", "player__username")
    # who holds a seat changes only through the actions below (services), which
    # also retire the old player's reply addresses and ask the new one
    readonly_fields = ("game", "index", "player", "is_bot", "status", "joined_at", "left_at", "credit_seconds")
    actions = ["give_to_bot", "give_to_player"]

    @admin.action(description="Give the selected seats to a bot (forfeit for the player)")
    def give_to_bot(self, request, queryset):
        for seat in queryset.filter(game__status=Game.Status.ACTIVE):
            try:
                seat_forfeit(game_id=seat.game_id, seat=seat.index)
                self.message_user(request, f"{seat}: done.", messages.SUCCESS)
            except ServiceError as e:
                self.message_user(request, e.message, messages.WARNING)

    @admin.action(description="Give the selected seat to another player")
    def give_to_player(self, request, queryset):
        """A page that asks for the player, then hands the seat over through
        ``seat_reassign`` (the old player's reply addresses stop working, the
        new player is asked for the open decisions)."""
        seats = list(queryset.select_related("game", "player"))
        form = SeatReassignForm(request.POST if "apply" in request.POST else None)
        if len(seats) != 1:
            self.message_user(request, "Choose one seat to give to another player.", messages.WARNING)
            return None
        if form.is_bound and form.is_valid():
            seat, user = seats[0], form.cleaned_data["player"]
            try:
                seat_reassign(game_id=seat.game_id, seat_index=seat.index, user=user)
                self.message_user(request, f"Seat {seat.index + 1} of game {seat.game_id} now belongs to {user.username}.", messages.SUCCESS)
            except ServiceError as e:
                self.message_user(request, e.message, messages.WARNING)
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": "Give a seat to another player",
            "opts": self.model._meta,
            "seat": seats[0],
            "form": form,
            "action_checkbox_name": ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/pbem/seat/give_to_player.html", context)


@admin.register(PendingAction)
class PendingActionAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("game", "version", "seat", "kind", "sealed", "deadline", "submitted_at", "closed_at", "answer")
    list_filter = ("sealed", "answer")
    search_fields = ("game__id",)
    exclude = ("prompt",)  # written for the seat, from its own view

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("seat", "game")


@admin.register(Move)
class MoveAdmin(ReadOnlyMixin, admin.ModelAdmin):
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
        # never the body (a seat's hand, the answer confirming a sealed bid) nor the
        # headers (the seat's reply token): an operator sees who got what, and when
        fields = ("kind", "recipient", "to_email", "game", "seat", "version", "subject", "message_id",
                  "created_at", "sent_at", "attempts", "last_error")
        readonly_fields = fields
        actions = ["resend"]

        @admin.action(description="Send the selected notifications again")
        def resend(self, request, queryset):
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
        # the mail's text holds its commands (a sealed bid among them): only who, when and what came of it
        exclude = ("raw", "stripped_text")
        readonly_fields = [f.name for f in InboundMessage._meta.fields if f.name not in ("raw", "stripped_text")]


# the outbox's package may bring its own admin one day: register only if it has not
if not admin.site.is_registered(Notification):
    _register_notifications()
