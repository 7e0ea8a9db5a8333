#!/usr/bin/env bash
# Builds cardtree's WebAssembly package into web/pkg/ (cardtree_wasm.js, cardtree_wasm_bg.wasm
# and the TypeScript declarations), which the page (web/) and the Node tests (wasm/tests/)
# load; copies the learned Poker Squares tables the package does not carry to web/values/ (the
# page fetches one when a game needs it); names the build in web/pkg/build.js (the page's
# service worker caches by that name); and builds the self-check package (feature `selfcheck`)
# into wasm/target/selfcheck-pkg/ for std-host/tests/wasm_selfcheck.rs. Installs what it
# needs: the wasm32 target, and the wasm-bindgen command of the version wasm/Cargo.toml pins
# (the two must match).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
version="$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' Cargo.toml)"
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$version" ]; then
    # The converter alone, unoptimised: a third of the build's time, the same output
    # (docs/web.md has the measurement).
    CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_DEBUG=0 \
        cargo install wasm-bindgen-cli --version "$version" --no-default-features
fi
bindgen() {
    wasm-bindgen --target web --remove-name-section --remove-producers-section --out-dir "$2" \
        "$1/wasm32-unknown-unknown/release/cardtree_wasm.wasm"
}
cargo build --release --locked
bindgen target "$here/../web/pkg"
mkdir -p "$here/../web/values"
cp ../core/src/poker_squares/values/american.txt ../core/src/poker_squares/values/british.txt \
    "$here/../web/values/"
# The build's name, for the page's service worker (web/sw.js): the hash of every file it caches.
build="$(cd "$here/../web" && cat index.html style.css ./*.js pkg/cardtree_wasm.js pkg/cardtree_wasm_bg.wasm \
    values/american.txt values/british.txt | sha256sum | cut -c1-16)"
printf "// Written by wasm/build.sh: the name of this build of the page and its package.\nself.CARDTREE_BUILD = '%s';\n" \
    "$build" > "$here/../web/pkg/build.js"
cargo build --release --locked --features selfcheck --target-dir target/selfcheck
bindgen target/selfcheck "$here/target/selfcheck-pkg"
ls -l "$here/../web/pkg/cardtree_wasm_bg.wasm"
