//! [`BridgePlay`]: a double-dummy card-play position, and the rules of play.

use core::fmt;

use super::deal::Deal;
use super::seat::{BySeat, Seat};
use super::strain::Strain;
use crate::card::{Card, Suit};
use crate::cards::Cards;
use crate::game::{Game, MoveList, Player, Side, Turn, ValueRange};

/// A card-play position: the cards left in each hand, the strain, the trick in progress (led by
/// `leader`) and the tricks each side has won so far.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BridgePlay {
    hands: BySeat<Cards>,
    strain: Strain,
    leader: Seat,
    trick: [Card; 4],
    trick_len: u8,
    won: [u8; 2],
}

/// Why a position could not be set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum PositionError {
    /// The hands do not have the sizes the trick in progress implies: the players still to
    /// play to it hold one card more than those who have played.
    HandSizes {
        /// The first seat whose hand has the wrong size.
        seat: Seat,
        /// Its size.
        found: u8,
        /// The size it should have.
        expected: u8,
    },
    /// A trick in progress of four or more cards (a complete trick belongs to the past).
    TrickTooLong,
    /// A card of the trick in progress is also in a hand, or is played twice.
    DuplicateCard(Card),
    /// A card of the trick in progress does not follow suit although its player still holds
    /// the suit led.
    Revoke(Card),
    /// More tricks won than a deal has.
    TooManyTricks,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::HandSizes {
                seat,
                found,
                expected,
            } => {
                write!(
                    f,
                    "{seat} holds {found} cards, expected {expected} for this trick"
                )
            }
            PositionError::TrickTooLong => f.write_str("a trick in progress has at most 3 cards"),
            PositionError::DuplicateCard(c) => write!(f, "{c} is both played and held"),
            PositionError::Revoke(c) => write!(f, "{c} does not follow suit though it could"),
            PositionError::TooManyTricks => f.write_str("more than 13 tricks won"),
        }
    }
}

impl core::error::Error for PositionError {}

impl BridgePlay {
    /// The position at a trick boundary: `deal`'s hands (all the same size), `leader` to lead.
    pub fn new(deal: &Deal, strain: Strain, leader: Seat) -> Result<BridgePlay, PositionError> {
        BridgePlay::with_trick(deal, strain, leader, &[])
    }

    /// A position in the middle of a trick: `leader` led `trick[0]`, the next seats played the
    /// rest; `deal` holds the cards still in the hands.
    pub fn with_trick(
        deal: &Deal,
        strain: Strain,
        leader: Seat,
        trick: &[Card],
    ) -> Result<BridgePlay, PositionError> {
        if trick.len() > 3 {
            return Err(PositionError::TrickTooLong);
        }
        let hands = *deal.hands();
        let mut played = Cards::EMPTY;
        for &c in trick {
            if !played.insert(c) || deal.cards().contains(c) {
                return Err(PositionError::DuplicateCard(c));
            }
        }
        let n = trick.len() as u8;
        let mover = leader.offset(n);
        let size = hands[mover].len() as u8;
        for i in 0..4u8 {
            let seat = leader.offset(i);
            let expected = if i < n { size.saturating_sub(1) } else { size };
            let found = hands[seat].len() as u8;
            if found != expected || (i < n && size == 0) {
                return Err(PositionError::HandSizes {
                    seat,
                    found,
                    expected,
                });
            }
        }
        let mut cards = [Card::default(); 4];
        for (i, (&c, slot)) in trick.iter().zip(cards.iter_mut()).enumerate() {
            *slot = c;
            let led = trick.first().map(|l| l.suit());
            let seat = leader.offset(i as u8);
            if led.is_some_and(|s| c.suit() != s && hands[seat].count_in(s) > 0) {
                return Err(PositionError::Revoke(c));
            }
        }
        Ok(BridgePlay {
            hands,
            strain,
            leader,
            trick: cards,
            trick_len: n,
            won: [0, 0],
        })
    }

    /// The same position with these tricks already won by North-South and East-West.
    pub fn with_tricks_won(mut self, ns: u8, ew: u8) -> Result<BridgePlay, PositionError> {
        let left = self.tricks_left();
        if u16::from(ns) + u16::from(ew) + u16::from(left) > 13 {
            return Err(PositionError::TooManyTricks);
        }
        self.won = [ns, ew];
        Ok(self)
    }

