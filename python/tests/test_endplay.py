"""cardtree against endplay, live: endplay's DDS is the reference (installed from PyPI).

DD tables and par of 100 random deals, every card of 100 positions, and deals moving between
the two libraries: the binding's conversions and calls, on the solver that the Rust tests check
against DDS 3.1 on thousands of positions and capi/tests/endplay against endplay on 500 deals."""

import random

import pytest

import cardtree

endplay = pytest.importorskip("endplay")
from endplay.dds import calc_all_tables, par as endplay_par, solve_board as endplay_solve  # noqa: E402
from endplay.types import Deal as EDeal, Denom, Player, Vul  # noqa: E402

DEALS = 100
SEATS = "NESW"
PLAYERS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
STRAINS = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs, "NT": Denom.nt}
VULS = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}
# The cycle of 16 boards: dealer and vulnerability of board b are those of (b - 1) % 16.
CYCLE_VUL = ["None", "NS", "EW", "All", "NS", "EW", "All", "None",
             "EW", "All", "None", "NS", "All", "None", "NS", "EW"]


def card_name(card):
    suit = card.suit.name[0].upper()
    rank = card.rank.name[1:]
    return suit + rank


@pytest.fixture(scope="module")
def deals():
    return cardtree.random_deals(2026, DEALS)


def test_tables_and_par_agree_with_endplay(deals):
    ours = cardtree.dd_tables(deals)
    theirs = []
    batch = 32  # DDS's CalcAllTables takes at most 32 deals in five strains.
    for i in range(0, len(deals), batch):
        theirs.extend(calc_all_tables([d.to_endplay() for d in deals[i:i + batch]]))
    assert len(theirs) == len(ours)
    for i, (deal, table, ref) in enumerate(zip(deals, ours, theirs)):
        grid = ref.to_list()  # [strain S, H, D, C, NT][player N, E, S, W]
        for s, strain in enumerate(["S", "H", "D", "C", "NT"]):
            for p, seat in enumerate(SEATS):
                assert table[seat, strain] == grid[s][p], (i, deal, seat, strain)
        dealer = SEATS[i % 4]
        vul = CYCLE_VUL[i % 16]
        ours_par = cardtree.par(table, dealer, vul)
        ref_par = endplay_par(ref, VULS[vul], PLAYERS[dealer])
        assert ours_par.score_ns == ref_par.score, (i, deal, dealer, vul)


def test_every_card_agrees_with_endplay(deals):
    rng = random.Random(7)
    for i, deal in enumerate(deals):
        strain = rng.choice(list(STRAINS))
        leader = rng.choice(SEATS)
        ours = cardtree.solve_board(deal, strain, leader)
        e = deal.to_endplay()
        e.first = PLAYERS[leader]
        e.trump = STRAINS[strain]
        theirs = {card_name(c): t for c, t in endplay_solve(e)}
        assert ours == theirs, (i, deal, strain, leader)


def test_deals_move_between_the_libraries(deals):
    for deal in deals[:50]:
        e = deal.to_endplay()
        assert isinstance(e, EDeal)
        assert e.to_pbn() == deal.to_pbn()
        assert cardtree.Deal.from_endplay(e) == deal
        assert cardtree.Deal(e.to_pbn()) == deal
