"""The installable web app: the manifest and the service worker, both served
from the site's root so the worker's scope is the whole site (a worker under
/static/ could only control /static/). The manifest's texts follow the
reader's language; nothing in either is private."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from django.http import HttpResponse
from django.templatetags.static import static
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

THEME = "#5b2a1a"
BACKGROUND = "#f4ead5"
_SW = Path(__file__).resolve().parent / "static" / "web" / "sw.js"


def manifest_data() -> dict:
    return {
        "id": "/",
        "name": _("pbem: slow board games by web and mail"),
        "short_name": "pbem",
        "description": _("Augsburg 1520, The Staufer Dynasty, Citadels and Fugger, Welser, Medici over days."),
        "lang": get_language() or "en",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [
            {"src": static("web/icons/pbem-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": static("web/icons/pbem-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": static("web/icons/pbem-maskable-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
            {"src": static("web/icons/pbem.svg"), "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
        ],
    }


@require_GET
def manifest(request):
    response = HttpResponse(json.dumps(manifest_data(), ensure_ascii=False), content_type="application/manifest+json")
    response["Cache-Control"] = "public, max-age=3600"
    return response


@lru_cache(maxsize=1)
def _worker_script() -> bytes:
    return _SW.read_bytes()


@require_GET
def service_worker(request):
    response = HttpResponse(_worker_script(), content_type="text/javascript; charset=utf-8")
    # browsers look for a new worker at least daily; no-cache makes them look at each visit
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response
