"""Every refusal answers with one JSON shape, ``{"error": code, "detail":
message}`` (detail always a string; a body that did not validate adds
``fields``: the messages per field), and its status. A ServiceError from the
services maps to its own status; a database outage is a 503 with
``Retry-After``; nothing under /api/ ever answers with an HTML page."""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.csrf import csrf_failure as django_csrf_failure
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from pbem.errors import ServiceError

log = logging.getLogger(__name__)

# How long a client should wait before sending again during an outage.
RETRY_AFTER_SECONDS = 30

UNAVAILABLE = gettext_lazy(
    "The game database cannot be reached just now; nothing was changed. Send the same request again "
    "(with the same Idempotency-Key) in %(seconds)s seconds."
)


def _unavailable() -> str:
    return UNAVAILABLE % {"seconds": RETRY_AFTER_SECONDS}


def _flatten(data, prefix: str = "") -> dict[str, list[str]]:
    if isinstance(data, dict):
        out: dict[str, list[str]] = {}
        for key, value in data.items():
            out.update(_flatten(value, f"{prefix}.{key}" if prefix else str(key)))
        return out
    if isinstance(data, list) and all(not isinstance(x, (dict, list)) for x in data):
        return {prefix or "body": [str(x) for x in data]}
    if isinstance(data, list):
        out = {}
        for i, value in enumerate(data):
            out.update(_flatten(value, f"{prefix}[{i}]"))
        return out
    return {prefix or "body": [str(data)]}


def exception_handler(exc, context):
    if isinstance(exc, ServiceError):
        return Response({"error": exc.code, "detail": exc.message, **exc.extra}, status=exc.status)
    if isinstance(exc, (OperationalError, InterfaceError)):
        log.warning("database unreachable: %s", type(exc).__name__)
        return Response({"error": "unavailable", "detail": _unavailable()}, status=503, headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    response = drf_exception_handler(exc, context)
    if response is None:
        return None  # unexpected: the middleware answers it in JSON
    if isinstance(exc, exceptions.ValidationError):
        fields = _flatten(response.data)
        detail = _("The request is not valid: %(fields)s") % {"fields": "; ".join(f"{k}: {' '.join(v)}" for k, v in fields.items())}
        response.data = {"error": "invalid", "detail": detail, "fields": fields}
        return response
    code = getattr(exc, "default_code", "error")
    data = response.data
    detail = data.get("detail", data) if isinstance(data, dict) else data
    response.data = {"error": code, "detail": str(detail)}
    return response


class ApiJsonErrors:
    """Middleware: what escapes a view under /api/ is answered in JSON, a
    database outage as a 503 with Retry-After, anything else as a 500."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        """A method the view does not have is a 405 with Allow, before any
        authentication (DRF would check the credentials first and answer 401)."""
        cls = getattr(view_func, "cls", None)
        if not request.path.startswith("/api/") or cls is None:
            return None
        method = request.method.lower()
        actions = getattr(view_func, "actions", None)  # a ViewSet's methods are its route's actions
        allowed = [m for m in cls.http_method_names if (m in actions if actions else hasattr(cls, m))]
        if method in allowed or (method == "options" and hasattr(cls, "options")):
            return None
        allowed = [m.upper() for m in allowed]
        response = JsonResponse({"error": "method_not_allowed", "detail": _("Method %(method)s is not allowed here.") % {"method": request.method}}, status=405)
        response["Allow"] = ", ".join(allowed)
        return response

    def process_exception(self, request, exc):
        if not request.path.startswith("/api/"):
            return None
        if isinstance(exc, (OperationalError, InterfaceError)):
            response = JsonResponse({"error": "unavailable", "detail": _unavailable()}, status=503)
            response["Retry-After"] = str(RETRY_AFTER_SECONDS)
            return response
        log.exception("unexpected error under %s", request.path)
        return JsonResponse({"error": "server_error", "detail": _("Something went wrong on our side; it is logged. Look at the game before sending again.")}, status=500)


def csrf_failure(request, reason=""):
    """Under /api/ a CSRF refusal is JSON like every other; elsewhere Django's page."""
    if request.path.startswith("/api/"):
        return JsonResponse(
            {
                "error": "csrf_failed",
                "detail": _(
                    "CSRF check failed: with session authentication send the X-CSRFToken header; "
                    "or use token authentication (Authorization: Token ...)."
                ),
            },
            status=403,
        )

    return django_csrf_failure(request, reason=reason)
