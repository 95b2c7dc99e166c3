"""Pushes, chat channels and the choice of channel per kind, from the web app.

Web Push: a browser subscribes and unsubscribes itself
(pbem/web/static/web/push.js posts what its Push API gave it), and the
profile lists a player's devices, each with its last use, to remove any of
them. The writes are notifications.services'; these views stay thin."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from notifications import push
from notifications.chat import HANDLE_SERVICES
from notifications.services import (
    channel_choices_set,
    chat_channel_add,
    chat_channel_remove,
    chat_handle_set,
    push_subscribe,
    push_unsubscribe,
)
from pbem.errors import InvalidRequest
from pbem.models import Game
from pbem.selectors.mail import channel_choices, chat_channels_of, chat_handles_of, push_devices_of

_BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari"))
_SYSTEMS = (("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"), ("Windows", "Windows"),
            ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"))  # fmt: skip


def device_label(user_agent: str) -> str:
    """"Firefox on Android": enough for a player to tell their devices apart, no more."""
    browser = next((name for mark, name in _BROWSERS if mark in user_agent), _("a browser"))
    system = next((name for mark, name in _SYSTEMS if mark in user_agent), "")
    return _("%(browser)s on %(system)s") % {"browser": browser, "system": system} if system else browser


def _json(request) -> dict:
    try:
        data = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


@login_required
@require_POST
def subscribe(request):
    """The browser's PushSubscription as JSON: {endpoint, keys: {p256dh, auth}}."""
    data = _json(request)
    keys = data.get("keys") if isinstance(data.get("keys"), dict) else {}
    if not push.configured():
        return JsonResponse({"error": _("Push is not set up on this server.")}, status=503)
    try:
        row = push_subscribe(
            user=request.user, endpoint=str(data.get("endpoint") or ""), p256dh=str(keys.get("p256dh") or ""),
            auth=str(keys.get("auth") or ""), label=device_label(request.headers.get("User-Agent", "")),
        )  # fmt: skip
    except InvalidRequest:
        return JsonResponse({"error": _("This browser sent no usable push subscription.")}, status=400)
    return JsonResponse({"id": row.pk, "label": row.label}, status=201)


@login_required
@require_POST
def unsubscribe(request):
    """The browser unsubscribed itself: its endpoint leaves the account."""
    removed = push_unsubscribe(user=request.user, endpoint=str(_json(request).get("endpoint") or ""))
    return JsonResponse({"removed": removed})


@login_required
@require_POST
def device_remove(request, subscription_id: int):
    """From the profile's list of devices."""
    if push_unsubscribe(user=request.user, subscription_id=subscription_id):
        messages.success(request, _("That device gets no more pushes."))
    return redirect(reverse("web:profile") + "#h-devices")


# --- which channel tells what, and chat channels ---------------------------------------------


def kind_labels() -> dict:
    """The kinds of notification as the profile's grid names them."""
    return {
        "your_move": _("Your move"),
        "reminder": _("Reminders and last calls"),
        "message": _("A message to you (private, or naming you at the table)"),
        "notice": _("Notices (your time ran out, a seat changed hands)"),
        "resolution": _("Sealed answers revealed"),
        "confirmation": _("Your mailed move taken"),
        "game_over": _("Game over"),
    }


def profile_context(user) -> dict:
    labels = kind_labels()
    choices = channel_choices(user=user)
    handles = chat_handles_of(user=user)
    for row in choices:
        row["label"] = labels.get(row["kind"], row["kind"])
    return {
        "devices": push_devices_of(user=user),
        "vapid_key": push.public_key() if push.configured() else "",
        "channel_choices": choices,
        "chat_channels": chat_channels_of(user=user),
        "chat_handles": [{"service": service, "handle": handles.get(service, "")} for service in HANDLE_SERVICES],
    }


@login_required
@require_POST
def choices_save(request):
    chosen = {tuple(name.split(":", 1)) for name in request.POST if ":" in name}
    channel_choices_set(user=request.user, chosen=chosen)
    messages.success(request, _("Your choices are saved."))
    return redirect(reverse("web:profile") + "#h-channels")


@login_required
@require_POST
def chat_add(request):
    """A chat channel of the player's own (from the profile)."""
    try:
        row = chat_channel_add(user=request.user, url=request.POST.get("url", ""))
    except InvalidRequest as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Channel %(hint)s added.") % {"hint": row.hint})
    return redirect(reverse("web:profile") + "#h-channels")


@login_required
@require_POST
def table_chat_add(request, game_id: int):
    """A channel for the whole table, by the game's creator (from the game page):
    mentions as lines ``name = how the service mentions them``."""
    game = get_object_or_404(Game, pk=game_id, created_by=request.user)
    mentions = {}
    for line in request.POST.get("mentions", "").splitlines():
        name, sep, mention = line.partition("=")
        if sep and name.strip() and mention.strip():
            mentions[name.strip()] = mention.strip()
    try:
        row = chat_channel_add(
            user=request.user, url=request.POST.get("url", ""), game=game, mentions=mentions,
            timezone_name=request.POST.get("timezone", ""),
        )  # fmt: skip
    except InvalidRequest as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Channel %(hint)s added.") % {"hint": row.hint})
    return redirect(reverse("web:game", args=[game.pk]) + "#h-table-chat")


@login_required
@require_POST
def handles_save(request):
    """How table channels mention the player, per service (from the profile)."""
    failed = False
    for service in HANDLE_SERVICES:
        try:
            chat_handle_set(user=request.user, service=service, handle=request.POST.get(f"handle:{service}", ""))
        except InvalidRequest as exc:
            messages.error(request, str(exc))
            failed = True
    if not failed:
        messages.success(request, _("Your handles are saved."))
    return redirect(reverse("web:profile") + "#h-handles")


@login_required
@require_POST
def chat_remove(request, channel_id: int):
    if chat_channel_remove(user=request.user, channel_id=channel_id):
        messages.success(request, _("The channel is removed."))
    back = request.POST.get("back", "")
    return redirect(back if back.startswith("/") and not back.startswith("//") else reverse("web:profile") + "#h-channels")
