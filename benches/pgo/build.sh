#!/usr/bin/env bash
# A profile-guided build of the command line, the way macroxue's makefile builds its solver
# (it profiles a training run, then builds again on the profile): cardtree (with the `dds`
# feature unless --no-dds), instrumented, solves the whole tables of 40 random deals of seed 7 (deals no
# benchmark uses: the benchmarks' random deals are of seed 2026, the vectors and the hard set are
# files); LLVM merges the profile; cardtree is built again on it. Results are the same to the
# bit (the profile moves code and branches, not what it computes); only time changes.
#
#   benches/pgo/build.sh            # prints the binary's path: target/pgo/release/cardtree
#   benches/pgo/build.sh --libdds   # also libdds (capi/), trained through DDS's C interface by
#                                   # benches/pgo/train_libdds.c (tables, BEN's batches and
#                                   # played hands, seed 7): prints target/pgo/release/libdds.so
#                                   # after the binary's path (libdds.a beside it)
#   benches/pgo/build.sh --no-dds   # the binary without DDS linked in (no --dds rivals; as
#                                   # a user's build is, and quicker: CI checks it this way);
#                                   # with --libdds too, what release/build.sh ships
#   benches/pgo/build.sh --wheel SRC [MATURIN_ARGS...]
#                                   # the Python wheel of the package source SRC (python/, or
#                                   # an unpacked sdist) the same way: instrumented, installed
#                                   # into a throwaway venv, trained through its own API on
#                                   # the same 40 tables, then `maturin build --release
#                                   # --locked MATURIN_ARGS` on the profile into
#                                   # target/pgo/wheel/ (release/build.sh passes --zig and the
#                                   # manylinux tag); prints the wheel's path. Needs maturin
#                                   # on the PATH.
#
# Needs the llvm-tools component (llvm-profdata), which it adds through rustup.
set -euo pipefail
cd "$(dirname "$0")/../.."
libdds=false
wheel=
features=(--features dds)
usage="usage: benches/pgo/build.sh [--no-dds] [--libdds] | --wheel SRC [MATURIN_ARGS...]"
if [ "${1:-}" = --wheel ]; then
  [ -n "${2:-}" ] && [ -f "$2/pyproject.toml" ] || {
    echo "benches/pgo/build.sh --wheel: ${2:-(none)} is not a Python package source (no pyproject.toml)" >&2
    exit 2
  }
  wheel=$(cd "$2" && pwd)
  shift 2
else
  for arg in "$@"; do
    case "$arg" in
      --libdds) libdds=true ;;
      --no-dds) features=() ;;
      *) echo "$usage" >&2; exit 2 ;;
    esac
  done
fi

rustup component add llvm-tools >/dev/null 2>&1
sysroot=$(rustc --print sysroot)
host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
[ -x "$profdata" ] || { echo "benches/pgo/build.sh: no llvm-profdata at $profdata" >&2; exit 1; }

