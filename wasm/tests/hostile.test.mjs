// Hostile input from JS: any string to every parser, wrong types, huge files, a deal with 60
// cards. Each call returns or throws an Error with the library's message; none may trap (a
// trap, WebAssembly.RuntimeError, would kill the page's worker).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ct, jsonl, root } from './pkg.mjs';

const DEAL = jsonl('bridge/dd_tables.jsonl')[0].pbn;
const GRID = jsonl('poker-squares/dev_grids.jsonl')[1].grid;
const TABLE = readFileSync(`${root}web/values/british.txt`, 'utf8').slice(0, 400);
const PBN_FILE = `[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "${DEAL}"]\n\n`;

/** A generator of the same random inputs in every run (xorshift32). */
function random(seed) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x;
  };
  const alphabet = 'AKQJT98765432SHDCNEWx.-: "[]\n#%\u00e9\u{1F0A1}0123456789,;';
  return {
    below: (n) => next() % n,
    /** `valid` with a few characters changed, cut or doubled, or random text. */
    text(valid) {
      const k = next() % 4;
      if (k === 0) {
        let s = '';
        for (let i = next() % 80; i > 0; i--) s += alphabet[next() % alphabet.length];
        return s;
      }
      const chars = [...valid];
      for (let i = 1 + (next() % 4); i > 0; i--) {
        const at = next() % (chars.length + 1);
        const op = next() % 3;
        if (op === 0) chars.splice(at, 1);
        else if (op === 1) chars.splice(at, 0, alphabet[next() % alphabet.length]);
        else chars.splice(at, 0, ...chars.slice(at, at + 1 + (next() % 20)));
      }
      return chars.join('');
    },
  };
}

/** Runs `f`: a value or an Error are fine, a trap or a non-Error throw is not. */
function survives(f, what) {
  try {
    f();
  } catch (e) {
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `${what}: trapped: ${e.message}`);
    assert.ok(e instanceof Error, `${what}: threw ${e}`);
    assert.ok(e.message.length > 0 && !e.message.includes('\n'), `${what}: message ${JSON.stringify(e.message)}`);
    return e.message;
  }
  return null;
}

test('random and mutated strings to every parser', () => {
  const r = random(7);
  for (let i = 0; i < 400; i++) {
    const deal = r.text(DEAL);
    survives(() => ct.parseDeal(deal), `parseDeal(${JSON.stringify(deal)})`);
    survives(() => ct.ddTable(deal, r.text('N'), r.text('None')), `ddTable(${JSON.stringify(deal)})`);
    survives(() => ct.solveBoard(deal, r.text('NT'), r.text('W'), [r.text('S3')]), `solveBoard(${JSON.stringify(deal)})`);
    const grid = r.text(GRID);
    survives(() => ct.ppsScore(grid, r.text('american')), `ppsScore(${JSON.stringify(grid)})`);
    survives(() => new ct.PpsGame(r.text('british'), r.below(100)).suggest({ player: r.text('greedy') }), 'PpsGame');
    survives(() => ct.blackjackActions(r.text('8'), r.text('8'), r.text('6'), { decks: r.below(3000) }), 'blackjackActions');
    survives(() => new ct.LeadAdvisor({ hand: r.text('KQT2.853.AJ9.742'), contract: r.text('3NT'),
      constraints: r.text('S: 15-17 hcp, 2-4 S'), samples: 1 }).step(1), 'LeadAdvisor');
    survives(() => ct.ppsProvideValues(r.text(TABLE)), 'ppsProvideValues');
    const file = r.text(PBN_FILE);
    survives(() => {
      const s = new ct.PbnSession(new TextEncoder().encode(file));
      for (let b = 0; b < s.length; b++) survives(() => s.solve(b), `PbnSession.solve(${JSON.stringify(file)})`);
      s.withTables();
    }, `PbnSession(${JSON.stringify(file)})`);
  }
});

test('wrong types and numbers out of range are errors', () => {
  const cases = [
    () => ct.randomDeal(-1), () => ct.randomDeal(NaN), () => ct.randomDeal(1e300), () => ct.randomDeal(0.5),
    () => ct.solveBoard(DEAL, 'NT', 'W', ['S3', 'S3']), () => ct.solveBoard(DEAL, 'NT', 'W', ['HA']),
    () => ct.solveBoard(DEAL, 'NT', 'Q', []), () => ct.ddTable(DEAL, 'X', 'None'),
    () => ct.ddTable(DEAL, 'N', 'sometimes'),
    () => new ct.LeadAdvisor({ hand: 'KQT2.853.AJ9.742', contract: '3NT', samples: 1e12 }),
    () => new ct.LeadAdvisor({ hand: 'KQT2.853.AJ9.742', contract: '3NT', samples: -1 }),
    () => new ct.LeadAdvisor({ hand: 'KQT2.853.AJ9.742', contract: '3NT', c: 'x' }),
    () => new ct.LeadAdvisor({ hand: 'KQT2.853.AJ9.742', contract: '3NT', colour: 'red' }),
    () => new ct.LeadAdvisor('not an object'), () => new ct.LeadAdvisor([1, 2]),
    () => new ct.LeadAdvisor({ hand: 'KQT2.853.AJ9.742', contract: '3NT', tableMib: 1e9 }),
    () => ct.blackjackEv({ decks: 0 }), () => ct.blackjackEv({ decks: 1e6 }), () => ct.blackjackEv({ splitHands: 9 }),
    () => ct.blackjackStrategy({ h17: 'yes' }), () => ct.blackjackActions('', 'Z', '11', {}),
    () => new ct.PpsGame('american', -3), () => new ct.PpsGame('1,2,3', 1),
    () => new ct.PpsGame('american', 1).place(25), () => new ct.PpsGame('american', 1).place(-1),
    () => new ct.PpsGame('american', 1).place(2 ** 40),
    () => new ct.PpsGame('american', 1).suggest({ player: 'mcts', iterations: 0 }),
    () => new ct.PpsGame('american', 1).suggest({ player: 'greedy', seconds: -1 }),
    () => new ct.PpsGame('american', 1).suggest({ player: 'greedy', seconds: Infinity }),
    () => new ct.PpsGame('american', 1).suggest({ player: 'flat', seconds: 0.01 }),
    () => new ct.PbnSession(new Uint8Array([0xff, 0xfe, 0x00])).solve(5),
    () => new ct.PbnSession(new TextEncoder().encode(PBN_FILE)).solve(2 ** 32),
    () => new ct.LeadAdvisor({ hand: "KQT2.853.AJ9.742", contract: "3NT" }).step(-1),
  ];
  for (const [i, f] of cases.entries()) {
    const message = survives(f, `case ${i}: ${f}`);
    assert.ok(message !== null, `case ${i} was accepted: ${f}`);
  }
});

test('a deal with 60 cards, and huge inputs', () => {
  const sixty = `${DEAL} AKQJT98`;
  assert.ok(survives(() => ct.ddTable(sixty), 'sixty') !== null);
  const long = 'N:' + 'AKQ.'.repeat(1 << 20);
  assert.ok(survives(() => ct.parseDeal(long), 'long deal') !== null);
  assert.ok(survives(() => ct.ppsScore('AS '.repeat(1 << 20), 'american'), 'long grid') !== null);
  // A 30 MB session: 200,000 copies of a board, read and listed; one solved.
  const big = new TextEncoder().encode(PBN_FILE.repeat(200_000));
  const session = new ct.PbnSession(big);
  assert.equal(session.length, 200_000);
  session.solve(199_999);
  assert.ok(session.withTables().length > big.length);
});
