#!/usr/bin/env bash
# Learned values of abstract hands (core/src/poker_squares/abstraction.rs, learned.rs) and the
# players that use them. Remakes the two committed tables, core/src/poker_squares/values/
# (5,000,000 American and 3,000,000 British self-played games, batches of 20,000: two minutes
# and one on one core, the same bytes for any --threads; rates and sizes: sweep.sh), then
# measures, with seed 1 (the games of every other seed-1 run, so all pair game for game):
# - the learned greedy player and expectimax over the next card over 2,000 games, American
#   and British;
# - `--player best` (rollouts of expectimax with the control variate, guarded by expectimax,
#   200 rounds a move: 4 s a game) over 500 games, American and British (two threads: the
#   same games for any number);
# - expectimax over the next two cards, 2,000 American games (0.4 s a game: a quarter of an
#   hour);
# - at 1 s a game (a microcontroller's kind of budget), 200 American games: rollouts of the
#   learned greedy player, the papers' MCTS with learned-greedy playouts, and UCT with leaves
#   valued by the table (no playouts);
# - the papers' best player (Table 3 row 12, made-in-full prior mix) at 1 s, 500 American games;
# - random:42, a point system without a shipped table: a table learned as for American (kept
#   out of the repository), its greedy and expectimax players over 500 games, the papers'
#   best at 3 s over 100 games, and the controlled rollouts of `--player best` on that table
#   over 100 games.
# The 1 s and 3 s runs are time-budgeted: machine-dependent, run them on a quiet core. The 30 s
# comparisons pair these files with ../best-made-in-full, ../best-british-made-in-full and
# ../best-random42-made-in-full (see summary.md). Exploration rates: sweep.sh.
# Paired differences: python3 ../prior-mix/pair.py BASE OTHER...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
B=${B:-$here/../../../../target/release/cardtree}
T=$here/../../../../core/src/poker_squares/values
rm -f "$T/american.txt" "$T/british.txt"
"$B" pps train --system american --games 5000000 --batch 20000 --seed 1 --explore-ppm 150000 \
    --quiet --out "$T/american.txt"
"$B" pps train --system british --games 3000000 --batch 20000 --seed 1 --explore-ppm 25000 \
    --quiet --out "$T/british.txt"
play() { "$B" pps play --seed 1 --threads 1 --per-game "$@"; }
play --player learned --games 2000 >"$here/learned_2000.txt"
play --player learned --system british --games 2000 >"$here/learned_british_2000.txt"
play --player expectimax --games 2000 >"$here/expectimax_2000.txt"
play --player expectimax --system british --games 2000 >"$here/expectimax_british_2000.txt"
best() { "$B" pps play --seed 1 --threads 2 --per-game --player best --games 500 "$@"; }
best >"$here/best_500.txt"
best --system british >"$here/best_british_500.txt"
play --player expectimax --lookahead 2 --games 2000 >"$here/expectimax2_2000.txt"
play --player rollout --game-seconds 1 --games 200 >"$here/rollout_1s.txt"
play --player mcts --simulation learned --prior-mix made-in-full --game-seconds 1 --games 200 \
    >"$here/mcts_learned_1s.txt"
play --player mcts --selection uct --simulation learned-value --cp 3 --game-seconds 1 \
    --games 200 >"$here/mcts_learned_value_1s.txt"
play --player mcts --prior-mix made-in-full --game-seconds 1 --games 500 >"$here/r12_1s.txt"
# random:42: the table as for American (25 %; sweep.sh measures 10, 25 and 50 %).
R=$(mktemp)
trap 'rm -f "$R"' EXIT
rm -f "$R"
"$B" pps train --system random:42 --games 1000000 --batch 20000 --seed 1 --explore-ppm 250000 \
    --quiet --out "$R"
play --system random:42 --player learned --values "$R" --games 500 >"$here/random42_learned_500.txt"
play --system random:42 --player expectimax --values "$R" --games 500 \
    >"$here/random42_expectimax_500.txt"
play --system random:42 --player mcts --prior-mix made-in-full --game-seconds 3 --games 100 \
    >"$here/random42_r12_3s.txt"
# What `--player best` plays where a table ships, on the random:42 table, games 0-99.
play --system random:42 --player rollout --control-variate --candidates 3 --guard 2 \
    --iterations 200 --values "$R" --games 100 >"$here/random42_best_100.txt"
