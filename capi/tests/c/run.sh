#!/usr/bin/env bash
# Builds cardtree's libdds (cargo build --release -p cardtree-dds), compiles tests/c/check.c
# against include/dds.h with warnings as errors, links it to libdds.so and to libdds.a, and runs
# the first on every vector of tests/data/bridge/, the second on the first 20 of each file.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
cd "$root"
cargo build --release --locked -p cardtree-dds
out=target/capi-check
mkdir -p "$out"
flags=(-std=c11 -O2 -Wall -Wextra -Werror -pedantic -I capi/include)
cc "${flags[@]}" -o "$out/check-shared" capi/tests/c/check.c -L target/release -ldds
cc "${flags[@]}" -o "$out/check-static" capi/tests/c/check.c target/release/libdds.a -lpthread -ldl -lm
echo "== linked to libdds.so"
LD_LIBRARY_PATH=target/release "$out/check-shared" tests/data/bridge
echo "== linked to libdds.a"
"$out/check-static" tests/data/bridge 20
