//! UCT: Monte-Carlo tree search with upper confidence bounds, in a caller's [`Tree`]: the
//! kernel (selection, expansion, simulation, backups) that [`uct`] runs on a state and
//! [`ismcts`](super::ismcts) on an information set; its configuration is `uct_config.rs`.

use rand_core::Rng;

use super::SearchError;
use super::clock::{Clock, NoClock};
use super::playout::{Policy, playout};
use super::tree_policy::{PlainTree, TreePolicy};
use super::uct_config::{Backup, Expansion, FinalMove, UctConfig};
use crate::blank::Blank;
use crate::game::{Game, MAX_MOVES, MAX_SIDES, MoveList, Outcomes, Side, Turn, ValueRange};
use crate::math;
use crate::power_mean::Power;
use crate::rng;
use crate::tree::{Node, NodeId, Storage, TreeError, TreeInner};

/// The longest path from the root an iteration follows in the tree; deeper, it simulates.
const MAX_PATH: usize = 256;

/// Iterations between two readings of the clock under a [`UctConfig::deadline`]: a reading
/// costs a system call on a host, an iteration of Poker Squares a few microseconds, so a
/// search overshoots its deadline by at most 16 iterations' time.
pub const CLOCK_EVERY: u32 = 16;

/// Visit counts below this have their `ln` remembered during a search.
const LN_SMALL: usize = 512;

/// Node kinds, in the low two bits of [`Node::tag`](crate::Node::tag).
const KIND_MAX: u8 = 0;
const KIND_MIN: u8 = 1;
const KIND_CHANCE: u8 = 2;
const KIND_MASK: u8 = 0b11;
/// The root's tag also holds the perspective side, above the kind bits.
const SIDE_SHIFT: u8 = 2;
/// The side bits above the kind bits (`MAX_SIDES` = 8 sides).
const SIDE_MASK: u8 = 0b111;
/// The tag bit of a child [`TreePolicy::prune`] pruned.
const PRUNED: u8 = 1 << 7;
/// The tag bit of a node with a pruned child (selection elsewhere skips the check per child).
const SOME_PRUNED: u8 = 1 << 6;

/// A root move's statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ChildStat<M> {
    /// The move.
    pub mv: M,
    /// Its value for the search's side.
    pub value: f64,
    /// How often the search tried it.
    pub visits: u32,
}

/// The result of [`uct`].
#[derive(Clone, Debug, PartialEq)]
pub struct UctResult<M> {
    /// The chosen root move (`None` if the root is terminal, a chance state, or unvisited).
    pub best: Option<M>,
    /// The side whose values `root_value` and `children` give.
    pub side: Side,
    /// The root's value.
    pub root_value: f64,
    /// Every root child in the game's move order.
    pub children: heapless::Vec<ChildStat<M>, MAX_MOVES>,
    /// Iterations run (fewer than [`UctConfig::iterations`] if the deadline stopped the
    /// search).
    pub iterations: u32,
    /// Nodes in the tree after the search.
    pub nodes: usize,
    /// Iterations that found the tree full and simulated from the deepest node instead.
    pub tree_full: u32,
    /// Plies played in simulations.
    pub playout_plies: u64,
    /// Tree nodes visited, summed over the iterations (each iteration's path, root included).
    pub node_visits: u64,
}

/// Runs UCT from `state` in `tree` with `config`, simulating with `policy` and drawing every
/// random number from `rng`; how it works is described below.
///
/// Never panics: a full tree is reported in [`UctResult::tree_full`]; errors are a game that
/// breaks its own contract (no legal move, endless playout) or a configuration the game does
/// not support (power backups with more than two sides).
///
/// Each iteration walks from the root: *selection* picks an unvisited child at random if there
/// is one (McKay's appendix), else the child maximising `X + C sqrt(ln n / n_j)` (minimising
/// `X - C sqrt(ln n / n_j)` on the other side's turns, as McKay does); chance states follow an
/// outcome sampled from the game. *Expansion* creates all children of a node at once, as one
/// block; [`Expansion::OneNode`] then stops at the first new node, [`Expansion::AllChildren`]
/// (McKay) keeps descending to the end of the game. *Simulation* plays the rest with a
/// [`Policy`]. *Backpropagation* increments visits along the path and sets each node's value
/// from its visited children: the visit-weighted mean, or McKay's power mean ([`Backup`]);
/// chance nodes always average.
///
/// Values are stored for one side, the *perspective* (the side to move at the root, side 0 if
/// the root is a chance state), as in McKay's program, which keeps the tricks of the root
/// player's side at every node. Games with more than two sides keep in each node the mean
/// reward of the side that chose it (max^n), as [`Backup::Returns`] does, whether the backup is
/// that or [`Backup::Mean`]; they do not support power backups.
///
/// Chance states grow one child per listed outcome ([`Game::chance_outcomes`]); a chance state
/// whose outcomes the game cannot list stays a leaf, and iterations simulate from it. If the
/// tree cannot hold a node's children, the iteration simulates from that node and the result
/// counts it in [`UctResult::tree_full`] (a tree too small for the root's children gives no
/// move at all). Terminal values outside the game's [`ValueRange`] are an error.
///
/// The whole search is integer and `libm` arithmetic on the caller's generator: the same seed,
/// state and configuration give the same values, visits and move on every machine.
///
/// # Examples
///
/// UCT with McKay's power-mean backups on tic-tac-toe (any type implementing [`Game`] works
/// the same way; `core/examples/custom_game.rs` writes one):
///
/// ```
/// use cardtree::search::{uct, Backup, RandomPolicy, UctConfig};
/// use cardtree::{rng, Power, TicTacToe, Tree};
///
/// let board: TicTacToe = "XX./OO./...".parse()?; // X to move and win in the corner
/// let mut tree: Tree<u8, 20_000> = Tree::new(); // a `static` on a microcontroller
/// let config = UctConfig {
///     iterations: 5000,
///     backup: Backup::Power(Power::new(5.0)?),
///     ..UctConfig::new()
/// };
/// let r = uct(&mut tree, &board, &config, &mut RandomPolicy, &mut rng::seeded(1))?;
/// assert_eq!(r.best, Some(2));
/// assert_eq!(r.iterations, 5000);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn uct<G, P, R, B>(
    tree: &mut TreeInner<G::Move, B>,
    state: &G,
    config: &UctConfig,
    policy: &mut P,
    rng: &mut R,
) -> Result<UctResult<G::Move>, SearchError>
where
    G: Game,
    P: Policy<G> + ?Sized,
    R: Rng + ?Sized,
    B: Storage<G::Move>,
{
    uct_with(tree, state, config, &NoClock, &mut PlainTree, policy, rng)
}

