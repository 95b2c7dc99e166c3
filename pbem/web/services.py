"""Writes the web pages need that no other channel makes: table talk, the
profile's time zone and API token, the password-set link of players invited
by email, the keys of the calendar and game feeds. Moves, joining, starting, vacations and the operator's actions
(pbem.services.operations) go through ``pbem.services`` like every other
channel."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.db import transaction
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from pbem.errors import InvalidRequest, NotYourSeat
from pbem.models import Game, Profile, Seat, TableMessage
from pbem.services.talk import message_notifications_write
from pbem.web.models import CalendarFeed, GameFeed, _feed_token


def table_message_post(*, game_id: int, user, text: str, to_seat: int | None = None) -> TableMessage:
    """A message to the table (``to_seat`` None) or to one seat's player; the player it is
    to (a private one's, or each one it names as "@name") is told by push and chat."""
    text = (text or "").strip()
    if not text:
        raise InvalidRequest(_("Write something to send."))
    if len(text) > 2000:
        raise InvalidRequest(_("A message is at most 2000 characters."))
    seat = Seat.objects.filter(game_id=game_id, player=user).first()
    if seat is None:
        raise NotYourSeat(_("Only the players of this game can talk at its table."))
    if to_seat is not None:
        target = Seat.objects.filter(game_id=game_id, index=to_seat).first()
        if target is None or target.player_id is None or target.index == seat.index:
            raise InvalidRequest(_("Send a private message to another player of this game, or to the whole table."))
    with transaction.atomic():  # the message and its notifications (pbem.services.talk) together
        message = TableMessage.objects.create(game_id=game_id, sender=user, to_seat=to_seat, text=text)
        message_notifications_write(message=message)
    return message


def profile_timezone_set(*, user, tz: str):
    profile, _created = Profile.objects.update_or_create(user=user, defaults={"timezone": tz})
    return profile


def api_token_regenerate(*, user) -> str:
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user).key


def api_token_get(*, user) -> str:
    return Token.objects.get_or_create(user=user)[0].key


@transaction.atomic
def password_set_from_link(*, user, password: str) -> None:
    """A player invited by email sets a password from the link in a mail: the
    link proves the address, so it counts as verified for logging in."""
    user.set_password(password)
    user.save(update_fields=["password"])
    if user.email:
        address, _created = EmailAddress.objects.get_or_create(
            user=user, email=user.email.lower(), defaults={"verified": True, "primary": True}
        )
        if not address.verified:
            address.verified = True
            address.save(update_fields=["verified"])


# --- the calendar and game feeds' keys -----------------------------------------------------


def calendar_feed_get(*, user) -> CalendarFeed:
    """The player's calendar feed, made on first use."""
    feed, _created = CalendarFeed.objects.get_or_create(user=user)
    return feed


def calendar_feed_renew(*, user) -> CalendarFeed:
    """A new URL for the player's calendar; the old one answers 404 from now."""
    feed, _created = CalendarFeed.objects.update_or_create(user=user, defaults={"token": _feed_token()})
    return feed


def game_feed_get(*, game: Game) -> GameFeed | None:
    """The Atom feed of a public game, made on first use; a private game has none."""
    if game.visibility != Game.Visibility.PUBLIC:
        return None
    feed, _created = GameFeed.objects.get_or_create(game=game)
    return feed


def game_feed_renew(*, game_id: int, user) -> GameFeed:
    """A new URL for a public game's feed, by its creator; the old one answers 404."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.created_by_id != user.pk:
        raise NotYourSeat(_("Only the game's creator can give its feed a new address."))
    if game.visibility != Game.Visibility.PUBLIC:
        raise InvalidRequest(_("A private game has no feed."))
    feed, _created = GameFeed.objects.update_or_create(game=game, defaults={"token": _feed_token()})
    return feed
