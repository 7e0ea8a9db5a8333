// Two builds of the WebAssembly package timed in one headless Chromium page, in turns: the
// whole tables of the 100 deals of tests/data/bridge/dd_tables.jsonl by this build (web/pkg)
// and by another (a copy of its web/pkg, made before a change), round after round, so that
// the machine's drift falls on both alike. Usage:
//   cp -r web/pkg /tmp/pkg-before; (change, then bash wasm/build.sh)
//   node web/tests/ab.mjs /tmp/pkg-before [ROUNDS]      (ROUNDS: 3 unless given)
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { browser, root, serve } from './serve.mjs';

const [other, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 3);
if (!other || !existsSync(join(other, 'cardtree_wasm.js')) || !(Number.isInteger(rounds) && rounds > 0)) {
  console.error('usage: node web/tests/ab.mjs OTHER_PKG [ROUNDS] (OTHER_PKG: a copy of a build\'s web/pkg; ROUNDS a whole number above 0)');
  process.exit(2);
}
const file = 'tests/data/bridge/dd_tables.jsonl';
const pbns = readFileSync(`${root}${file}`, 'utf8').trim().split('\n').map((l) => JSON.parse(l).pbn);

// A page of its own serving both packages: `this/` is web/pkg, `other/` the given copy.
const dir = mkdtempSync(join(tmpdir(), 'cardtree-ab-'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>cardtree a/b</title>\n');
symlinkSync(resolve(`${root}web/pkg`), join(dir, 'this'));
symlinkSync(resolve(other), join(dir, 'other'));

const server = await serve(dir);
const chrome = await browser();
const page = await chrome.newPage();
await page.goto(server.url);
const runs = await page.evaluate(async ({ pbns, rounds }) => {
  const builds = {};
  for (const name of ['this', 'other']) {
    builds[name] = await import(`./${name}/cardtree_wasm.js`);
    await builds[name].default();
  }
  const out = [];
  for (let r = 0; r < rounds; r++) {
    for (const name of ['other', 'this']) {
      const start = performance.now();
      let nodes = 0;
      for (const pbn of pbns) nodes += builds[name].ddTable(pbn).nodes;
      out.push({ name, s: (performance.now() - start) / 1000, nodes });
    }
  }
  return out;
}, { pbns, rounds });
await chrome.close();
server.close();
rmSync(dir, { recursive: true });

const of = (name) => runs.filter((r) => r.name === name);
for (const name of ['other', 'this']) {
  const rs = of(name);
  console.log(`${name.padEnd(5)}: ${rs.map((r) => r.s.toFixed(2)).join(' ')} s (${rs[0].nodes.toLocaleString('en')} nodes a round)`);
}
const sum = (name) => of(name).reduce((a, r) => a + r.s, 0);
console.log(`this / other: ${(sum('this') / sum('other')).toFixed(3)} over ${rounds} rounds of ${pbns.length} tables`);
