//! Choosing a lead with hidden hands: value every card on sampled layouts, or search one tree
//! over the leader's information set.
//!
//! McKay & Kruskal ("A New Method of Averaging in Monte Carlo Game Tree Search", undated, 2009
//! or later; introduction) describe how bridge programs choose a card in play: deal many
//! layouts of the unseen hands that agree with what is known, value each card on every layout
//! double dummy, and play the card that does best on average (perfect-information Monte Carlo,
//! PIMC). [`evaluate_leads`] does that with a pluggable per-layout [`LayoutEvaluator`]: the
//! exact solver ([`SolverEvaluator`]), or McKay's own power-mean UCT with a playout budget
//! ([`UctEvaluator`]), the replacement the paper hopes for. [`ismcts_lead`] instead searches
//! one tree over the information set with [`search::ismcts`](crate::search::ismcts), a fresh
//! layout each iteration.
//!
//! Every random number comes from [`rng::stream`](crate::rng::stream)(crate::rng::stream)`(seed, i)` for layout `i` (the layout is drawn
//! first, then the evaluator goes on with the same generator), so layout `i`'s values depend on
//! `(seed, i)` alone and a host may value layouts on many threads and [`LeadTally::add`] them
//! in index order for the same bits as one thread.

//! The parts: the problem and its errors here, with [`evaluate_leads`]; the per-layout
//! evaluators (`evaluators.rs`); the tally and its report (`tally.rs`); the information-set
//! search (`ismcts.rs`).

mod evaluators;
mod ismcts;
mod tally;

pub use evaluators::{LayoutEvaluator, SolverEvaluator, UctEvaluator};
pub use ismcts::{LeadInformationSet, ismcts_lead};
pub use tally::{CardLead, LeadReport, LeadTally, Objective};

use core::fmt;

use super::constraints::Constraints;
use super::layout::{DEFAULT_MAX_TRIES, LayoutError, Layouts};
use super::play::{BridgePlay, PositionError};
use super::score::Contract;
use super::seat::{BySeat, Seat};
use super::strain::Strain;
use crate::card::Card;
use crate::cards::Cards;
use crate::search::SearchError;

/// The most cards a leader can hold.
pub const MAX_LEADS: usize = 13;

/// Every card's value on one layout: tricks for the leader's side from the lead on, or under
/// [`Measure::Set`] 1 if it beats the contract and 0 if not.
pub type CardValues = heapless::Vec<(Card, f64), MAX_LEADS>;

/// What a layout's [`CardValues`] measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Measure {
    /// Tricks for the leader's side.
    Tricks,
    /// Whether the card beats the contract: 1.0 if it does, 0.0 if not. All that
    /// [`Objective::Set`] needs, and cheaper for the solver to find (one zero-window test a
    /// card, [`solve_reaching`](crate::bridge::solve_reaching)(crate::bridge::solve_reaching)); no mean tricks follow from it.
    Set,
}

/// Why a lead could not be valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum LeadError {
    /// The leader's hand is not among the known hands.
    LeaderUnknown(Seat),
    /// The leader holds no card.
    NoCards,
    /// Layouts could not be drawn.
    Layout(LayoutError),
    /// A drawn layout is no position of play (a bug in the sampler, reported not hidden).
    Position(PositionError),
    /// The UCT or ISMCTS search failed.
    Search(SearchError),
}

impl fmt::Display for LeadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeadError::LeaderUnknown(s) => write!(f, "the leader {s}'s hand is not known"),
            LeadError::NoCards => f.write_str("the leader holds no card"),
            LeadError::Layout(e) => write!(f, "layouts: {e}"),
            LeadError::Position(e) => write!(f, "layout: {e}"),
            LeadError::Search(e) => write!(f, "search: {e}"),
        }
    }
}

impl core::error::Error for LeadError {}

impl From<LayoutError> for LeadError {
    fn from(e: LayoutError) -> Self {
        LeadError::Layout(e)
    }
}

impl From<PositionError> for LeadError {
    fn from(e: PositionError) -> Self {
        LeadError::Position(e)
    }
}

