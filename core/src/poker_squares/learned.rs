//! Learned values of abstract hands ([`LearnedValues`]), the greedy player that uses them
//! ([`LearnedPlayer`]); the self-play game that learns them is
//! [`self_play`](super::self_play::self_play).
//!
//! The value of an [`AbstractHand`] is the mean final score of the rows and columns that were
//! in that state, over self-played games: Monte-Carlo learning as Neller, Messinger and Yang
//! did for the EAAI-2016 challenge. A placement is worth what it changes in the values of the
//! row and the column it goes into; the learned player takes the placement worth most.
//!
//! Tables are text, so that a microcontroller can hold one as a `&str` (`include_str!`) and
//! parse it without allocating:
//!
//! ```text
//! cardtree-pps-values 3
//! system 0 2 5 10 15 20 25 50 75 100
//! games 200000
//! <state> <sum of final scores> <count>     one line per state seen, any order
//! ```
//!
//! Lines starting with `#` are comments. A state never seen is worth the mean of all.

use core::fmt;

use rand_core::Rng;

use super::abstraction::{AbstractHand, DeckCounts, LineKind};
use super::game::PokerSquares;
use super::grid::{CELLS, Grid, LINES, cells_of, lines_of};
use super::hand::HandSummary;
use super::lines::Lines;
use super::player::{Placer, PlayError};
use super::points::PointSystem;
use crate::card::Card;
use crate::cards::Cards;

/// The first line of a table.
pub const VALUES_HEADER: &str = "cardtree-pps-values 3";

/// The values of every abstract hand under one point system.
#[derive(Clone, Debug, PartialEq)]
pub struct LearnedValues {
    system: PointSystem,
    values: [f32; AbstractHand::COUNT],
    games: u64,
}

/// Why a table could not be read: what and on which line (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ParseValuesError {
    /// The first line is not [`VALUES_HEADER`].
    Header,
    /// A `system` line without ten integer scores.
    System {
        /// The line.
        line: usize,
    },
    /// A `games` line without a count.
    Games {
        /// The line.
        line: usize,
    },
    /// A state line that is not `state sum count` with a state in range and a positive count.
    State {
        /// The line.
        line: usize,
    },
    /// A state given twice.
    Repeated {
        /// The line.
        line: usize,
    },
    /// No `system` line.
    NoSystem,
}

impl fmt::Display for ParseValuesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseValuesError::Header => write!(f, "line 1: expected `{VALUES_HEADER}`"),
            ParseValuesError::System { line } => {
                write!(f, "line {line}: expected `system` and ten integer scores")
            }
            ParseValuesError::Games { line } => write!(f, "line {line}: expected `games N`"),
            ParseValuesError::State { line } => write!(
                f,
                "line {line}: expected `state sum count`, state below {}, count above 0",
                AbstractHand::COUNT
            ),
            ParseValuesError::Repeated { line } => write!(f, "line {line}: state given twice"),
            ParseValuesError::NoSystem => f.write_str("no `system` line"),
        }
    }
}

impl core::error::Error for ParseValuesError {}

impl LearnedValues {
    /// A table from per-state sums of final line scores and counts (state `i` at index
    /// `i`); states of count 0 get the mean of all. `games`: how many games taught it.
    #[must_use]
    pub fn from_sums(system: PointSystem, sums: &[i64], counts: &[u64], games: u64) -> Self {
        let total: i64 = sums.iter().sum();
        let seen: u64 = counts.iter().sum();
        let mean = if seen > 0 {
            total as f64 / seen as f64
        } else {
            0.0
        };
        let mut values = [mean as f32; AbstractHand::COUNT];
        for ((v, &s), &n) in values.iter_mut().zip(sums).zip(counts) {
            if n > 0 {
                *v = (s as f64 / n as f64) as f32;
            }
        }
        LearnedValues {
            system,
            values,
            games,
        }
    }

    /// A table of no games, every state worth 0, for [`read`](Self::read) to fill; `const`,
    /// so that it can initialise a `static`.
    #[must_use]
    pub const fn empty(system: PointSystem) -> LearnedValues {
        LearnedValues {
            system,
            values: [0.0; AbstractHand::COUNT],
            games: 0,
        }
    }

    /// Reads a table in the text format of the module docs.
    pub fn parse(text: &str) -> Result<LearnedValues, ParseValuesError> {
        let mut table = LearnedValues::empty(PointSystem::AMERICAN);
        table.read(text)?;
        Ok(table)
    }

