//! [`MctsPlayer`]: the Monte-Carlo tree search player of "MCTS for Black Jack" (an undated student
//! report, its author not named; "the paper" below): UCB over the actions at each decision,
//! values from playing the round out from the current shoe. It is the one UCT of
//! [`search`](crate::search) ([`uct_with`]) with Blackjack's [`TreePolicy`]: an open or closed
//! loop, progressive unpruning, and a rollout policy.

use rand_core::Rng;

use super::{
    Action, Blackjack, BlackjackError, Chart, Move, Stage, Strategy, basic_action, dealer_hits,
};
use crate::game::{Game, MoveList};
use crate::search::{
    Backup, Expansion, Exploration, FinalMove, NoClock, Policy, TreePolicy, UctConfig, uct_with,
};
use crate::tree::Tree;

/// The MCTS player's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct MctsConfig {
    /// Playouts per decision. Default 100: the paper's `MCTS_N` ("note this is looped 100
    /// times", Implementation, step 3).
    pub iterations: u32,
    /// The UCB exploration: the paper's `C` in `mean + C sqrt(ln N / n)`, values in bets, is
    /// the canonical constant ([`Exploration::new`]`(c)`). Default `C` = 2: the paper's
    /// comparison runs ("these were done with a C = 2 value", Part III).
    pub exploration: Exploration,
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

/// The playout policy of [`MctsPlayer`] beyond its tree.
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

/// The paper's `C` = 2 (Part III).
const PAPER_EXPLORATION: Exploration = match Exploration::new(2.0) {
    Some(e) => e,
    // Never taken: 2 is finite and positive (a constant, evaluated when compiling).
    None => Exploration::UCB1,
};

impl MctsConfig {
    /// The paper's parameters: 100 iterations, C = 2.
    #[must_use]
    pub const fn new() -> MctsConfig {
        MctsConfig {
            iterations: 100,
            exploration: PAPER_EXPLORATION,
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

/// Counters of the searches so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct MctsStats {
    /// Decisions searched.
    pub decisions: u64,
    /// Playouts run.
    pub playouts: u64,
    /// Playouts that found the tree full and played on from its deepest node.
    pub tree_full: u64,
}

/// The paper's MCTS player, as a configuration of the one UCT ([`uct_with`]).
///
/// By default each decision builds an open-loop tree: a node per sequence of the player's
/// actions in the round (the cards between them are sampled and are not nodes, as in the
/// paper, whose hit node stands for every card; [`TreePolicy::chance_node`]), every node on
/// the path expanded ([`Expansion::AllChildren`]), a node's children every action and UCB
/// choosing among those the state allows. With [`MctsConfig::closed_loop`] the cards dealt
/// to the player are nodes too, and each playout adds one decision
/// ([`Expansion::OneDecision`]). Chance deals from the current shoe; the round's return, in
/// bets, is backed up as each node's running mean ([`Backup::Returns`]) with no rescaling;
/// beyond the tree's capacity `N` the playout follows [`MctsConfig::rollout`]. The action
/// played is the root's of highest mean return (the paper's step 4).
///
/// What changed when this player moved onto the kernel (the results in
/// `std-host/results/blackjack/` were measured again): an untried action is taken at random
/// among the untried ones, as everywhere in the kernel (before: the first in [`Action::ALL`]'s
/// order; the paper says only "untried first"; over the 4,000 paired hands of each shoe the two
/// orders are within each other's intervals); a node's mean is kept in `f32` (the kernel's
/// small nodes) rather than as an `f64` sum; the open-loop tree expands all five actions of a
/// node at once.
#[derive(Clone, Debug)]
pub struct MctsPlayer<const N: usize> {
    config: MctsConfig,
    tree: Tree<Move, N>,
    stats: MctsStats,
}

/// Blackjack's hooks into the kernel: the loop, unpruning, and the rollout policy.
struct Hooks<'c> {
    config: &'c MctsConfig,
}

impl Hooks<'_> {
    /// The rollout policy's action at `g`'s decision.
    fn action(&self, g: &Blackjack) -> Option<Action> {
        if let Rollout::Basic(chart) = &self.config.rollout {
            return basic_action(g, chart).ok();
        }
        let h = g.active_hand()?;
        let mut legal = heapless::Vec::<Action, 5>::new();
        g.legal_actions(&mut legal);
        Some(if dealer_hits(h, false) && legal.contains(&Action::Hit) {
            Action::Hit
        } else {
            Action::Stand
        })
    }
}

