//! What several test programs share.

use std::path::{Path, PathBuf};

/// The `cardtree` binary run with `args`, its output collected.
pub(crate) fn cardtree(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_cardtree"))
        .args(args)
        .output()
        .expect("run cardtree")
}

/// The first `n` lines of the dev deals (`tests/data/bridge/dev_deals.jsonl`), written to
/// `deals.jsonl` in `dir` (created if missing); returns that file's path.
pub(crate) fn first_dev_deals(dir: &Path, n: usize) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let all = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/bridge/dev_deals.jsonl"
    ))
    .unwrap();
    let first: String = all.lines().take(n).map(|l| format!("{l}\n")).collect();
    let deals = dir.join("deals.jsonl");
    std::fs::write(&deals, first).unwrap();
    deals
}
