#!/usr/bin/env bash
# cardtree's UCT against OpenSpiel's C++ MCTSBot on the same search, in one run: tic-tac-toe
# from the empty board, 10,000 simulations of UCT with one random rollout each, one thread.
#
#   benches/openspiel/run.sh            # 30 timed searches a side
#   SEARCHES=50 benches/openspiel/run.sh
#   PYTHON=python3.12 benches/openspiel/run.sh   # the interpreter for a new virtualenv
#
# The first run creates target/openspiel-venv and installs open_spiel 2.0.2 from PyPI (a
# manylinux wheel; numpy and the other dependencies come with it). OpenSpiel's side is
# mcts_tictactoe.py, cardtree's is the `uct_rival` bench (benches/uct_rival.rs), the search of
# criterion's `uct/tic-tac-toe mean`. Both print one JSON line; the last line compares them.
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

echo "== OpenSpiel $OPEN_SPIEL_VERSION MCTSBot: $SEARCHES searches of 10,000 simulations" >&2
os_json=$("$VENV/bin/python" benches/openspiel/mcts_tictactoe.py --searches "$SEARCHES" | tail -n 1)
echo "openspiel: $os_json"
echo "== cardtree uct: $SEARCHES searches of 10,000 iterations" >&2
ct_json=$(cargo bench --bench uct_rival --quiet -- --searches "$SEARCHES" | tail -n 1)
echo "cardtree:  $ct_json"
t2=$(date +%s.%N)

"$VENV/bin/python" - "$ct_json" "$os_json" "$t0" "$t1" "$t2" <<'EOF'
import json, sys
ct, os_, t0, t1, t2 = json.loads(sys.argv[1]), json.loads(sys.argv[2]), *map(float, sys.argv[3:6])
assert ct["simulations_per_search"] == os_["simulations_per_search"] == 10_000
print(
    f"tic-tac-toe UCT {ct['simulations_per_search']:,} simulations, {ct['searches']} + "
    f"{os_['searches']} searches: cardtree {ct['simulations_per_second']:,.0f} sims/s "
    f"({ct['ms_per_search']:.2f} ms), OpenSpiel {os_['open_spiel_version']} MCTSBot "
    f"{os_['simulations_per_second']:,.0f} sims/s ({os_['ms_per_search']:.2f} ms), "
    f"ratio cardtree/OpenSpiel {ct['simulations_per_second'] / os_['simulations_per_second']:.2f}"
)
print(
    f"fastest search: cardtree {ct['ms_per_search_min']:.2f} ms, OpenSpiel "
    f"{os_['ms_per_search_min']:.2f} ms, ratio {os_['ms_per_search_min'] / ct['ms_per_search_min']:.2f}"
)
print(f"time: setup (venv, install, build) {t1 - t0:.1f} s, measurement {t2 - t1:.1f} s")
EOF
