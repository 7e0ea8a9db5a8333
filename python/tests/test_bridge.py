"""Bridge from Python: deals, tables, par and every card, against the repository's copies of
DDS's vectors (tests/data/bridge/), and bad input as ValueError."""

import pathlib

import pytest

import cardtree

FULL = "N:5.JT62.KJ.QJ8653 AKQJ72.AQ9.Q62.T T.K8543.AT93.742 98643.7.8754.AK9"


def test_a_deal_reads_writes_and_compares():
    d = cardtree.Deal(FULL)
    assert d.to_pbn() == FULL
    assert d.to_pbn("W") == "W:98643.7.8754.AK9 5.JT62.KJ.QJ8653 AKQJ72.AQ9.Q62.T T.K8543.AT93.742"
    assert d.hands == {
        "N": "5.JT62.KJ.QJ8653",
        "E": "AKQJ72.AQ9.Q62.T",
        "S": "T.K8543.AT93.742",
        "W": "98643.7.8754.AK9",
    }
    assert d.hand("E") == "AKQJ72.AQ9.Q62.T"
    assert d.size == 13
    assert repr(d) == f"Deal('{FULL}')"
    assert cardtree.Deal(d.to_pbn("S")) == d
    assert len({d, cardtree.Deal(FULL)}) == 1


def test_random_deals_are_the_generator_of_the_vectors(dev_deals_vectors):
    # tests/data/bridge/dev_deals.jsonl was dealt from seed 1, written from West.
    deals = cardtree.random_deals(1, 5)
    assert [d.to_pbn("W") for d in deals] == [v["pbn"] for v in dev_deals_vectors[:5]]
    assert cardtree.Deal.random(1) == deals[0]


def test_tables_and_par_equal_dds_on_the_vectors(dd_tables_vectors):
    deals = [cardtree.Deal(v["pbn"]) for v in dd_tables_vectors]
    tables = cardtree.dd_tables(deals)
    for v, deal, table in zip(dd_tables_vectors, deals, tables):
        assert table.to_dict() == v["dd"], v["id"]
        assert table == cardtree.dd_table(deal) if v["id"] < 3 else True
        p = cardtree.par(table, v["dealer"], v["vulnerable"])
        assert p.score_ns == v["par"]["score_ns"], v["id"]
        assert p.contracts == v["par"]["contracts"], v["id"]


def test_every_lead_equals_dds_on_the_vectors(dev_deals_vectors):
    for v in dev_deals_vectors[:40]:
        got = cardtree.solve_board(cardtree.Deal(v["pbn"]), v["trump"], v["leader"])
        assert got == v["tricks"], v["id"]


def test_a_position_within_a_trick():
    d = cardtree.Deal(FULL)
    led = cardtree.solve_board(d, "NT", "W")
    # After West leads the spade 3, North plays; North's side takes 13 minus West's.
    after = cardtree.solve_board(d, "NT", "W", played=["S3"])
    assert set(after) == {"S5"}  # North's one spade
    assert max(after.values()) == 13 - led["S3"]
    # Two cards in: East's best reply keeps East-West's tricks.
    third = cardtree.solve_board(d, "NT", "W", played=["S3", "S5"])
    assert max(third.values()) == led["S3"]


def test_the_table_s_views():
    t = cardtree.dd_table(cardtree.Deal(FULL))
    assert t.pbn == "42858428589a5859a585"
    assert cardtree.DdTable(t.pbn) == t
    assert t["E", "S"] == 10 and t.tricks("n", "nt") == 4
    assert repr(t) == "DdTable('42858428589a5859a585')"
    assert str(t).splitlines()[0].split() == ["NT", "S", "H", "D", "C"]


@pytest.mark.parametrize(
    "call",
    [
        lambda: cardtree.Deal("N:AKQ"),
        lambda: cardtree.Deal(""),
        lambda: cardtree.Deal("X:" + FULL[2:]),
        lambda: cardtree.Deal(FULL).to_pbn("Q"),
        lambda: cardtree.DdTable("zz"),
        lambda: cardtree.dd_table(cardtree.Deal(FULL), table_mib=0),
        lambda: cardtree.dd_table(cardtree.Deal(FULL), table_mib=10**12),
        lambda: cardtree.par(cardtree.DdTable("42858428589a5859a585"), "N", "Red"),
        lambda: cardtree.par(cardtree.DdTable("42858428589a5859a585"), "Z", "None"),
        lambda: cardtree.solve_board(cardtree.Deal(FULL), "X", "W"),
        lambda: cardtree.solve_board(cardtree.Deal(FULL), "NT", "W", played=["S3", "S3"]),
        lambda: cardtree.solve_board(cardtree.Deal(FULL), "NT", "W", played=["HA"]),
        lambda: cardtree.random_deals(1, 0),
    ],
)
def test_bad_input_is_a_value_error(call):
    with pytest.raises(ValueError) as e:
        call()
    assert "\n" not in str(e.value) and str(e.value)


SESSION = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "bridge" / "session.pbn"


def test_a_pbn_session_reads_and_gets_its_tags(dd_tables_vectors, cli):
    text = SESSION.read_bytes()
    boards = cardtree.read_pbn(text)
    assert [b["board"] for b in boards] == [1, 2, 3]
    for b, v in zip(boards, dd_tables_vectors):
        assert b["deal"] == cardtree.Deal(v["pbn"])
        assert b["dealer"] == v["dealer"] and b["vulnerable"] == v["vulnerable"]
    written = cardtree.pbn_with_tables(text)
    assert written == cli("bridge", "table", "--pbn", str(SESSION)).encode()
    # Written again, it is unchanged; and a str gives the same bytes.
    assert cardtree.pbn_with_tables(written) == written
    assert cardtree.pbn_with_tables(text.decode()) == written
    with pytest.raises(ValueError):
        cardtree.read_pbn('[Board "1"]\n[Deal "N:AKQ"]\n')
