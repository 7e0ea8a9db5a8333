#!/usr/bin/env bash
# The exploration rate of `pps train` (millionths of placements made at random), measured:
# for each system and rate, a table of 1,000,000 self-played games (seed 1, batches of
# 20,000), then the learned greedy player on it over 10,000 games of seed 7 (not the seed-1
# games every comparison is made on, so that choosing a rate does not choose those games).
# Prints `system rate mean low high` lines (sweep.txt). About 30 minutes on one core.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
B=${B:-$here/../../../../target/release/cardtree}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sweep() {
  local system=$1
  shift
  for rate in "$@"; do
    "$B" pps train --system "$system" --games 1000000 --batch 20000 --seed 1 \
        --explore-ppm "$rate" --quiet --out "$tmp/t.txt" >/dev/null
    "$B" pps play --player learned --values "$tmp/t.txt" --system "$system" --seed 7 \
        --games 10000 --threads 1 |
      awk -v s="$system" -v r="$rate" '/^mean/ {m=$2} /^95%/ {print s, r, m, $3, $5}'
    rm -f "$tmp/t.txt"
  done
}
sweep american 50000 100000 150000 200000 250000 350000 500000
sweep british 0 20000 50000 100000 150000 250000
sweep random:42 100000 250000 500000