/// [`uct`] with a game's [`TreePolicy`] and a [`Clock`]: the children a node gets, the ones
/// selection never takes, the value of a leaf it evaluates instead of playing out, and the
/// reward backed up come from `tree_policy`; [`UctConfig::deadline`] is read on `clock`
/// (never read without a deadline: pass [`NoClock`]); everything else is [`uct`]'s. One call
/// searches one move under either budget, iterations or time.
pub fn uct_with<G, C, T, P, R, B>(
    tree: &mut TreeInner<G::Move, B>,
    state: &G,
    config: &UctConfig,
    clock: &C,
    tree_policy: &mut T,
    policy: &mut P,
    rng: &mut R,
) -> Result<UctResult<G::Move>, SearchError>
where
    G: Game,
    C: Clock + ?Sized,
    T: TreePolicy<G> + ?Sized,
    P: Policy<G> + ?Sized,
    R: Rng + ?Sized,
    B: Storage<G::Move>,
{
    run(
        tree,
        state,
        &mut Perfect(state),
        tree_policy,
        config,
        clock,
        policy,
        rng,
    )
}

/// Where each iteration's state and each node's children come from.
pub(super) trait Source<G: Game> {
    /// Whether an iteration's state may allow only some of a node's children.
    const RESTRICTS: bool;
    /// The state of the next iteration.
    fn next_state<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<G, SearchError>;
    /// The children a node of `state` gets, if the source decides them (`false`: the
    /// [`TreePolicy`] does).
    fn tree_moves(&self, state: &G, moves: &mut MoveList<G::Move>) -> bool;
}

/// Perfect information: every iteration starts from the root state itself.
struct Perfect<'g, G>(&'g G);

impl<G: Game> Source<G> for Perfect<'_, G> {
    const RESTRICTS: bool = false;
    fn next_state<R: Rng + ?Sized>(&mut self, _: &mut R) -> Result<G, SearchError> {
        Ok(self.0.clone())
    }
    fn tree_moves(&self, _: &G, _: &mut MoveList<G::Move>) -> bool {
        false
    }
}

/// The search of [`uct`] and [`ismcts`] from `state` (the root), its iterations' states and
/// its nodes' children from `source`, until the budget of `config` runs out on `clock`.
#[allow(clippy::too_many_arguments)]
pub(super) fn run<G, S, T, C, P, R, B>(
    tree: &mut TreeInner<G::Move, B>,
    state: &G,
    source: &mut S,
    hooks: &mut T,
    config: &UctConfig,
    clock: &C,
    policy: &mut P,
    rng: &mut R,
) -> Result<UctResult<G::Move>, SearchError>
where
    G: Game,
    S: Source<G> + ?Sized,
    C: Clock + ?Sized,
    T: TreePolicy<G> + ?Sized,
    P: Policy<G> + ?Sized,
    R: Rng + ?Sized,
    B: Storage<G::Move>,
{
    let multi = G::SIDES > 2;
    let returns = matches!(config.backup, Backup::Returns);
    if usize::from(G::SIDES) > MAX_SIDES || (multi && matches!(config.backup, Backup::Power(_))) {
        return Err(SearchError::TooManySides { sides: G::SIDES });
    }
    let power = match config.backup {
        Backup::Mean | Backup::Returns => Power::MEAN,
        Backup::Power(p) => p,
    };
    let range = state.value_range();
    if !(range.lo.is_finite() && range.hi.is_finite() && range.lo <= range.hi) {
        return Err(SearchError::BadRange);
    }

    // The root: reused (with the side its values are for) or fresh.
    let reused = if config.reuse_tree { tree.root() } else { None };
    let (root, side) = match reused {
        // Two sides: the reused values stay for the side they were for. More: each node
        // keeps its chooser's reward, so the root's children are the mover's.
        Some(r) if !multi => (
            r,
            Side(tree.get(r).map_or(0, |n| (n.tag >> SIDE_SHIFT) & SIDE_MASK)),
        ),
        Some(r) => (r, mover_side(state)),
        None => {
            let r = tree.init()?;
            (r, mover_side(state))
        }
    };
    let root_kind = kind(state, state.turn(), side, multi);
    let pruned = tree.get(root).map_or(0, |n| n.tag & SOME_PRUNED);
    set_tag(tree, root, root_kind | (side.0 << SIDE_SHIFT) | pruned)?;

    // Outside `Search`, so that building the struct does not copy it (a second 4 KiB of
    // stack in a firmware built for size).
    let mut ln_small = [f64::NAN; LN_SMALL];
    let mut search = Search {
        config,
        restrict: S::RESTRICTS || hooks.superset_moves(),
        power,
        range,
        multi,
        returns: returns || multi,
        side,
        iterations: 0,
        tree_full: 0,
        playout_plies: 0,
        node_visits: 0,
        path: heapless::Vec::new(),
        moves: MoveList::new(),
        legal: MoveList::new(),
        outcomes: Outcomes::new(),
        scores: [0.0; MAX_MOVES],
        ln_small: &mut ln_small,
    };
    for i in 0..config.iterations {
        if let Some(deadline) = config.deadline
            && i > 0
            && i % CLOCK_EVERY == 0
            && clock.micros() >= deadline
        {
            break;
        }
        let s = source.next_state(rng)?;
        search.iterate(tree, root, s, source, hooks, policy, rng)?;
        search.iterations = i + 1;
    }
    Ok(summarise(tree, root, root_kind, &search))
}

