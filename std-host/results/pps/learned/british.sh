#!/usr/bin/env bash
# The British confirmatory test (summary.md, "British in games": the plan fixed on 2026-11-28).
# The unguarded 1,000-round rollouts against `--player best` on the fresh games 665-1,999 of
# seed 1, at 95 %, read once, when both have played every one of them; then the 2,000 games
# pooled (pilot included), reported beside it. Run from this directory: bash british.sh
set -e
U=british_unguarded1000_665.txt,british_unguarded1000_663_1999.txt
B=best_british_750.txt,best_british_750_1999.txt
for f in ${U//,/ } ${B//,/ }; do
  [ -f "$f" ] || { echo "british.sh: $f missing: its games are not played yet" >&2; exit 1; }
done
u=$(mktemp); b=$(mktemp)
trap 'rm -f "$u" "$b"' EXIT
# Each player's files as one per-game file (a game in two files must agree: checked below).
cat ${U//,/ } > "$u"; cat ${B//,/ } > "$b"
python3 - "$u" "$b" <<'PY'
import csv, sys
for path in sys.argv[1:]:
    seen = {}
    for line in open(path):
        p = next(csv.reader([line.strip()]), [])
        if len(p) >= 2 and p[0].isdigit():
            g, s = int(p[0]), p[1]
            if seen.setdefault(g, s) != s:
                sys.exit(f"british.sh: game {g} has two scores, {seen[g]} and {s}")
    missing = [g for g in range(2000) if g not in seen]
    if missing:
        sys.exit(f"british.sh: {len(missing)} of games 0-1999 not played yet (first: {missing[0]})")
PY
echo "verdict, fresh games 665-1999 at 95 %:"
python3 ../prior-mix/pair.py --games 665-1999 "$b" "$u" | sed 's/^.* - [^:]*: /  /'
echo "pooled, games 0-1999 (pilot included; not the verdict):"
python3 ../prior-mix/pair.py "$b" "$u" | sed 's/^.* - [^:]*: /  /'
