//! A single playing card: [`Suit`], [`Rank`] and [`Card`] (one byte).

use core::fmt;
use core::str::FromStr;

use crate::blank::Blank;

/// One of the four suits, in bridge order from lowest (clubs) to highest (spades).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Suit {
    /// Clubs, `C`.
    Clubs = 0,
    /// Diamonds, `D`.
    Diamonds = 1,
    /// Hearts, `H`.
    Hearts = 2,
    /// Spades, `S`.
    Spades = 3,
}

impl Suit {
    /// All suits from lowest to highest.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    /// All suits in the order a PBN hand lists them: spades, hearts, diamonds, clubs.
    pub const PBN_ORDER: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit's letter: `C`, `D`, `H` or `S`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// The suit of a letter (either case), if it names one.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'C' | 'c' => Some(Suit::Clubs),
            'D' | 'd' => Some(Suit::Diamonds),
            'H' | 'h' => Some(Suit::Hearts),
            'S' | 's' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The suit as an index `0..4` (clubs 0, spades 3).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl TryFrom<u8> for Suit {
    type Error = OutOfRange;
    fn try_from(v: u8) -> Result<Self, OutOfRange> {
        match v {
            0 => Ok(Suit::Clubs),
            1 => Ok(Suit::Diamonds),
            2 => Ok(Suit::Hearts),
            3 => Ok(Suit::Spades),
            _ => Err(OutOfRange { value: v }),
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A card rank, deuce (0) to ace (12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
#[allow(missing_docs)] // the variants are the ranks themselves
pub enum Rank {
    Two = 0,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// All ranks from deuce to ace.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank's character: `2`..`9`, `T`, `J`, `Q`, `K`, `A`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Rank::Two => '2',
            Rank::Three => '3',
            Rank::Four => '4',
            Rank::Five => '5',
            Rank::Six => '6',
            Rank::Seven => '7',
            Rank::Eight => '8',
            Rank::Nine => '9',
            Rank::Ten => 'T',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            Rank::Ace => 'A',
        }
    }

    /// The rank of a character (letters in either case), if it names one.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Rank> {
        Some(match c {
            '2' => Rank::Two,
            '3' => Rank::Three,
            '4' => Rank::Four,
            '5' => Rank::Five,
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'T' | 't' => Rank::Ten,
            'J' | 'j' => Rank::Jack,
            'Q' | 'q' => Rank::Queen,
            'K' | 'k' => Rank::King,
            'A' | 'a' => Rank::Ace,
            _ => return None,
        })
    }

    /// The rank as an index `0..13` (deuce 0, ace 12).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with index `i` (`0..13`), if there is one.
    #[must_use]
    pub const fn from_index(i: u8) -> Option<Rank> {
        if i < 13 {
            Some(Rank::ALL[i as usize])
        } else {
            None
        }
    }
}

impl TryFrom<u8> for Rank {
    type Error = OutOfRange;
    fn try_from(v: u8) -> Result<Self, OutOfRange> {
        Rank::from_index(v).ok_or(OutOfRange { value: v })
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A number that is not the index of any value of the type asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct OutOfRange {
    /// The number given.
    pub value: u8,
}

impl fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is out of range", self.value)
    }
}

impl core::error::Error for OutOfRange {}

/// One card in one byte: `suit * 13 + rank`, so the 52 cards are `0..52`, clubs deuce first and
/// spade ace last. That index is also the card's bit in [`Cards`](crate::Cards).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Card(u8);

impl Card {
    /// The number of distinct cards.
    pub const COUNT: usize = 52;

    /// The card of this suit and rank.
    #[must_use]
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 13 + rank as u8)
    }

    /// The card with index `i` (`0..52`), if there is one.
    #[must_use]
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 52 { Some(Card(i)) } else { None }
    }

    /// The card's index `0..52`, `suit * 13 + rank`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card's suit.
    #[must_use]
    pub const fn suit(self) -> Suit {
        match self.0 / 13 {
            0 => Suit::Clubs,
            1 => Suit::Diamonds,
            2 => Suit::Hearts,
            _ => Suit::Spades,
        }
    }

    /// The card's rank.
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 % 13) as usize]
    }

    /// Parses one card from its two characters, suit then rank (`SA`, `HT`, `C2`) or rank then
    /// suit (`AS`, `TH`, `2C`), either case. `at` is the offset of `s` in the whole input, so that
    /// errors point into it.
    pub fn parse_at(s: &str, at: usize) -> Result<Card, ParseCardError> {
        let mut chars = s.chars();
        let (Some(a), Some(b)) = (chars.next(), chars.next()) else {
            return Err(ParseCardError::TooShort { at });
        };
        if chars.next().is_some() {
            return Err(ParseCardError::TooLong { at });
        }
        let b_at = at + a.len_utf8();
        // Suit first (`SA`) unless the first character is no suit and the second is (`AS`).
        // `S`, `H`, `D`, `C` are never ranks, so the two orders cannot be confused.
        match (Suit::from_char(a), Suit::from_char(b)) {
            (Some(suit), _) => match Rank::from_char(b) {
                Some(rank) => Ok(Card::new(suit, rank)),
                None => Err(ParseCardError::BadRank { ch: b, at: b_at }),
            },
            (None, Some(suit)) => match Rank::from_char(a) {
                Some(rank) => Ok(Card::new(suit, rank)),
                None => Err(ParseCardError::BadRank { ch: a, at }),
            },
            (None, None) if Rank::from_char(a).is_some() => {
                Err(ParseCardError::BadSuit { ch: b, at: b_at })
            }
            (None, None) => Err(ParseCardError::BadSuit { ch: a, at }),
        }
    }
}

