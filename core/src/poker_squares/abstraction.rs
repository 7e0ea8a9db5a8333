//! [`AbstractHand`]: a partial row or column reduced to what matters for its future, the state
//! whose value a [`LearnedValues`](super::LearnedValues) table holds.
//!
//! After Neller, Messinger and Yang ("Learning and Using Hand Abstraction Values for
//! Parameterized Poker Squares", EAAI-2016), who learned the value of abstract partial hands by
//! Monte-Carlo reinforcement learning over self-played games. Our abstraction of a hand of
//! `0..=4` cards, given the cards still in the deck and the free cells of the grid:
//!
//! - the **rank pattern**: how many cards of each rank it holds, largest first (`[]`, `[1]`,
//!   `[2]`, `[1,1]`, `[3]`, `[2,1]`, `[1,1,1]`, `[4]`, `[3,1]`, `[2,2]`, `[2,1,1]`, `[1,1,1,1]`:
//!   12 patterns; the pattern gives the number of cards);
//! - **flush outs**: 0 unless the hand has cards, all of one suit, and the deck still holds
//!   the `need = 5 - cards` it lacks; else `1 + outs - need` (`outs`: cards of the suit in the
//!   deck; at most 9, as a suit has 13 cards);
//! - **straights alive**: 0 unless the hand has cards of different ranks; else how many
//!   straights (A-2-3-4-5 up to T-J-Q-K-A) hold them all while the deck has a card of each rank
//!   they lack, capped at 3;
//! - **rank outs**: the cards in the deck of ranks the hand holds (what may pair it or improve
//!   a pair), exactly: 0 up to `4 - n` summed over its ranks held `n` times;
//! - **time**: the free cells of the grid, halved (`0..=12`): how many more draws may come;
//! - **kind**: a row or a column ([`LineKind`]). The score cannot tell them apart, but a
//!   player can: with the kind in the state, self-play learns a convention (say, flushes in
//!   the columns, pairs and full houses in the rows) that a value shared by both kinds must
//!   average away. Measured (`std-host/results/pps/learned/summary.md`): the learned greedy
//!   player goes from 107.3 to 113.7 on the same 500 American games with the kind alone.
//!
//! Flush and rank outs were first counted in a few steps (flush outs capped at 4, rank outs
//! in five steps: 0, 1-2, 3-4, 5-7, 8 or more); counted exactly, the learned greedy player
//! gains about a point (`std-host/results/pps/learned/summary.md`). Only combinations a hand
//! can have get an index: flush outs and straights need cards of distinct ranks, and a pattern
//! bounds its rank outs; so [`AbstractHand::COUNT`] is 36,192 states, not the 227,136 of every
//! combination. A full hand needs no table: its value is its score under the point system.

use super::grid::{CELLS, SIZE};
use super::hand::{HandSummary, WHEEL_RANKS};
use crate::card::{Card, Suit};
use crate::cards::Cards;

/// The rank patterns of 0 to 4 cards, in index order (largest count first, zeros omitted).
const PATTERNS: [[u8; 4]; 12] = [
    [0, 0, 0, 0],
    [1, 0, 0, 0],
    [2, 0, 0, 0],
    [1, 1, 0, 0],
    [3, 0, 0, 0],
    [2, 1, 0, 0],
    [1, 1, 1, 0],
    [4, 0, 0, 0],
    [3, 1, 0, 0],
    [2, 2, 0, 0],
    [2, 1, 1, 0],
    [1, 1, 1, 1],
];

/// The time steps: free cells of the grid after a placement, halved.
const TIMES: usize = CELLS.div_ceil(2);
/// Values of flush outs (`0..=9`) and of straights alive (`0..=3`).
const FLUSH: usize = 10;
const STRAIGHT: usize = 4;

/// The index in [`PATTERNS`] of a hand of fewer than five cards: its number of cards and of
/// ranks tell it, but for four cards of two ranks (three and one, or two and two).
pub(crate) fn pattern_of(hand: &HandSummary) -> Option<usize> {
    let ranks = hand.ranks.count_ones();
    Some(match (hand.len, ranks) {
        (0, _) => 0,
        (1, 1) => 1,
        (2, 1) => 2,
        (2, 2) => 3,
        (3, 1) => 4,
        (3, 2) => 5,
        (3, 3) => 6,
        (4, 1) => 7,
        (4, 2) => {
            let low = hand.ranks.trailing_zeros() as usize;
            if matches!(hand.counts.get(low), Some(1 | 3)) {
                8
            } else {
                9
            }
        }
        (4, 3) => 10,
        (4, 4) => 11,
        _ => return None,
    })
}

