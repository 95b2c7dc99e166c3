"""A new account starts in the language its player signed up in: the
switcher's choice, else the browser's Accept-Language (LocaleMiddleware)."""

from __future__ import annotations

from allauth.account.signals import user_signed_up
from django.dispatch import receiver
from django.utils import translation

from pbem.languages import language_supported
from pbem.services.languages import profile_language_set


@receiver(user_signed_up, dispatch_uid="pbem.web.signed_up_language")
def signed_up_language(sender, request, user, **kwargs):
    code = language_supported(getattr(request, "LANGUAGE_CODE", None) or translation.get_language())
    if code is not None:
        profile_language_set(user=user, language=code)
