//! [`Net`]: a learned evaluation of the whole grid, an n-tuple network over the ten lines,
//! their crossings and the deck, read by the players as the value of an afterstate.
//!
//! After the n-tuple networks that took 2048 players from good to superhuman (Szubert &
//! Jaśkowski, "Temporal Difference Learning of N-Tuple Networks for the Game 2048", CIG 2014;
//! Jaśkowski, "Mastering 2048 with Delayed Temporal Coherence Learning, Multistage Weight
//! Promotion, Redundant Encoding and Carousel Shaping", IEEE ToG 2018): the value of a position
//! is the sum of weights, one looked up per feature, each feature a small tuple of what the
//! position holds. Ours, for a Poker Squares grid after a placement ([`Lines`]: the grid
//! summarised and the cards still to come):
//!
//! - **lines**: each partial row or column's [`AbstractHand`] (rank pattern, flush outs,
//!   straights alive, rank outs, free cells, row or column; the state the per-line tables of
//!   [`LearnedValues`](super::LearnedValues) value); a full line adds its score under the
//!   point system, exactly, and no weight;
//! - **crossings**: each empty cell, with what its row and its column hold (rank pattern,
//!   and whether the line is a live flush draw: [`code`]), how many cards still to come would
//!   help both at once (of a rank the one holds and the suit of the other's flush, or of a rank
//!   both hold: [`helps`]), and the stage of the game: where the per-line values count a card
//!   twice, or miss that no card can serve both lines through their one shared cell;
//! - **ranks**: for each rank, how many rows and how many columns hold it and how many of its
//!   cards are still to come: lines competing for the same cards;
//! - **suits**: for each suit, how many rows and columns are live flush draws in it and how
//!   many of its cards are still to come.
//!
//! Weights are `f32`, summed in `f64` in one fixed order, so a value is the same bits on every
//! target. A network is read from bytes in place ([`Net::parse`]: a short text header, then the
//! weights little-endian), so a microcontroller holds one in flash (`include_bytes!`) and
//! allocates nothing.

use core::fmt;

use super::abstraction::{AbstractHand, DeckCounts, LineKind, pattern_of};
use super::grid::{CELLS, LINES, SIZE};
use super::hand::HandSummary;
use super::lines::Lines;
use super::points::PointSystem;
use crate::card::Suit;
use crate::cards::Cards;

/// Line codes of [`code`]: twelve rank patterns, each a live flush draw or not.
const CODES: usize = 24;
/// Cards helping both lines of a crossing: 0, 1, 2, 3 or more.
const MATCHES: usize = 4;
/// Stages of the game: the free cells after the placement, in fives (`0..=24` -> `0..5`).
const STAGES: usize = 5;
/// Rows (or columns) holding a rank: 0, 1, 2, 3 or more; cards of a rank to come: 0..=4.
const HOLDERS: usize = 4;
const RANK_LEFT: usize = 5;
/// Rows live in a suit: 0, 1, 2 or more; columns: 0..=3 or more; cards of a suit to come.
const SUIT_ROWS: usize = 3;
const SUIT_COLUMNS: usize = 4;
const SUIT_LEFT: usize = 14;

const LINE_BASE: usize = 0;
const CROSS_BASE: usize = LINE_BASE + AbstractHand::COUNT;
const RANK_BASE: usize = CROSS_BASE + CODES * CODES * MATCHES * STAGES;
const SUIT_BASE: usize = RANK_BASE + HOLDERS * HOLDERS * RANK_LEFT * STAGES;
/// The number of weights of a network.
pub const NET_WEIGHTS: usize = SUIT_BASE + SUIT_ROWS * SUIT_COLUMNS * SUIT_LEFT * STAGES;

/// The most features a position has: ten lines, 25 crossings, 13 ranks, 4 suits.
pub const MAX_FEATURES: usize = LINES + CELLS + 13 + 4;

/// The features of a position: the indices of its weights, and the exact score of its full
/// lines.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Features {
    index: [u32; MAX_FEATURES],
    len: usize,
    /// The score of the full lines under the point system.
    pub fixed: f64,
}

impl Features {
    /// The indices of the weights, in the order they are summed.
    #[must_use]
    pub fn indices(&self) -> &[u32] {
        self.index.get(..self.len).unwrap_or(&[])
    }

    fn push(&mut self, i: usize) {
        if let Some(slot) = self.index.get_mut(self.len) {
            *slot = i as u32;
            self.len += 1;
        }
    }

