//! Small demonstration games: [`TicTacToe`] (perfect information) and [`DiceDuel`] (chance
//! nodes). They are the [`Game`](crate::Game) trait's first users and the searches' test games.

mod dice;
mod tictactoe;

pub use dice::{DiceDuel, moves as dice_moves};
pub use tictactoe::{ParseBoardError, TicTacToe};
