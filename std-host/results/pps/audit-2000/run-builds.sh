#!/usr/bin/env bash
# The audit's deviations that no flag reaches (std-host/results/pps/audit.md #6, #8, #9), each as
# a patch of the core (dev*.patch here, experiments, not kept in the code): every patch is
# applied to a scratch worktree of HEAD, built, and plays the fixed row 12 on the same 2,000
# games and budget as run.sh (300 iterations a move, seed 1), and the greedy player by the
# heuristic (004 Table 3 row 7's policy, no search) on 2,000 games. Run from a clean checkout;
# about 5 minutes on two cores. Paired differences against run.sh's r12.txt and the unpatched
# greedy_base.txt: python3 ../prior-mix/pair.py r12.txt dev6-ties.txt ...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
B=${B:-$repo/target/release/cardtree}
scratch=$(mktemp -d)
trap 'git -C "$repo" worktree remove --force "$scratch/tree" 2>/dev/null || true; rm -rf "$scratch"' EXIT
greedy() { "$1" pps play --player greedy --prior-mix made-in-full --weights tuned --games 2000 \
    --seed 1 --threads 2 --per-game; }
greedy "$B" >"$here/greedy_base.txt"
for p in dev6-ties dev8-deck dev9-empty-lines; do
    git -C "$repo" worktree add --detach "$scratch/tree" HEAD >/dev/null 2>&1
    git -C "$scratch/tree" apply "$here/$p.patch"
    cargo build --release -q -p cardtree-host --manifest-path "$scratch/tree/Cargo.toml" \
        --target-dir "$scratch/target"
    b=$scratch/target/release/cardtree
    "$b" pps play --simulation best-move --games 2000 --seed 1 --threads 2 --per-game \
        --iterations 300 --selection prune-uct --prior-mix made-in-full >"$here/$p.txt"
    greedy "$b" >"$here/greedy_$p.txt"
    git -C "$repo" worktree remove --force "$scratch/tree"
done
