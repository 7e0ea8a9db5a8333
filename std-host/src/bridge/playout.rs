//! `cardtree bridge playout`: hands played by the solver itself, with errors of known cost put
//! in, as LIN or PBN records: the ground truth of the analyser (every error put in must come
//! back at its cost, and nothing else double dummy) and sessions to analyse.
//!
//! Board `i` (numbered from `first`) is dealt from `rng::stream(seed, i)`, with the dealer
//! and vulnerability of its number. Its contract is the one the side with the most
//! double-dummy tricks makes exactly (the strain and declarer of its best table entry,
//! suits before no trump on equal tricks; level 1 when no side takes seven). Every card is one
//! of the solver's best cards for its player, drawn at random, except that with `error_rate`
//! percent chance, when some legal card loses tricks, a losing card is drawn instead, and its
//! cost recorded.

use cardtree::bridge::{
    BridgePlay, Contract, Declared, Strain, Vulnerability, dd_table, dealer_of_board, solve,
};
use cardtree::{Card, Deal, Seat, rng};

use crate::bridge::played::PlayedBoard;
use crate::bridge::table_memory::HostTable;
use crate::error::Error;

/// A board played out, and the errors put in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedOut {
    /// The board.
    pub board: PlayedBoard,
    /// Each error put in: its index in the play and its cost in tricks.
    pub errors: Vec<(usize, u8)>,
}

/// The contract the side with the most double-dummy tricks makes exactly.
fn contract(deal: &Deal, table: &mut HostTable) -> Result<Declared, Error> {
    let t = dd_table(deal, table)
        .map_err(|e| Error::Internal(format!("a dealt deal: {e}")))?
        .table;
    let mut best: Option<(u8, Seat, Strain)> = None;
    for strain in Strain::ALL {
        for seat in Seat::ALL {
            let tricks = t.tricks(seat, strain);
            if best.is_none_or(|(b, _, _)| tricks > b) {
                best = Some((tricks, seat, strain));
            }
        }
    }
    let (tricks, declarer, strain) = best.unwrap_or((7, Seat::North, Strain::NoTrump));
    let level = tricks.saturating_sub(6).clamp(1, 7);
    let contract = Contract::new(level, strain)
        .map_err(|e| Error::Internal(format!("a contract of level {level}: {e}")))?;
    Ok(Declared { contract, declarer })
}

/// Board number `number`, dealt from `rng::stream(seed, index)`, played out.
pub fn playout(
    number: u32,
    seed: u64,
    index: u64,
    error_rate: u8,
    table: &mut HostTable,
) -> Result<PlayedOut, Error> {
    let mut r = rng::stream(seed, index);
    let deal = Deal::random(&mut r);
    let declared = contract(&deal, table)?;
    let mut p = BridgePlay::new(&deal, declared.contract.strain(), declared.leader())
        .map_err(|e| Error::Internal(format!("a dealt deal: {e}")))?;
    let (mut play, mut errors) = (Vec::new(), Vec::new());
    while p.tricks_left() > 0 {
        let s = solve(&p, table);
        let best: Vec<Card> = s
            .cards
            .iter()
            .filter(|c| c.1 == s.best)
            .map(|c| c.0)
            .collect();
        let worse: Vec<(Card, u8)> = s.cards.iter().filter(|c| c.1 < s.best).copied().collect();
        let err = rng::below(&mut r, 100) < u64::from(error_rate);
        let card = match rng::choose(&mut r, &worse).filter(|_| err) {
            Some(&(card, tricks)) => {
                errors.push((play.len(), s.best - tricks));
                card
            }
            None => *rng::choose(&mut r, &best)
                .ok_or_else(|| Error::Internal("a position with no legal card".into()))?,
        };
        p.play(card)
            .map_err(|_| Error::Internal(format!("the solver's card {card} is not legal")))?;
        play.push(card);
    }
    let board = PlayedBoard {
        board: number.to_string(),
        room: None,
        deal,
        dealer: dealer_of_board(number),
        vulnerability: Vulnerability::of_board(number),
        names: Default::default(),
        auction: None,
        alerts: Vec::new(),
        declared: Some(declared),
        play,
        claim: None,
        result: None,
        commentary: Vec::new(),
    };
    let result = board.declarer_tricks();
    let key: Vec<String> = errors
        .iter()
        .map(|&(i, cost)| {
            format!(
                "card {} ({} trick{})",
                i + 1,
                cost,
                if cost == 1 { "" } else { "s" }
            )
        })
        .collect();
    let commentary = vec![if key.is_empty() {
        "played out by cardtree: no error put in".to_owned()
    } else {
        format!(
            "played out by cardtree: errors put in at {}",
            key.join(", ")
        )
    }];
    Ok(PlayedOut {
        board: PlayedBoard {
            result,
            commentary,
            ..board
        },
        errors,
    })
}

/// `cardtree bridge playout`: boards `first..first + count` played out on `pool`, written as
/// PBN (or LIN with `lin`), each with a comment naming the errors put in.
pub fn command(
    count: usize,
    first: u32,
    seed: u64,
    error_rate: u8,
    lin: bool,
    pool: &crate::bridge::solver_pool::SolverPool,
) -> Result<String, Error> {
    let last = u64::from(first) + count as u64;
    if last > u64::from(u32::MAX) {
        return Err(invalid!(
            "--first {first} and --count {count} go past board {}",
            u32::MAX
        ));
    }
    let numbers: Vec<u32> = (0..count as u32).map(|i| first + i).collect();
    let boards = pool.map(&numbers, |table, &n| {
        playout(n, seed, u64::from(n - first), error_rate, table)
    });
    let mut out = String::new();
    for b in boards {
        let b = b?;
        if lin {
            out.push_str(&crate::bridge::lin_write::write(&b.board));
            out.push('\n');
        } else {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&crate::bridge::pbn_play_write::write(&b.board, None, &[]));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::solver_pool::SolverPool;
    use crate::workers::Stop;

    /// The ground truth: boards played out with errors put in, analysed back, give every error
    /// at its cost and no other card a cost.
    #[test]
    fn every_error_put_in_is_found_at_its_cost_and_nothing_else() {
        let pool = SolverPool::new(2, 4).unwrap();
        let mut found = 0;
        for (n, rate) in [(1u32, 10u8), (2, 25), (3, 0), (4, 50)] {
            let out = pool
                .with_table(0, |t| playout(n, 7, u64::from(n), rate, t))
                .unwrap()
                .unwrap();
            assert_eq!(out.board.play.len(), 52);
            let a = crate::bridge::analyse::analyse(vec![out.board.clone()], &pool, Stop::never());
            let r = a[0].review.as_ref().unwrap();
            let costs: Vec<(usize, u8)> = r
                .cards()
                .enumerate()
                .filter(|(_, c)| c.cost > 0)
                .map(|(i, c)| (i, c.cost))
                .collect();
            assert_eq!(costs, out.errors, "board {n}");
            found += costs.len();
            // Through the PBN writer and reader too.
            let text = crate::bridge::pbn_play_write::write(&out.board, None, &[]);
            let back = crate::bridge::pbn_play::read(&text);
            assert_eq!(back[0].as_ref().unwrap().play, out.board.play);
        }
        assert!(found >= 4, "{found} errors put in");
    }
}
