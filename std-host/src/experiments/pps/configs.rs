//! The configurations of each Poker Squares table of the papers (Arrington, Langley &
//! Bogaerts, AAAI 2016, and its 2015 draft) and the papers' number for each.

use cardtree::poker_squares::{
    Budget, HeuristicConfig, LearnedValues, Lookahead, MctsConfig, PAPER_CP, PointSystem,
    Selection, Simulation, Squash,
};
use cardtree::search::Exploration;
use std::sync::Arc;

use crate::pps::play::{PlayConfig, PpsPlayer, RolloutSettings};

/// The papers' numbers: `table,label,paper_mean,source`.
pub const PAPERS_CSV: &str = include_str!("../../../data/pps_papers.csv");

/// Which table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PpsTable {
    /// Table 2 of the paper: squashing methods.
    Squashing,
    /// The draft's Cp table.
    Cp,
    /// Table 3 of the paper: twelve selection x simulation rows.
    SelectionSimulation,
    /// The draft's alpha, beta, gamma sweep.
    Weights,
    /// The papers' best player alone.
    Best,
    /// Our best configuration alone ([`ours`]).
    Ours,
    /// The learned rollout player alone.
    Rollout,
    /// Expectimax over the next card alone.
    Expectimax,
}

cardtree::spelled! {
    PpsTable, "table";
    Squashing => "squashing", "Paper 004 Table 2: squashing methods, core MCTS, Cp = 1/sqrt 2";
    Cp => "cp", "Draft 001's Cp table: core MCTS without squashing";
    SelectionSimulation => "selection-simulation", "Paper 004 Table 3: twelve selection x simulation rows";
    Weights => "weights", "Draft 001's alpha, beta, gamma sweep with prune + UCT and best-move simulation";
    Best => "best", "The papers' best player alone (Table 3 row 12: prune + UCT, best-move simulation, tuned weights), for the contest's measurement: 500 paired games at 30 s a game";
    Ours => "ours", "Our best configuration alone ([`ours`]), for the same measurement";
    Rollout => "rollout", "The learned rollout player alone (rollouts of greedy play on the table cardtree ships for the point system, `--candidates K` placements compared), for the same measurement";
    Expectimax => "expectimax", "Expectimax over the next card (`--lookahead 2`: the next two) on the same table, for the same measurement";
}

/// A table's configurations: label (as in `data/pps_papers.csv`) and player.
#[must_use]
///
/// `learned`: the learned values of the rollout and expectimax tables and the player to run
/// on them (without them the player has no table and each game is an error).
pub fn configs(
    table: PpsTable,
    system: PointSystem,
    budget: Budget,
    learned: Option<(Arc<LearnedValues>, PpsPlayer)>,
) -> Vec<(String, PlayConfig)> {
    let base = |f: &dyn Fn(&mut MctsConfig)| {
        let mut m = MctsConfig::new();
        m.budget = budget;
        // "Core" MCTS: no heuristic in selection or simulation, the papers' initial weights.
        m.selection = Selection::Uct;
        m.simulation = Simulation::Random;
        m.heuristic = HeuristicConfig::PAPER;
        f(&mut m);
        PlayConfig {
            system,
            player: PpsPlayer::Mcts,
            mcts: m,
            values: None,
            net: None,
        }
    };
    let mut out = Vec::new();
    match table {
        PpsTable::Squashing => {
            for (label, squash) in [
                ("precise", Squash::Precise),
                ("imprecise", Squash::Imprecise),
                ("max200", Squash::Max200),
                ("max2000", Squash::Max2000),
            ] {
                out.push((
                    label.to_string(),
                    base(&|m| {
                        m.squash = squash;
                        m.exploration = const { cp(core::f64::consts::FRAC_1_SQRT_2) };
                    }),
                ));
            }
        }
        PpsTable::Cp => {
            for (label, exploration) in const {
                [
                    ("0", cp(0.0)),
                    ("0.7071", cp(core::f64::consts::FRAC_1_SQRT_2)),
                    ("5", cp(5.0)),
                    ("10", cp(10.0)),
                    ("25", cp(25.0)),
                    ("50", cp(50.0)),
                    ("100", cp(100.0)),
                    ("141.42", cp(PAPER_CP)),
                    ("6000", cp(6000.0)),
                ]
            } {
                out.push((label.to_string(), base(&|m| m.exploration = exploration)));
            }
        }
        PpsTable::SelectionSimulation => {
            use Selection as Se;
            use Simulation as Si;
            let rows = [
                ("1 uct/random", Se::Uct, Si::Random, false),
                ("2 uct-calc/random", Se::UctCalc, Si::Random, false),
                ("3 uct/random-calc", Se::Uct, Si::RandomCalc, false),
                ("4 uct-calc/random-calc", Se::UctCalc, Si::RandomCalc, false),
                ("5 uct/prune-random", Se::Uct, Si::PruneRandom, false),
                ("6 uct/best-move", Se::Uct, Si::BestMove, false),
                ("7 best-move/random", Se::BestMove, Si::Random, false),
                ("8 prune-uct/random", Se::PruneUct, Si::Random, false),
                ("9 prune-uct/best-move", Se::PruneUct, Si::BestMove, false),
                ("10 prune-uct/random tuned", Se::PruneUct, Si::Random, true),
                ("11 uct/best-move tuned", Se::Uct, Si::BestMove, true),
                (
                    "12 prune-uct/best-move tuned",
                    Se::PruneUct,
                    Si::BestMove,
                    true,
                ),
            ];
            for (label, sel, sim, tuned) in rows {
                out.push((
                    label.to_string(),
                    base(&|m| {
                        m.selection = sel;
                        m.simulation = sim;
                        if tuned {
                            m.heuristic = HeuristicConfig::TUNED;
                        }
                    }),
                ));
            }
        }
        PpsTable::Best => {
            let mut m = MctsConfig::new();
            m.budget = budget;
            out.push((
                "12 prune-uct/best-move tuned".to_string(),
                PlayConfig {
                    system,
                    player: PpsPlayer::Mcts,
                    mcts: m,
                    values: None,
                    net: None,
                },
            ));
        }
        PpsTable::Ours => {
            let (label, m) = ours(budget);
            out.push((
                label.to_string(),
                PlayConfig {
                    system,
                    player: PpsPlayer::Mcts,
                    mcts: m,
                    values: None,
                    net: None,
                },
            ));
        }
        PpsTable::Rollout | PpsTable::Expectimax => {
            let mut m = MctsConfig::new();
            m.budget = budget;
            let (values, player) = match learned {
                Some((v, p)) => (Some(v), p),
                None if table == PpsTable::Rollout => {
                    (None, PpsPlayer::Rollout(RolloutSettings::default()))
                }
                None => (None, PpsPlayer::Expectimax(Lookahead::OneCard)),
            };
            let label = match player {
                PpsPlayer::Expectimax(Lookahead::TwoCards) => "expectimax-2 learned",
                PpsPlayer::Expectimax(_) => "expectimax learned",
                PpsPlayer::Rollout(r) if r.control_variate => "rollout-cv learned",
                _ => "rollout learned",
            };
            out.push((
                label.to_string(),
                PlayConfig {
                    system,
                    player,
                    mcts: m,
                    values,
                    net: None,
                },
            ));
        }
        PpsTable::Weights => {
            for line in PAPERS_CSV.lines().skip(1) {
                let mut f = line.split(',');
                if f.next() != Some("weights") {
                    continue;
                }
                let Some(label) = f.next() else { continue };
                let w: Vec<f64> = label.split(' ').filter_map(|x| x.parse().ok()).collect();
                let [alpha, beta, gamma] = w[..] else {
                    continue;
                };
                out.push((
                    label.to_string(),
                    base(&|m| {
                        m.selection = Selection::PruneUct;
                        m.simulation = Simulation::BestMove;
                        m.heuristic = HeuristicConfig {
                            alpha,
                            beta,
                            gamma,
                            ..HeuristicConfig::PAPER
                        };
                    }),
                ));
            }
        }
    }
    out
}

