#!/usr/bin/env bash
# cardtree's whole double-dummy tables against macroxue's bridge-solver and DDS 3.1, one
# thread each, in one run (`cardtree bridge bench --tables --macroxue BIN --dds`): each deal is
# solved by cardtree, then by macroxue's solver, then by DDS, and every cell of the three
# tables is compared.
#
#   benches/macroxue/run.sh SOLVER                      # the 100 table vectors
#   benches/macroxue/run.sh SOLVER d.jsonl hard.jsonl   # other deal files, one bench each
#   BENCH_ARGS="--per-deal pd.csv" benches/macroxue/run.sh SOLVER d.jsonl
#   CARDTREE=target/release/cardtree benches/macroxue/run.sh SOLVER   # the plain build
#
# SOLVER: the `solver` binary of macroxue's bridge-solver (github.com/macroxue/bridge-solver),
# built by you as its own README says (its makefile builds it profile-guided); nothing of it is
# built or kept here. cardtree is built profile-guided too, by benches/pgo/build.sh (its
# profiling run: 40 random deals of seed 7, none of the benchmarks' deals), unless CARDTREE
# names a cardtree binary built with `--features dds`. DDS is the one dds-bridge-sys builds.
# Random deals as in docs/bridge.md: `cardtree bridge deal --seed 2026 --count 1000 --first N
# > d.jsonl`; macroxue's own hard deals and DDS's hardest from `../shared/bridge/`.
set -euo pipefail
cd "$(dirname "$0")/../.."

solver="${1:?give the solver binary of macroxue bridge-solver, built by you from its own README}"
shift
[ -x "$solver" ] || { echo "benches/macroxue/run.sh: $solver is not an executable file" >&2; exit 1; }
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(tests/data/bridge/dd_tables.jsonl)

if [ -n "${CARDTREE:-}" ]; then
    cardtree="$CARDTREE"
else
    echo "== building cardtree profile-guided (benches/pgo/build.sh)" >&2
    cardtree=$(bash benches/pgo/build.sh | tail -n 1)
fi

for f in "${files[@]}"; do
    echo "== $f" >&2
    # shellcheck disable=SC2086
    "$cardtree" bridge bench --tables --file "$f" --macroxue "$solver" --dds ${BENCH_ARGS:-}
done
