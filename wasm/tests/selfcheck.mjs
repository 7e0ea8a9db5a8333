// Prints every self-check scenario's line as the WebAssembly package computes it, for
// std-host/tests/wasm_selfcheck.rs to compare with the host's (and so with the Cortex-M's).
// The self-check package is wasm/build.sh's second build (feature `selfcheck`).
import { readFileSync } from 'node:fs';
import * as ct from '../target/selfcheck-pkg/cardtree_wasm.js';

ct.initSync({ module: readFileSync(new URL('../target/selfcheck-pkg/cardtree_wasm_bg.wasm', import.meta.url)) });
for (const line of ct.selfcheck()) console.log(line);
