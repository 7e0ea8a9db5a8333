//! What is known of the unseen hands: [`HandConstraint`]s of high-card points and suit lengths,
//! one per seat ([`Constraints`]), and their text form.
//!
//! A bidding sequence tells the opening leader ranges, not cards: "South has 15-17 points and
//! two to four spades, North 8-15". The text form says exactly that, seat by seat:
//!
//! ```text
//! S: 15-17 hcp, 2-4 S; N: 8-15 hcp
//! ```
//!
//! Clauses are separated by `;`; each names a seat (`N`, `E`, `S`, `W`), a colon, then items
//! separated by `,`. An item is a count and a unit: the count is `n` (exactly), `n-m`
//! (inclusive) or `n+` (at least); the unit is `hcp` (high-card points: ace 4, king 3, queen 2,
//! jack 1) or a suit letter (`S`, `H`, `D`, `C`: the length of that suit). Letters may be in
//! either case and spaces may go anywhere between tokens. A seat may have several clauses, but
//! each unit once per seat. The empty string constrains nothing.

use core::fmt;
use core::str::FromStr;

use super::seat::{BySeat, Seat};
use crate::card::{Rank, Suit};
use crate::cards::Cards;

/// The most high-card points a hand can hold (four aces, kings, queens, jacks: 40), and a
/// 13-card hand at most 37.
pub const MAX_HCP: u8 = 40;

/// The high-card points of `hand`: ace 4, king 3, queen 2, jack 1 (Milton Work's count).
#[must_use]
pub fn high_card_points(hand: Cards) -> u8 {
    let count = |r: Rank| (hand & Cards::rank(r)).len() as u8;
    4 * count(Rank::Ace) + 3 * count(Rank::King) + 2 * count(Rank::Queen) + count(Rank::Jack)
}

/// An inclusive range `min ..= max` of a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Span {
    /// The least allowed.
    pub min: u8,
    /// The most allowed.
    pub max: u8,
}

impl Span {
    /// `min ..= max`; `None` if `min > max`.
    #[must_use]
    pub const fn new(min: u8, max: u8) -> Option<Span> {
        if min <= max {
            Some(Span { min, max })
        } else {
            None
        }
    }

    /// Whether `n` is in the range.
    #[must_use]
    pub const fn contains(self, n: u8) -> bool {
        self.min <= n && n <= self.max
    }
}

/// What one hand must satisfy: a range of high-card points and a range of length per suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct HandConstraint {
    /// High-card points ([`high_card_points`]). Default `0-40`.
    pub hcp: Span,
    /// The length of each suit, indexed by [`Suit::index`] (clubs first). Default `0-13`.
    pub length: [Span; 4],
}

impl HandConstraint {
    /// No constraint at all.
    pub const ANY: HandConstraint = HandConstraint {
        hcp: Span {
            min: 0,
            max: MAX_HCP,
        },
        length: [Span { min: 0, max: 13 }; 4],
    };

    /// Whether `hand` satisfies the constraint.
    #[must_use]
    pub fn holds(&self, hand: Cards) -> bool {
        if *self == HandConstraint::ANY {
            return true;
        }
        Suit::ALL
            .iter()
            .zip(self.length)
            .all(|(&s, span)| span.contains(hand.count_in(s) as u8))
            && self.hcp.contains(high_card_points(hand))
    }

    /// Whether the constraint excludes nothing.
    #[must_use]
    pub fn is_any(&self) -> bool {
        *self == HandConstraint::ANY
    }
}

impl Default for HandConstraint {
    fn default() -> Self {
        HandConstraint::ANY
    }
}

/// One [`HandConstraint`] per seat; parses from and prints as text: clauses `SEAT: ITEM, ITEM`
/// separated by `;`, an item a count (`n`, `n-m`, `n+`) and a unit (`hcp`, or a suit letter for
/// that suit's length), e.g. `S: 15-17 hcp, 2-4 S; N: 8-15 hcp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Constraints(pub BySeat<HandConstraint>);

