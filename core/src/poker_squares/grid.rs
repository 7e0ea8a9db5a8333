//! The 5x5 grid of Poker Squares and its ten hands: rows 0-4, then columns 0-4.

use core::fmt;
use core::str::FromStr;

use super::hand::{HandClass, HandSummary};
use super::points::PointSystem;
use crate::card::{Card, ParseCardError};
use crate::cards::Cards;
use crate::game::IllegalMove;

/// Rows and columns of the grid.
pub const SIZE: usize = 5;
/// Cells of the grid, numbered row by row: cell `5 * row + column`.
pub const CELLS: usize = SIZE * SIZE;
/// Hands scored: the five rows, then the five columns.
pub const LINES: usize = 2 * SIZE;

/// The row hand (line `row`) and column hand (line `5 + column`) through a cell.
#[must_use]
pub const fn lines_of(cell: usize) -> (usize, usize) {
    (cell / SIZE, SIZE + cell % SIZE)
}

/// One cell of each class of `free` (bits `1 << cell`) that the score cannot tell apart, the
/// lowest: cells `(r, c)` and `(r', c')` are alike when `r = r'` or both rows are empty
/// (`row_empty`), and `c = c'` or both columns are empty.
pub(crate) fn distinct_cells(free: u32, row_empty: [bool; SIZE], col_empty: [bool; SIZE]) -> u32 {
    // Key of a row or column: its index, or SIZE for "some empty one".
    let key = |empty: &[bool; SIZE], i: usize| {
        if empty.get(i).copied().unwrap_or(false) {
            SIZE
        } else {
            i
        }
    };
    let mut seen = [[false; SIZE + 1]; SIZE + 1];
    let mut out = 0;
    let mut m = free;
    while m != 0 {
        let cell = m.trailing_zeros() as usize;
        m &= m - 1;
        let (kr, kc) = (key(&row_empty, cell / SIZE), key(&col_empty, cell % SIZE));
        if let Some(s) = seen.get_mut(kr).and_then(|row| row.get_mut(kc))
            && !*s
        {
            *s = true;
            out |= 1 << cell;
        }
    }
    out
}

/// The cells of line `line` (`0..5` rows, `5..10` columns), in order.
#[must_use]
pub const fn cells_of(line: usize) -> [usize; SIZE] {
    let mut out = [0; SIZE];
    let mut i = 0;
    while i < SIZE {
        out[i] = if line < SIZE {
            line * SIZE + i
        } else {
            i * SIZE + (line - SIZE)
        };
        i += 1;
    }
    out
}

/// A grid: each cell empty or holding one card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Grid {
    cells: [Option<Card>; CELLS],
    filled: u32,
    cards: Cards,
}

/// Why a grid string could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum ParseGridError {
    /// Not exactly 25 cells (cards or `--`).
    WrongCount {
        /// The number of cells found.
        found: usize,
    },
    /// A cell that is neither a card nor `--`.
    BadCard(ParseCardError),
    /// The same card twice.
    Duplicate {
        /// The cell (0..25) of the second copy.
        cell: usize,
    },
}

impl fmt::Display for ParseGridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseGridError::WrongCount { found } => {
                write!(f, "a grid needs 25 cells (cards or --), found {found}")
            }
            ParseGridError::BadCard(e) => write!(f, "{e}"),
            ParseGridError::Duplicate { cell } => write!(f, "card in cell {cell} appears twice"),
        }
    }
}

impl core::error::Error for ParseGridError {}

impl Grid {
    /// The empty grid.
    pub const EMPTY: Grid = Grid {
        cells: [None; CELLS],
        filled: 0,
        cards: Cards::EMPTY,
    };

    /// The card in a cell, `None` if empty or out of range.
    #[must_use]
    pub fn get(&self, cell: usize) -> Option<Card> {
        self.cells.get(cell).copied().flatten()
    }

    /// Whether `cell` is in the grid and empty.
    #[must_use]
    pub fn is_free(&self, cell: usize) -> bool {
        matches!(self.cells.get(cell), Some(None))
    }