    /// The hand of `seat`.
    pub fn hand(&self, seat: Seat) -> Cards {
        self.hands[seat]
    }

    /// The strain.
    #[must_use]
    pub const fn strain(&self) -> Strain {
        self.strain
    }

    /// The seat that led the trick in progress (or leads the next one).
    #[must_use]
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// The cards of the trick in progress, in the order played.
    #[must_use]
    pub fn trick(&self) -> &[Card] {
        self.trick
            .get(..usize::from(self.trick_len))
            .unwrap_or_default()
    }

    /// The seat to play next.
    #[must_use]
    pub const fn to_move(&self) -> Seat {
        self.leader.offset(self.trick_len)
    }

    /// Tricks won so far by `side` (0: North-South, 1: East-West).
    #[must_use]
    pub const fn tricks_won(&self, side: Side) -> u8 {
        self.won[(side.0 & 1) as usize]
    }

    /// Tricks not yet complete, the one in progress included.
    #[must_use]
    pub fn tricks_left(&self) -> u8 {
        let cards: usize = self.hands.0.iter().map(|h| h.len()).sum();
        ((cards + usize::from(self.trick_len)) / 4) as u8
    }

    /// The cards the player to move may play: the suit led if it holds any, else anything.
    pub fn legal(&self) -> Cards {
        let hand = self.hands[self.to_move()];
        match self.trick().first() {
            Some(led) if hand.count_in(led.suit()) > 0 => hand.in_suit(led.suit()),
            _ => hand,
        }
    }

    /// Plays `card` if it is legal; otherwise changes nothing and says so.
    pub fn play(&mut self, card: Card) -> Result<(), crate::game::IllegalMove> {
        if !self.legal().contains(card) {
            return Err(crate::game::IllegalMove);
        }
        self.play_unchecked(card);
        Ok(())
    }

    /// Plays `card`, which must be legal.
    fn play_unchecked(&mut self, card: Card) {
        let seat = self.to_move();
        self.hands[seat].remove(card);
        if let Some(slot) = self.trick.get_mut(usize::from(self.trick_len)) {
            *slot = card;
        }
        self.trick_len += 1;
        if self.trick_len == 4 {
            let w = winner(&self.trick, self.strain.trump());
            let seat = self.leader.offset(w);
            self.won[usize::from(seat.side().0 & 1)] += 1;
            self.leader = seat;
            self.trick_len = 0;
        }
    }
}

/// The seat that wins `trick`, led by `leader` in `strain`: the highest trump, else the
/// highest card of the suit led (the one rule every door uses: the page asks it too).
#[must_use]
pub fn trick_winner(trick: &[Card; 4], leader: Seat, strain: Strain) -> Seat {
    leader.offset(winner(trick, strain.trump()))
}

/// The position in the trick (0 = the lead) of the card that wins `trick`: the highest trump,
/// else the highest card of the suit led.
pub(crate) fn winner(trick: &[Card; 4], trump: Option<Suit>) -> u8 {
    let mut best = 0u8;
    let mut top = trick[0];
    for (i, &c) in trick.iter().enumerate().skip(1) {
        if beats(c, top, trump) {
            best = i as u8;
            top = c;
        }
    }
    best
}

/// Whether `card` beats `best`, the card winning the trick so far.
pub(crate) fn beats(card: Card, best: Card, trump: Option<Suit>) -> bool {
    if card.suit() == best.suit() {
        card.rank() > best.rank()
    } else {
        Some(card.suit()) == trump
    }
}

impl Game for BridgePlay {
    type Move = Card;
    const PLAYERS: u8 = 4;
    const SIDES: u8 = 2;

    fn turn(&self) -> Turn {
        if self.trick_len == 0 && self.hands[self.leader].is_empty() {
            Turn::Terminal
        } else {
            Turn::Player(Player(self.to_move() as u8))
        }
    }

    /// Seats N, E, S, W are players 0..4; North-South is side 0, East-West side 1.
    fn side_of(&self, player: Player) -> Side {
        Side(player.0 & 1)
    }

    fn legal_moves(&self, moves: &mut MoveList<Card>) {
        moves.clear();
        if self.turn() != Turn::Terminal {
            for c in self.legal() {
                let _ = moves.push(c);
            }
        }
    }

    /// Plays a legal card; anything else is ignored.
    fn apply(&mut self, card: Card) {
        let _ = self.play(card);
    }

