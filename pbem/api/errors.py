"""Every refusal answers with a JSON body ``{"error": code, "detail": message}``
and its status; a ServiceError from the services maps to its own status."""

from __future__ import annotations

from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from pbem.errors import ServiceError


def exception_handler(exc, context):
    if isinstance(exc, ServiceError):
        return Response({"error": exc.code, "detail": exc.message, **exc.extra}, status=exc.status)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(response.data, dict) and "error" not in response.data:
        code = getattr(exc, "default_code", "error")
        detail = response.data.get("detail", response.data)
        response.data = {"error": code, "detail": detail}
    return response
