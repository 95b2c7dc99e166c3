"""The calendar (iCal) and game (Atom) feeds, read back as a calendar program
and a feed reader would: parsed with icalendar and an XML parser, through
the real URLs with no login (the token is the key)."""

from datetime import datetime, timedelta, timezone
from xml.etree import ElementTree
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from icalendar import Calendar

from pbem import errors, services
from pbem.models import Game, PendingAction, Profile
from pbem.web import services as web_services

pytestmark = pytest.mark.django_db

BERLIN = ZoneInfo("Europe/Berlin")
# Summer time ends in Berlin on Sunday 2026-10-25 at 03:00 (01:00 UTC)
BEFORE_DST_END = datetime(2026, 10, 22, 10, 0, tzinfo=timezone.utc)
ATOM = "{http://www.w3.org/2005/Atom}"


def new_game(users, time_control, seed=11, visibility="public"):
    game = services.game_create(
        creator=users[0], engine="sealedbid", players=len(users), seed=seed, time_control=time_control, visibility=visibility
    )
    for u in users[1:]:
        services.game_join(game_id=game.pk, user=u, code=game.invite_code)
    services.game_start(game_id=game.pk, user=users[0])
    return Game.objects.get(pk=game.pk)


def calendar_of(user) -> Calendar:
    url = reverse("web:calendar-feed", args=[web_services.calendar_feed_get(user=user).token])
    response = Client().get(url)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    assert "no-store" in response["Cache-Control"]
    return Calendar.from_ical(response.content)


def events_of(cal: Calendar) -> dict[str, object]:
    return {str(e["UID"]): e for e in cal.walk("VEVENT")}


def uid(pa: PendingAction) -> str:
    return f"decision-{pa.pk}@"


@pytest.fixture
def berliner(alice):
    Profile.objects.update_or_create(user=alice, defaults={"timezone": "Europe/Berlin"})
    return alice


def test_one_event_per_open_deadline_in_the_players_zone_across_a_dst_change(berliner, bob, carol):
    with time_machine.travel(BEFORE_DST_END, tick=False):
        summer = new_game([berliner, bob], {"hours": 48, "reminder_hours": 12, "last_call_hours": 2})
    with time_machine.travel(BEFORE_DST_END + timedelta(days=1), tick=False):
        winter = new_game([carol, berliner], {"hours": 72, "reminder_hours": 24, "last_call_hours": 2}, seed=3)
        new_game([bob, carol], {"hours": 24}, seed=4)  # not hers: not in her calendar
    cal = calendar_of(berliner)
    assert {str(z["TZID"]) for z in cal.walk("VTIMEZONE")} == {"Europe/Berlin"}
    assert {c.name for c in cal.walk("VTIMEZONE")[0].subcomponents} >= {"STANDARD", "DAYLIGHT"}
    events = events_of(cal)
    mine = PendingAction.objects.filter(seat__player=berliner, closed_at__isnull=True).order_by("deadline")
    assert len(events) == len(mine) == 2
    (before, after) = mine
    first = next(e for k, e in events.items() if k.startswith(uid(before)))
    second = next(e for k, e in events.items() if k.startswith(uid(after)))
    # the instants are the deadlines, written in Berlin time: +2 before the change, +1 after it
    assert first.decoded("DTSTART") == before.deadline and second.decoded("DTSTART") == after.deadline
    assert first["DTSTART"].params["TZID"] == second["DTSTART"].params["TZID"] == "Europe/Berlin"
    assert first.decoded("DTSTART").replace(tzinfo=None) == datetime(2026, 10, 24, 12, 0)  # 10:00 UTC, summer time
    assert second.decoded("DTSTART").replace(tzinfo=None) == datetime(2026, 10, 26, 11, 0)  # 10:00 UTC, winter time
    # the alarm at the reminder, the game's link, what is asked; no internal id
    (alarm_1,) = first.walk("VALARM")
    (alarm_2,) = second.walk("VALARM")
    assert alarm_1.decoded("TRIGGER") == timedelta(hours=-12) and alarm_2.decoded("TRIGGER") == timedelta(hours=-24)
    assert str(first["URL"]).endswith(f"/games/{summer.pk}/") and str(second["URL"]).endswith(f"/games/{winter.pk}/")
    assert f"#{summer.pk}" in str(first["SUMMARY"]) and "Bid for the prize" in str(first["DESCRIPTION"])


