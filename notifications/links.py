"""Every link a mail holds, built in one place from PBEM_SITE_URL."""

from __future__ import annotations

from urllib.parse import quote

from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode


def _site() -> str:
    return settings.SITE_URL.rstrip("/")


def site_url(path: str) -> str:
    """A path of the site as a full URL."""
    return _site() + path


def game_url(game_id: int) -> str:
    """The game's web page."""
    return f"{_site()}/games/{game_id}/"


def game_api_url(game_id: int) -> str:
    return f"{_site()}/api/games/{game_id}/"


def profile_url() -> str:
    """Where a player changes notification settings (and sees a bouncing address)."""
    return f"{_site()}/profile/"


def password_set_url(user, then: str | None = None) -> str:
    """A link that lets a player without a password set one; valid for
    PASSWORD_RESET_TIMEOUT and only until a password is set or the player
    logs in (Django's token covers the password hash and the last login).
    ``then``: the site path the page goes on to once the password is set."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    url = f"{_site()}/accounts/password/set/{uid}/{default_token_generator.make_token(user)}/"
    return url + (f"?next={quote(then, safe='/')}" if then else "")


def join_path(code: str) -> str:
    """The site path that takes a seat with an invitation code (asks once)."""
    return f"/join/{quote(code, safe='')}/"


def link_days() -> int:
    """How long a password link is valid, in whole days."""
    return max(1, settings.PASSWORD_RESET_TIMEOUT // 86400)


def mail_links(*, user, game=None, game_id: int | None = None) -> dict[str, str]:
    """The links of one mail, by name, for its text and its HTML part."""
    links = {}
    game_id = game.pk if game is not None else game_id
    if game_id is not None:
        links["game"] = game_url(game_id)
        links["api"] = game_api_url(game_id)
    if user is not None:
        links["settings"] = profile_url()
        if not user.has_usable_password():
            links["password"] = password_set_url(user)
    return links
