//! [`trace`]: the double-dummy value of a played hand before every card and after the last.
//!
//! From a position (usually the opening lead, or any later position, in mid-trick too) and
//! the cards played from it, [`trace`] gives the tricks the *declaring side* (the side not on
//! lead in the starting position) takes with double-dummy play from each point on, counting
//! the tricks it won in the cards played: before the first card, after each card, and after
//! the last. A whole hand of 52 cards has 53 values; the last is the tricks declarer's side
//! actually took. A card whose value is below the one before it (for declarer's side) was
//! declarer's error; above it, a defender's.
//!
//! The solves share one [`TransTable`]: the positions of a hand have most of their cards in
//! common, so what one solve stores serves the next (the table is kept across the cards; it
//! is cleared only for another deal or strain). The positions are solved from the last back to
//! the first. The value after a card is what its player's side can at least take before it,
//! so one zero-window test (can that side take more?) settles every card that lost nothing,
//! the opening position included (solved first, it would need a whole solve on an empty
//! table, two or three tests), and the test leaves the card played out: its value is known.
//! The analysed session of `docs/bridge.md` searches 19 % fewer positions this way than from
//! the first card on.

use core::fmt;

use super::play::BridgePlay;
use super::seat::Seat;
use super::solver::{SolveStats, SolverConfig, TableMemory, TransTable, solve_value_within};
use crate::card::Card;
use crate::cards::Cards;
use crate::game::Side;

/// The most values a trace holds: before each of 52 cards, and after the last.
pub const MAX_TRACE: usize = 53;

/// The values of a played hand, from [`trace`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Trace {
    values: [u8; MAX_TRACE],
    len: u8,
    declarer: Side,
    /// The work of every solve, added up.
    pub stats: SolveStats,
}

impl Trace {
    /// The values: `values()[i]` is the tricks declarer's side takes (counting those won since
    /// the start) with double-dummy play once the first `i` cards have been played; one value
    /// more than cards played.
    #[must_use]
    pub fn values(&self) -> &[u8] {
        self.values.get(..usize::from(self.len)).unwrap_or_default()
    }

    /// The declaring side: the side not on lead in the starting position, whose tricks the
    /// values count.
    #[must_use]
    pub const fn declarer(&self) -> Side {
        self.declarer
    }
}

/// Why a trace could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum TraceError {
    /// Card `index` (0-based) of the play is not in the hand of `seat`, the player to move.
    NotHeld {
        /// The card's place in the play.
        index: u8,
        /// The card.
        card: Card,
        /// The player to move.
        seat: Seat,
    },
    /// Card `index` of the play does not follow suit though `seat` holds the suit led.
    Revoke {
        /// The card's place in the play.
        index: u8,
        /// The card.
        card: Card,
        /// The player to move.
        seat: Seat,
    },
}

impl TraceError {
    /// The card's place in the play (0-based).
    #[must_use]
    pub const fn index(&self) -> u8 {
        match *self {
            TraceError::NotHeld { index, .. } | TraceError::Revoke { index, .. } => index,
        }
    }
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TraceError::NotHeld { index, card, seat } => write!(
                f,
                "card {} of the play, {card}: {seat} is to play and does not hold it",
                u16::from(index) + 1
            ),
            TraceError::Revoke { index, card, seat } => write!(
                f,
                "card {} of the play, {card}: {seat} does not follow suit though it can",
                u16::from(index) + 1
            ),
        }
    }
}

impl core::error::Error for TraceError {}

/// The double-dummy trace of `play` from `start`, with the default [`SolverConfig`].
///
/// `play` may run to the end of the hand or stop anywhere; cards past the end of the hand are
/// ignored. Exact whatever the table's size.
pub fn trace<M: TableMemory>(
    start: &BridgePlay,
    play: &[Card],
    table: &mut TransTable<M>,
) -> Result<Trace, TraceError> {
    trace_with(start, play, table, &SolverConfig::default())
}

/// [`trace`] with the solver's techniques as `config` says.
pub fn trace_with<M: TableMemory>(
    start: &BridgePlay,
    play: &[Card],
    table: &mut TransTable<M>,
    config: &SolverConfig,
) -> Result<Trace, TraceError> {
    play_out(start, play)?;
    let declarer = Side(start.leader().side().0 ^ 1);
    let won_at_start = start.tricks_won(declarer);
    let mut out = Trace {
        values: [0; MAX_TRACE],
        len: 0,
        declarer,
        stats: SolveStats::default(),
    };
    // The cards that count: up to the end of the hand.
    let cards = (usize::from(start.tricks_left()) * 4).saturating_sub(start.trick().len());
    let n = play.len().min(cards).min(MAX_TRACE - 1);
    // The value after card `i` (declarer's side's), once known.
    let mut after: Option<u8> = None;
    for i in (0..=n).rev() {
        // The position before card `i` (replayed from the start: a few hundred card plays a
        // hand keep no array of positions on a small device's stack).
        let position = play_out(start, play.get(..i).unwrap_or_default())?;
        let left = position.tricks_left();
        let mover = position.to_move().side();
        let won = position.tricks_won(declarer).saturating_sub(won_at_start);
        let value = if left == 0 {
            won
        } else {
            // The mover's side takes at least what its card `i` gave it, and at most every
            // trick left; the first test asks whether it could have taken more.
            let within = after.map(|v| {
                let future = v.saturating_sub(won).min(left);
                let mine = if mover == declarer {
                    future
                } else {
                    left - future
                };
                (mine, left)
            });
            let guess = within.map(|(mine, _)| mine);
            // Card `i` gives exactly that: the tests skip it (and the cards equal to it).
            let known = play.get(i).map_or(Cards::EMPTY, |&c| Cards::single(c));
            let v = solve_value_within(&position, table, config, guess, within, known);
            out.stats.add(&v.stats);
            won + if mover == declarer {
                v.tricks
            } else {
                left - v.tricks
            }
        };
        if let Some(slot) = out.values.get_mut(i) {
            *slot = value;
        }
        after = Some(value);
    }
    out.len = (n + 1) as u8;
    Ok(out)
}

