//! Minimax, alpha-beta and iterative deepening (the lecture slides "Game Playing", after
//! Russell & Norvig, sections 5.1-5.3 and 5.5, undated, 2017 or later; "Minimax",
//! "Alpha-beta pruning", "Depth limits", "Iterative deepening").
//!
//! One recursive search serves all three: minimax is alpha-beta that never prunes. Depth is
//! counted in plies; at depth 0 a non-terminal state is scored by [`Game::evaluate`]. The
//! recursion keeps one state and one [`MoveList`] per ply on the stack.

use super::playout::{MoveOrdering, NaturalOrder};
use super::{MAX_PLIES, Outcome, SearchError, check_sides, improves, maximises};
use crate::game::{Game, MoveList, Side, Turn};

/// How often (in nodes) iterative deepening asks its deadline callback.
const DEADLINE_EVERY: u64 = 1024;

/// Why the recursion stopped early.
enum Halt {
    /// The node budget or the deadline ran out.
    Budget,
    /// The search cannot go on.
    Error(SearchError),
}

impl From<SearchError> for Halt {
    fn from(e: SearchError) -> Self {
        Halt::Error(e)
    }
}

/// What one search carries down the recursion.
struct Context<'a, O, D> {
    order: &'a mut O,
    deadline: D,
    prune: bool,
    nodes: u64,
    node_limit: u64,
    /// Whether some state was scored by `evaluate` at the depth limit (the result is then not
    /// exact).
    cut: bool,
}

/// Plain minimax: the value for side 0 with best play by both sides, visiting every state
/// (to `depth` plies, or to the end of the game with `None`). At most two sides; no chance.
pub fn minimax<G: Game>(state: &G, depth: Option<u32>) -> Result<Outcome<G::Move>, SearchError> {
    run(state, depth, &mut NaturalOrder, false)
}

/// Alpha-beta: the minimax value and move with far fewer states visited; `order` puts the
/// moves of each state in the order to try them (best first prunes most).
pub fn alpha_beta<G: Game, O: MoveOrdering<G>>(
    state: &G,
    depth: Option<u32>,
    order: &mut O,
) -> Result<Outcome<G::Move>, SearchError> {
    run(state, depth, order, true)
}

fn run<G: Game, O: MoveOrdering<G>>(
    state: &G,
    depth: Option<u32>,
    order: &mut O,
    prune: bool,
) -> Result<Outcome<G::Move>, SearchError> {
    check_sides::<G>(2)?;
    let mut cx = Context {
        order,
        deadline: || false,
        prune,
        nodes: 0,
        node_limit: u64::MAX,
        cut: false,
    };
    match search(
        state,
        depth,
        f64::NEG_INFINITY,
        f64::INFINITY,
        &mut cx,
        None,
        0,
    ) {
        Ok((value, best)) => Ok(Outcome {
            value,
            best,
            nodes: cx.nodes,
        }),
        Err(Halt::Error(e)) => Err(e),
        // Without a budget or deadline the search is never halted.
        Err(Halt::Budget) => Err(SearchError::NoIterationCompleted),
    }
}

/// Limits of an [`iterative_deepening`] search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct DeepeningBudget {
    /// The deepest iteration to run (`None`: until the search is exact).
    pub max_depth: Option<u32>,
    /// The most states to visit over all iterations (`None`: no limit). Deterministic, unlike
    /// a deadline.
    pub nodes: Option<u64>,
}

/// The result of [`iterative_deepening`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Deepening<M> {
    /// The value and move of the deepest completed iteration (its `nodes`: states visited by
    /// all iterations, the halted one included).
    pub outcome: Outcome<M>,
    /// The depth of that iteration.
    pub depth: u32,
    /// Whether that iteration reached the end of the game everywhere (no depth cut), so its
    /// value is the exact minimax value.
    pub exact: bool,
}

