// Web Push: the profile's subscribe and unsubscribe buttons and the game
// page's prompt after the player's first move. The server's VAPID public key
// comes in the element's data-vapid-key; the subscription is posted to the
// server with the page's CSRF token. A file of the site's own: the CSP allows
// no inline script.
(function () {
  "use strict";
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

  function csrf() {
    const field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  function keyBytes(base64url) {
    const padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify(body),
    });
  }

  async function subscribe(box) {
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
    if ((await Notification.requestPermission()) !== "granted") throw new Error("denied");
    const subscription =
      (await registration.pushManager.getSubscription()) ||
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(box.dataset.vapidKey),
      }));
    const answer = await post(box.dataset.subscribeUrl, subscription.toJSON());
    if (!answer.ok) throw new Error("refused");
  }

  async function unsubscribe(box) {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = registration && (await registration.pushManager.getSubscription());
    if (!subscription) return;
    await post(box.dataset.unsubscribeUrl, { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }

  function say(box, which) {
    const status = box.querySelector("[data-push-status]");
    if (status) status.textContent = box.dataset[which] || "";
  }

  function wire(box) {
    if (!supported || !box.dataset.vapidKey) {
      say(box, "unsupported");
      return;
    }
    box.hidden = box.hasAttribute("data-push-prompt") && Notification.permission !== "default";
    const on = box.querySelector("[data-push-subscribe]");
    const off = box.querySelector("[data-push-unsubscribe]");
    if (on) {
      on.disabled = false;
      on.addEventListener("click", () =>
        subscribe(box).then(
          () => (box.hasAttribute("data-push-prompt") ? (box.hidden = true) : window.location.reload()),
          () => say(box, "failed")
        )
      );
    }
    if (off) {
      off.disabled = false;
      off.addEventListener("click", () => unsubscribe(box).then(() => window.location.reload(), () => say(box, "failed")));
    }
    const later = box.querySelector("[data-push-later]");
    if (later) later.addEventListener("click", () => (box.hidden = true));
  }

  document.addEventListener("DOMContentLoaded", () => document.querySelectorAll("[data-push]").forEach(wire));
})();