/// Plays `play` from `start`, each card checked (cards past the end of the hand are ignored,
/// as [`trace`] ignores them): the position after the last card, or the first card that its
/// player does not hold or that does not follow suit.
pub fn play_out(start: &BridgePlay, play: &[Card]) -> Result<BridgePlay, TraceError> {
    let mut position = *start;
    for (i, &card) in play.iter().enumerate().take(MAX_TRACE - 1) {
        if position.tricks_left() == 0 {
            break;
        }
        let seat = position.to_move();
        let index = i as u8;
        if !position.hand(seat).contains(card) {
            return Err(TraceError::NotHeld { index, card, seat });
        }
        if position.play(card).is_err() {
            return Err(TraceError::Revoke { index, card, seat });
        }
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::pbn::{self, SizeRule};
    use crate::bridge::{Deal, Strain, solve};
    use crate::bridge::{TtLine, solve_value};
    use crate::rng;

    /// A random hand played out by random legal cards, traced, each value checked against a
    /// fresh solve of its position on an empty table.
    #[test]
    fn every_value_is_a_fresh_solve() {
        let mut r = rng::seeded(5);
        let mut lines = [TtLine::ZERO; 512];
        let mut fresh = [TtLine::ZERO; 512];
        for k in 0..24 {
            let mut deal = Deal::random(&mut r);
            // An ending of 4 cards a hand keeps the test quick.
            let mut hands = *deal.hands();
            for seat in Seat::ALL {
                while hands[seat].len() > 4 {
                    let c = hands[seat].highest().unwrap();
                    hands[seat].remove(c);
                }
            }
            deal = Deal::from_hands(hands).unwrap();
            // Every strain and opening leader in turn.
            let (strain, leader) = (Strain::ALL[k % 5], Seat::ALL[k % 4]);
            let start = BridgePlay::new(&deal, strain, leader).unwrap();
            let declarer = Side(leader.side().0 ^ 1);
            let mut p = start;
            let mut play = heapless::Vec::<Card, 16>::new();
            while p.tricks_left() > 0 {
                let c = p.legal().choose(&mut r).unwrap();
                play.push(c).unwrap();
                p.play(c).unwrap();
            }
            let mut table = TransTable::new(&mut lines[..]);
            let t = trace(&start, &play, &mut table).unwrap();
            assert_eq!(t.values().len(), play.len() + 1);
            assert_eq!(t.declarer(), declarer);
            let mut p = start;
            for (i, &v) in t.values().iter().enumerate() {
                let mut f = TransTable::new(&mut fresh[..]);
                let left = p.tricks_left();
                let future = if left == 0 {
                    0
                } else {
                    let x = solve_value(&p, &mut f).tricks;
                    if p.to_move().side() == declarer {
                        x
                    } else {
                        left - x
                    }
                };
                assert_eq!(v, p.tricks_won(declarer) + future, "hand {k}, value {i}");
                if let Some(&c) = play.get(i) {
                    p.play(c).unwrap();
                }
            }
            // The best card keeps the value: solve agrees on the first.
            let s = solve(&start, &mut TransTable::new(&mut fresh[..]));
            assert_eq!(4 - s.best, t.values()[0]);
        }
    }

    #[test]
    fn bad_cards_are_errors() {
        let deal = pbn::parse("N:AK... Q2... 43... 65...", SizeRule::Equal).unwrap();
        let start = BridgePlay::new(&deal, Strain::NoTrump, Seat::West).unwrap();
        let card = |s: &str| s.parse::<Card>().unwrap();
        let mut lines = [TtLine::ZERO; 16];
        let mut table = TransTable::new(&mut lines[..]);
        // West leads the six, North plays the king, East the two: a card East does not hold
        // is the error, naming its place and the seat.
        let e = trace(&start, &[card("S6"), card("SK"), card("SA")], &mut table).unwrap_err();
        assert_eq!(
            e,
            TraceError::NotHeld {
                index: 2,
                card: card("SA"),
                seat: Seat::East
            }
        );
        assert!(crate::text::shown(e).starts_with("card 3 of the play, SA: E is to play"));
        // A whole hand of 8 cards has 9 values; extra cards are ignored.
        let play = ["S6", "SA", "S2", "S4", "SK", "SQ", "S3", "S5", "C2"].map(card);
        let t = trace(&start, &play, &mut table).unwrap();
        assert_eq!(t.values(), &[2, 2, 2, 2, 2, 2, 2, 2, 2]);
        // Starting in mid-trick: the declaring side is still the one not on lead.
        let mid = BridgePlay::with_trick(
            &pbn::parse("N:K... Q2... 43... 5...", SizeRule::Any).unwrap(),
            Strain::NoTrump,
            Seat::West,
            &[card("S6"), card("SA")],
        )
        .unwrap();
        let t = trace(&mid, &[], &mut table).unwrap();
        assert_eq!(t.values(), &[2]);
        assert_eq!(t.declarer(), Side(0));
    }
}
