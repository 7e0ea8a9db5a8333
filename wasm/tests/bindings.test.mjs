// The bindings under Node: the repository's vectors (DDS's tables and par, the Poker Squares
// framework's grid scores, the exact Blackjack values), and the same results as the command
// line for the same input and seed (a PBN session written back, a lead, a game).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ct, jsonl, json, cli, root } from './pkg.mjs';

test('DD tables and par equal DDS on every deal of the table vectors', () => {
  for (const v of jsonl('bridge/dd_tables.jsonl')) {
    const got = ct.ddTable(v.pbn, v.dealer, v.vulnerable);
    assert.deepEqual(got.dd, v.dd, `deal ${v.id}`);
    assert.deepEqual(got.par, v.par, `deal ${v.id}`);
    assert.ok(got.nodes > 0 && got.ms >= 0);
  }
});

test('every lead of the leads vectors takes the tricks DDS gives', () => {
  for (const v of jsonl('bridge/dev_deals.jsonl').slice(0, 20)) {
    const got = ct.solveBoard(v.pbn, v.trump, v.leader, []);
    const tricks = Object.fromEntries(got.map((c) => [c.card, c.tricks]));
    assert.deepEqual(tricks, v.tricks, `deal ${v.id}`);
  }
  for (const v of jsonl('bridge/endings.jsonl')) {
    const got = ct.solveBoard(v.pbn, v.trump, v.leader, []);
    assert.deepEqual(Object.fromEntries(got.map((c) => [c.card, c.tricks])), v.tricks, `ending ${v.id}`);
  }
});

test('a hand stepped through double dummy keeps its value', () => {
  const v = jsonl('bridge/dev_deals.jsonl')[0];
  const first = ct.solveBoard(v.pbn, v.trump, v.leader, []);
  const best = Math.max(...first.map((c) => c.tricks));
  const lead = first.find((c) => c.tricks === best).card;
  // Third hand's best reply keeps the leader's side at `best`: its side's count is 13 - best.
  const second = ct.solveBoard(v.pbn, v.trump, v.leader, [lead]);
  assert.equal(Math.max(...second.map((c) => c.tricks)), 13 - best);
});

test('a PBN session is written back with the tags the command line writes', () => {
  const path = `${root}tests/data/bridge/session.pbn`;
  const session = new ct.PbnSession(readFileSync(path));
  assert.deepEqual(session.boards().map((b) => b.board), [1, 2, 3]);
  for (let i = 0; i < session.length; i++) session.solve(i);
  assert.deepEqual(Buffer.from(session.withTables()), cli('bridge', 'table', '--pbn', path));
});

test('Poker Squares grid scores equal the framework\'s', () => {
  const { systems } = jsonl('poker-squares/dev_grids.jsonl')[0];
  for (const g of jsonl('poker-squares/dev_grids.jsonl').slice(1)) {
    for (const [name, scores] of Object.entries(systems)) {
      const got = ct.ppsScore(g.grid, scores.join(','));
      assert.deepEqual(got.hands, g.hands, `grid ${g.id}`);
      assert.equal(got.score, g.scores[name], `grid ${g.id} ${name}`);
    }
  }
});

test('a Poker Squares game played on suggestions is the command line\'s game', () => {
  for (const seed of [1, 7]) {
    const game = new ct.PpsGame('american', seed);
    let moves = 0;
    while (!game.over) {
      const s = game.suggest({ player: 'expectimax' });
      assert.equal(typeof s.value, 'number');
      game.place(s.cell);
      moves++;
    }
    assert.equal(moves, 25);
    assert.equal(game.card, undefined);
    const theirs = JSON.parse(cli('pps', 'play', '--player', 'expectimax', '--games', '1', '--seed', `${seed}`, '--json'));
    assert.equal(game.score().score, theirs.scores[0], `seed ${seed}`);
  }
});