    /// The features of `lines` (a position after a placement, before the next draw) under
    /// `system`.
    #[must_use]
    pub fn of(lines: &Lines, system: &PointSystem) -> Features {
        let mut f = Features {
            index: [0; MAX_FEATURES],
            len: 0,
            fixed: 0.0,
        };
        let free = lines.free_cells();
        let deck = lines.deck();
        let stage = (free / 5).min(STAGES - 1);
        let mut codes = [0usize; LINES];
        let mut help = [Cards::EMPTY; LINES];
        // Partial rows and columns holding each rank, and live flush draws in each suit: by
        // kind, 0 rows and 1 columns.
        let mut holders = [[0usize; 13]; 2];
        let mut flushes = [[0usize; 4]; 2];
        for line in 0..LINES {
            let hand = lines.summary(line);
            if usize::from(hand.len) >= SIZE {
                f.fixed += f64::from(system.score(hand.class()));
                continue;
            }
            let kind = LineKind::of(line);
            if let Some(state) = AbstractHand::of_counts(&hand, kind, deck, free) {
                f.push(LINE_BASE + state.index());
            }
            let flush = live_flush(&hand, deck);
            codes[line] = code(&hand, flush.is_some());
            help[line] = helps(&hand, flush);
            let mut ranks = hand.ranks;
            while ranks != 0 {
                if let Some(n) = holders[kind as usize].get_mut(ranks.trailing_zeros() as usize) {
                    *n += 1;
                }
                ranks &= ranks - 1;
            }
            if let Some(n) = flush.and_then(|s| flushes[kind as usize].get_mut(s.index())) {
                *n += 1;
            }
        }
        if free == 0 {
            return f;
        }
        let cards = lines.cards();
        let mut m = lines.free_mask();
        while m != 0 {
            let cell = m.trailing_zeros() as usize;
            m &= m - 1;
            let (r, c) = (cell / SIZE, SIZE + cell % SIZE);
            let both = cards.intersection(help[r]).intersection(help[c]).len();
            let i = ((codes[r] * CODES + codes[c]) * MATCHES + both.min(MATCHES - 1)) * STAGES;
            f.push(CROSS_BASE + i + stage);
        }
        let [row_ranks, col_ranks] = holders;
        for (rank, (&rows, &cols)) in row_ranks.iter().zip(&col_ranks).enumerate() {
            let left = usize::from(deck.rank_count(rank)).min(RANK_LEFT - 1);
            let i = ((rows.min(HOLDERS - 1) * HOLDERS + cols.min(HOLDERS - 1)) * RANK_LEFT + left)
                * STAGES;
            f.push(RANK_BASE + i + stage);
        }
        let [row_suits, col_suits] = flushes;
        for (s, (&rows, &cols)) in row_suits.iter().zip(&col_suits).enumerate() {
            let left = usize::from(deck.suit_count(s)).min(SUIT_LEFT - 1);
            let i = ((rows.min(SUIT_ROWS - 1) * SUIT_COLUMNS + cols.min(SUIT_COLUMNS - 1))
                * SUIT_LEFT
                + left)
                * STAGES;
            f.push(SUIT_BASE + i + stage);
        }
        f
    }
}

/// The suit of `hand`'s flush draw while it lives: cards all of one suit, and as many of it
/// still to come as the hand lacks.
fn live_flush(hand: &HandSummary, deck: &DeckCounts) -> Option<Suit> {
    if hand.len == 0 || hand.suits.count_ones() != 1 {
        return None;
    }
    let s = hand.suits.trailing_zeros() as usize;
    let need = SIZE.saturating_sub(usize::from(hand.len));
    (usize::from(deck.suit_count(s)) >= need)
        .then(|| Suit::ALL.get(s).copied())
        .flatten()
}

/// A line's code for its crossings: its rank pattern, and whether it is a live flush draw.
fn code(hand: &HandSummary, flush: bool) -> usize {
    pattern_of(hand).unwrap_or(0) * 2 + usize::from(flush)
}

/// The cards that help a line: of a rank it holds, or of its live flush suit.
fn helps(hand: &HandSummary, flush: Option<Suit>) -> Cards {
    let mut out = Cards::EMPTY;
    for suit in Suit::ALL {
        out = out.union(Cards::from_suit_ranks(suit, hand.ranks));
    }
    match flush {
        Some(suit) => out.union(Cards::suit(suit)),
        None => out,
    }
}

/// Where a network's weights are read from: a slice of `f32` (a trainer's), or the
/// little-endian bytes of a file held in place ([`LeWeights`]).
pub trait Weights {
    /// Weight `i` (0 out of range).
    fn weight(&self, i: usize) -> f32;
}

