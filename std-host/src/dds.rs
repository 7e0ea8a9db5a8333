//! DDS (Haglund & Hein's double dummy solver, through the `dds-bridge` crate) as a reference
//! for cardtree's solver: the `dds` feature, off by default (it builds DDS's C++ and needs
//! libclang for its bindings).

use cardtree::bridge::Strain;
use cardtree::{Card, Rank, Seat, Suit};
use contract_bridge::PartialDeal;
use dds_bridge::{Board, CurrentTrick, Objective, Solver, Target};

/// DDS's value of every card of `leader` in the position `pbn` (a full deal or an ending at
/// a trick boundary): tricks for the leader's side, in cardtree's cards, sorted; and the
/// nodes DDS searched.
pub fn solve(
    solver: &mut Solver,
    pbn: &str,
    leader: Seat,
    strain: Strain,
) -> Result<(Vec<(Card, u8)>, u32), String> {
    let partial: PartialDeal = pbn
        .parse()
        .map_err(|e| format!("DDS cannot read {pbn:?}: {e}"))?;
    let trick = CurrentTrick::new(strain_to_dds(strain), seat_to_dds(leader));
    let board = Board::try_new(partial, trick).map_err(|e| format!("DDS board: {e}"))?;
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
            let rank = Rank::from_index(r - 2).ok_or_else(|| format!("DDS rank {r}"))?;
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