    /// Reads a table in the text format of the module docs into `self`, in place: no memory
    /// beyond the table itself (a microcontroller parses into a `static`). The same values as
    /// [`from_sums`](Self::from_sums) of the file's sums, to the bit. On an error `self` holds
    /// part of the table.
    pub fn read(&mut self, text: &str) -> Result<(), ParseValuesError> {
        // NaN marks a state not given yet: a second line for it is an error, and states
        // never given get the mean of all at the end.
        self.values.fill(f32::NAN);
        let (mut total, mut seen) = (0i64, 0u64);
        let (system, games) = read_lines(text, |line, state, sum, count| {
            let v = self
                .values
                .get_mut(state)
                .ok_or(ParseValuesError::State { line })?;
            if !v.is_nan() {
                return Err(ParseValuesError::Repeated { line });
            }
            *v = (sum as f64 / count as f64) as f32;
            total += sum;
            seen += count;
            Ok(())
        })?;
        let mean = if seen > 0 {
            total as f64 / seen as f64
        } else {
            0.0
        };
        for v in &mut self.values {
            if v.is_nan() {
                *v = mean as f32;
            }
        }
        (self.system, self.games) = (system, games);
        Ok(())
    }

    /// The point system the values are for.
    #[must_use]
    pub const fn system(&self) -> &PointSystem {
        &self.system
    }

    /// How many self-played games taught the table.
    #[must_use]
    pub const fn games(&self) -> u64 {
        self.games
    }

    /// The value of an abstract hand.
    #[must_use]
    pub fn value(&self, state: AbstractHand) -> f64 {
        self.values
            .get(state.index())
            .map_or(0.0, |&v| f64::from(v))
    }

    /// The value of a hand, a line of kind `kind`: its score if full, else its abstract
    /// state's value.
    #[must_use]
    pub fn hand_value(&self, hand: &HandSummary, kind: LineKind, deck: Cards, free: usize) -> f64 {
        self.counted_hand_value(hand, kind, &DeckCounts::of(deck), free)
    }

    /// [`hand_value`](Self::hand_value) with the deck already counted.
    pub(crate) fn counted_hand_value(
        &self,
        hand: &HandSummary,
        kind: LineKind,
        deck: &DeckCounts,
        free: usize,
    ) -> f64 {
        if hand.len >= 5 {
            return f64::from(self.system.score(hand.class()));
        }
        AbstractHand::of_counts(hand, kind, deck, free).map_or(0.0, |s| self.value(s))
    }

    /// How much placing `card` in each free cell of `grid` changes the values of its row and
    /// column (`deck`: the cards still to come; other cells untouched).
    pub fn placements(&self, grid: &Grid, deck: Cards, card: Card, out: &mut [f64; CELLS]) {
        self.line_placements(&Lines::of(grid, deck), card, out);
    }

    /// [`placements`](Self::placements) on a position's [`Lines`].
    pub fn line_placements(&self, lines: &Lines, card: Card, out: &mut [f64; CELLS]) {
        let free = lines.free_mask();
        let after = lines.free_cells().saturating_sub(1);
        let counts = lines.deck();
        // The card changes a line the same way whichever of its free cells it takes: one
        // change per line with a free cell.
        let mut change = [0.0f64; LINES];
        for (line, d) in change.iter_mut().enumerate() {
            if free & line_mask(line) == 0 {
                continue;
            }
            let kind = LineKind::of(line);
            let hand = lines.summary(line);
            let before = self.counted_hand_value(&hand, kind, counts, after);
            *d = self.counted_hand_value(&hand.with(card), kind, counts, after) - before;
        }
        let mut m = free;
        while m != 0 {
            let cell = m.trailing_zeros() as usize;
            m &= m - 1;
            let (row, col) = lines_of(cell);
            let mut delta = 0.0;
            for line in [row, col] {
                delta += change.get(line).copied().unwrap_or(0.0);
            }
            if let Some(o) = out.get_mut(cell) {
                *o = delta;
            }
        }
    }

    /// The free cell of `grid` whose [`placements`](Self::placements) change is greatest for
    /// `card` (the first of equals), with that change; `None` if no cell is free.
    #[must_use]
    pub fn best_placement(&self, grid: &Grid, deck: Cards, card: Card) -> Option<(usize, f64)> {
        self.best_line_placement(&Lines::of(grid, deck), card)
    }

    /// [`best_placement`](Self::best_placement) on a position's [`Lines`] (the
    /// [`Valuation`](super::valuation::Valuation) trait's choice on the line changes).
    #[must_use]
    pub fn best_line_placement(&self, lines: &Lines, card: Card) -> Option<(usize, f64)> {
        super::valuation::Valuation::best_placement(self, lines, card)
    }

