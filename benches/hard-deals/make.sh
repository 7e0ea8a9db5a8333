#!/usr/bin/env bash
# Makes tests/data/bridge/hard_deals.jsonl: deals that take a double-dummy solver long.
#
#   benches/hard-deals/make.sh MACROXUE_CHECKOUT [CARDTREE_BINARY]
#
# - the 19 deals of macroxue's bridge-solver `hard_deals/` (github.com/macroxue/bridge-solver,
#   MIT licence, copyright Hanhong Xue), converted from its layout to PBN by convert.py;
# - the 81 deals, of 5,000 random deals (`cardtree bridge deal --seed 4044`), on which cardtree's
#   solver searched the most tricks for the whole table (`bridge bench --tables --per-deal`,
#   its `tricks` column: the same on every machine for one version of the solver).
#
# The committed file was made on 2026-11-27 with the solver of that day (two bench processes
# on halves of the deals take about 6 minutes on 2 cores); a later solver may pick other deals.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
checkout="${1:?give the path of a checkout of macroxue/bridge-solver}"
bin="${2:-$root/target/release/cardtree}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$bin" bridge deal --seed 4044 --count 5000 --first N > "$work/random.jsonl"
head -n 2500 "$work/random.jsonl" > "$work/a.jsonl"
tail -n 2500 "$work/random.jsonl" > "$work/b.jsonl"
"$bin" bridge bench --tables --file "$work/a.jsonl" --per-deal "$work/a.csv" > /dev/null &
"$bin" bridge bench --tables --file "$work/b.jsonl" --per-deal "$work/b.csv" > /dev/null
wait

python3 "$here/convert.py" "$checkout/hard_deals" "$work/random.jsonl" "$work/a.csv" "$work/b.csv" \
  > "$root/tests/data/bridge/hard_deals.jsonl.tmp"
mv "$root/tests/data/bridge/hard_deals.jsonl.tmp" "$root/tests/data/bridge/hard_deals.jsonl"
