// The page: three tools over one Web Worker (worker.js) that runs the WebAssembly package.
import { setup as bridge } from './bridge.js';
import { setup as pps } from './pps.js';
import { setup as blackjack } from './blackjack.js';
import { setup as played } from './played.js';

const status = document.getElementById('status');
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
const pending = new Map();
let next = 1;
// Set once the worker cannot run (its package failed to load): every call fails with it.
let broken = null;

worker.onmessage = (event) => {
  const { id, value, error, progress } = event.data;
  const p = pending.get(id);
  if (!p) return;
  if (progress) {
    p.onProgress?.(...progress);
    return;
  }
  pending.delete(id);
  if (error !== undefined) p.reject(new Error(error));
  else p.resolve(value);
};

/** The worker failed (a script or the package did not load): an error on the page, not "loading". */
function fail(message) {
  broken ??= message;
  status.textContent = broken;
  status.classList.add('failed');
  for (const p of pending.values()) p.reject(new Error(broken));
  pending.clear();
}
worker.onerror = (event) => {
  event.preventDefault();
  fail(`the solver did not load: ${event.message || 'its script or package could not be fetched'}`);
};
worker.onmessageerror = () => fail('the solver sent a message the page cannot read');

/**
 * Runs `op` in the worker; resolves with its value or rejects with the library's message.
 * `options.onProgress(done, total)` hears long work; `options.signal` (an AbortSignal) stops it.
 */
export function call(op, args = [], options = {}) {
  if (broken) return Promise.reject(new Error(broken));
  const id = next++;
  options.signal?.addEventListener('abort', () => worker.postMessage({ cancel: id }));
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onProgress: options.onProgress });
    worker.postMessage({ id, op, args });
  });
}

// The tools' tabs, as the WAI-ARIA tabs pattern has them: one tab in the Tab order (the
// selected one), the arrow keys, Home and End move between tabs and select the one reached.
const tabs = [...document.querySelectorAll('nav [role=tab]')];

function select(tab, focus = false) {
  for (const t of tabs) {
    const on = t === tab;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
    document.getElementById(t.dataset.tool).hidden = !on;
  }
  if (focus) tab.focus();
}

for (const tab of tabs) {
  tab.addEventListener('click', () => select(tab));
  tab.addEventListener('keydown', (e) => {
    const i = tabs.indexOf(tab);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    select(tabs[(to + tabs.length) % tabs.length], true);
  });
}

const started = performance.now();
call('randomDeal', [0]).then(
  () => { status.textContent = `solver ready in ${Math.round(performance.now() - started)} ms`; },
  (e) => fail(e.message.startsWith('the solver did not load') ? e.message : `the solver did not load: ${e.message}`),
);

bridge(call);
played(call);
pps(call);
blackjack(call);

// Offline once loaded: a service worker keeps the page and the package (secure contexts only,
// localhost included). Its cache is named by the build (pkg/build.js), so a new build replaces
// the whole set at once.
if ('serviceWorker' in navigator && window.isSecureContext) {
  navigator.serviceWorker.register('./sw.js').catch(() => {});
}
