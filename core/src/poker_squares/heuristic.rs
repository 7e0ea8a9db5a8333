//! The state-evaluation heuristic of the DePauw papers (Arrington, Langley & Bogaerts, "Using
//! Domain Knowledge to Improve Monte-Carlo Tree Search Performance in Parameterized Poker
//! Squares", AAAI 2016, section "Domain Knowledge"): the sum over the ten hands of a hand
//! value, where a full hand scores its class, a four-card hand is weighted by the cards left in
//! the deck, and a one- to three-card hand by a-priori class probabilities over its possibility
//! array, scaled by alpha, beta, gamma.

use super::apriori::APRIORI;
use super::grid::{CELLS, Grid, LINES, lines_of};
use super::hand::{HandClass, HandSummary, ROYAL_RANKS, WHEEL_RANKS};
use super::points::PointSystem;
use crate::card::{Card, Rank, Suit};
use crate::cards::Cards;
use crate::spelled;

/// One slot of a possibility array (Arrington et al. 2016, "Domain Knowledge").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Possibility {
    /// The class can no longer be made (0 in the paper).
    Impossible = 0,
    /// The class can still be made (1).
    Possible = 1,
    /// The class is already made (2).
    Made = 2,
}

/// The parameters of the heuristic.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct HeuristicConfig {
    /// Weight of one-card hands; default 0.2 (Arrington et al. 2016, "Domain Knowledge").
    pub alpha: f64,
    /// Weight of two-card hands; default 0.4 (ibid.).
    pub beta: f64,
    /// Weight of three-card hands; default 0.6 (ibid.).
    pub gamma: f64,
    /// The a-priori probability of each hand class, by id; default [`APRIORI`].
    pub apriori: [f64; HandClass::COUNT],
    /// How a one- to three-card hand's classes are summed; default [`PriorMix::Sum`].
    pub mix: PriorMix,
}

/// How the value of a one- to three-card hand combines the a-priori probabilities of the
/// classes it can still make. Arrington et al. 2016 ("Domain Knowledge") say only that the
/// probabilities "are then used to compute a weighted sum in the same way as in a four-card
/// hand"; these are the readings of that sentence (`std-host/results/pps/audit.md`,
/// deviation 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum PriorMix {
    /// `sum over classes not ruled out of apriori * points`: a class already made counts
    /// at its a-priori odds, and the weights are not renormalised.
    #[default]
    Sum,
    /// The same sum divided by the sum of the a-priori probabilities of those classes: a
    /// distribution over the classes still reachable, as a four-card hand's weights are.
    Conditional,
    /// As [`PriorMix::Sum`], but a class already made counts with weight 1 (its points in
    /// full), as a four-card hand counts a class every completion keeps.
    MadeInFull,
}

spelled! {
    PriorMix, "prior mix";
    Sum => "sum", "Sum over the classes still possible (made ones at their a-priori odds)";
    Conditional => "conditional", "That sum divided by those classes' total probability";
    MadeInFull => "made-in-full", "As sum, but a class already made counts in full";
}

impl HeuristicConfig {
    /// alpha, beta, gamma = 0.2, 0.4, 0.6: the papers' initial weights.
    pub const PAPER: HeuristicConfig = HeuristicConfig {
        alpha: 0.2,
        beta: 0.4,
        gamma: 0.6,
        apriori: APRIORI,
        mix: PriorMix::Sum,
    };
    /// alpha, beta, gamma = 0.1, 0.3, 0.85: the best weights of the papers' sweep
    /// (Arrington et al. 2016, "Further Tuning of Domain Knowledge", Table 3 rows marked *).
    pub const TUNED: HeuristicConfig = HeuristicConfig {
        alpha: 0.1,
        beta: 0.3,
        gamma: 0.85,
        apriori: APRIORI,
        mix: PriorMix::Sum,
    };

    /// The papers' initial weights ([`HeuristicConfig::PAPER`]).
    #[must_use]
    pub const fn new() -> HeuristicConfig {
        HeuristicConfig::PAPER
    }
}

impl Default for HeuristicConfig {
    fn default() -> Self {
        HeuristicConfig::new()
    }
}

