//! The self-check scenarios (`core/src/selfcheck/`): fixed, seeded searches whose digests the
//! host and the Cortex-M firmware print; on wasm32 they must be the same bits
//! (`std-host/tests/wasm_selfcheck.rs` compares them).

use cardtree::selfcheck::{Arena, SCENARIOS};
use wasm_bindgen::prelude::*;

/// Every scenario's line: `name digest=<16 hex digits> work=<n> <unit>`.
#[wasm_bindgen]
pub fn selfcheck() -> Vec<String> {
    let mut arena = Box::new(Arena::new());
    SCENARIOS
        .iter()
        .map(|s| s.check(&mut arena).to_string())
        .collect()
}
