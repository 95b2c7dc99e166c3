"""A player's language: chosen at sign-up from the browser, changed on the
profile page, through the API (PATCH /api/me/) and by `language de` in a mail."""

from __future__ import annotations

from django.utils.translation import gettext as _

from pbem.errors import InvalidRequest
from pbem.languages import language_codes, language_supported
from pbem.models import Profile


def profile_language_set(*, user, language: str) -> Profile:
    """Every later page, mail and answer for ``user`` is in ``language``."""
    code = language_supported(language)
    if code is None:
        raise InvalidRequest(
            _("%(language)r is not a language of this site; choose one of %(codes)s.")
            % {"language": language, "codes": ", ".join(language_codes())}
        )
    profile, _created = Profile.objects.update_or_create(user=user, defaults={"language": code})
    return profile
