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
