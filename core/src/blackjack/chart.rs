//! [`Chart`]: a total-dependent basic strategy, in the layout of a strategy card: a cell per
//! two-card hand class (hard total, soft total, pair) and dealer up card, and a hit / stand
//! rule per total for hands of three cards or more.
//!
//! The cells use the card's notation: `H` hit, `S` stand, `Dh` / `Ds` double (else hit /
//! stand), `P` split, `Rh` / `Rs` / `Rp` surrender (else hit / stand / split). The "else" is
//! the play when the first choice is not allowed (a double after a split without DAS, a
//! surrender after a split, a split at the limit of hands). [`ChartSolver`](super::ChartSolver)
//! computes the chart for a rule set from exact values.

use core::fmt;

use super::{Action, Hand, Pip};

/// One cell of a chart.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Cell {
    /// `S`.
    Stand,
    /// `H`.
    Hit,
    /// `Dh`: double, else hit.
    DoubleHit,
    /// `Ds`: double, else stand.
    DoubleStand,
    /// `P`: split (else play the pair as its total).
    Split,
    /// `Rh`: surrender, else hit.
    SurrenderHit,
    /// `Rs`: surrender, else stand.
    SurrenderStand,
    /// `Rp`: surrender, else split.
    SurrenderSplit,
}

impl Cell {
    /// Every cell.
    pub const ALL: [Cell; 8] = [
        Cell::Stand,
        Cell::Hit,
        Cell::DoubleHit,
        Cell::DoubleStand,
        Cell::Split,
        Cell::SurrenderHit,
        Cell::SurrenderStand,
        Cell::SurrenderSplit,
    ];

    /// The strategy card's notation.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Cell::Stand => "S",
            Cell::Hit => "H",
            Cell::DoubleHit => "Dh",
            Cell::DoubleStand => "Ds",
            Cell::Split => "P",
            Cell::SurrenderHit => "Rh",
            Cell::SurrenderStand => "Rs",
            Cell::SurrenderSplit => "Rp",
        }
    }

    /// The first choice of the cell.
    #[must_use]
    pub const fn first(self) -> Action {
        match self {
            Cell::Stand => Action::Stand,
            Cell::Hit => Action::Hit,
            Cell::DoubleHit | Cell::DoubleStand => Action::Double,
            Cell::Split => Action::Split,
            Cell::SurrenderHit | Cell::SurrenderStand | Cell::SurrenderSplit => Action::Surrender,
        }
    }

    /// The cell's action when only `allowed` actions may be taken (`None`: a split that is not
    /// allowed, so the pair is played as its total).
    #[must_use]
    pub const fn resolve(self, allowed: Allowed) -> Option<Action> {
        Some(match self {
            Cell::Stand => Action::Stand,
            Cell::Hit => Action::Hit,
            Cell::DoubleHit if allowed.double => Action::Double,
            Cell::DoubleStand if allowed.double => Action::Double,
            Cell::DoubleHit => Action::Hit,
            Cell::DoubleStand => Action::Stand,
            Cell::SurrenderHit | Cell::SurrenderStand | Cell::SurrenderSplit
                if allowed.surrender =>
            {
                Action::Surrender
            }
            Cell::SurrenderHit => Action::Hit,
            Cell::SurrenderStand => Action::Stand,
            Cell::Split | Cell::SurrenderSplit if allowed.split => Action::Split,
            Cell::Split | Cell::SurrenderSplit => return None,
        })
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.label())
    }
}

/// Which of the two-card actions may be taken at a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Allowed {
    /// Doubling.
    pub double: bool,
    /// Surrendering.
    pub surrender: bool,
    /// Splitting the pair.
    pub split: bool,
}

/// A row of a chart's two-card part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ChartRow {
    /// Hard totals 5 ..= 19 (two cards, not a pair).
    Hard(u8),
    /// Soft totals 13 ..= 20 (an ace and 2 .. 9).
    Soft(u8),
    /// A pair.
    Pair(Pip),
}

impl ChartRow {
    /// The hard totals with a two-card row.
    pub const HARD: core::ops::RangeInclusive<u8> = 5..=19;
    /// The soft totals with a row.
    pub const SOFT: core::ops::RangeInclusive<u8> = 13..=20;

