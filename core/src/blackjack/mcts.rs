//! [`Mcts`]: the Monte-Carlo tree search player of `../shared/papers/003_*` ("MCTS for Black
//! Jack"): UCB over the actions at each decision, values from playing the round out from the
//! current shoe.

use rand_core::Rng;

use super::{Action, Blackjack, BlackjackError, Chart, Move, Strategy, basic_action, dealer_hits};
use crate::game::{Game, Side, Turn};
use crate::math;

/// The MCTS player's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct MctsConfig {
    /// Playouts per decision. Default 100: the paper's `MCTS_N` ("note this is looped 100
    /// times", `../shared/papers/003_*`, Implementation, step 3).
    pub iterations: u32,
    /// The UCB exploration constant `C` in `mean + C sqrt(ln N / n)`, values in bets.
    /// Default 2: the paper's comparison runs ("these were done with a C = 2 value",
    /// `../shared/papers/003_*`, Part III).
    pub exploration: f64,
    /// Closed loop: a node per sequence of actions *and* the player's cards dealt between
    /// them (so play after a hit can depend on the card), one new node per playout, the
    /// playout hitting below 17 beyond the tree. Default `false`: the paper's open-loop tree,
    /// a node per action sequence ("hitNode" stands for every card), every node on the path
    /// added.
    pub closed_loop: bool,
    /// How playouts play beyond the tree. Default [`Rollout::HitBelow17`].
    pub rollout: Rollout,
    /// Progressive unpruning (Chaslot, Winands, van den Herik, Uiterwijk, Bouzy,
    /// "Progressive strategies for Monte-Carlo tree search", New Mathematics and Natural
    /// Computation 4(3), 2008): a node below the root plays the rollout policy's action until
    /// it has been visited this many times, and only then lets UCB try every action. UCB's
    /// exploration of bad actions deep in the tree drags the mean backed up to the root
    /// below the value of playing well there; a large threshold keeps the tree's statistics
    /// those of good play, at the price of finding deep deviations later (`u32::MAX`: a
    /// search at the root only, the policy after it). Default 0: every node tries every
    /// action from its first visit, as the paper.
    pub unprune_after: u32,
}

/// The playout policy of [`Mcts`] beyond its tree.
// The chart (about 600 bytes) is held by value so that a config stays `Copy` and needs no
// lifetime; one config per player, so the size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Rollout {
    /// Hit below 17, stand otherwise (never double or split).
    #[default]
    HitBelow17,
    /// A basic-strategy chart ([`basic_action`](super::basic_action)), e.g. the one
    /// [`ChartSolver`](super::ChartSolver) computes for the rules.
    Basic(Chart),
}

impl MctsConfig {
    /// The paper's parameters: 100 iterations, C = 2.
    #[must_use]
    pub const fn new() -> MctsConfig {
        MctsConfig {
            iterations: 100,
            exploration: 2.0,
            closed_loop: false,
            rollout: Rollout::HitBelow17,
            unprune_after: 0,
        }
    }
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig::new()
    }
}

const NONE: u32 = u32::MAX;

/// A decision node of the open-loop tree: statistics per action, children per action.
#[derive(Clone, Copy, Debug, PartialEq)]
struct OpenNode {
    visits: u32,
    n: [u32; 5],
    sum: [f64; 5],
    /// Open loop: the child per action.
    child: [u32; 5],
    /// Closed loop: the first child, the next sibling, and this node's key (action index
    /// times 2^16 plus the cards dealt since, base 11).
    first: u32,
    next: u32,
    key: u32,
}

impl OpenNode {
    const BLANK: OpenNode = OpenNode {
        visits: 0,
        n: [0; 5],
        sum: [0.0; 5],
        child: [NONE; 5],
        first: NONE,
        next: NONE,
        key: 0,
    };
}

/// Counters of the searches so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct MctsStats {
    /// Decisions searched.
    pub decisions: u64,
    /// Playouts run.
    pub playouts: u64,
    /// Times a node could not be added because the tree was full.
    pub tree_full: u64,
}