    /// The value of `grid`: its ten lines' values with `deck` still to come and `free` free
    /// cells (the grid's own, or one fewer for the value after a placement yet to be made).
    #[must_use]
    pub fn grid_value(&self, grid: &Grid, deck: Cards, free: usize) -> f64 {
        self.lines_value(&Lines::of(grid, deck), free)
    }

    /// [`grid_value`](Self::grid_value) on a position's [`Lines`] (its deck as it counts it).
    #[must_use]
    pub fn lines_value(&self, lines: &Lines, free: usize) -> f64 {
        (0..LINES)
            .map(|line| {
                self.counted_hand_value(
                    &lines.summary(line),
                    LineKind::of(line),
                    lines.deck(),
                    free,
                )
            })
            .sum()
    }

    /// The value of `lines` (`card` drawn: not in its deck) once `card` is placed greedily
    /// ([`best_line_placement`](Self::best_line_placement)): every line valued with that deck
    /// and the free cells after the placement. Over `card` drawn uniformly from the deck, its
    /// mean is expectimax's one-card value of the placement that led here (the rollout
    /// player's control variate rests on it). `None` for a full grid.
    #[must_use]
    pub fn greedy_placed_value(&self, lines: &Lines, card: Card) -> Option<f64> {
        let (_, gain) = self.best_line_placement(lines, card)?;
        Some(self.lines_value(lines, lines.free_cells() - 1) + gain)
    }
}

/// The cells of line `line` as bits `1 << cell`.
fn line_mask(line: usize) -> u32 {
    cells_of(line).iter().fold(0, |m, &c| m | 1 << c)
}

/// Reads a table in the text format of the module docs into per-state sums and counts
/// (state `i` at index `i`, zero where not given; slices of [`AbstractHand::COUNT`]), for a
/// trainer that goes on adding to them; returns the point system and the games.
pub fn read_sums(
    text: &str,
    sums: &mut [i64],
    counts: &mut [u64],
) -> Result<(PointSystem, u64), ParseValuesError> {
    sums.fill(0);
    counts.fill(0);
    read_lines(text, |line, state, sum, count| {
        let (Some(s), Some(c)) = (sums.get_mut(state), counts.get_mut(state)) else {
            return Err(ParseValuesError::State { line });
        };
        if *c != 0 {
            return Err(ParseValuesError::Repeated { line });
        }
        (*s, *c) = (sum, count);
        Ok(())
    })
}

/// Reads a table's lines, giving each state line to `state(line, state, sum, count)` (its
/// state below [`AbstractHand::COUNT`], its count above 0); returns the point system and the
/// games.
fn read_lines(
    text: &str,
    mut state: impl FnMut(usize, usize, i64, u64) -> Result<(), ParseValuesError>,
) -> Result<(PointSystem, u64), ParseValuesError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    if lines.next().map(|(_, l)| l) != Some(VALUES_HEADER) {
        return Err(ParseValuesError::Header);
    }
    let mut system = None;
    let mut games = 0;
    for (n, line) in lines {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        match words.next() {
            Some("system") => {
                system = Some(
                    PointSystem::from_words(words).ok_or(ParseValuesError::System { line: n })?,
                );
            }
            Some("games") => {
                games = words
                    .next()
                    .and_then(|w| w.parse().ok())
                    .filter(|_| words.next().is_none())
                    .ok_or(ParseValuesError::Games { line: n })?;
            }
            Some(first) => {
                let bad = ParseValuesError::State { line: n };
                let i: usize = first
                    .parse()
                    .ok()
                    .filter(|&i| i < AbstractHand::COUNT)
                    .ok_or(bad)?;
                let sum: i64 = words.next().and_then(|w| w.parse().ok()).ok_or(bad)?;
                let count: u64 = words.next().and_then(|w| w.parse().ok()).ok_or(bad)?;
                if words.next().is_some() || count == 0 {
                    return Err(bad);
                }
                state(n, i, sum, count)?;
            }
            None => {}
        }
    }
    let system = system.ok_or(ParseValuesError::NoSystem)?;
    Ok((system, games))
}

/// The free cell where `values` put `game`'s drawn card: the greatest change, the first of
/// equals.
pub fn learned_cell(values: &LearnedValues, game: &PokerSquares) -> Option<usize> {
    let card = game.drawn()?;
    values
        .best_placement(game.grid(), game.deck(), card)
        .map(|(c, _)| c)
}

/// Plays `game` to the end, drawing from its deck and placing each card by `values`.
pub fn play_out_learned<R: Rng + ?Sized>(
    game: &mut PokerSquares,
    values: &LearnedValues,
    rng: &mut R,
) {
    while !game.grid().is_full() {
        if game.drawn().is_none() && game.draw_random(rng).is_none() {
            return;
        }
        match learned_cell(values, game) {
            Some(cell) if game.place(cell).is_ok() => {}
            _ => return,
        }
    }
}

