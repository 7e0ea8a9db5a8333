//! Bridge card play, double dummy: the [`BridgePlay`] game and the exact [`solve`]r.
//!
//! [`BridgePlay`] is a position of the play: four hands, the trump [`Strain`], the trick in
//! progress and the tricks each side has won. It implements [`Game`](crate::Game) with the four
//! seats as players and the two partnerships as sides (North-South side 0, East-West side 1),
//! so every search in [`crate::search`] plays bridge. [`solve`] gives the exact double-dummy
//! value of every card the player to move holds, with a caller-provided [`TransTable`].

mod play;
mod solver;
mod strain;
mod table;

pub use play::{BridgePlay, PositionError};
pub use solver::{Solution, SolveStats, solve};
pub use strain::{ParseStrainError, Strain};
pub use table::{TransTable, TtEntry};
