"""Who may enter a ladder or a tournament, and the games made for its tables."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from pbem import services as game_services
from pbem.errors import Conflict
from pbem.models import Game
from pbem.selectors import reliability_meets

# --- entry conditions ------------------------------------------------------------


def email_verified(*, user) -> bool:
    """django-allauth's record of the account's address as confirmed (without
    allauth installed, as in a bare service, the account's address counts)."""
    if not user.email:
        return False
    if "allauth.account" in settings.INSTALLED_APPS:
        from allauth.account.models import EmailAddress

        return EmailAddress.objects.filter(user=user, email__iexact=user.email, verified=True).exists()
    return True


def _entry_check(*, user, what: str, verified: bool, min_on_time_rate=None, max_forfeits=None, min_decisions=None) -> None:
    if verified and not email_verified(user=user):
        raise Conflict(_("%(what)s is open to players with a verified email address; confirm yours first.") % {"what": what})
    if not reliability_meets(
        user=user, min_on_time_rate=min_on_time_rate, max_forfeits=max_forfeits, min_decisions=min_decisions
    ):
        wanted = []
        if min_on_time_rate is not None:
            wanted.append(_("at least %(rate)s%% of decisions on time") % {"rate": round(min_on_time_rate * 100)})
        if max_forfeits is not None:
            wanted.append(_("at most %(count)s forfeited games") % {"count": max_forfeits})
        if min_decisions is not None:
            wanted.append(_("at least %(count)s decisions played") % {"count": min_decisions})
        raise Conflict(
            _("%(what)s asks for %(wanted)s; your record (GET /api/players/<you>/) does not meet it yet.")
            % {"what": what, "wanted": ", ".join(wanted)}
        )




# --- games for tables --------------------------------------------------------------


def _game_make(*, players: list, engine: str, options: dict, time_control: dict, seed: int) -> Game:
    """A game with these players in this seat order, started (no bot seats)."""
    game = game_services.game_create(
        creator=players[0], engine=engine, players=len(players), options=options, time_control=time_control, seed=seed
    )
    for p in players[1:]:
        game_services.game_join(game_id=game.pk, user=p)
    return game_services.game_start(game_id=game.pk, user=players[0], fill_with_bots=False)
