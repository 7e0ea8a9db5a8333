// The bridge tool: a deal's double-dummy table and par, the deal played card by card with the
// value of every card, a whole session's PBN file with its tags, and the opening-lead advisor.
import { $, card, cardName, fill, h, rank, showError, stoppable, suit } from './ui.js';

const SEATS = ['N', 'E', 'S', 'W'];
const SUITS = ['S', 'H', 'D', 'C'];
const RANKS = 'AKQJT98765432';
const STRAINS = ['NT', 'S', 'H', 'D', 'C'];
const next = (seat, k = 1) => SEATS[(SEATS.indexOf(seat) + k) % 4];
const side = (seat) => (seat === 'N' || seat === 'S' ? 'NS' : 'EW');

/** A hand in PBN (`AKQ.T98.765.432`) as card codes (`SA`, ...). */
function cardsOf(hand) {
  return hand.split('.').flatMap((ranks, i) => [...ranks].map((r) => SUITS[i] + r));
}

/** Card codes as a PBN hand. */
function handOf(cards) {
  return SUITS.map((s) => RANKS.split('').filter((r) => cards.includes(s + r)).join('')).join('.');
}

const dealPbn = (hands) => `N:${SEATS.map((s) => handOf(hands[s])).join(' ')}`;

export function setup(call) {
  let play = null;

  // Results carry the input they answer: a new deal empties the old table, par and board at
  // once (the table says it is busy), an error leaves none of them under it, and a changed
  // dealer or vulnerability marks the par as being worked out again.
  let tables = 0;

  // The record whose table is on the page (its `dd` gives the par for another dealer).
  let shown = null;

  /** Marks the table, par and play as of another deal than the one typed (or unmarks them). */
  function markStale() {
    const typed = $('deal-pbn').value.trim();
    const stale = shown !== null && typed !== $('dd-table').dataset.deal;
    $('deal-results').classList.toggle('stale', stale);
    $('deal-stale').textContent = stale
      ? 'The table, par and play below are of the deal before the one typed: Solve shows the typed one\'s.' : '';
  }

  /** Empties the deal's results: `note` where the par was (a busy sign, or nothing). */
  function clearResults(note = '') {
    shown = null;
    markStale();
    fill('dd-table');
    delete $('dd-table').dataset.deal;
    delete $('dd-table').dataset.par;
    $('dd-table').setAttribute('aria-busy', note ? 'true' : 'false');
    $('dd-par').textContent = note;
    $('dd-time').textContent = '';
  }

  /** The table and par of `pbn` for the dealer and vulnerability chosen, drawn unless a later
   * request has started meanwhile. */
  async function table(pbn) {
    const token = ++tables;
    const dealer = $('deal-dealer').value;
    const vul = $('deal-vul').value;
    try {
      const record = await call('ddTable', [pbn, dealer, vul]);
      if (token === tables) renderTable(record, pbn, `${dealer}/${vul}`);
    } catch (e) {
      if (token !== tables) return;
      clearResults();
      showError('deal-error', e.message);
    }
  }

  async function solve(pbn) {
    // A table still on its way (of the deal before, for another dealer) is not drawn.
    tables++;
    showError('deal-error');
    clearResults('Solving…');
    play = null;
    fill('play-board');
    $('play-info').textContent = '';
    let parsed;
    try {
      parsed = await call('parseDeal', [pbn]);
    } catch (e) {
      clearResults();
      showError('deal-error', e.message);
      return;
    }
    $('deal-pbn').value = parsed.pbn;
    await table(parsed.pbn);
    await startPlay(parsed);
  }

  /** The dealer or vulnerability changed: the par is another's, worked out again from the
   * table on the page (the core's par; no new solve). */
  async function refreshPar() {
    const pbn = $('dd-table').dataset.deal;
    share();
    if (!pbn || !shown) return;
    const token = ++tables;
    const dealer = $('deal-dealer').value;
    const vul = $('deal-vul').value;
    $('dd-par').textContent = 'Par: working it out again for the new dealer and vulnerability…';
    delete $('dd-table').dataset.par;
    try {
      const par = await call('par', [shown.dd, dealer, vul]);
      if (token !== tables) return;
      $('dd-table').dataset.par = `${dealer}/${vul}`;
      showPar(par);
    } catch (e) {
      if (token !== tables) return;
      clearResults();
      showError('deal-error', e.message);
    }
  }

  /** The par line: North-South's score and the contracts that make it, then the first
   * contract in words (who plays it, doubled or not, made or down, for how much). */
  function showPar(par) {
    const score = par.score_ns;
    const line = `Par: ${score > 0 ? '+' : ''}${score} for North-South (${par.contracts.join(', ') || 'pass out'})`;
    const words = explainPar(par.contracts[0], score);
    $('dd-par').textContent = words ? `${line}. ${words}` : line;
  }

  /** A par contract in DDS's notation (`4S-EW`, `2S-EW+1`, `5D*-NS-2`, `5H*-E-2`) in words. */
  function explainPar(contract, score) {
    const m = /^(\d)([SHDCN])(\*?)-([NESW]{1,2})([+-]\d+)?$/.exec(contract ?? '');
    if (!m) return contract ? '' : 'Nobody can bid profitably: the deal is passed out.';
    const [, level, strain, doubled, by, result] = m;
    const names = { N: 'North', E: 'East', S: 'South', W: 'West', NS: 'North-South', EW: 'East-West' };
    const trumps = strain === 'N' ? 'notrump' : { S: '♠', H: '♥', D: '♦', C: '♣' }[strain];
    const r = Number(result ?? 0);
    const outcome = r < 0 ? `going down ${-r}` : r > 0 ? `making ${r} overtrick${r > 1 ? 's' : ''}` : 'making it';
    const theirs = by.length === 2 ? by : (by === 'N' || by === 'S' ? 'NS' : 'EW');
    const gain = theirs === 'NS' ? score : -score;
    const other = theirs === 'NS' ? 'EW' : 'NS';
    const worth = gain >= 0 ? `${gain} to ${names[theirs]}`
      : `${-gain} to ${names[other]}, less than ${names[other]}'s own contract would score (a sacrifice)`;
    return `${names[by]} play${by.length === 2 ? '' : 's'} ${level} ${trumps}${doubled ? ' doubled' : ''}, ${outcome}: ${worth}.`;
  }

  function renderTable(record, pbn, dealerVul) {
    const head = h('tr', {}, h('td'), STRAINS.map((s) => h('th', {}, s === 'NT' ? 'NT' : suit(s))));
    const rows = SEATS.map((seat) => h('tr', {}, h('th', {}, seat),
      STRAINS.map((s) => h('td', { dataset: { seat, strain: s } },
        // A cell starts play in its contract: its strain, its seat declaring (the seat on
        // declarer's left leads).
        h('button', {
          type: 'button',
          class: 'cell',
          'aria-label': `${record.dd[seat][s]} tricks for ${seat} in ${s}: play it`,
          on: { click: () => playContract(seat, s) },
        }, record.dd[seat][s])))));
    fill('dd-table', head, rows);
    $('dd-table').dataset.deal = pbn;
    $('dd-table').dataset.par = dealerVul;
    $('dd-table').setAttribute('aria-busy', 'false');
    shown = record;
    markStale();
    showPar(record.par);
    $('dd-time').textContent = `${record.nodes.toLocaleString()} nodes, ${record.ms.toFixed(0)} ms`;
    // Milliseconds from opening the page to its first table (web/tests reads it).
    document.body.dataset.firstTableMs ??= String(Math.round(performance.now()));
  }

  // ---- playing the deal double dummy ----
  function startPlay(parsed) {
    const hands = Object.fromEntries(SEATS.map((s) => [s, cardsOf(parsed.hands[s])]));
    play = { start: hands, hands, trick: [], leader: $('play-leader').value, won: { NS: 0, EW: 0 }, history: [], cards: [], tricks: [] };
    return renderPlay();
  }

  let renders = 0;

  async function renderPlay() {
    if (!play) return;
    const token = ++renders;
    const strain = $('play-strain').value;
    const mover = next(play.leader, play.trick.length);
    const left = play.hands.N.length;
    // Busy until this render draws the board (a test, or a screen reader, waits for it).
    $('play-board').setAttribute('aria-busy', 'true');
    let values = [];
    if (left > 0) {
      try {
        values = await call('solveBoard', [dealPbn(play.hands), strain, play.leader, play.trick]);
      } catch (e) {
        showError('deal-error', e.message);
      }
    }
    // A later render (another card, another deal) has started: it draws the board.
    if (token !== renders || !play) return;
    play.values = values;
    share();
    const value = Object.fromEntries(values.map((v) => [v.card, v.tricks]));
    const best = Math.max(...values.map((v) => v.tricks));
    const cells = SEATS.map((seat) => {
      const shown = play.hands[seat].filter((c) => !play.trick.includes(c));
      const lines = SUITS.map((s) => {
        const cards = shown.filter((c) => c[0] === s).map((c) => {
          if (seat !== mover || value[c] === undefined) return rank(c[1]);
          // A button: reached with Tab, played with Enter or Space, read as its card and value
          // ("ace of spades: 9 tricks"; the name is its own text, as the eye reads it too).
          return h('button', {
            type: 'button',
            class: value[c] === best ? 'playable best' : 'playable',
            dataset: { card: c },
            on: { click: () => playCard(c) },
          }, h('span', { 'aria-hidden': 'true' }, rank(c[1])), h('span', { class: 'sr-only' }, `${cardName(c)}: `),
          h('sub', {}, value[c]), h('span', { class: 'sr-only' }, ' tricks'));
        });
        const spaced = cards.length ? cards.flatMap((c, i) => (i ? [' ', c] : [c])) : ['—'];
        return h('div', { class: 'suitline' }, suit(s), ' ', spaced);
      });
      return h('div', { class: `seat ${seat}${seat === mover && left > 0 ? ' to-play' : ''}` }, h('h3', {}, seat), lines);
    });
    const trick = play.trick.flatMap((c, i) => [i ? h('br') : null, `${next(play.leader, i)}: `, card(c)]);
    // The trick under way, or when none is the last one played, with its winner.
    const last = play.tricks.at(-1);
    const shownTrick = trick.length || !last ? trick
      : [h('span', { class: 'small' }, `last trick, won by ${last.winner}:`), h('br'),
        ...last.cards.flatMap((c, i) => [i ? h('br') : null, `${next(last.leader, i)}: `, card(c)])];
    fill('play-board', cells, h('div', { class: 'trick' }, shownTrick));
    // The play so far, a trick a line: its leader's card first, the winner named.
    fill('play-record', play.tricks.map((t) => h('li', {},
      t.cards.flatMap((c, i) => [i ? ' ' : null, `${next(t.leader, i)} `, card(c)]), ` (${t.winner})`)));
    $('play-board').dataset.deal = dealPbn(play.start);
    $('play-board').dataset.played = String(52 - 4 * left + play.trick.length);
    $('play-board').setAttribute('aria-busy', 'false');
    // The contract: its level and strain, declarer on the leader's right; what it needs.
    const declarer = next($('play-leader').value, 3);
    const level = Number($('play-level').value);
    const needs = level + 6;
    const taken = play.won[side(declarer)];
    const contract = `${declarer} declares ${level} ${strain === 'NT' ? 'notrump' : strain}, needing ${needs} tricks`;
    const done = `NS ${play.won.NS}, EW ${play.won.EW} tricks taken`;
    const verdict = taken >= needs ? 'made' : 13 - play.won[side(next(declarer))] < needs ? 'defeated' : '';
    $('play-info').textContent = left === 0
      ? `Played out: ${contract}; ${done}: ${taken >= needs ? `made${taken > needs ? ` with ${taken - needs} over` : ''}` : `down ${needs - taken}`}.`
      : `${contract}; ${mover} to play. The numbers are the tricks ${side(mover)} take from here on with each card; ${done}${verdict ? ` (the contract is ${verdict})` : ''}.`;
  }

  async function playCard(card) {
    // Played from the keyboard (the focus on a card): the focus goes on to the next player's
    // first card, so a whole hand is played with Enter alone.
    const keyboard = document.activeElement?.classList.contains('playable');
    const p = play;
    const depth = p.history.length;
    const before = structuredClone({ hands: p.hands, trick: p.trick, leader: p.leader, won: p.won, tricks: p.tricks });
    const trick = [...p.trick, card];
    // The trick's winner is the library's rule (trickWinner), asked before anything changes;
    // if the play moved on while it answered (another card, an undo, a restart), this card
    // is dropped.
    const w = trick.length === 4 ? await call('trickWinner', [trick, p.leader, $('play-strain').value]) : null;
    if (play !== p || p.history.length !== depth) return;
    play.history.push({ ...before, cards: [...p.cards] });
    play.cards = [...p.cards, card];
    play.trick = trick;
    if (w) {
      play.hands = Object.fromEntries(SEATS.map((s) => [s, play.hands[s].filter((c) => !play.trick.includes(c))]));
      play.won = { ...play.won, [side(w)]: play.won[side(w)] + 1 };
      play.tricks = [...play.tricks, { leader: play.leader, cards: trick, winner: w }];
      play.leader = w;
      play.trick = [];
    }
    await renderPlay();
    if (keyboard) $('play-board').querySelector('.to-play .playable')?.focus();
  }

  /** Play in `strain` with `declarer` declaring, from the first card. */
  function playContract(declarer, strain) {
    // The highest contract the table says it makes (a 1-level one if none).
    const tricks = shown?.dd[declarer][strain] ?? 7;
    $('play-level').value = String(Math.min(7, Math.max(1, tricks - 6)));
    $('play-strain').value = strain;
    $('play-leader').value = next(declarer);
    restart();
    $('play-board').scrollIntoView({ block: 'nearest' });
  }

  function restart() {
    if (!play) return;
    play = { ...play, hands: play.start, trick: [], leader: $('play-leader').value, won: { NS: 0, EW: 0 }, history: [], cards: [], tricks: [] };
    return renderPlay();
  }

  $('play-reset').addEventListener('click', restart);
  $('play-strain').addEventListener('change', restart);
  $('play-level').addEventListener('change', () => renderPlay());
  $('play-leader').addEventListener('change', restart);
  $('play-undo').addEventListener('click', () => {
    const last = play?.history.pop();
    if (last) {
      Object.assign(play, last);
      renderPlay();
    }
  });

  // ---- entering a deal ----
  $('deal-solve').addEventListener('click', () => solve($('deal-pbn').value));
  $('deal-pbn').addEventListener('input', markStale);
  $('deal-pbn').addEventListener('keydown', (e) => { if (e.key === 'Enter') solve($('deal-pbn').value); });
  $('deal-random').addEventListener('click', async () => {
    const seed = Number($('deal-seed').value);
    try {
      const pbn = await call('randomDeal', [seed]);
      $('deal-seed').value = String(seed + 1);
      await solve(pbn);
    } catch (e) {
      showError('deal-error', e.message);
    }
  });

  const picked = new Map();
  const picker = $('pick-cards');
  for (const s of SUITS) {
    for (const r of RANKS) {
      const b = document.createElement('button');
      b.dataset.card = s + r;
      b.append(card(s + r));
      b.addEventListener('click', () => {
        const seat = document.querySelector('input[name=pick-seat]:checked').value;
        if (picked.get(b.dataset.card) === seat) picked.delete(b.dataset.card);
        else picked.set(b.dataset.card, seat);
        if (picked.has(b.dataset.card)) b.dataset.seat = picked.get(b.dataset.card);
        else delete b.dataset.seat;
        const hands = Object.fromEntries(SEATS.map((x) => [x, [...picked].filter(([, v]) => v === x).map(([c]) => c)]));
        const counts = SEATS.map((x) => `${x} ${hands[x].length}`).join(', ');
        // The deal typed above is left alone until the four hands are whole.
        if (SEATS.every((x) => hands[x].length === 13)) solve(dealPbn(hands));
        else showError('deal-error', picked.size ? `${counts}: a deal needs 13 cards in each hand` : '');
      });
      picker.append(b);
    }
  }
  /** The picker shows `hands` (the deal on the page when it opens). */
  function showPicked(hands) {
    picked.clear();
    for (const seat of SEATS) for (const c of hands[seat]) picked.set(c, seat);
    for (const b of picker.querySelectorAll('button')) {
      if (picked.has(b.dataset.card)) b.dataset.seat = picked.get(b.dataset.card);
      else delete b.dataset.seat;
    }
  }
  $('deal-picker').addEventListener('toggle', () => {
    if ($('deal-picker').open && play) showPicked(play.start);
  });
  $('pick-clear').addEventListener('click', () => {
    picked.clear();
    for (const b of picker.querySelectorAll('button')) delete b.dataset.seat;
    showError('deal-error');
  });

  // ---- a session's PBN file ----
  let fileName = 'session.pbn';
  $('session-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    fileName = file.name;
    showError('session-error');
    $('session-download').disabled = true;
    const bar = $('session-progress');
    bar.hidden = false;
    bar.value = 0;
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const { boards, records } = await call('session', [bytes], {
        onProgress: (done, total) => { bar.max = total; bar.value = done; },
      });
      renderSession(boards, records);
      $('session-download').disabled = false;
    } catch (err) {
      showError('session-error', err.message);
    } finally {
      bar.hidden = true;
    }
  });

  function renderSession(boards, records) {
    const head = h('tr', {}, ['Board', 'Dealer', 'Vul', 'Deal', 'Tricks (NT S H D C) for N, S, E, W', 'Par'].map((t) => h('th', {}, t)));
    const rows = boards.map((b, i) => {
      if (b.error) return h('tr', {}, h('td', { colspan: 6, class: 'error' }, b.error));
      const r = records[i];
      const dd = ['N', 'S', 'E', 'W'].map((s) => `${s} ${STRAINS.map((t) => r.dd[s][t]).join(' ')}`).join(' · ');
      return h('tr', { dataset: { board: b.board } }, h('td', {}, b.board), h('td', {}, b.dealer), h('td', {}, b.vulnerable),
        h('td', { class: 'deal' }, b.pbn), h('td', { class: 'tricks' }, dd),
        h('td', { class: 'par' }, `${r.par.score_ns} ${r.par.contracts.join(', ')}`));
    });
    fill('session-boards', head, rows);
  }

  $('session-download').addEventListener('click', async () => {
    const bytes = await call('sessionFile', []);
    const url = URL.createObjectURL(new Blob([bytes], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName.replace(/(\.pbn)?$/i, '-dd.pbn');
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });

  // ---- the opening-lead advisor ----
  // A changed input: the cards shown answered other options, so they go at once.
  for (const id of ['lead-hand', 'lead-contract', 'lead-declarer', 'lead-constraints', 'lead-samples', 'lead-objective', 'lead-seed']) {
    $(id).addEventListener('input', () => { fill('lead-cards'); showError('lead-error'); });
  }
  $('lead-run').addEventListener('click', async () => {
    const spec = {
      hand: $('lead-hand').value,
      contract: $('lead-contract').value,
      declarer: $('lead-declarer').value,
      constraints: $('lead-constraints').value,
      samples: Number($('lead-samples').value),
      objective: $('lead-objective').value,
      seed: Number($('lead-seed').value),
    };
    // The cards of an earlier run go at once: what is shown answers this run, or nothing does.
    fill('lead-cards');
    const report = await stoppable({ run: 'lead-run', stop: 'lead-stop', bar: 'lead-progress', error: 'lead-error' },
      (signal, onProgress) => call('lead', [spec], { signal, onProgress }));
    if (report) renderLead(report);
  });

  function renderLead(report) {
    // Under the set objective the solver decides only whether each card beats the contract:
    // no mean tricks then.
    const num = (x, scale, digits) => (x === null ? '—' : (scale * x).toFixed(digits));
    const by = report.objective === 'set' ? 'chance to beat the contract' : 'tricks';
    const caption = h('caption', {}, `${report.samples} layouts; best by ${by}: `, report.best ? card(report.best) : '—');
    const head = h('tr', {}, ['Lead', 'Tricks (mean)', '±', 'Beats the contract', '±'].map((t) => h('th', {}, t)));
    const rows = Object.entries(report.cards).map(([c, v]) => h('tr', { class: c === report.best ? 'best' : null },
      h('td', {}, card(c)), h('td', {}, num(v.tricks, 1, 2)), h('td', {}, num(v.tricks_se, 1, 2)),
      h('td', {}, `${num(v.set, 100, 1)} %`), h('td', {}, num(v.set_se, 100, 1))));
    fill('lead-cards', caption, head, rows);
  }

  // ---- the address: the deal, dealer, vulnerability, strain, leader and cards played ----
  // Written after every change (`#deal=N:...&dealer=N&vul=None&strain=NT&leader=W&play=SA.S2`),
  // so the address in the bar shows this deal to whoever opens it.
  function share() {
    if (!play) return;
    const params = new URLSearchParams({
      deal: dealPbn(play.start), dealer: $('deal-dealer').value, vul: $('deal-vul').value,
      level: $('play-level').value, strain: $('play-strain').value, leader: $('play-leader').value,
    });
    if (play.cards.length) params.set('play', play.cards.join('.'));
    history.replaceState(null, '', `#${params}`);
  }
  $('deal-dealer').addEventListener('change', refreshPar);
  $('deal-vul').addEventListener('change', refreshPar);

  /** The select `id` set to the address's `key` if it offers that value; else it is left as
   * it was and the answer names the value and what the select offers. */
  function choose(id, key, value) {
    if (value === null) return null;
    const offered = [...$(id).options].map((o) => o.value);
    if (offered.includes(value)) {
      $(id).value = value;
      return null;
    }
    return `the address's ${key}, ${value}, is not one of ${offered.join(', ')}`;
  }

  /** Adds `problems` to the deal's error line (after what is there). */
  function addErrors(...problems) {
    const all = [$('deal-error').textContent, ...problems].filter((p) => p);
    showError('deal-error', all.join('; '));
  }

  /** The deal of the address, then its cards played one by one: each checked against the
   * cards the library found legal in its position, the first that is not named as the error.
   * A value a select does not offer is named too (and the select left as it was). */
  async function restore(hash) {
    const params = new URLSearchParams(hash.replace(/^#/, ''));
    if (!params.get('deal')) return false;
    const bad = [['deal-dealer', 'dealer'], ['deal-vul', 'vul'], ['play-level', 'level'],
      ['play-strain', 'strain'], ['play-leader', 'leader']]
      .map(([id, key]) => choose(id, key, params.get(key))).filter((p) => p);
    await solve(params.get('deal'));
    addErrors(...bad);
    if (!play) return true;
    const cards = (params.get('play') || '').split('.').filter((c) => c);
    for (const [i, c] of cards.entries()) {
      if (!play.values?.some((v) => v.card === c)) {
        addErrors(`the address's card ${i + 1}, ${c}, cannot be played here`);
        break;
      }
      await playCard(c);
    }
    return true;
  }

  // The first table at once: the address's deal, else the first deal of seed 1.
  restore(location.hash).then((restored) => { if (!restored) $('deal-random').click(); });
}