/// The paper's MCTS player. Each decision builds (by default) an open-loop tree: a node per sequence of
/// the player's actions in the round (the cards between them are not part of the key, as in
/// the paper, whose hit node stands for every card), UCB1 picks the action at every node
/// (untried actions first, in the order of [`Action::ALL`]), chance deals from the current
/// shoe, and the round's return is backed up along the path. Beyond the tree's capacity `N`
/// the playout hits below 17. The action played is the one of highest mean return at the root
/// (the paper's step 4).
#[derive(Clone, Debug)]
pub struct Mcts<const N: usize> {
    config: MctsConfig,
    nodes: [OpenNode; N],
    len: usize,
    stats: MctsStats,
}

/// The most plies of one playout: far beyond any round (4 hands of 21 cards and the dealer).
const MAX_PLIES: usize = 256;

impl<const N: usize> Mcts<N> {
    /// A player with these parameters.
    #[must_use]
    pub const fn new(config: MctsConfig) -> Mcts<N> {
        Mcts {
            config,
            nodes: [OpenNode::BLANK; N],
            len: 0,
            stats: MctsStats {
                decisions: 0,
                playouts: 0,
                tree_full: 0,
            },
        }
    }

    /// Sets the parameters and zeroes the statistics, in place (the tree may live in a
    /// `static`, too large to move).
    pub fn configure(&mut self, config: MctsConfig) {
        self.config = config;
        self.stats = MctsStats::default();
    }

    /// The parameters.
    #[must_use]
    pub const fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Counters so far.
    #[must_use]
    pub const fn stats(&self) -> MctsStats {
        self.stats
    }

    /// UCB1 over the legal actions at node `i`: untried first, then the greatest
    /// `mean + C sqrt(ln N / n)` (Auer et al. 2002, as the paper's "UCB").
    fn select(&self, i: usize, legal: &[Action]) -> Option<Action> {
        let node = self.nodes.get(i)?;
        let mut best: Option<(Action, f64)> = None;
        let ln_n = math::ln(f64::from(node.visits.max(1)));
        for &a in legal {
            let k = a.index();
            let n = node.n.get(k).copied().unwrap_or(0);
            if n == 0 {
                return Some(a);
            }
            let mean = node.sum.get(k).copied().unwrap_or(0.0) / f64::from(n);
            let ucb = mean + self.config.exploration * math::sqrt(ln_n / f64::from(n));
            if best.is_none_or(|(_, b)| ucb > b) {
                best = Some((a, ucb));
            }
        }
        best.map(|(a, _)| a)
    }

    /// One playout from `game`: returns the round's value and records the path.
    fn playout<R: Rng + ?Sized>(
        &mut self,
        game: &Blackjack,
        rng: &mut R,
        path: &mut heapless::Vec<(u32, Action), 64>,
    ) -> Result<f64, BlackjackError> {
        let mut g = game.clone();
        let mut node = Some(0u32);
        let mut legal = heapless::Vec::<Action, 5>::new();
        let closed = self.config.closed_loop;
        // Closed loop: the node and action whose child the next decision is, the player's
        // cards since, and whether this playout has added its node.
        let mut pending: Option<(u32, Action)> = None;
        let mut seen = 0u32;
        let mut expanded = false;
        path.clear();
        for _ in 0..MAX_PLIES {
            match g.turn() {
                Turn::Terminal => return Ok(g.value(Side(0))),
                Turn::Chance => {
                    let mv = g.sample_chance(rng).ok_or(BlackjackError::ShoeExhausted)?;
                    if closed
                        && g.stage() == super::Stage::PlayerCard
                        && let Move::Card(p) = mv
                    {
                        seen = (seen * 11 + u32::from(p.value())).min(0xffff);
                    }
                    g.apply(mv);
                }
                Turn::Player(_) => {
                    if let Some((i, a)) = pending.take() {
                        let key = (a.index() as u32) << 16 | seen;
                        node = self.find(i, key);
                        if node.is_none() && !expanded {
                            expanded = true;
                            node = self.add(i, key);
                        }
                    }
                    seen = 0;
                    g.legal_actions(&mut legal);
                    let action = match node {
                        Some(i) => {
                            let visits = self.nodes.get(i as usize).map_or(0, |n| n.visits);
                            let a = if i != 0 && visits < self.config.unprune_after {
                                self.policy(&g, &legal)?
                            } else {
                                self.select(i as usize, &legal)
                                    .ok_or(BlackjackError::NoLegalMove)?
                            };
                            if path.push((i, a)).is_err() {
                                node = None;
                            } else if closed {
                                pending = Some((i, a));
                                node = None;
                            } else {
                                node = self.child(i as usize, a);
                            }
                            a
                        }
                        None => self.policy(&g, &legal)?,
                    };
                    g.apply(Move::Act(action));
                }
            }
        }
        Err(BlackjackError::NoLegalMove)
    }