impl Constraints {
    /// No constraint on any seat.
    pub const NONE: Constraints = Constraints(BySeat([HandConstraint::ANY; 4]));

    /// The constraint on `seat`.
    #[must_use]
    pub fn of(&self, seat: Seat) -> &HandConstraint {
        &self.0[seat]
    }
}

/// Where a constraint string went wrong and why; `at` is a byte offset into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ParseConstraintsError {
    /// The byte offset of the fault.
    pub at: usize,
    /// What is wrong there.
    pub kind: ConstraintErrorKind,
}

/// The kinds of [`ParseConstraintsError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum ConstraintErrorKind {
    /// Not a seat letter where a clause starts.
    ExpectedSeat,
    /// No `:` after the seat.
    ExpectedColon,
    /// No number where a count starts.
    ExpectedCount,
    /// No `hcp` or suit letter after a count.
    ExpectedUnit,
    /// Something other than `,`, `;` or the end after an item.
    ExpectedSeparator,
    /// A count larger than the unit allows (40 points, 13 cards).
    TooLarge {
        /// The largest allowed.
        max: u8,
    },
    /// A range whose low end is above its high end.
    EmptyRange,
    /// The same unit twice for one seat.
    Repeated,
}

impl fmt::Display for ConstraintErrorKind {
    /// What is wrong, without where (a host that shows the place its own way prints this).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match *self {
            ConstraintErrorKind::ExpectedSeat => "expected a seat (N, E, S or W)",
            ConstraintErrorKind::ExpectedColon => "expected ':' after the seat",
            ConstraintErrorKind::ExpectedCount => "expected a count (n, n-m or n+)",
            ConstraintErrorKind::ExpectedUnit => "expected 'hcp' or a suit letter (S, H, D, C)",
            ConstraintErrorKind::ExpectedSeparator => "expected ',' or ';' between items",
            ConstraintErrorKind::TooLarge { max } => {
                return write!(f, "count too large (at most {max})");
            }
            ConstraintErrorKind::EmptyRange => "range from high to low",
            ConstraintErrorKind::Repeated => "this unit is already constrained for the seat",
        };
        f.write_str(what)
    }
}

impl fmt::Display for ParseConstraintsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind, self.at)
    }
}

impl core::error::Error for ParseConstraintsError {}

/// A cursor over the text with the offset of every token.
struct Cursor<'a> {
    s: &'a str,
    at: usize,
}

impl Cursor<'_> {
    fn skip_spaces(&mut self) {
        while let Some(c) = self.peek() {
            if !c.is_whitespace() {
                break;
            }
            self.at += c.len_utf8();
        }
    }

    fn peek(&self) -> Option<char> {
        self.s.get(self.at..).and_then(|r| r.chars().next())
    }

    /// The next character after spaces, consumed if `want` accepts it.
    fn eat(&mut self, want: impl Fn(char) -> bool) -> Option<char> {
        self.skip_spaces();
        let c = self.peek().filter(|&c| want(c))?;
        self.at += c.len_utf8();
        Some(c)
    }

    fn fail(&self, kind: ConstraintErrorKind) -> ParseConstraintsError {
        ParseConstraintsError { at: self.at, kind }
    }

    /// A decimal number of at most three digits (larger is [`ConstraintErrorKind::TooLarge`]).
    fn number(&mut self) -> Result<(usize, u16), ParseConstraintsError> {
        self.skip_spaces();
        let start = self.at;
        let mut n: u16 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(d as u16);
            self.at += 1;
        }
        if self.at == start {
            return Err(self.fail(ConstraintErrorKind::ExpectedCount));
        }
        Ok((start, n))
    }

    /// A count: `n`, `n-m` or `n+` (high end `None`: the unit's maximum).
    fn count(&mut self) -> Result<(usize, u16, Option<u16>), ParseConstraintsError> {
        let (start, lo) = self.number()?;
        if self.eat(|c| c == '-').is_some() {
            let (_, hi) = self.number()?;
            Ok((start, lo, Some(hi)))
        } else if self.eat(|c| c == '+').is_some() {
            Ok((start, lo, None))
        } else {
            Ok((start, lo, Some(lo)))
        }
    }

    /// `hcp` (any case) or a suit letter; `None` for hcp. The unit is the whole run of
    /// letters, so `hcq` is an error rather than hearts followed by junk.
    fn unit(&mut self) -> Result<Option<Suit>, ParseConstraintsError> {
        self.skip_spaces();
        let rest = self.s.get(self.at..).unwrap_or("");
        let len = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let word = rest.get(..len).unwrap_or("");
        let unit = if word.eq_ignore_ascii_case("hcp") {
            None
        } else {
            let mut chars = word.chars();
            match (chars.next().and_then(Suit::from_char), chars.next()) {
                (Some(suit), None) => Some(suit),
                _ => return Err(self.fail(ConstraintErrorKind::ExpectedUnit)),
            }
        };
        self.at += len;
        Ok(unit)
    }
}

