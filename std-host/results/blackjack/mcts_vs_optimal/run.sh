#!/usr/bin/env bash
# MCTS against the optimal player on the default game (6 decks, S17, DAS, one split, 3:2, peek,
# a full shoe each hand), paired hands of seed 7. Writes one JSON line per run into this
# directory. Usage: run.sh [grid|million|speed] (default: all three). About 5 minutes for the
# grid, 40 minutes for the million hands on 2 cores and 1 minute for the speed step.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
B=${B:-$here/../../../../target/release/cardtree}
play() { "$B" blackjack play --seed 7 --threads 2 --json "$@"; }
what=${1:-all}
if [[ $what == all || $what == grid ]]; then
    : >"$here/grid.jsonl"
    # Exact regret per hand (--audit) of each search at each budget, 20,000 hands.
    for it in 1000 10000; do
        for un in 0 1000 4294967295; do
            play --player mcts --closed-loop --basic-rollout --iterations "$it" \
                --unprune-after "$un" --hands 20000 --audit >>"$here/grid.jsonl"
        done
    done
    for it in 100 1000 10000; do
        play --player mcts --iterations "$it" --hands 20000 --audit >>"$here/grid.jsonl"
    done
fi
if [[ $what == all || $what == million ]]; then
    play --player mcts --closed-loop --basic-rollout --iterations 10000 --unprune-after 1000 \
        --hands 1000000 --audit --vs optimal >"$here/million.json"
fi
if [[ $what == all || $what == speed ]]; then
    # The million-hand search's own speed, without the auditor: 20,000 hands, 1 thread.
    "$B" blackjack play --seed 7 --threads 1 --json --player mcts --closed-loop --basic-rollout \
        --iterations 10000 --unprune-after 1000 --hands 20000 >"$here/speed.json"
fi
