"""Paired differences of Poker Squares runs on the same games.

python3 pair.py BASE OTHER...: for each OTHER, the mean of OTHER - BASE over the games both
hold, with a 95 % normal interval. A file is either `pps play --per-game` output (lines
`game,score,...`) or an experiment's raw.csv (a header with `game` and `score` columns).
"""
import csv
import math
import sys


def load(path):
    d = {}
    game, score = 0, 1
    for line in open(path):
        p = next(csv.reader([line.strip()]), [])
        if "game" in p and "score" in p:
            game, score = p.index("game"), p.index("score")
        elif len(p) > max(game, score) and p[game].isdigit():
            d[int(p[game])] = float(p[score])
    return d


base = load(sys.argv[1])
for f in sys.argv[2:]:
    o = load(f)
    ks = sorted(set(base) & set(o))
    d = [o[k] - base[k] for k in ks]
    n = len(d)
    if n < 2:
        print(f"{f} - {sys.argv[1]}: {n} common games, no interval")
        continue
    m = sum(d) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
    print(f"{f} - {sys.argv[1]}: {m:+.2f} +- {1.96 * sd / math.sqrt(n):.2f} ({n} games), mean {sum(o[k] for k in ks)/n:.2f} vs {sum(base[k] for k in ks)/n:.2f}")
