#!/usr/bin/env bash
# The audit's deviations (std-host/results/pps/audit.md) that a command-line flag reaches, each
# measured against the fixed row 12 (prune + UCT, best-move simulation, tuned weights, the
# made-in-full reading) at a short budget, 300 iterations a move, on 2,000 paired games of
# seed 1, so that every paired 95 % interval is under +-2 points (issue 17, part 1).
# American, 2 threads, reproducible bit for bit; about 15 minutes on two cores.
# Paired differences: python3 ../prior-mix/pair.py r12.txt OTHER.txt ...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
B=${B:-$here/../../../../target/release/cardtree}
BR=0.33195,0.33195,0.11065,0.05533,0.02766,0.06639,0.03320,0.02075,0.01107,0.01107
play() { "$B" pps play --simulation best-move --games 2000 --seed 1 --threads 2 --per-game \
    --iterations 300 "$@"; }
r12() { play --selection prune-uct "$@"; }
r12 --prior-mix made-in-full >"$here/r12.txt"
# 1: the a-priori table derived from British points (audit.md #1) instead of self-play.
r12 --prior-mix made-in-full --apriori "$BR" >"$here/apriori_british.txt"
# 2: the other readings of how 1-3-card hands combine the priors.
r12 --prior-mix sum >"$here/mix_sum.txt"
r12 --prior-mix conditional >"$here/mix_conditional.txt"
# 3: pruning's gain at this budget: row 11 (UCT, no pruning) on the same games.
play --selection uct --prior-mix made-in-full >"$here/r11.txt"
# 4: one child per free cell.
r12 --prior-mix made-in-full --no-symmetry >"$here/no_symmetry.txt"
# 5: the Java's likely exploration scales.
r12 --prior-mix made-in-full --cp 100 >"$here/cp100.txt"
r12 --prior-mix made-in-full --cp 66 >"$here/cp66.txt"
# 10: every move searched, no simple rules for moves 1, 2, 24 and 25.
r12 --prior-mix made-in-full --no-simple-rules >"$here/no_simple_rules.txt"
# 7: the pruning threshold (delta; 1.3 in 004), which the papers leave to future work.
r12 --prior-mix made-in-full --delta 1.0 >"$here/delta_1.0.txt"
r12 --prior-mix made-in-full --delta 1.1 >"$here/delta_1.1.txt"
r12 --prior-mix made-in-full --delta 0.9 >"$here/delta_0.9.txt"