/// Iterative deepening, an anytime alpha-beta: depth 1, 2, ... until an iteration is exact,
/// `budget.max_depth` is done, the node budget is spent, or `deadline()` returns `true` (asked
/// every 1024 states; the core has no clock, the host passes one). Returns the deepest
/// completed iteration; each iteration tries the previous best root move first.
pub fn iterative_deepening<G, O, D>(
    state: &G,
    budget: DeepeningBudget,
    order: &mut O,
    deadline: D,
) -> Result<Deepening<G::Move>, SearchError>
where
    G: Game,
    O: MoveOrdering<G>,
    D: FnMut() -> bool,
{
    check_sides::<G>(2)?;
    let mut cx = Context {
        order,
        deadline,
        prune: true,
        nodes: 0,
        node_limit: budget.nodes.unwrap_or(u64::MAX),
        cut: false,
    };
    let mut done: Option<Deepening<G::Move>> = None;
    // `max_depth: Some(0)` asks for the static evaluation of the root alone.
    let mut depth = u32::from(budget.max_depth != Some(0));
    loop {
        cx.cut = false;
        let first = done.and_then(|d| d.outcome.best);
        match search(
            state,
            Some(depth),
            f64::NEG_INFINITY,
            f64::INFINITY,
            &mut cx,
            first,
            0,
        ) {
            Ok((value, best)) => {
                let exact = !cx.cut;
                done = Some(Deepening {
                    outcome: Outcome {
                        value,
                        best,
                        nodes: 0,
                    },
                    depth,
                    exact,
                });
                if exact || budget.max_depth.is_some_and(|m| depth >= m) {
                    break;
                }
            }
            Err(Halt::Budget) => break,
            Err(Halt::Error(e)) => return Err(e),
        }
        depth = match depth.checked_add(1) {
            Some(d) => d,
            None => break,
        };
    }
    let mut result = done.ok_or(SearchError::NoIterationCompleted)?;
    result.outcome.nodes = cx.nodes;
    Ok(result)
}

