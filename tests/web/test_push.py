"""Subscribing to pushes in Debian's Chromium under the site's real CSP: the
game page offers pushes after the player's first move, the button asks for
permission and posts the browser's subscription (push.js, the VAPID public key
as the application server key), a subscription row is made, the profile lists
the device with its last use and removes it.

Headless Chromium has no push service of its own (Chrome's is Google's, on the
internet), so the Push API's subscribe() answers with a subscription to the
push service stand-in (tests/support/push_service.py) - the rest is the
page's own code. That the server's pushes reach such a subscription signed and
encrypted is tests/notifications/test_push.py; that a push shows a
notification whose click opens the game is tests/web/test_app.py."""

from __future__ import annotations

import json

import pytest
from django.test import override_settings

from notifications.models import PushSubscription
from notifications.push import vapid_keys_make
from pbem import services
from tests.support.push_service import PushService, b64d
from tests.web.conftest import log_in, verified_player

pytestmark = pytest.mark.django_db(transaction=True)

STUB = """
(() => {
  const device = %s;
  let current = null;
  PushManager.prototype.getSubscription = async function () { return current; };
  PushManager.prototype.subscribe = async function (options) {
    const key = new Uint8Array(options.applicationServerKey);
    window.__applicationServerKey = Array.from(key);
    current = {
      endpoint: device.endpoint,
      toJSON: () => ({endpoint: device.endpoint, expirationTime: null, keys: {p256dh: device.p256dh, auth: device.auth}}),
      unsubscribe: async () => { current = null; return true; },
    };
    return current;
  };
})();
"""


def test_subscribe_from_the_game_page_and_remove_from_the_profile(browser, live_server):
    site = live_server.url
    keys = vapid_keys_make()
    alice = verified_player("alice", "pw-alice-secret")
    bob = verified_player("bob")
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=3)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    with override_settings(PBEM_VAPID_PRIVATE_KEY=keys["private_key"], PBEM_VAPID_PUBLIC_KEY=keys["public_key"]), \
            PushService(keys["public_key"]) as stand_in:
        device = stand_in.device("chromium")
        ctx = browser.new_context()  # the pages' own CSP applies
        ctx.set_default_timeout(15_000)
        ctx.add_init_script(STUB % json.dumps({"endpoint": device.endpoint, "p256dh": device.p256dh, "auth": device.auth_b64}))
        try:
            page = ctx.new_page()
            violations = []
            page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
            log_in(page, site, "alice", "pw-alice-secret")
            page.goto(f"{site}/games/{game.pk}/")
            assert page.locator("[data-push-prompt]").count() == 0  # no move yet: nothing offered

            services.move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 2}, source="web")
            page.goto(f"{site}/games/{game.pk}/")
            prompt = page.locator("[data-push-prompt]")
            prompt.wait_for(state="visible")
            ctx.grant_permissions(["notifications"], origin=site)
            prompt.locator("[data-push-subscribe]").click()
            prompt.wait_for(state="hidden")
            row = PushSubscription.objects.get(user=alice)
            assert (row.endpoint, row.p256dh, row.auth) == (device.endpoint, device.p256dh, device.auth_b64)
            assert row.label.startswith("Chrome on Linux")
            # the application server key the page subscribed with is the server's VAPID public key
            assert bytes(page.evaluate("window.__applicationServerKey")) == b64d(keys["public_key"])

            # asked once: with the permission given, the game page offers it no more
            page.goto(f"{site}/games/{game.pk}/")
            page.wait_for_load_state("load")
            page.wait_for_timeout(300)
            assert not prompt.is_visible()

            page.goto(f"{site}/profile/")
            devices = page.locator("#h-devices + p + ul.devices li")
            assert devices.count() == 1 and "Chrome on Linux" in devices.inner_text() and "no push yet" in devices.inner_text()
            assert device.endpoint not in page.content()  # the endpoint is a capability: never shown
            devices.locator("button").click()
            page.wait_for_selector("text=That device gets no more pushes.")
            assert not PushSubscription.objects.filter(user=alice).exists()
            assert not violations, violations
        finally:
            ctx.close()