/// Whether some five-rank straight window (A-2-3-4-5 .. T-J-Q-K-A) holds every rank of
/// `ranks`; with `royal = false` the T-J-Q-K-A window is left out (straight flushes).
fn fits_straight(ranks: u16, royal: bool) -> bool {
    if ranks & WHEEL_RANKS == ranks {
        return true;
    }
    let last = if royal { 8 } else { 7 };
    (0..=last).any(|low| {
        let window = 0b1_1111u16 << low;
        ranks & window == ranks
    })
}

/// The possibility array of a hand of one to four cards: which classes it can still become
/// when filled to five cards, and which it has made. A full hand has its own class made and
/// every other impossible; an empty hand has high card made and every other possible.
#[must_use]
pub fn possibilities(h: &HandSummary) -> [Possibility; HandClass::COUNT] {
    use Possibility::{Impossible, Made, Possible};
    let mut p = [Impossible; HandClass::COUNT];
    let current = h.class();
    if h.len >= 5 {
        if let Some(slot) = p.get_mut(current.id()) {
            *slot = Made;
        }
        return p;
    }
    let k = h.ranks.count_ones();
    let max = h.max_of_a_kind();
    let paired = h.paired_ranks();
    let distinct = k == u32::from(h.len);
    let one_suit = h.suits.count_ones() <= 1;
    let mark = |ok: bool| if ok { Possible } else { Impossible };
    p[0] = if distinct { Made } else { Impossible };
    p[1] = if current == HandClass::OnePair {
        Made
    } else {
        mark(distinct)
    };
    p[2] = if current == HandClass::TwoPair {
        Made
    } else {
        mark(max <= 2 && k <= 3)
    };
    p[3] = if current == HandClass::ThreeOfAKind {
        Made
    } else {
        mark(max <= 2 && paired <= 1 && k <= 3)
    };
    p[4] = mark(distinct && fits_straight(h.ranks, true));
    p[5] = mark(distinct && one_suit);
    p[6] = mark(max <= 3 && k <= 2);
    p[7] = if current == HandClass::FourOfAKind {
        Made
    } else {
        mark(k <= 2 && paired <= 1)
    };
    p[8] = mark(distinct && one_suit && fits_straight(h.ranks, false));
    p[9] = mark(distinct && one_suit && h.ranks & ROYAL_RANKS == h.ranks);
    p
}

/// The heuristic for one point system: hand values and state values.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Evaluator {
    points: [f64; HandClass::COUNT],
    /// `apriori[c] * points[c]` for each class: the a-priori weighted sum's terms.
    prior_terms: [f64; HandClass::COUNT],
    config: HeuristicConfig,
}

impl Evaluator {
    /// The heuristic under `system` with `config`.
    #[must_use]
    pub fn new(system: &PointSystem, config: HeuristicConfig) -> Evaluator {
        let mut points = [0.0; HandClass::COUNT];
        let mut prior_terms = [0.0; HandClass::COUNT];
        for (i, c) in HandClass::ALL.iter().enumerate() {
            let v = f64::from(system.score(*c));
            points[i] = v;
            prior_terms[i] = v * config.apriori[i];
        }
        Evaluator {
            points,
            prior_terms,
            config,
        }
    }

    /// The parameters.
    #[must_use]
    pub const fn config(&self) -> &HeuristicConfig {
        &self.config
    }

    fn points_of(&self, class: HandClass) -> f64 {
        self.points.get(class.id()).copied().unwrap_or(0.0)
    }

    /// The weight of each class for a four-card hand: the fraction of the cards left in `deck`
    /// that complete it to that class (Arrington et al. 2016: "if a hand needs a 10H or 10C to
    /// complete a full house, and the deck holds a 10H and five spades, the weight is 1/6").
    #[must_use]
    pub fn four_card_weights(h: &HandSummary, deck: Cards) -> [f64; HandClass::COUNT] {
        let mut counts = [0u32; HandClass::COUNT];
        let total = for_each_completion(h, deck, |class, n| {
            if let Some(c) = counts.get_mut(class.id()) {
                *c += n;
            }
        });
        let mut w = [0.0; HandClass::COUNT];
        if total > 0 {
            for (wi, &ci) in w.iter_mut().zip(&counts) {
                *wi = f64::from(ci) / f64::from(total);
            }
        }
        w
    }