impl FromStr for Constraints {
    type Err = ParseConstraintsError;

    fn from_str(s: &str) -> Result<Constraints, ParseConstraintsError> {
        let mut out = Constraints::NONE;
        let mut cur = Cursor { s, at: 0 };
        cur.skip_spaces();
        if cur.peek().is_none() {
            return Ok(out);
        }
        // Which units each seat has had: bit 4 for hcp, bit `suit` for a length.
        let mut seen = BySeat([0u8; 4]);
        loop {
            let seat = cur
                .eat(|c| Seat::from_char(c).is_some())
                .and_then(Seat::from_char)
                .ok_or_else(|| cur.fail(ConstraintErrorKind::ExpectedSeat))?;
            cur.eat(|c| c == ':')
                .ok_or_else(|| cur.fail(ConstraintErrorKind::ExpectedColon))?;
            loop {
                let (start, lo, hi) = cur.count()?;
                let unit = cur.unit()?;
                let (max, bit) = match unit {
                    None => (MAX_HCP, 4),
                    Some(suit) => (13, suit.index()),
                };
                let err = |kind| ParseConstraintsError { at: start, kind };
                let hi = hi.unwrap_or(u16::from(max));
                if lo.max(hi) > u16::from(max) {
                    return Err(err(ConstraintErrorKind::TooLarge { max }));
                }
                let span =
                    Span::new(lo as u8, hi as u8).ok_or(err(ConstraintErrorKind::EmptyRange))?;
                if seen[seat] & (1 << bit) != 0 {
                    return Err(err(ConstraintErrorKind::Repeated));
                }
                seen[seat] |= 1 << bit;
                let target = &mut out.0[seat];
                match unit {
                    None => target.hcp = span,
                    Some(suit) => {
                        if let Some(slot) = target.length.get_mut(suit.index()) {
                            *slot = span;
                        }
                    }
                }
                cur.skip_spaces();
                match cur.peek() {
                    Some(',') => cur.at += 1,
                    Some(';') | None => break,
                    Some(_) => return Err(cur.fail(ConstraintErrorKind::ExpectedSeparator)),
                }
            }
            if cur.eat(|c| c == ';').is_some() {
                cur.skip_spaces();
                if cur.peek().is_none() {
                    return Ok(out);
                }
                continue;
            }
            return Ok(out);
        }
    }
}