/// Whether pattern `p` is of cards of distinct ranks (at least one card): the only hands that
/// may be flush or straight draws.
const fn distinct(p: &[u8; 4]) -> bool {
    p[0] == 1
}

/// The most rank outs a hand of pattern `p` can have: `4 - n` for each rank held `n` times.
const fn max_rank_outs(p: &[u8; 4]) -> usize {
    let mut outs = 0;
    let mut i = 0;
    while i < 4 {
        if p[i] > 0 {
            outs += 4 - p[i] as usize;
        }
        i += 1;
    }
    outs
}

/// The hands' states of each pattern: flush outs, straights alive and rank outs for a
/// pattern of distinct ranks, rank outs alone for the others.
const fn pattern_states(p: &[u8; 4]) -> usize {
    if distinct(p) {
        FLUSH * STRAIGHT * (max_rank_outs(p) + 1)
    } else {
        max_rank_outs(p) + 1
    }
}

/// Where each pattern's states begin; the last entry is the number of hand states.
const OFFSETS: [usize; PATTERNS.len() + 1] = {
    let mut out = [0; PATTERNS.len() + 1];
    let mut i = 0;
    while i < PATTERNS.len() {
        out[i + 1] = out[i] + pattern_states(&PATTERNS[i]);
        i += 1;
    }
    out
};

/// The hand states: pattern, flush outs, straights alive and rank outs.
const HANDS: usize = OFFSETS[PATTERNS.len()];

/// Whether a hand is a row or a column of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum LineKind {
    /// One of the lines `0..5`.
    Row = 0,
    /// One of the lines `5..10`.
    Column = 1,
}

impl LineKind {
    /// The kind of line `line` (rows `0..5`, columns `5..10`, as [`Grid::line`](super::Grid::line)
    /// numbers them).
    #[must_use]
    pub const fn of(line: usize) -> LineKind {
        if line < SIZE {
            LineKind::Row
        } else {
            LineKind::Column
        }
    }
}

/// The index of an abstract partial hand, `0..AbstractHand::COUNT`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct AbstractHand(u16);

impl AbstractHand {
    /// The number of abstract states.
    pub const COUNT: usize = HANDS * TIMES * 2;

    /// The abstraction of `hand` (fewer than five cards), a line of kind `kind`, when the deck
    /// holds `deck` and the grid has `free` free cells; `None` for a full hand or `free >= 25`.
    #[must_use]
    pub fn of(
        hand: &HandSummary,
        kind: LineKind,
        deck: Cards,
        free: usize,
    ) -> Option<AbstractHand> {
        AbstractHand::of_counts(hand, kind, &DeckCounts::of(deck), free)
    }

    /// [`of`](Self::of) with the deck already counted: the same state, for a caller that
    /// abstracts many hands against one deck.
    #[must_use]
    pub fn of_counts(
        hand: &HandSummary,
        kind: LineKind,
        deck: &DeckCounts,
        free: usize,
    ) -> Option<AbstractHand> {
        if hand.len >= 5 || free >= CELLS {
            return None;
        }
        let pattern = pattern_of(hand)?;
        let shape = PATTERNS.get(pattern)?;
        let mut rank_outs = 0usize;
        let mut held = hand.ranks;
        while held != 0 {
            let r = held.trailing_zeros() as usize;
            held &= held - 1;
            rank_outs += usize::from(deck.ranks.get(r).copied().unwrap_or(0));
        }
        let rank_outs = rank_outs.min(max_rank_outs(shape));
        let within = if distinct(shape) {
            let need = 5 - usize::from(hand.len);
            let flush = if hand.suits.count_ones() == 1 {
                let outs = usize::from(
                    deck.suits
                        .get(hand.suits.trailing_zeros() as usize)
                        .copied()
                        .unwrap_or(0),
                );
                if outs < need {
                    0
                } else {
                    (1 + outs - need).min(FLUSH - 1)
                }
            } else {
                0
            };
            let straight = straights_alive(hand.ranks, deck.present).min(STRAIGHT - 1);
            (flush * STRAIGHT + straight) * (max_rank_outs(shape) + 1) + rank_outs
        } else {
            rank_outs
        };
        let hand_state = OFFSETS.get(pattern)? + within;
        let index = (hand_state * TIMES + free / 2) * 2 + kind as usize;
        u16::try_from(index).ok().map(AbstractHand)
    }