    /// The value of one hand given the cards not yet drawn: a full hand's score; for four
    /// cards the weighted sum over the next card from `deck`; for one to three cards alpha,
    /// beta or gamma times the sum of a-priori probability times score over the classes the
    /// possibility array does not rule out; 0 for an empty hand.
    #[must_use]
    pub fn hand_value(&self, h: &HandSummary, deck: Cards) -> f64 {
        match h.len {
            0 => 0.0,
            1..=3 => {
                let scale = match h.len {
                    1 => self.config.alpha,
                    2 => self.config.beta,
                    _ => self.config.gamma,
                };
                let p = possibilities(h);
                let mut sum = 0.0;
                let mut mass = 0.0;
                for ((pi, t), (q, pts)) in p
                    .iter()
                    .zip(&self.prior_terms)
                    .zip(self.config.apriori.iter().zip(&self.points))
                {
                    match (pi, self.config.mix) {
                        (Possibility::Impossible, _) => {}
                        (Possibility::Made, PriorMix::MadeInFull) => sum += pts,
                        _ => {
                            sum += t;
                            mass += q;
                        }
                    }
                }
                match self.config.mix {
                    PriorMix::Conditional if mass > 0.0 => scale * (sum / mass),
                    _ => scale * sum,
                }
            }
            4 => self.four_card_value(h, deck),
            _ => self.points_of(h.class()),
        }
    }

    /// The weighted sum of a four-card hand over the next card from `deck`, counted by card
    /// sets rather than card by card; [`for_each_completion`] is the plain reference it is
    /// tested against.
    fn four_card_value(&self, h: &HandSummary, deck: Cards) -> f64 {
        let total = deck.len() as u32;
        let current = h.class();
        if total == 0 {
            return self.points_of(current);
        }
        let pts = |c: HandClass| self.points_of(c);
        let mut sum = 0.0;
        let mut held_cards = 0u64;
        let mut ranks = h.ranks;
        let distinct = h.ranks.count_ones() == 4;
        let max = h.max_of_a_kind();
        while ranks != 0 {
            let r = ranks.trailing_zeros() as usize;
            ranks &= ranks - 1;
            let same = deck.bits() & RANK_CARDS.get(r).copied().unwrap_or(0);
            held_cards |= same;
            let n = same.count_ones();
            if n == 0 {
                continue;
            }
            let c = h.counts.get(r).copied().unwrap_or(0);
            let class = match (c, max, distinct) {
                (_, _, true) => HandClass::OnePair,
                // {2,1,1}: the pair's rank makes trips, a single's rank two pair.
                (2, 2, false) if h.paired_ranks() == 1 => HandClass::ThreeOfAKind,
                (1, 2, false) => HandClass::TwoPair,
                // {2,2}: either pair's rank makes a full house.
                (2, 2, false) => HandClass::FullHouse,
                // {3,1}: quads or a full house.
                (3, 3, false) => HandClass::FourOfAKind,
                (1, 3, false) => HandClass::FullHouse,
                _ => HandClass::FourOfAKind,
            };
            sum += pts(class) * f64::from(n);
        }
        let other = deck.bits() & !held_cards;
        if !distinct {
            // A new rank leaves a pair, two pair or trips as it is.
            sum += pts(current) * f64::from(other.count_ones());
            return sum / f64::from(total);
        }
        let suited = if h.suits.count_ones() == 1 {
            let s = h.suits.trailing_zeros() as usize;
            other & SUIT_CARDS.get(s).copied().unwrap_or(0)
        } else {
            0
        };
        let mut straight = 0u64;
        let mut royal = 0u64;
        for r in 0..13usize {
            let bit = 1u16 << r;
            if h.ranks & bit == 0 && super::hand::is_straight_mask(h.ranks | bit) {
                let cards = other & RANK_CARDS.get(r).copied().unwrap_or(0);
                straight |= cards;
                if h.ranks | bit == ROYAL_RANKS {
                    royal |= cards;
                }
            }
        }
        let n_royal = (royal & suited).count_ones();
        let n_sf = (straight & suited).count_ones() - n_royal;
        let n_straight = straight.count_ones() - n_sf - n_royal;
        let n_flush = suited.count_ones() - n_sf - n_royal;
        let n_high = other.count_ones() - n_royal - n_sf - n_straight - n_flush;
        sum += pts(HandClass::RoyalFlush) * f64::from(n_royal)
            + pts(HandClass::StraightFlush) * f64::from(n_sf)
            + pts(HandClass::Straight) * f64::from(n_straight)
            + pts(HandClass::Flush) * f64::from(n_flush)
            + pts(HandClass::HighCard) * f64::from(n_high);
        sum / f64::from(total)
    }

