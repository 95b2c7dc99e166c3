"""The read-only feeds: a player's calendar of open deadlines (iCal, with
icalendar) and the Atom feed of a public game (Django's syndication
framework). Both are read by programs that cannot log in, so each sits
behind an unguessable token in its URL (pbem.web.models) that its owner can
replace; an unknown or replaced token answers 404 like a missing page."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django.contrib.syndication.views import Feed
from django.http import Http404, HttpResponse
from django.utils import timezone, translation
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from icalendar import Alarm, Calendar, Event

from notifications.links import game_url, site_url
from pbem import selectors
from pbem.models import Game
from pbem.web import selectors as web_selectors
from pbem.web.models import CalendarFeed, GameFeed


def _host() -> str:
    return site_url("/").split("://", 1)[-1].strip("/").split("/")[0] or "pbem"


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name or "UTC")
    except (KeyError, ValueError):
        return ZoneInfo("UTC")


def calendar_build(*, user) -> bytes:
    """Every open deadline of ``user`` as an event in the player's time zone
    (with its VTIMEZONE), an alarm at the reminder time, the game's link."""
    zone = _zone(selectors.profile_of(user=user).timezone)
    with translation.override(selectors.language_of(user=user)):
        cal = Calendar()
        cal.add("prodid", "-//pbem//deadlines//EN")
        cal.add("version", "2.0")
        cal.add("calscale", "GREGORIAN")
        cal.add("x-wr-calname", _("pbem: my deadlines"))
        cal.add("x-wr-timezone", zone.key)
        now = timezone.now()
        for entry in web_selectors.calendar_entries_for(user=user):
            event = Event()
            event.add("uid", f"decision-{entry['id']}@{_host()}")
            event.add("dtstamp", now)
            event.add("dtstart", entry["deadline"].astimezone(zone))
            event.add("summary", _("Deadline: %(title)s #%(id)s") % {"title": entry["title"], "id": entry["game_id"]})
            event.add("description", f"{entry['prompt']}\n\n{game_url(entry['game_id'])}")
            event.add("url", game_url(entry["game_id"]))
            if entry["remind_at"] is not None:
                alarm = Alarm()
                alarm.add("action", "DISPLAY")
                alarm.add("description", _("Your move in %(title)s #%(id)s") % {"title": entry["title"], "id": entry["game_id"]})
                alarm.add("trigger", entry["remind_at"] - entry["deadline"])  # before the start: a negative span
                event.add_component(alarm)
            cal.add_component(event)
        cal.add_missing_timezones()
    return cal.to_ical()


@require_GET
def calendar_ics(request, token: str):
    feed = CalendarFeed.objects.select_related("user").filter(token=token).first()
    if feed is None or not feed.user.is_active:
        raise Http404(_("There is no such calendar."))
    response = HttpResponse(calendar_build(user=feed.user), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="pbem.ics"'
    response["Cache-Control"] = "private, no-store"  # a player's deadlines, never in a shared cache
    return response


class GameAtomFeed(Feed):
    """A public game's public events, a step per entry, newest first."""

    feed_type = Atom1Feed

    def get_object(self, request, token: str) -> Game:
        feed = GameFeed.objects.select_related("game").filter(token=token).first()
        if feed is None or feed.game.visibility != Game.Visibility.PUBLIC:
            raise Http404(_("There is no such feed."))
        return feed.game

    def title(self, game: Game) -> str:
        return _("%(title)s #%(id)s") % {"title": web_selectors._title(game.engine), "id": game.pk}

    def link(self, game: Game) -> str:
        return game_url(game.pk)

    def subtitle(self, game: Game) -> str:
        return _("The public events of the game, newest first.")

    def feed_guid(self, game: Game) -> str:
        return f"tag:{_host()},2026:game-{game.pk}"

    def items(self, game: Game) -> list[dict]:
        return [{**step, "game_id": game.pk} for step in web_selectors.game_feed_entries(game=game)]

    def item_title(self, item: dict) -> str:
        return _("Step %(version)s") % {"version": item["version"]}

    def item_description(self, item: dict) -> str:
        return "\n".join(item["events"])

    def item_link(self, item: dict) -> str:
        return f"{game_url(item['game_id'])}#step-{item['version']}"

    def item_guid(self, item: dict) -> str:
        return f"tag:{_host()},2026:game-{item['game_id']}-step-{item['version']}"

    item_guid_is_permalink = False

    def item_pubdate(self, item: dict):
        return item["applied_at"]

    def item_updateddate(self, item: dict):
        return item["applied_at"]
