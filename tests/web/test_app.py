"""The installable app in Debian's Chromium, under the site's real
Content-Security-Policy (no bypass here): the manifest is served and names
icons that exist in their declared sizes, the service worker registers for
the whole site, caches nothing, and a push delivered to it through the
DevTools protocol shows a notification whose click opens the game page."""

from __future__ import annotations

import json
import struct
import time

import pytest

from pbem import services
from tests.web.conftest import log_in, verified_player

pytestmark = pytest.mark.django_db(transaction=True)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def wait(page, predicate, timeout=10.0):
    """Poll ``predicate``, letting Playwright deliver its events meanwhile
    (a plain sleep would hold them back)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        page.wait_for_timeout(100)
    raise AssertionError("timed out")


def test_manifest_and_service_worker_under_the_csp_and_a_push_opens_the_game(browser, live_server):
    site = live_server.url
    alice = verified_player("alice", "pw-alice-secret")
    game = services.game_create(creator=alice, engine="sealedbid", players=2, bots=1, seed=3)
    ctx = browser.new_context()  # the pages' own CSP applies
    ctx.set_default_timeout(15_000)
    try:
        page = ctx.new_page()
        violations = []
        page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
        log_in(page, site, "alice", "pw-alice-secret")

        # the manifest: linked from every page, valid, its icons real PNGs of the sizes it says
        href = page.get_attribute("link[rel=manifest]", "href")
        response = page.request.get(site + href)
        assert response.ok and response.headers["content-type"].startswith("application/manifest+json")
        manifest = json.loads(response.body())
        assert manifest["start_url"] == "/" and manifest["scope"] == "/" and manifest["display"] == "standalone"
        assert manifest["name"] and manifest["short_name"] == "pbem" and manifest["theme_color"].startswith("#")
        sizes = set()
        for icon in manifest["icons"]:
            data = page.request.get(site + icon["src"]).body()
            if icon["type"] == "image/png":
                w, h = png_size(data)
                assert icon["sizes"] == f"{w}x{h}"
                sizes.add((w, icon["purpose"]))
        assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes

        # the service worker: registered for the whole site under the CSP, and it caches nothing
        scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        assert scope == site + "/"
        sw = page.request.get(site + "/sw.js")
        assert sw.headers["content-type"].startswith("text/javascript") and "no-cache" in sw.headers["cache-control"]
        assert "caches.open" not in sw.text() and "addEventListener(\"fetch\"" not in sw.text()
        assert not violations, violations

        # a push, delivered as the push service would (DevTools protocol), shows a notification
        ctx.grant_permissions(["notifications"], origin=site)
        cdp = ctx.new_cdp_session(page)
        registrations = []
        cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: registrations.extend(e["registrations"]))
        cdp.send("ServiceWorker.enable")
        registration = wait(page, lambda: next((r for r in registrations if r["scopeURL"] == site + "/" and not r["isDeleted"]), None))
        payload = {"title": "Your move", "body": f"Sealed bid #{game.pk}", "url": f"/games/{game.pk}/", "tag": f"game-{game.pk}"}
        cdp.send("ServiceWorker.deliverPushMessage", {
            "origin": site + "/", "registrationId": registration["registrationId"], "data": json.dumps(payload),
        })
        shown = wait(page, lambda: page.evaluate(
            "navigator.serviceWorker.ready.then(r => r.getNotifications())"
            ".then(ns => ns.map(n => ({title: n.title, body: n.body, tag: n.tag, data: n.data})))"
        ))
        assert shown == [{"title": "Your move", "body": f"Sealed bid #{game.pk}", "tag": f"game-{game.pk}",
                          "data": {"url": f"/games/{game.pk}/"}}]

        # its click opens the game page (a click the worker receives as the browser would send it)
        (worker,) = [w for w in ctx.service_workers if w.url.endswith("/sw.js")]
        worker.evaluate("""self.registration.getNotifications().then(ns =>
            self.dispatchEvent(new NotificationEvent("notificationclick", {notification: ns[0]})))""")
        page.wait_for_url(f"{site}/games/{game.pk}/")
        assert f"#{game.pk}" in page.inner_text("h1")
    finally:
        ctx.close()
