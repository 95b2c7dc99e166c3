"""Pages: ladder, standings, tournament, a player's rating history. Anyone
may view them; the forms (join, seek, register...) need a login and call the
same services as the API and the mail commands."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.views.decorators.http import require_POST

from pbem.errors import ServiceError
from pbem.ladders import selectors, services
from pbem.ladders.models import Ladder, Seek, Tournament


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
    ladders = [selectors.ladder_summary(ladder=x) for x in Ladder.objects.order_by("name")]
    tournaments = [selectors.tournament_summary(tournament=t) for t in Tournament.objects.order_by("-created_at")[:50]]
    return _render(request, "ladders/list.html", {"ladders": ladders, "tournaments": tournaments})


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


@login_required
@require_POST
def ladder_action(request, slug: str):
    action = request.POST.get("action")
    try:
        ladder = selectors.ladder_by_slug(slug=slug)
        if action == "join":
            services.ladder_join(ladder=ladder, user=request.user)
            messages.success(request, f"You are on the ladder {ladder.name}.")
        elif action == "leave":
            services.ladder_leave(ladder=ladder, user=request.user)
            messages.success(request, f"You have left the ladder {ladder.name}.")
        elif action == "seek":
            services.seek_create(ladder=ladder, user=request.user)
            messages.success(request, "You are seeking a game: the matchmaker runs every minute and mails you your table.")
        elif action == "cancel":
            services.seek_cancel(ladder=ladder, user=request.user)
            messages.success(request, "You are no longer seeking a game.")
        else:
            messages.error(request, "Choose join, leave, seek or cancel.")
    except ServiceError as e:
        messages.error(request, e.message)
    return redirect("ladder", slug=slug)


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
    action = request.POST.get("action")
    try:
        t = selectors.tournament_by_slug(slug=slug)
        if action == "register":
            services.tournament_register(tournament=t, user=request.user)
            messages.success(request, f"You are registered for {t.name}.")
        elif action == "withdraw":
            services.tournament_withdraw(tournament=t, user=request.user)
            messages.success(request, f"You have withdrawn from {t.name}.")
        else:
            messages.error(request, "Choose register or withdraw.")
    except ServiceError as e:
        messages.error(request, e.message)
    return redirect("tournament", slug=slug)


def rating_page(request, username: str):
    user, missing = _or_404(request, lambda: selectors.user_by_name(username=username))
    if missing:
        return missing
    plots = []
    for r in selectors.ratings_of(user=user):
        history = selectors.rating_history(user=user, engine=r["engine"], ladder=r["ladder"])
        plots.append({"rating": r, "svg": selectors.rating_plot_svg(history=history), "history": history[-20:][::-1]})
    return _render(request, "ladders/ratings.html", {"player": user.username, "plots": plots})
