//! Tic-tac-toe: the [`Game`] trait's first user and the searches' test game.
//!
//! Cells are numbered `0..9` row by row from the top left. X (player 0, side 0) moves first.
//! A win is worth 1 to the winner and 0 to the loser, a draw 0.5 to both.

use core::fmt;
use core::str::FromStr;

use crate::game::{Game, MoveList, Player, Side, Turn, ValueRange};

/// The eight lines of three cells, as 9-bit masks.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// Bit `m` is set when the marks `m` (a 9-bit mask) fill one of the [`LINES`]: 512 bits,
/// built at compile time (a `static`, so that indexing does not copy it), so the win test is
/// one load.
static WINS: [u64; 8] = {
    let mut wins = [0u64; 8];
    let mut m = 0usize;
    while m < 512 {
        let mut i = 0;
        while i < LINES.len() {
            let line = LINES[i] as usize;
            if m & line == line {
                wins[m / 64] |= 1 << (m % 64);
            }
            i += 1;
        }
        m += 1;
    }
    wins
};

/// Whether the marks `m` fill one of the [`LINES`].
fn has_line(m: u16) -> bool {
    let m = (m & FULL) as usize;
    WINS[m / 64] >> (m % 64) & 1 != 0
}

/// The values of a position's `status`: X to move, O to move, or the game over.
const X_TO_MOVE: u8 = 0;
const O_TO_MOVE: u8 = 1;
const OVER: u8 = 2;

/// A tic-tac-toe position: the cells of X and of O as 9-bit masks, and whose turn it is (kept
/// up to date by each move, so that the searches' many `turn` calls count no marks).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TicTacToe {
    x: u16,
    o: u16,
    /// [`X_TO_MOVE`], [`O_TO_MOVE`] or [`OVER`], a function of `x` and `o`.
    status: u8,
}

impl TicTacToe {
    /// The empty board, X to move.
    pub const fn new() -> TicTacToe {
        TicTacToe {
            x: 0,
            o: 0,
            status: X_TO_MOVE,
        }
    }

    /// The position with X's marks `x` and O's `o` (9-bit masks).
    fn from_marks(x: u16, o: u16) -> TicTacToe {
        let mut g = TicTacToe { x, o, status: 0 };
        g.status = if g.is_over() {
            OVER
        } else if g.mover() == Player(0) {
            X_TO_MOVE
        } else {
            O_TO_MOVE
        };
        g
    }

    /// The player to move if the game were not over: X (0) when both have as many marks.
    #[must_use]
    pub const fn mover(&self) -> Player {
        if self.x.count_ones() == self.o.count_ones() {
            Player(0)
        } else {
            Player(1)
        }
    }

    /// Whether the game is over: a line, or a full board.
    fn is_over(&self) -> bool {
        has_line(self.x) || has_line(self.o) || (self.x | self.o) & FULL == FULL
    }

    /// The winner, if a player has three in a line.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        if has_line(self.x) {
            Some(Player(0))
        } else if has_line(self.o) {
            Some(Player(1))
        } else {
            None
        }
    }

    /// The mark in `cell` (`0..9`): `Some(player)` or `None` if empty or off the board.
    #[must_use]
    pub const fn mark(&self, cell: u8) -> Option<Player> {
        if cell >= 9 {
            None
        } else if self.x & (1 << cell) != 0 {
            Some(Player(0))
        } else if self.o & (1 << cell) != 0 {
            Some(Player(1))
        } else {
            None
        }
    }
}

impl Game for TicTacToe {
    /// The cell to mark, `0..9`.
    type Move = u8;
    const PLAYERS: u8 = 2;
    const SIDES: u8 = 2;

    #[inline]
    fn turn(&self) -> Turn {
        match self.status {
            X_TO_MOVE => Turn::Player(Player(0)),
            O_TO_MOVE => Turn::Player(Player(1)),
            _ => Turn::Terminal,
        }
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList<u8>) {
        moves.clear();
        if self.status == OVER {
            return;
        }
        let mut empty = !(self.x | self.o) & FULL;
        while empty != 0 {
            // Nine cells always fit in MAX_MOVES; `trailing_zeros` of a nonzero u16 is < 16.
            let _ = moves.push(empty.trailing_zeros() as u8);
            empty &= empty - 1;
        }
    }