    /// The value of every line of `grid`, and their sum.
    #[must_use]
    pub fn lines(&self, grid: &Grid, deck: Cards) -> (f64, [f64; LINES]) {
        let mut v = [0.0; LINES];
        let mut total = 0.0;
        for (i, vi) in v.iter_mut().enumerate() {
            *vi = self.hand_value(&grid.summary(i), deck);
            total += *vi;
        }
        (total, v)
    }

    /// The heuristic value of a state: the sum of its ten hand values.
    #[must_use]
    pub fn state(&self, grid: &Grid, deck: Cards) -> f64 {
        self.lines(grid, deck).0
    }

    /// The state value after placing `card` in each free cell (`out[cell]`; other cells are
    /// left unchanged), from the parent's line values: only the row and the column of the cell
    /// change. Returns the parent's value.
    pub fn placements(&self, grid: &Grid, deck: Cards, card: Card, out: &mut [f64; CELLS]) -> f64 {
        LineCache::new(self, grid, deck).placements(self, grid.free_mask(), card, deck, out)
    }
}

/// The summaries and values of a grid's ten lines, kept up to date through a playout: a
/// placement changes two lines, a draw changes only the four-card lines (their weights come
/// from the deck); the other values stay.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineCache {
    summaries: [HandSummary; LINES],
    values: [f64; LINES],
}

impl LineCache {
    /// The lines of `grid` with `deck` left.
    #[must_use]
    pub fn new(eval: &Evaluator, grid: &Grid, deck: Cards) -> LineCache {
        let mut c = LineCache {
            summaries: [HandSummary::EMPTY; LINES],
            values: [0.0; LINES],
        };
        for ((s, v), i) in c.summaries.iter_mut().zip(c.values.iter_mut()).zip(0..) {
            *s = grid.summary(i);
            *v = eval.hand_value(s, deck);
        }
        c
    }

    /// The sum of the line values: the state's heuristic value.
    #[must_use]
    pub fn total(&self) -> f64 {
        self.values.iter().sum()
    }

    /// After a draw: the four-card lines' values under the new deck.
    pub fn redeal(&mut self, eval: &Evaluator, deck: Cards) {
        for (s, v) in self.summaries.iter().zip(self.values.iter_mut()) {
            if s.len == 4 {
                *v = eval.hand_value(s, deck);
            }
        }
    }

    /// After `card` went to `cell`: its row and column.
    pub fn place(&mut self, eval: &Evaluator, cell: usize, card: Card, deck: Cards) {
        let (r, c) = lines_of(cell);
        for line in [r, c] {
            if let (Some(s), Some(v)) = (self.summaries.get_mut(line), self.values.get_mut(line)) {
                s.add(card);
                *v = eval.hand_value(s, deck);
            }
        }
    }

    /// [`Evaluator::placements`] from the cached lines: each line with a free cell is valued
    /// once with `card` added. Returns the parent's value.
    pub fn placements(
        &self,
        eval: &Evaluator,
        free: u32,
        card: Card,
        deck: Cards,
        out: &mut [f64; CELLS],
    ) -> f64 {
        let total = self.total();
        let mut open = 0u16;
        let mut m = free;
        while m != 0 {
            let cell = m.trailing_zeros() as usize;
            m &= m - 1;
            let (r, c) = lines_of(cell);
            open |= (1 << r) | (1 << c);
        }
        let mut with = [0.0; LINES];
        for (i, (w, s)) in with.iter_mut().zip(&self.summaries).enumerate() {
            if open & (1 << i) != 0 {
                *w = eval.hand_value(&s.with(card), deck);
            }
        }
        let mut m = free;
        while m != 0 {
            let cell = m.trailing_zeros() as usize;
            m &= m - 1;
            let (r, c) = lines_of(cell);
            let (Some(vr), Some(vc), Some(wr), Some(wc)) = (
                self.values.get(r),
                self.values.get(c),
                with.get(r),
                with.get(c),
            ) else {
                continue;
            };
            if let Some(o) = out.get_mut(cell) {
                *o = total - vr - vc + wr + wc;
            }
        }
        total
    }
}

