#!/usr/bin/env bash
# cardtree's UCT against OpenSpiel's C++ MCTSBot on the same search, in one run: tic-tac-toe
# from the empty board, 10,000 simulations of UCT with one random rollout each, one thread.
#
#   benches/openspiel/run.sh            # 5 rounds of 30 timed searches a side
#   SEARCHES=50 ROUNDS=5 benches/openspiel/run.sh   # rounds: the sides take turns
#   PYTHON=python3.12 benches/openspiel/run.sh   # the interpreter for a new virtualenv
#
# The first run creates target/openspiel-venv and installs open_spiel 2.0.2 from PyPI (a
# manylinux wheel; numpy and the other dependencies come with it). OpenSpiel's side is
# mcts_tictactoe.py, cardtree's is the `uct_rival` bench (benches/uct_rival.rs), the search of
# criterion's `uct/tic-tac-toe returns` (the same algorithm: each
# node the mean of its returns). Both print one JSON line; the last line compares them.
set -euo pipefail

cd "$(dirname "$0")/../.."
OPEN_SPIEL_VERSION=2.0.2
VENV=target/openspiel-venv
SEARCHES=${SEARCHES:-30}
PYTHON=${PYTHON:-python3}

t0=$(date +%s.%N)
if ! "$VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('open_spiel') != '$OPEN_SPIEL_VERSION')" 2>/dev/null; then
    echo "== creating $VENV and installing open_spiel==$OPEN_SPIEL_VERSION" >&2
    [ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "open_spiel==$OPEN_SPIEL_VERSION"
fi
echo "== building the uct_rival bench" >&2
nice cargo bench --bench uct_rival --no-run --quiet
t1=$(date +%s.%N)

# The two sides take turns, ROUNDS times, so that a change in the machine's load (a shared VM)
# falls on both; the comparison uses each side's median round.
ROUNDS=${ROUNDS:-5}
os_lines=()
ct_lines=()
for round in $(seq 1 "$ROUNDS"); do
    echo "== round $round/$ROUNDS: OpenSpiel $OPEN_SPIEL_VERSION MCTSBot, then cardtree uct, $SEARCHES searches of 10,000 simulations each" >&2
    os_lines+=("$("$VENV/bin/python" benches/openspiel/mcts_tictactoe.py --searches "$SEARCHES" | tail -n 1)")
    ct_lines+=("$(cargo bench --bench uct_rival --quiet -- --searches "$SEARCHES" | tail -n 1)")
done
for l in "${os_lines[@]}"; do echo "openspiel: $l"; done
for l in "${ct_lines[@]}"; do echo "cardtree:  $l"; done
t2=$(date +%s.%N)

"$VENV/bin/python" - "$t0" "$t1" "$t2" "${#os_lines[@]}" "${os_lines[@]}" "${ct_lines[@]}" <<'EOF2'
import json, statistics, sys
t0, t1, t2 = map(float, sys.argv[1:4])
k = int(sys.argv[4])
os_ = [json.loads(x) for x in sys.argv[5 : 5 + k]]
ct = [json.loads(x) for x in sys.argv[5 + k :]]
assert all(r["simulations_per_search"] == 10_000 for r in os_ + ct)
med = lambda rows, key: statistics.median(r[key] for r in rows)
ct_ms, os_ms = med(ct, "ms_per_search"), med(os_, "ms_per_search")
ct_min = min(r["ms_per_search_min"] for r in ct)
os_min = min(r["ms_per_search_min"] for r in os_)
n = sum(r["searches"] for r in ct)
print(
    f"tic-tac-toe UCT 10,000 simulations, {k} rounds of {ct[0]['searches']} searches a side "
    f"({n} searches, {n * 10_000:,} simulations each side): median round cardtree "
    f"{ct_ms:.2f} ms ({10_000 / ct_ms * 1e3:,.0f} sims/s), OpenSpiel "
    f"{os_[0]['open_spiel_version']} MCTSBot {os_ms:.2f} ms ({10_000 / os_ms * 1e3:,.0f} sims/s), "
    f"ratio cardtree/OpenSpiel {os_ms / ct_ms:.2f}"
)
print(f"fastest search: cardtree {ct_min:.2f} ms, OpenSpiel {os_min:.2f} ms, ratio {os_min / ct_min:.2f}")
print(f"time: setup (venv, install, build) {t1 - t0:.1f} s, measurement {t2 - t1:.1f} s")
EOF2
