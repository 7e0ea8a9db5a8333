#!/usr/bin/env bash
# cardtree's whole double-dummy tables against macroxue's bridge-solver and DDS 3.1, one
# thread each, in one run (`cardtree bridge bench --tables --macroxue BIN --dds`): each deal is
# solved by cardtree, then by macroxue's solver, then by DDS, and every cell of the three
# tables is compared.
#
#   benches/macroxue/run.sh SRC                      # the 100 table vectors
#   benches/macroxue/run.sh SRC d.jsonl hard.jsonl   # other deal files, one bench each
#   BENCH_ARGS="--per-deal pd.csv" benches/macroxue/run.sh SRC d.jsonl
#
# SRC: macroxue's source, a checkout of github.com/macroxue/bridge-solver or its git directory
# (the measurements in docs/bridge.md used 205aaca). Both sides are built the way their
# authors build them for speed: macroxue's solver by its makefile (g++ -O3, a profiling run on
# its hard deal 8, then a build on that profile, with the -msse4.2 -mbmi -mbmi2 the CPU
# reports), into target/macroxue/; cardtree profile-guided too, by benches/pgo/build.sh (its
# profiling run: 40 random deals of seed 7, none of the benchmarks' deals). DDS is the one
# dds-bridge-sys builds (`--features dds`). Random deals as in docs/bridge.md:
# `cardtree bridge deal --seed 2026 --count 1000 --first N > d.jsonl`.
set -euo pipefail
cd "$(dirname "$0")/../.."

src="${1:?give the source of macroxue/bridge-solver: a checkout or its git directory}"
shift
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(tests/data/bridge/dd_tables.jsonl)

out=target/macroxue
rm -rf "$out"
mkdir -p "$out"
if [ -f "$src/solver.cc" ]; then
    cp -r "$src"/. "$out"/
elif git --git-dir="$src" rev-parse --verify -q HEAD >/dev/null; then
    git --git-dir="$src" archive HEAD | tar -x -C "$out"
else
    echo "benches/macroxue/run.sh: $src is neither a checkout with solver.cc nor a git directory" >&2
    exit 1
fi
command -v g++ >/dev/null || { echo "benches/macroxue/run.sh: needs g++ (and make)" >&2; exit 1; }
echo "== building macroxue's solver by its makefile ($out)" >&2
make -C "$out" clean >/dev/null
make -C "$out" >&2
echo "== building cardtree profile-guided (benches/pgo/build.sh)" >&2
cardtree=$(bash benches/pgo/build.sh | tail -n 1)

for f in "${files[@]}"; do
    echo "== $f" >&2
    # shellcheck disable=SC2086
    "$cardtree" bridge bench --tables --file "$f" --macroxue "$out/solver" --dds ${BENCH_ARGS:-}
done
