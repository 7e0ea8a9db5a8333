// The WebAssembly package (web/pkg/, from wasm/build.sh) loaded into Node with the learned
// Poker Squares tables the page would give it, the repository's test vectors, and the
// command-line program the tests compare with ($CARDTREE, else target/release/cardtree).
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as ct from '../../web/pkg/cardtree_wasm.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));
ct.initSync({ module: readFileSync(`${root}web/pkg/cardtree_wasm_bg.wasm`) });
for (const name of ['american', 'british']) {
  ct.ppsProvideValues(readFileSync(`${root}web/values/${name}.txt`, 'utf8'));
}
export { ct };

/** A JSON-lines file of tests/data/ as objects. */
export function jsonl(path) {
  return readFileSync(`${root}tests/data/${path}`, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

/** A file of tests/data/ as JSON. */
export function json(path) {
  return JSON.parse(readFileSync(`${root}tests/data/${path}`, 'utf8'));
}

/** The command line's standard output for `args` (a missing binary fails the test). */
export function cli(...args) {
  const path = process.env.CARDTREE || `${root}target/release/cardtree`;
  if (!existsSync(path)) {
    throw new Error(`no cardtree binary at ${path}: cargo build --release -p cardtree-host, or set CARDTREE`);
  }
  return execFileSync(path, args, { encoding: 'buffer', maxBuffer: 1 << 28 });
}
