#!/usr/bin/env bash
# Runs every fuzz target (or the ones named) for at most SECONDS each, or until RUNS
# executions, whichever comes first; prints one line per target with its executions, and
# fails at the first crash (libFuzzer leaves the input in fuzz/artifacts/<target>/).
#
#   fuzz/run.sh 20                 # 20 s a target
#   fuzz/run.sh 1800 10000000      # the long run: 10 million executions or 30 minutes
#   fuzz/run.sh 60 -1 solver tree  # some targets (RUNS -1: no execution limit)
#   CARDTREE_FUZZ_JOBS=2 fuzz/run.sh 6   # two targets at a time (CI)
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:?usage: fuzz/run.sh SECONDS [RUNS] [TARGET...]}
runs=${2:--1}
shift $(($# < 2 ? $# : 2))
toolchain=${CARDTREE_FUZZ_TOOLCHAIN:-nightly-2026-05-20}
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo "+$toolchain" fuzz list)
fi
[ -d corpus ] || ./seed-corpora.sh
cargo "+$toolchain" fuzz build
printf '%-16s %14s %8s %12s\n' target executions seconds "execs/s"
# One target, its line into logs/<target>.line; a crash or error leaves no line.
one() {
  local t=$1 log="logs/$1.log" start took execs
  mkdir -p "corpus/$t"
  start=$(date +%s)
  cargo "+$toolchain" fuzz run "$t" "corpus/$t" -- -max_total_time="$seconds" -runs="$runs" \
    -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 >"$log" 2>&1 || return 1
  took=$(( $(date +%s) - start ))
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n 1)
  printf '%-16s %14s %8s %12s\n' "$t" "${execs:-?}" "$took" "$(( ${execs:-0} / (took > 0 ? took : 1) ))" \
    >"logs/$t.line"
}
# CARDTREE_FUZZ_JOBS targets at a time (1 by default; each target's run is one process).
jobs=${CARDTREE_FUZZ_JOBS:-1}
mkdir -p logs
for ((i = 0; i < ${#targets[@]}; i += jobs)); do
  batch=("${targets[@]:i:jobs}")
  pids=()
  for t in "${batch[@]}"; do
    rm -f "logs/$t.line"
    one "$t" &
    pids+=($!)
  done
  failed=()
  for k in "${!batch[@]}"; do
    wait "${pids[$k]}" || failed+=("${batch[$k]}")
  done
  for t in "${batch[@]}"; do
    [ -f "logs/$t.line" ] && cat "logs/$t.line"
  done
  for t in "${failed[@]}"; do
    tail -n 40 "logs/$t.log" >&2
    echo "fuzz target $t failed (input in fuzz/artifacts/$t/, log in fuzz/logs/$t.log)" >&2
  done
  [ ${#failed[@]} -eq 0 ] || exit 1
done
