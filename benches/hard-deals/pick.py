"""Prints the `count` deals of a candidate file on which cardtree's solver searched the most
tricks for the whole table (the `tricks` column of `bridge bench --tables --per-deal`: the
same on every machine for one version of the solver), in the candidates' order, as
{"id", "pbn"} JSON lines; `prefix` goes before each candidate's id.

    pick.py COUNT PREFIX CANDIDATES.jsonl PER_DEAL.csv... > picked.jsonl
"""
import csv
import json
import sys


def main():
    count, prefix, candidates, *per_deal = sys.argv[1:]
    deals = []
    with open(candidates, encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            deals.append((str(d["id"]), d["pbn"]))
    position = {i: n for n, (i, _) in enumerate(deals)}
    work = {}
    for name in per_deal:
        with open(name, encoding="utf-8") as f:
            work.update({row["id"]: int(row["tricks"]) for row in csv.DictReader(f)})
    missing = [i for i, _ in deals if i not in work]
    if missing:
        raise SystemExit(f"pick.py: no work measured for {len(missing)} deals, {missing[0]} first")
    # Most tricks first; ties by the candidates' order, so the choice is the same everywhere.
    chosen = sorted(position, key=lambda i: (-work[i], position[i]))[: int(count)]
    for i, pbn in deals:
        if i in chosen:
            print(json.dumps({"id": f"{prefix}{i}", "pbn": pbn}))


main()
