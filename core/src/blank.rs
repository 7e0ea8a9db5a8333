//! [`Blank`]: the filler a move type gives the slots of a search tree that hold no move yet.
//!
//! It has a file of its own so that the move types ([`Card`](crate::Card), the Blackjack moves)
//! and the [`Game`](crate::Game) trait need not import the [`Tree`](crate::Tree): the tree
//! names `Card` in its node-size assertion, and two files must not import each other.

/// A move type that a tree can store, with a filler for blank slots and for the root.
///
/// Choose all-zero bytes for `BLANK` where possible, so that a `static` tree is zero-initialised
/// and placed in `.bss` rather than copied from flash.
pub trait Blank: Copy {
    /// The filler value.
    const BLANK: Self;
}

impl Blank for u8 {
    const BLANK: u8 = 0;
}
impl Blank for u16 {
    const BLANK: u16 = 0;
}
impl Blank for u32 {
    const BLANK: u32 = 0;
}
