#!/usr/bin/env bash
# Builds every artifact of a cardtree release into one folder (default dist/), each one
# installable where no Rust toolchain is:
#
#   cardtree-VERSION-TRIPLE.tar.gz   the command line, profile-guided (benches/pgo/build.sh, the
#                                    benchmarks' build), with README, CHANGELOG, licences,
#                                    shell completions and manual pages
#   cardtree-dds-VERSION-TRIPLE.tar.gz
#                                    cardtree as libdds: lib/libdds.so and lib/libdds.a,
#                                    profile-guided by the same script, include/dds.h, README
#   cardtree-VERSION-cp39-abi3-manylinux_2_17_*.whl
#                                    the Python package: one abi3 wheel for CPython 3.9+,
#                                    linked by zig against glibc 2.17 (auditwheel checks it),
#                                    built from the sdist, profile-guided (the same script)
#   cardtree-VERSION.tar.gz          the Python source distribution (pip builds it with Rust)
#   cardtree-VERSION.tgz             the npm package (WebAssembly, browsers and Node 18+)
#   cardtree-VERSION.crate, cardtree-host-VERSION.crate
#                                    the crates, as `cargo publish` would upload them (after a
#                                    dry run that builds each from its package)
#   SHA256SUMS
#
#   release/build.sh [OUT]           then release/check.sh OUT installs and checks each one
#
# Installs what it needs: maturin, zig and auditwheel (pinned, into a venv under target/), the
# wasm32 target and wasm-bindgen (wasm/build.sh), llvm-tools (benches/pgo/build.sh). The tree
# must be committed (the crates are packaged from it) unless RELEASE_ALLOW_DIRTY=1.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$(mkdir -p "${1:-dist}" && cd "${1:-dist}" && pwd)
stage=$root/target/release-stage
tools=$root/target/release-tools
step() { printf '\n== %s\n' "$*" >&2; }

version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
for manifest in python/Cargo.toml capi/Cargo.toml; do
  v=$(sed -n 's/^version = "\(.*\)"/\1/p' "$manifest" | head -n 1)
  if [ -n "$v" ] && [ "$v" != "$version" ]; then
    echo "release/build.sh: $manifest says version $v, Cargo.toml $version" >&2
    exit 1
  fi
done
npm_version=$(node -p "require('./wasm/npm/package.json').version")
if [ "$npm_version" != "$version" ]; then
  echo "release/build.sh: wasm/npm/package.json says version $npm_version, Cargo.toml $version" >&2
  exit 1
fi
dirty=()
if [ "${RELEASE_ALLOW_DIRTY:-0}" = 1 ]; then
  dirty=(--allow-dirty)
