"""Hard deals built by hand: candidates from families of deals that make a double-dummy solver
work long, one {"id", "pbn"} JSON object a line (pbn from North). make.sh times them all and
keeps the ones cardtree's solver searches longest.

    built.py > candidates.jsonl

The families (every suit's ranks given out from the ace down, round the seats of an order,
skipping a seat whose length in the suit is full, so the holdings interleave and few cards are
equal in rank; the orders vary from deal to deal by a fixed generator, the same everywhere):
- `built-balanced-N`: every hand 4-3-3-3, each with its four-card suit in a different suit;
- `built-void-N`: 5-4-4-0 hands, each void in a different suit (each suit 5-4-4-0 round the table);
- `built-singleton-N`: 4-4-4-1 hands, each short in a different suit;
- `built-tenace-N`: one side holds every other rank of every suit (A, Q, 10, 8, ... against
  K, J, 9, ...), so every suit is a chain of finesses.

(Deals with long solid suits and many equal cards were tried too: cardtree solves them in under a
millisecond a table, so they are not candidates.)
"""
import itertools
import json

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "AKQJT98765432"


class Lcg:
    """A 64-bit linear congruential generator (Knuth's MMIX constants): the same orders on every
    machine and every Python."""

    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % 2**64
        return (self.state >> 33) % n


def give(lengths, orders, ranks=RANKS):
    """Hands from per-seat suit lengths ({seat: [len per suit]}) and per-suit seat orders."""
    hands = {s: [[] for _ in SUITS] for s in SEATS}
    for k, suit in enumerate(SUITS):
        quota = {s: lengths[s][k] for s in SEATS}
        assert sum(quota.values()) == 13, (suit, quota)
        cycle = itertools.cycle(orders[k])
        for r in ranks:
            while True:
                seat = next(cycle)
                if quota[seat] > 0:
                    break
            quota[seat] -= 1
            hands[seat][k].append(r)
    return hands


def pbn(hands):
    for s in SEATS:
        assert sum(len(x) for x in hands[s]) == 13, (s, hands[s])
    return "N:" + " ".join(".".join("".join(x) for x in hands[s]) for s in SEATS)


def order(rng, first):
    rest = [s for s in SEATS if s != first]
    perm = list(itertools.permutations(rest))[rng.below(6)]
    return [first, *perm]


def shaped(name, rows, count, seed):
    """`count` deals where seat i has suit lengths rows[(i - suit) % 4]."""
    rng = Lcg(seed)
    for n in range(count):
        lengths = {s: [rows[(i - k) % 4] for k in range(4)] for i, s in enumerate(SEATS)}
        orders = [order(rng, SEATS[rng.below(4)]) for _ in SUITS]
        yield f"built-{name}-{n}", pbn(give(lengths, orders))


def tenace(count, seed):
    rng = Lcg(seed)
    for n in range(count):
        hands = {s: [[] for _ in SUITS] for s in SEATS}
        for k in range(4):
            ns, ew = ("N", "S"), ("E", "W")
            if rng.below(2):
                ns, ew = ew, ns
            # Every other rank to one side, alternating its two hands in a varying pattern.
            for j, r in enumerate(RANKS):
                side = ns if j % 2 == 0 else ew
                hands[side[(j // 2 + rng.below(2)) % 2]][k].append(r)
        # Even the hands out to 13 by passing the lowest cards of the longest to the shortest
        # of the same side (which keeps the every-other-rank pattern between the sides).
        for side in (("N", "S"), ("E", "W")):
            a, b = side
            while sum(map(len, hands[a])) != 13:
                big, small = (a, b) if sum(map(len, hands[a])) > 13 else (b, a)
                k = max(range(4), key=lambda i: (len(hands[big][i]), -i))
                hands[small][k].append(hands[big][k].pop())
                hands[small][k].sort(key=RANKS.index)
        if all(sum(map(len, hands[s])) == 13 for s in SEATS):
            yield f"built-tenace-{n}", pbn(hands)


def main():
    deals = [
        *shaped("balanced", [4, 3, 3, 3], 8, 1),
        *shaped("void", [5, 4, 4, 0], 8, 2),
        *shaped("singleton", [4, 4, 4, 1], 8, 3),
        *tenace(24, 4),
    ]
    seen = set()
    for name, deal in deals:
        if deal in seen:
            continue
        seen.add(deal)
        print(json.dumps({"id": name, "pbn": deal}))


main()
