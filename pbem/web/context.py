"""Template context for every page."""

from django.conf import settings

# The vendored htmx file's version (static/web/htmx-<version>.min.js).
HTMX_VERSION = "2.0.11"


def site(request) -> dict:
    return {"htmx_js": f"web/htmx-{HTMX_VERSION}.min.js", "site_url": settings.SITE_URL}
