"""Web Push from the web app: a browser subscribes and unsubscribes itself
(pbem/web/static/web/push.js posts what its Push API gave it), and the
profile lists a player's devices, each with its last use, to remove any of
them. The writes are notifications.services'; these views stay thin."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from notifications import push
from notifications.services import push_subscribe, push_unsubscribe
from pbem.errors import InvalidRequest

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
