// The service worker of the installable app (docs/web.md, "The installable app"). The server
// writes two lines above this one (golfcore/web/offline.py): VERSION, the cache's name (the
// package's version and a digest of the static files), and FILES, every static file's URL.
//
// * install: every static file into the cache VERSION; activate: the older caches deleted.
// * a page load: from the network; when the server cannot be reached, the offline page.
// * a static file: from the network (the cache refreshed with it); from the cache when the
//   server cannot be reached. So the page never runs files older than the server's.
// * anything else (/api/..., the WebSocket /ws, /sw.js itself, requests that are not GET):
//   not touched, never cached.
/* global VERSION, FILES */

const OFFLINE = "/static/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(VERSION);
    await cache.addAll(FILES.map((url) => new Request(url, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("golf-") && name !== VERSION) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(request));
  else if (url.pathname.startsWith("/static/")) event.respondWith(file(request));
});

async function page(request) {
  try {
    return await fetch(request);
  } catch (e) {
    const offline = await caches.match(OFFLINE, { cacheName: VERSION }) || await caches.match(OFFLINE);
    return offline || Response.error();
  }
}

async function file(request) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      const copy = response.clone();
      caches.open(VERSION).then((cache) => cache.put(request, copy)).catch(() => {});
    }
    return response;
  } catch (e) {
    const cached = await caches.match(request, { ignoreSearch: true });
    if (cached) return cached;
    throw e;
  }
}
