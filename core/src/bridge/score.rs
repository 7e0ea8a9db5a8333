//! Duplicate bridge scoring: [`Contract`], [`Penalty`] and [`Contract::score`].
//!
//! The rules are those of the Laws of Duplicate Bridge (WBF, 2017), Law 77, the scoring table:
//!
//! - **Trick score** of each odd trick bid and made: 20 in clubs and diamonds, 30 in hearts and
//!   spades, 40 for the first and 30 for each later one at no trump; doubled x2, redoubled x4.
//! - **Bonuses**: a trick score of 100 or more is a game, 300 not vulnerable, 500 vulnerable;
//!   less is a part score, 50. A small slam (six) adds 500 / 750, a grand slam (seven) 1000 /
//!   1500. Making a doubled contract adds 50, redoubled 100.
//! - **Overtricks**: the trick value undoubled; doubled 100 / 200 each, redoubled 200 / 400.
//! - **Undertricks**: undoubled 50 / 100 each. Doubled, not vulnerable: 100 for the first, 200
//!   for the second and third, 300 for each after; vulnerable: 200 for the first, 300 for each
//!   after. Redoubled: twice the doubled amounts.

use core::fmt;
use core::str::FromStr;

use super::Strain;

/// How far a contract was doubled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Penalty {
    /// Not doubled.
    Undoubled = 0,
    /// Doubled, `X`.
    Doubled = 1,
    /// Redoubled, `XX`.
    Redoubled = 2,
}

impl Penalty {
    /// 1, 2 or 4: what the trick score is multiplied by.
    const fn factor(self) -> i32 {
        match self {
            Penalty::Undoubled => 1,
            Penalty::Doubled => 2,
            Penalty::Redoubled => 4,
        }
    }
}

/// A contract: a level from 1 to 7, a strain and a penalty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Contract {
    level: u8,
    strain: Strain,
    penalty: Penalty,
}

/// A contract's level outside 1..=7.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct LevelError {
    /// The level given.
    pub level: u8,
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "contract level {} is not 1 to 7", self.level)
    }
}

impl core::error::Error for LevelError {}

impl Contract {
    /// The contract `level` `strain`, undoubled; an error unless `level` is 1 to 7.
    pub const fn new(level: u8, strain: Strain) -> Result<Contract, LevelError> {
        if matches!(level, 1..=7) {
            Ok(Contract {
                level,
                strain,
                penalty: Penalty::Undoubled,
            })
        } else {
            Err(LevelError { level })
        }
    }

    /// The same contract with `penalty`.
    #[must_use]
    pub const fn with_penalty(self, penalty: Penalty) -> Contract {
        Contract { penalty, ..self }
    }

    /// The level, 1 to 7.
    #[must_use]
    pub const fn level(&self) -> u8 {
        self.level
    }

    /// The strain.
    #[must_use]
    pub const fn strain(&self) -> Strain {
        self.strain
    }

    /// The penalty.
    #[must_use]
    pub const fn penalty(&self) -> Penalty {
        self.penalty
    }

    /// The tricks declarer needs: the level plus six.
    #[must_use]
    pub const fn tricks_needed(&self) -> u8 {
        self.level + 6
    }

    /// The contract's rank in the auction: 1 for 1C up to 35 for 7NT (clubs, diamonds,
    /// hearts, spades, no trump at each level).
    #[must_use]
    pub const fn bid_rank(&self) -> u8 {
        5 * (self.level - 1) + self.strain as u8 + 1
    }

    /// Trick score of `n` odd tricks in this strain, before doubling.
    const fn trick_score(strain: Strain, n: i32) -> i32 {
        match strain {
            Strain::Clubs | Strain::Diamonds => 20 * n,
            Strain::Hearts | Strain::Spades => 30 * n,
            Strain::NoTrump => {
                if n > 0 {
                    30 * n + 10
                } else {
                    0
                }
            }
        }
    }

    /// Whether making this contract scores a game bonus.
    #[must_use]
    pub const fn is_game(&self) -> bool {
        Contract::trick_score(self.strain, self.level as i32) * self.penalty.factor() >= 100
    }