/// The cards of each rank (bit = card index), deuce first.
const RANK_CARDS: [u64; 13] = {
    let mut out = [0u64; 13];
    let mut r = 0;
    while r < 13 {
        out[r] = (1 << r) | (1 << (13 + r)) | (1 << (26 + r)) | (1 << (39 + r));
        r += 1;
    }
    out
};

/// The cards of each suit (bit = card index), clubs first.
const SUIT_CARDS: [u64; 4] = [0x1fff, 0x1fff << 13, 0x1fff << 26, 0x1fff << 39];

/// Calls `f(class, n)` for the classes a four-card hand becomes with each card of `deck`
/// (`n` cards give `class`); returns the number of cards in `deck`. Cards are grouped by rank,
/// and within a rank by whether they keep a one-suited hand suited.
fn for_each_completion(h: &HandSummary, deck: Cards, mut f: impl FnMut(HandClass, u32)) -> u32 {
    let flush_suit = if h.suits.count_ones() == 1 {
        Suit::ALL.get(h.suits.trailing_zeros() as usize).copied()
    } else {
        None
    };
    let mut total = 0;
    for (r, &held) in h.counts.iter().enumerate() {
        let rank_cards = Rank::from_index(r as u8).map_or(0, |rk| Cards::rank(rk).bits());
        let all = deck.bits() & rank_cards;
        let n = all.count_ones();
        if n == 0 {
            continue;
        }
        total += n;
        let mut with = *h;
        if let Some(c) = with.counts.get_mut(r) {
            *c = held + 1;
        }
        with.ranks |= 1 << r;
        with.len += 1;
        match flush_suit {
            Some(s) => {
                let suited = (deck.in_suit(s).bits() & all).count_ones();
                if suited > 0 {
                    f(with.class(), suited);
                }
                if n > suited {
                    let mut off = with;
                    off.suits |= !h.suits & 0b1111;
                    f(off.class(), n - suited);
                }
            }
            None => {
                let mut off = with;
                off.suits |= 0b1111;
                f(off.class(), n);
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> HandSummary {
        let mut h = HandSummary::EMPTY;
        for t in s.split_whitespace() {
            h.add(t.parse().unwrap());
        }
        h
    }

    fn cards(s: &str) -> Cards {
        s.split_whitespace()
            .map(|t| t.parse::<Card>().unwrap())
            .collect()
    }

    fn arr(p: [Possibility; 10]) -> [u8; 10] {
        p.map(|x| x as u8)
    }

    #[test]
    fn possibility_arrays_of_the_papers_examples() {
        // One card: high card made, all else possible, royal flush impossible below ten.
        assert_eq!(
            arr(possibilities(&hand("7H"))),
            [2, 1, 1, 1, 1, 1, 1, 1, 1, 0]
        );
        assert_eq!(
            arr(possibilities(&hand("AH"))),
            [2, 1, 1, 1, 1, 1, 1, 1, 1, 1]
        );
        // A pair: high card and straights gone, pair made.
        assert_eq!(
            arr(possibilities(&hand("7H 7C"))),
            [0, 2, 1, 1, 0, 0, 1, 1, 0, 0]
        );
        assert_eq!(
            arr(possibilities(&hand("7H 8H"))),
            [2, 1, 1, 1, 1, 1, 1, 1, 1, 0]
        );
        assert_eq!(
            arr(possibilities(&hand("TH AH"))),
            [2, 1, 1, 1, 1, 1, 1, 1, 0, 1]
        );
        assert_eq!(
            arr(possibilities(&hand("6H 6C 6S 7S"))),
            [0, 0, 0, 2, 0, 0, 1, 1, 0, 0]
        );
        assert_eq!(
            arr(possibilities(&hand("6H 6C 7S 7C"))),
            [0, 0, 2, 0, 0, 0, 1, 0, 0, 0]
        );
        assert_eq!(
            arr(possibilities(&hand("2H 3C 4S 9C"))),
            [2, 1, 0, 0, 0, 0, 0, 0, 0, 0]
        );
        assert_eq!(
            arr(possibilities(&hand("AH 2H 4H 5H"))),
            [2, 1, 0, 0, 1, 1, 0, 0, 1, 0]
        );
        let full = possibilities(&hand("AH KH QH JH TH"));
        assert_eq!(arr(full), [0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
        assert_eq!(arr(possibilities(&HandSummary::EMPTY))[0], 2);
    }

    #[test]
    fn prior_mixes_differ_only_in_how_made_and_possible_classes_add() {
        let with = |mix| {
            Evaluator::new(
                &PointSystem::AMERICAN,
                HeuristicConfig {
                    mix,
                    ..HeuristicConfig::TUNED
                },
            )
        };
        let (sum, conditional, made) = (
            with(PriorMix::Sum),
            with(PriorMix::Conditional),
            with(PriorMix::MadeInFull),
        );
        let deck = Cards::EMPTY;
        let trips = hand("7H 7S 7D");
        let pair = hand("7H 7S KD");
        let junk = hand("7H 2S KD");
        // The sum counts made trips at their a-priori odds: below a mere pair (the ranking
        // error of the audit); counted in full, trips rank first.
        assert!(sum.hand_value(&trips, deck) < sum.hand_value(&pair, deck));
        let m = |h: &HandSummary| made.hand_value(h, deck);
        assert!(m(&trips) > m(&pair) && m(&pair) > m(&junk));
        // In full: trips' 10 points (American), times gamma, besides the possible classes.
        assert!(m(&trips) >= 0.85 * 10.0);
        // Conditional: the sum divided by the probability of the classes not ruled out.
        for h in [&trips, &pair, &junk] {
            let p = possibilities(h);
            let mass: f64 = p
                .iter()
                .zip(&APRIORI)
                .filter(|(pi, _)| **pi != Possibility::Impossible)
                .map(|(_, q)| q)
                .sum();
            let want = sum.hand_value(h, deck) / mass;
            assert!((conditional.hand_value(h, deck) - want).abs() < 1e-9 * want.abs().max(1.0));
        }
        // Four- and five-card hands do not use the priors: every mix agrees.
        let four = hand("7H 7S KD KC");
        let rest = cards("KH 2C 3D");
        assert_eq!(sum.hand_value(&four, rest), made.hand_value(&four, rest));
        assert_eq!(
            sum.hand_value(&four, rest),
            conditional.hand_value(&four, rest)
        );
    }

    #[test]
    fn four_card_weights_of_the_papers_examples() {
        // 6H 6C 6S 7S with 6D 7H 8H left: trips, quads and full house 1/3 each.
        let w = Evaluator::four_card_weights(&hand("6H 6C 6S 7S"), cards("6D 7H 8H"));
        assert_eq!(w[3], 1.0 / 3.0);
        assert_eq!(w[6], 1.0 / 3.0);
        assert_eq!(w[7], 1.0 / 3.0);
        assert_eq!(w.iter().sum::<f64>(), 1.0);
        // Needs TH or TC for the full house; the deck has TH and five spades: 1/6.
        let w = Evaluator::four_card_weights(&hand("TD TS 9C 9H"), cards("TH 2S 3S 4S 5S 6S"));
        assert_eq!(w[6], 1.0 / 6.0);
        assert_eq!(w[2], 5.0 / 6.0);
        // A one-suited open-ended four: flush, straight flush, straight.
        let w = Evaluator::four_card_weights(&hand("5H 6H 7H 8H"), cards("4H 9C 2H 8C"));
        assert_eq!([w[1], w[4], w[5], w[8]], [0.25, 0.25, 0.25, 0.25]);
        let american = Evaluator::new(&PointSystem::AMERICAN, HeuristicConfig::PAPER);
        let v = american.hand_value(&hand("5H 6H 7H 8H"), cards("4H 9C 2H 8C"));
        assert_eq!(v, (75.0 + 15.0 + 20.0 + 2.0) / 4.0);
    }

    #[test]
    fn four_card_values_agree_with_card_by_card_completion() {
        let e = Evaluator::new(
            &PointSystem::new([3, 7, 11, 19, 23, 29, 31, 37, 41, 43]),
            HeuristicConfig::PAPER,
        );
        let mut r = crate::rng::seeded(9);
        for _ in 0..3000 {
            let mut deck = Cards::ALL;
            let mut h = HandSummary::EMPTY;
            for _ in 0..4 {
                let c = deck.choose(&mut r).unwrap();
                deck.remove(c);
                h.add(c);
            }
            for _ in 0..crate::rng::index(&mut r, 30) {
                let c = deck.choose(&mut r).unwrap();
                deck.remove(c);
            }
            let w = Evaluator::four_card_weights(&h, deck);
            let want: f64 = w.iter().zip(&e.points).map(|(a, b)| a * b).sum();
            let got = e.hand_value(&h, deck);
            assert!((got - want).abs() < 1e-9, "{h:?}: {got} vs {want}");
        }
        // Hands the random draw rarely makes.
        for s in [
            "TH JH QH KH",
            "AH 2H 3H 5H",
            "7C 7D 7H 7S",
            "7C 7D 7H 9S",
            "7C 7D 9H 9S",
            "7C 7D 9H 8S",
        ] {
            let h = hand(s);
            let deck = Cards::ALL.difference(cards(s));
            let w = Evaluator::four_card_weights(&h, deck);
            let want: f64 = w.iter().zip(&e.points).map(|(a, b)| a * b).sum();
            assert!((e.hand_value(&h, deck) - want).abs() < 1e-9, "{s}");
        }
    }

    #[test]
    fn the_line_cache_follows_a_playout() {
        let e = Evaluator::new(&PointSystem::BRITISH, HeuristicConfig::TUNED);
        let mut r = crate::rng::seeded(4);
        let mut g = crate::poker_squares::PokerSquares::new(PointSystem::BRITISH);
        let mut cache = LineCache::new(&e, g.grid(), g.deck());
        while !g.grid().is_full() {
            let card = g.draw_random(&mut r).unwrap();
            cache.redeal(&e, g.deck());
            let fresh = LineCache::new(&e, g.grid(), g.deck());
            assert!((cache.total() - fresh.total()).abs() < 1e-9);
            let cell = crate::poker_squares::random_player::random_cell(&g, &mut r).unwrap();
            g.place(cell).unwrap();
            cache.place(&e, cell, card, g.deck());
        }
        assert!((cache.total() - g.score() as f64).abs() < 1e-9);
    }

    #[test]
    fn small_hands_use_scaled_priors_and_placements_agree_with_full_evaluation() {
        let system = PointSystem::AMERICAN;
        let e = Evaluator::new(&system, HeuristicConfig::PAPER);
        let pair = e.hand_value(&hand("7H 7C"), Cards::ALL);
        let mut want = 0.0;
        for c in [1, 2, 3, 6, 7] {
            want += APRIORI[c] * f64::from(system.scores()[c]);
        }
        assert!((pair - 0.4 * want).abs() < 1e-12);
        let tuned = Evaluator::new(&system, HeuristicConfig::TUNED);
        assert!(tuned.hand_value(&hand("7H"), Cards::ALL) < e.hand_value(&hand("7H"), Cards::ALL));
        let grid: Grid =
            "AS KS -- -- 7H 7C -- -- -- -- 2D -- -- 9D -- -- -- -- -- -- 5C 5D 5H -- --"
                .parse()
                .unwrap();
        let card: Card = "QS".parse().unwrap();
        let deck = Cards::ALL.difference(grid.cards()).without(card);
        let mut out = [f64::NAN; CELLS];
        let parent = e.placements(&grid, deck, card, &mut out);
        assert!((parent - e.state(&grid, deck)).abs() < 1e-9);
        for (cell, &value) in out.iter().enumerate() {
            if grid.is_free(cell) {
                let mut g = grid;
                g.place(cell, card).unwrap();
                assert!((value - e.state(&g, deck)).abs() < 1e-9, "cell {cell}");
            } else {
                assert!(value.is_nan());
            }
        }
    }

    #[test]
    fn prior_mix_spellings_round_trip() {
        crate::spelling::check_spellings(
            &PriorMix::ALL,
            &["sum", "conditional", "made-in-full"],
            PriorMix::about,
            &["", "Sum", "made_in_full", "madeinfull"],
        );
    }
}
