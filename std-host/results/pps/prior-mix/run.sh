#!/usr/bin/env bash
# The papers' best player (Table 3 row 12: prune + UCT, best-move simulation, tuned weights) and
# row 11 (UCT, best-move simulation) under each reading of how 1-3 card hands combine the
# a-priori probabilities (--prior-mix; std-host/results/pps/audit.md, deviation 2). American,
# 200 paired games (seed 1), 2 threads. About 26 minutes on 2 cores.
# Paired differences: python3 pair.py BASE.txt OTHER.txt ...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
B=${B:-$here/../../../../target/release/cardtree}
BR=0.33195,0.33195,0.11065,0.05533,0.02766,0.06639,0.03320,0.02075,0.01107,0.01107
play() { "$B" pps play --simulation best-move --games 200 --seed 1 --threads 2 --per-game "$@"; }
for mix in sum made-in-full conditional; do
    play --selection prune-uct --prior-mix "$mix" --iterations 300 >"$here/r12_300_$mix.txt"
done
for mix in sum made-in-full; do
    play --selection prune-uct --prior-mix "$mix" --game-seconds 3 >"$here/r12_3s_$mix.txt"
    play --selection uct --prior-mix "$mix" --game-seconds 3 >"$here/r11_3s_$mix.txt"
done
play --selection prune-uct --prior-mix made-in-full --apriori "$BR" --game-seconds 3 \
    >"$here/r12_3s_made-in-full_BR.txt"
