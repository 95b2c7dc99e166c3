"""anymail's webhook URLs (/anymail/...), with every inbound route gated: a
post to the inbound webhook of an ESP that is not in PBEM_INBOUND_WEBHOOKS
answers 404 in the JSON error shape, and anymail never sees it. The setting
is read per request, so a change needs no new URL table.

The gate also holds every webhook to the SMTP server's rules: a mail larger
than PBEM_INBOUND_MAX_BYTES is refused (413; a body too large for any such
mail is refused before it is read), a post that is no mail the ESP's parser
can read is answered 400, and every refusal is JSON, stores nothing and is
logged with its reason (never the post's content, which may be a sealed bid).
Where an ESP stops posting again only on a status of its own (Mailgun 406,
Postmark 403), a refusal for good answers that."""

from __future__ import annotations

import contextvars
import functools
import logging

from anymail import urls as anymail_urls
from django.conf import settings
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import JsonResponse
from django.urls import URLPattern
from django.views.decorators.csrf import csrf_exempt

log = logging.getLogger(__name__)

app_name = "anymail"

# What pbem.email.receivers saw of the post being answered: whether it reached
# the store (a failure after that is ours, a 5xx, so the ESP posts again) and
# whether the mail was too large.
webhook_seen: contextvars.ContextVar[dict | None] = contextvars.ContextVar("pbem_webhook_seen", default=None)

# The status after which an ESP does not post the same payload again (their docs).
REFUSED_FOR_GOOD = {"mailgun": 406, "postmark": 403}


def body_limit() -> int:
    """The largest post body a mail of PBEM_INBOUND_MAX_BYTES can make: base64 (SES, SNS) adds a
    third, and the JSON or form fields around it a little."""
    return settings.PBEM_INBOUND_MAX_BYTES * 4 // 3 + 256 * 1024


def _refused(esp: str, status: int, error: str, detail: str, why: str) -> JsonResponse:
    log.warning("a post to the %s inbound webhook refused (%s), nothing stored: %s", esp, status, why)
    return JsonResponse({"error": error, "detail": detail}, status=REFUSED_FOR_GOOD.get(esp, status))


def _too_large(esp: str, why: str) -> JsonResponse:
    limit = settings.PBEM_INBOUND_MAX_BYTES
    return _refused(esp, 413, "too_large", f"A mail of more than {limit} bytes is not taken (the SMTP server refuses it too).", why)


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
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > body_limit():
            return _too_large(esp, f"a body of {length} bytes")
        seen = {"stored": False, "too_large": False}
        token = webhook_seen.set(seen)
        try:
            response = view(request, *args, **kwargs)
        except RequestDataTooBig:
            return _too_large(esp, "a body over DATA_UPLOAD_MAX_MEMORY_SIZE")
        except SuspiciousOperation as exc:
            # anymail's signature or credential check failed: 400, which an ESP retries
            # (a secret being rotated), never its status for "refused for good"
            log.warning("a post to the %s inbound webhook refused (400), nothing stored: %s", esp, type(exc).__name__)
            return JsonResponse({"error": "refused", "detail": "The post's signature or credentials do not match this server's."}, status=400)
        except Exception as exc:
            if seen["stored"]:
                raise  # the payload was good and our store failed: a 5xx, so the ESP posts again
            # anymail could not read it as its ESP's payload (a list for an object, a number for
            # the raw mail, a string for the headers, an attachment without its type...)
            return _refused(
                esp, 400, "malformed_payload",
                f"This post is not an inbound mail the {esp} webhook can read; nothing was stored.",
                f"{type(exc).__name__} while reading the payload",
            )  # fmt: skip
        finally:
            webhook_seen.reset(token)
        if seen["too_large"]:
            return _too_large(esp, "a mail over PBEM_INBOUND_MAX_BYTES")
        if response.status_code >= 400 and not response.get("Content-Type", "").startswith("application/json"):
            # anymail's own refusals (a bad signature, missing credentials) in the same JSON shape
            detail = response.content.decode(errors="replace").strip()[:300] or "refused"
            log.warning("a post to the %s inbound webhook refused (%s) by anymail: %s", esp, response.status_code, detail[:120])
            json_response = JsonResponse({"error": "refused", "detail": detail}, status=response.status_code)
            for header in ("WWW-Authenticate",):
                if response.has_header(header):
                    json_response[header] = response[header]
            return json_response
        return response

    return csrf_exempt(gate)


def _patterns() -> list[URLPattern]:
    out = []
    for pattern in anymail_urls.urlpatterns:
        esp = inbound_esp(pattern)
        out.append(pattern if esp is None else URLPattern(pattern.pattern, _gated(pattern.callback, esp), pattern.default_args, pattern.name))
    return out


urlpatterns = _patterns()
