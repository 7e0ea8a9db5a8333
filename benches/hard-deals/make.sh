#!/usr/bin/env bash
# Makes tests/data/bridge/hard_deals.jsonl: deals that take a double-dummy solver long, every
# one made by this project.
#
#   benches/hard-deals/make.sh [CARDTREE_BINARY]
#
# - the 81 deals, of 5,000 random deals (`cardtree bridge deal --seed 4044`), on which cardtree's
#   solver searched the most tricks for the whole table (`bridge bench --tables --per-deal`,
#   its `tricks` column: the same on every machine for one version of the solver);
# - the 19 deals, of the 32 built by hand by built.py (interleaved 4-3-3-3, 5-4-4-0 and 4-4-4-1
#   hands, and chains of finesses), on which it searched the most.
#
# The committed file's random deals were chosen on 2026-11-27 and its built deals on 2026-11-28,
# each with the solver of that day (the random half takes about 6 minutes on 2 cores, the built
# half about 4); a later solver may pick other deals. Other projects' hard deals (macroxue's,
# DDS's largest.txt) are measured from ../shared/bridge/, never copied here.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="${1:-$root/target/release/cardtree}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$bin" bridge deal --seed 4044 --count 5000 --first N > "$work/random.jsonl"
head -n 2500 "$work/random.jsonl" > "$work/a.jsonl"
tail -n 2500 "$work/random.jsonl" > "$work/b.jsonl"
"$bin" bridge bench --tables --file "$work/a.jsonl" --per-deal "$work/a.csv" > /dev/null &
"$bin" bridge bench --tables --file "$work/b.jsonl" --per-deal "$work/b.csv" > /dev/null
wait

python3 "$here/built.py" > "$work/built.jsonl"
"$bin" bridge bench --tables --file "$work/built.jsonl" --per-deal "$work/built.csv" > /dev/null

{
  python3 "$here/pick.py" 19 "" "$work/built.jsonl" "$work/built.csv"
  python3 "$here/pick.py" 81 random-4044- "$work/random.jsonl" "$work/a.csv" "$work/b.csv"
} > "$root/tests/data/bridge/hard_deals.jsonl.tmp"
mv "$root/tests/data/bridge/hard_deals.jsonl.tmp" "$root/tests/data/bridge/hard_deals.jsonl"
