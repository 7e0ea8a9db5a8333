//! The options of `cardtree pps play` (and of the Poker Squares experiment's learned players)
//! and the policy that turns them into a player: which player `best` is for a point system,
//! its default budget, which table it plays on and when one must be learned first.

use cardtree::poker_squares::{
    Budget, Lookahead, MctsConfig, PointSystem, PriorMix, Selection, Simulation, Squash,
};
use cardtree::search::Exploration;

use crate::error::Error;
use crate::pps::heuristic_text::{parse_apriori, parse_weights};
use crate::pps::play::{PlayConfig, PpsPlayer, RolloutSettings, committed_table};

/// The players of `cardtree pps play`, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// Random placement.
    Random,
    /// Suits in columns, ranks in rows.
    Rules,
    /// Flat Monte Carlo with random playouts.
    Flat,
    /// Greedy on the heuristic.
    Greedy,
    /// The papers' MCTS.
    Mcts,
    /// Greedy on learned values.
    Learned,
    /// Expectimax over the next card (or two) on learned values.
    Expectimax,
    /// Rollouts of the learned greedy player.
    Rollout,
    /// The strongest player cardtree has for the point system.
    Best,
}

cardtree::spelled! {
    PlayerKind, "player";
    Random => "random", "Random placement";
    Rules => "rules", "Suits in columns, ranks in rows";
    Flat => "flat", "Flat Monte Carlo with random playouts (--iterations playouts per move)";
    Greedy => "greedy", "Greedy: the placement of highest heuristic value";
    Mcts => "mcts", "The papers' MCTS";
    Learned => "learned", "Greedy on learned values of abstract hands (`--values FILE`, from `pps train`)";
    Expectimax => "expectimax", "Expectimax over the next card (--lookahead 2: the next two) on learned values (`--values FILE`)";
    Rollout => "rollout", "Rollouts of the learned greedy player for each placement, on common draws (`--values FILE`; --iterations rounds per move or --game-seconds)";
    Best => "best", "The strongest player cardtree has for the point system, with its defaults: rollouts of expectimax over the next card with a control variate. On the committed learned table (American, British) guarded by expectimax, 200 rounds a move (about 2.6 s a game on one core); for other systems on `--values FILE` or else a table it learns first (1,000,000 self-played games, about 10 s on two threads), unguarded, 1,000 rounds a move (about 14 s a game); `--iterations` or `--game-seconds` set the budget (std-host/results/pps/learned/summary.md)";
}

impl PlayerKind {
    /// The player named, the expectimax player looking `lookahead` cards ahead, the rollout
    /// player comparing `candidates` placements.
    fn player(self, lookahead: Lookahead, rollout: RolloutSettings) -> PpsPlayer {
        match self {
            PlayerKind::Random => PpsPlayer::Random,
            PlayerKind::Rules => PpsPlayer::Rules,
            PlayerKind::Flat => PpsPlayer::Flat,
            PlayerKind::Greedy => PpsPlayer::Greedy,
            PlayerKind::Mcts => PpsPlayer::Mcts,
            PlayerKind::Learned => PpsPlayer::Learned,
            PlayerKind::Expectimax => PpsPlayer::Expectimax(lookahead),
            PlayerKind::Rollout => PpsPlayer::Rollout(rollout),
            PlayerKind::Best => PpsPlayer::Rollout(RolloutSettings::BEST),
        }
    }
}

/// Everything that defines a player and its budget, as the command line gives it (the
/// flags of the same names; `--help` says what each means).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayOptions {
    /// The point system, as given (a name, `name:seed` or ten integers).
    pub system: String,
    /// The player.
    pub player: PlayerKind,
    /// MCTS selection.
    pub selection: Selection,
    /// MCTS simulation.
    pub simulation: Simulation,
    /// Reward squashing.
    pub squash: Squash,
    /// UCT's Cp.
    pub cp: f64,
    /// The heuristic's weights: `tuned`, `paper` or `alpha,beta,gamma`.
    pub weights: String,
    /// The a-priori class probabilities, ten numbers (default the core's table).
    pub apriori: Option<String>,
    /// How one- to three-card hands combine the a-priori probabilities.
    pub prior_mix: PriorMix,
    /// Pruning threshold factor.
    pub delta: f64,
    /// One child per free cell, even where cells are alike.
    pub no_symmetry: bool,
    /// Search every move (no simple rules for moves 1, 2, 24, 25).
    pub no_simple_rules: bool,
    /// Iterations (or playouts, or rollout rounds) per move.
    pub iterations: Option<u32>,
    /// A time budget per game in seconds.
    pub game_seconds: Option<f64>,
    /// Placements the rollout player compares (0: every one).
    pub candidates: usize,
    /// Cards the expectimax player looks ahead (1 or 2).
    pub lookahead: u8,
    /// How the rollout player's playouts place (0 greedily, 1 or 2 by expectimax).
    pub playout_lookahead: u8,
    /// The rollout player's guard, in standard errors.
    pub guard: Option<f64>,
    /// The rollout player's control variate.
    pub control_variate: bool,
    /// A learned table file.
    pub values: Option<std::path::PathBuf>,
    /// A network file (`pps train --net`), for the learned, expectimax and rollout players.
    pub net: Option<std::path::PathBuf>,
}

/// The pruning threshold factor delta `pps play` uses unless told (`--delta`).
pub const DEFAULT_DELTA: f64 = 1.3;

