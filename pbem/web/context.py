"""Template context for every page."""

from django.conf import settings

# The vendored htmx file's version (static/web/htmx-<version>.min.js).
HTMX_VERSION = "2.0.11"
# and its server-sent events extension's (static/web/htmx-ext-sse-<version>.min.js, npm htmx-ext-sse)
HTMX_SSE_VERSION = "2.2.4"


def site(request) -> dict:
    return {"htmx_js": f"web/htmx-{HTMX_VERSION}.min.js", "htmx_sse_js": f"web/htmx-ext-sse-{HTMX_SSE_VERSION}.min.js", "site_url": settings.SITE_URL}
