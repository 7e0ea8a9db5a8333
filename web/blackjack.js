// The Blackjack tool: the basic-strategy chart computed from exact values for a rule set,
// coloured as players' charts are, with the house edge; and the exact value of every action
// for any hand.
import { $, fill, h, showError, stoppable } from './ui.js';


function rules() {
  return {
    decks: Number($('bj-decks').value),
    h17: $('bj-h17').checked,
    das: $('bj-das').checked,
    splitHands: Number($('bj-split').value),
    resplitAces: $('bj-rsa').checked,
    surrender: $('bj-surrender').checked,
    peek: $('bj-peek').checked,
  };
}

/** The colour class of a chart code: H, S, D (doubles), P (splits), R (surrenders). */
const colour = (code) => (code[0] === 'D' ? 'D' : code[0] === 'R' ? 'R' : code[0] === 'P' ? 'P' : code[0]);

function table(title, rows, upCards) {
  return h('table', {}, h('caption', {}, title), h('tr', {}, h('td'), upCards.map((u) => h('th', {}, u))),
    rows.map(([label, codes]) => h('tr', {}, h('th', {}, label), codes.map((c) => h('td', { class: colour(c) }, c)))));
}

export function setup(call) {
  // Results carry the rules they answer: a new request, or a changed rule or card, empties the
  // old ones at once, and an error is shown beside the button that asked, with nothing of the
  // old results under it.
  // The chart being computed: a changed rule stops it, as its answer would be the old rules'.
  let computing = null;
  for (const id of ['bj-decks', 'bj-h17', 'bj-das', 'bj-split', 'bj-rsa', 'bj-surrender', 'bj-peek']) {
    $(id).addEventListener('input', () => {
      computing?.abort();
      fill('bj-chart');
      $('bj-edge').textContent = '';
      fill('bj-actions');
    });
  }
  for (const id of ['bj-first', 'bj-second', 'bj-up', 'bj-out']) {
    $(id).addEventListener('input', () => { fill('bj-actions'); showError('bj-actions-error'); });
  }
  $('bj-chart-run').addEventListener('click', async () => {
    fill('bj-chart');
    $('bj-edge').textContent = '';
    const mine = new AbortController();
    computing = mine;
    // Stop, or a changed rule: no chart, and no error.
    const s = await stoppable({ run: 'bj-chart-run', stop: 'bj-chart-stop', bar: 'bj-progress', error: 'bj-error' },
      async (signal, onProgress) => {
        const both = AbortSignal.any([signal, mine.signal]);
        try {
          return await call('blackjackStrategy', [rules()], { signal: both, onProgress });
        } catch (e) {
          if (both.aborted) return null;
          throw e;
        }
      });
    if (computing === mine) computing = null;
    if (!s || mine.signal.aborted) return;
    const order = (keys, key) => keys.sort((a, b) => key(a) - key(b));
    const hard = order(Object.keys(s.chart.hard), Number).reverse().map((k) => [k, s.chart.hard[k]]);
    const soft = order(Object.keys(s.chart.soft), (k) => Number(k.split(',')[1])).reverse().map((k) => [k, s.chart.soft[k]]);
    const pairValue = (k) => { const v = k.split(',')[0]; return v === 'A' ? 11 : Number(v); };
    const pairs = order(Object.keys(s.chart.pairs), pairValue).reverse().map((k) => [k, s.chart.pairs[k]]);
    fill('bj-chart', table('Hard totals', hard, s.up_cards), table('Soft hands', soft, s.up_cards),
      table('Pairs', pairs, s.up_cards));
    $('bj-edge').textContent = `Playing this chart returns ${s.ev_chart_percent.toFixed(3)} % of the bet a hand ` +
      `(house edge ${(-s.ev_chart_percent).toFixed(3)} %); perfect composition-dependent play ` +
      `${s.ev_optimal_percent.toFixed(3)} %. Computed in ${s.seconds.toFixed(1)} s.`;
  });

  $('bj-actions-run').addEventListener('click', async () => {
    showError('bj-actions-error');
    fill('bj-actions');
    try {
      const out = $('bj-out').value.split(/[\s,]+/).filter((c) => c);
      const a = await call('blackjackActions', [$('bj-first').value, $('bj-second').value, $('bj-up').value, rules(), out]);
      const rows = ['stand', 'hit', 'double', 'split', 'surrender'].map((k) => h('tr', { class: a.best === k ? 'best' : null },
        h('td', {}, k), h('td', {}, a[k] === null ? 'not allowed' : `${(100 * a[k]).toFixed(3)} %`)));
      fill('bj-actions', h('caption', {}, `Best: ${a.best}`), h('tr', {}, h('th', {}, 'Action'), h('th', {}, 'Expected return')), rows);
    } catch (e) {
      showError('bj-actions-error', e.message);
    }
  });
}
