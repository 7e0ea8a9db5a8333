#!/usr/bin/env bash
# The random:42 confirmatory test's look K (1, 2 or 3; summary.md, "Confirmatory test"): shards
# 1..5K of both players, seed 3, paired by pair.py at the look's O'Brien-Fleming boundary, then
# at 95 %. A look reads nothing unless every shard it needs is whole and every game of the
# papers' best in it ran over 7 M iterations (the plan plays games run under load again first).
# Run from this directory: bash look.sh 1
set -e
k=${1:?usage: bash look.sh K, K = 1, 2 or 3}
case $k in 1) z=3.471 ;; 2) z=2.454 ;; 3) z=2.004 ;; *) echo "look.sh: K is 1, 2 or 3, not $k" >&2; exit 2 ;; esac
A=""; B=""
for i in $(seq 1 $((5 * k))); do
  a=../best-random42-made-in-full-seed3/shard-$i-of-15/raw.csv
  b=../best-random42-cv-unguarded-1000-seed3/shard-$i-of-15/raw.csv
  for f in $a $b; do [ -f $f ] || { echo "look.sh: $f missing: look $k needs shards 1-$((5 * k))" >&2; exit 1; }; done
  low=$(python3 -c "
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print(sum(1 for r in rows if int(r['iterations']) < 7000000) if len(rows) == 160 else 'short')" $a)
  [ "$low" = 0 ] || { echo "look.sh: $a: $low games under 7 M iterations (or not 160 games): play them again first" >&2; exit 1; }
  A="$A${A:+,}$a"; B="$B${B:+,}$b"
done
echo "look $k, boundary |z| >= $z:"
python3 ../prior-mix/pair.py --z $z $A $B | sed 's/^.*csv: /  /'
echo "at 95 %:"
python3 ../prior-mix/pair.py $A $B | sed 's/^.*csv: /  /'