impl From<SearchError> for LeadError {
    fn from(e: SearchError) -> Self {
        LeadError::Search(e)
    }
}

/// A lead to choose: who leads, in which strain, what is known, and what beats the contract.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct LeadProblem {
    layouts: Layouts,
    leader: Seat,
    strain: Strain,
    target: Option<u8>,
}

impl LeadProblem {
    /// The opening lead against `contract` by `declarer`: the leader is declarer's left-hand
    /// opponent holding `hand`, every other card unseen, each seat within `constraints`. The
    /// defence beats the contract with `14 - (level + 6)` tricks.
    pub fn opening(
        hand: Cards,
        contract: Contract,
        declarer: Seat,
        constraints: Constraints,
    ) -> Result<LeadProblem, LeadError> {
        let leader = declarer.next();
        let mut known = BySeat([None; 4]);
        known[leader] = Some(hand);
        let layouts = Layouts::of_deal(known, constraints)?;
        let target = 14 - contract.tricks_needed();
        LeadProblem::new(layouts, leader, contract.strain(), Some(target))
    }

    /// A lead from `layouts` (the leader's hand among the known ones) in `strain`; `target`:
    /// the tricks from now on that the leader's side needs to beat the contract, if there is
    /// one.
    pub fn new(
        layouts: Layouts,
        leader: Seat,
        strain: Strain,
        target: Option<u8>,
    ) -> Result<LeadProblem, LeadError> {
        match layouts.known(leader) {
            None => Err(LeadError::LeaderUnknown(leader)),
            Some(h) if h.is_empty() => Err(LeadError::NoCards),
            Some(_) => Ok(LeadProblem {
                layouts,
                leader,
                strain,
                target,
            }),
        }
    }

    /// The layouts.
    #[must_use]
    pub fn layouts(&self) -> &Layouts {
        &self.layouts
    }

    /// The leader.
    #[must_use]
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// The strain.
    #[must_use]
    pub fn strain(&self) -> Strain {
        self.strain
    }

    /// The tricks that beat the contract, if there is one.
    #[must_use]
    pub fn target(&self) -> Option<u8> {
        self.target
    }

    /// The leader's cards.
    pub fn hand(&self) -> Cards {
        self.layouts.known(self.leader).unwrap_or(Cards::EMPTY)
    }

    /// The position of play on one layout.
    pub fn position(&self, deal: &super::deal::Deal) -> Result<BridgePlay, LeadError> {
        Ok(BridgePlay::new(deal, self.strain, self.leader)?)
    }

    /// The runs of equal cards in the leader's hand: cards of a suit with no card of another
    /// hand still in play between them (at the opening lead, touching ranks such as K-Q-J).
    /// Each card's group is the index of the group's highest card in [`LeadProblem::hand`]'s
    /// order (spades first, each suit from the top, as the solver lists cards).
    #[must_use]
    pub fn groups(&self) -> heapless::Vec<(Card, u8), MAX_LEADS> {
        let hand = self.hand();
        let others = self.layouts.unseen()
            | Seat::ALL
                .iter()
                .filter(|&&s| s != self.leader)
                .filter_map(|&s| self.layouts.known(s))
                .fold(Cards::EMPTY, |a, h| a | h);
        let mut out = heapless::Vec::new();
        let mut previous: Option<(Card, u8)> = None;
        for (i, card) in hand.iter().rev().enumerate() {
            let group = match previous {
                Some((p, g)) if p.suit() == card.suit() && touching(p, card, others) => g,
                _ => i as u8,
            };
            let _ = out.push((card, group));
            previous = Some((card, group));
        }
        out
    }
}

/// Whether no card of `others` lies between `high` and `low` (same suit, `high` above).
fn touching(high: Card, low: Card, others: Cards) -> bool {
    let (h, l) = (high.rank() as u32, low.rank() as u32);
    let between = ((1u32 << h) - 1) & !((1u32 << (l + 1)) - 1);
    u32::from(others.suit_ranks(high.suit())) & between == 0
}

