// Registers the service worker (pbem/web/static/web/sw.js, served at /sw.js so
// its scope is the whole site). Loaded from a file: the CSP allows no inline script.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  });
}
