// Prints every self-check scenario's line as the WebAssembly package computes it, for
// std-host/tests/wasm_selfcheck.rs to compare with the host's (and so with the Cortex-M's).
import { ct } from './pkg.mjs';

for (const line of ct.selfcheck()) console.log(line);
