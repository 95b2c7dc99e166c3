"""The web table's views: thin, over pbem.services (writes), pbem.selectors
and pbem.web.selectors (reads). A refused request re-renders the page with
the service's message; nothing here answers 500 on bad input."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import SetPasswordForm
from django.contrib.auth.tokens import default_token_generator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST
from django.views.i18n import set_language

from engines.names import seat_names_in
from notifications import push
from notifications.addresses import address_undeliverable_mark
from notifications.links import site_url
from notifications.outbox import preference_of
from notifications.services import address_bounce_clear
from pbem import selectors, services
from pbem.errors import IllegalMove, NotFound, ServiceError, StaleVersion
from pbem.languages import language_supported
from pbem.models import Game, Move
from pbem.selectors.mail import chat_channels_of
from pbem.services.invitations import invitation_create
from pbem.services.languages import profile_language_set
from pbem.services.preferences import preference_set
from pbem.web import forms as f
from pbem.web import push as web_push
from pbem.web import selectors as web_selectors
from pbem.web import services as web_services


def _game_or_404(request, game_id: int) -> Game:
    # a private game is answered as if it did not exist to anyone who may not see it
    try:
        return selectors.game_get(game_id=game_id, user=request.user)
    except NotFound:
        raise Http404(_("There is no game %(id)s.") % {"id": game_id}) from None


# --- landing, dashboard, lobby ------------------------------------------------------------


@require_GET
def home(request):
    if not request.user.is_authenticated:
        engines = sorted(selectors.engine_list().values(), key=lambda e: e.title)
        engines = [e for e in engines if e.slug in ("augsburg1520", "citadels", "fugger", "staufer")]
        return render(request, "web/landing.html", {"engines": engines})
    return render(request, "web/dashboard.html", web_selectors.dashboard_for(user=request.user))


def lobby(request):
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('account_login')}?next={reverse('web:lobby')}")
        code = request.POST.get("code", "")
        try:
            seat = services.game_join_by_code(code=code, user=request.user)
        except ServiceError as e:
            messages.error(request, e.message)
            return redirect("web:lobby")
        messages.success(request, _("You took seat %(seat)s.") % {"seat": seat.index + 1})
        return redirect("web:game", game_id=seat.game_id)
    return render(request, "web/lobby.html", {"games": web_selectors.lobby_games()})


@login_required
def join_link(request, code: str):
    """The invite link: /join/<code>/ asks once, then joins."""
    game = Game.objects.filter(invite_code=code).first()
    if game is None:
        messages.error(request, _("No game has this invitation code; check the link in your invitation."))
        return redirect("web:lobby")
    if request.method == "POST":
        try:
            services.game_join_by_code(code=code, user=request.user)
        except ServiceError as e:
            messages.error(request, e.message)
        return redirect("web:game", game_id=game.pk)
    return render(
        request, "web/join.html",
        {"game": game, "title": web_selectors._title(game.engine), "code": code, "seats": [s.name for s in game.seats.all()]},
    )


@login_required
def game_new(request):
    engines = sorted(selectors.engine_list().values(), key=lambda e: e.title)
    slug = request.GET.get("engine") or request.POST.get("engine")
    engine = next((e for e in engines if e.slug == slug), None)
    if engine is None:
        return render(request, "web/game_new.html", {"engines": engines, "engine": None})
    form = f.GameCreateForm(engine, request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            game = services.game_create(
                creator=request.user, engine=engine.slug, players=d["players"], options=form.options(),
                time_control={"preset": d["time_control"], "on_timeout": d["on_timeout"]}, bots=d["bots"],
            )
            if d["emails"]:
                for email in d["emails"]:
                    invitation_create(game_id=game.pk, by_user=request.user, email=email)
            if not game.seats.filter(player__isnull=True, is_bot=False).exists():
                services.game_start(game_id=game.pk, user=request.user)
                messages.success(request, _("The game has started."))
            else:
                messages.success(request, _("The game is open: share the invitation link, or start it with bots."))
            return redirect("web:game", game_id=game.pk)
        except ServiceError as e:
            form.add_error(None, e.message)
    return render(request, "web/game_new.html", {"engines": engines, "engine": engine, "form": form})


# --- the game page -------------------------------------------------------------------


# The page's parts, each fetched again on its own when the stream (or the poll) says the game
# changed: a part's fetch builds only what its template reads (the board does not need the history).
PARTS = frozenset({"head", "board", "forms", "live"})


def _page_context(request, game: Game, errors: dict | None = None, *, parts: frozenset = PARTS) -> dict:
    # The change stamp first, then the game read again: what the page shows is never older than its
    # stamp, so a step applied meanwhile (by the worker) moves the poll and the page catches up.
    stamp = web_selectors.poll_stamp(game_id=game.pk, user=request.user)
    game.refresh_from_db()
    detail = selectors.game_detail(game=game, user=request.user)
    seat = selectors.seat_of(game=game, user=request.user)
    engine = selectors.engine_get(game.engine)
    seats = {s["index"]: s for s in detail["seats"]}
    for d in detail["decisions"]:
        d["name"] = _seat_name(seats[d["seat"]])
    for c in detail["commitments"]:
        c["name"] = _seat_name(seats[c["seat"]])
    names = [_seat_name(s) for s in detail["seats"]]
    mine = next((d for d in detail["decisions"] if seat and d["seat"] == seat.index), None)
    if mine and mine.get("prompt"):
        mine["prompt"] = seat_names_in(mine["prompt"], names, game.engine)
    context = {
        "game": game,
        "d": detail,
        "engine": engine,
        "seat": seat,
        "mine": mine,
        "stamp": stamp,
        "invite_url": request.build_absolute_uri(reverse("web:join-link", args=[game.invite_code])),
        "can_start": game.status == Game.Status.FORMING and game.created_by_id == request.user.pk,
        "can_join": game.status == Game.Status.FORMING and request.user.is_authenticated and seat is None,
        "errors": errors or {},
    }
    if parts & {"board", "forms"}:
        choices = web_selectors.choices_for(game=game, seat=seat, actions=detail["actions"], names=names)
        forms_ = [f.spec_form(s, game.version, c) for s, c in zip(detail["actions"], choices)]
        context["acts"] = web_selectors.board_acts(choices=choices, forms=forms_)  # the forms' amounts: price steps
    if "forms" in parts:
        for form in forms_:
            form["error"] = (errors or {}).get(form["type"])
        sealed = web_selectors.sealed_answer_own(game=game, seat=seat)
        if sealed is not None:
            sealed["words"] = web_selectors.action_words(action=sealed["action"], choices=choices, specs=detail["actions"])
        context.update(action_forms=forms_, sealed_own=sealed)
    if "live" in parts:
        history = selectors.game_history(game=game, user=request.user)
        for step in history:
            for e in step["events"]:
                e["text"] = seat_names_in(e["text"], names, game.engine)
            for m in step["moves"]:
                m["name"] = _seat_name(seats.get(m["seat"], {"index": m["seat"], "player": None, "bot": False}))
        talk = web_selectors.table_talk(game=game, seat=seat)
        for m in talk:  # whom a private message went to, in words
            if m.to_seat is not None:
                m.to_name = _("you") if seat and m.to_seat == seat.index else _seat_name(seats.get(m.to_seat, {"index": m.to_seat}))
        context.update(
            history=list(reversed(history)),
            talk=talk,
            talk_to=[(s["index"], _seat_name(s)) for s in detail["seats"] if s["player"] and (not seat or s["index"] != seat.index)],
            result=web_selectors.result_of(game, request.user),
            record=selectors.game_record(game=game) if game.status == Game.Status.FINISHED else None,
        )
    return context


def _seat_name(s: dict) -> str:
    if s.get("player"):
        return s["player"]
    if s.get("bot"):
        return _("Bot %(number)s") % {"number": s["index"] + 1}
    return _("Seat %(number)s (open)") % {"number": s["index"] + 1}


def game_page(request, game_id: int):
    game = _game_or_404(request, game_id)
    services.seat_presence_mark(game_id=game.pk, user=request.user)  # at the table: your-move mails wait
    context = _page_context(request, game)
    feed = web_services.game_feed_get(game=game)  # a public game's Atom feed (none for a private one)
    context["feed_url"] = reverse("web:game-feed", args=[feed.token]) if feed else None
    # after the player's first move here: offer pushes (push.js shows it while the browser has not been asked)
    context["push_prompt"] = push.configured() and web_selectors.seat_has_moved(game=game, seat=context["seat"])
    context["vapid_key"] = push.public_key()
    if game.created_by_id == request.user.pk:  # the table's chat channels are the creator's to add
        context["table_chats"] = chat_channels_of(game=game)
        context["table_chat_zone"] = selectors.profile_of(user=request.user).timezone
    return render(request, "web/game/page.html", context)


@require_GET
def game_poll(request, game_id: int):
    """Polled every few seconds: 204 while nothing changed (one query, no
    render); when the stamp moved, a fresh poller and events that make the
    page's regions fetch themselves again. A game the user may not see is
    not found, as on its page."""
    stamp = web_selectors.poll_stamp(game_id=game_id, user=request.user)
    if stamp is None:
        raise Http404(_("There is no game %(id)s.") % {"id": game_id})
    if request.GET.get("here") == "1":  # the page is open and in use (table.js): your-move mails wait
        services.seat_presence_mark(game_id=game_id, user=request.user)
    if stamp == request.GET.get("stamp"):
        return HttpResponse(status=204)
    # status and version moved: the forms are stale too, not only the situation
    moved = request.GET.get("stamp", "").split(".")[:2] != stamp.split(".")[:2]
    response = render(request, "web/game/_poll.html", {"game_id": game_id, "stamp": stamp})
    response["HX-Trigger"] = "game-changed, game-moved" if moved else "game-changed"
    return response


@require_GET
def game_here(request, game_id: int):
    """The open page is in use (table.js says so while its stream brings the changes, every
    20 s at most): your-move mails wait. 204; 404 for a game the user may not see, as its poll."""
    if web_selectors.poll_stamp(game_id=game_id, user=request.user) is None:
        raise Http404(_("There is no game %(id)s.") % {"id": game_id})
    services.seat_presence_mark(game_id=game_id, user=request.user)
    return HttpResponse(status=204)


@require_GET
def game_live(request, game_id: int):
    """A part of the game page, fetched again when the poll's stamp moves:
    ``?part=head`` (status, seats, invitation box), ``board``, or the rest."""
    game = _game_or_404(request, game_id)
    part = request.GET.get("part", "")
    part = part if part in ("head", "board") else "live"
    template = {"head": "web/game/_head.html", "board": "web/game/_board_part.html"}.get(part, "web/game/_live.html")
    return _with_moment(render(request, template, _page_context(request, game, parts=frozenset({part}))), game)


@require_GET
def game_forms(request, game_id: int):
    game = _game_or_404(request, game_id)
    return _with_moment(render(request, "web/game/_forms.html", _page_context(request, game, parts=frozenset({"forms"}))), game)


def _with_moment(response: HttpResponse, game: Game) -> HttpResponse:
    """The moment of the game a part was drawn at (status and version, as the page's data-moment):
    table.js does not swap in a board or acting part of the moment the page shows already, which
    would undo a choice the player is making there."""
    response["X-Pbem-Moment"] = f"{game.status}.{game.version}"
    return response


@require_POST
def game_move(request, game_id: int):
    game = _game_or_404(request, game_id)
    seat = selectors.seat_of(game=game, user=request.user)
    if seat is None:
        messages.error(request, _("You have no seat in this game."))
        return redirect("web:game", game_id=game.pk)
    kind = request.POST.get("type", "")
    key = request.POST.get("key", "")[:100]
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        version = None
    errors: dict = {}
    specs = {s["type"]: s for s in (selectors.game_detail(game=game, user=request.user)["actions"] if game.state else [])}
    spec = specs.get(kind)
    try:
        if spec is None:
            # Not on offer now: the page was old. move_submit says why, with
            # the version check first (a stale page gets the stale message).
            action = {"type": kind}
        else:
            action = f.action_from_post(spec, request.POST)
        result = services.move_submit(
            game_id=game.pk, seat=seat.index, action=action, source=Move.Source.WEB,
            idempotency_key=f"web:{request.user.pk}:{key}" if key else None, version=version,
        )
    except f.ActionInputError as e:
        errors[kind] = str(e)
    except StaleVersion:
        messages.warning(
            request,
            _(
                "The game moved on since this page was loaded, so that move was not taken. "
                "Here is the situation now, with fresh forms: choose again."
            ),
        )
        return redirect("web:game", game_id=game.pk)
    except IllegalMove as e:
        errors[kind] = e.message
    except ServiceError as e:
        messages.error(request, e.message)
        return redirect("web:game", game_id=game.pk)
    else:
        if result.duplicate:
            messages.info(request, _("That move was already sent; it counts once."))
        elif result.sealed:
            messages.success(request, _("Your sealed move is in. Its commitment: %(commitment)s") % {"commitment": result.commitment})
        else:
            messages.success(request, _("Your move is in."))
        return redirect("web:game", game_id=game.pk)
    game.refresh_from_db()
    return render(request, "web/game/page.html", _page_context(request, game, errors), status=400)


def _act(request, game_id: int, act, done) -> HttpResponse:
    """Run one service call for the game page: its message on success, the
    service's own message on refusal, and back to the game."""
    try:
        result = act()
        messages.success(request, done(result))
    except ServiceError as e:
        messages.error(request, e.message)
    return redirect("web:game", game_id=game_id)


@login_required
@require_POST
def game_join(request, game_id: int):
    return _act(
        request, game_id, lambda: services.game_join(game_id=game_id, user=request.user),
        lambda seat: _("You took seat %(seat)s.") % {"seat": seat.index + 1},
    )


@login_required
@require_POST
def game_start(request, game_id: int):
    return _act(
        request, game_id, lambda: services.game_start(game_id=game_id, user=request.user, fill_with_bots=True),
        lambda _result: _("The game has started."),
    )


@login_required
@require_POST
def game_invite(request, game_id: int):
    return _act(
        request, game_id,
        lambda: invitation_create(game_id=game_id, by_user=request.user, email=request.POST.get("email", "")),
        lambda inv: _("%(address)s is invited.") % {"address": inv.email},
    )


@login_required
@require_POST
def game_talk(request, game_id: int):
    raw_to = request.POST.get("to", "")
    try:
        to_seat = int(raw_to) if raw_to.strip() else None
    except ValueError:
        to_seat = None
    try:
        web_services.table_message_post(game_id=game_id, user=request.user, text=request.POST.get("text", ""), to_seat=to_seat)
    except ServiceError as e:
        messages.error(request, e.message)
    return redirect(reverse("web:game", args=[game_id]) + "#talk")


@login_required
@require_POST
def game_resign(request, game_id: int):
    return _act(
        request, game_id, lambda: services.seat_resign(game_id=game_id, user=request.user), lambda _result: _("You left the game.")
    )


@require_GET
def game_replay(request, game_id: int):
    game = _game_or_404(request, game_id)
    if game.status != Game.Status.FINISHED:
        messages.info(request, _("A game can be replayed once it is finished."))
        return redirect("web:game", game_id=game.pk)
    try:
        step = int(request.GET.get("step", "0"))
    except ValueError:
        step = 0
    r = web_selectors.replay_step(game=game, step=step)
    names = [s.name for s in game.seats.order_by("index")]
    for e in r["events"]:
        e["text"] = seat_names_in(e["text"], names, game.engine)
    return render(request, "web/game/replay.html", {"game": game, "engine": selectors.engine_get(game.engine), "view": r["view"], **r})


# --- profile and accounts ----------------------------------------------------------------


@login_required
def profile(request):
    user = request.user
    prof = selectors.profile_of(user=user)
    form = f.ProfileForm(
        initial={"language": selectors.language_of(user=user), "timezone": prof.timezone, "mail": preference_of(user)}
    )
    vacation = f.VacationForm()
    token_shown = None
    if request.method == "POST":
        what = request.POST.get("what")
        if what == "settings":
            form = f.ProfileForm(request.POST)
            if form.is_valid():
                web_services.profile_timezone_set(user=user, tz=form.cleaned_data["timezone"])
                preference_set(user=user, mode=form.cleaned_data["mail"])
                profile_language_set(user=user, language=form.cleaned_data["language"])
                # the message and the page after it in the language just chosen
                translation.activate(form.cleaned_data["language"])
                response = redirect("web:profile")
                response.set_cookie(settings.LANGUAGE_COOKIE_NAME, form.cleaned_data["language"],
                                    max_age=settings.LANGUAGE_COOKIE_AGE, samesite="Lax")
                messages.success(request, _("Your settings are saved."))
                return response
                return redirect("web:profile")
        elif what == "vacation":
            vacation = f.VacationForm(request.POST)
            if vacation.is_valid():
                try:
                    services.vacation_take(user=user, days=vacation.cleaned_data["days"])
                    days = vacation.cleaned_data["days"]
                    messages.success(request, ngettext(
                        "You are away for %(days)d day; your deadlines moved.",
                        "You are away for %(days)d days; your deadlines moved.", days) % {"days": days})
                    return redirect("web:profile")
                except ServiceError as e:
                    vacation.add_error("days", e.message)
        elif what == "token":
            web_services.api_token_regenerate(user=user)
            messages.success(request, _("A new API token replaces the old one."))
            return redirect(reverse("web:profile") + "?token=show")
        elif what == "calendar":
            web_services.calendar_feed_renew(user=user)
            messages.success(request, _("Your calendar has a new address; the old one no longer works."))
            return redirect(reverse("web:profile") + "#h-calendar")
        elif what == "address_works":  # the undeliverable mark (issue 13, email helper)

            address_bounce_clear(email=user.email)
            messages.success(request, _("Mail to %(address)s is sent again.") % {"address": user.email})
            return redirect("web:profile")
    if request.GET.get("token") == "show":
        token_shown = web_services.api_token_get(user=user)
    return render(
        request, "web/profile.html",
        {
            "form": form, "vacation_form": vacation, "token": token_shown,
            "reliability": selectors.reliability_of(user=user), "vacation": selectors.vacation_status(user=user),
            "has_password": user.has_usable_password(),
            "undeliverable": address_undeliverable_mark(email=user.email),
            "calendar_url": site_url(reverse("web:calendar-feed", args=[web_services.calendar_feed_get(user=user).token])),
            **web_push.profile_context(user),
        },
    )


def password_set(request, uidb64: str, token: str):
    """For players invited by email (they have no password): the link in
    their mails leads here."""
    user = web_selectors.user_by_uid(uidb64)
    if user is None or not default_token_generator.check_token(user, token):
        return render(request, "web/password_set.html", {"invalid": True}, status=400)
    form = SetPasswordForm(user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        web_services.password_set_from_link(user=user, password=form.cleaned_data["new_password1"])
        login(request, user, backend="pbem.web.auth.ProfileModelBackend")
        messages.success(request, _("Your password is set. You are logged in as %(name)s.") % {"name": user.username})
        # The invitation's link goes on to the game it invites to (issue 13, email helper).
        after = request.GET.get("next", "")
        if after and url_has_allowed_host_and_scheme(after, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
            return redirect(after)
        return redirect("web:home")
    return render(request, "web/password_set.html", {"form": form, "who": user})


# --- language -------------------------------------------------------------------------------


@require_POST
def language_switch(request):
    """The switcher in every page's footer: a visitor's choice is kept in a
    cookie (Django's set_language); a player's becomes their account's
    language, for pages and mail alike."""
    response = set_language(request)
    code = language_supported(request.POST.get("language"))
    if code is not None and request.user.is_authenticated:
        profile_language_set(user=request.user, language=code)
    return response
