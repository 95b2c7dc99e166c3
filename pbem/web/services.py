"""Writes the web pages need that no other channel makes: table talk, the
profile's time zone and API token, the password-set link of players invited
by email. Moves, joining, starting, vacations and the operator's actions
(pbem.services.operations) go through ``pbem.services`` like every other
channel."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.db import transaction
from rest_framework.authtoken.models import Token

from pbem.errors import InvalidRequest, NotYourSeat
from pbem.models import Profile, Seat, TableMessage


def table_message_post(*, game_id: int, user, text: str, to_seat: int | None = None) -> TableMessage:
    """A message to the table (``to_seat`` None) or to one seat's player."""
    text = (text or "").strip()
    if not text:
        raise InvalidRequest("Write something to send.")
    if len(text) > 2000:
        raise InvalidRequest("A message is at most 2000 characters.")
    seat = Seat.objects.filter(game_id=game_id, player=user).first()
    if seat is None:
        raise NotYourSeat("Only the players of this game can talk at its table.")
    if to_seat is not None:
        target = Seat.objects.filter(game_id=game_id, index=to_seat).first()
        if target is None or target.player_id is None or target.index == seat.index:
            raise InvalidRequest("Send a private message to another player of this game, or to the whole table.")
    return TableMessage.objects.create(game_id=game_id, sender=user, to_seat=to_seat, text=text)


def profile_timezone_set(*, user, tz: str):
    profile, _ = Profile.objects.update_or_create(user=user, defaults={"timezone": tz})
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
        address, _ = EmailAddress.objects.get_or_create(
            user=user, email=user.email.lower(), defaults={"verified": True, "primary": True}
        )
        if not address.verified:
            address.verified = True
            address.save(update_fields=["verified"])
