//! PBN deals: `W:AKQ.JT9.876.5432 <North> <East> <South>`.
//!
//! The Portable Bridge Notation deal string names the first seat, then gives the four hands
//! clockwise from it, separated by spaces. Each hand is spades, hearts, diamonds and clubs
//! separated by dots, each suit its ranks (`AKQJT98765432`). A void is written as nothing or as
//! `-`; a whole hand of `-` is an empty hand. Ranks may come in any order and either case.
//!
//! [`parse`] reads full deals and part-played positions ([`SizeRule`]); [`Pbn`] writes them.
//! Every error says what is wrong and where (byte offset, seat); nothing here panics.

use core::fmt;

use super::deal::Deal;
use super::seat::{BySeat, Seat};
use crate::card::{Card, Rank, Suit};
use crate::cards::Cards;
use crate::text::words;

/// Which hand sizes [`parse`] accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SizeRule {
    /// A full deal: 13 cards in every hand, all 52 cards.
    Full,
    /// An ending at a trick boundary: every hand the same size, 0 to 13 cards.
    Equal,
    /// Any position: at most 13 cards in each hand (a trick may be in progress).
    Any,
}

/// Why a PBN deal could not be read. `at` is a byte offset into the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum PbnError {
    /// Nothing but white space.
    Empty,
    /// The first character names no seat (`N`, `E`, `S`, `W`).
    BadSeat {
        /// The character found.
        ch: char,
        /// Where.
        at: usize,
    },
    /// The seat is not followed by `:`.
    MissingColon {
        /// Where the colon should be.
        at: usize,
    },
    /// Not four hands.
    HandCount {
        /// How many hands were found (5 means "more than four").
        found: u8,
        /// Where the missing hand should start, or where the extra one starts.
        at: usize,
    },
    /// A hand without exactly four dot-separated suits.
    SuitCount {
        /// Whose hand.
        seat: Seat,
        /// How many suits it has.
        found: u8,
        /// Where the hand starts.
        at: usize,
    },
    /// A character that is no rank.
    BadRank {
        /// Whose hand.
        seat: Seat,
        /// The character.
        ch: char,
        /// Where.
        at: usize,
    },
    /// A card given a second time (in the same hand or another).
    Duplicate {
        /// The card.
        card: Card,
        /// Where it appears again.
        at: usize,
    },
    /// A hand of the wrong size for the [`SizeRule`] (51 or 53 cards in a deal end here or
    /// at [`PbnError::Duplicate`]).
    HandSize {
        /// Whose hand.
        seat: Seat,
        /// Its number of cards.
        found: u8,
        /// The size wanted (the most allowed, for [`SizeRule::Any`]).
        expected: u8,
    },
}

impl PbnError {
    /// The byte offset into the input the error points at, where it has one.
    #[must_use]
    pub const fn at(&self) -> Option<usize> {
        match *self {
            PbnError::Empty | PbnError::HandSize { .. } => None,
            PbnError::BadSeat { at, .. }
            | PbnError::MissingColon { at }
            | PbnError::HandCount { at, .. }
            | PbnError::SuitCount { at, .. }
            | PbnError::BadRank { at, .. }
            | PbnError::Duplicate { at, .. } => Some(at),
        }
    }
}

impl fmt::Display for PbnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PbnError::Empty => f.write_str("empty PBN deal"),
            PbnError::BadSeat { ch, at } => {
                write!(
                    f,
                    "PBN deal: {ch:?} at byte {at} is no seat (want N, E, S or W)"
                )
            }
            PbnError::MissingColon { at } => {
                write!(
                    f,
                    "PBN deal: expected ':' after the first seat, at byte {at}"
                )
            }
            PbnError::HandCount { found, at } if found > 4 => {
                write!(f, "PBN deal: more than four hands (fifth at byte {at})")
            }
            PbnError::HandCount { found, at } => {
                write!(f, "PBN deal: {found} hands, want 4 (missing at byte {at})")
            }
            PbnError::SuitCount { seat, found, at } => write!(
                f,
                "PBN deal: {seat} hand at byte {at} has {found} suit{}, want 4 separated by dots",
                if found == 1 { "" } else { "s" }
            ),
            PbnError::BadRank { seat, ch, at } => write!(
                f,
                "PBN deal: unknown rank {ch:?} in {seat} hand at byte {at} (want AKQJT98765432)"
            ),
            PbnError::Duplicate { card, at } => {
                write!(f, "PBN deal: duplicate card {card} at byte {at}")
            }
            PbnError::HandSize {
                seat,
                found,
                expected,
            } => {
                write!(
                    f,
                    "PBN deal: {seat} hand has {found} cards, want {expected}"
                )
            }
        }
    }
}

