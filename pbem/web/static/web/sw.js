// pbem's service worker: it makes the site installable and shows pushed
// notifications. It caches NOTHING: every page is private to an account and
// changes with every move, so a cached copy could show a stale situation, or
// one account's hand to the next person who signs in on the same phone.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// No fetch handler on purpose: requests go to the network as if there were no worker.

// A push carries {title, body, url, tag}: only what the recipient's seat may see
// (the server writes it per recipient, like a mail).
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = data.title || "pbem";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || "",
      tag: data.tag || undefined, // one notification per game: a newer one replaces it
      renotify: Boolean(data.tag),
      icon: "/static/web/icons/pbem-192.png",
      badge: "/static/web/icons/pbem-192.png",
      data: { url: data.url || "/" },
    })
  );
});

// Tapping a notification opens its game: an open tab of the site is focused
// and sent there, else a new window opens.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (target.origin !== self.location.origin) return; // only the site's own pages
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if ("focus" in w) return w.navigate(target.href).then((c) => (c || w).focus());
      }
      return self.clients.openWindow(target.href);
    })
  );
});
