//! UCT's configuration: the exploration constant in each paper's convention, the backup, the
//! expansion, the move returned, and [`UctConfig`] with its documented defaults. The choices a
//! door offers by name ([`BackupRule`], [`Expansion`], [`FinalMove`]) are spelled here once.

use crate::math;
use crate::power_mean::Power;

/// The exploration constant `C` of the canonical form `X + C sqrt(ln n / n_j)`, with a
/// constructor for each paper's convention: the one type of every search's configuration
/// ([`UctConfig`], and the game players' configurations built on it). Never negative or
/// non-finite.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Exploration(f64);

impl Exploration {
    /// `C` itself. `None` for a negative or non-finite constant.
    #[must_use]
    pub const fn new(c: f64) -> Option<Exploration> {
        if c >= 0.0 && c.is_finite() {
            Some(Exploration(c))
        } else {
            None
        }
    }

    /// McKay & Kruskal ("A New Method of Averaging in Monte Carlo Game Tree Search", undated,
    /// 2009 or later): `V = X + sqrt(c ln n / T)`, so `C = sqrt(c)`. His grid is
    /// `c = 0.125 .. 128`.
    #[must_use]
    pub fn mckay(c: f64) -> Option<Exploration> {
        Exploration::new(c).map(|e| Exploration(math::sqrt(e.0)))
    }

    /// Kocsis & Szepesvari, as used by the Poker Squares papers (Arrington, Langley & Bogaerts,
    /// "Using Domain Knowledge to Improve Monte-Carlo Tree Search Performance in Parameterized
    /// Poker Squares", AAAI 2016, and its 2015 draft): `X + 2 Cp sqrt(2 ln n / n_j)`, so
    /// `C = 2 sqrt(2) Cp` (`None` also where that overflows). `SQRT_2` is the bits of
    /// `math::sqrt(2.0)` (a correctly rounded square root; unit-tested), so that a config can
    /// be a constant.
    #[must_use]
    pub const fn kocsis_szepesvari(cp: f64) -> Option<Exploration> {
        match Exploration::new(cp) {
            Some(e) => Exploration::new(2.0 * core::f64::consts::SQRT_2 * e.0),
            None => None,
        }
    }

    /// The lecture slides "Game Playing" (after Russell & Norvig, sections 5.1-5.3 and 5.5;
    /// undated, 2017 or later; "UCT"): `X + c sqrt(ln t / n_i)`, so `C = c`.
    #[must_use]
    pub const fn slides(c: f64) -> Option<Exploration> {
        Exploration::new(c)
    }

    /// UCB1 (Auer, Cesa-Bianchi & Fischer 2002): `X + sqrt(2 ln n / n_j)`, `C = sqrt(2)`, for
    /// values in `[0, 1]`.
    pub const UCB1: Exploration = Exploration(core::f64::consts::SQRT_2);

    /// The canonical constant `C`.
    #[must_use]
    pub const fn constant(self) -> f64 {
        self.0
    }
}

/// How a node's value is computed from its visited children's.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Backup {
    /// The visit-weighted mean.
    Mean,
    /// McKay's generalized average: on the perspective side's turns `lo + M_p(x - lo)`, on the
    /// other side's `hi - M_p(hi - x)`, weighted by visits; `p = 1` is exactly [`Backup::Mean`]
    /// and `p = infinity` is max / min. Chance nodes average.
    Power(Power),
    /// The mean of the rewards of every iteration through the node, kept as a running mean:
    /// UCT as Kocsis & Szepesvari ("Bandit based Monte-Carlo Planning", ECML 2006) define it
    /// and as OpenSpiel's `MCTSBot` keeps it (`total_reward / explore_count`). Unlike
    /// [`Backup::Mean`] it counts the node's own first playout, before it had children, and
    /// needs no pass over the children: one update a node an iteration.
    Returns,
}

/// The backup a door names (`mean`, `power`, `returns`): [`Backup`] without its exponent,
/// which [`Backup::of`] adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum BackupRule {
    /// [`Backup::Mean`], whatever the power.
    Mean,
    /// [`Backup::Power`] with the power given.
    Power,
    /// [`Backup::Returns`].
    Returns,
}

crate::spelled! {
    BackupRule, "backup";
    Mean => "mean", "The visit-weighted mean of the children's values (the power is not used)";
    Power => "power", "McKay's generalized average with the power given (1: the mean)";
    Returns => "returns", "The running mean of every iteration's reward (Kocsis & Szepesvari's UCT)";
}

impl Backup {
    /// The backup `rule` names, with exponent `p` where it takes one. McKay's average with
    /// `p = 1` is the weighted mean, bit for bit; it is stated as [`Backup::Mean`] (as the McKay
    /// experiment states it), so that no door decides that on its own.
    #[must_use]
    pub fn of(rule: BackupRule, p: Power) -> Backup {
        match rule {
            BackupRule::Power if !p.is_mean() => Backup::Power(p),
            BackupRule::Mean | BackupRule::Power => Backup::Mean,
            BackupRule::Returns => Backup::Returns,
        }
    }

    /// The rule of this backup (its name without the exponent).
    #[must_use]
    pub fn rule(self) -> BackupRule {
        match self {
            Backup::Mean => BackupRule::Mean,
            Backup::Power(_) => BackupRule::Power,
            Backup::Returns => BackupRule::Returns,
        }
    }
}