impl core::error::Error for PbnError {}

/// Reads a PBN deal string, checking hand sizes by `rule`; see the [module](self) docs.
pub fn parse(s: &str, rule: SizeRule) -> Result<Deal, PbnError> {
    let mut chars = s.char_indices().skip_while(|(_, c)| c.is_whitespace());
    let (at, ch) = chars.next().ok_or(PbnError::Empty)?;
    let first = Seat::from_char(ch).ok_or(PbnError::BadSeat { ch, at })?;
    let colon = at + ch.len_utf8();
    if s.get(colon..).is_none_or(|rest| !rest.starts_with(':')) {
        return Err(PbnError::MissingColon { at: colon });
    }
    let body_at = colon + 1;
    let body = s.get(body_at..).unwrap_or_default();

    let mut hands = BySeat::<Cards>::default();
    let mut seen = Cards::EMPTY;
    let mut count = 0u8;
    for (offset, word) in words(body, char::is_whitespace) {
        let at = body_at + offset;
        let Some(&seat) = Seat::ALL
            .get(usize::from((first as u8 + count) % 4))
            .filter(|_| count < 4)
        else {
            return Err(PbnError::HandCount { found: 5, at });
        };
        hands[seat] = parse_hand(word, at, seat, &mut seen)?;
        count += 1;
    }
    if count < 4 {
        return Err(PbnError::HandCount {
            found: count,
            at: s.len(),
        });
    }

    let expected = match rule {
        SizeRule::Full | SizeRule::Any => 13,
        // The size most hands have (the first hand's among equals), so that the odd hand out is
        // the one blamed: North with 12 cards beside three of 13 is North's error.
        SizeRule::Equal => {
            let size = |i: u8| hands[first.offset(i)].len();
            let mut best = (0usize, size(0));
            for i in 0..4u8 {
                let n = (0..4u8).filter(|&j| size(j) == size(i)).count();
                if n > best.0 {
                    best = (n, size(i));
                }
            }
            best.1 as u8
        }
    };
    for offset in 0..4 {
        let seat = first.offset(offset);
        let found = hands[seat].len() as u8;
        let bad = match rule {
            SizeRule::Full | SizeRule::Equal => found != expected,
            SizeRule::Any => found > expected,
        };
        if bad || found > 13 {
            return Err(PbnError::HandSize {
                seat,
                found,
                expected: expected.min(13),
            });
        }
    }
    // The hands were built disjoint card by card.
    Deal::from_hands(hands).map_err(|o| PbnError::Duplicate {
        card: o.card,
        at: 0,
    })
}

/// One PBN hand on its own, `AKQ.JT9.876.5432` (or `-` for an empty hand), of at most 13
/// cards; `seat` is named in the errors.
pub fn hand(s: &str, seat: Seat) -> Result<Cards, PbnError> {
    let trimmed = s.trim();
    let at = s.len() - s.trim_start().len();
    if trimmed.is_empty() {
        return Err(PbnError::Empty);
    }
    let mut seen = Cards::EMPTY;
    let hand = parse_hand(trimmed, at, seat, &mut seen)?;
    if hand.len() > 13 {
        return Err(PbnError::HandSize {
            seat,
            found: hand.len() as u8,
            expected: 13,
        });
    }
    Ok(hand)
}

/// One hand, `AKQ.JT9.876.5432` or `-`, starting at byte `at`; adds its cards to `seen`.
fn parse_hand(word: &str, at: usize, seat: Seat, seen: &mut Cards) -> Result<Cards, PbnError> {
    let mut hand = Cards::EMPTY;
    if word == "-" {
        return Ok(hand);
    }
    let suits = word.split('.').count();
    if suits != 4 {
        let found = u8::try_from(suits).unwrap_or(u8::MAX);
        return Err(PbnError::SuitCount { seat, found, at });
    }
    let mut pos = at;
    for (part, suit) in word.split('.').zip(Suit::PBN_ORDER) {
        if part != "-" {
            for (i, ch) in part.char_indices() {
                let rank = Rank::from_char(ch).ok_or(PbnError::BadRank {
                    seat,
                    ch,
                    at: pos + i,
                })?;
                let card = Card::new(suit, rank);
                if !seen.insert(card) {
                    return Err(PbnError::Duplicate { card, at: pos + i });
                }
                hand.insert(card);
            }
        }
        pos += part.len() + 1;
    }
    Ok(hand)
}

