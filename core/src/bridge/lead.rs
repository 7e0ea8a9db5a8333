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
//! Every random number comes from [`rng::stream`]`(seed, i)` for layout `i` (the layout is drawn
//! first, then the evaluator goes on with the same generator), so layout `i`'s values depend on
//! `(seed, i)` alone and a host may value layouts on many threads and [`LeadTally::add`] them
//! in index order for the same bits as one thread.

use core::fmt;

use rand_core::Rng;

use super::constraints::Constraints;
use super::layout::{DEFAULT_MAX_TRIES, LayoutError, Layouts};
use super::play::{BridgePlay, PositionError};
use super::score::Contract;
use super::seat::{BySeat, Seat};
use super::solver::{
    SolveStats, SolverConfig, TableMemory, TransTable, solve_reaching, solve_with,
};
use super::strain::Strain;
use crate::card::Card;
use crate::cards::Cards;
use crate::game::{Game, MoveList};
use crate::math;
use crate::rng;
use crate::search::{InformationSet, RandomPolicy, SearchError, UctConfig, ismcts, uct};
use crate::spelled;
use crate::tree::{Storage, TreeInner};

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
    /// card, [`solve_reaching`]); no mean tricks follow from it.
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

/// Values every card the leader may lead on one layout.
pub trait LayoutEvaluator {
    /// Writes into `out` each card of the leader at `position` (the lead to make) with the
    /// tricks the leader's side takes from there on if it is led; a card the evaluator could
    /// not value may be left out. Random numbers come from `rng` only.
    fn evaluate<R: Rng + ?Sized>(
        &mut self,
        position: &BridgePlay,
        rng: &mut R,
        out: &mut CardValues,
    ) -> Result<(), LeadError>;

    /// What the values measure. Default [`Measure::Tricks`].
    fn measure(&self) -> Measure {
        Measure::Tricks
    }
}

/// The exact double-dummy value of every card ([`solve_with`]): one solve per layout; or, with
/// a target, whether each card beats the contract ([`solve_reaching`], [`Measure::Set`]).
#[derive(Debug)]
pub struct SolverEvaluator<'t, M: TableMemory> {
    /// The transposition table (cleared by the solver at each new layout).
    pub table: &'t mut TransTable<M>,
    /// The solver's techniques. Default [`SolverConfig::ALL`].
    pub config: SolverConfig,
    /// `Some(t)`: decide only whether each card takes the leader's side to `t` tricks
    /// ([`LeadProblem::target`]), the values then [`Measure::Set`]'s. Default `None`: exact
    /// tricks.
    pub target: Option<u8>,
    /// The work of every solve so far.
    pub stats: SolveStats,
}

impl<'t, M: TableMemory> SolverEvaluator<'t, M> {
    /// An evaluator of exact tricks over `table` with every technique on.
    pub fn new(table: &'t mut TransTable<M>) -> Self {
        SolverEvaluator {
            table,
            config: SolverConfig::ALL,
            target: None,
            stats: SolveStats::default(),
        }
    }

    /// An evaluator of whether each card beats `problem`'s contract (exact tricks when it has
    /// none).
    pub fn deciding(table: &'t mut TransTable<M>, problem: &LeadProblem) -> Self {
        SolverEvaluator {
            target: problem.target(),
            ..SolverEvaluator::new(table)
        }
    }
}

impl<M: TableMemory> LayoutEvaluator for SolverEvaluator<'_, M> {
    fn evaluate<R: Rng + ?Sized>(
        &mut self,
        position: &BridgePlay,
        _: &mut R,
        out: &mut CardValues,
    ) -> Result<(), LeadError> {
        out.clear();
        if let Some(target) = self.target {
            let reaching = solve_reaching(position, self.table, &self.config, target);
            self.stats.add(&reaching.stats);
            for &(card, set) in &reaching.cards {
                let _ = out.push((card, if set { 1.0 } else { 0.0 }));
            }
            return Ok(());
        }
        let solution = solve_with(position, self.table, &self.config);
        self.stats.add(&solution.stats);
        for &(card, tricks) in &solution.cards {
            let _ = out.push((card, f64::from(tricks)));
        }
        Ok(())
    }

    fn measure(&self) -> Measure {
        if self.target.is_some() {
            Measure::Set
        } else {
            Measure::Tricks
        }
    }
}

