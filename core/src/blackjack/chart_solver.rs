//! [`ChartSolver`]: the total-dependent basic strategy ([`Chart`]) of a rule set, computed
//! from exact values, and the exact expected value of playing it.
//!
//! The method, per dealer up card (the shoe full but for the up card):
//!
//! - A total-dependent strategy decides by class: a two-card hand by its row (hard total,
//!   soft total, pair), a hand of three cards or more by its total (hard or soft). Playing
//!   it, every hand composition has an exact value (stand values from the dealer's exact
//!   outcomes, hits as expectations over the next card, exactly as in the
//!   [`Oracle`](super::Oracle)), and the round has an exact value.
//! - A class's choice is the action of greatest expected value summed over the compositions
//!   of the class, each weighted by the chance that the strategy's play reaches it (for a
//!   two-card hand, the chance it is dealt). Changing one class's action changes the round's
//!   value by exactly that weighted sum, so a chart where no class gains by its own change
//!   is a local optimum of the round's value among total-dependent strategies.
//! - Hit / stand rules are chosen from the highest totals down (hard 21 .. 11, soft 21 .. 12,
//!   hard 10 .. 4), so that every hit is valued with the rules of the totals it can reach
//!   already chosen; then the two-card rows, then the pairs (splits valued exactly, resplits
//!   included, by the method of `resplit.rs`, the split hands played by the chart with
//!   doubles only under DAS and no surrender). The reach weights depend on the rules of lower
//!   totals, so the sweep repeats, from a dealer-like chart, until the chart no longer
//!   changes ([`ChartValue::sweeps`]).
//! - Reach weights count unsplit hands; split hands are played by the same rows and rules.

use super::chart::{Allowed, Cell, Chart, ChartRow};
use super::dealer::DealerCache;
use super::memo::{Memo, Slot};
use super::oracle::{
    Against, deal_probability, expect_next, settle, split_limit, two_card_deals, unit,
};
use super::resplit::{HandValues, split_value};
use super::{Action, BlackjackError, Hand, Pip, Rules, Shoe};

/// The most sweeps before [`ChartSolver::solve`] gives up waiting for the chart to settle
/// (it keeps the last chart and says so in [`ChartValue::sweeps`]).
pub const MAX_SWEEPS: u8 = 12;

/// Context of reach weights in the main memo (bit 55 of a key).
const WEIGHT: u64 = 1 << 55;

/// A computed chart and the exact value of playing it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ChartValue {
    /// The chart.
    pub chart: Chart,
    /// The expected return in bets of playing the chart, given each up card (ace first).
    pub by_up: [f64; 10],
    /// The probability of each up card.
    pub p_up: [f64; 10],
    /// The expected return in bets of playing the chart.
    pub total: f64,
    /// The most sweeps an up card took to settle (at most [`MAX_SWEEPS`]; equal to it if one
    /// did not settle).
    pub sweeps: u8,
}

/// Which memo a value lives in: the up card's compositions, or a split's scratch.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Table {
    Main,
    Scratch,
}

/// Computes the chart of a rule set; see the module docs.
#[derive(Debug)]
pub struct ChartSolver<'m> {
    rules: Rules,
    main: Memo<'m>,
    scratch: Memo<'m>,
    dealer: DealerCache,
    up: Pip,
    peeked: bool,
    chart: Chart,
}

impl<'m> ChartSolver<'m> {
    /// A solver for `rules` keeping its values in `slots` (half for the up card's hands, half
    /// for one split's; [`MEMO_SLOTS`](super::MEMO_SLOTS) is enough).
    pub fn new(rules: Rules, slots: &'m mut [Slot]) -> Result<ChartSolver<'m>, BlackjackError> {
        rules.validate()?;
        let half = slots.len() / 2;
        let (main, scratch) = slots.split_at_mut(half);
        Ok(ChartSolver {
            rules,
            main: Memo::new(main),
            scratch: Memo::new(scratch),
            dealer: DealerCache::new(),
            up: Pip::Ten,
            peeked: false,
            chart: Chart::dealer_like(),
        })
    }

    /// The most memo slots in use at once (both halves).
    #[must_use]
    pub const fn memo_peak(&self) -> usize {
        self.main.peak() + self.scratch.peak()
    }

    /// The chart for a round dealt from `shoe`, and the value of playing it.
    pub fn solve(&mut self, shoe: &Shoe) -> Result<ChartValue, BlackjackError> {
        let mut out = ChartValue {
            chart: Chart::dealer_like(),
            by_up: [0.0; 10],
            p_up: [0.0; 10],
            total: 0.0,
            sweeps: 0,
        };
        let w0 = f64::from(shoe.total());
        for up in Pip::ALL {
            let c = shoe.count(up);
            if c == 0 {
                continue;
            }
            let mut s1 = *shoe;
            s1.remove(up)?;
            let (ev, sweeps) = self.solve_up(&s1, up)?;
            let p = f64::from(c) / w0;
            if let (Some(b), Some(q)) =
                (out.by_up.get_mut(up.index()), out.p_up.get_mut(up.index()))
            {
                *b = ev;
                *q = p;
            }
            out.total += p * ev;
            out.sweeps = out.sweeps.max(sweeps);
        }
        out.chart = self.chart;
        Ok(out)
    }

    fn memo(&mut self, table: Table) -> &mut Memo<'m> {
        match table {
            Table::Main => &mut self.main,
            Table::Scratch => &mut self.scratch,
        }
    }