    /// Places `card` in an empty cell; refuses a full or missing cell and a card already there.
    pub fn place(&mut self, cell: usize, card: Card) -> Result<(), IllegalMove> {
        if self.cards.contains(card) {
            return Err(IllegalMove);
        }
        match self.cells.get_mut(cell) {
            Some(slot @ None) => {
                *slot = Some(card);
                self.filled += 1;
                self.cards.insert(card);
                Ok(())
            }
            _ => Err(IllegalMove),
        }
    }

    /// The number of cards placed.
    #[must_use]
    pub const fn filled(&self) -> usize {
        self.filled as usize
    }

    /// Whether every cell holds a card.
    #[must_use]
    pub const fn is_full(&self) -> bool {
        self.filled as usize == CELLS
    }

    /// The cards on the grid.
    pub const fn cards(&self) -> Cards {
        self.cards
    }

    /// The empty cells as bits `1 << cell`.
    #[must_use]
    pub fn free_mask(&self) -> u32 {
        let mut m = 0;
        for (i, c) in self.cells.iter().enumerate() {
            if c.is_none() {
                m |= 1 << i;
            }
        }
        m
    }

    /// One free cell of each class of placements the score cannot tell apart, as bits
    /// `1 << cell`: swapping two empty rows, or two empty columns, leaves the grid as it is,
    /// so free cells `(r, c)` and `(r', c')` are alike when `r = r'` or both rows are empty,
    /// and `c = c'` or both columns are empty. The lowest cell of each class is kept.
    #[must_use]
    pub fn distinct_free_mask(&self) -> u32 {
        let mut row_empty = [true; SIZE];
        let mut col_empty = [true; SIZE];
        for (i, c) in self.cells.iter().enumerate() {
            if c.is_some() {
                if let Some(e) = row_empty.get_mut(i / SIZE) {
                    *e = false;
                }
                if let Some(e) = col_empty.get_mut(i % SIZE) {
                    *e = false;
                }
            }
        }
        distinct_cells(self.free_mask(), row_empty, col_empty)
    }

    /// The cards of line `line` (rows 0-4, columns 5-9); empty for other lines.
    #[must_use]
    pub fn line(&self, line: usize) -> [Option<Card>; SIZE] {
        let mut out = [None; SIZE];
        if line < LINES {
            for (o, c) in out.iter_mut().zip(cells_of(line)) {
                *o = self.get(c);
            }
        }
        out
    }

    /// The summary of line `line`.
    #[must_use]
    pub fn summary(&self, line: usize) -> HandSummary {
        HandSummary::of(&self.line(line))
    }

    /// The class of each line, rows 0-4 then columns 0-4, as the framework scores them
    /// (partial and empty hands included).
    #[must_use]
    pub fn classes(&self) -> [HandClass; LINES] {
        let mut out = [HandClass::HighCard; LINES];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.summary(i).class();
        }
        out
    }

    /// The grid's score: the sum of its ten hands' scores under `system`. A system's scores
    /// are any `i32`s and ten of them may not fit one; in `i64` they always do, exactly.
    #[must_use]
    pub fn score(&self, system: &PointSystem) -> i64 {
        self.classes()
            .iter()
            .map(|&c| i64::from(system.score(c)))
            .sum()
    }

    /// The grid mirrored on its main diagonal (rows become columns): the score is the same.
    #[must_use]
    pub fn transpose(&self) -> Grid {
        let mut t = *self;
        for r in 0..SIZE {
            for c in 0..SIZE {
                if let (Some(dst), Some(&src)) =
                    (t.cells.get_mut(c * SIZE + r), self.cells.get(r * SIZE + c))
                {
                    *dst = src;
                }
            }
        }
        t
    }
}

impl Default for Grid {
    fn default() -> Self {
        Grid::EMPTY
    }
}

impl FromStr for Grid {
    type Err = ParseGridError;

    /// 25 cells row by row, separated by white space: cards rank then suit (`AS`, `TD`) or
    /// suit then rank, `--` for an empty cell.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut grid = Grid::EMPTY;
        let mut n = 0;
        let mut at = 0;
        for token in s.split_whitespace() {
            let offset = s
                .get(at..)
                .and_then(|rest| rest.find(token))
                .map_or(at, |i| at + i);
            at = offset + token.len();
            if n < CELLS && token != "--" {
                let card = Card::parse_at(token, offset).map_err(ParseGridError::BadCard)?;
                grid.place(n, card)
                    .map_err(|_| ParseGridError::Duplicate { cell: n })?;
            }
            n += 1;
        }
        if n != CELLS {
            return Err(ParseGridError::WrongCount { found: n });
        }
        Ok(grid)
    }
}

