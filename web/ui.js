// The helpers every tool builds its part of the page with. Elements are made with
// `createElement` and text is set as text: nothing that comes from a file, a user or the
// library is ever parsed as HTML, so a PBN tag or an error message holding markup shows as
// the characters it is.

/** The element with id `id`. */
export const $ = (id) => document.getElementById(id);

/**
 * A new element: `h('td', { class: 'deal', dataset: { board: '3' } }, 'text', child, [more])`.
 * Attributes: `class`, `dataset` (an object), `on` (event name -> listener) and any other
 * name, set with `setAttribute` (`true` sets it empty, `false`, `null` and `undefined` leave it
 * out). Children: nodes, strings and numbers (as text), arrays of them; `null`, `undefined`
 * and `false` are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'class') el.className = value;
    else if (name === 'dataset') Object.assign(el.dataset, value);
    else if (name === 'on') for (const [event, f] of Object.entries(value)) el.addEventListener(event, f);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  el.append(...flat(children));
  return el;
}

/** Children for `append`: text for strings and numbers, nothing for null/undefined/false. */
function flat(children) {
  return children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false)
    .map((c) => (c instanceof Node ? c : String(c)));
}

/** Replaces the children of the element `id` (or the element itself) with `children`. */
export function fill(target, ...children) {
  const el = typeof target === 'string' ? $(target) : target;
  el.replaceChildren(...flat(children));
  return el;
}

const SUIT_NAMES = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };

/** A suit's symbol (`S`, `H`, `D` or `C`), named for screen readers. */
export function suit(s) {
  return h('span', { class: `suit-${s}`, role: 'img', 'aria-label': SUIT_NAMES[s] ?? s });
}

const RANK_NAMES = { A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: '10' };

/** A card code (`SA`) in words, for screen readers: `ace of spades`. */
export function cardName(code) {
  return `${RANK_NAMES[code[1]] ?? code[1]} of ${SUIT_NAMES[code[0]] ?? code[0]}`;
}

/** A rank as players write it: `T` as `10`. */
export const rank = (r) => (r === 'T' ? '10' : r);

/** A card code (`SA`) as an element with its suit symbol. */
export function card(code) {
  const s = code[0];
  return h('span', { class: s === 'H' || s === 'D' ? 'card red' : 'card' }, suit(s), rank(code.slice(1)));
}

/** Shows `message` (or clears it) in the element `id`, as text. */
export function showError(id, message = '') {
  $(id).textContent = message;
}

/**
 * Runs `work(signal, onProgress)`, a long call of a tool that a Stop button can end: the
 * button `run` is disabled and `stop` enabled meanwhile (a click on `stop` aborts `signal`),
 * the <progress> `bar` is shown and filled by `onProgress(done, total)`, and an error is shown
 * as text in the element `error`. Resolves with what `work` gives, or `undefined` after an
 * error.
 */
export async function stoppable({ run, stop, bar, error }, work) {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const progress = $(bar);
  showError(error);
  $(stop).addEventListener('click', abort);
  $(run).disabled = true;
  $(stop).disabled = false;
  progress.hidden = false;
  progress.value = 0;
  try {
    return await work(controller.signal, (done, total) => { progress.max = total; progress.value = done; });
  } catch (e) {
    showError(error, e.message);
    return undefined;
  } finally {
    progress.hidden = true;
    $(run).disabled = false;
    $(stop).disabled = true;
    $(stop).removeEventListener('click', abort);
  }
}