/// How the tree grows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Expansion {
    /// Standard UCT: one new visited node per iteration, then a simulation from it.
    OneNode,
    /// McKay's appendix: a node's children are created on its first visit and the iteration
    /// keeps descending through the tree to the end of the game (no simulation, unless the
    /// tree is full).
    AllChildren,
    /// As [`Expansion::OneNode`], but a new node reached by a chance outcome does not end the
    /// descent: each iteration adds one new node a player chose (the DePauw papers' Poker
    /// Squares search, Arrington et al. 2016, grows a draw and the placement below it).
    OneDecision,
}

crate::spelled! {
    Expansion, "expansion";
    OneNode => "one-node", "One new node an iteration, then a simulation (standard UCT)";
    AllChildren => "all-children", "Every child on a node's first visit, down to the end of the game (McKay)";
    OneDecision => "one-decision", "One new node a player chose an iteration, chance nodes passed through (the Poker Squares papers)";
}

/// Which root move the search returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum FinalMove {
    /// The visited child of best value for the player to move (McKay's choice).
    HighestValue,
    /// The most visited child.
    MostVisits,
    /// The child that is both best valued and most visited; the most visited if none is.
    Robust,
}

crate::spelled! {
    FinalMove, "final move";
    HighestValue => "value", "The root child of highest value";
    MostVisits => "visits", "The root child of most visits";
    Robust => "robust", "The root child both best valued and most visited (else the most visited)";
}

/// UCT's parameters; [`UctConfig::new`] gives the documented defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct UctConfig {
    /// The most iterations (playouts) to run. Default 1000.
    pub iterations: u32,
    /// A deadline in the microseconds of the [`Clock`](super::Clock) given to [`uct_with`](super::uct_with): the search stops
    /// once the clock reads at least this, read before every [`CLOCK_EVERY`](super::CLOCK_EVERY)-th iteration
    /// after the first (so at least one iteration runs, if `iterations` allows one).
    /// [`uct`](super::uct) and [`ismcts`](super::ismcts) read no clock ([`NoClock`](super::NoClock), which stays at 0). Default `None`:
    /// `iterations` alone stops the search, and the clock is never read.
    pub deadline: Option<u64>,
    /// The exploration constant. Default [`Exploration::UCB1`].
    pub exploration: Exploration,
    /// The backup. Default [`Backup::Mean`].
    pub backup: Backup,
    /// The expansion. Default [`Expansion::OneNode`].
    pub expansion: Expansion,
    /// The returned move. Default [`FinalMove::MostVisits`].
    pub final_move: FinalMove,
    /// Whether `X` in the selection formula is rescaled from the game's value range to
    /// `[0, 1]`. Default `true`, which suits UCB1's constant; McKay uses raw tricks.
    pub normalize: bool,
    /// The longest simulation before the search reports an error. Default 10,000 plies.
    pub max_playout_plies: u32,
    /// Whether to continue in the tree the caller left (see [`keep_subtree`](super::keep_subtree)) instead of
    /// starting afresh. Default `false`.
    pub reuse_tree: bool,
}

impl UctConfig {
    /// The defaults listed on each field.
    #[must_use]
    pub const fn new() -> UctConfig {
        UctConfig {
            iterations: 1000,
            deadline: None,
            exploration: Exploration::UCB1,
            backup: Backup::Mean,
            expansion: Expansion::OneNode,
            final_move: FinalMove::MostVisits,
            normalize: true,
            max_playout_plies: 10_000,
            reuse_tree: false,
        }
    }

    /// McKay & Kruskal's search (appendix): `V = X + sqrt(c ln n / T)`
    /// on raw values, power-mean backups with exponent `p`, all children created on a node's
    /// first visit and every playout played in the tree to the end, the child of highest value
    /// chosen. His experiment used 5000 playouts.
    #[must_use]
    pub fn mckay(exploration: Exploration, p: Power, iterations: u32) -> UctConfig {
        UctConfig {
            iterations,
            exploration,
            backup: Backup::Power(p),
            expansion: Expansion::AllChildren,
            final_move: FinalMove::HighestValue,
            normalize: false,
            ..UctConfig::new()
        }
    }
}

impl Default for UctConfig {
    fn default() -> Self {
        UctConfig::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_backup_rule_with_a_power_is_one_backup() {
        let p = Power::new(4.0).unwrap();
        assert_eq!(Backup::of(BackupRule::Mean, p), Backup::Mean);
        assert_eq!(Backup::of(BackupRule::Power, p), Backup::Power(p));
        assert_eq!(Backup::of(BackupRule::Power, Power::MEAN), Backup::Mean);
        assert_eq!(Backup::of(BackupRule::Returns, p), Backup::Returns);
        for rule in BackupRule::ALL {
            assert_eq!(rule.name().parse::<BackupRule>(), Ok(rule));
            assert_eq!(Backup::of(rule, p).rule(), rule);
        }
        for e in Expansion::ALL {
            assert_eq!(e.name().parse::<Expansion>(), Ok(e));
        }
        assert!("Mean".parse::<BackupRule>().is_err());
    }
}
