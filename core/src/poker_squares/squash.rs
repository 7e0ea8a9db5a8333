//! Score squashing into `[0, 1]` for UCT's rewards (Arrington, Langley & Bogaerts, "Using
//! Domain Knowledge to Improve Monte-Carlo Tree Search Performance in Parameterized Poker
//! Squares", AAAI 2016, "The Exploration-Exploitation Tradeoff", Table 2).

use super::points::PointSystem;
use crate::spelled;

/// How scores become UCT rewards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Squash {
    /// Raw scores (the papers' choice after Table 2, with a large Cp).
    None = 0,
    /// Exact minimum and maximum of the point system. Known exactly here for the American
    /// system (0 and 725, Arrington et al. 2016, "The Exploration-Exploitation Tradeoff"); for
    /// other systems this falls back to [`Squash::Imprecise`].
    Precise = 1,
    /// Ten times the lowest and highest hand score.
    Imprecise = 2,
    /// From 0 to a fixed maximum of 200.
    Max200 = 3,
    /// From 0 to a fixed maximum of 2000.
    Max2000 = 4,
}

spelled! {
    Squash, "squash";
    None => "none", "Raw scores";
    Precise => "precise", "Exact range (American: 0..725)";
    Imprecise => "imprecise", "Ten times the lowest and highest hand score";
    Max200 => "max200", "0..200";
    Max2000 => "max2000", "0..2000";
}

/// The American system's highest grid score: four royal flushes, a straight flush and five
/// fours of a kind (Arrington et al. 2016, "The Exploration-Exploitation Tradeoff").
pub const AMERICAN_MAX: i32 = 725;

impl Squash {
    /// The `[lo, hi]` range scores are squashed from, or `None` for raw scores.
    #[must_use]
    pub fn range(self, system: &PointSystem) -> Option<(f64, f64)> {
        let (lo, hi) = system.hand_range();
        let imprecise = (f64::from(lo) * 10.0, f64::from(hi) * 10.0);
        match self {
            Squash::None => None,
            Squash::Precise if *system == PointSystem::AMERICAN => {
                Some((0.0, f64::from(AMERICAN_MAX)))
            }
            Squash::Precise | Squash::Imprecise => Some(imprecise),
            Squash::Max200 => Some((0.0, 200.0)),
            Squash::Max2000 => Some((0.0, 2000.0)),
        }
    }

    /// The reward of a score: `(score - lo) / (hi - lo)`, or the score itself.
    #[must_use]
    pub fn reward(range: Option<(f64, f64)>, s: f64) -> f64 {
        match range {
            Some((lo, hi)) if hi > lo => (s - lo) / (hi - lo),
            _ => s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        let a = PointSystem::AMERICAN;
        assert_eq!(Squash::Precise.range(&a), Some((0.0, 725.0)));
        assert_eq!(Squash::Imprecise.range(&a), Some((0.0, 1000.0)));
        assert_eq!(Squash::Max200.range(&a), Some((0.0, 200.0)));
        assert_eq!(Squash::None.range(&a), None);
        assert_eq!(
            Squash::Imprecise.range(&PointSystem::FULL_HOUSE),
            Some((-10.0, 10.0))
        );
        assert_eq!(Squash::reward(Some((0.0, 200.0)), 100.0), 0.5);
        assert_eq!(Squash::reward(None, 100.0), 100.0);
    }

    #[test]
    fn squash_spellings_round_trip() {
        crate::spelling::check_spellings(
            &Squash::ALL,
            &["none", "precise", "imprecise", "max200", "max2000"],
            Squash::about,
            &["", "None", "max-200", "max_2000", "max20"],
        );
    }
}