# One code-generation unit and whole-program LTO, so that the profile steers inlining across
# the core and the host (about 3 % on top of the profile alone; docs/solver-notes.md section 11
# has the runs and their commands).
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 CARGO_PROFILE_RELEASE_LTO=fat
# The instrumented builds skip the whole-program link (`gen`: one code-generation unit still,
# no link-time optimisation). The counters are placed before any link-time pass, so the
# profile still names every function of the build on it, and what is built on it runs as fast:
# the command line built on either profile, both at once on the two cores, swapped each round,
# 12 rounds of `bridge bench --tables` on 11 deals: median ratio 1.000 (0.97 to 1.03), and
# 0.984 of the instructions on random-4044-2802's table (`valgrind --tool=callgrind`); libdds
# (`cardtree bridge libdds --lib A --other B`, both orders) 1.022 and 1.009 of the time on
# tables, within the host's noise. The instrumented command line then builds in 1.5 min and
# libdds in 9 s on an idle host (4 min and 4 min 45 s in CI's release step beside the second
# lane before; 2026-12-03, docs/solver-notes.md section 33).
gen() { CARGO_PROFILE_RELEASE_LTO=off RUSTFLAGS="-Cprofile-generate=$data" "$@"; }
if [ -n "$wheel" ]; then
  # The wheel: its own target folder and profile (the package is a workspace of its own), the
  # same training deals, through the package's own API.
  data=$PWD/target/pgo/profile-wheel
  out=$PWD/target/pgo/wheel
  rm -rf "$data" "$out"
  mkdir -p "$data"
  work=$(mktemp -d /tmp/cardtree-pgo-wheel.XXXXXX)
  trap 'rm -rf "$work"' EXIT
  export CARGO_TARGET_DIR=$PWD/target/pgo/python
  echo "== instrumented wheel (target/pgo/python)" >&2
  (cd "$wheel" && gen maturin build --release --locked -o "$work/gen" >&2)
  python3 -m venv "$work/venv"
  "$work/venv/bin/pip" install -q --no-index --no-deps "$work"/gen/cardtree-*.whl
  echo "== training run: whole tables of 40 deals of seed 7, from Python" >&2
  LLVM_PROFILE_FILE="$data/wheel-%p-%m.profraw" "$work/venv/bin/python" -c '
import cardtree
tables = cardtree.dd_tables(cardtree.random_deals(7, 40), threads=1)
print(f"{len(tables)} tables")' >&2
  "$profdata" merge -o "$data/merged.profdata" "$data"/*.profraw
  echo "== the wheel on the profile (target/pgo/wheel)" >&2
  (cd "$wheel" && RUSTFLAGS="-Cprofile-use=$data/merged.profdata" \
    maturin build --release --locked -o "$out" "$@" >&2)
  ls "$out"/cardtree-*.whl
  exit 0
fi
data=$PWD/target/pgo/profile
rm -rf "$data"
mkdir -p "$data"

echo "== instrumented build (target/pgo/gen)" >&2
gen cargo build --release --locked -p cardtree-host "${features[@]}" --target-dir target/pgo/gen --quiet
train=$(mktemp /tmp/cardtree-pgo.XXXXXX)
trap 'rm -f "$train"' EXIT
target/pgo/gen/release/cardtree bridge deal --seed 7 --count 40 --first N --out "$train"
echo "== training run: whole tables of 40 deals of seed 7" >&2
target/pgo/gen/release/cardtree bridge bench --tables --file "$train" >&2
if $libdds; then
  # libdds apart from the binary: the binary may link DDS itself (the `dds` feature), whose
  # symbols libdds.so exports too. Its training: a C program of ours calling DDS's table,
  # batch and AnalysePlay functions through the header and the instrumented library alone,
  # on deals, positions and played hands of seed 7 (the libdds benchmark's are of seed 6363).
  gen cargo build --release --locked -p cardtree-dds --target-dir target/pgo/gen --quiet
  cc -std=c11 -O2 -I capi/include -I capi/tests/c -o target/pgo/gen/train_libdds benches/pgo/train_libdds.c \
      -L target/pgo/gen/release -ldds
  echo "== training run: libdds's tables, BEN's batches and played hands, seed 7" >&2
  LD_LIBRARY_PATH=target/pgo/gen/release target/pgo/gen/train_libdds 7 >&2
fi
"$profdata" merge -o "$data/merged.profdata" "$data"/*.profraw
echo "== build on the profile (target/pgo/release)" >&2
RUSTFLAGS="-Cprofile-use=$data/merged.profdata" \
    cargo build --release --locked -p cardtree-host "${features[@]}" --target-dir target/pgo --quiet
echo "$PWD/target/pgo/release/cardtree"
if $libdds; then
  RUSTFLAGS="-Cprofile-use=$data/merged.profdata" \
      cargo build --release --locked -p cardtree-dds --target-dir target/pgo --quiet
  echo "$PWD/target/pgo/release/libdds.so"
fi