    /// The two-card row of `hand` when its pair is treated as a pair (`pair`) or as a total.
    #[must_use]
    pub fn of(hand: &Hand, pair: bool) -> Option<ChartRow> {
        if hand.len() != 2 {
            return None;
        }
        if pair && let Some(p) = hand.pair() {
            return Some(ChartRow::Pair(p));
        }
        let t = hand.total();
        if hand.is_soft() {
            ChartRow::SOFT.contains(&t).then_some(ChartRow::Soft(t))
        } else {
            ChartRow::HARD.contains(&t).then_some(ChartRow::Hard(t))
        }
    }
}

/// The later rows: hard totals 4 ..= 21, soft 12 ..= 21.
const LATER_HARD: usize = 18;
const LATER_SOFT: usize = 10;

/// A total-dependent basic strategy (see the module docs). Up cards are indexed by
/// [`Pip::index`] (ace first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Chart {
    hard: [[Cell; 10]; 15],
    soft: [[Cell; 10]; 8],
    pairs: [[Cell; 10]; 10],
    later_hard: [[bool; 10]; LATER_HARD],
    later_soft: [[bool; 10]; LATER_SOFT],
}

impl Chart {
    /// A chart that plays like the dealer (hit below 17, stand on soft 18; never double,
    /// split or surrender): where [`ChartSolver`](super::ChartSolver) starts.
    #[must_use]
    pub fn dealer_like() -> Chart {
        let mut c = Chart {
            hard: [[Cell::Hit; 10]; 15],
            soft: [[Cell::Hit; 10]; 8],
            pairs: [[Cell::Hit; 10]; 10],
            later_hard: [[true; 10]; LATER_HARD],
            later_soft: [[true; 10]; LATER_SOFT],
        };
        for t in 17..=21u8 {
            c.set_later(t, false, [false; 10]);
        }
        for t in 18..=21u8 {
            c.set_later(t, true, [false; 10]);
        }
        for t in ChartRow::HARD.filter(|&t| t >= 17) {
            c.set_row(ChartRow::Hard(t), [Cell::Stand; 10]);
        }
        for t in ChartRow::SOFT.filter(|&t| t >= 18) {
            c.set_row(ChartRow::Soft(t), [Cell::Stand; 10]);
        }
        c.set_row(ChartRow::Pair(Pip::Nine), [Cell::Stand; 10]);
        c.set_row(ChartRow::Pair(Pip::Ten), [Cell::Stand; 10]);
        c
    }

    fn row_mut(&mut self, row: ChartRow) -> Option<&mut [Cell; 10]> {
        match row {
            ChartRow::Hard(t) => self.hard.get_mut(usize::from(t).checked_sub(5)?),
            ChartRow::Soft(t) => self.soft.get_mut(usize::from(t).checked_sub(13)?),
            ChartRow::Pair(p) => self.pairs.get_mut(p.index()),
        }
    }

    /// The cells of `row`, by up card.
    #[must_use]
    pub fn row(&self, row: ChartRow) -> Option<&[Cell; 10]> {
        match row {
            ChartRow::Hard(t) => self.hard.get(usize::from(t).checked_sub(5)?),
            ChartRow::Soft(t) => self.soft.get(usize::from(t).checked_sub(13)?),
            ChartRow::Pair(p) => self.pairs.get(p.index()),
        }
    }

    /// Sets the cells of `row` (no change if it is not a row of the chart).
    pub fn set_row(&mut self, row: ChartRow, cells: [Cell; 10]) {
        if let Some(r) = self.row_mut(row) {
            *r = cells;
        }
    }

    /// The cell of `row` against `up`.
    #[must_use]
    pub fn cell(&self, row: ChartRow, up: Pip) -> Option<Cell> {
        self.row(row).and_then(|r| r.get(up.index()).copied())
    }

    pub(crate) fn set_cell(&mut self, row: ChartRow, up: Pip, cell: Cell) {
        if let Some(c) = self.row_mut(row).and_then(|r| r.get_mut(up.index())) {
            *c = cell;
        }
    }

    fn later_row(&self, total: u8, soft: bool) -> Option<&[bool; 10]> {
        if soft {
            self.later_soft.get(usize::from(total).checked_sub(12)?)
        } else {
            self.later_hard.get(usize::from(total).checked_sub(4)?)
        }
    }

    /// Hit (`true`) or stand with a hand of `total` (soft or hard) of three cards or more
    /// against `up`; stand on 21 and on totals the chart has no row for.
    #[must_use]
    pub fn later_hit(&self, total: u8, soft: bool, up: Pip) -> bool {
        total < 21
            && self
                .later_row(total, soft)
                .and_then(|r| r.get(up.index()).copied())
                .unwrap_or(false)
    }

