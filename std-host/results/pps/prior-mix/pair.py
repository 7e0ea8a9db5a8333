"""Paired differences of Poker Squares runs on the same games.

python3 pair.py [--z Z] [--games A-B] BASE OTHER...: for each OTHER, the mean of OTHER - BASE
over the games both hold (with --games, only games A to B, both included), with a normal
interval of Z standard errors (default 1.96, 95 %; 2.178 is Pocock's boundary for two looks at
an overall 5 %) and the difference's z (mean over standard error).
A file is either `pps play --per-game` output (lines `game,score,...`) or an experiment's
raw.csv (a header with `game` and `score` columns).
Runs of several seeds pool as comma-separated lists, BASE1,BASE2 OTHER1,OTHER2: the k-th file of
OTHER pairs with the k-th of BASE (the same game index under another seed is another game).
"""
import csv
import math
import sys


def load(paths):
    d = {}
    for k, path in enumerate(paths.split(",")):
        d.update({(k, g): s for g, s in load_one(path).items()})
    return d


def load_one(path):
    d = {}
    game, score = 0, 1
    for line in open(path):
        p = next(csv.reader([line.strip()]), [])
        if "game" in p and "score" in p:
            game, score = p.index("game"), p.index("score")
        elif len(p) > max(game, score) and p[game].isdigit():
            d[int(p[game])] = float(p[score])
    return d


args = sys.argv[1:]
z = 1.96
games = None
while args[:1] in (["--z"], ["--games"]):
    if args[0] == "--z":
        z = float(args[1])
    else:
        a, b = args[1].split("-")
        games = range(int(a), int(b) + 1)
    args = args[2:]
base = load(args[0])
for f in args[1:]:
    o = load(f)
    ks = sorted(k for k in set(base) & set(o) if games is None or k[1] in games)
    d = [o[k] - base[k] for k in ks]
    n = len(d)
    if n < 2:
        print(f"{f} - {args[0]}: {n} common games, no interval")
        continue
    m = sum(d) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
    se = sd / math.sqrt(n)
    zd = f"{m / se:.2f}" if se > 0 else "undefined"
    print(f"{f} - {args[0]}: {m:+.2f} +- {z * se:.2f} ({n} games, z = {zd}), mean {sum(o[k] for k in ks)/n:.2f} vs {sum(base[k] for k in ks)/n:.2f}")