    /// The score of declarer's side when declarer takes `tricks` (0 to 13; more count as 13)
    /// and is or is not `vulnerable`: positive when the contract makes, negative when it
    /// goes down.
    #[must_use]
    pub const fn score(&self, tricks: u8, vulnerable: bool) -> i32 {
        let tricks = if tricks > 13 { 13 } else { tricks };
        let needed = self.tricks_needed();
        let factor = self.penalty.factor();
        if tricks < needed {
            let down = (needed - tricks) as i32;
            return -undertricks(down, vulnerable, self.penalty);
        }
        let level = self.level as i32;
        let over = (tricks - needed) as i32;
        let contracted = Contract::trick_score(self.strain, level) * factor;
        let mut score = contracted;
        score += if contracted >= 100 {
            if vulnerable { 500 } else { 300 }
        } else {
            50
        };
        if level == 6 {
            score += if vulnerable { 750 } else { 500 };
        } else if level == 7 {
            score += if vulnerable { 1500 } else { 1000 };
        }
        score += match self.penalty {
            Penalty::Undoubled => {
                // Overtricks at the trick value: 20 or 30 each (the first NT trick's 10
                // extra is only for the first odd trick).
                Contract::trick_score(self.strain, level + over)
                    - Contract::trick_score(self.strain, level)
            }
            Penalty::Doubled => over * (if vulnerable { 200 } else { 100 }) + 50,
            Penalty::Redoubled => over * (if vulnerable { 400 } else { 200 }) + 100,
        };
        score
    }
}

/// What `down` undertricks cost the declaring side (a positive number).
#[must_use]
pub const fn undertricks(down: i32, vulnerable: bool, penalty: Penalty) -> i32 {
    if down <= 0 {
        return 0;
    }
    match penalty {
        Penalty::Undoubled => down * if vulnerable { 100 } else { 50 },
        Penalty::Doubled | Penalty::Redoubled => {
            let doubled = if vulnerable {
                200 + 300 * (down - 1)
            } else if down <= 3 {
                100 + 200 * (down - 1)
            } else {
                500 + 300 * (down - 3)
            };
            doubled * (penalty.factor() / 2)
        }
    }
}

impl fmt::Display for Contract {
    /// `3NT`, `4S`, `5DX`, `2HXX`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.level, self.strain)?;
        match self.penalty {
            Penalty::Undoubled => Ok(()),
            Penalty::Doubled => f.write_str("X"),
            Penalty::Redoubled => f.write_str("XX"),
        }
    }
}

/// A string that is no contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ParseContractError {
    /// It does not start with a level 1 to 7.
    Level,
    /// No strain (C, D, H, S, N or NT) follows the level.
    Strain,
    /// Something other than `X`, `XX`, `*` or `**` follows the strain.
    Penalty,
}

impl fmt::Display for ParseContractError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseContractError::Level => "a contract starts with a level 1 to 7",
            ParseContractError::Strain => "a contract's level is followed by C, D, H, S or NT",
            ParseContractError::Penalty => "a contract ends with nothing, X or XX",
        })
    }
}

impl core::error::Error for ParseContractError {}

impl FromStr for Contract {
    type Err = ParseContractError;