    /// Whether `card` leaving `deck` may change [`of_counts`](Self::of_counts) of `hand`
    /// (whatever the kind and free cells). The state reads the deck only through the counts of
    /// the ranks the hand holds, the count of its suit when it has one suit, and which ranks
    /// are left (for straights); a card of another rank, not the last of its rank, and not of
    /// the hand's only suit leaves all three as they were. `false` means the same state.
    #[must_use]
    pub(crate) fn counts_card(hand: &HandSummary, deck: &DeckCounts, card: Card) -> bool {
        let r = card.rank().index();
        hand.ranks & (1 << r) != 0
            || deck.ranks.get(r).copied() == Some(1)
            || (hand.suits.count_ones() == 1 && hand.suits & (1 << card.suit().index()) != 0)
    }

    /// The class, `0..52`, of `card` as a card joining `hand` and leaving the deck: cards of
    /// one class give `hand.with(card)` the same [`of_counts`](Self::of_counts) state against
    /// the deck less the card, and the same [`HandSummary::class`] (same kind, deck and free
    /// cells otherwise). The rank always counts; the suit only while the hand could still be
    /// of one suit: which suit for an empty hand (the suit's count sets the flush outs), the
    /// hand's own suit or another for a hand of one suit (one card, or three that end the
    /// flush alike), and not at all for a hand of two suits or more.
    #[must_use]
    pub(crate) fn joining_class(hand: &HandSummary, card: Card) -> usize {
        let s = card.suit().index();
        let suit = match hand.suits.count_ones() {
            0 => s,
            1 => usize::from(hand.suits & (1 << s) == 0),
            _ => 0,
        };
        card.rank().index() * 4 + suit
    }

    /// The index, `0..COUNT`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The state of index `i`, if there is one.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<AbstractHand> {
        if i < AbstractHand::COUNT {
            Some(AbstractHand(i as u16))
        } else {
            None
        }
    }

    /// The number of cards in the hand.
    #[must_use]
    pub fn cards(self) -> u8 {
        let hand_state = self.index() / (2 * TIMES);
        let pattern = OFFSETS.iter().rposition(|&o| o <= hand_state).unwrap_or(0);
        PATTERNS.get(pattern).map_or(0, |p| p.iter().sum())
    }

    /// Whether the hand is a row or a column.
    #[must_use]
    pub const fn kind(self) -> LineKind {
        if self.0.is_multiple_of(2) {
            LineKind::Row
        } else {
            LineKind::Column
        }
    }

    /// The time step: the free cells of the grid, halved.
    #[must_use]
    pub const fn time(self) -> usize {
        self.index() / 2 % TIMES
    }
}

/// What the abstraction reads of the deck, counted once for many hands: the cards of each
/// suit, the cards of each rank, and the ranks with at least one card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct DeckCounts {
    /// Cards of each suit, by [`Suit::index`].
    suits: [u8; 4],
    /// Cards of each rank, by [`Rank::index`](crate::Rank::index).
    ranks: [u8; 13],
    /// Bit [`Rank::index`](crate::Rank::index) set for each rank with a card in the deck.
    present: u16,
}

impl DeckCounts {
    /// The counts of `deck`.
    #[must_use]
    pub fn of(deck: Cards) -> DeckCounts {
        let mut d = DeckCounts::default();
        for (n, suit) in d.suits.iter_mut().zip(Suit::ALL) {
            let mut m = deck.suit_ranks(suit);
            *n = m.count_ones() as u8;
            d.present |= m;
            while m != 0 {
                if let Some(c) = d.ranks.get_mut(m.trailing_zeros() as usize) {
                    *c += 1;
                }
                m &= m - 1;
            }
        }
        d
    }

    /// Cards of suit `suit` (by [`Suit::index`]).
    #[must_use]
    pub(crate) fn suit_count(&self, suit: usize) -> u8 {
        self.suits.get(suit).copied().unwrap_or(0)
    }

    /// Cards of rank `rank` (by [`Rank::index`](crate::Rank::index)).
    #[must_use]
    pub(crate) fn rank_count(&self, rank: usize) -> u8 {
        self.ranks.get(rank).copied().unwrap_or(0)
    }

