#!/usr/bin/env bash
# Installs each artifact of release/build.sh's folder (default dist/) the way a user would, in
# a fresh place with no Rust toolchain on the PATH, and checks it:
#
# - the command line: the tarball unpacked; `cardtree --version` names the version and the
#   commit; the README's quick run; a table against DDS's in the vectors; the completions and
#   manual pages are there;
# - Python: the wheel into a fresh venv with pytest, hypothesis, endplay and mypy (nothing
#   built), then the package's whole test suite (python/tests, the stubs checked by mypy's
#   stubtest among them), the unpacked command line the one it compares with;
# - libdds: the tarball unpacked; capi/tests/c/check.c compiled against its dds.h and linked to
#   its libdds.so and to its libdds.a, each run on the first 20 lines of each vector file;
# - npm: the tarball into a fresh Node project, then a table from Node against DDS's in the
#   vectors, and the TypeScript declarations and licences in place.
#
# Needs python3 (with venv), node and npm, and the network to PyPI and npm.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$(cd "${1:-dist}" && pwd)
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
work=$(mktemp -d /tmp/cardtree-release-check.XXXXXX)
trap 'rm -rf "$work"' EXIT
step() { printf '\n== %s\n' "$*"; }

# A PATH with the system's tools and none of Rust's (rustup puts cargo in ~/.cargo/bin).
clean=/usr/local/bin:/usr/bin:/bin
for tool in cargo rustc rustup; do
  if PATH=$clean command -v "$tool" >/dev/null 2>&1; then
    echo "release/check.sh: $tool is on $clean; the checks must run without Rust" >&2
    exit 1
  fi
done
# The user's environment (certificates, proxies, package indexes) with Rust's PATH and
# variables taken out.
run() {
  env -u CARGO -u CARGO_HOME -u RUSTUP_HOME -u RUSTUP_TOOLCHAIN -u RUSTC -u RUSTFLAGS \
    PATH="$clean" "$@"
}
(cd "$out" && sha256sum -c --quiet SHA256SUMS)
# The first table of DDS's vectors, for the CLI and Node to reproduce.
first=$(head -n 1 tests/data/bridge/dd_tables.jsonl)
pbn=$(printf '%s' "$first" | sed -n 's/.*"pbn":"\([^"]*\)".*/\1/p')

step "the command line from its tarball"
tar -C "$work" -xzf "$out"/cardtree-"$version"-*.tar.gz
cli=$(ls -d "$work"/cardtree-"$version"-*)/cardtree
run "$cli" --version | tee "$work/version.txt"
grep -qx "cardtree $version (commit $commit)" "$work/version.txt"
(cd "$work" && run "$cli" experiment mckay --quick --out "$work/quick" > "$work/quick.txt")
test -s "$work/quick/summary.md"
run "$cli" bridge table --deal "$pbn" --json > "$work/table.json"
run node -e '
  const [want, got] = [JSON.parse(process.argv[1]), JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"))];
  require("assert/strict").deepEqual([got.dd, got.par], [want.dd, want.par]);' "$first" "$work/table.json"
dir=$(dirname "$cli")
for f in README.md CHANGELOG.md LICENSE-MIT LICENSE-APACHE completions/cardtree.bash \
  completions/_cardtree completions/cardtree.fish man/cardtree.1 man/cardtree-bridge-table.1; do
  test -s "$dir/$f" || { echo "the tarball has no $f" >&2; exit 1; }
done
echo "tarball: --version, the quick run, DDS's table, completions and $(ls "$dir/man" | wc -l) manual pages"

step "libdds from its tarball: the C check program against its header and both libraries"
tar -C "$work" -xzf "$out"/cardtree-dds-"$version"-*.tar.gz
libdir=$(ls -d "$work"/cardtree-dds-"$version"-*)
for f in lib/libdds.so lib/libdds.a include/dds.h README.md LICENSE-MIT LICENSE-APACHE; do
  test -s "$libdir/$f" || { echo "the libdds tarball has no $f" >&2; exit 1; }
done
flags=(-std=c11 -O2 -Wall -Wextra -Werror -pedantic -I "$libdir/include")
run cc "${flags[@]}" -o "$work/check-shared" capi/tests/c/check.c -L "$libdir/lib" -ldds
run cc "${flags[@]}" -o "$work/check-static" capi/tests/c/check.c "$libdir/lib/libdds.a" -lpthread -ldl -lm
run env LD_LIBRARY_PATH="$libdir/lib" "$work/check-shared" tests/data/bridge 20 > "$work/libdds.txt"
run "$work/check-static" tests/data/bridge 20 >> "$work/libdds.txt"
test "$(grep -c '^every export of dds.h checked$' "$work/libdds.txt")" = 2
echo "libdds: every export of dds.h checked on the first 20 of each vector file, shared and static"

step "Python: the wheel into a fresh venv, then python/tests"
python3 -m venv "$work/venv"
run "$work/venv/bin/pip" install -q --upgrade pip
run "$work/venv/bin/pip" install -q --only-binary=:all: "$out"/cardtree-"$version"-*.whl
# mypy for the stubs' check (test_api.py runs its stubtest), pinned: its checks change.
run "$work/venv/bin/pip" install -q pytest hypothesis endplay mypy==2.4.1
run "$work/venv/bin/python" -c "import cardtree; print('cardtree', cardtree.__version__, 'from', cardtree.__file__)"
(cd "$root" && run CARDTREE="$cli" CARDTREE_REQUIRE_STUBTEST=1 "$work/venv/bin/python" -m pytest -q \
  -p no:cacheprovider python/tests)

step "npm: the package into a fresh Node project"
mkdir -p "$work/node"
(cd "$work/node" && run npm init -y >/dev/null && run npm install --no-audit --no-fund "$out/cardtree-$version.tgz")
for f in cardtree_wasm.d.ts LICENSE-MIT LICENSE-APACHE README.md values/american.txt; do
  test -s "$work/node/node_modules/cardtree/$f" || { echo "the npm package has no $f" >&2; exit 1; }
done
cat > "$work/node/check.mjs" <<JS
import assert from 'node:assert/strict';
import { ddTable, solveBoard, PpsGame } from 'cardtree';
const want = JSON.parse(process.argv[2]);
const got = ddTable(want.pbn, want.dealer, want.vulnerable);
assert.deepEqual(got.dd, want.dd);
assert.deepEqual(got.par, want.par);
const cards = solveBoard(want.pbn, 'NT', 'E', []);
// East leads against North's no trump: the defence's best lead takes what North does not.
assert.equal(Math.max(...cards.map((c) => c.tricks)), 13 - want.dd.N.NT);
console.log('npm package: the table and par equal DDS, every lead solved; PpsGame', typeof PpsGame);
JS
(cd "$work/node" && run node check.mjs "$first")

step "every artifact installed and checked without a Rust toolchain"