/// Fail-soft alpha-beta (or minimax when `cx.prune` is off) returning the value for side 0 and
/// the best move. `first`, if legal here, is searched first.
fn search<G, O, D>(
    s: &G,
    depth: Option<u32>,
    mut alpha: f64,
    mut beta: f64,
    cx: &mut Context<'_, O, D>,
    first: Option<G::Move>,
    ply: u32,
) -> Result<(f64, Option<G::Move>), Halt>
where
    G: Game,
    O: MoveOrdering<G>,
    D: FnMut() -> bool,
{
    if cx.nodes >= cx.node_limit {
        return Err(Halt::Budget);
    }
    cx.nodes += 1;
    if cx.nodes.is_multiple_of(DEADLINE_EVERY) && (cx.deadline)() {
        return Err(Halt::Budget);
    }
    if ply > MAX_PLIES {
        return Err(SearchError::TooDeep.into());
    }
    let player = match s.turn() {
        Turn::Terminal => return Ok((s.value(Side(0)), None)),
        Turn::Chance => return Err(SearchError::ChanceNode.into()),
        Turn::Player(p) => p,
    };
    if depth == Some(0) {
        cx.cut = true;
        return Ok((s.evaluate(Side(0)), None));
    }
    let mut moves = MoveList::new();
    s.legal_moves(&mut moves);
    if moves.is_empty() {
        return Err(SearchError::NoLegalMove.into());
    }
    if cx.prune {
        cx.order.order(s, &mut moves);
        if moves.is_empty() {
            // The ordering dropped every move.
            return Err(SearchError::NoLegalMove.into());
        }
    }
    if let Some(i) = first.and_then(|f| moves.iter().position(|&m| m == f)) {
        moves[..=i].rotate_right(1);
    }
    let max = maximises(s.side_of(player));
    // `improves` takes any value over no move, so no infinite sentinel is needed.
    let mut best = (0.0, None);
    let next_depth = depth.map(|d| d - 1);
    for &mv in &moves {
        let mut child = s.clone();
        child.apply(mv);
        let (v, _) = search(&child, next_depth, alpha, beta, cx, None, ply + 1)?;
        if improves(max, v, &best) {
            best = (v, Some(mv));
        }
        if cx.prune {
            if max {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::TicTacToe;

    #[test]
    fn minimax_visits_the_whole_tic_tac_toe_tree_and_finds_a_draw() {
        let r = minimax(&TicTacToe::new(), None).unwrap();
        assert_eq!(r.nodes, 549_946);
        assert_eq!(r.value, 0.5);
        assert!(r.best.is_some());
    }

    #[test]
    fn alpha_beta_agrees_with_far_fewer_nodes() {
        let mm = minimax(&TicTacToe::new(), None).unwrap();
        let ab = alpha_beta(&TicTacToe::new(), None, &mut NaturalOrder).unwrap();
        assert_eq!(ab.value, mm.value);
        assert!(
            ab.nodes * 10 < mm.nodes,
            "alpha-beta visited {} nodes",
            ab.nodes
        );
        // A position where X wins at once: both find the winning cell.
        let g: TicTacToe = "XX./OO./...".parse().unwrap();
        for r in [
            minimax(&g, None).unwrap(),
            alpha_beta(&g, None, &mut NaturalOrder).unwrap(),
        ] {
            assert_eq!((r.value, r.best), (1.0, Some(2)));
        }
        // Ordering the centre first still gives the same value.
        let mut centre_first = |_: &TicTacToe, m: &mut MoveList<u8>| m.sort_by_key(|&c| c != 4);
        let ordered = alpha_beta(&TicTacToe::new(), None, &mut centre_first).unwrap();
        assert_eq!(ordered.value, 0.5);
    }

    /// A game that never ends: one player, one move, forever.
    #[derive(Clone, Debug)]
    struct Forever;

    impl Game for Forever {
        type Move = u8;
        const PLAYERS: u8 = 1;
        const SIDES: u8 = 1;
        fn turn(&self) -> Turn {
            Turn::Player(crate::game::Player(0))
        }
        fn legal_moves(&self, moves: &mut MoveList<u8>) {
            moves.clear();
            let _ = moves.push(0);
        }
        fn apply(&mut self, _: u8) {}
        fn value(&self, _: Side) -> f64 {
            0.0
        }
        fn value_range(&self) -> crate::game::ValueRange {
            crate::game::ValueRange { lo: 0.0, hi: 1.0 }
        }
    }

    #[test]
    fn endless_games_and_dropped_moves_are_errors() {
        assert_eq!(minimax(&Forever, None), Err(SearchError::TooDeep));
        assert_eq!(
            crate::search::expectiminimax(&Forever, None),
            Err(SearchError::TooDeep)
        );
        assert_eq!(minimax(&Forever, Some(10)).unwrap().nodes, 11);
        let mut drop_all = |_: &TicTacToe, m: &mut MoveList<u8>| m.clear();
        assert_eq!(
            alpha_beta(&TicTacToe::new(), None, &mut drop_all),
            Err(SearchError::NoLegalMove)
        );
    }

    #[test]
    fn depth_limit_uses_the_evaluation() {
        let r = minimax(&TicTacToe::new(), Some(0)).unwrap();
        assert_eq!((r.value, r.best, r.nodes), (0.5, None, 1));
        let r = minimax(&TicTacToe::new(), Some(1)).unwrap();
        assert_eq!(r.nodes, 10);
    }

    #[test]
    fn iterative_deepening_is_exact_when_the_game_ends_and_anytime_otherwise() {
        let g = TicTacToe::new();
        let full = iterative_deepening(&g, DeepeningBudget::default(), &mut NaturalOrder, || false)
            .unwrap();
        assert!(full.exact);
        assert_eq!(full.depth, 9);
        assert_eq!(full.outcome.value, 0.5);
        let capped = DeepeningBudget {
            max_depth: Some(3),
            nodes: None,
        };
        let r = iterative_deepening(&g, capped, &mut NaturalOrder, || false).unwrap();
        assert_eq!((r.depth, r.exact), (3, false));
        let tight = DeepeningBudget {
            max_depth: None,
            nodes: Some(200),
        };
        let r = iterative_deepening(&g, tight, &mut NaturalOrder, || false).unwrap();
        assert!(r.depth >= 1 && !r.exact && r.outcome.nodes <= 200, "{r:?}");
        let zero = DeepeningBudget {
            max_depth: Some(0),
            nodes: None,
        };
        let r = iterative_deepening(&g, zero, &mut NaturalOrder, || false).unwrap();
        assert_eq!(
            (r.depth, r.exact, r.outcome.best, r.outcome.nodes),
            (0, false, None, 1)
        );
        let none = DeepeningBudget {
            max_depth: None,
            nodes: Some(3),
        };
        assert_eq!(
            iterative_deepening(&g, none, &mut NaturalOrder, || false),
            Err(SearchError::NoIterationCompleted)
        );
        // A deadline that passes at once stops the search at the first check.
        let mut calls = 0;
        let r = iterative_deepening(&g, DeepeningBudget::default(), &mut NaturalOrder, || {
            calls += 1;
            true
        })
        .unwrap();
        assert!(r.depth < 9 && calls == 1, "{r:?} after {calls} calls");
        // A won position is exact at once.
        let won: TicTacToe = "XXX/OO./...".parse().unwrap();
        let r = iterative_deepening(&won, DeepeningBudget::default(), &mut NaturalOrder, || {
            false
        })
        .unwrap();
        assert_eq!(
            (r.depth, r.exact, r.outcome.value, r.outcome.best),
            (1, true, 1.0, None)
        );
    }
}
