// The page's hands as played: a LIN or PBN record pasted or opened, every board judged double
// dummy (the trace, each card's cost and the cards that kept the value), replayed card by
// card, and judged single dummy on request with progress and Stop. The work is the library's
// (`cardtree bridge analyse`); this file only shows it.
import { $, card, fill, h, showError, stoppable } from './ui.js';

export function setup(call) {
  let record = null; // { boards, analyses } from the worker
  let shown = null; // { index, at, single }

  /** Clears what belongs to a previous record. */
  function reset() {
    record = null;
    shown = null;
    fill('played-boards');
    fill('played-cards');
    $('played-replay').hidden = true;
    showError('played-error');
  }

  async function analyse(text) {
    reset();
    if (!text.trim()) {
      showError('played-error', 'paste a LIN or PBN record, or open a file');
      return;
    }
    $('played-analyse').disabled = true;
    try {
      record = await call('played', [text]);
      renderBoards();
    } catch (e) {
      showError('played-error', e.message);
    } finally {
      $('played-analyse').disabled = false;
    }
  }
  $('played-analyse').addEventListener('click', () => analyse($('played-text').value));
  $('played-file').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    const text = await file.text();
    $('played-text').value = text;
    analyse(text);
  });

  function result(a) {
    if (!a.contract) return 'passed out';
    const by = `${a.contract} by ${a.declarer}`;
    return a.tricks === null || a.tricks === undefined ? by : `${by}: ${a.tricks} tricks`;
  }

  function renderBoards() {
    const head = h('tr', {}, ['Board', 'Contract', 'Tricks given away', 'Replay'].map((t) => h('th', {}, t)));
    const rows = record.boards.map((b, i) => {
      if (b.error) return h('tr', {}, h('td', {}, b.board), h('td', { colspan: 3, class: 'error' }, `${b.token}: ${b.error}`));
      const a = record.analyses[i];
      const lost = a.lost ? `declarer ${a.lost.declarer}, defence ${a.lost.defence}` : '—';
      const open = a.cards ? h('button', { on: { click: () => replay(i) } }, 'Replay') : null;
      return h('tr', {}, h('td', {}, b.room ? `${b.board} (${b.room})` : b.board), h('td', {}, result(a)), h('td', {}, lost), h('td', {}, open));
    });
    fill('played-boards', head, rows);
    const first = record.analyses.findIndex((a) => a && a.cards);
    if (first >= 0) replay(first);
  }

  function replay(index) {
    const a = record.analyses[index];
    shown = { index, at: a.cards.length, single: [] };
    $('played-replay').hidden = false;
    $('played-title').textContent = `Board ${record.boards[index].board}: ${result(a)}`;
    renderReplay();
  }

  /** The tricks, each card in play order with its seat, cost and verdict; the current card marked. */
  function renderReplay() {
    const a = record.analyses[shown.index];
    const rows = [];
    for (let t = 0; t * 4 < a.cards.length; t++) {
      const cells = [h('th', {}, `${t + 1}`)];
      for (let k = t * 4; k < Math.min(t * 4 + 4, a.cards.length); k++) {
        const c = a.cards[k];
        const single = shown.single[k] ?? c.single_dummy;
        const verdict = single && single.verdict && single.verdict !== 'good' ? single.verdict : null;
        const notes = [];
        if (c.cost > 0) notes.push(`cost ${c.cost} double dummy; kept the value: ${c.kept.join(' ')}`);
        if (single && single.verdict) notes.push(`single dummy ${single.verdict}: ${single.loss.toFixed(2)} tricks below ${single.best}`);
        const cls = [k === shown.at - 1 ? 'current' : null, c.cost > 0 ? 'cost' : null, verdict].filter(Boolean).join(' ');
        cells.push(h('td', { class: cls || null, title: notes.join('; ') || null },
          `${c.seat} `, card(c.card), c.cost > 0 ? ` −${c.cost}` : null, verdict ? ` (${verdict})` : null));
      }
      rows.push(h('tr', {}, cells));
    }
    fill('played-cards', h('caption', {}, 'Each card with its seat; a double-dummy cost as −n, the single-dummy verdict in brackets'), rows);
    const v = a.trace;
    $('played-at').textContent = shown.at === 0
      ? `before the opening lead: declarer's tricks double dummy ${v[0]}`
      : `after card ${shown.at} of ${a.cards.length} (${a.cards[shown.at - 1].card}): declarer's tricks double dummy ${v[shown.at]}, before it ${v[shown.at - 1]}`;
  }

  const step = (to) => {
    if (!shown) return;
    const n = record.analyses[shown.index].cards.length;
    shown.at = Math.max(0, Math.min(n, to(shown.at, n)));
    renderReplay();
  };
  $('played-first').addEventListener('click', () => step(() => 0));
  $('played-prev').addEventListener('click', () => step((at) => at - 1));
  $('played-next').addEventListener('click', () => step((at) => at + 1));
  $('played-last').addEventListener('click', () => step((_, n) => n));

  $('played-single').addEventListener('click', async () => {
    if (!shown) return;
    const index = shown.index;
    const args = [index, Number($('played-samples').value), Number($('played-seed').value)];
    const judged = await stoppable(
      { run: 'played-single', stop: 'played-stop', bar: 'played-progress', error: 'played-error' },
      (signal, onProgress) => call('playedJudge', args, { signal, onProgress }));
    if (judged && shown && shown.index === index) {
      shown.single = judged.cards;
      $('played-summary').textContent = judged.tally;
      renderReplay();
    }
  });
}
