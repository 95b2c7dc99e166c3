"""Invitations: an address invited to a forming game, and the account an
address gets when it first plays by mail."""

from __future__ import annotations


import re

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _

from notifications import links, outbox
from notifications.models import Invitation, Notification, ReplyAddress
from pbem.errors import Conflict, InvalidRequest, NotFound, NotYourSeat
from pbem.models import Game
from pbem.selectors import engine_get
from pbem.messages.render import game_tag


@transaction.atomic
def invitation_create(*, game_id: int, by_user, email: str) -> Invitation:
    """Invite an address to a forming game: it gets a mail whose reply
    address accepts ``join <code>`` from that address, account or not."""
    email = (email or "").strip()
    try:
        validate_email(email)
    except ValidationError:
        raise InvalidRequest(_("%(email)r is not an email address.") % {"email": email}) from None
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound(_("There is no game %(game_id)s.") % {"game_id": game_id})
    if not game.seats.filter(player=by_user).exists():
        raise NotYourSeat(_("Only a player of this game can invite others to it."))
    if game.status != Game.Status.FORMING:
        raise Conflict(_("This game has already started; it takes no more players."))
    if game.seats.filter(player__email__iexact=email).exists():
        raise Conflict(_("%(email)s already has a seat in this game.") % {"email": email})
    invitation, created = Invitation.objects.get_or_create(game=game, email=email.lower(), defaults={"invited_by": by_user})
    address = ReplyAddress.objects.get_or_create(invitation=invitation)[0]
    engine = engine_get(game.engine)

    # The invited address gets its account now (no password: it may play by
    # mail alone), so the invitation itself can carry the link to set one,
    # which then goes on to the page that takes the seat.
    invitee = account_for_address(email=invitation.email)
    password_url = None
    if not invitee.has_usable_password():
        password_url = links.password_set_url(invitee, then=links.join_path(game.invite_code))
    outbox.notification_write(
        kind=Notification.Kind.INVITATION,
        dedupe_key=f"invite:{invitation.pk}",
        user=None,
        to_email=invitation.email,
        reply_to=address,
        message="invitation",
        data={
            "tag": game_tag(game.pk, game.engine),
            "inviter": by_user.username,
            "title": engine.title,
            "players": game.players,
            "game": game.pk,
            "code": game.invite_code,
            "game_url": links.game_url(game.pk),
            "join_url": links.site_url(links.join_path(game.invite_code)),
            "account": invitee.username,
            "password_url": password_url,
            "days": links.link_days(),
        },
    )
    return invitation


def account_for_address(*, email: str):
    """The account of this address; a new one (no password: it plays by
    mail, and may set one later) when there is none."""
    User = get_user_model()
    user = User.objects.filter(email__iexact=email).order_by("pk").first()
    if user is not None:
        return user
    base = re.sub(r"[^\w.@+-]", "", email.split("@")[0])[:100] or "player"
    name, n = base, 1
    while User.objects.filter(username__iexact=name).exists():
        n += 1
        name = f"{base}{n}"
    user = User(username=name, email=email.lower())
    user.set_unusable_password()
    user.save()
    return user
