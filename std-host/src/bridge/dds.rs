//! DDS (Haglund & Hein's double dummy solver, through the `dds-bridge` crate) as a reference
//! for cardtree's solver: the `dds` feature, off by default (it builds DDS's C++ and needs
//! libclang for its bindings).

use crate::error::{Context, Error};
use cardtree::bridge::{DdTable, Strain, Vulnerability};
use cardtree::{Card, Rank, Seat, Suit};
use contract_bridge::PartialDeal;
use dds_bridge::{Board, CurrentTrick, Objective, Solver, Target, TrickCountRow, TrickCountTable};

/// DDS's value of every card of `leader` in the position `pbn` (a full deal or an ending at
/// a trick boundary): tricks for the leader's side, in cardtree's cards, sorted; and the
/// nodes DDS searched.
pub fn solve(
    solver: &mut Solver,
    pbn: &str,
    leader: Seat,
    strain: Strain,
) -> Result<(Vec<(Card, u8)>, u32), Error> {
    let partial: PartialDeal = pbn
        .parse()
        .map_err(Error::core)
        .with_context(|| format!("DDS cannot read {pbn:?}"))?;
    let trick = CurrentTrick::new(strain_to_dds(strain), seat_to_dds(leader));
    let board = Board::try_new(partial, trick)
        .map_err(Error::core)
        .context("DDS board")?;
    let found = solver.solve_board(&Objective {
        board,
        target: Target::Legal,
    });
    let mut out = Vec::new();
    for play in &found.plays {
        let suit = suit_from_dds(play.card.suit);
        let score = u8::from(play.score);
        let ranks = std::iter::once(play.card.rank.get())
            .chain((2..=14u8).filter(|&r| play.equals.to_bits() & (1 << r) != 0));
        for r in ranks {
            let rank = Rank::from_index(r - 2).ok_or_else(|| invalid!("DDS rank {r}"))?;
            out.push((Card::new(suit, rank), score));
        }
    }
    out.sort();
    Ok((out, found.nodes))
}

fn strain_to_dds(s: Strain) -> contract_bridge::Strain {
    match s {
        Strain::Clubs => contract_bridge::Strain::Clubs,
        Strain::Diamonds => contract_bridge::Strain::Diamonds,
        Strain::Hearts => contract_bridge::Strain::Hearts,
        Strain::Spades => contract_bridge::Strain::Spades,
        Strain::NoTrump => contract_bridge::Strain::Notrump,
    }
}

fn seat_to_dds(s: Seat) -> contract_bridge::Seat {
    match s {
        Seat::North => contract_bridge::Seat::North,
        Seat::East => contract_bridge::Seat::East,
        Seat::South => contract_bridge::Seat::South,
        Seat::West => contract_bridge::Seat::West,
    }
}

fn suit_from_dds(s: contract_bridge::Suit) -> Suit {
    match s {
        contract_bridge::Suit::Clubs => Suit::Clubs,
        contract_bridge::Suit::Diamonds => Suit::Diamonds,
        contract_bridge::Suit::Hearts => Suit::Hearts,
        contract_bridge::Suit::Spades => Suit::Spades,
    }
}

/// DDS's double-dummy table of the full deal `pbn` (CalcDDtable, through `solve_deal`).
pub fn dd_table(solver: &mut Solver, pbn: &str) -> Result<DdTable, Error> {
    let deal: contract_bridge::FullDeal = pbn
        .parse()
        .map_err(Error::core)
        .with_context(|| format!("DDS cannot read {pbn:?}"))?;
    let t = solver.solve_deal(deal);
    Ok(DdTable::from_fn(|seat, strain| {
        u8::from(t[strain_to_dds(strain)].get(seat_to_dds(seat)))
    }))
}

/// DDS's par (DealerPar) of `table`: North-South's score and the contracts as
/// `(level, strain, declarer)`, sorted (DDS lists a side's contract once per player).
pub fn par(
    table: &DdTable,
    dealer: Seat,
    vulnerable: Vulnerability,
) -> (i32, Vec<(u8, Strain, Seat)>) {
    let rows = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ]
    .map(|s| {
        TrickCountRow::new(
            table.tricks(Seat::North, s),
            table.tricks(Seat::East, s),
            table.tricks(Seat::South, s),
            table.tricks(Seat::West, s),
        )
    });
    // `dds_bridge::calculate_par` 0.21 passes its arguments to DDS's
    // `DealerParBin(table, result, dealer, vulnerable)` (vendor/library/src/api/dll.h of
    // dds-bridge-sys 3.4.0) the other way round: its vulnerability's code (None 0, All 1,
    // NS 2, EW 3) lands in `dealer` and its dealer's number in `vulnerable`. So each is
    // handed over as the other, to give DDS what it means.
    let dealer_as_vul = match dealer {
        Seat::North => dds_bridge::Vulnerability::NONE,
        Seat::East => dds_bridge::Vulnerability::ALL,
        Seat::South => dds_bridge::Vulnerability::NS,
        Seat::West => dds_bridge::Vulnerability::EW,
    };
    let vul_as_dealer = match vulnerable {
        Vulnerability::None => contract_bridge::Seat::North,
        Vulnerability::Both => contract_bridge::Seat::East,
        Vulnerability::NorthSouth => contract_bridge::Seat::South,
        Vulnerability::EastWest => contract_bridge::Seat::West,
    };
    let p = dds_bridge::calculate_par(TrickCountTable(rows), dealer_as_vul, vul_as_dealer);
    let mut contracts: Vec<(u8, Strain, Seat)> = p
        .contracts
        .iter()
        .map(|c| {
            (
                c.contract.bid.level.get(),
                strain_from_dds(c.contract.bid.strain),
                seat_from_dds(c.declarer),
            )
        })
        .collect();
    contracts.sort();
    contracts.dedup();
    (p.score, contracts)
}

fn strain_from_dds(s: contract_bridge::Strain) -> Strain {
    match s {
        contract_bridge::Strain::Clubs => Strain::Clubs,
        contract_bridge::Strain::Diamonds => Strain::Diamonds,
        contract_bridge::Strain::Hearts => Strain::Hearts,
        contract_bridge::Strain::Spades => Strain::Spades,
        contract_bridge::Strain::Notrump => Strain::NoTrump,
    }
}

fn seat_from_dds(s: contract_bridge::Seat) -> Seat {
    match s {
        contract_bridge::Seat::North => Seat::North,
        contract_bridge::Seat::East => Seat::East,
        contract_bridge::Seat::South => Seat::South,
        contract_bridge::Seat::West => Seat::West,
    }
}
