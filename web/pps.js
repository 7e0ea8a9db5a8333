// The Poker Squares tool: a game under a point system, placed by hand with the AI's
// suggestion (and its value) on request, or played by the AI to the end (Stop, or a new game,
// ends that).
import { $, card, fill, h, showError } from './ui.js';

const HANDS = ['high card', 'one pair', 'two pair', 'three of a kind', 'straight', 'flush',
  'full house', 'four of a kind', 'straight flush', 'royal flush'];

export function setup(call) {
  let state = null;
  let hint = null;
  let busy = false;
  // The game on the page (a new game ends the self-play of the one before) and whether Stop
  // was clicked.
  let game = 0;
  let stopped = false;

  // The learning under way (a Stop or a new game aborts it).
  let learning = null;

  async function run(op, args, options = {}) {
    showError('pps-error');
    try {
      return await call(op, args, options);
    } catch (e) {
      if (!options.signal?.aborted) showError('pps-error', e.message);
      throw e;
    }
  }

  function render() {
    const cells = state.grid.map((c, cell) => {
      if (c) return h('button', { class: 'filled', dataset: { cell }, 'aria-label': `cell ${cell}: ${c}` }, card(c));
      return h('button', {
        class: hint && hint.cell === cell ? 'hint' : null,
        dataset: { cell },
        'aria-label': `cell ${cell}: empty`,
        on: { click: () => place(cell) },
      });
    });
    fill('pps-grid', cells);
    fill('pps-card', state.card ? card(state.card) : '—');
    $('pps-score').textContent = String(state.score.score);
    const names = ['row 1', 'row 2', 'row 3', 'row 4', 'row 5', 'column 1', 'column 2', 'column 3', 'column 4', 'column 5'];
    fill('pps-hands', state.score.hands.map((k, i) => h('tr', {}, h('td', {}, names[i]), h('td', {}, HANDS[k]))));
    // What the value answers, for a reader of the page (`cardtree pps values` gives it too).
    Object.assign($('pps-hint').dataset, hint && hint.value !== null
      ? { cell: hint.cell, card: state.card, value: hint.value } : { cell: '', card: '', value: '' });
    $('pps-hint').textContent = state.over
      ? `Game over: ${state.score.score} points.`
      : hint ? `${hint.player} would put it in row ${Math.floor(hint.cell / 5) + 1}, column ${hint.cell % 5 + 1}` +
        (hint.value !== null ? ` (its row and column gain ${hint.value.toFixed(1)} in the learned table's values)` : '') : '';
  }

  async function newGame() {
    game++;
    stopped = true;
    learning?.abort();
    hint = null;
    state = await run('ppsNew', [$('pps-system').value, Number($('pps-seed').value)]);
    render();
  }

  async function place(cell) {
    if (busy || state.over) return;
    hint = null;
    state = await run('ppsPlace', [cell]);
    render();
  }

  // The point systems whose table the page has learned (cardtree ships American's and
  // British's; the best player learns any other's at its first suggestion).
  const learned = new Set(['american', 'british']);

  /**
   * The player's suggestion for the card to place; null if stopped while the player learned
   * its table (the best player, under a point system cardtree ships no table for, learns one
   * first: a million self-played games, shown as they go, kept for the rest of the visit).
   */
  async function suggest() {
    const system = $('pps-system').value;
    const spec = { player: $('pps-player').value, seconds: 0.2 };
    const learns = spec.player === 'best' && !learned.has(system);
    const bar = $('pps-progress');
    if (learns) {
      // Seconds of work with no answer yet: say what is going on at once.
      $('pps-hint').textContent = `Learning a table for ${system} first (a million self-played games: about 20 s, once)…`;
      $('pps-grid').setAttribute('aria-busy', 'true');
      learning = new AbortController();
      $('pps-stop').disabled = false;
      bar.value = 0;
      bar.hidden = false;
      try {
        await run('ppsLearn', [spec], {
          signal: learning.signal,
          onProgress: (done, total) => {
            bar.max = total;
            bar.value = done;
            $('pps-hint').textContent = `Learning a table for ${system} first: ` +
              `${done.toLocaleString('en')} of ${total.toLocaleString('en')} self-played games (once)…`;
          },
        });
        learned.add(system);
      } catch (e) {
        if (learning.signal.aborted) {
          $('pps-hint').textContent = `Stopped learning the table for ${system}: what is learned is kept, and the next suggestion goes on from there.`;
          return null;
        }
        throw e;
      } finally {
        learning = null;
        bar.hidden = true;
        $('pps-grid').setAttribute('aria-busy', 'false');
        if (!$('pps-auto').disabled) $('pps-stop').disabled = true;
      }
    }
    return run('ppsSuggest', [spec]);
  }

  $('pps-new').addEventListener('click', newGame);
  $('pps-suggest').addEventListener('click', async () => {
    if (!state || state.over) return;
    busy = true;
    try {
      const answer = await suggest();
      if (answer === null) return;
      hint = answer;
      render();
    } finally {
      busy = false;
    }
  });
  $('pps-auto').addEventListener('click', async () => {
    if (!state || busy) return;
    const mine = game;
    const mineOn = () => game === mine && !stopped;
    busy = true;
    stopped = false;
    $('pps-auto').disabled = true;
    $('pps-stop').disabled = false;
    try {
      while (!state.over && mineOn()) {
        $('pps-hint').textContent = 'Thinking…';
        const next = await suggest();
        // Stopped, or another game started, while it thought: this game's card stays unplaced.
        if (next === null || !mineOn()) break;
        state = await run('ppsPlace', [next.cell]);
        hint = null;
        render();
      }
    } finally {
      busy = false;
      $('pps-auto').disabled = false;
      $('pps-stop').disabled = true;
      if (game === mine && state && !state.over) render();
    }
  });
  $('pps-stop').addEventListener('click', () => {
    stopped = true;
    learning?.abort();
  });
  newGame().catch(() => {});
}