impl Deal {
    /// A display adapter writing the deal as PBN starting from `first`; see [`Pbn`].
    pub const fn pbn(&self, first: Seat) -> Pbn<'_> {
        Pbn::new(self, first)
    }
}

impl core::str::FromStr for Deal {
    type Err = PbnError;

    /// Reads a full PBN deal (13 cards in every hand); see [`parse`] for part-played ones.
    fn from_str(s: &str) -> Result<Deal, PbnError> {
        parse(s, SizeRule::Full)
    }
}

impl fmt::Display for Deal {
    /// PBN from North, voids empty: `N:AKQ.JT9.876.5432 ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.pbn(Seat::North), f)
    }
}

/// Writes a [`Deal`] as a PBN deal string from a chosen first seat; see [`Deal::pbn`].
///
/// Voids are written as nothing (`AKQ..876.5432`, the PBN standard and what DDS reads) unless
/// [`void_dash`](Pbn::void_dash) asks for `-`.
#[derive(Clone, Copy, Debug)]
pub struct Pbn<'a> {
    deal: &'a Deal,
    first: Seat,
    void_dash: bool,
}

impl<'a> Pbn<'a> {
    /// The deal written from `first`, voids empty.
    pub const fn new(deal: &'a Deal, first: Seat) -> Pbn<'a> {
        Pbn {
            deal,
            first,
            void_dash: false,
        }
    }

    /// Writes voids as `-` when `dash` is set.
    #[must_use]
    pub const fn void_dash(self, dash: bool) -> Pbn<'a> {
        Pbn {
            void_dash: dash,
            ..self
        }
    }
}