    /// The counts once `card` has left the deck (it must have been in it).
    pub fn remove(&mut self, card: Card) {
        if let Some(n) = self.suits.get_mut(card.suit().index()) {
            *n = n.saturating_sub(1);
        }
        let r = card.rank().index();
        if let Some(n) = self.ranks.get_mut(r) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.present &= !(1 << r);
            }
        }
    }
}

/// How many straights hold every rank of `ranks` while the deck has a card of each rank they
/// lack (`in_deck`: bit [`Rank::index`](crate::Rank::index) for each rank the deck holds).
fn straights_alive(ranks: u16, in_deck: u16) -> usize {
    // The wheel, then five in a row from 2-6 up to T-A.
    core::iter::once(WHEEL_RANKS)
        .chain((0..9).map(|low| 0b1_1111u16 << low))
        .filter(|window| ranks & !window == 0 && (window & !ranks) & !in_deck == 0)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Rank;
    use crate::poker_squares::HandClass;

    fn hand(text: &str) -> HandSummary {
        let mut h = HandSummary::EMPTY;
        for c in text.split_whitespace() {
            h.add(c.parse::<Card>().unwrap());
        }
        h
    }

    /// The pattern read off a hand's counts is the sorted counts' place in [`PATTERNS`].
    #[test]
    fn patterns_are_the_sorted_counts() {
        let mut r = crate::rng::seeded(6);
        for _ in 0..2000 {
            let deal = crate::poker_squares::shuffled_deck(&mut r);
            let len = crate::rng::index(&mut r, 5);
            let mut hand = HandSummary::EMPTY;
            // Few ranks, so that pairs and trips come often.
            for card in deal.iter().filter(|c| c.rank().index() < 3).take(len) {
                hand.add(*card);
            }
            let mut counts = [0u8; 4];
            for (slot, &n) in counts
                .iter_mut()
                .zip(hand.counts.iter().filter(|&&n| n > 0))
            {
                *slot = n;
            }
            counts.sort_unstable_by(|a, b| b.cmp(a));
            let want = PATTERNS.iter().position(|p| *p == counts);
            assert_eq!(pattern_of(&hand), want, "{counts:?}");
        }
    }

    /// Every line of random grids, at every stage, has a state in range whose number of cards
    /// is the hand's; the states a pattern can have are counted as the module docs say.
    #[test]
    fn every_hand_has_a_state_in_range() {
        assert_eq!(HANDS, 1392);
        assert_eq!(AbstractHand::COUNT, 36_192);
        let mut r = crate::rng::seeded(4);
        for _ in 0..200 {
            let deal = crate::poker_squares::shuffled_deck(&mut r);
            let mut grid = crate::poker_squares::Grid::default();
            let mut deck = Cards::ALL;
            for (cell, &card) in deal.iter().take(CELLS).enumerate() {
                grid.place(cell, card).unwrap();
                deck.remove(card);
                let free = CELLS - cell - 1;
                for line in 0..crate::poker_squares::LINES {
                    let hand = grid.summary(line);
                    let state = AbstractHand::of(&hand, LineKind::of(line), deck, free);
                    if hand.len >= 5 {
                        assert_eq!(state, None);
                        continue;
                    }
                    let state = state.unwrap();
                    assert!(state.index() < AbstractHand::COUNT);
                    assert_eq!(state.cards(), hand.len);
                    assert_eq!(state.kind(), LineKind::of(line));
                    assert_eq!(state.time(), free / 2);
                }
            }
        }
    }

    /// [`AbstractHand::counts_card`] and [`AbstractHand::joining_class`] say what they claim
    /// on random hands and decks: a card that does not count leaves the state as it was, and
    /// cards of one joining class give the same state and the same class of hand.
    #[test]
    fn cards_that_do_not_count_and_joining_classes_keep_the_state() {
        let mut r = crate::rng::seeded(9);
        let (mut kept, mut shared) = (0, 0);
        for _ in 0..3000 {
            let deal = crate::poker_squares::shuffled_deck(&mut r);
            let len = crate::rng::index(&mut r, 5);
            let drawn = 5 + crate::rng::index(&mut r, 40);
            // Few suits or ranks now and then: one-suit hands and pairs come often.
            let narrow = crate::rng::index(&mut r, 3);
            let mut hand = HandSummary::EMPTY;
            let mut deck = Cards::ALL;
            for card in deal
                .iter()
                .filter(|c| match narrow {
                    0 => c.suit().index() == 0,
                    1 => c.rank().index() < 4,
                    _ => true,
                })
                .take(len)
            {
                hand.add(*card);
                deck.remove(*card);
            }
            // Other cards drawn: some ranks and suits run low or out.
            for c in deal.iter().take(drawn) {
                deck.remove(*c);
            }
            let counts = DeckCounts::of(deck);
            let kind = LineKind::of(crate::rng::index(&mut r, 10));
            let free = crate::rng::index(&mut r, CELLS);
            let less = |card: Card| {
                let mut d = counts;
                d.remove(card);
                d
            };
            let mut first: [Option<(Option<AbstractHand>, HandClass)>; 52] = [None; 52];
            for card in deck {
                let d = less(card);
                if !AbstractHand::counts_card(&hand, &counts, card) {
                    kept += 1;
                    assert_eq!(
                        AbstractHand::of_counts(&hand, kind, &d, free),
                        AbstractHand::of_counts(&hand, kind, &counts, free),
                        "{hand:?} {card}"
                    );
                }
                if hand.len >= 5 {
                    continue;
                }
                let joined = hand.with(card);
                let got = (
                    AbstractHand::of_counts(&joined, kind, &d, free),
                    joined.class(),
                );
                let class = AbstractHand::joining_class(&hand, card);
                match first.get_mut(class).unwrap() {
                    Some(want) => {
                        shared += 1;
                        assert_eq!(got, *want, "{hand:?} {card}");
                    }
                    slot => *slot = Some(got),
                }
            }
        }
        // The claims were tested, not passed by default.
        assert!(kept > 10_000 && shared > 10_000, "{kept} {shared}");
    }

    #[test]
    fn states_are_distinct_and_complete() {
        let all = Cards::from_bits_truncate(u64::MAX);
        let a = AbstractHand::of(&hand("5H 6H"), LineKind::Row, all, 10).unwrap();
        assert_eq!((a.cards(), a.time(), a.kind()), (2, 5, LineKind::Row));
        // The same hand as a column.
        let col = AbstractHand::of(&hand("5H 6H"), LineKind::Column, all, 10).unwrap();
        assert_eq!(
            (col.cards(), col.time(), col.kind()),
            (2, 5, LineKind::Column)
        );
        assert_ne!(a, col);
        assert_eq!(
            (LineKind::of(4), LineKind::of(5)),
            (LineKind::Row, LineKind::Column)
        );
        // Same pattern, one suit less: no flush.
        let b = AbstractHand::of(&hand("5H 6S"), LineKind::Row, all, 10).unwrap();
        assert_ne!(a, b);
        // A pair: no straight, and a pattern of its own.
        let c = AbstractHand::of(&hand("5H 5S"), LineKind::Row, all, 10).unwrap();
        assert_eq!(c.cards(), 2);
        assert_ne!(b, c);
        // The wheel is alive with an ace and a five; a 6 and an ace are not.
        let wheel = AbstractHand::of(&hand("AH 5S"), LineKind::Row, all, 3).unwrap();
        let dead = AbstractHand::of(&hand("AH 6S"), LineKind::Row, all, 3).unwrap();
        assert_ne!(wheel, dead);
        // Without the fours in the deck, A-5 cannot become the wheel nor 2-6.
        let no_fours = Rank::ALL
            .iter()
            .filter(|r| r.index() == 2)
            .fold(all, |d, &r| d.difference(Cards::rank(r)));
        assert_eq!(
            AbstractHand::of(&hand("AH 5S"), LineKind::Row, no_fours, 3),
            Some(dead)
        );
        // Full hands and impossible times have no state; every index is in range.
        assert_eq!(
            AbstractHand::of(&hand("2H 3H 4H 5H 6H"), LineKind::Row, all, 3),
            None
        );
        assert_eq!(AbstractHand::of(&hand("2H"), LineKind::Row, all, 25), None);
        let top = AbstractHand::of(&hand("AH KH QH JH"), LineKind::Row, all, 24).unwrap();
        assert!(top.index() < AbstractHand::COUNT);
        assert_eq!(AbstractHand::from_index(top.index()), Some(top));
        assert_eq!(AbstractHand::from_index(AbstractHand::COUNT), None);
    }
}