/// The deuce of clubs (index 0, all-zero bytes) fills a search tree's blank slots.
impl Blank for Card {
    const BLANK: Card = Card::new(Suit::Clubs, Rank::Two);
}

impl TryFrom<u8> for Card {
    type Error = OutOfRange;
    fn try_from(v: u8) -> Result<Self, OutOfRange> {
        Card::from_index(v).ok_or(OutOfRange { value: v })
    }
}

impl fmt::Display for Card {
    /// Suit then rank: `SA`, `HT`, `C2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit().char(), self.rank().char())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        Card::parse_at(s, 0)
    }
}

/// Why a card string could not be read; `at` is the byte offset of the fault in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum ParseCardError {
    /// Fewer than two characters where a card should be.
    TooShort {
        /// Where the card starts.
        at: usize,
    },
    /// More than two characters in one card.
    TooLong {
        /// Where the card starts.
        at: usize,
    },
    /// A character that is no suit (`S`, `H`, `D`, `C`).
    BadSuit {
        /// The character found.
        ch: char,
        /// Where it is.
        at: usize,
    },
    /// A character that is no rank (`2`-`9`, `T`, `J`, `Q`, `K`, `A`).
    BadRank {
        /// The character found.
        ch: char,
        /// Where it is.
        at: usize,
    },
    /// The same card twice in one set.
    Duplicate {
        /// The card.
        card: Card,
        /// Where its second appearance starts.
        at: usize,
    },
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseCardError::TooShort { at } => {
                write!(
                    f,
                    "card at byte {at} is too short (want suit and rank, e.g. SA)"
                )
            }
            ParseCardError::TooLong { at } => {
                write!(
                    f,
                    "card at byte {at} is too long (want two characters, e.g. SA)"
                )
            }
            ParseCardError::BadSuit { ch, at } => {
                write!(f, "unknown suit {ch:?} at byte {at} (want S, H, D or C)")
            }
            ParseCardError::BadRank { ch, at } => {
                write!(
                    f,
                    "unknown rank {ch:?} at byte {at} (want 2-9, T, J, Q, K or A)"
                )
            }
            ParseCardError::Duplicate { card, at } => {
                write!(f, "duplicate card {card} at byte {at}")
            }
        }
    }
}

impl core::error::Error for ParseCardError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trip() {
        for i in 0..52u8 {
            let c = Card::from_index(i).unwrap();
            assert_eq!(Card::new(c.suit(), c.rank()), c);
            assert_eq!(c.index(), usize::from(i));
        }
        assert_eq!(Card::from_index(52), None);
        assert_eq!(Card::try_from(200), Err(OutOfRange { value: 200 }));
        assert_eq!(Suit::try_from(4), Err(OutOfRange { value: 4 }));
        assert_eq!(Rank::try_from(13), Err(OutOfRange { value: 13 }));
    }

    #[test]
    fn parse_both_orders_and_print() {
        let sa = Card::new(Suit::Spades, Rank::Ace);
        assert_eq!("SA".parse::<Card>(), Ok(sa));
        assert_eq!("AS".parse::<Card>(), Ok(sa));
        assert_eq!("as".parse::<Card>(), Ok(sa));
        assert_eq!("ht".parse::<Card>(), Ok(Card::new(Suit::Hearts, Rank::Ten)));
        assert_eq!("2C".parse::<Card>(), Ok(Card::new(Suit::Clubs, Rank::Two)));
        for i in 0..52 {
            let c = Card::from_index(i).unwrap();
            let mut buf = heapless::String::<4>::new();
            core::fmt::write(&mut buf, format_args!("{c}")).unwrap();
            assert_eq!(buf.parse::<Card>(), Ok(c));
        }
    }

    #[test]
    fn parse_errors_say_what_and_where() {
        assert_eq!("S".parse::<Card>(), Err(ParseCardError::TooShort { at: 0 }));
        assert_eq!("".parse::<Card>(), Err(ParseCardError::TooShort { at: 0 }));
        assert_eq!(
            "SAK".parse::<Card>(),
            Err(ParseCardError::TooLong { at: 0 })
        );
        assert_eq!(
            "S1".parse::<Card>(),
            Err(ParseCardError::BadRank { ch: '1', at: 1 })
        );
        assert_eq!(
            "1S".parse::<Card>(),
            Err(ParseCardError::BadRank { ch: '1', at: 0 })
        );
        assert_eq!(
            "AX".parse::<Card>(),
            Err(ParseCardError::BadSuit { ch: 'X', at: 1 })
        );
        assert_eq!(
            "XA".parse::<Card>(),
            Err(ParseCardError::BadSuit { ch: 'X', at: 0 })
        );
        assert_eq!(
            Card::parse_at("Sé", 7),
            Err(ParseCardError::BadRank { ch: 'é', at: 8 })
        );
        assert_eq!("é".parse::<Card>(), Err(ParseCardError::TooShort { at: 0 }));
    }
}