/// The greedy player on learned values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LearnedPlayer<'v> {
    values: &'v LearnedValues,
}

impl<'v> LearnedPlayer<'v> {
    /// A player placing by `values` (learned for the system it will play).
    #[must_use]
    pub const fn new(values: &'v LearnedValues) -> LearnedPlayer<'v> {
        LearnedPlayer { values }
    }
}

impl Placer for LearnedPlayer<'_> {
    fn place<R: Rng + ?Sized>(
        &mut self,
        game: &PokerSquares,
        _rng: &mut R,
    ) -> Result<usize, PlayError> {
        learned_cell(self.values, game).ok_or(PlayError::NothingToPlace)
    }
}

/// A table learned from `games` self-played games of random placements seeded `seed`: a
/// small table for the players' tests.
#[cfg(test)]
pub(crate) fn test_values(system: PointSystem, games: u64, seed: u64) -> LearnedValues {
    let mut sums = [0i64; AbstractHand::COUNT];
    let mut counts = [0u64; AbstractHand::COUNT];
    let mut r = crate::rng::seeded(seed);
    for _ in 0..games {
        super::self_play::self_play(&system, None, 0, &mut r, |s, v| {
            if let (Some(sum), Some(count)) = (sums.get_mut(s.index()), counts.get_mut(s.index())) {
                *sum += i64::from(v);
                *count += 1;
            }
        });
    }
    LearnedValues::from_sums(system, &sums, &counts, games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_round_trip_and_errors_say_where() {
        let text = "cardtree-pps-values 3\n# a comment\nsystem 0 2 5 10 15 20 25 50 75 100\ngames 7\n3 30 3\n10 -4 2\n";
        let t = LearnedValues::parse(text).unwrap();
        assert_eq!(t.games(), 7);
        assert_eq!(*t.system(), PointSystem::AMERICAN);
        let s3 = AbstractHand::from_index(3).unwrap();
        let s10 = AbstractHand::from_index(10).unwrap();
        let s11 = AbstractHand::from_index(11).unwrap();
        assert_eq!((t.value(s3), t.value(s10)), (10.0, -2.0));
        // Unseen: the mean of all, 26 / 5.
        assert!((t.value(s11) - 5.2).abs() < 1e-6);
        assert_eq!(LearnedValues::parse("x"), Err(ParseValuesError::Header));
        let bad = "cardtree-pps-values 3\nsystem 0 2\n";
        assert_eq!(
            LearnedValues::parse(bad),
            Err(ParseValuesError::System { line: 2 })
        );
        let bad = "cardtree-pps-values 3\nsystem 0 2 5 10 15 20 25 50 75 100\n99999 1 1\n";
        assert_eq!(
            LearnedValues::parse(bad),
            Err(ParseValuesError::State { line: 3 })
        );
        let bad = "cardtree-pps-values 3\nsystem 0 2 5 10 15 20 25 50 75 100\n1 1 1\n1 2 1\n";
        assert_eq!(
            LearnedValues::parse(bad),
            Err(ParseValuesError::Repeated { line: 4 })
        );
        assert_eq!(
            LearnedValues::parse("cardtree-pps-values 3\n"),
            Err(ParseValuesError::NoSystem)
        );
    }

    /// A placement's change is the change of the whole grid's value: the other eight lines
    /// keep their values (checked on every free cell of positions of a game).
    #[test]
    fn placements_are_the_change_of_the_grid_value() {
        let system = PointSystem::AMERICAN;
        let table = test_values(system, 300, 4);
        let mut game = PokerSquares::new(system);
        let mut r = crate::rng::seeded(9);
        while !game.grid().is_full() {
            let card = game.draw_random(&mut r).unwrap();
            let (grid, deck) = (*game.grid(), game.deck());
            let after = CELLS - grid.filled() - 1;
            let base = table.grid_value(&grid, deck, after);
            let mut out = [0.0; CELLS];
            table.placements(&grid, deck, card, &mut out);
            let mut free = grid.free_mask();
            while free != 0 {
                let cell = free.trailing_zeros() as usize;
                free &= free - 1;
                let mut g = grid;
                g.place(cell, card).unwrap();
                let want = table.grid_value(&g, deck, after) - base;
                assert!((out[cell] - want).abs() < 1e-9, "cell {cell}");
            }
            game.place(learned_cell(&table, &game).unwrap()).unwrap();
        }
    }
}
