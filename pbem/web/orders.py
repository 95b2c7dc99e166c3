"""The game page's "orders" panel (issue 25): a seat's orders for its next
decision, its standing orders (forms generated from the engine's standing
order specs, as the move forms are from the ActionSpecs) and the button that
takes its last move back. Thin: every write is a pbem.services call; the
panel is fetched by htmx for the seat's own player only."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from pbem import command_words, selectors, services
from pbem.errors import NotFound, ServiceError
from pbem.web import forms as f


def _seat_or_404(request, game_id: int):
    try:
        game = selectors.game_get(game_id=game_id, user=request.user)
    except NotFound:
        raise Http404(_("There is no game %(id)s.") % {"id": game_id}) from None
    seat = selectors.seat_of(game=game, user=request.user)
    if seat is None:
        raise Http404(_("You have no seat in this game."))
    return game, seat


@login_required
@require_GET
def game_orders(request, game_id: int):
    game, seat = _seat_or_404(request, game_id)
    orders = selectors.orders_of(game=game, seat=seat)
    choices = selectors.standing_choices(game=game, specs=orders["standing_specs"])
    context = {
        "game": game,
        "orders": orders,
        "next_text": "\n".join(selectors.candidates_said(game=game, seat=seat.index, candidates=orders["next"])),
        "standing_forms": [f.spec_form(s, game.version, choices.get(s["type"])) for s in orders["standing_specs"]],
    }
    response = render(request, "web/game/_orders.html", context)
    # the moment it was drawn at: table.js keeps a panel being written in rather than swap in the same again
    response["X-Pbem-Moment"] = f"{game.status}.{game.version}"
    return response


def _back(request, game_id: int, act, done):
    try:
        result = act()
        messages.success(request, done(result))
    except ServiceError as e:
        messages.error(request, e.message)
    return redirect("web:game", game_id=game_id)


@login_required
@require_POST
def game_orders_set(request, game_id: int):
    _game, seat = _seat_or_404(request, game_id)
    # one candidate a line; "else" (`sonst`, `altrimenti`, `sinon`) in front of one is the mail's word and is dropped
    lines = [ln.strip() for ln in request.POST.get("candidates", "")[:4000].splitlines() if ln.strip()]
    lines = [ln.split(maxsplit=1)[1] if len(ln.split()) > 1 and command_words.canonical(ln.split()[0]) == "else" else ln
             for ln in lines]

    def said(out) -> str:
        if out["played"]:
            return _("Your decision was open: `%(played)s` is played.") % {"played": out["played"]}
        return _("Your orders are kept for your next decision.") if out["candidates"] else _("Your orders are withdrawn.")

    return _back(request, game_id, lambda: services.orders_set(game_id=game_id, seat=seat.index, candidates=lines), said)


@login_required
@require_POST
def game_standing_add(request, game_id: int):
    game, seat = _seat_or_404(request, game_id)
    specs = {s["type"]: s for s in selectors.orders_of(game=game, seat=seat)["standing_specs"]}
    spec = specs.get(request.POST.get("type", ""))
    if spec is None:
        messages.error(request, _("That standing order is not offered in this game now."))
        return redirect("web:game", game_id=game_id)
    try:
        order = f.action_from_post(spec, request.POST)
    except f.ActionInputError as e:
        messages.error(request, str(e))
        return redirect("web:game", game_id=game_id)
    return _back(
        request, game_id, lambda: services.standing_order_add(game_id=game_id, seat=seat.index, order=order),
        lambda _result: _("Your standing order is kept until you withdraw it."),
    )


@login_required
@require_POST
def game_standing_withdraw(request, game_id: int, order_id: int):
    _game, seat = _seat_or_404(request, game_id)
    return _back(
        request, game_id, lambda: services.standing_order_withdraw(game_id=game_id, seat=seat.index, order_id=order_id),
        lambda _result: _("Your standing order is withdrawn."),
    )


@login_required
@require_POST
def game_take_back(request, game_id: int):
    _game, seat = _seat_or_404(request, game_id)
    return _back(
        request, game_id, lambda: services.move_take_back(game_id=game_id, seat=seat.index),
        lambda _result: _("Your move is taken back: the game is where it was before it."),
    )
