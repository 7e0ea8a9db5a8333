"""The steps of 004 Table 3, ours beside the paper's, from a merged run's raw.csv.

python3 steps.py all/raw.csv: for each contrast the paper's table makes (a selection or
simulation change with the rest held, the tuned weights, pruning), the paired difference of
our rows over the games both hold (95 % normal interval) beside the difference of the paper's
means; then the rank correlation (Spearman) of our twelve means with the paper's.
"""
import csv
import math
import sys

PAPER = {1: 92, 2: 90, 3: 80, 4: 79, 5: 95, 6: 112, 7: 72, 8: 91, 9: 113, 10: 94, 11: 118, 12: 123}
# (row, minus row, what changes)
STEPS = [
    (2, 1, "UCT + calc. selection (only costs time)"),
    (3, 1, "random + calc. simulation (only costs time)"),
    (5, 1, "prune + random simulation"),
    (6, 1, "best-move simulation"),
    (7, 1, "best-move selection"),
    (8, 1, "prune + UCT selection"),
    (9, 6, "prune + UCT selection, best-move simulation"),
    (10, 8, "tuned weights, prune + UCT / random"),
    (11, 6, "tuned weights, UCT / best move"),
    (12, 9, "tuned weights, prune + UCT / best move"),
    (12, 11, "prune + UCT selection, tuned, best move"),
]


def main(path):
    rows = {}
    for r in csv.DictReader(open(path)):
        row = int(r["label"].split()[0])
        rows.setdefault(row, {})[int(r["game"])] = float(r["score"])
    print("| row | ours | paper |")
    print("|---|---:|---:|")
    for k in sorted(rows):
        v = rows[k].values()
        print(f"| {k} | {sum(v) / len(v):.1f} | {PAPER[k]} |")
    print()
    print("| step | ours (paired, 95 %) | paper |")
    print("|---|---|---:|")
    for a, b, what in STEPS:
        if a not in rows or b not in rows:
            continue
        ks = sorted(set(rows[a]) & set(rows[b]))
        d = [rows[a][k] - rows[b][k] for k in ks]
        n = len(d)
        m = sum(d) / n
        sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
        print(f"| {a} - {b}: {what} | {m:+.1f} +- {1.96 * sd / math.sqrt(n):.1f} ({n} games) | {PAPER[a] - PAPER[b]:+d} |")
    ours = {k: sum(v.values()) / len(v) for k, v in rows.items()}
    ks = sorted(ours)

    def ranks(vals):
        order = sorted(range(len(vals)), key=lambda i: vals[i])
        r = [0.0] * len(vals)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and vals[order[j + 1]] == vals[order[i]]:
                j += 1
            for t in range(i, j + 1):
                r[order[t]] = (i + j) / 2 + 1
            i = j + 1
        return r

    ro, rp = ranks([ours[k] for k in ks]), ranks([PAPER[k] for k in ks])
    n = len(ks)
    mo, mp = sum(ro) / n, sum(rp) / n
    cov = sum((x - mo) * (y - mp) for x, y in zip(ro, rp))
    rho = cov / math.sqrt(sum((x - mo) ** 2 for x in ro) * sum((y - mp) ** 2 for y in rp))
    print()
    print(f"Spearman rank correlation of our {n} means with the paper's: {rho:.2f}")


if __name__ == "__main__":
    main(sys.argv[1])
