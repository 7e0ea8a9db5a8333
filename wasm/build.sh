#!/usr/bin/env bash
# Builds cardtree's WebAssembly package into web/pkg/ (cardtree_wasm.js, cardtree_wasm_bg.wasm
# and the TypeScript declarations), which the page (web/) and the Node tests (wasm/tests/)
# load. Installs what it needs: the wasm32 target, and the wasm-bindgen command of the version
# wasm/Cargo.toml pins (the two must match).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
version="$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' Cargo.toml)"
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$version" ]; then
    cargo install wasm-bindgen-cli --version "$version"
fi
cargo build --release --locked
wasm-bindgen --target web --remove-name-section --remove-producers-section --out-dir "$here/../web/pkg" \
    target/wasm32-unknown-unknown/release/cardtree_wasm.wasm
ls -l "$here/../web/pkg/cardtree_wasm_bg.wasm"