/// McKay's UCT on the layout ([`uct`] with its configuration, random playouts): each card's
/// value is the root child's value, in tricks for the leader's side.
#[derive(Debug)]
pub struct UctEvaluator<'t, B: Storage<Card>> {
    /// The search tree, reset for each layout.
    pub tree: &'t mut TreeInner<Card, B>,
    /// The search, e.g. [`UctConfig::mckay`].
    pub config: UctConfig,
    /// Playouts run so far.
    pub playouts: u64,
    /// The most nodes one layout's tree used.
    pub peak_nodes: usize,
    /// Iterations that found the tree full, summed.
    pub tree_full: u64,
}

impl<'t, B: Storage<Card>> UctEvaluator<'t, B> {
    /// An evaluator searching with `config` in `tree`.
    pub fn new(tree: &'t mut TreeInner<Card, B>, config: UctConfig) -> Self {
        UctEvaluator {
            tree,
            config,
            playouts: 0,
            peak_nodes: 0,
            tree_full: 0,
        }
    }
}

impl<B: Storage<Card>> LayoutEvaluator for UctEvaluator<'_, B> {
    fn evaluate<R: Rng + ?Sized>(
        &mut self,
        position: &BridgePlay,
        rng: &mut R,
        out: &mut CardValues,
    ) -> Result<(), LeadError> {
        let config = UctConfig {
            reuse_tree: false,
            ..self.config
        };
        let result = uct(self.tree, position, &config, &mut RandomPolicy, rng)?;
        self.playouts += u64::from(result.iterations);
        self.peak_nodes = self.peak_nodes.max(result.nodes);
        self.tree_full += u64::from(result.tree_full);
        out.clear();
        for c in result.children.iter().filter(|c| c.visits > 0) {
            let _ = out.push((c.mv, c.value));
        }
        Ok(())
    }
}

/// How [`evaluate_leads`] samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct LeadConfig {
    /// Layouts to value. Default 100.
    pub layouts: u32,
    /// The run's seed; layout `i` uses [`rng::stream`]`(seed, i)`. Default 0.
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

/// One card's sums over the layouts so far.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
struct Sums {
    card: Card,
    group: u8,
    n: u32,
    sum: f64,
    sum_sq: f64,
    sets: u32,
}

/// The running statistics of every lead over the layouts valued so far; add layouts in index
/// order for results that do not depend on how the work was split.
#[derive(Clone, Debug, PartialEq)]
pub struct LeadTally {
    cards: heapless::Vec<Sums, MAX_LEADS>,
    target: Option<u8>,
    measure: Measure,
    group_equals: bool,
    layouts: u32,
    tries: u64,
}

impl LeadTally {
    /// An empty tally of `problem`'s leads, of values that measure `measure` (under
    /// [`Measure::Set`], a problem with no contract is tallied as beaten nowhere).
    #[must_use]
    pub fn new(problem: &LeadProblem, group_equals: bool, measure: Measure) -> LeadTally {
        let mut cards = heapless::Vec::new();
        for (card, group) in problem.groups() {
            let _ = cards.push(Sums {
                card,
                group,
                n: 0,
                sum: 0.0,
                sum_sq: 0.0,
                sets: 0,
            });
        }
        LeadTally {
            cards,
            target: problem.target(),
            measure,
            group_equals,
            layouts: 0,
            tries: 0,
        }
    }

    /// Adds one layout's values (drawn in `tries` tries). Cards not in `values` are counted
    /// as not valued on this layout.
    pub fn add(&mut self, values: &CardValues, tries: u32) {
        self.layouts += 1;
        self.tries += u64::from(tries);
        let value_of = |card: Card| values.iter().find(|(c, _)| *c == card).map(|v| v.1);
        for i in 0..self.cards.len() {
            let Some(&Sums { card, group, .. }) = self.cards.get(i) else {
                continue;
            };
            let v = if self.group_equals {
                let (mut s, mut k) = (0.0, 0u32);
                for m in self.cards.iter().filter(|m| m.group == group) {
                    if let Some(v) = value_of(m.card) {
                        s += v;
                        k += 1;
                    }
                }
                (k > 0).then(|| s / f64::from(k))
            } else {
                value_of(card)
            };
            let (Some(v), Some(sums)) = (v, self.cards.get_mut(i)) else {
                continue;
            };
            sums.n += 1;
            sums.sum += v;
            sums.sum_sq += v * v;
            // A sampled value counts as beating the contract when it rounds to the target (a
            // verdict, when it rounds to 1).
            let set = match self.measure {
                Measure::Tricks => self.target.is_some_and(|t| v + 0.5 >= f64::from(t)),
                Measure::Set => v >= 0.5,
            };
            if set {
                sums.sets += 1;
            }
        }
    }

