"""API tokens that expire (PBEM_API_TOKEN_TTL_DAYS) and can be revoked."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed


def token_expires_at(token):
    return token.created + timedelta(days=settings.PBEM_API_TOKEN_TTL_DAYS)


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        user, token = super().authenticate_credentials(key)
        if token_expires_at(token) <= timezone.now():
            token.delete()
            raise AuthenticationFailed("Your API token has expired: get a new one with POST /api/auth/token/.")
        return user, token
