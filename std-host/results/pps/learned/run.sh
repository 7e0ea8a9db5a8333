#!/usr/bin/env bash
# Learned values of abstract hands (core/src/poker_squares/abstraction.rs, learned.rs) and the
# players that use them. Remakes the two committed tables, core/src/poker_squares/values/
# (1,000,000 self-played games each, batches of 20,000: about a minute each on one core, the
# same bytes for any --threads), then measures, with seed 1 (the games of every other seed-1
# run, so all pair game for game):
# - the learned greedy player (`--player best`) over 2,000 games, American and British;
# - expectimax over the next card, 500 American games;
# - at 1 s a game (a microcontroller's kind of budget), 200 American games: rollouts of the
#   learned greedy player, and the papers' MCTS with learned-greedy playouts;
# - the papers' best player (Table 3 row 12, made-in-full prior mix) at 1 s, 500 American games.
# The 1 s runs are time-budgeted: machine-dependent. The 30 s comparisons pair these files
# with ../best-made-in-full and ../best-british (see summary.md). Exploration rates: sweep.sh.
# Paired differences: python3 ../prior-mix/pair.py BASE OTHER...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
B=${B:-$here/../../../../target/release/cardtree}
T=$here/../../../../core/src/poker_squares/values
rm -f "$T/american.txt" "$T/british.txt"
"$B" pps train --system american --games 1000000 --batch 20000 --seed 1 --explore-ppm 250000 \
    --quiet --out "$T/american.txt"
"$B" pps train --system british --games 1000000 --batch 20000 --seed 1 --explore-ppm 50000 \
    --quiet --out "$T/british.txt"
play() { "$B" pps play --seed 1 --threads 1 --per-game "$@"; }
play --player best --games 2000 >"$here/best_2000.txt"
play --player best --system british --games 2000 >"$here/best_british_2000.txt"
play --player expectimax --games 500 >"$here/expectimax_500.txt"
play --player rollout --game-seconds 1 --games 200 >"$here/rollout_1s.txt"
play --player mcts --simulation learned --prior-mix made-in-full --game-seconds 1 --games 200 \
    >"$here/mcts_learned_1s.txt"
play --player mcts --prior-mix made-in-full --game-seconds 1 --games 500 >"$here/r12_1s.txt"
# A point system without a shipped table: random:42, a table learned as for American (kept out
# of the repository), 100 games at 3 s a game of the papers' best and of rollouts on it.
R=$(mktemp)
trap 'rm -f "$R"' EXIT
rm -f "$R"
"$B" pps train --system random:42 --games 1000000 --batch 20000 --seed 1 --explore-ppm 250000 \
    --quiet --out "$R"
play --system random:42 --player learned --values "$R" --games 500 >"$here/random42_learned_500.txt"
play --system random:42 --player rollout --values "$R" --game-seconds 3 --games 100 \
    >"$here/random42_rollout_3s.txt"
play --system random:42 --player mcts --prior-mix made-in-full --game-seconds 3 --games 100 \
    >"$here/random42_r12_3s.txt"