    /// The statistics so far and the best card under each objective.
    #[must_use]
    pub fn report(&self) -> LeadReport {
        let mut cards = heapless::Vec::new();
        for s in &self.cards {
            let n = f64::from(s.n);
            let mean = if s.n > 0 { s.sum / n } else { 0.0 };
            let tricks = (self.measure == Measure::Tricks).then_some(mean);
            let tricks_se = tricks.filter(|_| s.n >= 2).map(|_| {
                let var = ((s.sum_sq - n * mean * mean) / (n - 1.0)).max(0.0);
                math::sqrt(var / n)
            });
            let set = self
                .target
                .filter(|_| s.n > 0)
                .map(|_| f64::from(s.sets) / n);
            let set_se = set.map(|p| math::sqrt(p * (1.0 - p) / n));
            let _ = cards.push(CardLead {
                card: s.card,
                layouts: s.n,
                tricks,
                tricks_se,
                set,
                set_se,
            });
        }
        let mut report = LeadReport {
            cards,
            by_tricks: None,
            by_set: None,
            layouts: self.layouts,
            tries: self.tries,
        };
        if self.measure == Measure::Tricks {
            report.by_tricks = report.best_by(|c| (c.tricks.unwrap_or(0.0), c.set.unwrap_or(0.0)));
        }
        if self.target.is_some() {
            report.by_set = report.best_by(|c| (c.set.unwrap_or(0.0), c.tricks.unwrap_or(0.0)));
        }
        report
    }
}

/// Which number chooses the lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Objective {
    /// The most tricks for the defence on average (what the double-dummy error measures).
    Tricks,
    /// The best chance to beat the contract.
    Set,
}

spelled! {
    Objective, "objective";
    Tricks => "tricks", "The most tricks for the defence on average";
    Set => "set", "The best chance to beat the contract";
}

/// One card's result.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CardLead {
    /// The card.
    pub card: Card,
    /// Layouts that valued it (for ISMCTS: the root child's visits).
    pub layouts: u32,
    /// Mean tricks for the leader's side (`None` when the values were [`Measure::Set`]'s).
    pub tricks: Option<f64>,
    /// The standard error of `tricks` (`None` without tricks, below two layouts, or for
    /// ISMCTS).
    pub tricks_se: Option<f64>,
    /// The fraction of layouts on which it beats the contract (`None` without a contract).
    pub set: Option<f64>,
    /// Its binomial standard error, `sqrt(p (1 - p) / n)`.
    pub set_se: Option<f64>,
}

/// The leads valued: every card, and the choice under each objective.
#[derive(Clone, Debug, PartialEq)]
pub struct LeadReport {
    /// Every card of the leader, in [`LeadProblem::hand`]'s order (spades first, high first).
    pub cards: heapless::Vec<CardLead, MAX_LEADS>,
    /// The card of most mean tricks (ties: best set chance, then the first listed); `None`
    /// without tricks.
    pub by_tricks: Option<Card>,
    /// The card of best set chance (ties: most tricks when they were measured, then the first
    /// listed); `None` without a contract.
    pub by_set: Option<Card>,
    /// Layouts valued.
    pub layouts: u32,
    /// Tries the layouts took (see [`Layouts::draw`]).
    pub tries: u64,
}

impl LeadReport {
    /// The chosen card under `objective`.
    #[must_use]
    pub fn best(&self, objective: Objective) -> Option<Card> {
        match objective {
            Objective::Tricks => self.by_tricks,
            Objective::Set => self.by_set,
        }
    }