/// How [`evaluate_leads`] samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct LeadConfig {
    /// Layouts to value. Default 100.
    pub layouts: u32,
    /// The run's seed; layout `i` uses [`rng::stream`](crate::rng::stream)(crate::rng::stream)`(seed, i)`. Default 0.
    pub seed: u64,
    /// Tries allowed for one layout. Default [`DEFAULT_MAX_TRIES`].
    pub max_tries: u32,
    /// Give each run of equal cards ([`LeadProblem::groups`]) the mean of its members' values
    /// on each layout, as DDS reports one value per run. Exact values are equal within a run
    /// anyway; a sampling evaluator's noise is averaged. Default `true`.
    pub group_equals: bool,
}

impl LeadConfig {
    /// The defaults listed on each field.
    #[must_use]
    pub const fn new() -> LeadConfig {
        LeadConfig {
            layouts: 100,
            seed: 0,
            max_tries: DEFAULT_MAX_TRIES,
            group_equals: true,
        }
    }
}

impl Default for LeadConfig {
    fn default() -> Self {
        LeadConfig::new()
    }
}

/// Draws layout `index` of the run seeded `seed` and values every lead on it; returns the
/// tries the draw took.
pub fn evaluate_layout<E: LayoutEvaluator + ?Sized>(
    problem: &LeadProblem,
    evaluator: &mut E,
    seed: u64,
    index: u64,
    max_tries: u32,
    out: &mut CardValues,
) -> Result<u32, LeadError> {
    let (drawn, mut rng) = problem.layouts.sample(seed, index, max_tries)?;
    let position = problem.position(&drawn.deal)?;
    evaluator.evaluate(&position, &mut rng, out)?;
    Ok(drawn.tries)
}

