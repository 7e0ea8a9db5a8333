#!/usr/bin/env bash
# Deviations 3-5 of std-host/results/pps/audit.md at a small budget, on the reading that fixes
# deviation 2 (--prior-mix made-in-full): row 12 (prune + UCT, best-move simulation, tuned
# weights) and row 11 (UCT, best-move) at 300 and 1000 iterations a move, with and without
# symmetry merging, and at the Java code's likely exploration scales (--cp 100, --cp 66).
# American, 200 paired games (seed 1), 2 threads; reproducible bit for bit. A few minutes.
# Paired differences: python3 ../prior-mix/pair.py BASE.txt OTHER.txt ...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
B=${B:-$here/../../../../target/release/cardtree}
play() { "$B" pps play --simulation best-move --prior-mix made-in-full --games 200 --seed 1 \
    --threads 2 --per-game "$@"; }
for it in 300 1000; do
    play --selection prune-uct --iterations "$it" >"$here/r12_$it.txt"
    play --selection uct --iterations "$it" >"$here/r11_$it.txt"
done
play --selection prune-uct --iterations 300 --no-symmetry >"$here/r12_300_nosym.txt"
play --selection uct --iterations 300 --no-symmetry >"$here/r11_300_nosym.txt"
play --selection prune-uct --iterations 300 --cp 100 >"$here/r12_300_cp100.txt"
play --selection prune-uct --iterations 300 --cp 66 >"$here/r12_300_cp66.txt"
