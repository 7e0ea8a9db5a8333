#!/usr/bin/env bash
# The exploration rate of `pps train` (millionths of placements made at random), measured:
# for each system and rate, a table of TRAIN self-played games (seed 1, batches of 20,000),
# then PLAYER on it over PLAY games of seed 7 (not the seed-1 games every comparison is made
# on, so that choosing a rate does not choose those games). Prints `system rate mean low high`
# lines, and with PAIR=1 the paired difference against the first rate of the system (the
# games are the same for every rate, so the difference is far tighter than either interval).
#   sweep.sh                          > sweep.txt    (1,000,000 games, the greedy player, 10,000
#                                                     games: about 30 minutes on one core)
#   TRAIN=5000000 PLAYER=expectimax PAIR=1 sweep.sh > sweep-5m.txt   (the tables that ship:
#        5,000,000 American and 3,000,000 British games; then random:42, 5,000,000 games, against
#        the 25 % of its 1,000,000-game table: about 30 minutes)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
B=${B:-$here/../../../../target/release/cardtree}
TRAIN=${TRAIN:-1000000}
PLAYER=${PLAYER:-learned}
PLAY=${PLAY:-10000}
PAIR=${PAIR:-0}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sweep() {
  local system=$1 games=$2
  shift 2
  local first=""
  for rate in "$@"; do
    "$B" pps train --system "$system" --games "$games" --batch 20000 --seed 1 \
        --explore-ppm "$rate" --quiet --out "$tmp/t.txt" >/dev/null
    "$B" pps play --player "$PLAYER" --values "$tmp/t.txt" --system "$system" --seed 7 \
        --games "$PLAY" --threads 1 --per-game >"$tmp/$rate.txt"
    local line
    line=$(awk -v s="$system" -v r="$rate" '/^mean/ {m=$2} /^95%/ {print s, r, m, $3, $5}' \
        "$tmp/$rate.txt")
    if [ "$PAIR" = 1 ] && [ -n "$first" ]; then
      line="$line $(python3 "$here/../prior-mix/pair.py" "$tmp/$first.txt" "$tmp/$rate.txt" |
          sed 's/.*: //; s/ (.*//') against $first"
    fi
    echo "$line"
    [ -z "$first" ] && first=$rate
    rm -f "$tmp/t.txt"
  done
}
if [ "$TRAIN" = 1000000 ]; then
  sweep american "$TRAIN" 50000 100000 150000 200000 250000 350000 500000
  sweep british "$TRAIN" 0 20000 50000 100000 150000 250000
  sweep random:42 "$TRAIN" 100000 250000 500000
else
  # The American rate of the 1,000,000-game tables first, so that the others pair with it.
  sweep american "$TRAIN" 250000 100000 120000 150000 180000 200000
  sweep british $((TRAIN * 3 / 5)) 50000 10000 25000 100000
  sweep random:42 "$TRAIN" 250000 100000 150000 50000 400000
fi
