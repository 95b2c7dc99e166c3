"""The reader's language and time zone, switched on for what is written to
them: a page or API answer for a signed-in player, an answer to a mail.
Visitors keep what Django's LocaleMiddleware chose (the switcher's cookie,
else the browser's Accept-Language) and UTC."""

from __future__ import annotations

import zoneinfo

from django.utils import timezone, translation

from pbem import selectors
from pbem.languages import language_supported


def reader_activate(*, user) -> str | None:
    """Activate ``user``'s own language and time zone for this thread; the
    language activated, or None when the profile chose none (the browser's
    stays)."""
    profile = selectors.profile_of(user=user)
    try:
        timezone.activate(zoneinfo.ZoneInfo(profile.timezone or "UTC"))
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        timezone.deactivate()
    code = language_supported(profile.language)
    if code is not None:
        translation.activate(code)
    return code