fi
triple=$(rustc -vV | sed -n 's/^host: //p')
rm -rf "${out:?}"/* "$stage"
mkdir -p "$stage"

step "the Python source distribution, then the wheel built from it in the background (maturin, zig)"
if [ ! -x "$tools/bin/maturin" ]; then
  python3 -m venv "$tools"
  "$tools/bin/pip" install -q maturin==1.16.0 ziglang==0.15.2 auditwheel==6.8.2
fi
"$tools/bin/maturin" sdist -m python/Cargo.toml -o "$out"
sdist=$out/cardtree-$version.tar.gz
# The wheel is built from the unpacked sdist, not from the tree: what `pip install` of the sdist
# compiles is what the wheel holds, and a file the sdist lacks fails here. It is profile-guided
# as the command line is, by the same script and training deals (instrumented, trained from
# Python, built again on the profile; target/pgo/python is its target folder).
tar -C "$stage" -xzf "$sdist"
# maturin finds zig through the venv's Python (`python -m ziglang`). The wheel's build runs in
# the background beside the command line's and libdds's (its own target folder; the
# whole-program links of the three take one core each), its output into wheel.log, shown and
# checked when the others are done.
wheel_log=$stage/wheel.log
# llvm-profdata for both builds, added once here rather than by both at once.
rustup component add llvm-tools >/dev/null 2>&1
(
  PATH="$tools/bin:$PATH" bash benches/pgo/build.sh --wheel "$stage/cardtree-$version" \
    --zig --compatibility manylinux2014 >"$stage/wheel.path"
) >"$wheel_log" 2>&1 &
wheel_pid=$!
trap 'kill "$wheel_pid" 2>/dev/null || true' EXIT

step "the command line and libdds, profile-guided"
# One profile-guided build of both: the command line trained on whole tables, libdds through
# DDS's C interface (benches/pgo/train_libdds.c); the script prints the two paths last.
paths=$(bash benches/pgo/build.sh --no-dds --libdds | tail -n 2)
bin=$(sed -n 1p <<<"$paths")
lib=$(sed -n 2p <<<"$paths")
[ -x "$bin" ] && [ -f "$lib" ] || { echo "release/build.sh: the profile-guided build gave no binary or library" >&2; exit 1; }
name=cardtree-$version-$triple
dir=$stage/$name
mkdir -p "$dir/completions" "$dir/man"
# The release profile keeps line tables for profilers; a user's binary does without.
strip -o "$dir/cardtree" "$bin"
"$dir/cardtree" completions bash --out "$dir/completions/cardtree.bash"
"$dir/cardtree" completions zsh --out "$dir/completions/_cardtree"
"$dir/cardtree" completions fish --out "$dir/completions/cardtree.fish"
"$dir/cardtree" completions powershell --out "$dir/completions/_cardtree.ps1"
"$dir/cardtree" man --dir "$dir/man"
cp README.md CHANGELOG.md LICENSE-MIT LICENSE-APACHE "$dir/"
tar -C "$stage" -czf "$out/$name.tar.gz" "$name"

# libdds: the shared and static libraries, the header and the crate's README (how a program
# switches to it), as a program written for DDS links them.
libname=cardtree-dds-$version-$triple
libdir=$stage/$libname
mkdir -p "$libdir/lib" "$libdir/include"
strip --strip-unneeded -o "$libdir/lib/libdds.so" "$lib"
strip --strip-debug -o "$libdir/lib/libdds.a" "$(dirname "$lib")/libdds.a"
cp capi/include/dds.h "$libdir/include/"
cp capi/README.md "$libdir/README.md"
cp LICENSE-MIT LICENSE-APACHE "$libdir/"
tar -C "$stage" -czf "$out/$libname.tar.gz" "$libname"

step "the npm package (wasm/build.sh, then npm pack)"
bash wasm/build.sh >&2
pkg=$stage/npm
mkdir -p "$pkg/values"
cp web/pkg/cardtree_wasm.js web/pkg/cardtree_wasm.d.ts web/pkg/cardtree_wasm_bg.wasm \
  web/pkg/cardtree_wasm_bg.wasm.d.ts "$pkg/"
cp web/values/american.txt web/values/british.txt "$pkg/values/"
cp wasm/npm/package.json wasm/npm/node.js wasm/npm/README.md LICENSE-MIT LICENSE-APACHE "$pkg/"
(cd "$pkg" && npm pack --silent --pack-destination "$out" >&2)

step "the crates (cargo publish --dry-run: each packaged, then built from its package)"
# The dry run verifies the host against the core's package through a registry cargo makes in
# the target folder, and it unpacks and builds that registry's crates as it would crates.io's:
# once a version, reused after. So it runs in a target folder of its own, emptied first
# (else an earlier run's core would be verified instead of this one's), and the unpacked
# copies under CARGO_HOME (a folder named for that registry's path, starting with `-`) go too;
# crates.io's own folders are left alone.
publish=$root/target/publish-check
cargo_home=${CARGO_HOME:-$HOME/.cargo}
rm -rf "$publish" "$cargo_home"/registry/src/-*/cardtree-"$version" \
  "$cargo_home"/registry/src/-*/cardtree-host-"$version" \
  "$cargo_home"/registry/cache/-*/cardtree-"$version".crate \
  "$cargo_home"/registry/cache/-*/cardtree-host-"$version".crate
# (The check builds in the dev profile: without its debug information, less to build and link.)
CARGO_TARGET_DIR=$publish CARGO_PROFILE_DEV_DEBUG=0 cargo publish --dry-run --locked "${dirty[@]}" \
  -p cardtree -p cardtree-host >&2
# The same packages again as files (verified just above).
CARGO_TARGET_DIR=$publish cargo package --no-verify --locked "${dirty[@]}" \
  -p cardtree -p cardtree-host >&2
cp "$publish/package/cardtree-$version.crate" "$publish/package/cardtree-host-$version.crate" \
  "$out/"

step "the wheel (built in the background since the sdist), checked by auditwheel"
wheel_status=0
wait "$wheel_pid" || wheel_status=$?
cat "$wheel_log" >&2
if [ "$wheel_status" -ne 0 ]; then
  echo "release/build.sh: the wheel's build failed (exit $wheel_status): its output is above" >&2
  exit 1
fi
built=$(tail -n 1 "$stage/wheel.path")
cp "$built" "$out/"
wheel=$(ls "$out"/cardtree-*.whl)
"$tools/bin/auditwheel" show "$wheel" | tee "$stage/auditwheel.txt" >&2
grep -q '"manylinux_' "$stage/auditwheel.txt" || {
  echo "release/build.sh: auditwheel does not accept $wheel as manylinux" >&2
  exit 1
}

(cd "$out" && sha256sum -- * > SHA256SUMS)
step "release $version in $out"
ls -l "$out" >&2