    /// `3NT` (or `3N`), `4S`, `5DX` (or `5D*`), `2HXX` (or `2H**`), either case.
    fn from_str(s: &str) -> Result<Contract, ParseContractError> {
        let b = s.trim().as_bytes();
        let level = match b.first() {
            Some(&d @ b'1'..=b'7') => d - b'0',
            _ => return Err(ParseContractError::Level),
        };
        let (strain, rest) = match b.get(1).map(u8::to_ascii_uppercase) {
            Some(b'C') => (Strain::Clubs, &b[2..]),
            Some(b'D') => (Strain::Diamonds, &b[2..]),
            Some(b'H') => (Strain::Hearts, &b[2..]),
            Some(b'S') => (Strain::Spades, &b[2..]),
            Some(b'N') => match b.get(2).map(u8::to_ascii_uppercase) {
                Some(b'T') => (Strain::NoTrump, &b[3..]),
                _ => (Strain::NoTrump, &b[2..]),
            },
            _ => return Err(ParseContractError::Strain),
        };
        let penalty = match rest {
            [] => Penalty::Undoubled,
            [b'X' | b'x' | b'*'] => Penalty::Doubled,
            [b'X' | b'x', b'X' | b'x'] | [b'*', b'*'] => Penalty::Redoubled,
            _ => return Err(ParseContractError::Penalty),
        };
        match Contract::new(level, strain) {
            Ok(c) => Ok(c.with_penalty(penalty)),
            Err(_) => Err(ParseContractError::Level),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::shown;

    fn c(s: &str) -> Contract {
        s.parse().unwrap()
    }

    /// Law 77's table, by example (each a line of the usual scoring tables).
    #[test]
    fn made_contracts() {
        let cases = [
            ("1C", 7, false, 70),
            ("1NT", 7, false, 90),
            ("1NT", 8, false, 120),
            ("2S", 8, false, 110),
            ("2S", 9, true, 140),
            ("3NT", 9, false, 400),
            ("3NT", 9, true, 600),
            ("3NT", 10, true, 630),
            ("4H", 10, false, 420),
            ("4S", 10, true, 620),
            ("4S", 11, false, 450),
            ("5C", 11, false, 400),
            ("5D", 11, true, 600),
            ("4C", 10, false, 130),
            ("6S", 12, false, 980),
            ("6NT", 12, true, 1440),
            ("6C", 12, false, 920),
            ("6C", 12, true, 1370),
            ("7NT", 13, false, 1520),
            ("7NT", 13, true, 2220),
            ("7C", 13, true, 2140),
            // Doubled: 2 x trick score, insult, doubled overtricks.
            ("1CX", 7, false, 140),
            ("2HX", 8, false, 470),
            ("2HX", 8, true, 670),
            ("1NTX", 8, false, 280),
            ("1NTX", 8, true, 380),
            ("4SX", 10, false, 590),
            ("4SX", 11, true, 990),
            ("3NTX", 9, true, 750),
            // Redoubled.
            ("1CXX", 7, false, 230),
            ("1NTXX", 7, false, 560),
            ("2SXX", 9, true, 1240),
            ("7NTXX", 13, true, 2980),
        ];
        for (text, tricks, vul, want) in cases {
            assert_eq!(c(text).score(tricks, vul), want, "{text} {tricks} {vul}");
        }
    }

    #[test]
    fn undertricks_table() {
        // Not vulnerable / vulnerable, 1 to 7 down.
        let undoubled_nv = [-50, -100, -150, -200, -250, -300, -350];
        let undoubled_v = [-100, -200, -300, -400, -500, -600, -700];
        let doubled_nv = [-100, -300, -500, -800, -1100, -1400, -1700];
        let doubled_v = [-200, -500, -800, -1100, -1400, -1700, -2000];
        for down in 1..=7u8 {
            let i = usize::from(down - 1);
            let contract = c("7NT");
            assert_eq!(contract.score(13 - down, false), undoubled_nv[i]);
            assert_eq!(contract.score(13 - down, true), undoubled_v[i]);
            let x = contract.with_penalty(Penalty::Doubled);
            assert_eq!(x.score(13 - down, false), doubled_nv[i]);
            assert_eq!(x.score(13 - down, true), doubled_v[i]);
            let xx = contract.with_penalty(Penalty::Redoubled);
            assert_eq!(xx.score(13 - down, false), 2 * doubled_nv[i]);
            assert_eq!(xx.score(13 - down, true), 2 * doubled_v[i]);
        }
        // 13 down doubled vulnerable: the most a contract can lose.
        assert_eq!(c("7NTX").score(0, true), -3800);
        assert_eq!(c("7NTX").score(0, false), -3500);
    }

    #[test]
    fn parse_print_and_rank() {
        for s in ["1C", "3NT", "5DX", "7NTXX", "4S"] {
            assert_eq!(shown(c(s)), s);
        }
        assert_eq!(c("3n"), c("3NT"));
        assert_eq!(c("4h*"), c("4HX"));
        assert_eq!(c("1C").bid_rank(), 1);
        assert_eq!(c("3NT").bid_rank(), 15);
        assert_eq!(c("7NT").bid_rank(), 35);
        assert!(c("3NT").is_game() && !c("4C").is_game() && c("2HX").is_game());
        assert_eq!("8S".parse::<Contract>(), Err(ParseContractError::Level));
        assert_eq!("4Q".parse::<Contract>(), Err(ParseContractError::Strain));
        assert_eq!(
            "4SXXX".parse::<Contract>(),
            Err(ParseContractError::Penalty)
        );
        assert_eq!("".parse::<Contract>(), Err(ParseContractError::Level));
        assert_eq!(
            Contract::new(0, Strain::Clubs),
            Err(LevelError { level: 0 })
        );
    }
}
