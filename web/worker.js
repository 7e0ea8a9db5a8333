// The page's Web Worker: it loads the WebAssembly package and runs every call, so the page
// never freezes. Messages in: {id, op, args}; out: {id, value}, {id, error} (the library's
// one-line message) or {id, progress: [done, total]} for long work.
import init, * as ct from './pkg/cardtree_wasm.js';

const ready = init();

// The learned Poker Squares tables cardtree ships, which the package does not carry: fetched
// (once) when a game under their point system starts.
const TABLES = { american: './values/american.txt', british: './values/british.txt' };
const provided = new Set();

async function provideTable(system) {
  const name = system.trim().toLowerCase();
  if (!TABLES[name] || provided.has(name)) return;
  const response = await fetch(new URL(TABLES[name], import.meta.url));
  if (!response.ok) throw new Error(`cannot load the ${name} table: ${response.status}`);
  ct.ppsProvideValues(await response.text());
  provided.add(name);
}
let session = null;
// The hands-as-played record, and its boards.
let played = null;
let playedBoards = [];
let game = null;
let cancelled = new Set();

/** Lets the worker read its messages (a cancel) between steps of long work. */
const breathe = () => new Promise((resolve) => setTimeout(resolve, 0));

const ops = {
  parseDeal: (pbn) => ct.parseDeal(pbn),
  randomDeal: (seed) => ct.randomDeal(seed),
  ddTable: (pbn, dealer, vulnerable) => ct.ddTable(pbn, dealer, vulnerable),
  par: (dd, dealer, vulnerable) => ct.par(dd, dealer, vulnerable),
  solveBoard: (pbn, strain, leader, played) => ct.solveBoard(pbn, strain, leader, played),
  trickWinner: (trick, leader, strain) => ct.trickWinner(trick, leader, strain),

  async session(id, bytes, progress) {
    session = new ct.PbnSession(bytes);
    const boards = session.boards();
    const records = [];
    for (let i = 0; i < boards.length; i++) {
      if (cancelled.has(id)) throw new Error('stopped');
      records.push(boards[i].error ? null : session.solve(i));
      progress(i + 1, boards.length);
      await breathe();
    }
    return { boards, records };
  },
  sessionFile: () => session ? session.withTables() : new Uint8Array(),

  async lead(id, spec, progress) {
    const advisor = new ct.LeadAdvisor(spec);
    while (advisor.done < advisor.samples) {
      if (cancelled.has(id)) break;
      advisor.step(1);
      progress(advisor.done, advisor.samples);
      await breathe();
    }
    return advisor.report();
  },

  async played(id, text, progress) {
    played = new ct.PlayedSession(text, 'auto');
    playedBoards = played.boards();
    const analyses = [];
    for (let i = 0; i < playedBoards.length; i++) {
      if (cancelled.has(id)) throw new Error('stopped');
      analyses.push(playedBoards[i].error ? null : played.analyse(i));
      progress(i + 1, playedBoards.length);
      await breathe();
    }
    return { boards: playedBoards, analyses };
  },
  // Every card of board `index` judged single dummy, one a step (a stop keeps what is done),
  // with the board's single-dummy line.
  async playedJudge(id, index, samples, seed, progress) {
    const n = playedBoards[index]?.play?.length ?? 0;
    const out = [];
    for (let k = 0; k < n; k++) {
      if (cancelled.has(id)) break;
      out.push(played.judgeCard(index, k, samples, seed, ''));
      progress(k + 1, n);
      await breathe();
    }
    return { cards: out, tally: played.singleTally(index) };
  },

  async ppsNew(system, seed) {
    await provideTable(system);
    game = new ct.PpsGame(system, seed);
    return ops.ppsState();
  },
  ppsState: () => ({ grid: game.grid, card: game.card ?? null, over: game.over, score: game.score() }),
  ppsPlace(cell) {
    game.place(cell);
    return ops.ppsState();
  },
  ppsSuggest: (spec) => game.suggest(spec),
  // The table the player plays by, learned a batch a step when cardtree ships none for the
  // game's point system (nothing to do otherwise); a stop keeps the batches learned.
  async ppsLearn(id, spec, progress) {
    // This game's: a new game started meanwhile does not learn for it.
    const mine = game;
    for (;;) {
      if (cancelled.has(id)) throw new Error('stopped');
      const p = mine.learn(spec);
      if (p === null) return;
      progress(p.games, p.target);
      await breathe();
    }
  },

  // The chart a part at a time (seconds each), with a stop between parts.
  async blackjackStrategy(id, rules, progress) {
    const steps = new ct.BlackjackStrategy(rules);
    for (;;) {
      if (cancelled.has(id)) throw new Error('stopped');
      const card = steps.step();
      progress(steps.done, steps.parts);
      if (card !== null) return card;
      await breathe();
    }
  },
  blackjackActions: (first, second, up, rules, out) => ct.blackjackActions(first, second, up, rules, out),
  blackjackEv: (rules) => ct.blackjackEv(rules),
};

const LONG = new Set(['session', 'lead', 'played', 'playedJudge', 'ppsLearn', 'blackjackStrategy']);

onmessage = async (event) => {
  const { id, op, args, cancel } = event.data;
  if (cancel !== undefined) {
    cancelled.add(cancel);
    return;
  }
  try {
    await ready;
    const f = ops[op];
    if (!f) throw new Error(`unknown operation ${op}`);
    const progress = (done, total) => postMessage({ id, progress: [done, total] });
    const value = LONG.has(op) ? await f(id, ...args, progress) : await f(...args);
    postMessage({ id, value });
  } catch (e) {
    postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  } finally {
    cancelled.delete(id);
  }
};
