"""Shared helpers of the Python tests: the repository's test vectors (tests/data/)."""

import json
import pathlib

import pytest

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data"


def json_lines(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.fixture(scope="session")
def dd_tables_vectors():
    """DDS 3.1's 100 whole tables with par (tests/data/bridge/dd_tables.jsonl)."""
    return json_lines(DATA / "bridge" / "dd_tables.jsonl")


@pytest.fixture(scope="session")
def dev_deals_vectors():
    """DDS 3.1's values of all 13 leads of 100 deals (tests/data/bridge/dev_deals.jsonl)."""
    return json_lines(DATA / "bridge" / "dev_deals.jsonl")


@pytest.fixture(scope="session")
def grid_vectors():
    """The EAAI-2016 framework's grids, classes and scores (tests/data/poker-squares/)."""
    lines = json_lines(DATA / "poker-squares" / "dev_grids.jsonl")
    return lines[0]["systems"], lines[1:]


@pytest.fixture(scope="session")
def blackjack_vectors():
    """Eric Farmer's exact values of six rule sets (tests/data/blackjack/exact_values.json)."""
    with open(DATA / "blackjack" / "exact_values.json", encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture(scope="session")
def cli():
    """The command-line program, to check that Python gives what it gives for the same seed:
    $CARDTREE, else the repository's target/release/cardtree. CI sets CARDTREE, so there a
    missing binary fails; elsewhere the tests that need it are skipped."""
    import os
    import subprocess

    path = os.environ.get("CARDTREE") or str(DATA.parents[1] / "target" / "release" / "cardtree")
    if not os.path.exists(path):
        if os.environ.get("CARDTREE"):
            pytest.fail(f"CARDTREE={path} does not exist")
        pytest.skip("no cardtree binary (cargo build --release -p cardtree-host)")

    def run(*args):
        out = subprocess.run([path, *args], check=True, capture_output=True, text=True)
        return out.stdout

    return run
