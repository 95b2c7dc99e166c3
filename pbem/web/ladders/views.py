"""Pages: ladder, standings, tournament, a player's rating history. Anyone
may view them; the forms (join, seek, register...) need a login and call the
same services as the API and the mail commands."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from pbem.errors import ServiceError
from pbem.ladders import selectors, services
from pbem.ladders.models import Seek
from pbem.selectors import engine_list
from pbem.web.ladders.forms import TournamentCreateForm
from pbem.web.templatetags.pbem_i18n import when


def base_template() -> str:
    """The web app's layout when it is there, else this app's own small one."""
    try:
        get_template("web/base.html")
        return "web/base.html"
    except TemplateDoesNotExist:
        return "ladders/base.html"


def _render(request, template: str, context: dict, status: int = 200):
    return render(request, template, {"base_template": base_template(), **context}, status=status)


def _or_404(request, fetch):
    try:
        return fetch(), None
    except ServiceError as e:
        return None, _render(request, "ladders/missing.html", {"message": e.message}, status=e.status)


def ladder_list(request):
    return _render(
        request, "ladders/list.html", {"ladders": selectors.ladders_list(), "tournaments": selectors.tournaments_list(limit=50)}
    )


def ladder_page(request, slug: str):
    ladder, missing = _or_404(request, lambda: selectors.ladder_by_slug(slug=slug))
    if missing:
        return missing
    me = {}
    if request.user.is_authenticated:
        me = {
            "member": ladder.members.filter(player=request.user, left_at__isnull=True).exists(),
            "seeking": ladder.seeks.filter(player=request.user, status=Seek.Status.WAITING).exists(),
        }
    return _render(
        request,
        "ladders/ladder.html",
        {
            "ladder": selectors.ladder_summary(ladder=ladder),
            "standings": selectors.ladder_standings(ladder=ladder, limit=10),
            "games": selectors.ladder_recent_games(ladder=ladder),
            "me": me,
        },
    )


def standings_page(request, slug: str):
    ladder, missing = _or_404(request, lambda: selectors.ladder_by_slug(slug=slug))
    if missing:
        return missing
    return _render(
        request,
        "ladders/standings.html",
        {"ladder": selectors.ladder_summary(ladder=ladder), "standings": selectors.ladder_standings(ladder=ladder)},
    )


# Each form button: (service call, what to tell the player). The object comes
# from the page's selector; one helper runs any of them.
LADDER_ACTIONS = {
    "join": (lambda x, u: services.ladder_join(ladder=x, user=u), gettext_lazy("You are on the ladder {name}.")),
    "leave": (lambda x, u: services.ladder_leave(ladder=x, user=u), gettext_lazy("You have left the ladder {name}.")),
    "seek": (
        lambda x, u: services.seek_create(ladder=x, user=u),
        gettext_lazy("You are seeking a game: the matchmaker runs every minute and mails you your table."),
    ),
    "cancel": (lambda x, u: services.seek_cancel(ladder=x, user=u), gettext_lazy("You are no longer seeking a game.")),
}
TOURNAMENT_ACTIONS = {
    "register": (lambda x, u: services.tournament_register(tournament=x, user=u), gettext_lazy("You are registered for {name}.")),
    "withdraw": (lambda x, u: services.tournament_withdraw(tournament=x, user=u), gettext_lazy("You have withdrawn from {name}.")),
}


def _act(request, *, slug: str, fetch, actions: dict, page: str):
    """Run the button's action on the object ``fetch`` finds by slug; the
    outcome (or the service's refusal) is a message on the page."""
    try:
        obj = fetch(slug=slug)
        chosen = actions.get(request.POST.get("action"))
        if chosen is None:
            messages.error(request, gettext("Choose %(actions)s.") % {"actions": gettext(" or ").join(actions)})
        else:
            call, done = chosen
            call(obj, request.user)
            messages.success(request, done.format(name=obj.name))
    except ServiceError as e:
        messages.error(request, e.message)
    return redirect(page, slug=slug)


@login_required
@require_POST
def ladder_action(request, slug: str):
    return _act(request, slug=slug, fetch=selectors.ladder_by_slug, actions=LADDER_ACTIONS, page="ladder")


def tournament_page(request, slug: str):
    t, missing = _or_404(request, lambda: selectors.tournament_by_slug(slug=slug))
    if missing:
        return missing
    registered = request.user.is_authenticated and t.entries.filter(player=request.user, withdrawn_at__isnull=True).exists()
    return _render(
        request,
        "ladders/tournament.html",
        {
            "t": selectors.tournament_summary(tournament=t),
            "rounds": selectors.tournament_rounds(tournament=t),
            "standings": selectors.tournament_standings(tournament=t),
            "registered": registered,
        },
    )


@login_required
@require_POST
def tournament_action(request, slug: str):
    return _act(request, slug=slug, fetch=selectors.tournament_by_slug, actions=TOURNAMENT_ACTIONS, page="tournament")


@login_required
def tournament_new(request):
    """Organise a tournament: choose the game, then its options (any player
    with a verified address, as services.tournament_create says)."""
    engines = sorted(engine_list().values(), key=lambda e: e.title)
    slug = request.GET.get("engine") or request.POST.get("engine")
    engine = next((e for e in engines if e.slug == slug), None)
    if engine is None:
        return _render(request, "ladders/tournament_new.html", {"engines": engines, "engine": None})
    form = TournamentCreateForm(engine, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            t = services.tournament_create(creator=request.user, **form.fields_for_service())
        except ServiceError as e:
            form.add_error(None, e.message)
        else:
            messages.success(request, gettext("%(name)s is open for registration until %(deadline)s.") % {
                "name": t.name, "deadline": when(t.registration_deadline)})
            return redirect("tournament", slug=t.slug)
    return _render(request, "ladders/tournament_new.html", {"engines": engines, "engine": engine, "form": form})


def rating_page(request, username: str):
    user, missing = _or_404(request, lambda: selectors.user_by_name(username=username))
    if missing:
        return missing
    plots = []
    for r in selectors.ratings_of(user=user):
        history = selectors.rating_history(user=user, engine=r["engine"], ladder=r["ladder"])
        plots.append({"rating": r, "svg": selectors.rating_plot_svg(history=history), "history": history[-20:][::-1]})
    return _render(request, "ladders/ratings.html", {"player": user.username, "plots": plots})