impl fmt::Display for Grid {
    /// Cells row by row, rank then suit (`AS`), `--` for empty, one space apart.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.cells.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            match c {
                Some(card) => write!(f, "{}{}", card.rank().char(), card.suit().char())?,
                None => f.write_str("--")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_cells_and_parsing() {
        assert_eq!(cells_of(0), [0, 1, 2, 3, 4]);
        assert_eq!(cells_of(7), [2, 7, 12, 17, 22]);
        assert_eq!(lines_of(13), (2, 8));
        let text = "QH AC 8C 6H 5S 4C JC TD 2C 9D KS 6D QD 9S 7C QS JH 4D AS JD 7S 8S 3H KC TS";
        let g: Grid = text.parse().unwrap();
        assert!(g.is_full());
        let mut shown: heapless::String<128> = heapless::String::new();
        core::fmt::Write::write_fmt(&mut shown, format_args!("{g}")).unwrap();
        assert_eq!(shown.as_str(), text);
        assert_eq!(g.score(&PointSystem::AMERICAN), 6);
        assert_eq!(g.transpose().score(&PointSystem::AMERICAN), 6);
        let partial: Grid =
            "-- -- -- JS 9H QC -- -- -- -- -- -- TC -- -- -- -- -- -- -- JH JC -- -- --"
                .parse()
                .unwrap();
        assert_eq!(partial.filled(), 6);
        assert_eq!(partial.score(&PointSystem::AMERICAN), 2);
        assert!(matches!(
            "AS".parse::<Grid>(),
            Err(ParseGridError::WrongCount { found: 1 })
        ));
        assert!(matches!(
            "AS AS -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- --"
                .parse::<Grid>(),
            Err(ParseGridError::Duplicate { cell: 1 })
        ));
        assert!(matches!(
            "XX -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- --"
                .parse::<Grid>(),
            Err(ParseGridError::BadCard(_))
        ));
        let mut e = Grid::EMPTY;
        assert!(e.place(25, "AS".parse().unwrap()).is_err());
        assert!(e.place(3, "AS".parse().unwrap()).is_ok());
        assert!(e.place(3, "KS".parse().unwrap()).is_err());
        assert!(e.place(4, "AS".parse().unwrap()).is_err());
        assert_eq!(e.free_mask().count_ones(), 24);
        // AS in cell 3 (row 0, column 3): same row (cell 0), same column (cell 8), neither
        // (cell 5): three classes.
        assert_eq!(e.distinct_free_mask(), (1 << 0) | (1 << 5) | (1 << 8));
        assert_eq!(Grid::EMPTY.distinct_free_mask(), 1);
        let g: Grid = "QH AC 8C 6H 5S 4C JC TD 2C 9D KS 6D QD 9S 7C QS JH 4D AS JD 7S 8S 3H -- --"
            .parse()
            .unwrap();
        assert_eq!(g.distinct_free_mask(), g.free_mask());
    }

    /// Found by the `pps_text` fuzz target: ten hands under a system of large scores
    /// overflowed `i32` (a panic in a debug build); the sum is now clamped.
    #[test]
    fn scores_beyond_i32_are_exact() {
        use crate::poker_squares::PointSystem;
        let g = Grid::default();
        // An empty grid's ten lines are all high card (class 0).
        assert_eq!(
            g.score(&PointSystem::new([i32::MAX; 10])),
            10 * i64::from(i32::MAX)
        );
        assert_eq!(
            g.score(&PointSystem::new([i32::MIN; 10])),
            10 * i64::from(i32::MIN)
        );
        let mut mixed = [0i32; 10];
        mixed[0] = 1_000_000_000;
        assert_eq!(g.score(&PointSystem::new(mixed)), 10_000_000_000);
        mixed[0] = -7;
        assert_eq!(g.score(&PointSystem::new(mixed)), -70);
    }
}