    /// Tricks won by the side so far (all of them at the end).
    fn value(&self, side: Side) -> f64 {
        f64::from(self.tricks_won(side))
    }

    fn value_range(&self) -> ValueRange {
        ValueRange { lo: 0.0, hi: 13.0 }
    }
}

impl fmt::Debug for BridgePlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let deal = Deal::from_hands(self.hands).map_err(|_| fmt::Error)?;
        write!(
            f,
            "BridgePlay({} {} leads {}, trick [",
            deal, self.strain, self.leader
        )?;
        for (i, c) in self.trick().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        write!(f, "], won {}-{})", self.won[0], self.won[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::pbn::{SizeRule, parse};

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn follow_suit_and_trick_winners() {
        let deal = parse("N:AK.2.-.- Q3.-.2.- 4.-.3.2 JT.3.-.-", SizeRule::Any).unwrap();
        let deal = Deal::from_hands(*deal.hands()).unwrap();
        let mut p = BridgePlay::new(&deal, Strain::Hearts, Seat::North).unwrap();
        assert_eq!(p.to_move(), Seat::North);
        assert_eq!(p.tricks_left(), 3);
        p.play(c("SA")).unwrap();
        // East must follow spades.
        assert_eq!(p.legal(), "SQ S3".parse().unwrap());
        assert!(p.play(c("D2")).is_err());
        p.play(c("S3")).unwrap();
        p.play(c("S4")).unwrap();
        p.play(c("SJ")).unwrap();
        assert_eq!((p.leader(), p.tricks_won(Side(0))), (Seat::North, 1));
        // North leads a heart: a trump, wins.
        p.play(c("H2")).unwrap();
        p.play(c("SQ")).unwrap(); // East is void in hearts: discards
        p.play(c("D3")).unwrap();
        p.play(c("H3")).unwrap(); // West overtrumps
        assert_eq!((p.leader(), p.tricks_won(Side(1))), (Seat::West, 1));
        assert_eq!(p.turn(), Turn::Player(Player(3)));
    }

    #[test]
    fn no_trump_led_suit_wins() {
        let trick = [c("S2"), c("HA"), c("SK"), c("C3")];
        assert_eq!(winner(&trick, None), 2);
        assert_eq!(winner(&trick, Some(Suit::Hearts)), 1);
        assert_eq!(winner(&trick, Some(Suit::Clubs)), 3);
        assert_eq!(
            trick_winner(&trick, Seat::East, Strain::NoTrump),
            Seat::West
        );
    }

    #[test]
    fn positions_in_the_middle_of_a_trick() {
        // West led SA, so West holds one card fewer than the others.
        let d = parse("N:K2... Q3... J4... 5...", SizeRule::Any).unwrap();
        let p = BridgePlay::with_trick(&d, Strain::NoTrump, Seat::West, &[c("SA")]).unwrap();
        assert_eq!((p.to_move(), p.tricks_left()), (Seat::North, 2));
        assert_eq!(
            BridgePlay::with_trick(&d, Strain::NoTrump, Seat::North, &[c("SA")]),
            Err(PositionError::HandSizes {
                seat: Seat::North,
                found: 2,
                expected: 1
            })
        );
        assert_eq!(
            BridgePlay::with_trick(&d, Strain::NoTrump, Seat::West, &[c("SK")]),
            Err(PositionError::DuplicateCard(c("SK")))
        );
        // North played a heart to West's spade lead while holding a spade: a revoke.
        let e = parse("N:K... Q3... J4... 5...", SizeRule::Any).unwrap();
        assert_eq!(
            BridgePlay::with_trick(&e, Strain::NoTrump, Seat::West, &[c("SA"), c("H2")]),
            Err(PositionError::Revoke(c("H2")))
        );
        assert_eq!(
            BridgePlay::with_trick(
                &d,
                Strain::NoTrump,
                Seat::West,
                &[c("SA"), c("S6"), c("S7"), c("S8")]
            ),
            Err(PositionError::TrickTooLong)
        );
        let p = BridgePlay::new(
            &Deal::random(&mut crate::rng::seeded(1)),
            Strain::NoTrump,
            Seat::West,
        )
        .unwrap();
        assert_eq!(p.with_tricks_won(1, 0), Err(PositionError::TooManyTricks));
    }
}