/// Keeps the subtree below `played`, the move (or chance outcome) actually made at the root,
/// for the next search with [`UctConfig::reuse_tree`]; its values stay for the same side.
/// Returns `false`, leaving the tree as it was, if the root has no such child.
pub fn keep_subtree<M: Blank + PartialEq, B: Storage<M>>(
    tree: &mut TreeInner<M, B>,
    played: M,
) -> bool {
    let Some(root) = tree.root() else {
        return false;
    };
    let Some(child) = tree.child_by_move(root, played) else {
        return false;
    };
    let side_bits = tree.get(root).map_or(0, |n| n.tag & !KIND_MASK);
    match tree.get_mut(child) {
        Some(n) => n.tag = (n.tag & KIND_MASK) | side_bits,
        None => return false,
    }
    tree.reroot(child).is_ok()
}

/// The side to move, or side 0 at a chance or terminal state.
fn mover_side<G: Game>(state: &G) -> Side {
    match state.turn() {
        Turn::Player(p) => state.side_of(p),
        _ => Side(0),
    }
}

/// The kind of node for `turn`: maximising or minimising the perspective side's value, or
/// chance. With more than two sides every player maximises its own value.
fn kind<G: Game>(state: &G, turn: Turn, side: Side, multi: bool) -> u8 {
    match turn {
        Turn::Player(p) if !multi && state.side_of(p) != side => KIND_MIN,
        Turn::Chance => KIND_CHANCE,
        _ => KIND_MAX,
    }
}

fn set_tag<M, B: Storage<M>>(
    tree: &mut TreeInner<M, B>,
    id: NodeId,
    tag: u8,
) -> Result<(), TreeError> {
    tree.get_mut(id)
        .map(|n| n.tag = tag)
        .ok_or(TreeError::UnknownNode(id))
}

/// One search's working state.
struct Search<'c, M> {
    config: &'c UctConfig,
    /// Whether a node's children may include moves an iteration's state does not allow
    /// ([`ismcts`], an open loop): selection then checks the legal moves at every node.
    restrict: bool,
    power: Power,
    range: ValueRange,
    multi: bool,
    /// Whether every node keeps the running mean of its rewards ([`Backup::Returns`], and
    /// every backup with more than two sides).
    returns: bool,
    side: Side,
    /// Iterations completed.
    iterations: u32,
    tree_full: u32,
    playout_plies: u64,
    node_visits: u64,
    /// The nodes of this iteration, each with the side whose value it keeps.
    path: heapless::Vec<(NodeId, u8), MAX_PATH>,
    moves: MoveList<M>,
    /// The legal moves of an iteration's state at the node being selected from, when the
    /// tree may hold more children than the state allows ([`ismcts`]).
    legal: MoveList<M>,
    outcomes: Outcomes<M>,
    /// The selection scores of one node's children.
    scores: [f64; MAX_MOVES],
    /// `ln n` for `n < LN_SMALL` once computed, NaN before.
    ln_small: &'c mut [f64; LN_SMALL],
}

