"""Words of the pages that come from data: games' titles as published in the
reader's country, statuses, and dates in the reader's locale and time zone."""

from __future__ import annotations

from django import template
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import pgettext

from pbem import clock, selectors
from pbem.languages import game_title as _game_title
from pbem.languages import options_words as _options_words
from pbem.languages import status_word

register = template.Library()


@register.filter
def game_title(slug) -> str:
    """``citadels`` -> "Ohne Furcht und Adel" on a German page."""
    title = _game_title(str(slug))
    if title is not None:
        return title
    try:
        return selectors.engine_get(str(slug)).title
    except Exception:  # an engine no longer installed: its slug is all there is
        return str(slug)


@register.filter
def preset_name(name) -> str:
    """A time-control preset's name in the reader's words ("Büro-Zeiten"), never its id."""
    return clock.preset_name(name)


@register.filter
def options_words(game) -> str:
    """A game's options in the reader's words ("Handgröße verbergen: ja"), never their ids."""
    return _options_words(game.engine, game.options)


def seat_statuses() -> dict[str, str]:
    return {
        "playing": pgettext("seat status", "playing"),
        "bot": pgettext("seat status", "bot"),
        "resigned": pgettext("seat status", "resigned"),
        "forfeited": pgettext("seat status", "forfeited"),
    }


@register.filter
def game_status(status) -> str:
    return status_word(status)


@register.filter
def seat_status(status) -> str:
    return seat_statuses().get(str(status), str(status))


@register.filter
def on_leave(policy) -> str:
    return str(clock.ON_LEAVE.get(str(policy), policy))


@register.filter
def when(value) -> str:
    """A moment in the reader's locale and time zone, with the zone's name:
    "Mi., 25. November 2026, 21:00 (Europe/Berlin)"."""
    if not value:
        return ""
    local = timezone.localtime(value) if timezone.is_aware(value) else value
    return f"{date_format(local, 'DATETIME_FORMAT')} ({timezone.get_current_timezone_name()})"


@register.filter
def tournament_status(status) -> str:
    return {
        "registration": pgettext("tournament status", "registration open"),
        "running": pgettext("tournament status", "running"),
        "finished": pgettext("tournament status", "finished"),
        "cancelled": pgettext("tournament status", "cancelled"),
    }.get(str(status), str(status))


@register.filter
def tournament_format(value) -> str:
    return {
        "swiss": pgettext("tournament format", "Swiss"),
        "groups": pgettext("tournament format", "round robin in groups"),
    }.get(str(value), str(value))


@register.filter
def made_by(via) -> str:
    """How a ladder game came about."""
    return {
        "match": pgettext("ladder game made by", "matchmaker"),
        "challenge": pgettext("ladder game made by", "challenge"),
    }.get(str(via), str(via))
