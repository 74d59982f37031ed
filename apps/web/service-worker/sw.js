// Timetrap service worker. The build replaces BUILD_ID and PRECACHE (see plugin.ts), so each build is a
// new worker: it installs beside the old one and waits until the page asks it to take over.
const BUILD_ID = "development";
const PRECACHE = [];
const CACHE_PREFIX = "timetrap-shell-";
const CACHE = `${CACHE_PREFIX}${BUILD_ID}`;

self.addEventListener("install", (event) => {
  // No skipWaiting here: an open page keeps its own version until the user presses refresh.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith(CACHE_PREFIX) && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The API is never answered from a cache: data must always be the server's current answer.
  if (url.pathname.startsWith("/api/")) return;
  if (url.pathname === "/sw.js") return;

  if (request.mode === "navigate") {
    // Online, the server's page wins (always the newest app); offline, the cached shell still starts.
    event.respondWith(fetch(request).catch(() => caches.match("/index.html").then((r) => r || Response.error())));
    return;
  }

  if (url.pathname.startsWith("/assets/")) {
    // Built assets have content hashes in their names, so a cached copy is never stale.
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
