// The double-dummy table in headless Chromium against the native build, in one run: the 100
// deals of tests/data/bridge/dd_tables.jsonl, one thread each, as `cardtree bridge bench
// --tables` times them natively (total and median per deal, and the work: nodes). Usage:
//   node web/tests/bench.mjs            (after bash wasm/build.sh and cargo build --release)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browser, root, serve } from './serve.mjs';

const file = 'tests/data/bridge/dd_tables.jsonl';
const deals = readFileSync(`${root}${file}`, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const cli = process.env.CARDTREE || `${root}target/release/cardtree`;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const csv = join(mkdtempSync(join(tmpdir(), 'cardtree-bench-')), 'native.csv');
const native = JSON.parse(execFileSync(cli, ['bridge', 'bench', '--tables', '--file', `${root}${file}`, '--per-deal', csv, '--json'], { cwd: root }));
const nativeNodes = readFileSync(csv, 'utf8').trim().split('\n').slice(1).reduce((a, l) => a + Number(l.split(',')[2]), 0);

const server = await serve();
const chrome = await browser();
const page = await chrome.newPage();
await page.goto(server.url);
const wasm = await page.evaluate(async (pbns) => {
  const ct = await import('./pkg/cardtree_wasm.js');
  await ct.default();
  const out = [];
  for (const pbn of pbns) {
    const start = performance.now();
    const r = ct.ddTable(pbn);
    out.push({ ms: performance.now() - start, nodes: r.nodes });
  }
  return { out, agent: navigator.userAgent };
}, deals.map((d) => d.pbn));
await chrome.close();
server.close();

const ms = wasm.out.map((r) => r.ms);
const total = ms.reduce((a, b) => a + b, 0);
const nodes = wasm.out.reduce((a, r) => a + r.nodes, 0);
const n = native.cardtree;
console.log(`${deals.length} whole tables of ${file}, one thread each (${wasm.agent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'})`);
console.log(`native:   total ${(n.ms.total / 1000).toFixed(2)} s, median ${n.ms.median.toFixed(1)} ms, ${nativeNodes.toLocaleString('en')} nodes`);
console.log(`chromium: total ${(total / 1000).toFixed(2)} s, median ${median(ms).toFixed(1)} ms, ${nodes.toLocaleString('en')} nodes`);
console.log(`chromium / native: total ${(total / n.ms.total).toFixed(2)}, median ${(median(ms) / n.ms.median).toFixed(2)}`);