impl<M: Copy + PartialEq + Blank> Search<'_, M> {
    /// One iteration: selection and expansion, simulation, backpropagation.
    #[allow(clippy::too_many_arguments)]
    fn iterate<G, S, T, P, R, B>(
        &mut self,
        tree: &mut TreeInner<M, B>,
        root: NodeId,
        mut s: G,
        source: &S,
        hooks: &mut T,
        policy: &mut P,
        rng: &mut R,
    ) -> Result<(), SearchError>
    where
        G: Game<Move = M>,
        S: Source<G> + ?Sized,
        T: TreePolicy<G> + ?Sized,
        P: Policy<G> + ?Sized,
        R: Rng + ?Sized,
        B: Storage<M>,
    {
        self.path.clear();
        let _ = self.path.push((root, self.side.0));
        let mut node = root;
        // Whether this iteration passed a chance state without a node (an open loop): its
        // nodes may then hold children the state does not allow.
        let mut open = false;
        let simulate = loop {
            let turn = s.turn();
            if turn == Turn::Terminal {
                break false;
            }
            if turn == Turn::Chance && !hooks.chance_node(&s) {
                let outcome = s.sample_chance(rng).ok_or(SearchError::NoOutcome)?;
                s.apply(outcome);
                open = true;
                continue;
            }
            if self.path.is_full() {
                break true;
            }
            let n = tree.get(node).ok_or(TreeError::UnknownNode(node))?;
            if !n.is_expanded() {
                match self.expand(tree, node, &s, turn, source, hooks) {
                    Ok(true) => {}
                    Ok(false) => break true,
                    Err(SearchError::Tree(TreeError::Full { .. })) => {
                        self.tree_full += 1;
                        break true;
                    }
                    Err(e) => return Err(e),
                }
            }
            let chose = matches!(turn, Turn::Player(_));
            let (child, chooser) = match turn {
                Turn::Player(p) => {
                    let restrict = self.restrict || open;
                    if restrict {
                        s.legal_moves(&mut self.legal);
                    }
                    let forced = if node == root {
                        None
                    } else {
                        let visits = tree.get(node).map_or(0, |n| n.visits);
                        hooks
                            .forced_move(&s, visits)
                            .and_then(|mv| tree.child_by_move(node, mv))
                            .filter(|&c| {
                                tree.get(c)
                                    .is_some_and(|c| selectable(c, restrict, &self.legal))
                            })
                    };
                    let child = match forced {
                        Some(c) => c,
                        None => self.select(tree, node, restrict, rng)?,
                    };
                    (child, s.side_of(p).0)
                }
                _ => {
                    let outcome = s.sample_chance(rng).ok_or(SearchError::NoOutcome)?;
                    match tree.child_by_move(node, outcome) {
                        Some(c) => (c, self.path.last().map_or(self.side.0, |&(_, k)| k)),
                        None => {
                            // An outcome the listing did not have: simulate from here.
                            s.apply(outcome);
                            break true;
                        }
                    }
                }
            };
            let c = tree.get(child).ok_or(TreeError::UnknownNode(child))?;
            let fresh = c.visits == 0;
            s.apply(c.mv);
            let keeper = if self.multi { chooser } else { self.side.0 };
            let _ = self.path.push((child, keeper));
            node = child;
            let stop = match self.config.expansion {
                Expansion::OneNode => fresh,
                Expansion::OneDecision => fresh && chose,
                Expansion::AllChildren => false,
            };
            if stop {
                break true;
            }
        };
        // A leaf the tree policy values needs no playout.
        // (`evaluates` first: plain UCT's is a constant `false`, so no extra `turn` a playout.)
        let evaluated = simulate && hooks.evaluates(&s) && s.turn() != Turn::Terminal;
        if simulate && !evaluated {
            let plies = playout(&mut s, policy, rng, self.config.max_playout_plies)?;
            self.playout_plies += u64::from(plies);
        }
        let mut rewards = [0.0; MAX_SIDES];
        let (lo, hi) = (self.range.lo, self.range.hi);
        for (k, r) in (0..G::SIDES).zip(rewards.iter_mut()) {
            if self.multi || k == self.side.0 {
                let v = if evaluated {
                    hooks.leaf_value(&s, Side(k))
                } else {
                    s.value(Side(k))
                };
                if !(lo <= v && v <= hi) {
                    return Err(SearchError::ValueOutOfRange);
                }
                *r = hooks.reward(v);
            }
        }
        self.node_visits += self.path.len() as u64;
        self.backpropagate(tree, &rewards)
    }

    /// Creates the children of `node` (legal moves, or listed chance outcomes of positive
    /// weight) and marks its kind. `Ok(false)`: a chance state that cannot list its outcomes,
    /// which stays a leaf.
    fn expand<G, S, T, B>(
        &mut self,
        tree: &mut TreeInner<M, B>,
        node: NodeId,
        s: &G,
        turn: Turn,
        source: &S,
        hooks: &mut T,
    ) -> Result<bool, SearchError>
    where
        G: Game<Move = M>,
        S: Source<G> + ?Sized,
        T: TreePolicy<G> + ?Sized,
        B: Storage<M>,
    {
        match turn {
            Turn::Chance => {
                if !s.chance_outcomes(&mut self.outcomes) {
                    return Ok(false);
                }
                self.moves.clear();
                for &(mv, _) in self.outcomes.iter().filter(|&&(_, w)| w > 0) {
                    let _ = self.moves.push(mv);
                }
                if self.moves.is_empty() {
                    return Err(SearchError::NoOutcome);
                }
            }
            _ => {
                if !source.tree_moves(s, &mut self.moves) {
                    hooks.tree_moves(s, &mut self.moves);
                }
                if self.moves.is_empty() {
                    return Err(SearchError::NoLegalMove);
                }
            }
        }
        let children = tree.expand(node, &self.moves)?;
        let mut tag = tree.get(node).map_or(0, |n| n.tag & !KIND_MASK);
        if turn != Turn::Chance {
            let pruned = hooks.prune(s, &self.moves);
            if pruned != 0 {
                tag |= SOME_PRUNED;
                for (i, id) in children.enumerate().take(64) {
                    if pruned >> i & 1 != 0
                        && let Some(c) = tree.get_mut(id)
                    {
                        c.tag |= PRUNED;
                    }
                }
            }
        }
        set_tag(tree, node, tag | kind(s, turn, self.side, self.multi))?;
        Ok(true)
    }

    /// A child of a player's node: an unvisited one at random, else by the UCT formula; with
    /// `restrict`, only among the children whose moves are in `self.legal`.
    fn select<R: Rng + ?Sized, B: Storage<M>>(
        &mut self,
        tree: &TreeInner<M, B>,
        node: NodeId,
        restrict: bool,
        rng: &mut R,
    ) -> Result<NodeId, SearchError> {
        let n = tree.get(node).ok_or(TreeError::UnknownNode(node))?;
        if restrict || n.tag & SOME_PRUNED != 0 {
            self.select_among::<true, R, B>(tree, node, n, restrict, rng)
        } else {
            // Every child allowed: no check per child (plain UCT's case).
            self.select_among::<false, R, B>(tree, node, n, false, rng)
        }
    }

    /// [`Search::select`] at `node` (`n`), with `FILTER` whether any child may be pruned or
    /// illegal.
    fn select_among<const FILTER: bool, R: Rng + ?Sized, B: Storage<M>>(
        &mut self,
        tree: &TreeInner<M, B>,
        node: NodeId,
        n: &Node<M>,
        restrict: bool,
        rng: &mut R,
    ) -> Result<NodeId, SearchError> {
        let ids = n.children();
        let kids = tree.child_nodes(node);
        let legal = &self.legal;
        let allowed = |c: &Node<M>| !FILTER || selectable(c, restrict, legal);
        let minimise = n.tag & KIND_MASK == KIND_MIN;
        let c = self.config.exploration.constant();
        let (lo, hi) = (self.range.lo, self.range.hi);
        let scale = if self.config.normalize && hi > lo {
            1.0 / (hi - lo)
        } else {
            1.0
        };
        let shift = if self.config.normalize && hi > lo {
            lo
        } else {
            0.0
        };
        // Unvisited children first (McKay's appendix), one of them at random.
        let unvisited = kids.iter().filter(|c| c.visits == 0 && allowed(c)).count();
        if unvisited > 0 {
            let k = rng::index(rng, unvisited);
            return kids
                .iter()
                .enumerate()
                .filter(|&(_, c)| c.visits == 0 && allowed(c))
                .nth(k)
                .and_then(|(i, _)| ids.nth_id(i))
                .ok_or(SearchError::Tree(TreeError::UnknownNode(node)));
        }
        // Every child scored in a loop without branches (its divisions and square roots
        // overlap, where a compare-and-branch per child mispredicted), then the first of the
        // highest scores. `u - x` is `u + (-x)` exactly, so the minimising side only flips
        // the scale's sign.
        let ln_n = ln_visits(self.ln_small, n.visits.max(1));
        let sscale = if minimise { -scale } else { scale };
        let score_of = |child: &Node<M>| {
            let u = c * math::sqrt(ln_n / f64::from(child.visits));
            u + (f64::from(child.value) - shift) * sscale
        };
        if FILTER {
            // Some children may be pruned or illegal: score only the others (the same scores).
            let mut best = None;
            let mut best_score = f64::NEG_INFINITY;
            for (i, child) in kids.iter().enumerate() {
                if allowed(child) {
                    let score = score_of(child);
                    if best.is_none() || score > best_score {
                        best = Some(i);
                        best_score = score;
                    }
                }
            }
            return best
                .and_then(|i| ids.nth_id(i))
                .ok_or(SearchError::NoLegalMove);
        }
        let scores = &mut self.scores;
        for (score, child) in scores.iter_mut().zip(kids) {
            *score = score_of(child);
        }
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for (i, &score) in scores.iter().take(kids.len()).enumerate() {
            if best.is_none() || score > best_score {
                best = Some(i);
                best_score = score;
            }
        }
        best.and_then(|i| ids.nth_id(i))
            .ok_or(SearchError::NoLegalMove)
    }

    /// Adds one visit along the path and recomputes each node's value, leaf first.
    fn backpropagate<B: Storage<M>>(
        &self,
        tree: &mut TreeInner<M, B>,
        rewards: &[f64; MAX_SIDES],
    ) -> Result<(), SearchError> {
        for &(id, keeper) in self.path.iter().rev() {
            let reward = rewards.get(usize::from(keeper)).copied().unwrap_or(0.0);
            let node = tree.get_mut(id).ok_or(TreeError::UnknownNode(id))?;
            node.visits = node.visits.saturating_add(1);
            let from_children = if self.returns {
                None
            } else {
                self.children_value(tree, id)?
            };
            let node = tree.get_mut(id).ok_or(TreeError::UnknownNode(id))?;
            node.value = match from_children {
                Some(v) => v as f32,
                None => {
                    // A leaf, or every node under `Backup::Returns` or with more than two
                    // sides: the running mean.
                    let v = f64::from(node.value);
                    (v + (reward - v) / f64::from(node.visits)) as f32
                }
            };
        }
        Ok(())
    }

    /// The backup of `id`'s visited children, or `None` if none is visited.
    fn children_value<B: Storage<M>>(
        &self,
        tree: &TreeInner<M, B>,
        id: NodeId,
    ) -> Result<Option<f64>, SearchError> {
        let Some(node) = tree.get(id) else {
            return Ok(None);
        };
        let (lo, hi) = (self.range.lo, self.range.hi);
        let visited = tree
            .child_nodes(id)
            .iter()
            .filter(|c| c.visits > 0)
            .map(|c| (f64::from(c.value), f64::from(c.visits)));
        let kind = node.tag & KIND_MASK;
        if kind == KIND_CHANCE || self.power.is_mean() {
            return Ok(mean_of_children(lo, visited));
        }
        let Some((xmin, xmax)) = visited.clone().fold(None, |r: Option<(f64, f64)>, (x, _)| {
            Some(r.map_or((x, x), |(a, b)| (a.min(x), b.max(x))))
        }) else {
            return Ok(None);
        };
        if xmin == xmax {
            // One visited child, or all alike: any mean is that value.
            return Ok(Some(xmin));
        }
        let value = if kind == KIND_MIN {
            self.power
                .mean_min(hi, visited.map(|(x, w)| (x.min(hi), w)))?
        } else {
            lo + self
                .power
                .mean(visited.map(|(x, w)| ((x - lo).max(0.0), w)))?
        };
        // Shifting by `lo` and back may round a hair outside the children's range (values are
        // checked finite, but `max`/`min` cannot panic as `clamp` could).
        Ok(Some(value.max(xmin).min(xmax)))
    }
}

