//! Bridge seats, [`Seat`], and a per-seat container, [`BySeat`].

use core::fmt;
use core::ops::{Index, IndexMut};
use core::str::FromStr;

use crate::card::OutOfRange;
use crate::game::Side;

/// A seat at the bridge table, clockwise from North.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Seat {
    /// North, `N`.
    North = 0,
    /// East, `E`.
    East = 1,
    /// South, `S`.
    South = 2,
    /// West, `W`.
    West = 3,
}

impl Seat {
    /// All seats clockwise from North.
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// The seat `n` places clockwise from this one.
    #[must_use]
    pub const fn offset(self, n: u8) -> Seat {
        Seat::ALL[((self as u8 + n % 4) % 4) as usize]
    }

    /// The next seat clockwise (the next to play in a trick).
    #[must_use]
    pub const fn next(self) -> Seat {
        self.offset(1)
    }

    /// The partner, across the table.
    #[must_use]
    pub const fn partner(self) -> Seat {
        self.offset(2)
    }

    /// The seat's partnership as a game [`Side`]: North-South is side 0, East-West side 1.
    #[must_use]
    pub const fn side(self) -> Side {
        Side(self as u8 & 1)
    }

    /// The seat's letter: `N`, `E`, `S` or `W`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Seat::North => 'N',
            Seat::East => 'E',
            Seat::South => 'S',
            Seat::West => 'W',
        }
    }

    /// The seat's name: `North`, `East`, `South` or `West`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Seat::North => "North",
            Seat::East => "East",
            Seat::South => "South",
            Seat::West => "West",
        }
    }

    /// The seat of a letter (either case), if it names one.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Seat> {
        match c {
            'N' | 'n' => Some(Seat::North),
            'E' | 'e' => Some(Seat::East),
            'S' | 's' => Some(Seat::South),
            'W' | 'w' => Some(Seat::West),
            _ => None,
        }
    }
}

impl TryFrom<u8> for Seat {
    type Error = OutOfRange;
    fn try_from(v: u8) -> Result<Self, OutOfRange> {
        match v {
            0..=3 => Ok(Seat::ALL[v as usize]),
            _ => Err(OutOfRange { value: v }),
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A text that names no seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ParseSeatError;

impl fmt::Display for ParseSeatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown seat (want N, E, S or W)")
    }
}

impl core::error::Error for ParseSeatError {}

impl FromStr for Seat {
    type Err = ParseSeatError;

    /// A seat's letter, `N`, `E`, `S` or `W`, or its name (`North`, ...), either case, space
    /// around it ignored: the one parser of seats every door uses.
    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        let t = s.trim();
        let mut chars = t.chars();
        match (chars.next().and_then(Seat::from_char), chars.next()) {
            (Some(seat), None) => Ok(seat),
            _ => Seat::ALL
                .into_iter()
                .find(|seat| t.eq_ignore_ascii_case(seat.name()))
                .ok_or(ParseSeatError),
        }
    }
}

/// One `T` per seat, indexed by [`Seat`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    /// Builds the container from a function of the seat.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat([f(Seat::North), f(Seat::East), f(Seat::South), f(Seat::West)])
    }

    /// The seats with their values, North first.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Seat, &T)> + DoubleEndedIterator {
        Seat::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat as usize]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_and_sides() {
        assert_eq!(Seat::West.next(), Seat::North);
        assert_eq!(Seat::East.partner(), Seat::West);
        assert_eq!(Seat::North.side(), Seat::South.side());
        assert_ne!(Seat::North.side(), Seat::East.side());
        assert_eq!(Seat::try_from(4), Err(OutOfRange { value: 4 }));
        let b = BySeat::from_fn(|s| s as u8 * 2);
        assert_eq!(b[Seat::West], 6);
        assert_eq!(b.iter().map(|(_, v)| *v).sum::<u8>(), 12);
    }

    #[test]
    fn a_seat_reads_by_letter_or_name() {
        for seat in Seat::ALL {
            let mut letter = [0u8; 4];
            assert_eq!(seat.char().encode_utf8(&mut letter).parse(), Ok(seat));
            assert_eq!(seat.name().parse(), Ok(seat));
        }
        assert_eq!(" w ".parse(), Ok(Seat::West));
        assert_eq!("NORTH".parse(), Ok(Seat::North));
        for bad in ["", "X", "NS", "Nord", "N\u{0}"] {
            assert_eq!(bad.parse::<Seat>(), Err(ParseSeatError), "{bad:?}");
        }
    }
}
