"""Hostile input from Python: any string or bytes to every parser, wrong types, huge lists.
An exception (ValueError, or TypeError for a wrong type), never a Rust panic
(pyo3's PanicException) and never a crash of the interpreter."""

import pytest
from hypothesis import given, settings, strategies as st

import cardtree

FULL = "N:5.JT62.KJ.QJ8653 AKQJ72.AQ9.Q62.T T.K8543.AT93.742 98643.7.8754.AK9"
TABLE = cardtree.DdTable("42858428589a5859a585")
DEAL = cardtree.Deal(FULL)

# Text that looks like the inputs, and text that does not.
cards = st.sampled_from(list("AKQJT98765432SHDCNEW.:- x,;+"))
near = st.lists(cards, max_size=80).map("".join)
text = st.one_of(near, st.text(max_size=200), st.binary(max_size=64).map(lambda b: b.decode("latin-1")))

CALLS = [
    lambda s: cardtree.Deal(s),
    lambda s: cardtree.Deal("N:" + s),
    lambda s: cardtree.DdTable(s),
    lambda s: DEAL.to_pbn(s),
    lambda s: DEAL.hand(s),
    lambda s: cardtree.par(TABLE, s, "None"),
    lambda s: cardtree.par(TABLE, "N", s),
    lambda s: cardtree.solve_board(DEAL, s, "W"),
    lambda s: cardtree.solve_board(DEAL, "NT", s),
    lambda s: cardtree.solve_board(DEAL, "NT", "W", played=s.split()),
    lambda s: cardtree.pps_score(s),
    lambda s: cardtree.pps_score("--" * 25, s),
    lambda s: cardtree.blackjack_actions(s, "6", "10"),
    lambda s: cardtree.lead(s, "3NT", samples=1),
    lambda s: cardtree.lead("KQT2.853.AJ9.742", s, samples=1),
    lambda s: cardtree.lead("KQT2.853.AJ9.742", "3NT", constraints=s, samples=1, max_tries=1000),
    lambda s: cardtree.layouts("KQT2.853.AJ9.742", "3NT", constraints=s, count=1, max_tries=1000),
    lambda s: cardtree.read_pbn(s),
    lambda s: cardtree.read_pbn('[Board "1"]\n[Deal "' + s + '"]\n'),
    lambda s: cardtree.pbn_with_tables('[Event "x"]\n' + s),
    lambda s: cardtree.uct_search(s, iterations=10),
    lambda s: cardtree.uct_search("tictactoe:" + s, iterations=10),
    lambda s: cardtree.uct_search("dice:" + s, iterations=10),
    lambda s: cardtree.uct_search(DEAL, strain=s, leader="W", iterations=10),
]


@pytest.mark.parametrize("call", CALLS)
@settings(max_examples=150, deadline=None)
@given(s=text)
def test_any_string_is_a_value_or_a_value_error(call, s):
    try:
        call(s)
    except ValueError as e:
        assert str(e) and "\n" not in str(e)


@pytest.mark.parametrize(
    "call",
    [
        lambda: cardtree.Deal(None),
        lambda: cardtree.Deal(42),
        lambda: cardtree.dd_table("N:AKQ"),
        lambda: cardtree.dd_tables([FULL]),
        lambda: cardtree.dd_tables(DEAL),
        lambda: cardtree.par("42858428589a5859a585", "N", "None"),
        lambda: cardtree.solve_board(DEAL, "NT", "W", played="S3"),
        lambda: cardtree.dd_tables([DEAL], threads=-1),
        lambda: cardtree.random_deals(-1, 3),
        lambda: cardtree.random_deals(1, 10**30),
        lambda: cardtree.pps_play(games=10**30),
        lambda: cardtree.pps_play(games=2, first=2**64 - 1),
        lambda: cardtree.pps_play(first=-1),
        lambda: cardtree.blackjack_actions("10", "6", "10", decks=10**6),
    ],
)
def test_wrong_types_and_sizes_are_exceptions(call):
    with pytest.raises((TypeError, ValueError, OverflowError)):
        call()


def test_huge_inputs_are_refused_or_handled():
    with pytest.raises(ValueError):
        cardtree.Deal("N:" + "A" * 1_000_000)
    with pytest.raises(ValueError):
        cardtree.pps_score("AS " * 100_000)
    assert cardtree.dd_tables([]) == []
    # A long list of the same deal: solved, each its table.
    assert len(set(t.pbn for t in cardtree.dd_tables([DEAL] * 64))) == 1
