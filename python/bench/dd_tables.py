"""Whole double-dummy tables from Python: cardtree against endplay (DDS), one thread, and
cardtree on every core, in one run on the same deals; and the same work from Rust
(`cardtree bridge table --threads 1`) to show what the binding costs.

    python python/bench/dd_tables.py [--deals 1000] [--seed 2026] [--cardtree target/release/cardtree]

One-thread timings pin the process to one core (DDS's own threads cannot spread); each prints
the work it did (deals, tables) and its time; the ratios come last.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

import cardtree


def timed(label, work, f):
    start = time.perf_counter()
    out = f()
    seconds = time.perf_counter() - start
    print(f"{label}: {work} in {seconds:.2f} s", flush=True)
    return out, seconds


def main():
    repo = pathlib.Path(__file__).resolve().parents[2]
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--cardtree", default=str(repo / "target" / "release" / "cardtree"))
    args = parser.parse_args()

    deals = cardtree.random_deals(args.seed, args.deals)
    n = len(deals)
    all_cores = os.sched_getaffinity(0)
    one_core = {min(all_cores)}
    print(f"{n} random deals of seed {args.seed}; cardtree {cardtree.__version__}; "
          f"{len(all_cores)} cores", flush=True)

    os.sched_setaffinity(0, one_core)
    ours, t_ours = timed("cardtree dd_tables, one thread", f"{n} tables",
                         lambda: cardtree.dd_tables(deals, threads=1))

    try:
        import endplay
        from endplay.dds import calc_all_tables
        import endplay._dds as dds
    except ImportError:
        endplay = None
    if endplay is not None:
        dds.SetMaxThreads(1)
        edeals = [d.to_endplay() for d in deals]

        def run_endplay():
            out = []
            for i in range(0, n, 32):  # CalcAllTables takes 32 deals in five strains at most
                out.extend(calc_all_tables(edeals[i:i + 32]))
            return out

        theirs, t_theirs = timed(f"endplay {endplay.__version__} calc_all_tables, one thread",
                                 f"{n} tables", run_endplay)
        strains = ["S", "H", "D", "C", "NT"]
        agree = sum(
            all(t[seat, s] == r.to_list()[k][p] for k, s in enumerate(strains)
                for p, seat in enumerate("NESW"))
            for t, r in zip(ours, theirs))
        print(f"tables that agree: {agree} of {n}", flush=True)

    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "deals.jsonl"
        path.write_text("".join(json.dumps({"id": i, "pbn": d.to_pbn()}) + "\n"
                                for i, d in enumerate(deals)))
        _, t_rust = timed("cardtree bridge table --threads 1 (Rust, the same work)", f"{n} tables",
                          lambda: subprocess.run([args.cardtree, "bridge", "table", "--file",
                                                  str(path), "--json", "--threads", "1"],
                                                 check=True, stdout=subprocess.DEVNULL,
                                                 stderr=subprocess.DEVNULL))

    os.sched_setaffinity(0, all_cores)
    _, t_all = timed(f"cardtree dd_tables, {len(all_cores)} threads", f"{n} tables",
                     lambda: cardtree.dd_tables(deals))

    print()
    if endplay is not None:
        print(f"cardtree / endplay, one thread: {t_ours / t_theirs:.2f}")
    print(f"Python / Rust, one thread: {t_ours / t_rust:.3f}")
    print(f"throughput on {len(all_cores)} threads / one thread: {t_ours / t_all:.2f}")


if __name__ == "__main__":
    sys.exit(main())