    /// The chart's column for `up` and the round's value given `up` (`s1`: the shoe less it),
    /// with the number of sweeps.
    fn solve_up(&mut self, s1: &Shoe, up: Pip) -> Result<(f64, u8), BlackjackError> {
        self.up = up;
        self.peeked =
            self.rules.dealer_peeks && up.blackjack_partner().is_some_and(|p| s1.count(p) > 0);
        self.main.clear();
        let mut sweeps = 0;
        loop {
            sweeps += 1;
            let before = self.chart;
            self.main.forget_best();
            self.sweep_later(s1)?;
            self.sweep_two_card(s1)?;
            self.sweep_pairs(s1)?;
            if self.chart == before || sweeps >= MAX_SWEEPS {
                break;
            }
        }
        Ok((self.round_value(s1)?, sweeps))
    }

    fn allowed_first(&self) -> Allowed {
        Allowed {
            double: self.rules.double_any_two,
            surrender: self.rules.late_surrender,
            split: true,
        }
    }

    fn allowed_split_hand(&self) -> Allowed {
        Allowed {
            double: self.rules.double_any_two && self.rules.double_after_split,
            surrender: false,
            split: false,
        }
    }

    /// The value of standing on `hand` (not bust) with `shoe` left.
    fn stand(
        &mut self,
        table: Table,
        shoe: &Shoe,
        hand: Hand,
        key: u64,
    ) -> Result<f64, BlackjackError> {
        let at = Against {
            up: self.up,
            h17: self.rules.dealer_hits_soft_17,
            peeked: self.peeked,
        };
        let memo = match table {
            Table::Main => &mut self.main,
            Table::Scratch => &mut self.scratch,
        };
        let i = memo.find(key)?;
        Ok(at.stand(memo, i, &mut self.dealer, shoe, hand))
    }

    /// The expectation over the next card of `then` ([`expect_next`]).
    fn draw_then(
        &mut self,
        table: Table,
        shoe: &mut Shoe,
        hand: Hand,
        key: u64,
        then: fn(&mut Self, Table, &mut Shoe, Hand, u64) -> Result<f64, BlackjackError>,
    ) -> Result<Option<f64>, BlackjackError> {
        let (up, peeked) = (self.up, self.peeked);
        expect_next(self, shoe, up, peeked, hand, key, |s, sh, h, k| {
            then(s, table, sh, h, k)
        })
    }

    /// The value of a hand of three cards or more (not bust) played by the chart's hit /
    /// stand rules.
    fn later(
        &mut self,
        table: Table,
        shoe: &mut Shoe,
        hand: Hand,
        key: u64,
    ) -> Result<f64, BlackjackError> {
        if !self.chart.later_hit(hand.total(), hand.is_soft(), self.up) {
            return self.stand(table, shoe, hand, key);
        }
        let i = self.memo(table).find(key)?;
        if let Some(v) = self.memo(table).best(i) {
            return Ok(v);
        }
        let v = match self.hit(table, shoe, hand, key)? {
            Some(v) => v,
            None => self.stand(table, shoe, hand, key)?,
        };
        let i = self.memo(table).find(key)?;
        self.memo(table).set_best(i, v);
        Ok(v)
    }

    /// Hit `hand`, then play by the chart's hit / stand rules.
    fn hit(
        &mut self,
        table: Table,
        shoe: &mut Shoe,
        hand: Hand,
        key: u64,
    ) -> Result<Option<f64>, BlackjackError> {
        self.draw_then(table, shoe, hand, key, Self::later)
    }