impl fmt::Display for Pbn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.first.char())?;
        for i in 0..4 {
            if i > 0 {
                f.write_str(" ")?;
            }
            let hand = self.deal.hand(self.first.offset(i));
            write!(f, "{}", hand.pbn_hand(self.void_dash))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "W:AKQ.JT9.876.5432 JT98.AKQ.5432.76 765.8765.AKQ.AKQ 432.432.JT9.JT98";

    fn text(p: Pbn<'_>) -> heapless::String<80> {
        let mut s = heapless::String::new();
        core::fmt::write(&mut s, format_args!("{p}")).unwrap();
        s
    }

    #[test]
    fn full_deal_round_trip() {
        let d: Deal = DEAL.parse().unwrap();
        assert_eq!(
            d.hand(Seat::West),
            "SA SK SQ HJ HT H9 D8 D7 D6 C5 C4 C3 C2".parse().unwrap()
        );
        assert_eq!(d.hand(Seat::North).count_in(Suit::Spades), 4);
        assert_eq!(text(d.pbn(Seat::West)), DEAL);
        let from_north = text(d.pbn(Seat::North));
        assert!(from_north.starts_with("N:JT98.AKQ.5432.76 "));
        assert_eq!(parse(&from_north, SizeRule::Full), Ok(d));
    }

    #[test]
    fn voids_and_positions() {
        let s = "N:AKQJT98765432... - - -";
        let d = parse(s, SizeRule::Any).unwrap();
        assert_eq!(d.hand(Seat::North).len(), 13);
        assert_eq!(d.hand(Seat::East), Cards::EMPTY);
        assert_eq!(text(d.pbn(Seat::North)), "N:AKQJT98765432... ... ... ...");
        assert_eq!(
            text(d.pbn(Seat::North).void_dash(true)),
            "N:AKQJT98765432.-.-.- -.-.-.- -.-.-.- -.-.-.-"
        );
        assert_eq!(parse("N:AKQJT98765432.-.-.- - - -", SizeRule::Any), Ok(d));
        let ending = parse("  s:AK.-.-.- QJ... T9... 87...  ", SizeRule::Equal).unwrap();
        assert_eq!(ending.hand(Seat::South), "SA SK".parse().unwrap());
        assert_eq!(ending.hand(Seat::East).len(), 2);
        assert_eq!(
            parse("E:a.k.q.j t.9.8.7 6.5.4.3 2.2.2.2", SizeRule::Equal).map(|d| d.cards().len()),
            Ok(16)
        );
    }

    #[test]
    fn one_hand_alone() {
        let h = hand(" KQT2.853.AJ9.742", Seat::West).unwrap();
        assert_eq!(h.len(), 13);
        assert_eq!(hand("-", Seat::West).unwrap(), Cards::EMPTY);
        assert_eq!(
            hand(" KQX2.853.AJ9.742", Seat::West),
            Err(PbnError::BadRank {
                seat: Seat::West,
                ch: 'X',
                at: 3
            })
        );
        assert!(matches!(
            hand("KQ.8", Seat::North),
            Err(PbnError::SuitCount { found: 2, .. })
        ));
        assert!(matches!(
            hand("KK...", Seat::North),
            Err(PbnError::Duplicate { at: 1, .. })
        ));
        assert_eq!(hand(" ", Seat::North), Err(PbnError::Empty));
    }

    /// Found by the `pbn_deal` fuzz target: a lone hand of more than 13 cards was accepted.
    #[test]
    fn a_lone_hand_has_at_most_13_cards() {
        assert_eq!(
            hand("AJ9732.97.T76.AJ9732", Seat::West),
            Err(PbnError::HandSize {
                seat: Seat::West,
                found: 17,
                expected: 13
            })
        );
        assert_eq!(
            hand("AKQJT98765432...", Seat::North).map(Cards::len),
            Ok(13)
        );
    }

    #[test]
    fn errors_say_what_and_where() {
        assert_eq!(parse("   ", SizeRule::Full), Err(PbnError::Empty));
        assert_eq!(
            parse("X:...", SizeRule::Full),
            Err(PbnError::BadSeat { ch: 'X', at: 0 })
        );
        assert_eq!(
            parse("W AKQ", SizeRule::Full),
            Err(PbnError::MissingColon { at: 1 })
        );
        assert_eq!(
            parse("W", SizeRule::Full),
            Err(PbnError::MissingColon { at: 1 })
        );
        assert_eq!(
            parse("W:AKQ.JT9.876.5432", SizeRule::Full),
            Err(PbnError::HandCount { found: 1, at: 18 })
        );
        assert_eq!(
            parse("W:... ... ... ... ...", SizeRule::Any),
            Err(PbnError::HandCount { found: 5, at: 18 })
        );
        assert_eq!(
            parse("W:AKQ.JT9.876 ... ... ...", SizeRule::Any),
            Err(PbnError::SuitCount {
                seat: Seat::West,
                found: 3,
                at: 2
            })
        );
        // Unknown rank, with its seat and position.
        let bad = DEAL.replace("JT98.AKQ", "JT98.AKX");
        assert_eq!(
            parse(&bad, SizeRule::Full),
            Err(PbnError::BadRank {
                seat: Seat::North,
                ch: 'X',
                at: 26
            })
        );
        // 53 cards: a duplicate, named where it appears again.
        let dup = DEAL.replacen("W:AKQ.", "W:AKQA.", 1);
        let sa = Card::new(Suit::Spades, Rank::Ace);
        assert_eq!(
            parse(&dup, SizeRule::Full),
            Err(PbnError::Duplicate { card: sa, at: 5 })
        );
        let dup_across = DEAL.replacen(".5432 ", ".5432A ", 1);
        let ca = Card::new(Suit::Clubs, Rank::Ace);
        assert_eq!(
            parse(&dup_across, SizeRule::Full),
            Err(PbnError::Duplicate { card: ca, at: 50 })
        );
        // 51 cards: one hand short.
        let short = DEAL.replace(" 432.432.JT9.JT98", " 432.432.JT9.JT9");
        assert_eq!(
            parse(&short, SizeRule::Full),
            Err(PbnError::HandSize {
                seat: Seat::South,
                found: 12,
                expected: 13
            })
        );
        // The odd hand out is blamed, not the hands that agree with each other.
        assert_eq!(
            parse("N:AK... Q... J... T...", SizeRule::Equal),
            Err(PbnError::HandSize {
                seat: Seat::North,
                found: 2,
                expected: 1
            })
        );
        let north_short = "N:KQJT98.765.432. A72.AKQ.AKQ.AKQ2 543.JT98.JT9.JT9 6.432.8765.87654";
        assert_eq!(
            parse(north_short, SizeRule::Equal),
            Err(PbnError::HandSize {
                seat: Seat::North,
                found: 12,
                expected: 13
            })
        );
        assert_eq!(
            parse("N:AKQJT98765432.A.. - - -", SizeRule::Any),
            Err(PbnError::HandSize {
                seat: Seat::North,
                found: 14,
                expected: 13
            })
        );
    }
}