    /// The rollout policy's action at `g`'s decision, whose legal actions are `legal`.
    fn policy(&self, g: &Blackjack, legal: &[Action]) -> Result<Action, BlackjackError> {
        if let Rollout::Basic(chart) = &self.config.rollout {
            return basic_action(g, chart);
        }
        let h = g.active_hand().ok_or(BlackjackError::NotADecision)?;
        Ok(if dealer_hits(h, false) && legal.contains(&Action::Hit) {
            Action::Hit
        } else {
            Action::Stand
        })
    }

    /// Closed loop: the child of node `i` with `key`, if there is one.
    fn find(&self, i: u32, key: u32) -> Option<u32> {
        let mut c = self.nodes.get(i as usize)?.first;
        while c != NONE {
            let n = self.nodes.get(c as usize)?;
            if n.key == key {
                return Some(c);
            }
            c = n.next;
        }
        None
    }

    /// Closed loop: a new child of node `i` with `key`, if there is room.
    fn add(&mut self, i: u32, key: u32) -> Option<u32> {
        if self.len >= N {
            self.stats.tree_full += 1;
            return None;
        }
        let id = u32::try_from(self.len).ok()?;
        let first = self.nodes.get(i as usize)?.first;
        *self.nodes.get_mut(self.len)? = OpenNode {
            key,
            next: first,
            ..OpenNode::BLANK
        };
        self.len += 1;
        self.nodes.get_mut(i as usize)?.first = id;
        Some(id)
    }

    /// The child of node `i` by action `a`, created if missing and there is room.
    fn child(&mut self, i: usize, a: Action) -> Option<u32> {
        let existing = self.nodes.get(i)?.child.get(a.index()).copied()?;
        if existing != NONE {
            return Some(existing);
        }
        if self.len >= N {
            self.stats.tree_full += 1;
            return None;
        }
        let id = u32::try_from(self.len).ok()?;
        *self.nodes.get_mut(self.len)? = OpenNode::BLANK;
        self.len += 1;
        if let Some(c) = self.nodes.get_mut(i)?.child.get_mut(a.index()) {
            *c = id;
        }
        Some(id)
    }

    /// Searches the decision of `game` and returns the root's mean return per legal action
    /// (`None`: not tried), as well as the action chosen.
    pub fn search<R: Rng + ?Sized>(
        &mut self,
        game: &Blackjack,
        rng: &mut R,
    ) -> Result<(Action, [Option<f64>; 5]), BlackjackError> {
        if game.stage() != super::Stage::Decide {
            return Err(BlackjackError::NotADecision);
        }
        let mut legal = heapless::Vec::<Action, 5>::new();
        game.legal_actions(&mut legal);
        let first = *legal.first().ok_or(BlackjackError::NoLegalMove)?;
        if N == 0 {
            return Err(BlackjackError::MemoFull { capacity: 0 });
        }
        self.nodes[0] = OpenNode::BLANK;
        self.len = 1;
        self.stats.decisions += 1;
        let mut path = heapless::Vec::new();
        if legal.len() > 1 {
            for _ in 0..self.config.iterations {
                let value = self.playout(game, rng, &mut path)?;
                self.stats.playouts += 1;
                for &(i, a) in &path {
                    if let Some(node) = self.nodes.get_mut(i as usize) {
                        node.visits += 1;
                        if let (Some(n), Some(s)) =
                            (node.n.get_mut(a.index()), node.sum.get_mut(a.index()))
                        {
                            *n += 1;
                            *s += value;
                        }
                    }
                }
            }
        }
        let root = self.nodes[0];
        let mut means = [None; 5];
        let mut best = (first, f64::NEG_INFINITY);
        for &a in &legal {
            let k = a.index();
            let n = root.n.get(k).copied().unwrap_or(0);
            if n > 0 {
                let m = root.sum.get(k).copied().unwrap_or(0.0) / f64::from(n);
                if let Some(slot) = means.get_mut(k) {
                    *slot = Some(m);
                }
                if m > best.1 {
                    best = (a, m);
                }
            }
        }
        Ok((best.0, means))
    }
}