/// Whether selection may take child `c`: not pruned and, with `restrict`, one of the `legal`
/// moves of the iteration's state.
fn selectable<M: PartialEq>(c: &Node<M>, restrict: bool, legal: &MoveList<M>) -> bool {
    c.tag & PRUNED == 0 && (!restrict || legal.contains(&c.mv))
}

/// `ln n` for a node's visits, remembered for small `n` (the deep nodes, most of the
/// selections): the same `libm` value, computed once a search (`memo` holds NaN where not yet computed).
fn ln_visits(memo: &mut [f64; LN_SMALL], n: u32) -> f64 {
    match memo.get_mut(n as usize) {
        Some(slot) if !slot.is_nan() => *slot,
        Some(slot) => {
            *slot = math::ln(f64::from(n));
            *slot
        }
        None => math::ln(f64::from(n)),
    }
}

/// The visit-weighted mean of the visited children `(value, visits)`, in one pass: exactly the
/// arithmetic of `lo + Power::MEAN.mean((x - lo).max(0), w)` clamped into the children's range
/// (the same sums in the same order), without its checks, which values read from `f32`
/// nodes and visit counts always pass. `None` if no child is visited.
fn mean_of_children(lo: f64, visited: impl Iterator<Item = (f64, f64)>) -> Option<f64> {
    let (mut xmin, mut xmax) = (f64::INFINITY, f64::NEG_INFINITY);
    let (mut total, mut weighted) = (0.0f64, 0.0f64);
    let mut any = false;
    for (x, w) in visited {
        any = true;
        // `f64::min`/`max` without their NaN branches: node values are never NaN.
        if x < xmin {
            xmin = x;
        }
        if x > xmax {
            xmax = x;
        }
        total += w;
        weighted += w * (x - lo).max(0.0);
    }
    if !any {
        return None;
    }
    if xmin == xmax {
        return Some(xmin);
    }
    // `x - lo` rounds monotonically in `x`, so the shifted values' extremes are the shifted
    // extremes.
    let (tmin, tmax) = ((xmin - lo).max(0.0), (xmax - lo).max(0.0));
    let m = if tmin == tmax {
        tmin
    } else {
        (weighted / total).max(tmin).min(tmax)
    };
    Some((lo + m).max(xmin).min(xmax))
}

