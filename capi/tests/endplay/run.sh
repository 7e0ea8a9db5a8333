#!/usr/bin/env bash
# endplay, installed from PyPI and unchanged, on cardtree's libdds: compare.py runs endplay's
# API once on the DDS endplay bundles and once with that libdds.so replaced by cardtree's (a
# copy of the package with the one file swapped, first on PYTHONPATH), then compares every
# answer. Needs cardtree's libdds built: cargo build --release -p cardtree-dds.
#
#   capi/tests/endplay/run.sh [DEALS [PLAYS]]    (500 and 500 by default)
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
lib="$root/target/release/libdds.so"
[ -f "$lib" ] || { echo "no $lib: cargo build --release -p cardtree-dds" >&2; exit 1; }
deals="${1:-500}"
plays="${2:-500}"
work="$(mktemp -d /tmp/cardtree-endplay.XXXXXX)"
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q --disable-pip-version-check "endplay==0.5.12"
py="$work/venv/bin/python"
site="$("$py" -c 'import endplay, os; print(os.path.dirname(os.path.dirname(endplay.__file__)))')"
mkdir -p "$work/ours"
cp -r "$site/endplay" "$work/ours/endplay"
cp "$lib" "$work/ours/endplay/_dds/libdds.so"
here="$root/capi/tests/endplay"
# Both runs at once (DDS runs most of its calls on one thread, so the two share the cores well);
# each prints its own time, which is no benchmark (cardtree bridge libdds is).
echo "== endplay on its own DDS and on cardtree's libdds, side by side" >&2
"$py" "$here/compare.py" run "$work/theirs.json" --deals "$deals" --plays "$plays" &
theirs=$!
PYTHONPATH="$work/ours" "$py" "$here/compare.py" run "$work/ours.json" --deals "$deals" --plays "$plays" &
ours=$!
wait "$theirs" || { echo "endplay on its own DDS failed" >&2; exit 1; }
wait "$ours" || { echo "endplay on cardtree's libdds failed" >&2; exit 1; }
"$py" "$here/compare.py" compare "$work/theirs.json" "$work/ours.json"
