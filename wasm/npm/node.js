// The package's entry under Node: the WebAssembly module compiled from the file beside this one
// and the learned Poker Squares tables given to it, so every export is ready on import (in a
// browser, the default export `init()` loads it instead; see README.md).
import { readFileSync } from 'node:fs';
import { initSync, ppsProvideValues } from './cardtree_wasm.js';

initSync({ module: readFileSync(new URL('./cardtree_wasm_bg.wasm', import.meta.url)) });
for (const name of ['american', 'british']) {
  ppsProvideValues(readFileSync(new URL(`./values/${name}.txt`, import.meta.url), 'utf8'));
}

export * from './cardtree_wasm.js';
