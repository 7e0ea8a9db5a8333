//! [`Pip`]: a Blackjack card by its value, the only thing the rules look at.

use core::fmt;

/// A Blackjack card by value: the ace (1 or 11), two to nine, and the ten-valued cards
/// (ten, jack, queen, king), which the rules never tell apart.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Pip {
    /// The ace, counted 1 or 11.
    Ace = 1,
    /// Two.
    Two,
    /// Three.
    Three,
    /// Four.
    Four,
    /// Five.
    Five,
    /// Six.
    Six,
    /// Seven.
    Seven,
    /// Eight.
    Eight,
    /// Nine.
    Nine,
    /// A ten-valued card: ten, jack, queen or king.
    Ten,
}

impl Pip {
    /// Every pip, ace first.
    pub const ALL: [Pip; 10] = [
        Pip::Ace,
        Pip::Two,
        Pip::Three,
        Pip::Four,
        Pip::Five,
        Pip::Six,
        Pip::Seven,
        Pip::Eight,
        Pip::Nine,
        Pip::Ten,
    ];

    /// The hard value: 1 for the ace, 10 for ten-valued cards.
    #[must_use]
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// The index `0..10` (ace 0, ten-valued 9), for per-pip tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize - 1
    }

    /// The pip of index `0..10`, if in range.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Pip> {
        if i < 10 { Some(Pip::ALL[i]) } else { None }
    }

    /// The card that completes a blackjack with this up card: ten-valued under an ace, the ace
    /// under a ten-valued card; `None` for the other up cards.
    #[must_use]
    pub const fn blackjack_partner(self) -> Option<Pip> {
        match self {
            Pip::Ace => Some(Pip::Ten),
            Pip::Ten => Some(Pip::Ace),
            _ => None,
        }
    }

    /// The label of the reference tables: `A`, `2` .. `10`.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Pip::Ace => "A",
            Pip::Two => "2",
            Pip::Three => "3",
            Pip::Four => "4",
            Pip::Five => "5",
            Pip::Six => "6",
            Pip::Seven => "7",
            Pip::Eight => "8",
            Pip::Nine => "9",
            Pip::Ten => "10",
        }
    }

    /// The pip a card's label names, as players write it: `A` (or `1`), `2` to `9`, and `10`,
    /// `T`, `J`, `Q` or `K` for the ten-valued cards; any case, spaces around ignored.
    #[must_use]
    pub fn from_label(label: &str) -> Option<Pip> {
        match label.trim().as_bytes() {
            [b'A' | b'a'] | [b'1'] => Some(Pip::Ace),
            [d @ b'2'..=b'9'] => Pip::from_index(usize::from(d - b'1')),
            [b'1', b'0'] | [b'T' | b't' | b'J' | b'j' | b'Q' | b'q' | b'K' | b'k'] => {
                Some(Pip::Ten)
            }
            _ => None,
        }
    }
}

impl TryFrom<u8> for Pip {
    type Error = crate::OutOfRange;

    /// The pip of hard value `1..=10`.
    fn try_from(v: u8) -> Result<Pip, Self::Error> {
        match v {
            1..=10 => Pip::from_index(usize::from(v) - 1).ok_or(crate::OutOfRange { value: v }),
            _ => Err(crate::OutOfRange { value: v }),
        }
    }
}

impl fmt::Display for Pip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_players_write() {
        for p in Pip::ALL {
            assert_eq!(Pip::from_label(p.label()), Some(p));
        }
        for (label, pip) in [
            (" k ", Pip::Ten),
            ("t", Pip::Ten),
            ("1", Pip::Ace),
            ("a", Pip::Ace),
        ] {
            assert_eq!(Pip::from_label(label), Some(pip));
        }
        for bad in ["", "0", "11", "B", "AA", "1 0", "٣"] {
            assert_eq!(Pip::from_label(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn values_indices_and_labels() {
        for (i, p) in Pip::ALL.iter().enumerate() {
            assert_eq!(p.index(), i);
            assert_eq!(usize::from(p.value()), i + 1);
            assert_eq!(Pip::try_from(p.value()), Ok(*p));
        }
        assert!(Pip::try_from(0).is_err());
        assert!(Pip::try_from(11).is_err());
        assert_eq!(Pip::Ten.label(), "10");
        assert_eq!(Pip::Ace.blackjack_partner(), Some(Pip::Ten));
        assert_eq!(Pip::Nine.blackjack_partner(), None);
    }
}