impl Weights for [f32] {
    fn weight(&self, i: usize) -> f32 {
        self.get(i).copied().unwrap_or(0.0)
    }
}

/// Weights as little-endian `f32` bytes, read in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeWeights<'b>(&'b [u8]);

impl Weights for LeWeights<'_> {
    fn weight(&self, i: usize) -> f32 {
        let at = i.saturating_mul(4);
        match self.0.get(at..at.saturating_add(4)) {
            Some(&[a, b, c, d]) => f32::from_le_bytes([a, b, c, d]),
            _ => 0.0,
        }
    }
}

/// The value of a position: its full lines' score plus the weights of its features, summed in
/// the order of [`Features::indices`].
#[must_use]
pub fn value_of<W: Weights + ?Sized>(weights: &W, features: &Features) -> f64 {
    features.indices().iter().fold(features.fixed, |v, &i| {
        v + f64::from(weights.weight(i as usize))
    })
}

/// The first line of a network file.
pub const NET_HEADER: &str = "cardtree-pps-net 1";

/// A network: a point system and its weights, read in place from a file's bytes or a
/// trainer's `f32`s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Net<'b> {
    system: PointSystem,
    games: u64,
    weights: Source<'b>,
}

/// Where a [`Net`]'s weights are.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Source<'b> {
    Bytes(LeWeights<'b>),
    Floats(&'b [f32]),
}

impl Weights for Source<'_> {
    fn weight(&self, i: usize) -> f32 {
        match self {
            Source::Bytes(b) => b.weight(i),
            Source::Floats(f) => f.weight(i),
        }
    }
}

/// Why a network file could not be read: what, and on which line of its header (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ParseNetError {
    /// The first line is not [`NET_HEADER`].
    Header,
    /// A header line that is not `system` and ten integers, `games N`, a comment or
    /// `weights N`.
    Line {
        /// The line.
        line: usize,
    },
    /// `weights N` for another number of weights than [`NET_WEIGHTS`].
    Count {
        /// The number the file gives.
        given: usize,
    },
    /// Fewer or more bytes after the header than the weights take.
    Length {
        /// Bytes after the header.
        bytes: usize,
    },
    /// A weight that is not finite.
    NotFinite {
        /// Its index.
        index: usize,
    },
    /// No `system` line before the weights.
    NoSystem,
}

impl fmt::Display for ParseNetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseNetError::Header => write!(f, "line 1: expected `{NET_HEADER}`"),
            ParseNetError::Line { line } => write!(
                f,
                "line {line}: expected `system` and ten integers, `games N`, `# ...` or `weights {NET_WEIGHTS}`"
            ),
            ParseNetError::Count { given } => write!(
                f,
                "the file has {given} weights, this network has {NET_WEIGHTS}"
            ),
            ParseNetError::Length { bytes } => write!(
                f,
                "{bytes} bytes of weights, expected {} ({NET_WEIGHTS} little-endian f32)",
                NET_WEIGHTS * 4
            ),
            ParseNetError::NotFinite { index } => write!(f, "weight {index} is not finite"),
            ParseNetError::NoSystem => f.write_str("no `system` line before `weights`"),
        }
    }
}

impl core::error::Error for ParseNetError {}