impl fmt::Display for Constraints {
    /// The text form, seats clockwise from North, each unit once: hcp first, then suits from
    /// spades down; `n` for a single count, `n+` for a range up to the unit's maximum. Parsing
    /// the output gives the same constraints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first_clause = true;
        for (seat, c) in self.0.iter() {
            if c.is_any() {
                continue;
            }
            if !first_clause {
                f.write_str("; ")?;
            }
            first_clause = false;
            write!(f, "{seat}:")?;
            let mut first_item = true;
            let mut item = |f: &mut fmt::Formatter<'_>, span: Span, max: u8, unit| {
                if span == (Span { min: 0, max }) {
                    return Ok(());
                }
                f.write_str(if first_item { " " } else { ", " })?;
                first_item = false;
                if span.min == span.max {
                    write!(f, "{} {unit}", span.min)
                } else if span.max == max {
                    write!(f, "{}+ {unit}", span.min)
                } else {
                    write!(f, "{}-{} {unit}", span.min, span.max)
                }
            };
            item(f, c.hcp, MAX_HCP, "hcp")?;
            for suit in Suit::PBN_ORDER {
                if let Some(&span) = c.length.get(suit.index()) {
                    let letter = match suit {
                        Suit::Spades => "S",
                        Suit::Hearts => "H",
                        Suit::Diamonds => "D",
                        Suit::Clubs => "C",
                    };
                    item(f, span, 13, letter)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::shown;

    fn parse(s: &str) -> Result<Constraints, ParseConstraintsError> {
        s.parse()
    }

    #[test]
    fn the_issue_example_parses_and_prints_back() {
        let c = parse("S: 15-17 hcp, 2-4 S; N: 8-15 hcp").unwrap();
        assert_eq!(c.of(Seat::South).hcp, Span { min: 15, max: 17 });
        assert_eq!(
            c.of(Seat::South).length[Suit::Spades.index()],
            Span { min: 2, max: 4 }
        );
        assert_eq!(c.of(Seat::North).hcp, Span { min: 8, max: 15 });
        assert!(c.of(Seat::East).is_any() && c.of(Seat::West).is_any());
        assert_eq!(shown(c), "N: 8-15 hcp; S: 15-17 hcp, 2-4 S");
        assert_eq!(parse(&shown(c)).unwrap(), c);
        let d = parse(" e:5+h,0 c ;w : 12 HCP ; s:6+ s; ").unwrap();
        assert_eq!(shown(d), "E: 5+ H, 0 C; S: 6+ S; W: 12 hcp");
        assert_eq!(parse("").unwrap(), Constraints::NONE);
        assert_eq!(parse("  ").unwrap(), Constraints::NONE);
        assert_eq!(shown(Constraints::NONE), "");
    }

    #[test]
    fn errors_point_at_the_fault() {
        let at = |s: &str| parse(s).map(|_| ()).unwrap_err();
        let e = |at, kind| ParseConstraintsError { at, kind };
        use ConstraintErrorKind as K;
        assert_eq!(at("X: 1 hcp"), e(0, K::ExpectedSeat));
        assert_eq!(at("S 15 hcp"), e(2, K::ExpectedColon));
        assert_eq!(at("S: hcp"), e(3, K::ExpectedCount));
        assert_eq!(at("S: 15-17 hcq"), e(9, K::ExpectedUnit));
        assert_eq!(at("S: 15-17 hcp 2-4 S"), e(13, K::ExpectedSeparator));
        assert_eq!(at("S: 15-41 hcp"), e(3, K::TooLarge { max: 40 }));
        assert_eq!(at("S: 14 S"), e(3, K::TooLarge { max: 13 }));
        assert_eq!(at("S: 99999999999 S"), e(3, K::TooLarge { max: 13 }));
        assert_eq!(at("S: 17-15 hcp"), e(3, K::EmptyRange));
        assert_eq!(at("S: 1 hcp; S: 2 hcp"), e(13, K::Repeated));
        assert_eq!(at("S: 1-"), e(5, K::ExpectedCount));
        assert_eq!(at("S: 1 hcp;;"), e(9, K::ExpectedSeat));
        assert!(shown(at("S: 15-17 hcq")).contains("at byte 9"));
    }

    #[test]
    fn points_and_lengths_hold() {
        let hand: Cards = "SA SK SQ SJ HA C2".parse().unwrap();
        assert_eq!(high_card_points(hand), 14);
        assert_eq!(high_card_points(Cards::ALL), MAX_HCP);
        let c = parse("N: 14 hcp, 4 S, 1-2 H, 0 D").unwrap();
        assert!(c.of(Seat::North).holds(hand));
        assert!(
            !c.of(Seat::North).holds(
                hand.without("C2".parse().unwrap())
                    .with("D2".parse().unwrap())
            )
        );
        assert!(HandConstraint::ANY.holds(hand));
    }
}