    fn later_row_mut(&mut self, total: u8, soft: bool) -> Option<&mut [bool; 10]> {
        if soft {
            self.later_soft.get_mut(usize::from(total).checked_sub(12)?)
        } else {
            self.later_hard.get_mut(usize::from(total).checked_sub(4)?)
        }
    }

    /// Sets the hit / stand rule for `total` by up card.
    pub fn set_later(&mut self, total: u8, soft: bool, hit: [bool; 10]) {
        if let Some(r) = self.later_row_mut(total, soft) {
            *r = hit;
        }
    }

    pub(crate) fn set_later_hit(&mut self, total: u8, soft: bool, up: Pip, hit: bool) {
        if let Some(c) = self
            .later_row_mut(total, soft)
            .and_then(|r| r.get_mut(up.index()))
        {
            *c = hit;
        }
    }

    /// The chart's action for `hand` against `up` when `allowed` says what may be taken: a
    /// two-card hand by its row (a pair by the pair row while it may be split, else by its
    /// total), a hand of more cards (or a two-card hand without a row) by the hit / stand
    /// rule. Never [`Action::Split`] unless `allowed.split`.
    #[must_use]
    pub fn decide(&self, hand: &Hand, up: Pip, allowed: Allowed) -> Action {
        if hand.total() >= 21 {
            return Action::Stand;
        }
        if allowed.split
            && let Some(row) = ChartRow::of(hand, true)
            && let Some(action) = self.cell(row, up).and_then(|c| c.resolve(allowed))
        {
            return action;
        }
        if let Some(row) = ChartRow::of(hand, false)
            && let Some(action) = self.cell(row, up).and_then(|c| c.resolve(allowed))
        {
            return action;
        }
        if self.later_hit(hand.total(), hand.is_soft(), up) {
            Action::Hit
        } else {
            Action::Stand
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: Allowed = Allowed {
        double: true,
        surrender: true,
        split: true,
    };
    const NONE: Allowed = Allowed {
        double: false,
        surrender: false,
        split: false,
    };

    #[test]
    fn cells_fall_back_when_not_allowed() {
        assert_eq!(Cell::DoubleStand.resolve(ALL), Some(Action::Double));
        assert_eq!(Cell::DoubleStand.resolve(NONE), Some(Action::Stand));
        assert_eq!(Cell::SurrenderSplit.resolve(NONE), None);
        let no_surrender = Allowed {
            surrender: false,
            ..ALL
        };
        assert_eq!(
            Cell::SurrenderSplit.resolve(no_surrender),
            Some(Action::Split)
        );
        assert_eq!(Cell::SurrenderHit.resolve(NONE), Some(Action::Hit));
    }

    #[test]
    fn rows_and_the_later_rule() {
        let mut c = Chart::dealer_like();
        c.set_cell(ChartRow::Pair(Pip::Eight), Pip::Ten, Cell::Split);
        c.set_cell(ChartRow::Hard(16), Pip::Ten, Cell::SurrenderHit);
        let eights = Hand::of(&[Pip::Eight, Pip::Eight]);
        assert_eq!(c.decide(&eights, Pip::Ten, ALL), Action::Split);
        // At the limit of hands: the pair is a hard 16.
        let at_limit = Allowed {
            split: false,
            ..ALL
        };
        assert_eq!(c.decide(&eights, Pip::Ten, at_limit), Action::Surrender);
        assert_eq!(c.decide(&eights, Pip::Ten, NONE), Action::Hit);
        let three = Hand::of(&[Pip::Five, Pip::Five, Pip::Six]);
        assert_eq!(c.decide(&three, Pip::Ten, ALL), Action::Hit);
        c.set_later_hit(16, false, Pip::Ten, false);
        assert_eq!(c.decide(&three, Pip::Ten, ALL), Action::Stand);
        assert_eq!(c.decide(&eights, Pip::Ten, NONE), Action::Hit);
        assert_eq!(
            c.decide(&Hand::of(&[Pip::Ace, Pip::Ten]), Pip::Two, ALL),
            Action::Stand
        );
        assert!(!c.later_hit(21, false, Pip::Two));
        assert_eq!(ChartRow::of(&three, false), None);
        assert_eq!(
            ChartRow::of(&Hand::of(&[Pip::Ace, Pip::Ace]), false),
            None,
            "soft 12 has no two-card row"
        );
    }
}
