// The installable app: the service worker (served from /sw.js, so that it controls "/") keeps
// the static files and shows the offline page when a page load cannot reach the server
// (sw.js; golfcore/web/offline.py). Registered once the page has loaded, so that it never
// delays the board.

export function registerWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const register = () => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    // no worker (a private window, storage disabled): the page works the same, only without
    // its offline page
  });
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
