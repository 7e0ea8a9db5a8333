#!/usr/bin/env python3
"""Writes summary.md from grid.jsonl and million.json (made by run.sh): the tables of the
README's "MCTS against optimal"."""
import json
import os

here = os.path.dirname(os.path.abspath(__file__))


def search(d):
    if not d.get("closed_loop"):
        return "paper: open loop, hit-below-17 playouts"
    u = d.get("unprune_after", 0)
    if u == 0:
        return "closed loop, basic playouts, every action from the first visit"
    if u >= 2**32 - 1:
        return "root only (never unpruned), basic playouts"
    return f"closed loop, basic playouts, unpruned after {u:,} visits"


def pct(x):
    return f"{100 * x:.3f}"


rows = [json.loads(l) for l in open(os.path.join(here, "grid.jsonl"))]
out = [
    "# MCTS against the optimal player (made by run.sh, tables by summarise.py)",
    "",
    "Default game: 6 decks, S17, DAS, one split, no surrender, 3:2, peek, a full shoe each "
    "hand; seed 7, 2 threads.",
    "",
    f"## Exact regret per hand, {rows[0]['hands']:,} hands each",
    "",
    "Regret: the optimal player's exact value of the best action less that of the action "
    "MCTS played, summed over a hand (`--audit`), in % of a bet, with its 95 % interval. "
    "Decisions per second include the auditor's own optimal evaluation.",
    "",
    "| search | playouts / decision | regret, % of a bet | 95 % interval | decisions | decisions / s |",
    "|---|---|---|---|---|---|",
]
for d in rows:
    r = d["regret"]
    out.append(
        f"| {search(d)} | {d['iterations']:,} | {pct(r['mean'])} | "
        f"[{pct(r['ci95'][0])}, {pct(r['ci95'][1])}] | {d['decisions']:,} | "
        f"{d['decisions_per_second']:,.0f} |"
    )
path = os.path.join(here, "million.json")
if os.path.exists(path) and os.path.getsize(path) > 0:
    d = json.load(open(path))
    v, r = d["vs"], d["regret"]
    lo, hi = v["paired_difference_ci95"]
    out += [
        "",
        f"## {d['hands']:,} paired hands: {search(d)}, {d['iterations']:,} playouts",
        "",
        f"- MCTS mean return {pct(d['mean'])} % of a bet; optimal on the same cards "
        f"{pct(v['mean'])} %.",
        f"- Paired difference MCTS - optimal: **{pct(v['paired_difference'])} %**, 95 % "
        f"interval [{pct(lo)}, {pct(hi)}].",
        f"- Exact regret: {pct(r['mean'])} % per hand, 95 % interval "
        f"[{pct(r['ci95'][0])}, {pct(r['ci95'][1])}].",
        f"- {d['decisions']:,} MCTS decisions in {d['seconds']:,.0f} s "
        f"({d['decisions_per_second']:,.0f} decisions / s with the auditor).",
    ]
path = os.path.join(here, "speed.json")
if os.path.exists(path) and os.path.getsize(path) > 0:
    d = json.load(open(path))
    out += [
        "",
        f"## Speed without the auditor: {search(d)}, {d['iterations']:,} playouts, 1 thread",
        "",
        f"{d['decisions']:,} decisions in {d['seconds']:,.1f} s: "
        f"**{d['decisions_per_second']:,.0f} decisions / s** "
        f"({1000 / d['decisions_per_second']:.2f} ms a decision), {d['hands']:,} hands.",
    ]
open(os.path.join(here, "summary.md"), "w").write("\n".join(out) + "\n")
