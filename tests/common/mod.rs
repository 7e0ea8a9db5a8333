//! Shared by the integration tests: reading the test vectors of `tests/data/`.

use std::path::PathBuf;

/// Every line of `tests/data/<dir>/<name>` (JSON lines) as JSON; panics with the file and line
/// on bad data.
pub(crate) fn vectors(dir: &str, name: &str) -> Vec<serde_json::Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(dir)
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .enumerate()
        .map(|(i, l)| serde_json::from_str(l).unwrap_or_else(|e| panic!("{name}:{}: {e}", i + 1)))
        .collect()
}
