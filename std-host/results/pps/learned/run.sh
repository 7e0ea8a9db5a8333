#!/usr/bin/env bash
# Learned values of abstract hands (core/src/poker_squares/abstraction.rs, learned.rs) and the
# players that use them, American, seed 1. The table: 1,000,000 self-played games in batches of
# 20,000 (about 2 minutes on one core; the same file for any --threads). Then 500 games of the
# learned greedy and the expectimax players, and 100 games at 3 s a game of MCTS with learned
# playouts, MCTS with learned leaf values and the rollout player, paired with the papers' best
# player (Table 3 row 12, made-in-full prior mix) on the same games in
# ../prior-mix/r12_3s_made-in-full.txt. The 3 s runs are time-budgeted: machine-dependent.
# Paired differences: python3 ../prior-mix/pair.py ../prior-mix/r12_3s_made-in-full.txt *_3s.txt
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
B=${B:-$here/../../../../target/release/cardtree}
V=$here/values-american.txt
rm -f "$V"
"$B" pps train --system american --games 1000000 --batch 20000 --seed 1 --quiet --out "$V"
play() { "$B" pps play --values "$V" --seed 1 --threads 1 --per-game "$@"; }
play --player learned --games 500 >"$here/learned_500.txt"
play --player expectimax --games 500 >"$here/expectimax_500.txt"
play --player mcts --simulation learned --prior-mix made-in-full --game-seconds 3 --games 100 \
    >"$here/mcts_learned_3s.txt"
play --player mcts --simulation learned-value --prior-mix made-in-full --game-seconds 3 \
    --games 100 >"$here/mcts_learned-value_3s.txt"
play --player rollout --game-seconds 3 --games 100 >"$here/rollout_3s.txt"