/// Our best configuration and its label: the papers' search with plain UCT selection,
/// [`Simulation::Auto`] playouts (the rule player's where they score more, as under American
/// and British, else best move), and Cp = 0.02 on imprecisely squashed scores (Cp = 20 points
/// on the American scale, where the papers use 141). Chosen on 120 paired American games at
/// 3 s a game: 122.4 against the papers' best player's 116.6 (difference +5.7 +- 5.2); see
/// docs/poker-squares.md for the commands.
#[must_use]
pub fn ours(budget: Budget) -> (&'static str, MctsConfig) {
    let mut m = MctsConfig::new();
    m.budget = budget;
    m.selection = Selection::Uct;
    m.simulation = Simulation::Auto;
    m.squash = Squash::Imprecise;
    m.exploration = const { cp(0.02) };
    ("ours uct/auto imprecise cp0.02", m)
}

/// UCT's exploration for the papers' Cp, in their convention
/// ([`Exploration::kocsis_szepesvari`]); called in constants only, so that a bad Cp fails the
/// build.
const fn cp(cp: f64) -> Exploration {
    match Exploration::kocsis_szepesvari(cp) {
        Some(e) => e,
        None => panic!("a Cp of a table is not finite and at least 0"),
    }
}

/// The paper's mean for a table row, if it gives one.
#[must_use]
pub fn paper_mean(table: &str, label: &str) -> Option<f64> {
    PAPERS_CSV.lines().skip(1).find_map(|line| {
        let mut f = line.split(',');
        (f.next() == Some(table) && f.next() == Some(label))
            .then(|| f.next().and_then(|x| x.parse().ok()))
            .flatten()
    })
}

/// The paper's mean for a table row under a point system (as `--system` takes it): the papers
/// score American only, so under any other system there is none to set beside ours.
#[must_use]
pub fn paper_mean_under(system: &str, table: &str, label: &str) -> Option<f64> {
    if system.parse::<PointSystem>().ok() == Some(PointSystem::AMERICAN) {
        paper_mean(table, label)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_has_its_paper_number() {
        let b = Budget::Iterations(10);
        for (t, n) in [
            (PpsTable::Squashing, 4),
            (PpsTable::Cp, 9),
            (PpsTable::SelectionSimulation, 12),
            (PpsTable::Weights, 29),
            (PpsTable::Best, 1),
            (PpsTable::Ours, 1),
            (PpsTable::Rollout, 1),
        ] {
            let c = configs(t, PointSystem::AMERICAN, b, None);
            assert_eq!(c.len(), n, "{}", t.name());
            for (label, _) in &c {
                assert!(
                    paper_mean(t.name(), label).is_some(),
                    "{} {label}",
                    t.name()
                );
            }
            assert_eq!(t.name().parse::<PpsTable>(), Ok(t));
        }
        assert_eq!(
            paper_mean("selection-simulation", "12 prune-uct/best-move tuned"),
            Some(123.0)
        );
    }

    #[test]
    fn the_papers_numbers_are_american_only() {
        let row = "12 prune-uct/best-move tuned";
        assert_eq!(paper_mean_under("american", "best", row), Some(123.0));
        assert_eq!(paper_mean_under("british", "best", row), None);
        assert_eq!(paper_mean_under("random:42", "best", row), None);
        assert_eq!(paper_mean_under("nonsense", "best", row), None);
    }
}
