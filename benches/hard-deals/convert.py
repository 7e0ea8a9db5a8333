"""Writes the hard-deal set as JSON lines (see make.sh): macroxue's hard deals, then the random
deals on which cardtree searched the most tricks.

    convert.py HARD_DEALS_DIR RANDOM.jsonl A.csv B.csv > hard_deals.jsonl

A macroxue deal file has North on the first line, West and East on the second, South on the
third, each hand four suits (spades first) separated by spaces, a void as '-', optionally with
the seat letter and suit symbols; any lines after the hands (a strain, a leader) are ignored.
"""
import csv
import json
import pathlib
import sys

PICK = 81


def macroxue(path):
    lines = [line for line in path.read_text(encoding="utf-8").split("\n") if line.strip()][:3]
    tokens = []
    for line in lines:
        for symbol in "♠♥♦♣":
            line = line.replace(symbol, " ")
        tokens += ["" if t == "-" else t for t in line.split() if t not in ("N", "W", "E", "S")]
    if len(tokens) != 16:
        raise SystemExit(f"{path}: expected 16 suits, found {len(tokens)}")
    north, west, east, south = (tokens[i:i + 4] for i in range(0, 16, 4))
    hands = [north, east, south, west]
    if any(len("".join(h)) != 13 for h in hands):
        raise SystemExit(f"{path}: a hand does not have 13 cards")
    return "N:" + " ".join(".".join(h) for h in hands)


def main():
    hard, random_deals, *per_deal = sys.argv[1:]
    files = sorted(pathlib.Path(hard).glob("deal.*"), key=lambda p: int(p.suffix[1:]))
    for f in files:
        print(json.dumps({"id": f"macroxue-hard-{f.suffix[1:]}", "pbn": macroxue(f)}))
    deals = {}
    with open(random_deals, encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            deals[str(d["id"])] = d["pbn"]
    work = []
    for name in per_deal:
        with open(name, encoding="utf-8") as f:
            work += [(int(row["tricks"]), row["id"]) for row in csv.DictReader(f)]
    # Most tricks first; ties by id, so the choice is the same everywhere.
    work.sort(key=lambda t: (-t[0], int(t[1])))
    for tricks, i in sorted(work[:PICK], key=lambda t: int(t[1])):
        print(json.dumps({"id": f"random-4044-{i}", "pbn": deals[i]}))


main()
