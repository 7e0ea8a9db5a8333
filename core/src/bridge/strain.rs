//! [`Strain`]: the trump suit of a deal, or no trump.

use core::fmt;
use core::str::FromStr;

use crate::card::{OutOfRange, Suit};

/// The denomination a deal is played in: a trump suit or no trump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Strain {
    /// Clubs are trumps.
    Clubs = 0,
    /// Diamonds are trumps.
    Diamonds = 1,
    /// Hearts are trumps.
    Hearts = 2,
    /// Spades are trumps.
    Spades = 3,
    /// No trump.
    NoTrump = 4,
}

impl Strain {
    /// All strains, clubs first, no trump last.
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    /// The trump suit, or `None` at no trump.
    #[must_use]
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Strain::Clubs => Some(Suit::Clubs),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::Spades => Some(Suit::Spades),
            Strain::NoTrump => None,
        }
    }

    /// The strain with `suit` as trumps.
    #[must_use]
    pub const fn with_trump(suit: Suit) -> Strain {
        match suit {
            Suit::Clubs => Strain::Clubs,
            Suit::Diamonds => Strain::Diamonds,
            Suit::Hearts => Strain::Hearts,
            Suit::Spades => Strain::Spades,
        }
    }
}

impl TryFrom<u8> for Strain {
    type Error = OutOfRange;
    fn try_from(v: u8) -> Result<Self, OutOfRange> {
        Strain::ALL
            .get(usize::from(v))
            .copied()
            .ok_or(OutOfRange { value: v })
    }
}

impl fmt::Display for Strain {
    /// `C`, `D`, `H`, `S` or `NT`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.trump() {
            Some(s) => write!(f, "{}", s.char()),
            None => f.write_str("NT"),
        }
    }
}

/// A string that names no strain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ParseStrainError;

impl fmt::Display for ParseStrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown strain (want NT, S, H, D or C)")
    }
}

impl core::error::Error for ParseStrainError {}

impl FromStr for Strain {
    type Err = ParseStrainError;

    /// `NT` (also `N`, `NOTRUMP`), `S`, `H`, `D`, `C`, either case.
    fn from_str(s: &str) -> Result<Strain, ParseStrainError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("nt")
            || t.eq_ignore_ascii_case("n")
            || t.eq_ignore_ascii_case("notrump")
        {
            return Ok(Strain::NoTrump);
        }
        let mut chars = t.chars();
        match (chars.next().and_then(Suit::from_char), chars.next()) {
            (Some(suit), None) => Ok(Strain::with_trump(suit)),
            _ => Err(ParseStrainError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        for s in Strain::ALL {
            let mut buf = heapless::String::<4>::new();
            core::fmt::write(&mut buf, format_args!("{s}")).unwrap();
            assert_eq!(buf.parse::<Strain>(), Ok(s));
        }
        assert_eq!("nt".parse::<Strain>(), Ok(Strain::NoTrump));
        assert_eq!(" h ".parse::<Strain>(), Ok(Strain::Hearts));
        assert_eq!("X".parse::<Strain>(), Err(ParseStrainError));
        assert_eq!("SS".parse::<Strain>(), Err(ParseStrainError));
        assert_eq!(Strain::try_from(5), Err(OutOfRange { value: 5 }));
    }
}
