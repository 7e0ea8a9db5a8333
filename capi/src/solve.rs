//! `SolveBoard`: a position's cards, asked DDS's way (`target`, `solutions`, `mode`), answered
//! by the core's [`query`] and written as a `futureTricks`.

use cardtree::bridge::{
    CardQuery, Goal, Listed, QueryAnswer, Score, TableMemory, TransTable, query,
};

use crate::convert::{self, Code, holding_of, suit_index};
use crate::types::{deal, futureTricks};

/// DDS's `target`, `solutions` and `mode` as a [`CardQuery`] (already range-checked).
fn card_query(target: i32, solutions: i32, mode: i32) -> CardQuery {
    CardQuery {
        goal: match target {
            -1 => Goal::Optimum,
            0 => Goal::Legal,
            t => Goal::Reach(u8::try_from(t).unwrap_or(13)),
        },
        listed: match solutions {
            1 => Listed::One,
            2 => Listed::AllBest,
            _ => Listed::All,
        },
        search_forced: mode != 0,
    }
}

/// Solves `dl` as DDS's `SolveBoard` does, on `table`.
pub(crate) fn solve_board<M: TableMemory>(
    dl: &deal,
    target: i32,
    solutions: i32,
    mode: i32,
    table: &mut TransTable<M>,
) -> Result<futureTricks, Code> {
    convert::check_request(target, solutions, mode)?;
    let position = convert::position(dl, target)?;
    let answer = query(&position, &card_query(target, solutions, mode), table);
    Ok(future_tricks(&answer, target))
}

/// The answer as DDS writes it: one entry a group of equal cards, a missed target as no card
/// and a score of -1 (0 for a target of 1), a forced card not searched as a score of -2.
fn future_tricks(a: &QueryAnswer, target: i32) -> futureTricks {
    let mut f = futureTricks {
        nodes: i32::try_from(a.stats.tricks).unwrap_or(i32::MAX),
        ..futureTricks::default()
    };
    if a.missed {
        f.score[0] = if target > 1 { -1 } else { 0 };
        return f;
    }
    f.cards = a.cards.len() as i32;
    for (i, g) in a.cards.iter().enumerate() {
        let suit = g.card.suit();
        f.suit[i] = suit_index(suit);
        f.rank[i] = g.card.rank() as i32 + 2;
        f.equals[i] = holding_of(g.equals, suit) as i32;
        f.score[i] = match g.score {
            Score::Tricks(t) => i32::from(t),
            Score::NotSearched => -2,
        };
    }
    f
}
