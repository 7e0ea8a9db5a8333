// Keeps the page and the WebAssembly package for offline use. The cache is named by the build
// (pkg/build.js, written by wasm/build.sh from the hash of every file below), and a page is only
// ever served from one build's cache: the glue and the .wasm never come from different builds.
// A new build changes pkg/build.js, so the browser installs this worker anew; the new worker
// fills its own cache and takes over when no page of the old build is open, then drops the old.
importScripts('./pkg/build.js');

const CACHE = `cardtree-${self.CARDTREE_BUILD}`;
const FILES = [
  './', './index.html', './style.css', './app.js', './ui.js', './bridge.js', './pps.js',
  './blackjack.js', './played.js', './worker.js', './pkg/cardtree_wasm.js', './pkg/cardtree_wasm_bg.wasm',
  './values/american.txt', './values/british.txt',
];

self.addEventListener('install', (event) => {
  // `reload`: from the network, never from the HTTP cache, which may hold another build.
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('cardtree-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => (await cache.match(event.request)) || fetch(event.request)),
  );
});
