"""API tokens that expire (PBEM_API_TOKEN_TTL_DAYS) and can be revoked."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from rest_framework.authentication import TokenAuthentication
from django.utils.translation import gettext as _
from rest_framework.exceptions import AuthenticationFailed

from pbem.reader import reader_activate


def token_expires_at(token):
    return token.created + timedelta(days=settings.PBEM_API_TOKEN_TTL_DAYS)


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        # DRF's own lookup, with the profile (language, time zone) read in the same query
        model = self.get_model()
        token = model.objects.select_related("user__profile").filter(key=key).first()
        if token is None:
            raise AuthenticationFailed(_("Invalid token."))  # DRF's message, from DRF's catalogs
        if not token.user.is_active:
            raise AuthenticationFailed(_("User inactive or deleted."))
        user = token.user
        if token_expires_at(token) <= timezone.now():
            token.delete()
            raise AuthenticationFailed(_("Your API token has expired: get a new one with POST /api/auth/token/."))
        # a token's player reads the API's answers and errors in their own language and time zone
        reader_activate(user=user)
        return user, token