    /// Double `hand`: two bets, one card.
    fn double(
        &mut self,
        table: Table,
        shoe: &mut Shoe,
        hand: Hand,
        key: u64,
    ) -> Result<Option<f64>, BlackjackError> {
        let v = self.draw_then(table, shoe, hand, key, |s, t, sh, h, k| {
            s.stand(t, sh, h, k)
        })?;
        Ok(v.map(|v| 2.0 * v))
    }

    /// The value of `action` (not a split) on the two-card `hand`.
    fn act(
        &mut self,
        table: Table,
        shoe: &mut Shoe,
        hand: Hand,
        key: u64,
        action: Action,
    ) -> Result<f64, BlackjackError> {
        let v = match action {
            Action::Hit => self.hit(table, shoe, hand, key)?,
            Action::Double => self.double(table, shoe, hand, key)?,
            Action::Surrender => Some(-0.5),
            Action::Stand | Action::Split => None,
        };
        match v {
            Some(v) => Ok(v),
            None => self.stand(table, shoe, hand, key),
        }
    }

    /// Chooses the hit / stand rule of every total, highest first.
    fn sweep_later(&mut self, s1: &Shoe) -> Result<(), BlackjackError> {
        let order = (11..=21u8)
            .rev()
            .map(|t| (t, false))
            .chain((12..=21u8).rev().map(|t| (t, true)))
            .chain((4..=10u8).rev().map(|t| (t, false)));
        for (total, soft) in order {
            if total == 21 {
                self.chart.set_later_hit(total, soft, self.up, false);
                continue;
            }
            // Hands of three cards or more; a total only two cards make (hard 4, soft 12,
            // hard 20: a pair not split) by those two cards.
            let mut sums = [0.0f64; 2];
            for fewest in [3, 2] {
                let mut counts = [0u8; 10];
                let class = (total, soft);
                self.class_sums(s1, &mut counts, 0, Hand::EMPTY, 0, class, fewest, &mut sums)?;
                if sums != [0.0; 2] {
                    break;
                }
            }
            let [stand, hit] = sums;
            self.chart.set_later_hit(total, soft, self.up, hit > stand);
        }
        Ok(())
    }

    /// Adds, over the compositions of `fewest` cards or more extending `hand` with pips from
    /// index `from` on that have `class`, their reach weight times their standing and hitting
    /// values.
    #[allow(clippy::too_many_arguments)]
    fn class_sums(
        &mut self,
        s1: &Shoe,
        counts: &mut [u8; 10],
        from: usize,
        hand: Hand,
        key: u64,
        class: (u8, bool),
        fewest: u8,
        sums: &mut [f64; 2],
    ) -> Result<(), BlackjackError> {
        if hand.len() >= fewest && (hand.total(), hand.is_soft()) == class {
            let w = self.weight(s1, counts, hand, key)?;
            if w > 0.0 {
                let mut shoe = shoe_less(s1, counts)?;
                sums[0] += w * self.stand(Table::Main, &shoe, hand, key)?;
                let h = self.hit(Table::Main, &mut shoe, hand, key)?;
                sums[1] += w * h.unwrap_or(f64::NEG_INFINITY);
            }
        }
        for (i, pip) in Pip::ALL.iter().copied().enumerate().skip(from) {
            let Some(&n) = counts.get(i) else {
                continue;
            };
            let next = hand.with(pip);
            if next.hard() > 21 || u16::from(n) >= s1.count(pip) {
                continue;
            }
            if let Some(slot) = counts.get_mut(i) {
                *slot = n + 1;
            }
            let r = self.class_sums(s1, counts, i, next, key + unit(pip), class, fewest, sums);
            if let Some(slot) = counts.get_mut(i) {
                *slot = n;
            }
            r?;
        }
        Ok(())
    }