    /// The card of highest `key` among the valued ones, the first listed on ties.
    fn best_by(&self, key: impl Fn(&CardLead) -> (f64, f64)) -> Option<Card> {
        let mut best: Option<&CardLead> = None;
        for c in self.cards.iter().filter(|c| c.layouts > 0) {
            if best.is_none_or(|b| key(c) > key(b)) {
                best = Some(c);
            }
        }
        best.map(|c| c.card)
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
/// `evaluator`, layout `i` from [`rng::stream`]`(config.seed, i)`.
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

/// The leader's information set for [`ismcts`]: a layout per iteration, and every card a
/// hidden hand might hold as that hand's possible moves.
#[derive(Clone, Copy, Debug)]
pub struct LeadInformationSet<'p> {
    problem: &'p LeadProblem,
    max_tries: u32,
    /// Layouts drawn so far.
    pub layouts: u32,
    /// Tries they took.
    pub tries: u64,
    /// Why the last draw failed, if it did.
    pub error: Option<LeadError>,
}

impl<'p> LeadInformationSet<'p> {
    /// The information set of `problem`'s leader; each layout may take `max_tries` tries.
    #[must_use]
    pub fn new(problem: &'p LeadProblem, max_tries: u32) -> Self {
        LeadInformationSet {
            problem,
            max_tries,
            layouts: 0,
            tries: 0,
            error: None,
        }
    }
}

impl InformationSet<BridgePlay> for LeadInformationSet<'_> {
    fn determinize<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<BridgePlay> {
        let drawn = self
            .problem
            .layouts
            .draw(rng, self.max_tries)
            .map_err(LeadError::from)
            .and_then(|d| {
                self.tries += u64::from(d.tries);
                self.problem.position(&d.deal)
            });
        match drawn {
            Ok(p) => {
                self.layouts += 1;
                Some(p)
            }
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }

    fn possible_moves(&self, state: &BridgePlay, moves: &mut MoveList<Card>) {
        let mover = state.to_move();
        if self.problem.layouts.known(mover).is_some() {
            state.legal_moves(moves);
            return;
        }
        // A hidden hand may hold any card no known hand holds and nobody has played: the
        // same set in every layout that agrees with the play so far.
        moves.clear();
        let hidden = Seat::ALL
            .iter()
            .filter(|&&s| self.problem.layouts.known(s).is_none())
            .fold(Cards::EMPTY, |a, &s| a | state.hand(s));
        for card in hidden.iter().rev() {
            let _ = moves.push(card);
        }
    }
}

/// Information-set MCTS for the lead: one [`ismcts`] search of `config` in `tree`, seeded by
/// [`rng::stream`]`(seed, 0)`. Each card's `tricks` is its root child's value, `layouts` its
/// visits; `by_tricks` is the search's own choice ([`UctConfig::final_move`]); there are no
/// per-layout values, so no standard errors and no set chances. `tries` counts the layouts'.
pub fn ismcts_lead<B: Storage<Card>>(
    problem: &LeadProblem,
    tree: &mut TreeInner<Card, B>,
    config: &UctConfig,
    seed: u64,
    max_tries: u32,
) -> Result<LeadReport, LeadError> {
    let mut info = LeadInformationSet::new(problem, max_tries);
    let mut rng = rng::stream(seed, 0);
    let config = UctConfig {
        reuse_tree: false,
        ..*config
    };
    let result = match ismcts(tree, &mut info, &config, &mut RandomPolicy, &mut rng) {
        Ok(r) => r,
        Err(SearchError::NoDeterminization) => {
            return Err(info
                .error
                .unwrap_or(LeadError::Search(SearchError::NoDeterminization)));
        }
        Err(e) => return Err(e.into()),
    };
    // The root's side is the leader's: values are the leader's side's tricks.
    let mut cards = heapless::Vec::new();
    for (card, _) in problem.groups() {
        let child = result.children.iter().find(|c| c.mv == card);
        let (tricks, visits) = child.map_or((0.0, 0), |c| (c.value, c.visits));
        let _ = cards.push(CardLead {
            card,
            layouts: visits,
            tricks: Some(tricks),
            tricks_se: None,
            set: None,
            set_se: None,
        });
    }
    Ok(LeadReport {
        cards,
        by_tricks: result.best,
        by_set: None,
        layouts: info.layouts,
        tries: info.tries,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::deal::Deal;
    use crate::bridge::solver::{TtLine, solve};
    use crate::power_mean::Power;
    use crate::search::Exploration;
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