/// Perfect-information Monte Carlo: values every lead on `config.layouts` layouts with
/// `evaluator`, layout `i` from [`rng::stream`](crate::rng::stream)(crate::rng::stream)`(config.seed, i)`.
pub fn evaluate_leads<E: LayoutEvaluator + ?Sized>(
    problem: &LeadProblem,
    evaluator: &mut E,
    config: &LeadConfig,
) -> Result<LeadReport, LeadError> {
    let mut tally = LeadTally::new(problem, config.group_equals, evaluator.measure());
    let mut values = CardValues::new();
    for i in 0..config.layouts {
        let tries = evaluate_layout(
            problem,
            evaluator,
            config.seed,
            u64::from(i),
            config.max_tries,
            &mut values,
        )?;
        tally.add(&values, tries);
    }
    Ok(tally.report())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::deal::Deal;
    use crate::bridge::solver::{TransTable, TtLine, solve};
    use crate::power_mean::Power;
    use crate::search::{Exploration, UctConfig};
    use crate::tree::Tree;

    /// `tests/data/bridge/dev_deals.jsonl` deal 7 (as in the self-check), West on lead in NT.
    const DEAL: &str = "W:KT.AT872.AK.8432 Q7643.964.T987.K 952.Q53.J63.Q765 AJ8.KJ.Q542.AJT9";

    fn table() -> TransTable<[TtLine; 4096]> {
        TransTable::new([TtLine::default(); 4096])
    }

    #[test]
    fn with_every_hand_known_the_solver_evaluation_is_the_solver() {
        let deal: Deal = DEAL.parse().unwrap();
        let known = BySeat::from_fn(|s| Some(deal.hand(s)));
        let layouts = Layouts::new(known, Cards::EMPTY, Constraints::NONE).unwrap();
        let problem = LeadProblem::new(layouts, Seat::West, Strain::NoTrump, Some(5)).unwrap();
        let mut t = table();
        let mut evaluator = SolverEvaluator::new(&mut t);
        let config = LeadConfig {
            layouts: 3,
            ..LeadConfig::new()
        };
        let report = evaluate_leads(&problem, &mut evaluator, &config).unwrap();
        let mut t2 = table();
        let exact = solve(&problem.position(&deal).unwrap(), &mut t2);
        assert_eq!(report.cards.len(), exact.cards.len());
        for (c, &(card, tricks)) in report.cards.iter().zip(&exact.cards) {
            assert_eq!(
                (c.card, c.tricks, c.layouts),
                (card, Some(f64::from(tricks)), 3)
            );
            assert_eq!(c.tricks_se, Some(0.0));
            assert_eq!(c.set, Some(if tricks >= 5 { 1.0 } else { 0.0 }));
        }
        let best = report.by_tricks.unwrap();
        assert_eq!(
            exact.cards.iter().find(|c| c.0 == best).unwrap().1,
            exact.best
        );
        assert_eq!((report.layouts, report.tries), (3, 3));
    }

    #[test]
    fn sampled_leads_are_deterministic_and_sensible() {
        let deal: Deal = DEAL.parse().unwrap();
        let west = deal.hand(Seat::West);
        let contract: Contract = "3N".parse().unwrap();
        let c: Constraints = "S: 12+ hcp".parse().unwrap();
        let problem = LeadProblem::opening(west, contract, Seat::South, c).unwrap();
        assert_eq!((problem.leader(), problem.target()), (Seat::West, Some(5)));
        let config = LeadConfig {
            layouts: 6,
            seed: 3,
            ..LeadConfig::new()
        };
        let mut t = table();
        let a = evaluate_leads(&problem, &mut SolverEvaluator::new(&mut t), &config).unwrap();
        let b = evaluate_leads(&problem, &mut SolverEvaluator::new(&mut t), &config).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.cards.len(), 13);
        assert!(a.tries >= 6);
        for c in &a.cards {
            assert_eq!(c.layouts, 6);
            assert!((0.0..=13.0).contains(&c.tricks.unwrap()));
            let p = c.set.unwrap();
            assert!((0.0..=1.0).contains(&p));
        }
        // Touching cards (the AK of diamonds) share their values.
        let groups = problem.groups();
        let ak: heapless::Vec<&CardLead, 13> = a
            .cards
            .iter()
            .filter(|c| c.card.suit() == crate::Suit::Diamonds)
            .collect();
        assert_eq!(ak.len(), 2);
        assert_eq!(ak[0].tricks, ak[1].tricks);
        assert_eq!(groups.iter().filter(|g| g.1 == groups[0].1).count(), 1);

        // McKay's UCT on the same layouts gives values for every card.
        let mut tree: Tree<Card, 40_000> = Tree::new();
        let uct_config = UctConfig::mckay(
            Exploration::mckay(16.0).unwrap(),
            Power::new(5.0).unwrap(),
            300,
        );
        let mut e = UctEvaluator::new(&mut tree, uct_config);
        let u = evaluate_leads(&problem, &mut e, &config).unwrap();
        assert!(u.cards.iter().all(|c| c.layouts == 6));
        assert_eq!(e.playouts, 6 * 300);
        assert!(u.by_tricks.is_some() && u.by_set.is_some());
    }

    #[test]
    fn deciding_the_set_agrees_with_exact_tricks_on_every_layout() {
        // West's 6 cards known, the other 18 dealt at random: a 6-card ending in each strain.
        let mut known = BySeat([None; 4]);
        known[Seat::West] = Some("SA SQ S4 HK H3 D7".parse().unwrap());
        let unseen: Cards = "SK SJ ST S2 HA HQ HJ H2 DA DK DQ D3 C9 C8 C7 C6 C5 C4"
            .parse()
            .unwrap();
        let layouts = Layouts::new(known, unseen, Constraints::NONE).unwrap();
        let config = LeadConfig {
            layouts: 25,
            seed: 11,
            ..LeadConfig::new()
        };
        let (mut t, mut t2) = (table(), table());
        for strain in Strain::ALL {
            for target in 0..=7 {
                let problem =
                    LeadProblem::new(layouts.clone(), Seat::West, strain, Some(target)).unwrap();
                let mut exact = SolverEvaluator::new(&mut t);
                let mut set = SolverEvaluator::deciding(&mut t2, &problem);
                assert_eq!(
                    (exact.measure(), set.measure()),
                    (Measure::Tricks, Measure::Set)
                );
                let (mut a, mut b) = (CardValues::new(), CardValues::new());
                for i in 0..u64::from(config.layouts) {
                    evaluate_layout(&problem, &mut exact, 11, i, 1000, &mut a).unwrap();
                    evaluate_layout(&problem, &mut set, 11, i, 1000, &mut b).unwrap();
                    assert_eq!(a.len(), b.len());
                    for (&(card, tricks), &(c, v)) in a.iter().zip(&b) {
                        let beats = tricks >= f64::from(target);
                        assert_eq!(
                            (card, if beats { 1.0 } else { 0.0 }),
                            (c, v),
                            "{strain} {i}"
                        );
                    }
                }
                let e = evaluate_leads(&problem, &mut SolverEvaluator::new(&mut t), &config);
                let d = evaluate_leads(
                    &problem,
                    &mut SolverEvaluator::deciding(&mut t2, &problem),
                    &config,
                );
                let (e, d) = (e.unwrap(), d.unwrap());
                for (x, y) in e.cards.iter().zip(&d.cards) {
                    assert_eq!(
                        (x.card, x.layouts, x.set, x.set_se),
                        (y.card, y.layouts, y.set, y.set_se)
                    );
                    assert!(x.tricks.is_some() && y.tricks.is_none() && y.tricks_se.is_none());
                }
                assert_eq!(d.by_tricks, None);
                let best = d.by_set.unwrap();
                let chance =
                    |r: &LeadReport, c: Card| r.cards.iter().find(|x| x.card == c).unwrap().set;
                assert_eq!(chance(&d, best), chance(&e, e.by_set.unwrap()));
            }
        }
    }

    #[test]
    fn ismcts_searches_the_information_set() {
        // A 3-card ending, no trump: West holds SA SK S2, and wins three tricks only if the
        // spades are not 3-0 behind... every layout gives West at least 2 tricks.
        let mut known = BySeat([None; 4]);
        known[Seat::West] = Some("SA SK S2".parse().unwrap());
        let unseen: Cards = "SQ SJ ST H2 H3 H4 D2 D3 D4".parse().unwrap();
        let layouts = Layouts::new(known, unseen, Constraints::NONE).unwrap();
        let problem = LeadProblem::new(layouts, Seat::West, Strain::NoTrump, Some(2)).unwrap();
        let mut tree: Tree<Card, 50_000> = Tree::new();
        let config = UctConfig {
            iterations: 3000,
            ..UctConfig::new()
        };
        let r = ismcts_lead(&problem, &mut tree, &config, 1, 1000).unwrap();
        assert_eq!(r.layouts, 3000);
        assert_eq!(r.cards.iter().map(|c| c.layouts).sum::<u32>(), 3000);
        let best = r.by_tricks.unwrap();
        assert_ne!(best, "S2".parse().unwrap(), "{r:?}");
        assert!(
            r.cards
                .iter()
                .all(|c| (0.0..=3.0).contains(&c.tricks.unwrap()))
        );
        let again = ismcts_lead(&problem, &mut tree, &config, 1, 1000).unwrap();
        assert_eq!(r, again);
        // An impossible information set is the sampler's error, not a hang.
        let c: Constraints = "N: 20+ hcp".parse().unwrap();
        let bad = Layouts::new(known, unseen, c).unwrap();
        let problem = LeadProblem::new(bad, Seat::West, Strain::NoTrump, None).unwrap();
        assert_eq!(
            ismcts_lead(&problem, &mut tree, &config, 1, 100),
            Err(LeadError::Layout(LayoutError::TooManyTries { tries: 100 }))
        );
    }

    #[test]
    fn objective_spellings_round_trip() {
        crate::spelling::check_spellings(
            &Objective::ALL,
            &["tricks", "set"],
            Objective::about,
            &["", "Tricks", "sets", "trick"],
        );
    }
}
