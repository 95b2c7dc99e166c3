"""The authentication backends of the site, reading a signed-in player's
profile with the user in one query: every page needs its language and time
zone (pbem.web.middleware), and the cheapest pages (the game page's poll)
must stay at their few queries."""

from __future__ import annotations

from allauth.account.auth_backends import AuthenticationBackend
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend


class _WithProfile:
    def get_user(self, user_id):
        user = get_user_model()._default_manager.select_related("profile").filter(pk=user_id).first()
        return user if user is not None and self.user_can_authenticate(user) else None


class ProfileModelBackend(_WithProfile, ModelBackend):
    pass


class ProfileAllauthBackend(_WithProfile, AuthenticationBackend):
    pass
