//! Expectiminimax (the lecture slides "Game Playing", after Russell & Norvig, sections
//! 5.1-5.3 and 5.5, undated, 2017 or later; "Expectiminimax"): minimax whose chance states
//! take the exact expectation over their listed outcomes.

use super::{MAX_PLIES, Outcome, SearchError, check_sides, improves, maximises};
use crate::game::{Game, MoveList, Outcomes, Side, Turn};

/// The expectiminimax value for side 0 and the best root move, to `depth` plies (chance
/// draws count as plies; `None`: to the end). Chance states must list their outcomes
/// ([`Game::chance_outcomes`]); their value is `sum w_i v_i / sum w_i` over the outcomes'
/// integer weights. At most two sides.
pub fn expectiminimax<G: Game>(
    state: &G,
    depth: Option<u32>,
) -> Result<Outcome<G::Move>, SearchError> {
    check_sides::<G>(2)?;
    let mut nodes = 0;
    let (value, best) = search(state, depth, &mut nodes, 0)?;
    Ok(Outcome { value, best, nodes })
}

fn search<G: Game>(
    s: &G,
    depth: Option<u32>,
    nodes: &mut u64,
    ply: u32,
) -> Result<(f64, Option<G::Move>), SearchError> {
    *nodes += 1;
    if ply > MAX_PLIES {
        return Err(SearchError::TooDeep);
    }
    let turn = s.turn();
    if turn == Turn::Terminal {
        return Ok((s.value(Side(0)), None));
    }
    if depth == Some(0) {
        return Ok((s.evaluate(Side(0)), None));
    }
    let next_depth = depth.map(|d| d - 1);
    match turn {
        Turn::Player(p) => {
            let mut moves = MoveList::new();
            s.legal_moves(&mut moves);
            let max = maximises(s.side_of(p));
            // `improves` takes any value over no move, so no infinite sentinel is needed.
            let mut best = (0.0, None);
            for &mv in &moves {
                let mut child = s.clone();
                child.apply(mv);
                let (v, _) = search(&child, next_depth, nodes, ply + 1)?;
                if improves(max, v, &best) {
                    best = (v, Some(mv));
                }
            }
            if best.1.is_none() {
                return Err(SearchError::NoLegalMove);
            }
            Ok(best)
        }
        _ => {
            let mut outcomes = Outcomes::new();
            if !s.chance_outcomes(&mut outcomes) {
                return Err(SearchError::OutcomesNotListed);
            }
            let mut total = 0u64;
            let mut sum = 0.0;
            for &(mv, w) in &outcomes {
                if w == 0 {
                    continue;
                }
                let mut child = s.clone();
                child.apply(mv);
                let (v, _) = search(&child, next_depth, nodes, ply + 1)?;
                sum += f64::from(w) * v;
                total += u64::from(w);
            }
            if total == 0 {
                return Err(SearchError::NoOutcome);
            }
            Ok((sum / total as f64, None))
        }
    }
}