    /// Marks `cell` for the player to move; an occupied or off-board cell, or a finished game,
    /// leaves the state unchanged.
    #[inline]
    fn apply(&mut self, cell: u8) {
        let bit = 1u16.checked_shl(u32::from(cell)).unwrap_or(0) & FULL;
        if bit == 0 || (self.x | self.o) & bit != 0 || self.status == OVER {
            return;
        }
        // Only the mover's marks can have made a line (the game was not over).
        let won = if self.status == X_TO_MOVE {
            self.x |= bit;
            has_line(self.x)
        } else {
            self.o |= bit;
            has_line(self.o)
        };
        self.status = if won || (self.x | self.o) & FULL == FULL {
            OVER
        } else {
            self.status ^ 1
        };
    }

    #[inline]
    fn value(&self, side: Side) -> f64 {
        match self.winner() {
            Some(Player(w)) if w == side.0 => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    fn value_range(&self) -> ValueRange {
        ValueRange { lo: 0.0, hi: 1.0 }
    }
}

impl fmt::Display for TicTacToe {
    /// Three rows of `X`, `O` and `.`, separated by `/`: `XO./.X./..O`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in 0..9u8 {
            if cell > 0 && cell % 3 == 0 {
                f.write_str("/")?;
            }
            f.write_str(match self.mark(cell) {
                Some(Player(0)) => "X",
                Some(_) => "O",
                None => ".",
            })?;
        }
        Ok(())
    }
}

impl fmt::Debug for TicTacToe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TicTacToe({self})")
    }
}

/// Why a board string could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum ParseBoardError {
    /// A character other than `X`, `O`, `.`, `/` or white space, at this byte.
    BadChar {
        /// The character.
        ch: char,
        /// Its byte offset.
        at: usize,
    },
    /// Not exactly nine cells.
    CellCount {
        /// How many cells were found.
        found: usize,
    },
    /// The marks cannot come from alternate play with X first (X must have as many marks as O
    /// or one more).
    MarkCount {
        /// X's marks.
        x: u8,
        /// O's marks.
        o: u8,
    },
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseBoardError::BadChar { ch, at } => {
                write!(f, "unexpected {ch:?} at byte {at} (want X, O, . or /)")
            }
            ParseBoardError::CellCount { found } => write!(f, "{found} cells, want 9"),
            ParseBoardError::MarkCount { x, o } => {
                write!(
                    f,
                    "{x} X and {o} O marks: X moves first, so X has as many as O or one more"
                )
            }
        }
    }
}

impl core::error::Error for ParseBoardError {}

impl FromStr for TicTacToe {
    type Err = ParseBoardError;

    /// Reads nine cells of `X`, `O` or `.` (either case for letters), ignoring `/` and white
    /// space: `"XO./.X./..O"`.
    fn from_str(s: &str) -> Result<TicTacToe, ParseBoardError> {
        let mut board = TicTacToe::new();
        let mut cell = 0usize;
        for (at, ch) in s.char_indices() {
            let mark = match ch {
                'X' | 'x' => Some(true),
                'O' | 'o' => Some(false),
                '.' => None,
                '/' => continue,
                c if c.is_whitespace() => continue,
                ch => return Err(ParseBoardError::BadChar { ch, at }),
            };
            if cell < 9 {
                match mark {
                    Some(true) => board.x |= 1 << cell,
                    Some(false) => board.o |= 1 << cell,
                    None => {}
                }
            }
            cell += 1;
        }
        if cell != 9 {
            return Err(ParseBoardError::CellCount { found: cell });
        }
        let (x, o) = (board.x.count_ones() as u8, board.o.count_ones() as u8);
        if x != o && x != o + 1 {
            return Err(ParseBoardError::MarkCount { x, o });
        }
        Ok(TicTacToe::from_marks(board.x, board.o))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(s: &str) -> TicTacToe {
        s.parse().unwrap()
    }

    /// Counts (nodes including the root, finished games) of the whole game tree.
    fn perft(g: &TicTacToe) -> (u64, u64) {
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            assert_eq!(g.turn(), Turn::Terminal);
            return (1, 1);
        }
        let mut total = (1, 0);
        for &m in &moves {
            let mut next = *g;
            next.apply(m);
            let (n, t) = perft(&next);
            total.0 += n;
            total.1 += t;
        }
        total
    }