/// The rollout player of `--candidates`, `--playout-lookahead`, `--guard` and
/// `--control-variate` (`pps play` and `experiment pps --table rollout`).
pub fn rollout_settings(
    candidates: usize,
    playout_lookahead: u8,
    guard: Option<f64>,
    control_variate: bool,
) -> RolloutSettings {
    RolloutSettings {
        candidates,
        playouts: (playout_lookahead > 0).then(|| lookahead(playout_lookahead)),
        guard: guard.map(|z| (z.max(0.0) * 100.0).round() as u32),
        control_variate,
    }
}

/// The expectimax look-ahead of `--lookahead N` (1 or 2, as clap checks).
pub fn lookahead(cards: u8) -> Lookahead {
    match cards {
        2 => Lookahead::TwoCards,
        _ => Lookahead::OneCard,
    }
}

impl PlayOptions {
    /// Whether [`resolve`](Self::resolve) learns a table before it plays (`best` for a point
    /// system cardtree ships no table for, given neither values nor a network): a door says
    /// so first, as the learning takes seconds.
    #[must_use]
    pub fn learns_first(&self, system: &PointSystem) -> bool {
        self.plays_unshipped(system) && crate::pps::tables::learned(system).is_none()
    }

    /// Whether the player plays by the table learned for a point system cardtree ships none
    /// for ([`tables::unshipped`](crate::pps::tables::unshipped)): `best`, given neither values
    /// nor a network.
    fn plays_unshipped(&self, system: &PointSystem) -> bool {
        self.player == PlayerKind::Best
            && crate::pps::tables::shipped(system).is_none()
            && self.values.is_none()
            && self.net.is_none()
    }

    /// The configuration these options name. `--player best` for a point system cardtree
    /// ships no table for, without `--values`, learns one first
    /// ([`Training::unshipped`](crate::pps::train::Training::unshipped), on `threads` workers).
    pub fn resolve(&self, threads: usize) -> Result<PlayConfig, Error> {
        let system: PointSystem = self.system.parse().map_err(|e| invalid!("system: {e}"))?;
        let mut mcts = MctsConfig::new();
        // The papers' convention, `X_j + 2 Cp sqrt(2 ln n / n_j)`.
        mcts.exploration = Exploration::kocsis_szepesvari(self.cp)
            .ok_or_else(|| invalid!("cp: {:e} is too large", self.cp))?;
        mcts.selection = self.selection;
        mcts.simulation = self.simulation;
        mcts.squash = self.squash;
        mcts.heuristic = parse_weights(&self.weights).map_err(|e| invalid!("weights: {e}"))?;
        if let Some(text) = &self.apriori {
            mcts.heuristic.apriori = parse_apriori(text).map_err(|e| invalid!("apriori: {e}"))?;
        }
        mcts.heuristic.mix = self.prior_mix;
        mcts.prune.delta = self.delta;
        mcts.simple_rules = !self.no_simple_rules;
        mcts.symmetry = !self.no_symmetry;
        mcts.budget = match (self.iterations, self.game_seconds) {
            (_, Some(t)) if t > 0.0 => Budget::GameMicros((t * 1e6) as u64),
            (_, Some(t)) => return Err(invalid!("game_seconds: {t} is no budget")),
            (Some(k), None) => Budget::Iterations(k),
            (None, None) => Budget::Iterations(1000),
        };
        let shipped = crate::pps::tables::shipped(&system).is_some();
        let player = match self.player {
            PlayerKind::Best => {
                let (settings, rounds) = if shipped {
                    (RolloutSettings::BEST, RolloutSettings::BEST_ROUNDS)
                } else {
                    (
                        RolloutSettings::BEST_LEARNED,
                        RolloutSettings::BEST_LEARNED_ROUNDS,
                    )
                };
                if self.iterations.is_none() && self.game_seconds.is_none() {
                    mcts.budget = Budget::Iterations(rounds);
                }
                PpsPlayer::Rollout(settings)
            }
            p => p.player(
                lookahead(self.lookahead),
                rollout_settings(
                    self.candidates,
                    self.playout_lookahead,
                    self.guard,
                    self.control_variate,
                ),
            ),
        };
        // A network (`--net`) stands in for the table of the players that take one.
        let needs_values = self.net.is_none()
            && matches!(
                player,
                PpsPlayer::Learned | PpsPlayer::Expectimax(_) | PpsPlayer::Rollout(..)
            )
            || (player == PpsPlayer::Mcts
                && matches!(
                    mcts.simulation,
                    Simulation::Learned | Simulation::LearnedValue
                ));
        let values = match &self.values {
            Some(path) => Some(crate::pps::play::table_file(path, &system, &self.system)?.0),
            None if self.plays_unshipped(&system) => Some(crate::pps::tables::unshipped(
                &system,
                &self.system,
                threads,
                true,
            )?),
            None if needs_values => Some(committed_table(&system, &self.system)?),
            None => None,
        };
        let net = match &self.net {
            Some(_)
                if !matches!(
                    player,
                    PpsPlayer::Learned | PpsPlayer::Expectimax(_) | PpsPlayer::Rollout(_)
                ) =>
            {
                return Err(invalid!(
                    "net: is for the learned, expectimax, rollout and best players, not {}",
                    self.player
                ));
            }
            Some(path) => Some(crate::pps::play::net_file(path, &system, &self.system)?),
            None => None,
        };
        Ok(PlayConfig {
            system,
            player,
            mcts,
            values,
            net,
        })
    }
}
