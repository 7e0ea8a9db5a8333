"""Whole double-dummy tables from Python: cardtree against endplay (DDS), one thread, and
cardtree on every core, in one run on the same deals; and the same work from Rust
(`cardtree bridge table --threads 1`) to show what the binding costs.

    python python/bench/dd_tables.py [--deals 1000] [--seed 2026] [--file DEALS.jsonl]
        [--cardtree target/release/cardtree] [--rounds 1] [--no-endplay]

`--file` takes the deals of a JSON-lines file with a "pbn" field (the vectors,
tests/data/bridge/dd_tables.jsonl, say) instead of random ones. `--rounds R` runs the
one-thread Python and Rust tables R times, in turns (which goes first alternates, so the
machine's drift falls on both), and compares their totals: the wheel against the command line
it is measured with. One-thread timings pin the process to one core (DDS's own threads cannot
spread); each prints the work it did (deals, tables) and its time; the ratios come last.
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
    parser.add_argument("--file", help="deals from this JSON-lines file (a \"pbn\" field a line)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="one-thread Python and Rust runs, in turns")
    parser.add_argument("--no-endplay", action="store_true", help="leave endplay out")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")

    if args.file:
        with open(args.file, encoding="utf-8") as f:
            deals = [cardtree.Deal(json.loads(line)["pbn"]) for line in f if line.strip()]
        source = args.file
    else:
        deals = cardtree.random_deals(args.seed, args.deals)
        source = f"random deals of seed {args.seed}"
    n = len(deals)
    all_cores = os.sched_getaffinity(0)
    one_core = {min(all_cores)}
    print(f"{n} deals ({source}); cardtree {cardtree.__version__} "
          f"({pathlib.Path(cardtree.__file__).parent}); {args.cardtree}; "
          f"{len(all_cores)} cores", flush=True)

    os.sched_setaffinity(0, one_core)

    def python_tables(_path):
        return timed("cardtree dd_tables, one thread", f"{n} tables",
                     lambda: cardtree.dd_tables(deals, threads=1))

    def rust_tables(path):
        return timed("cardtree bridge table --threads 1 (Rust, the same work)", f"{n} tables",
                     lambda: subprocess.run([args.cardtree, "bridge", "table", "--file",
                                             str(path), "--json", "--threads", "1"],
                                            check=True, stdout=subprocess.DEVNULL,
                                            stderr=subprocess.DEVNULL))

    t_ours = t_rust = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "deals.jsonl"
        path.write_text("".join(json.dumps({"id": i, "pbn": d.to_pbn()}) + "\n"
                                for i, d in enumerate(deals)))
        for r in range(args.rounds):
            runs = [python_tables, rust_tables] if r % 2 == 0 else [rust_tables, python_tables]
            for run in runs:
                out, secs = run(path)
                if run is python_tables:
                    ours, t_ours = out, t_ours + secs
                else:
                    t_rust += secs

    endplay = None
    if not args.no_endplay:
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

    os.sched_setaffinity(0, all_cores)
    _, t_all = timed(f"cardtree dd_tables, {len(all_cores)} threads", f"{n} tables",
                     lambda: cardtree.dd_tables(deals))

    print()
    if endplay is not None:
        print(f"cardtree / endplay, one thread: {t_ours / args.rounds / t_theirs:.2f}")
    print(f"Python / Rust, one thread: {t_ours / t_rust:.3f} "
          f"({t_ours:.2f} s against {t_rust:.2f} s over {args.rounds} round(s) in turns)")
    print(f"throughput on {len(all_cores)} threads / one thread: {t_ours / args.rounds / t_all:.2f}")


if __name__ == "__main__":
    sys.exit(main())