    #[test]
    fn whole_game_tree_has_the_known_size() {
        // 549,946 positions counting the root and 255,168 finished games: the standard counts.
        assert_eq!(perft(&TicTacToe::new()), (549_946, 255_168));
    }

    #[test]
    fn lines_win_and_end_the_game() {
        for (i, &line) in LINES.iter().enumerate() {
            let g = TicTacToe::from_marks(line, 0);
            assert_eq!(g.winner(), Some(Player(0)), "line {i}");
            assert_eq!(g.turn(), Turn::Terminal);
            assert_eq!(g.value(Side(0)), 1.0);
            assert_eq!(g.value(Side(1)), 0.0);
        }
        let won = b("XXX/OO./...");
        let mut moves = MoveList::new();
        won.legal_moves(&mut moves);
        assert!(moves.is_empty(), "no moves after a win");
        let draw = b("XOX/XOO/OXX");
        assert_eq!(
            (draw.turn(), draw.value(Side(0)), draw.value(Side(1))),
            (Turn::Terminal, 0.5, 0.5)
        );
        let o_wins = b("XX./OOO/X.X");
        assert_eq!(o_wins.winner(), Some(Player(1)));
    }

    #[test]
    fn players_alternate_and_illegal_moves_are_refused() {
        let mut g = TicTacToe::new();
        assert_eq!(g.turn(), Turn::Player(Player(0)));
        g.apply(4);
        assert_eq!(g.turn(), Turn::Player(Player(1)));
        assert_eq!(g.mark(4), Some(Player(0)));
        let before = g;
        g.apply(4);
        g.apply(9);
        g.apply(200);
        assert_eq!(g, before, "occupied and off-board cells change nothing");
        assert_eq!(g.try_apply(4), Err(crate::game::IllegalMove));
        assert_eq!(g.try_apply(0), Ok(()));
        assert_eq!(g.mark(0), Some(Player(1)));
        let mut done = b("XXX/OO./...");
        assert_eq!(done.try_apply(8), Err(crate::game::IllegalMove));
        done.apply(8);
        assert_eq!(done, b("XXX/OO./..."));
        assert_eq!(g.value_range(), ValueRange { lo: 0.0, hi: 1.0 });
    }

    #[test]
    fn board_strings() {
        let g = b("xo./.X./..o");
        let mut s = heapless::String::<16>::new();
        core::fmt::write(&mut s, format_args!("{g}")).unwrap();
        assert_eq!(s, "XO./.X./..O");
        assert_eq!(s.parse::<TicTacToe>(), Ok(g));
        assert_eq!(
            "XO./.Z./...".parse::<TicTacToe>(),
            Err(ParseBoardError::BadChar { ch: 'Z', at: 5 })
        );
        assert_eq!(
            "XO.".parse::<TicTacToe>(),
            Err(ParseBoardError::CellCount { found: 3 })
        );
        assert_eq!(
            "........X.".parse::<TicTacToe>(),
            Err(ParseBoardError::CellCount { found: 10 })
        );
        assert_eq!(
            "OO./.../...".parse::<TicTacToe>(),
            Err(ParseBoardError::MarkCount { x: 0, o: 2 })
        );
        assert_eq!(
            "XX./.../...".parse::<TicTacToe>(),
            Err(ParseBoardError::MarkCount { x: 2, o: 0 })
        );
    }
}