    /// The chance that the chart's play reaches the composition `counts` (the hand `hand`, of
    /// two cards or more, not bust) as an unsplit hand, before the peek's conditioning is
    /// divided out: for two cards the chance they are dealt and the dealer has no blackjack,
    /// for more the sum over the cards that could have come last.
    fn weight(
        &mut self,
        s1: &Shoe,
        counts: &mut [u8; 10],
        hand: Hand,
        key: u64,
    ) -> Result<f64, BlackjackError> {
        if hand.len() == 2 {
            let mut pips = Pip::ALL
                .iter()
                .copied()
                .filter(|p| counts.get(p.index()).is_some_and(|&c| c > 0));
            let a = pips.next().ok_or(BlackjackError::NotADecision)?;
            let b = pips.next().unwrap_or(a);
            let dealt = deal_probability(s1, a, b);
            if dealt <= 0.0 {
                return Ok(0.0);
            }
            let shoe = shoe_less(s1, counts)?;
            let q = if self.peeked {
                self.up
                    .blackjack_partner()
                    .map_or(0.0, |x| shoe.probability(x))
            } else {
                0.0
            };
            return Ok(dealt * (1.0 - q));
        }
        let i = self.main.find(key | WEIGHT)?;
        if let Some(w) = self.main.best(i) {
            return Ok(w);
        }
        let mut w = 0.0;
        for pip in Pip::ALL {
            let k = pip.index();
            let Some(&c) = counts.get(k) else { continue };
            if c == 0 {
                continue;
            }
            if let Some(slot) = counts.get_mut(k) {
                *slot = c - 1;
            }
            let before = hand_of(counts);
            let r = self.reach_step(s1, counts, before, key - unit(pip), pip);
            if let Some(slot) = counts.get_mut(k) {
                *slot = c;
            }
            w += r?;
        }
        let i = self.main.find(key | WEIGHT)?;
        self.main.set_best(i, w);
        Ok(w)
    }

    /// The chance of reaching `before` (the composition `counts`) and then drawing `pip` by
    /// hitting it.
    fn reach_step(
        &mut self,
        s1: &Shoe,
        counts: &mut [u8; 10],
        before: Hand,
        key: u64,
        pip: Pip,
    ) -> Result<f64, BlackjackError> {
        if before.len() < 2 || before.total() >= 21 {
            return Ok(0.0);
        }
        let hits = if before.len() == 2 {
            self.chart.decide(&before, self.up, self.allowed_first()) == Action::Hit
        } else {
            self.chart
                .later_hit(before.total(), before.is_soft(), self.up)
        };
        if !hits {
            return Ok(0.0);
        }
        let shoe = shoe_less(s1, counts)?;
        let Some((weights, w)) = shoe.next_card_weights(self.up, self.peeked) else {
            return Ok(0.0);
        };
        let p = weights.get(pip.index()).map_or(0.0, |&c| c as f64 / w);
        if p <= 0.0 {
            return Ok(0.0);
        }
        Ok(self.weight(s1, counts, before, key)? * p)
    }

    /// Chooses every two-card row but the pairs.
    fn sweep_two_card(&mut self, s1: &Shoe) -> Result<(), BlackjackError> {
        let rows = ChartRow::HARD
            .map(ChartRow::Hard)
            .chain(ChartRow::SOFT.map(ChartRow::Soft));
        for row in rows {
            // Weighted sums of stand, hit, double, surrender.
            let mut sums = [0.0f64; 4];
            for a in Pip::ALL {
                for b in Pip::ALL.into_iter().filter(|&b| b > a) {
                    let hand = Hand::of(&[a, b]);
                    if ChartRow::of(&hand, true) != Some(row) {
                        continue;
                    }
                    let mut counts = [0u8; 10];
                    for p in [a, b] {
                        if let Some(c) = counts.get_mut(p.index()) {
                            *c += 1;
                        }
                    }
                    let w = self.weight(s1, &mut counts, hand, unit(a) + unit(b))?;
                    if w <= 0.0 {
                        continue;
                    }
                    let mut shoe = shoe_less(s1, &counts)?;
                    let key = unit(a) + unit(b);
                    for (sum, action) in sums.iter_mut().zip(FOUR) {
                        *sum += w * self.act(Table::Main, &mut shoe, hand, key, action)?;
                    }
                }
            }
            let cell = self.choose(sums, None);
            self.chart.set_cell(row, self.up, cell);
        }
        Ok(())
    }

    /// The cell for values `[stand, hit, double, surrender]` (and a split's, for a pair) under
    /// the rules: the best allowed action, with the better of hit and stand (or the split)
    /// behind a double or surrender.
    fn choose(&self, values: [f64; 4], split: Option<f64>) -> Cell {
        let [stand, hit, double, surrender] = values;
        let base = if hit > stand { Cell::Hit } else { Cell::Stand };
        let base_value = stand.max(hit);
        let mut best = (base, base_value);
        if self.rules.double_any_two && double > best.1 {
            best = (
                if base == Cell::Hit {
                    Cell::DoubleHit
                } else {
                    Cell::DoubleStand
                },
                double,
            );
        }
        if let Some(sp) = split
            && sp > best.1
        {
            best = (Cell::Split, sp);
        }
        if self.rules.late_surrender && surrender > best.1 {
            best = (
                match best.0 {
                    Cell::Split => Cell::SurrenderSplit,
                    _ if base == Cell::Hit => Cell::SurrenderHit,
                    _ => Cell::SurrenderStand,
                },
                surrender,
            );
        }
        best.0
    }