impl<const N: usize> Strategy for Mcts<N> {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn decide<R: Rng + ?Sized>(
        &mut self,
        game: &Blackjack,
        rng: &mut R,
    ) -> Result<Action, BlackjackError> {
        Ok(self.search(game, rng)?.0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Pip, Rules, Shoe};
    use super::*;
    use crate::rng;

    fn game(a: Pip, up: Pip, b: Pip) -> Blackjack {
        Blackjack::dealt(Rules::new(), Shoe::standard(6).unwrap(), a, up, b).unwrap()
    }

    #[test]
    fn clear_decisions_and_determinism() {
        let mut p: Mcts<512> = Mcts::new(MctsConfig {
            iterations: 2000,
            ..MctsConfig::new()
        });
        let r = &mut rng::seeded(3);
        assert_eq!(
            p.decide(&game(Pip::Ten, Pip::Six, Pip::Ten), r),
            Ok(Action::Stand)
        );
        assert_eq!(
            p.decide(&game(Pip::Four, Pip::Ten, Pip::Three), r),
            Ok(Action::Hit)
        );
        let g = game(Pip::Ten, Pip::Seven, Pip::Five);
        let a = Mcts::<512>::new(MctsConfig::new()).search(&g, &mut rng::seeded(9));
        let b = Mcts::<512>::new(MctsConfig::new()).search(&g, &mut rng::seeded(9));
        assert_eq!(a, b);
        assert!(p.stats().playouts >= 4000);
        // Closed loop: the same clear decisions, seeded.
        let closed = MctsConfig {
            iterations: 2000,
            closed_loop: true,
            ..MctsConfig::new()
        };
        let mut q: Mcts<4096> = Mcts::new(closed);
        assert_eq!(
            q.decide(&game(Pip::Ten, Pip::Six, Pip::Ten), r),
            Ok(Action::Stand)
        );
        assert_eq!(
            q.decide(&game(Pip::Four, Pip::Ten, Pip::Three), r),
            Ok(Action::Hit)
        );
        let a = Mcts::<4096>::new(closed).search(&g, &mut rng::seeded(9));
        assert_eq!(a, Mcts::<4096>::new(closed).search(&g, &mut rng::seeded(9)));
        // Progressive unpruning: below the root, a node plays only the policy's action until
        // it has the visits; from the first visit (0), UCB tries the others too.
        let g = game(Pip::Ten, Pip::Two, Pip::Two);
        let tried = |unprune_after: u32| {
            let mut p: Mcts<4096> = Mcts::new(MctsConfig {
                unprune_after,
                ..closed
            });
            p.search(&g, &mut rng::seeded(4)).unwrap();
            let below = p.nodes.get(1..p.len).unwrap();
            let most = below.iter().map(|n| n.n.iter().filter(|&&k| k > 0).count());
            (
                most.max().unwrap_or(0),
                p.nodes[0].n.iter().filter(|&&k| k > 0).count(),
            )
        };
        assert_eq!(tried(u32::MAX), (1, 3));
        assert_eq!(tried(0).1, 3);
        assert!(tried(0).0 >= 2);
        // A tree of one node still plays (beyond it, hit below 17).
        let mut tiny: Mcts<1> = Mcts::new(MctsConfig::new());
        assert!(tiny.decide(&g, r).is_ok());
        assert!(tiny.stats().tree_full > 0);
    }
}
