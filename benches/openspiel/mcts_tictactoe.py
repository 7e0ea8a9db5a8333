"""OpenSpiel's C++ MCTS on the search of cardtree's `uct/tic-tac-toe returns` benchmark.

The search: tic-tac-toe from the empty board, 10,000 simulations, UCT child selection (not
PUCT), no MCTS-Solver, one uniformly random rollout per simulation, one thread. `bot.step`
runs the whole search in C++ (`MCTSBot::MCTSearch`); Python only calls it once per search.
Each node keeps `total_reward / explore_count`, the mean of the returns through it, which is
cardtree's `Backup::Returns`.

cardtree's benchmark uses `UctConfig::new()` with 10,000 iterations: `C = sqrt(2)` on values
rescaled to [0, 1]. OpenSpiel's tic-tac-toe returns are in [-1, 1], twice as wide, so the same
selection rule is `uct_c = 2 sqrt(2)` (the default here); `--uct-c` overrides it.

Prints one JSON line. Run by `run.sh`, in the virtualenv it creates.
"""

import argparse
import importlib.metadata
import json
import math
import sys
import time

import pyspiel

SIMULATIONS = 10_000


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--searches", type=int, default=30, help="timed searches")
    parser.add_argument("--warmup", type=int, default=3, help="untimed searches first")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--uct-c",
        type=float,
        default=2.0 * math.sqrt(2.0),
        help="OpenSpiel's uct_c, on returns in [-1, 1] (default 2 sqrt 2 = cardtree's sqrt 2 on [0, 1])",
    )
    args = parser.parse_args()

    game = pyspiel.load_game("tic_tac_toe")
    # MCTSBot keeps a shared_ptr to the evaluator, but hold the Python object too.
    evaluator = pyspiel.RandomRolloutEvaluator(n_rollouts=1, seed=args.seed)
    bot = pyspiel.MCTSBot(
        game=game,
        evaluator=evaluator,
        uct_c=args.uct_c,
        max_simulations=SIMULATIONS,
        max_memory_mb=1000,  # ~12 M nodes: no garbage collection in a 10,000-simulation search
        solve=False,
        seed=args.seed,
        verbose=False,
        child_selection_policy=pyspiel.ChildSelectionPolicy.UCT,
    )
    state = game.new_initial_state()

    # The search really runs the full budget: every simulation passes through the root (the
    # search stops early only on a solved root, which solve=False never sets, or one move).
    root = bot.mcts_search(state)
    if root.explore_count != SIMULATIONS:
        sys.exit(f"OpenSpiel ran {root.explore_count} simulations, not {SIMULATIONS}")

    for _ in range(args.warmup):
        bot.step(state)
    times = []
    for _ in range(args.searches):
        start = time.perf_counter()
        bot.step(state)
        times.append(time.perf_counter() - start)

    mean = sum(times) / len(times)
    print(
        json.dumps(
            {
                "searches": args.searches,
                "simulations_per_search": SIMULATIONS,
                "ms_per_search": round(mean * 1e3, 4),
                "ms_per_search_min": round(min(times) * 1e3, 4),
                "simulations_per_second": round(SIMULATIONS / mean, 1),
                "uct_c": args.uct_c,
                "open_spiel_version": importlib.metadata.version("open_spiel"),
            }
        )
    )


if __name__ == "__main__":
    main()
