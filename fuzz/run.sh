#!/usr/bin/env bash
# Runs every fuzz target (or the ones named) for at most SECONDS each, or until RUNS
# executions, whichever comes first; prints one line per target with its executions, and
# fails at the first crash (libFuzzer leaves the input in fuzz/artifacts/<target>/).
#
#   fuzz/run.sh 20                 # CI: 20 s a target
#   fuzz/run.sh 1800 10000000      # the long run: 10 million executions or 30 minutes
#   fuzz/run.sh 60 -1 solver tree  # some targets (RUNS -1: no execution limit)
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
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" logs
  log="logs/$t.log"
  start=$(date +%s)
  if ! cargo "+$toolchain" fuzz run "$t" "corpus/$t" -- -max_total_time="$seconds" -runs="$runs" \
    -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "fuzz target $t failed (input in fuzz/artifacts/$t/, log in fuzz/$log)" >&2
    exit 1
  fi
  took=$(( $(date +%s) - start ))
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n 1)
  printf '%-16s %14s %8s %12s\n' "$t" "${execs:-?}" "$took" "$(( ${execs:-0} / (took > 0 ? took : 1) ))"
done
