"""The MCTS kernel from Python: the same search as the McKay experiment's for the same seed and
item, and the settings reaching the search."""

import csv
import json

import pytest

import cardtree


def test_a_mckay_search_is_the_experiment_s(cli, tmp_path, dev_deals_vectors):
    deals = tmp_path / "deals.jsonl"
    deals.write_text("".join(json.dumps(v) + "\n" for v in dev_deals_vectors[:3]))
    out = tmp_path / "run"
    cli("experiment", "mckay", "--file", str(deals), "--c", "4", "--p", "3", "--playouts", "400",
        "--seed", "9", "--out", str(out), "--quiet")
    with open(out / "raw.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 3
    for row, v in zip(rows, dev_deals_vectors):
        r = cardtree.uct_search(cardtree.Deal(v["pbn"]), strain=v["trump"], leader=v["leader"],
                                iterations=400, c=4, p=3, mckay=True, seed=9,
                                stream=int(row["item"]))
        assert r["best"] == row["card"]
        assert r["root_value"] == float(row["root_value"])
        assert r["nodes"] == int(row["nodes"])


def test_games_and_settings():
    t = cardtree.uct_search("tictactoe", iterations=3000, seed=3)
    assert t["best"] == 4 and t["iterations"] == 3000 and len(t["children"]) == 9
    assert sum(c["visits"] for c in t["children"]) <= 3000
    # Centre taken by X, O to move: the corners are the draws.
    o = cardtree.uct_search("tictactoe:.../.X./...", iterations=4000, seed=1)
    assert o["best"] in (0, 2, 6, 8) and o["side"] == 1
    d = cardtree.uct_search("dice:9:3", iterations=800, seed=2, p=4.0)
    assert d == cardtree.uct_search("dice", iterations=800, seed=2, p=4.0)
    assert d != cardtree.uct_search("dice", iterations=800, seed=3, p=4.0)
    full = cardtree.uct_search("tictactoe", iterations=5000, nodes=50)
    assert full["tree_full"] > 0 and full["nodes"] == 50
    one = cardtree.uct_search("tictactoe", iterations=1)
    assert one["iterations"] == 1


@pytest.mark.parametrize(
    "call",
    [
        lambda: cardtree.uct_search("chess"),
        lambda: cardtree.uct_search("tictactoe:XXXXXXXXX"),
        lambda: cardtree.uct_search("dice:0:3"),
        lambda: cardtree.uct_search("tictactoe", p=0.5),
        lambda: cardtree.uct_search("tictactoe", c=float("nan")),
        lambda: cardtree.uct_search("tictactoe", iterations=0),
        lambda: cardtree.uct_search("tictactoe", nodes=0),
        lambda: cardtree.uct_search("tictactoe", expansion="some"),
        lambda: cardtree.uct_search("tictactoe", final_move="any"),
        lambda: cardtree.uct_search("tictactoe", backup="median"),
        lambda: cardtree.uct_search(cardtree.Deal.random(1)),
        lambda: cardtree.uct_search(42),
    ],
)
def test_bad_input_is_a_value_error(call):
    with pytest.raises(ValueError) as e:
        call()
    assert "\n" not in str(e.value) and str(e.value)


def test_a_mean_backup_is_the_mean_whatever_the_power():
    mean = cardtree.uct_search("dice", iterations=800, seed=2, p=4.0, backup="mean")
    assert mean == cardtree.uct_search("dice", iterations=800, seed=2, p=1.0)
    power = cardtree.uct_search("dice", iterations=800, seed=2, p=4.0)
    assert power != mean