    /// Chooses every pair row.
    fn sweep_pairs(&mut self, s1: &Shoe) -> Result<(), BlackjackError> {
        for p in Pip::ALL {
            if s1.count(p) < 2 {
                continue;
            }
            let hand = Hand::of(&[p, p]);
            let key = 2 * unit(p);
            let mut s2 = *s1;
            s2.remove(p)?;
            s2.remove(p)?;
            let mut values = [0.0f64; 4];
            for (v, action) in values.iter_mut().zip(FOUR) {
                *v = self.act(Table::Main, &mut s2, hand, key, action)?;
            }
            let split = self.split(&s2, p)?;
            let cell = self.choose(values, split);
            self.chart.set_cell(ChartRow::Pair(p), self.up, cell);
        }
        Ok(())
    }

    /// The value of splitting a pair of `pair` from `s2` (the shoe less the up card and both
    /// pair cards), the split hands played by the chart.
    fn split(&mut self, s2: &Shoe, pair: Pip) -> Result<Option<f64>, BlackjackError> {
        let most = split_limit(&self.rules, pair, 2);
        let (up, peeked) = (self.up, self.peeked);
        split_value(self, s2, pair, most, up, peeked, |solver, shoe, _| {
            solver.scratch.clear();
            solver.split_hand(shoe, pair)
        })
    }

    /// One split hand of `pair` dealt its second card from `shoe` and played by the chart
    /// without resplitting: its value over every second card and given a pair card.
    fn split_hand(&mut self, shoe: &Shoe, pair: Pip) -> Result<Option<HandValues>, BlackjackError> {
        let allowed = self.allowed_split_hand();
        let (up, peeked) = (self.up, self.peeked);
        HandValues::over_second_card(self, shoe, up, peeked, pair, |solver, shoe, hand, pip| {
            let key = unit(pair) + unit(pip);
            if pair == Pip::Ace {
                solver.stand(Table::Scratch, shoe, hand, key)
            } else {
                let action = solver.chart.decide(&hand, up, allowed);
                solver.act(Table::Scratch, shoe, hand, key, action)
            }
        })
    }

    /// The round's value given the up card, playing the chart.
    fn round_value(&mut self, s1: &Shoe) -> Result<f64, BlackjackError> {
        let partner = self.up.blackjack_partner();
        let allowed = self.allowed_first();
        let mut ev = 0.0;
        for (a, b, p, mut s2) in two_card_deals(s1) {
            let hand = Hand::of(&[a, b]);
            let natural = hand.is_blackjack();
            let v = if natural {
                self.rules.blackjack_pays
            } else {
                match self.chart.decide(&hand, self.up, allowed) {
                    Action::Split => self.split(&s2, a)?.unwrap_or(-1.0),
                    action => self.act(Table::Main, &mut s2, hand, unit(a) + unit(b), action)?,
                }
            };
            let q = partner.map_or(0.0, |x| s2.probability(x));
            ev += p * settle(v, natural, self.peeked, q);
        }
        Ok(ev)
    }
}

/// The four two-card actions valued for every row, in the order of [`ChartSolver::choose`].
const FOUR: [Action; 4] = [
    Action::Stand,
    Action::Hit,
    Action::Double,
    Action::Surrender,
];

/// The hand of the composition `counts`.
fn hand_of(counts: &[u8; 10]) -> Hand {
    let mut h = Hand::EMPTY;
    for (pip, &c) in Pip::ALL.iter().zip(counts) {
        for _ in 0..c {
            h = h.with(*pip);
        }
    }
    h
}

/// `s1` less the cards of `counts`.
fn shoe_less(s1: &Shoe, counts: &[u8; 10]) -> Result<Shoe, BlackjackError> {
    let mut shoe = *s1;
    for (pip, &c) in Pip::ALL.iter().zip(counts) {
        for _ in 0..c {
            shoe.remove(*pip)?;
        }
    }
    Ok(shoe)
}