def test_the_calendar_follows_a_vacation_and_an_extension_and_leaves_answered_decisions(berliner, bob):
    with time_machine.travel(BEFORE_DST_END, tick=False):
        game = new_game([berliner, bob], {"hours": 48, "reminder_hours": 12, "last_call_hours": 2})
        pa = PendingAction.objects.get(game=game, seat__player=berliner, closed_at__isnull=True)
        services.vacation_take(user=berliner, days=2)
        (event,) = events_of(calendar_of(berliner)).values()
        assert event.decoded("DTSTART") == pa.deadline + timedelta(days=2)
        services.deadline_extend(game_id=game.pk, hours=24)
        (event,) = events_of(calendar_of(berliner)).values()
        assert event.decoded("DTSTART") == pa.deadline + timedelta(days=3)
        assert event.walk("VALARM")[0].decoded("TRIGGER") == timedelta(hours=-12)  # the reminder moved with it
        services.move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 2}, source="api")
        assert events_of(calendar_of(berliner)) == {}  # answered: nothing is waiting for her


def test_a_new_calendar_address_kills_the_old_one(alice):
    old = web_services.calendar_feed_get(user=alice).token
    assert web_services.calendar_feed_get(user=alice).token == old  # stable until renewed
    new = web_services.calendar_feed_renew(user=alice).token
    assert new != old and len(new) >= 43
    assert Client().get(reverse("web:calendar-feed", args=[old])).status_code == 404
    assert Client().get(reverse("web:calendar-feed", args=[new])).status_code == 200
    assert Client().get("/feeds/calendar/guess.ics").status_code == 404


def test_the_profile_shows_the_calendar_address_and_renews_it(alice):
    client = Client()
    client.force_login(alice)
    page = client.get(reverse("web:profile")).content.decode()
    token = web_services.calendar_feed_get(user=alice).token
    assert f"/feeds/calendar/{token}.ics" in page
    client.post(reverse("web:profile"), {"what": "calendar"})
    assert web_services.calendar_feed_get(user=alice).token != token


def atom_of(url: str) -> ElementTree.Element:
    response = Client().get(url)
    assert response.status_code == 200 and "atom" in response["Content-Type"]
    return ElementTree.fromstring(response.content)


def test_a_public_games_atom_feed_holds_its_public_events_only(alice, bob):
    game = new_game([alice, bob], {"hours": 48})
    for seat, amount in ((0, 3), (1, 1)):
        services.move_submit(game_id=game.pk, seat=seat, action={"type": "bid", "amount": amount}, source="api")
    services.game_advance(game_id=game.pk)
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, seat=0, action={"type": "peek"}, source="api", version=game.version)
    services.game_advance(game_id=game.pk)
    client = Client()
    client.force_login(bob)
    page = client.get(reverse("web:game", args=[game.pk])).content.decode()
    feed_url = reverse("web:game-feed", args=[game.atom_feed.token])
    assert feed_url in page and 'type="application/atom+xml"' in page
    feed = atom_of(feed_url)
    entries = feed.findall(f"{ATOM}entry")
    texts = " ".join(e.findtext(f"{ATOM}summary") or "" for e in entries)
    assert "Seat 1 wins the prize" in texts and "Seat 1 looked at the next prize." in texts
    assert "The next prize is" not in feed_url and "The next prize is" not in texts  # alice's private peek
    assert "amount" not in texts and "bids" not in texts  # the bids themselves are event data, never text
    assert all(e.findtext(f"{ATOM}id").startswith("tag:") for e in entries)


def test_a_private_game_has_no_feed_and_a_renewed_feed_kills_the_old_address(alice, bob):
    private = new_game([alice, bob], {"hours": 48}, visibility="private")
    assert web_services.game_feed_get(game=private) is None
    public = new_game([alice, bob], {"hours": 48}, seed=5)
    old = web_services.game_feed_get(game=public).token
    with pytest.raises(errors.NotYourSeat):
        web_services.game_feed_renew(game_id=public.pk, user=bob)  # only the creator
    new = web_services.game_feed_renew(game_id=public.pk, user=alice).token
    assert Client().get(reverse("web:game-feed", args=[old])).status_code == 404
    assert Client().get(reverse("web:game-feed", args=[new])).status_code == 200
