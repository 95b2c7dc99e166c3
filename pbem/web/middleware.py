"""A signed-in player reads every page in the language and time zone of
their profile, whatever the browser says (after AuthenticationMiddleware;
Django's LocaleMiddleware before it chose a visitor's language)."""

from __future__ import annotations

from django.utils import timezone

from pbem.reader import reader_activate


class AccountLanguage:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            code = reader_activate(user=user)
            if code is not None:
                request.LANGUAGE_CODE = code
        try:
            return self.get_response(request)
        finally:
            # the next request on this thread starts in UTC (an API token's player was activated in the view)
            timezone.deactivate()
