"""anymail's webhook URLs (/anymail/...), with every inbound route gated: a
post to the inbound webhook of an ESP that is not in PBEM_INBOUND_WEBHOOKS
answers 404 in the JSON error shape, and anymail never sees it. The setting
is read per request, so a change needs no new URL table."""

from __future__ import annotations

import functools
import logging

from anymail import urls as anymail_urls
from django.conf import settings
from django.http import JsonResponse
from django.urls import URLPattern
from django.views.decorators.csrf import csrf_exempt

log = logging.getLogger(__name__)

app_name = "anymail"


def inbound_esp(pattern: URLPattern) -> str | None:
    """The ESP whose inbound mail this route takes (its first path segment,
    the name PBEM_INBOUND_WEBHOOKS uses), or None for a tracking route.
    Mandrill's one combined route carries inbound mail too."""
    name = pattern.name or ""
    if name.endswith("_inbound_webhook") or name.startswith("mandrill"):
        return str(pattern.pattern).lstrip("^").split("/", 1)[0]
    return None


def _gated(view, esp: str):
    @functools.wraps(view)
    def gate(request, *args, **kwargs):
        if esp not in settings.PBEM_INBOUND_WEBHOOKS:
            log.warning("a %s to the %s inbound webhook, which is not enabled (PBEM_INBOUND_WEBHOOKS)", request.method, esp)
            return JsonResponse(
                {"error": "not_found", "detail": f"The {esp} inbound webhook is not enabled on this server."}, status=404
            )
        return view(request, *args, **kwargs)

    return csrf_exempt(gate)


def _patterns() -> list[URLPattern]:
    out = []
    for pattern in anymail_urls.urlpatterns:
        esp = inbound_esp(pattern)
        out.append(pattern if esp is None else URLPattern(pattern.pattern, _gated(pattern.callback, esp), pattern.default_args, pattern.name))
    return out


urlpatterns = _patterns()