impl TreePolicy<Blackjack> for Hooks<'_> {
    fn tree_moves(&mut self, state: &Blackjack, moves: &mut MoveList<Move>) {
        if self.config.closed_loop {
            state.legal_moves(moves);
        } else {
            // An open-loop node stands for every card, so for every action some card allows.
            moves.clear();
            for a in Action::ALL {
                let _ = moves.push(Move::Act(a));
            }
        }
    }

    fn superset_moves(&self) -> bool {
        !self.config.closed_loop
    }

    fn chance_node(&mut self, state: &Blackjack) -> bool {
        self.config.closed_loop && state.stage() == Stage::PlayerCard
    }

    fn forced_move(&mut self, state: &Blackjack, visits: u32) -> Option<Move> {
        (visits < self.config.unprune_after)
            .then(|| self.action(state).map(Move::Act))
            .flatten()
    }
}

impl Policy<Blackjack> for Hooks<'_> {
    fn choose<R: Rng + ?Sized>(
        &mut self,
        state: &Blackjack,
        _: &MoveList<Move>,
        _: &mut R,
    ) -> Option<Move> {
        self.action(state).map(Move::Act)
    }
}

impl<const N: usize> MctsPlayer<N> {
    /// A player with these parameters.
    #[must_use]
    pub const fn new(config: MctsConfig) -> MctsPlayer<N> {
        MctsPlayer {
            config,
            tree: Tree::new(),
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

    /// The tree of the last search.
    #[must_use]
    pub const fn tree(&self) -> &Tree<Move, N> {
        &self.tree
    }

    /// The kernel's configuration for these parameters.
    fn uct_config(&self) -> UctConfig {
        UctConfig {
            iterations: self.config.iterations,
            exploration: self.config.exploration,
            backup: Backup::Returns,
            expansion: if self.config.closed_loop {
                Expansion::OneDecision
            } else {
                Expansion::AllChildren
            },
            final_move: FinalMove::HighestValue,
            normalize: false,
            ..UctConfig::new()
        }
    }

    /// Searches the decision of `game` and returns the action chosen, with the root's mean
    /// return per action (indexed as [`Action::ALL`]; `None`: not tried).
    pub fn search<R: Rng + ?Sized>(
        &mut self,
        game: &Blackjack,
        rng: &mut R,
    ) -> Result<(Action, [Option<f64>; 5]), BlackjackError> {
        if game.stage() != Stage::Decide {
            return Err(BlackjackError::NotADecision);
        }
        let mut legal = heapless::Vec::<Action, 5>::new();
        game.legal_actions(&mut legal);
        let first = *legal.first().ok_or(BlackjackError::NoLegalMove)?;
        self.stats.decisions += 1;
        if legal.len() == 1 {
            return Ok((first, [None; 5]));
        }
        let config = self.uct_config();
        let mut hooks = Hooks {
            config: &self.config,
        };
        let mut policy = Hooks {
            config: &self.config,
        };
        let r = uct_with(
            &mut self.tree,
            game,
            &config,
            &NoClock,
            &mut hooks,
            &mut policy,
            rng,
        )
        .map_err(BlackjackError::Search)?;
        self.stats.playouts += u64::from(r.iterations);
        self.stats.tree_full += u64::from(r.tree_full);
        let mut means = [None; 5];
        for c in r.children.iter().filter(|c| c.visits > 0) {
            if let Move::Act(a) = c.mv
                && legal.contains(&a)
                && let Some(slot) = means.get_mut(a.index())
            {
                *slot = Some(c.value);
            }
        }
        let best = match r.best {
            Some(Move::Act(a)) if legal.contains(&a) => a,
            _ => first,
        };
        Ok((best, means))
    }
}

impl<const N: usize> Strategy for MctsPlayer<N> {
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
    use crate::tree::NodeId;

    fn game(a: Pip, up: Pip, b: Pip) -> Blackjack {
        Blackjack::dealt(Rules::new(), Shoe::standard(6).unwrap(), a, up, b).unwrap()
    }

    #[test]
    fn clear_decisions_and_determinism() {
        let mut p: MctsPlayer<512> = MctsPlayer::new(MctsConfig {
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
        let a = MctsPlayer::<512>::new(MctsConfig::new()).search(&g, &mut rng::seeded(9));
        let b = MctsPlayer::<512>::new(MctsConfig::new()).search(&g, &mut rng::seeded(9));
        assert_eq!(a, b);
        assert!(p.stats().playouts >= 4000);
        // Closed loop: the same clear decisions, seeded.
        let closed = MctsConfig {
            iterations: 2000,
            closed_loop: true,
            ..MctsConfig::new()
        };
        let mut q: MctsPlayer<4096> = MctsPlayer::new(closed);
        assert_eq!(
            q.decide(&game(Pip::Ten, Pip::Six, Pip::Ten), r),
            Ok(Action::Stand)
        );
        assert_eq!(
            q.decide(&game(Pip::Four, Pip::Ten, Pip::Three), r),
            Ok(Action::Hit)
        );
        let a = MctsPlayer::<4096>::new(closed).search(&g, &mut rng::seeded(9));
        assert_eq!(
            a,
            MctsPlayer::<4096>::new(closed).search(&g, &mut rng::seeded(9))
        );
        // Progressive unpruning: below the root, a node plays only the policy's action until
        // it has the visits; from the first visit (0), UCB tries the others too.
        let g = game(Pip::Ten, Pip::Two, Pip::Two);
        let tried = |unprune_after: u32| {
            let mut p: MctsPlayer<4096> = MctsPlayer::new(MctsConfig {
                unprune_after,
                ..closed
            });
            p.search(&g, &mut rng::seeded(4)).unwrap();
            // The most actions tried at a decision node below the root, and at the root.
            let t = p.tree();
            let tried_at = |id| t.child_nodes(id).iter().filter(|c| c.visits > 0).count();
            let below = (1..t.len()).filter_map(|i| {
                let id = NodeId::from_index(i)?;
                let first = t.child_nodes(id).first()?;
                matches!(first.mv, Move::Act(_)).then(|| tried_at(id))
            });
            (below.max().unwrap_or(0), tried_at(NodeId::ROOT))
        };
        assert_eq!(tried(u32::MAX), (1, 3));
        assert_eq!(tried(0).1, 3);
        assert!(tried(0).0 >= 2);
        // Open loop: a node's children are all five actions, but only legal ones are tried
        // (10,5 against a 7: stand, hit, double).
        let mut open: MctsPlayer<4096> = MctsPlayer::new(MctsConfig {
            iterations: 500,
            ..MctsConfig::new()
        });
        open.search(&game(Pip::Ten, Pip::Seven, Pip::Five), r)
            .unwrap();
        let root = open.tree().child_nodes(NodeId::ROOT);
        assert_eq!(root.len(), 5);
        assert_eq!(root.iter().filter(|c| c.visits > 0).count(), 3);
        // A tree of one node still plays (beyond it, hit below 17).
        let mut tiny: MctsPlayer<1> = MctsPlayer::new(MctsConfig::new());
        assert!(tiny.decide(&g, r).is_ok());
        assert!(tiny.stats().tree_full > 0);
        assert_eq!(
            Some(MctsConfig::new().exploration),
            Exploration::new(2.0),
            "the paper's C"
        );
    }
}
