"""Power of the random:42 confirmatory test (summary.md): three looks at 800, 1,600 and 2,400
paired games with O'Brien-Fleming boundaries 3.471, 2.454, 2.004, simulated under the pilot's
effect and spread (seeds 1 and 2: +8.52, 133.06; `pair.py` on those runs) and under no effect.

python3 sequential_power.py [EFFECT SPREAD]: the share of runs stopping at each look and in all.
"""
import math
import random
import sys

LOOKS = [800, 1600, 2400]
BOUNDS = [3.471, 2.454, 2.004]


def stops(effect, spread, runs, rng):
    out = [0] * len(LOOKS)
    for _ in range(runs):
        total, n = 0.0, 0
        for k, (m, b) in enumerate(zip(LOOKS, BOUNDS)):
            total += rng.gauss(effect * (m - n), spread * math.sqrt(m - n))
            n = m
            if abs(total / (spread * math.sqrt(n))) >= b:
                out[k] += 1
                break
    return [x / runs for x in out]


effect, spread = (float(a) for a in sys.argv[1:3]) if len(sys.argv) > 2 else (8.52, 133.06)
rng = random.Random(1)
s = stops(effect, spread, 200000, rng)
expected = sum(p * m for p, m in zip(s, LOOKS)) + (1 - sum(s)) * LOOKS[-1]
print(f"effect {effect:+.2f}, spread {spread:.2f}: stop at the looks {', '.join(f'{p:.3f}' for p in s)}; "
      f"power {sum(s):.3f}; {expected:.0f} games expected")
print(f"no effect: separates in {sum(stops(0.0, spread, 200000, rng)):.3f} of runs")
