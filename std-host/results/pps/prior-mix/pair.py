import sys, math
def load(f):
    d = {}
    for l in open(f):
        p = l.strip().split(',')
        if len(p) >= 2 and p[0].isdigit():
            d[int(p[0])] = float(p[1])
    return d
base = load(sys.argv[1])
for f in sys.argv[2:]:
    o = load(f)
    ks = sorted(set(base) & set(o))
    d = [o[k] - base[k] for k in ks]
    n = len(d); m = sum(d) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
    print(f"{f} - {sys.argv[1]}: {m:+.2f} +- {1.96 * sd / math.sqrt(n):.2f} ({n} games), mean {sum(o[k] for k in ks)/n:.2f} vs {sum(base[k] for k in ks)/n:.2f}")