test('Blackjack values equal the exact ones', () => {
  for (const [name, v] of Object.entries(json('blackjack/exact_values.json'))) {
    const r = v.rules;
    if (r.strategy !== 'CDZ-' || !r.double_any_two || r.blackjack_pays !== 1.5) continue;
    const got = ct.blackjackEv({
      decks: r.decks, h17: r.dealer_hits_soft_17, das: r.double_after_split,
      splitHands: r.max_hands_after_split, resplitAces: r.resplit_aces,
      surrender: r.late_surrender, peek: r.dealer_peeks,
    });
    assert.ok(Math.abs(got.ev_total_percent - v.ev_total_percent) < 5e-9, name);
  }
  const s = ct.blackjackActions('8', '8', '6', {});
  assert.equal(s.best, 'split');
  assert.deepEqual(ct.blackjackActions('8', '8', '6', {}, []), s);
  // A shoe short of tens: hitting 16 against a ten busts less often than from a full shoe.
  const full = ct.blackjackActions('10', '6', '10', { decks: 1 });
  const rich = ct.blackjackActions('10', '6', '10', { decks: 1 }, ['10', 'J', 'Q', 'K', 'T', '10', 'J', 'Q']);
  assert.ok(rich.hit > full.hit, `${rich.hit} ${full.hit}`);
  assert.throws(() => ct.blackjackActions('10', '6', '10', { decks: 1 }, Array(4).fill('A').concat(['A'])),
    /out: card 5 \(A\) is no longer in the shoe/);
  const chart = ct.blackjackStrategy({ decks: 6 });
  assert.equal(chart.rules.decks, 6);
  const theirs = JSON.parse(cli('blackjack', 'strategy', '--decks', '6', '--json'));
  for (const c of [chart, theirs]) delete c.seconds;
  assert.deepEqual(chart, theirs);
});

test('a lead is the command line\'s', () => {
  const spec = { hand: 'KQT2.853.AJ9.742', contract: '3NT', samples: 12, seed: 5, constraints: 'S: 15-17 hcp' };
  const advisor = new ct.LeadAdvisor(spec);
  assert.equal(advisor.samples, 12);
  let steps = 0;
  while (advisor.done < advisor.samples) {
    advisor.step(5);
    steps++;
  }
  assert.equal(steps, 3);
  const ours = advisor.report();
  const theirs = JSON.parse(cli('bridge', 'lead', '--hand', spec.hand, '--contract', '3NT', '--samples', '12',
    '--seed', '5', '--constraints', spec.constraints, '--json'));
  for (const r of [ours, theirs]) {
    delete r.ms;
    delete r.memory_bytes;
  }
  assert.deepEqual(ours, theirs);
});

test('a random deal is the first deal of the vectors\' generator', () => {
  // tests/data/bridge/dev_deals.jsonl was dealt from seed 1 (written from West).
  const first = jsonl('bridge/dev_deals.jsonl')[0];
  assert.equal(ct.parseDeal(ct.randomDeal(1)).pbn, ct.parseDeal(first.pbn).pbn);
  const theirs = JSON.parse(cli('bridge', 'deal', '--seed', '42', '--first', 'N'));
  assert.equal(ct.randomDeal(42), theirs.pbn);
  assert.equal(ct.parseDeal(theirs.pbn).size, 13);
});

test('a played record is judged as the command line judges it, double and single dummy', () => {
  const path = `${root}tests/data/bridge/played/quirks.lin`;
  const played = new ct.PlayedSession(readFileSync(path, 'utf8'), 'auto');
  const args = ['bridge', 'analyse', '--lin', path, '--single-dummy', '--samples', '4', '--seed', '9', '--quiet'];
  const lines = cli(...args, '--json').toString().trim().split('\n').map((l) => JSON.parse(l));
  const tallies = cli(...args).toString().split('\n').filter((l) => l.startsWith('  single dummy:')).map((l) => l.trim());
  const boards = lines.filter((l) => !l.summary && !l.error);
  const read = played.boards();
  assert.equal(read.filter((b) => b.error).length, lines.filter((l) => l.error).length);
  let [next, judged] = [0, 0];
  read.forEach((b, i) => {
    if (b.error) return;
    const theirs = boards.shift();
    assert.deepEqual(played.analyse(i).trace, theirs.trace, `board ${i}`);
    if (!theirs.cards) return;
    theirs.cards.forEach((c, k) => {
      const single = played.judgeCard(i, k, 4, 9, '');
      assert.deepEqual(single, c.single_dummy, `board ${i}, card ${k}`);
      if (single) judged += 1;
    });
    assert.equal(played.singleTally(i), tallies[next++], `board ${i}`);
  });
  assert.equal(next, tallies.length);
  assert.ok(judged >= 10, `${judged} cards judged`);
});

test('a trick\'s winner is the library\'s rule', () => {
  const trick = ['S2', 'HA', 'SK', 'C3'];
  assert.equal(ct.trickWinner(trick, 'E', 'NT'), 'W');
  assert.equal(ct.trickWinner(trick, 'E', 'H'), 'S');
  assert.equal(ct.trickWinner(trick, 'E', 'C'), 'N');
  assert.equal(ct.trickWinner(trick, 'E', 'S'), 'W');
  assert.throws(() => ct.trickWinner(trick.slice(0, 3), 'E', 'NT'), (e) => e.message === 'trick: 3 cards, want 4');
  assert.throws(() => ct.trickWinner(['S2', 'HA', 'SK', 'X9'], 'E', 'NT'), (e) => e.message.startsWith('trick: '));
});