/// The result: root statistics and the final move.
fn summarise<M: Copy, B: Storage<M>>(
    tree: &TreeInner<M, B>,
    root: NodeId,
    root_kind: u8,
    search: &Search<'_, M>,
) -> UctResult<M> {
    let mut children = heapless::Vec::new();
    for id in tree.children(root) {
        if let Some(c) = tree.get(id) {
            let stat = ChildStat {
                mv: c.mv,
                value: f64::from(c.value),
                visits: c.visits,
            };
            let _ = children.push(stat);
        }
    }
    let better = |a: f64, b: f64| if root_kind == KIND_MIN { a < b } else { a > b };
    let mut by_value: Option<ChildStat<M>> = None;
    let mut by_visits: Option<ChildStat<M>> = None;
    for c in children.iter().filter(|c| c.visits > 0) {
        if by_value.is_none_or(|b| better(c.value, b.value)) {
            by_value = Some(*c);
        }
        if by_visits.is_none_or(|b| c.visits > b.visits) {
            by_visits = Some(*c);
        }
    }
    let turn_has_moves = root_kind != KIND_CHANCE;
    let best = match search.config.final_move {
        FinalMove::HighestValue => by_value,
        FinalMove::MostVisits => by_visits,
        FinalMove::Robust => match (by_value, by_visits) {
            (Some(v), Some(n)) if v.visits == n.visits => Some(v),
            _ => by_visits,
        },
    }
    .filter(|_| turn_has_moves)
    .map(|c| c.mv);
    UctResult {
        best,
        side: search.side,
        root_value: if search.multi {
            // The root's own running mean may be for an earlier chooser after a reuse: report
            // the mover's, from the children.
            let w: u64 = children.iter().map(|c| u64::from(c.visits)).sum();
            let s: f64 = children.iter().map(|c| c.value * f64::from(c.visits)).sum();
            if w > 0 { s / w as f64 } else { 0.0 }
        } else {
            tree.get(root).map_or(0.0, |n| f64::from(n.value))
        },
        children,
        iterations: search.iterations,
        nodes: tree.len(),
        tree_full: search.tree_full,
        playout_plies: search.playout_plies,
        node_visits: search.node_visits,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::TicTacToe;
    use crate::games::{DiceDuel, dice_moves as moves};
    use crate::search::RandomPolicy;
    use crate::search::uct_config::Exploration;
    use crate::tree::Tree;

    fn run<B: Storage<u8>>(
        tree: &mut TreeInner<u8, B>,
        g: &TicTacToe,
        config: &UctConfig,
        seed: u64,
    ) -> UctResult<u8> {
        uct(tree, g, config, &mut RandomPolicy, &mut rng::seeded(seed)).unwrap()
    }

    #[test]
    fn takes_a_win_and_blocks_a_loss() {
        let mut tree: Tree<u8, 20_000> = Tree::new();
        let config = UctConfig {
            iterations: 3000,
            ..UctConfig::new()
        };
        let win: TicTacToe = "XX./OO./...".parse().unwrap();
        assert_eq!(run(&mut tree, &win, &config, 1).best, Some(2));
        let block: TicTacToe = "XX./O../...".parse().unwrap();
        let r = run(&mut tree, &block, &config, 1);
        assert_eq!(r.best, Some(2), "{r:?}");
        assert_eq!(r.side, Side(1), "values are for the side to move, O");
        for kind in [Expansion::AllChildren, Expansion::OneNode] {
            for backup in [
                Backup::Mean,
                Backup::Returns,
                Backup::Power(Power::new(4.0).unwrap()),
            ] {
                let c = UctConfig {
                    expansion: kind,
                    backup,
                    ..config
                };
                assert_eq!(
                    run(&mut tree, &win, &c, 2).best,
                    Some(2),
                    "{kind:?} {backup:?}"
                );
            }
        }
    }

    #[test]
    fn same_seed_same_bits() {
        let mut a: Tree<u8, 5000> = Tree::new();
        let mut b: Tree<u8, 5000> = Tree::new();
        let config = UctConfig {
            iterations: 2000,
            ..UctConfig::new()
        };
        let g = TicTacToe::new();
        let (ra, rb) = (run(&mut a, &g, &config, 9), run(&mut b, &g, &config, 9));
        assert_eq!(ra, rb);
        assert_eq!(ra.root_value.to_bits(), rb.root_value.to_bits());
        let rc = run(&mut b, &g, &config, 10);
        assert_ne!(
            ra.children, rc.children,
            "another seed explores differently"
        );
    }

    #[test]
    fn a_full_tree_is_reported_not_a_panic() {
        let mut tree: Tree<u8, 50> = Tree::new();
        for expansion in [Expansion::OneNode, Expansion::AllChildren] {
            let config = UctConfig {
                iterations: 500,
                expansion,
                ..UctConfig::new()
            };
            let r = run(&mut tree, &TicTacToe::new(), &config, 3);
            assert!(r.tree_full > 0 && r.nodes <= 50, "{r:?}");
            assert!(r.playout_plies > 0);
            assert_eq!(r.children.iter().map(|c| c.visits).sum::<u32>(), 500);
        }
        let mut empty: Tree<u8, 0> = Tree::new();
        let e = uct(
            &mut empty,
            &TicTacToe::new(),
            &UctConfig::new(),
            &mut RandomPolicy,
            &mut rng::seeded(0),
        );
        assert_eq!(
            e,
            Err(SearchError::Tree(TreeError::Full {
                capacity: 0,
                wanted: 1
            }))
        );
    }

    /// Tic-tac-toe that declares a range its values break.
    #[derive(Clone, Debug)]
    struct Liar(TicTacToe, ValueRange);

    impl Game for Liar {
        type Move = u8;
        const PLAYERS: u8 = 2;
        const SIDES: u8 = 2;
        fn turn(&self) -> Turn {
            self.0.turn()
        }
        fn legal_moves(&self, moves: &mut MoveList<u8>) {
            self.0.legal_moves(moves);
        }
        fn apply(&mut self, mv: u8) {
            self.0.apply(mv);
        }
        fn value(&self, side: Side) -> f64 {
            self.0.value(side)
        }
        fn value_range(&self) -> ValueRange {
            self.1
        }
    }

    #[test]
    fn values_outside_the_declared_range_are_errors() {
        let mut tree: Tree<u8, 1000> = Tree::new();
        let config = UctConfig {
            iterations: 50,
            ..UctConfig::new()
        };
        let mut go = |range| {
            let g = Liar(TicTacToe::new(), range);
            uct(
                &mut tree,
                &g,
                &config,
                &mut RandomPolicy,
                &mut rng::seeded(1),
            )
            .map(|r| r.best)
        };
        assert_eq!(
            go(ValueRange { lo: 0.0, hi: 0.5 }),
            Err(SearchError::ValueOutOfRange)
        );
        assert_eq!(
            go(ValueRange {
                lo: f64::NAN,
                hi: 1.0
            }),
            Err(SearchError::BadRange)
        );
        assert_eq!(
            go(ValueRange { lo: 1.0, hi: 0.0 }),
            Err(SearchError::BadRange)
        );
        assert!(go(ValueRange { lo: -1.0, hi: 1.0 }).unwrap().is_some());
        assert_eq!(Exploration::kocsis_szepesvari(1e308), None);
    }

    #[test]
    fn mckay_expansion_reaches_the_end_without_simulation() {
        let mut tree: Tree<u8, 30_000> = Tree::new();
        let config = UctConfig::mckay(
            Exploration::mckay(2.0).unwrap(),
            Power::new(3.0).unwrap(),
            500,
        );
        let r = run(&mut tree, &TicTacToe::new(), &config, 5);
        assert_eq!((r.playout_plies, r.tree_full), (0, 0));
        assert!(r.best.is_some());
        assert!((0.0..=1.0).contains(&r.root_value));
    }

    #[test]
    fn tree_reuse_keeps_the_played_subtree() {
        let mut tree: Tree<u8, 30_000> = Tree::new();
        let config = UctConfig {
            iterations: 2000,
            ..UctConfig::new()
        };
        let mut g = TicTacToe::new();
        let first = run(&mut tree, &g, &config, 1);
        let mv = first.best.unwrap();
        let kept = first.children.iter().find(|c| c.mv == mv).unwrap().visits;
        assert!(keep_subtree(&mut tree, mv));
        assert!(!keep_subtree(&mut tree, 99));
        g.apply(mv);
        let again = UctConfig {
            reuse_tree: true,
            ..config
        };
        let second = run(&mut tree, &g, &again, 2);
        assert_eq!(second.side, Side(0), "the reused tree keeps X's values");
        let root_visits = tree.get(tree.root().unwrap()).unwrap().visits;
        assert_eq!(root_visits, kept + 2000);
        assert_eq!(
            second.children.iter().map(|c| c.visits).sum::<u32>() + 1,
            root_visits
        );
    }

    use crate::search::Ticks;

    #[test]
    fn a_deadline_stops_the_search_on_the_clock() {
        let mut tree: Tree<u8, 20_000> = Tree::new();
        let g = TicTacToe::new();
        let timed = |deadline, clock: &dyn Clock, tree: &mut Tree<u8, 20_000>| {
            let config = UctConfig {
                iterations: 1000,
                deadline,
                ..UctConfig::new()
            };
            uct_with(
                tree,
                &g,
                &config,
                clock,
                &mut PlainTree,
                &mut RandomPolicy,
                &mut rng::seeded(7),
            )
            .unwrap()
        };
        // Read before iterations 16, 32 and 48: the third reading (3) meets the deadline.
        let ticks = Ticks(core::cell::Cell::new(0));
        let r = timed(Some(3), &ticks, &mut tree);
        assert_eq!((r.iterations, ticks.0.get()), (3 * CLOCK_EVERY, 3));
        assert_eq!(
            r.children.iter().map(|c| c.visits).sum::<u32>(),
            r.iterations
        );
        // A deadline already past still runs the iterations up to the first reading.
        let r = timed(Some(0), &NoClock, &mut tree);
        assert_eq!(r.iterations, CLOCK_EVERY);
        // Without a deadline the clock is never read, and a deadline never reached changes
        // nothing: the same bits as the iteration budget alone.
        let ticks = Ticks(core::cell::Cell::new(0));
        let plain = timed(None, &ticks, &mut tree);
        assert_eq!(ticks.0.get(), 0);
        let late = timed(Some(u64::MAX), &ticks, &mut tree);
        assert_eq!(plain, late);
        assert_eq!(plain, run(&mut tree, &g, &UctConfig::new(), 7));
        assert_eq!(plain.iterations, 1000);
    }

    /// A tree policy that keeps one child a node (the last move listed) and backs up twice
    /// the value.
    struct LastOnly;

    impl<G: Game> TreePolicy<G> for LastOnly {
        fn prune(&mut self, _: &G, moves: &[G::Move]) -> u64 {
            (1u64 << (moves.len() - 1)) - 1
        }
        fn reward(&self, value: f64) -> f64 {
            2.0 * value
        }
    }

    #[test]
    fn tree_policy_prunes_and_transforms() {
        let mut tree: Tree<u8, 20_000> = Tree::new();
        let config = UctConfig {
            iterations: 500,
            backup: Backup::Returns,
            normalize: false,
            ..UctConfig::new()
        };
        let g = TicTacToe::new();
        let r = uct_with(
            &mut tree,
            &g,
            &config,
            &NoClock,
            &mut LastOnly,
            &mut RandomPolicy,
            &mut rng::seeded(4),
        )
        .unwrap();
        // Only the last cell is ever tried at the root, and the rewards are doubled.
        assert_eq!(r.best, Some(8));
        let tried: heapless::Vec<u32, 9> = r.children.iter().map(|c| c.visits).collect();
        assert_eq!(tried[..], [0, 0, 0, 0, 0, 0, 0, 0, 500]);
        assert!(r.root_value > 1.0 && r.root_value <= 2.0, "{r:?}");
        // Every node below follows the last free cell: the tree is one line.
        for i in 0..tree.len() {
            let id = NodeId::from_index(i).unwrap();
            let visited = tree.child_nodes(id).iter().filter(|c| c.visits > 0).count();
            assert!(visited <= 1, "node {i} has {visited} visited children");
        }
    }

    /// A tree policy that values every leaf at 0.25 for side 0.
    struct Quarter;

    impl TreePolicy<TicTacToe> for Quarter {
        fn evaluates(&mut self, _: &TicTacToe) -> bool {
            true
        }
        fn leaf_value(&mut self, _: &TicTacToe, side: Side) -> f64 {
            if side == Side(0) { 0.25 } else { 0.75 }
        }
    }

    #[test]
    fn evaluated_leaves_need_no_playout() {
        let mut tree: Tree<u8, 20_000> = Tree::new();
        let config = UctConfig {
            iterations: 50,
            backup: Backup::Returns,
            ..UctConfig::new()
        };
        let g = TicTacToe::new();
        let r = uct_with(
            &mut tree,
            &g,
            &config,
            &NoClock,
            &mut Quarter,
            &mut RandomPolicy,
            &mut rng::seeded(4),
        )
        .unwrap();
        // Fifty one-node iterations from the empty board end on new, non-terminal leaves.
        assert_eq!(r.playout_plies, 0);
        assert!((r.root_value - 0.25).abs() < 1e-6, "{r:?}");
    }

    #[test]
    fn one_decision_expansion_grows_past_chance() {
        let g = DiceDuel::new(9, 3).unwrap();
        let depth = |expansion| {
            let mut tree: Tree<u8, 30_000> = Tree::new();
            let config = UctConfig {
                iterations: 300,
                expansion,
                ..UctConfig::new()
            };
            let r = uct(
                &mut tree,
                &g,
                &config,
                &mut RandomPolicy,
                &mut rng::seeded(2),
            )
            .unwrap();
            (r.nodes, r.node_visits)
        };
        let (one_node, one_decision) = (depth(Expansion::OneNode), depth(Expansion::OneDecision));
        // A chance outcome no longer ends the descent: longer paths, a larger tree.
        assert!(one_decision.1 > one_node.1, "{one_node:?} {one_decision:?}");
        assert!(one_decision.0 > one_node.0, "{one_node:?} {one_decision:?}");
    }

    #[test]
    fn chance_nodes_average_and_exploration_conventions_agree() {
        let mut tree: Tree<u8, 30_000> = Tree::new();
        let g = DiceDuel::new(9, 3).unwrap();
        let config = UctConfig {
            iterations: 4000,
            ..UctConfig::new()
        };
        let r = uct(
            &mut tree,
            &g,
            &config,
            &mut RandomPolicy,
            &mut rng::seeded(1),
        )
        .unwrap();
        assert_eq!(r.children.len(), 2);
        assert!(
            r.best == Some(moves::ROLL),
            "rolling from 0 is right: {r:?}"
        );
        // Each chance node's value is the visit-weighted mean of its children's.
        let mut checked = 0;
        for i in 0..tree.len() {
            let id = NodeId::from_index(i).unwrap();
            let n = tree.get(id).unwrap();
            if n.tag & KIND_MASK != KIND_CHANCE || !n.is_expanded() {
                continue;
            }
            let (mut s, mut w) = (0.0, 0.0);
            for c in n
                .children()
                .filter_map(|c| tree.get(c))
                .filter(|c| c.visits > 0)
            {
                s += f64::from(c.value) * f64::from(c.visits);
                w += f64::from(c.visits);
            }
            if w > 0.0 {
                assert!((f64::from(n.value) - s / w).abs() < 1e-5);
                checked += 1;
            }
        }
        assert!(checked > 10);
        let c = 0.7;
        let ks = Exploration::kocsis_szepesvari(c).unwrap().constant();
        assert!((ks - 2.0 * c * math::sqrt(2.0)).abs() < 1e-15);
        assert!((Exploration::mckay(16.0).unwrap().constant() - 4.0).abs() < 1e-15);
        assert_eq!(Exploration::slides(1.5).unwrap().constant(), 1.5);
        assert_eq!(
            math::sqrt(2.0).to_bits(),
            core::f64::consts::SQRT_2.to_bits(),
            "kocsis_szepesvari's constant is libm's square root"
        );
        assert_eq!(Exploration::kocsis_szepesvari(f64::INFINITY), None);
        assert_eq!(Exploration::new(f64::NAN), None);
        assert_eq!(Exploration::new(-1.0), None);
        assert_eq!(Exploration::mckay(f64::NAN), None);
    }
}
