//! The self-check in WebAssembly: the package `wasm/build.sh` builds with the feature
//! `selfcheck` into `wasm/target/selfcheck-pkg/`, run by Node (`wasm/tests/selfcheck.mjs`),
//! prints every `cardtree::selfcheck` scenario's line, and each must be identical to the
//! host's, as the Cortex-M firmware's are (`qemu_selfcheck.rs`): the same bits on x86_64,
//! thumbv6m, thumbv7em and wasm32.
//!
//! Without the built package or Node the scenarios still run natively and the test says
//! plainly that wasm did not run (or fails, if `CARDTREE_REQUIRE_WASM` is set, as `.ci/run`
//! does).

use std::io::Write;
use std::path::Path;
use std::process::Command;

use cardtree::selfcheck::{Arena, SCENARIOS};

#[test]
fn wasm_selfcheck_is_bit_identical_to_the_host() {
    let mut arena = Box::new(Arena::new());
    let native: Vec<String> = SCENARIOS
        .iter()
        .map(|s| s.check(&mut arena).to_string())
        .collect();
    for line in &native {
        assert!(!line.contains(" error: "), "native scenario failed: {line}");
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let package = root.join("wasm/target/selfcheck-pkg/cardtree_wasm_bg.wasm");
    let node = Command::new("node").arg("--version").output();
    if !package.exists() || !node.is_ok_and(|o| o.status.success()) {
        assert!(
            std::env::var_os("CARDTREE_REQUIRE_WASM").is_none(),
            "CARDTREE_REQUIRE_WASM is set (as in CI) but {} or node is missing",
            package.display()
        );
        writeln!(
            std::io::stderr(),
            "wasm_selfcheck: the WebAssembly package was NOT run ({} or node is missing: \
             build it with `bash wasm/build.sh`); only the native scenarios ran.",
            package.display()
        )
        .expect("write to stderr");
        return;
    }
    let out = Command::new("node")
        .arg(root.join("wasm/tests/selfcheck.mjs"))
        .output()
        .expect("run node");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "node failed: {}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), native.len(), "wasm printed:\n{text}");
    for (wasm, host) in lines.iter().zip(&native) {
        println!("wasm: {wasm}");
        assert_eq!(wasm, host, "wasm32 differs from the host");
    }
}
