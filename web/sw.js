// Keeps the page and the WebAssembly package for offline use: served from the cache, and
// refreshed from the network in the background when it answers.
const CACHE = 'cardtree-v1';
const FILES = [
  './', './index.html', './style.css', './app.js', './bridge.js', './pps.js', './blackjack.js',
  './worker.js', './pkg/cardtree_wasm.js', './pkg/cardtree_wasm_bg.wasm',
  './values/american.txt', './values/british.txt',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(event.request);
      const fresh = fetch(event.request)
        .then((response) => {
          if (response.ok) cache.put(event.request, response.clone());
          return response;
        })
        .catch(() => cached);
      return cached || fresh;
    }),
  );
});
