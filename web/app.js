// The page: three tools over one Web Worker (worker.js) that runs the WebAssembly package.
import { setup as bridge } from './bridge.js';
import { setup as pps } from './pps.js';
import { setup as blackjack } from './blackjack.js';

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
const pending = new Map();
let next = 1;

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

/**
 * Runs `op` in the worker; resolves with its value or rejects with the library's message.
 * `options.onProgress(done, total)` hears long work; `options.signal` (an AbortSignal) stops it.
 */
export function call(op, args = [], options = {}) {
  const id = next++;
  options.signal?.addEventListener('abort', () => worker.postMessage({ cancel: id }));
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onProgress: options.onProgress });
    worker.postMessage({ id, op, args });
  });
}

/** Shows `message` (or clears it) in the element `id`. */
export function showError(id, message = '') {
  document.getElementById(id).textContent = message;
}

/** A card code (`SA`) as HTML with its suit symbol. */
export function cardHtml(code) {
  const suit = code[0];
  const rank = code.slice(1).replace('T', '10');
  return `<span class="card${suit === 'H' || suit === 'D' ? ' red' : ''}"><span class="suit-${suit}"></span>${rank}</span>`;
}

for (const tab of document.querySelectorAll('nav [role=tab]')) {
  tab.addEventListener('click', () => {
    for (const t of document.querySelectorAll('nav [role=tab]')) {
      t.setAttribute('aria-selected', String(t === tab));
      document.getElementById(t.dataset.tool).hidden = t !== tab;
    }
  });
}

const status = document.getElementById('status');
const started = performance.now();
call('randomDeal', [0]).then(
  () => { status.textContent = `solver ready in ${Math.round(performance.now() - started)} ms`; },
  (e) => { status.textContent = `the solver did not load: ${e.message}`; },
);

bridge(call);
pps(call);
blackjack(call);

// Offline once loaded: a service worker keeps the page and the package (secure contexts only,
// localhost included).
if ('serviceWorker' in navigator && window.isSecureContext) {
  navigator.serviceWorker.register('./sw.js').catch(() => {});
}
