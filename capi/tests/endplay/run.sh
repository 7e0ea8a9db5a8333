#!/usr/bin/env bash
# endplay, installed from PyPI and unchanged, on cardtree's libdds: compare.py runs endplay's
# API once on the DDS endplay bundles and once with that libdds.so replaced by cardtree's (a
# copy of the package with the one file swapped, first on PYTHONPATH), then compares every
# answer. The run on cardtree's libdds needs it built: cargo build --release -p cardtree-dds.
#
#   capi/tests/endplay/run.sh [DEALS [PLAYS]]     both runs side by side, then compared (500
#                                                 deals and 500 played hands by default)
#   capi/tests/endplay/run.sh --theirs DIR [DEALS [PLAYS]]
#                                                 endplay on its own DDS alone, its answers and
#                                                 the venv kept in DIR (no libdds of ours
#                                                 needed: CI starts it first, in the background)
#   capi/tests/endplay/run.sh --ours DIR          then endplay on cardtree's libdds on the same
#                                                 deals and hands, compared with DIR's answers
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
here="$root/capi/tests/endplay"
lib="$root/target/release/libdds.so"
mode=both
if [ "${1:-}" = --theirs ] || [ "${1:-}" = --ours ]; then
  mode=${1#--}
  [ -n "${2:-}" ] || { echo "usage: capi/tests/endplay/run.sh [--theirs DIR [DEALS [PLAYS]] | --ours DIR | DEALS [PLAYS]]" >&2; exit 2; }
  [ "$mode" = ours ] || mkdir -p "$2"
  work="$(cd "$2" 2>/dev/null && pwd)" || { echo "no folder $2: capi/tests/endplay/run.sh --theirs $2 first" >&2; exit 1; }
  shift 2
else
  work="$(mktemp -d /tmp/cardtree-endplay.XXXXXX)"
  trap 'rm -rf "$work"' EXIT
fi
if [ "$mode" != theirs ]; then
  [ -f "$lib" ] || { echo "no $lib: cargo build --release -p cardtree-dds" >&2; exit 1; }
fi
py="$work/venv/bin/python"
if [ "$mode" = ours ]; then
  [ -f "$work/theirs.json" ] && [ -x "$py" ] || {
    echo "no endplay run on its own DDS in $work: capi/tests/endplay/run.sh --theirs $work first" >&2
    exit 1
  }
  read -r deals plays <"$work/counts"
else
  deals="${1:-500}"
  plays="${2:-500}"
  rm -rf "$work/venv" "$work/ours" "$work/theirs.json" "$work/counts"
  python3 -m venv "$work/venv"
  "$work/venv/bin/pip" install -q --disable-pip-version-check "endplay==0.5.12"
fi
theirs() {
  "$py" "$here/compare.py" run "$work/theirs.json" --deals "$deals" --plays "$plays" ||
    { echo "endplay on its own DDS failed" >&2; return 1; }
  echo "$deals $plays" >"$work/counts"
}
if [ "$mode" = theirs ]; then
  echo "== endplay on its own DDS: $deals deals, $plays played hands" >&2
  theirs
  exit 0
fi
site="$("$py" -c 'import endplay, os; print(os.path.dirname(os.path.dirname(endplay.__file__)))')"
rm -rf "$work/ours"
mkdir -p "$work/ours"
cp -r "$site/endplay" "$work/ours/endplay"
cp "$lib" "$work/ours/endplay/_dds/libdds.so"
ours() {
  PYTHONPATH="$work/ours" "$py" "$here/compare.py" run "$work/ours.json" --deals "$deals" --plays "$plays" ||
    { echo "endplay on cardtree's libdds failed" >&2; return 1; }
}
if [ "$mode" = ours ]; then
  echo "== endplay on cardtree's libdds: $deals deals, $plays played hands" >&2
  ours
else
  # Both runs at once (DDS runs most of its calls on one thread, so the two share the cores
  # well); each prints its own time, which is no benchmark (cardtree bridge libdds is).
  echo "== endplay on its own DDS and on cardtree's libdds, side by side" >&2
  theirs &
  theirs_pid=$!
  ours &
  ours_pid=$!
  wait "$theirs_pid"
  wait "$ours_pid"
fi
"$py" "$here/compare.py" compare "$work/theirs.json" "$work/ours.json"
