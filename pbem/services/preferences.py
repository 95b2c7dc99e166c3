"""How much mail a player wants, and whether game mails show the board as a
picture: a player's settings, written from the profile page, the API and the
mail commands; the outbox reads them (notifications.outbox.preference_of)."""

from __future__ import annotations

from django.utils.translation import gettext

from notifications.models import EmailPreference
from pbem.errors import InvalidRequest


def preference_set(*, user, mode: str) -> EmailPreference:
    if mode not in EmailPreference.Mode.values:
        raise InvalidRequest(gettext("Mail preference is one of: %(modes)s.") % {"modes": ", ".join(EmailPreference.Mode.values)})
    row, _ = EmailPreference.objects.update_or_create(user=user, defaults={"mode": mode})
    return row


def board_image_set(*, user, on: bool) -> EmailPreference:
    """Whether game mails carry the board as an inline picture (the written situation stays)."""
    row, _ = EmailPreference.objects.update_or_create(user=user, defaults={"board_image": on})
    return row