impl<'b> Net<'b> {
    /// Reads a network file: text lines (`cardtree-pps-net 1`, `system` and ten integers,
    /// `games N`, comments `# ...`), then `weights N` and, after its newline, the `N` weights
    /// as little-endian `f32`. The weights stay where they are.
    pub fn parse(bytes: &'b [u8]) -> Result<Net<'b>, ParseNetError> {
        let mut at = 0usize;
        let mut line_no = 0usize;
        let mut system = None;
        let mut games = 0u64;
        loop {
            let rest = bytes.get(at..).unwrap_or(&[]);
            let end = rest.iter().position(|&b| b == b'\n');
            line_no += 1;
            let Some(end) = end else {
                return Err(if line_no == 1 {
                    ParseNetError::Header
                } else {
                    ParseNetError::Line { line: line_no }
                });
            };
            let text = core::str::from_utf8(rest.get(..end).unwrap_or(&[]))
                .map_err(|_| ParseNetError::Line { line: line_no })?
                .trim();
            at += end + 1;
            if line_no == 1 {
                if text != NET_HEADER {
                    return Err(ParseNetError::Header);
                }
                continue;
            }
            let bad = ParseNetError::Line { line: line_no };
            let mut words = text.split_whitespace();
            match words.next() {
                None => {}
                Some(w) if w.starts_with('#') => {}
                Some("system") => system = Some(PointSystem::from_words(words).ok_or(bad)?),
                Some("games") => {
                    games = words
                        .next()
                        .and_then(|w| w.parse().ok())
                        .filter(|_| words.next().is_none())
                        .ok_or(bad)?;
                }
                Some("weights") => {
                    let given: usize = words
                        .next()
                        .and_then(|w| w.parse().ok())
                        .filter(|_| words.next().is_none())
                        .ok_or(bad)?;
                    if given != NET_WEIGHTS {
                        return Err(ParseNetError::Count { given });
                    }
                    let system = system.ok_or(ParseNetError::NoSystem)?;
                    let data = bytes.get(at..).unwrap_or(&[]);
                    if data.len() != NET_WEIGHTS * 4 {
                        return Err(ParseNetError::Length { bytes: data.len() });
                    }
                    let weights = LeWeights(data);
                    if let Some(index) = (0..NET_WEIGHTS).find(|&i| !weights.weight(i).is_finite())
                    {
                        return Err(ParseNetError::NotFinite { index });
                    }
                    return Ok(Net {
                        system,
                        games,
                        weights: Source::Bytes(weights),
                    });
                }
                Some(_) => return Err(bad),
            }
        }
    }

    /// A network on a trainer's weights ([`NET_WEIGHTS`] of them; missing ones are 0).
    #[must_use]
    pub const fn from_floats(system: PointSystem, games: u64, weights: &'b [f32]) -> Net<'b> {
        Net {
            system,
            games,
            weights: Source::Floats(weights),
        }
    }

    /// The point system the network was trained for.
    #[must_use]
    pub const fn system(&self) -> &PointSystem {
        &self.system
    }

    /// How many self-played games trained it.
    #[must_use]
    pub const fn games(&self) -> u64 {
        self.games
    }

    /// The value of a position after a placement: the expected final score.
    #[must_use]
    pub fn value(&self, lines: &Lines) -> f64 {
        value_of(self, &Features::of(lines, &self.system))
    }
}

impl Weights for Net<'_> {
    fn weight(&self, i: usize) -> f32 {
        self.weights.weight(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker_squares::grid::Grid;
    use crate::poker_squares::learned::test_values;
    use crate::poker_squares::shuffled_deck;
    use crate::rng;
    use core::fmt::Write as _;

    /// Room for a network file: its header and its weights.
    const FILE: usize = 256 + NET_WEIGHTS * 4;

    /// Writes a network file of `n` weights (the first of `weights`, zeros after) for `system`
    /// into `out`; returns its length.
    fn file(system: &PointSystem, weights: &[f32], n: usize, out: &mut [u8; FILE]) -> usize {
        let s = system.scores();
        let mut head: heapless::String<256> = heapless::String::new();
        let _ = write!(
            head,
            "{NET_HEADER}\n# a comment\nsystem {} {} {} {} {} {} {} {} {} {}\ngames 12\nweights {n}\n",
            s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9]
        );
        let at = head.len();
        out[..at].copy_from_slice(head.as_bytes());
        for (i, chunk) in out[at..at + 4 * n.min(NET_WEIGHTS)]
            .chunks_mut(4)
            .enumerate()
        {
            chunk.copy_from_slice(&weights.get(i).copied().unwrap_or(0.0).to_le_bytes());
        }
        at + 4 * n.min(NET_WEIGHTS)
    }

    /// Weights drawn from `seed`, in -8..8.
    fn random_weights(seed: u64, out: &mut [f32; NET_WEIGHTS]) {
        let mut r = rng::seeded(seed);
        for w in out.iter_mut() {
            *w = rng::below(&mut r, 1600) as f32 / 100.0 - 8.0;
        }
    }

    /// Each position of a game placed at scattered cells, after each placement.
    fn positions(seed: u64, mut each: impl FnMut(&Grid, &Lines)) {
        let deal = shuffled_deck(&mut rng::seeded(seed));
        let mut grid = Grid::EMPTY;
        let mut deck = Cards::ALL;
        for (i, &card) in deal.iter().take(CELLS).enumerate() {
            deck.remove(card);
            grid.place((i * 7 + seed as usize) % CELLS, card).unwrap();
            each(&grid, &Lines::of(&grid, deck));
        }
    }

    #[test]
    fn files_round_trip_and_errors_say_what() {
        let system = PointSystem::BRITISH;
        let mut weights = [0.0f32; NET_WEIGHTS];
        random_weights(1, &mut weights);
        let mut bytes = [0u8; FILE];
        let len = file(&system, &weights, NET_WEIGHTS, &mut bytes);
        let net = Net::parse(&bytes[..len]).unwrap();
        assert_eq!((*net.system(), net.games()), (system, 12));
        assert!((0..NET_WEIGHTS).all(|i| net.weight(i) == weights[i]));
        assert_eq!(net.weight(NET_WEIGHTS), 0.0);
        assert_eq!(Net::parse(b"nonsense\n"), Err(ParseNetError::Header));
        assert_eq!(Net::parse(b""), Err(ParseNetError::Header));
        assert_eq!(
            Net::parse(&bytes[..len - 1]),
            Err(ParseNetError::Length {
                bytes: NET_WEIGHTS * 4 - 1
            })
        );
        let mut other = [0u8; FILE];
        let short = file(&system, &weights, 7, &mut other);
        assert_eq!(
            Net::parse(&other[..short]),
            Err(ParseNetError::Count { given: 7 })
        );
        let no_system = b"cardtree-pps-net 1\nweights 1\n";
        assert_eq!(
            Net::parse(no_system),
            Err(ParseNetError::Count { given: 1 })
        );
        assert_eq!(
            Net::parse(b"cardtree-pps-net 1\nsystem 1 2\n"),
            Err(ParseNetError::Line { line: 2 })
        );
        weights[40] = f32::NAN;
        let len = file(&system, &weights, NET_WEIGHTS, &mut bytes);
        assert_eq!(
            Net::parse(&bytes[..len]),
            Err(ParseNetError::NotFinite { index: 40 })
        );
        // Every error is one line that says what.
        for e in [
            ParseNetError::Header,
            ParseNetError::Line { line: 3 },
            ParseNetError::Count { given: 7 },
            ParseNetError::Length { bytes: 5 },
            ParseNetError::NotFinite { index: 2 },
            ParseNetError::NoSystem,
        ] {
            let text = crate::text::shown(e);
            assert!(!text.is_empty() && !text.contains('\n'), "{text}");
        }
    }

    #[test]
    fn weights_before_the_system_are_refused() {
        let mut head: heapless::String<64> = heapless::String::new();
        let _ = write!(head, "{NET_HEADER}\nweights {NET_WEIGHTS}\n");
        assert_eq!(Net::parse(head.as_bytes()), Err(ParseNetError::NoSystem));
    }

    /// With the line weights of a per-line table and nothing else, a network values every
    /// position as the table does: a full line its score, a partial one its state's value.
    #[test]
    fn a_network_of_line_values_is_the_table() {
        let system = PointSystem::AMERICAN;
        let table = test_values(system, 300, 2);
        let mut weights = [0.0f32; NET_WEIGHTS];
        for (i, w) in weights.iter_mut().enumerate().take(AbstractHand::COUNT) {
            *w = table.value(AbstractHand::from_index(i).unwrap()) as f32;
        }
        let net = Net::from_floats(system, 0, &weights);
        for seed in 0..3 {
            positions(seed, |_, lines| {
                let want = table.lines_value(lines, lines.free_cells());
                let got = net.value(lines);
                assert!((want - got).abs() < 1e-3, "{want} vs {got}");
            });
        }
    }

    /// Every feature is a weight of the network, the full grid is worth its score, and rows
    /// swapped are worth the same: the features do not tell rows apart, which lets the
    /// players try one cell of each class of alike cells.
    #[test]
    fn features_are_in_range_exact_at_the_end_and_blind_to_row_order() {
        let system = PointSystem::AMERICAN;
        let mut weights = [0.0f32; NET_WEIGHTS];
        random_weights(3, &mut weights);
        let net = Net::from_floats(system, 0, &weights);
        for seed in 0..4 {
            positions(seed, |grid, lines| {
                let f = Features::of(lines, &system);
                assert!(f.indices().iter().all(|&i| (i as usize) < NET_WEIGHTS));
                if grid.is_full() {
                    assert_eq!(f.indices().len(), 0);
                    assert_eq!(net.value(lines), grid.score(&system) as f64);
                }
                // Rows 0 and 3 swapped.
                let mut g = Grid::EMPTY;
                for c in 0..CELLS {
                    let (r, k) = (c / SIZE, c % SIZE);
                    let from = match r {
                        0 => 3,
                        3 => 0,
                        r => r,
                    };
                    if let Some(card) = grid.get(from * SIZE + k) {
                        g.place(c, card).unwrap();
                    }
                }
                let moved = Lines::of(&g, lines.cards());
                assert!((net.value(&moved) - net.value(lines)).abs() < 1e-9);
            });
        }
    }
}
