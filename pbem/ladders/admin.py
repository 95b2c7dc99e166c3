"""Ladders are set up by the site's staff here (players join them by API, page or mail)."""

from django.contrib import admin

from pbem.ladders.models import Ladder, Tournament


@admin.register(Ladder)
class LadderAdmin(admin.ModelAdmin):
    list_display = ("slug", "name", "engine", "min_players", "max_players", "own_rating")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("slug", "name", "engine", "format", "table_size", "rounds", "status", "registration_deadline")
