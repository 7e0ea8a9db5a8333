//! The weighted power mean, McKay's "generalized average".

use core::fmt;

use crate::math;

/// The exponent `p` of a power mean: a finite number `>= 1`, or infinity (the maximum).
///
/// Integer exponents up to [`Power::MAX_INTEGER`] are raised by repeated squaring
/// ([`math::powi`]); other exponents by [`math::pow`].
///
/// McKay & Kruskal ("A New Method of Averaging in Monte Carlo Game Tree Search", undated, 2009
/// or later; section "Generalized average" and the appendix) replace the visit-weighted mean of
/// UCT's backpropagation by
///
/// ```text
/// M_p(x, w) = ( sum_i w_i x_i^p / sum_i w_i )^(1/p)        x_i >= 0, p >= 1
/// ```
///
/// on the maximising side, and by `hi - M_p(hi - x, w)` on the minimising side (with `hi = 13`
/// tricks in bridge), so that on both sides the better children weigh more (Rivest's
/// generalized mean-value backups). `p = 1` is the weighted mean and `p -> infinity` tends to the
/// maximum (the minimum on the minimising side).
///
/// All powers go through [`crate::math`], so the result has the same bits on every target.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Power(f64);

impl Power {
    /// `p = 1`: the weighted arithmetic mean.
    pub const MEAN: Power = Power(1.0);
    /// `p = infinity`: the maximum (the minimum on the minimising side).
    pub const MAX: Power = Power(f64::INFINITY);
    /// The largest integer exponent raised by repeated squaring rather than by `pow`.
    pub const MAX_INTEGER: u32 = 1024;

    /// The exponent `p`: finite and `>= 1`, or `f64::INFINITY`.
    pub fn new(p: f64) -> Result<Power, PowerError> {
        if p >= 1.0 {
            Ok(Power(p))
        } else {
            Err(PowerError { p })
        }
    }

    /// The integer exponent `p >= 1`.
    pub fn integer(p: u32) -> Result<Power, PowerError> {
        Power::new(f64::from(p))
    }

    /// The exponent as a number (`f64::INFINITY` for the maximum).
    #[must_use]
    pub fn get(self) -> f64 {
        self.0
    }

    /// Whether this is `p = 1`, the plain weighted mean.
    #[must_use]
    pub fn is_mean(self) -> bool {
        self.0 == 1.0
    }

    /// `x^p` for `0 <= x <= 1`, as the mean computes it.
    fn raise(self, x: f64) -> f64 {
        let p = self.0;
        if p <= f64::from(Power::MAX_INTEGER) && p == f64::from(p as i32) {
            math::powi(x, p as i32)
        } else {
            math::pow(x, p)
        }
    }

    /// The weighted power mean `M_p` of `(value, weight)` pairs; see [`Power`].
    ///
    /// Values are scaled by the largest value with positive weight before they are raised, so
    /// no power overflows (any `p`, values up to `f64::MAX`); `p = 1` is computed as
    /// `sum w x / sum w` with no power at all, and `p = infinity` is the largest value with
    /// positive weight. The result is clamped into `[min, max]` of the values of positive
    /// weight, where rounding could otherwise put it an ulp outside. Pairs of weight zero are
    /// ignored.
    ///
    /// Errors: no pair of positive weight, a negative or non-finite value or weight, weights
    /// whose sum overflows.
    pub fn mean<I>(self, items: I) -> Result<f64, MeanError>
    where
        I: IntoIterator<Item = (f64, f64)>,
        I::IntoIter: Clone,
    {
        self.mean_of(items.into_iter(), None)
    }

    /// The minimax-aware mean for the minimising side: `hi - M_p(hi - x, w)`, so that the
    /// smaller values weigh more (McKay's `13 - M_p(13 - X_i)`). Every value must lie in
    /// `[0, hi]`; `p = infinity` gives the minimum. Clamped into `[min, max]` like
    /// [`mean`](Power::mean).
    pub fn mean_min<I>(self, hi: f64, items: I) -> Result<f64, MeanError>
    where
        I: IntoIterator<Item = (f64, f64)>,
        I::IntoIter: Clone,
    {
        if !hi.is_finite() {
            return Err(MeanError::BadBound);
        }
        self.mean_of(items.into_iter(), Some(hi))
    }

    /// `M_p(x)`, or `hi - M_p(hi - x)` when `flip` is `Some(hi)`, clamped into the range of `x`.
    fn mean_of<I>(self, items: I, flip: Option<f64>) -> Result<f64, MeanError>
    where
        I: Iterator<Item = (f64, f64)> + Clone,
    {
        let term = |x: f64| flip.map_or(x, |hi| hi - x);
        // First pass: check every pair; the range of the values, of the averaged terms, and
        // the total weight.
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        let mut largest = 0.0f64;
        let mut total = 0.0f64;
        let mut weighted = 0.0f64;
        for (i, (x, w)) in items.clone().enumerate() {
            let t = term(x);
            if !(x.is_finite() && t >= 0.0) {
                return Err(MeanError::BadValue { index: i });
            }
            if !(w >= 0.0 && w.is_finite()) {
                return Err(MeanError::BadWeight { index: i });
            }
            if w > 0.0 {
                lo = lo.min(x);
                hi = hi.max(x);
                largest = largest.max(t);
                total += w;
                weighted += w * t;
            }
        }
        if total == 0.0 {
            return Err(MeanError::NoWeight);
        }
        if !total.is_finite() || !weighted.is_finite() && self.is_mean() {
            return Err(MeanError::Overflow);
        }
        if lo == hi {
            // Every mean of equal values is that value (the clamp below would give it too).
            return Ok(lo);
        }
        if self.0 == f64::INFINITY {
            // The extreme value itself, not `hi - (hi - min)`, which may round.
            return Ok(if flip.is_some() { lo } else { hi });
        }
        let m = if self.is_mean() {
            weighted / total
        } else if largest == 0.0 {
            largest
        } else {
            // Second pass: sum w (t / largest)^p, every term in [0, w]. The largest term
            // contributes at least its weight, so the ratio lies in (0, 1] and the root
            // cannot overflow or be NaN.
            let mut sum = 0.0;
            for (x, w) in items {
                if w > 0.0 {
                    sum += w * self.raise(term(x) / largest);
                }
            }
            largest * math::pow(sum / total, 1.0 / self.0)
        };
        // `max`/`min` rather than `clamp`, which panics on NaN bounds.
        Ok(term(m).max(lo).min(hi))
    }
}

/// An exponent below 1 (or NaN) was given to [`Power::new`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct PowerError {
    /// The exponent given.
    pub p: f64,
}

impl fmt::Display for PowerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "power-mean exponent {} is not >= 1", self.p)
    }
}

impl core::error::Error for PowerError {}

/// Why a power mean could not be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum MeanError {
    /// No pair had a positive weight (or there were none).
    NoWeight,
    /// The value at this position is negative, NaN or infinite (for [`Power::mean_min`]:
    /// above `hi`).
    BadValue {
        /// Position of the pair in the input.
        index: usize,
    },
    /// The weight at this position is negative, NaN or infinite.
    BadWeight {
        /// Position of the pair in the input.
        index: usize,
    },
    /// The upper bound `hi` given to [`Power::mean_min`] is not finite.
    BadBound,
    /// The sum of the weights, or for `p = 1` of the weighted values, exceeds `f64::MAX`.
    Overflow,
}

impl fmt::Display for MeanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeanError::NoWeight => f.write_str("power mean of nothing: no positive weight"),
            MeanError::BadValue { index } => {
                write!(
                    f,
                    "power mean: value {index} is negative, above the bound or not finite"
                )
            }
            MeanError::BadWeight { index } => {
                write!(f, "power mean: weight {index} is negative or not finite")
            }
            MeanError::BadBound => f.write_str("power mean: the upper bound is not finite"),
            MeanError::Overflow => f.write_str("power mean: weights or weighted sum overflow f64"),
        }
    }
}

impl core::error::Error for MeanError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(xs: &[f64], ws: &[f64]) -> impl Iterator<Item = (f64, f64)> + Clone {
        xs.iter().copied().zip(ws.iter().copied())
    }

    const XS: [f64; 5] = [3.0, 7.0, 7.5, 10.0, 12.0];
    const WS: [f64; 5] = [5.0, 1.0, 20.0, 3.0, 2.0];

    #[test]
    fn p1_is_the_weighted_mean_exactly() {
        let m = Power::MEAN.mean(pairs(&XS, &WS)).unwrap();
        let mut s = 0.0;
        let mut t = 0.0;
        for (x, w) in XS.iter().zip(WS) {
            s += w * x;
            t += w;
        }
        assert_eq!(m.to_bits(), (s / t).to_bits());
        assert_eq!(Power::integer(1).unwrap().mean(pairs(&XS, &WS)), Ok(m));
    }

    #[test]
    fn between_min_and_max_and_monotone_in_p() {
        let lo = 3.0;
        let hi = 12.0;
        let mut prev = 0.0;
        for p in [
            1.0, 1.5, 2.0, 3.0, 5.0, 8.0, 15.0, 32.0, 64.0, 100.5, 1000.0, 1e6,
        ] {
            let m = Power::new(p).unwrap().mean(pairs(&XS, &WS)).unwrap();
            assert!(lo <= m && m <= hi, "p={p}: {m}");
            assert!(m >= prev, "p={p}: {m} < {prev}");
            prev = m;
            let n = Power::new(p)
                .unwrap()
                .mean_min(13.0, pairs(&XS, &WS))
                .unwrap();
            assert!(lo <= n && n <= hi, "min side p={p}: {n}");
        }
        assert_eq!(Power::MAX.mean(pairs(&XS, &WS)), Ok(12.0));
        assert_eq!(Power::MAX.mean_min(13.0, pairs(&XS, &WS)), Ok(3.0));
        assert!(prev > 11.9, "M_1e6 = {prev} should be near the max");
    }

    #[test]
    fn no_overflow_or_nan_for_large_values_and_powers() {
        let xs = [1e6, 999_999.0, 1.0, 0.0];
        let ws = [1.0, 1e6, 3.0, 7.0];
        for p in [2.0, 64.0, 65.0, 500.0, 1e9] {
            let m = Power::new(p).unwrap().mean(pairs(&xs, &ws)).unwrap();
            assert!(m.is_finite() && (0.0..=1e6).contains(&m), "p={p}: {m}");
        }
        let big = [f64::MAX, f64::MAX / 2.0];
        let m = Power::new(64.0)
            .unwrap()
            .mean(pairs(&big, &[1.0, 1.0]))
            .unwrap();
        assert!(m.is_finite() && m <= f64::MAX);
    }

    #[test]
    fn zeros_and_weights() {
        assert_eq!(
            Power::new(5.0)
                .unwrap()
                .mean(pairs(&[0.0, 0.0], &[1.0, 2.0])),
            Ok(0.0)
        );
        // A zero weight removes its value entirely, even the largest.
        let m = Power::new(3.0)
            .unwrap()
            .mean(pairs(&[2.0, 100.0], &[1.0, 0.0]))
            .unwrap();
        assert_eq!(m, 2.0);
        let mut one = Power::new(7.0)
            .unwrap()
            .mean(pairs(&[4.0], &[9.0]))
            .unwrap();
        assert!((one - 4.0).abs() < 1e-12);
        one = Power::new(7.5)
            .unwrap()
            .mean_min(13.0, pairs(&[4.0], &[9.0]))
            .unwrap();
        assert!((one - 4.0).abs() < 1e-12);
    }

    #[test]
    fn mckay_figure_two_shape() {
        // A max node over children 9 (3 visits) and 5 (1 visit): p = 2 leans to the 9, and the
        // min-side form leans to the 5.
        let kids = pairs(&[9.0, 5.0], &[3.0, 1.0]);
        let mean = Power::MEAN.mean(kids.clone()).unwrap();
        let max_side = Power::new(2.0).unwrap().mean(kids.clone()).unwrap();
        let min_side = Power::new(2.0).unwrap().mean_min(13.0, kids).unwrap();
        assert_eq!(mean, 8.0);
        assert!((max_side - math::sqrt((3.0 * 81.0 + 25.0) / 4.0)).abs() < 1e-12);
        assert!(max_side > mean && min_side < mean);
    }

    #[test]
    fn errors() {
        assert_eq!(Power::new(0.5), Err(PowerError { p: 0.5 }));
        assert!(Power::new(f64::NAN).is_err());
        assert!(Power::new(-1.0).is_err());
        assert!(Power::new(f64::INFINITY).is_ok());
        assert_eq!(Power::integer(0), Err(PowerError { p: 0.0 }));
        let p = Power::new(2.0).unwrap();
        assert_eq!(p.mean(pairs(&[], &[])), Err(MeanError::NoWeight));
        assert_eq!(p.mean(pairs(&[1.0], &[0.0])), Err(MeanError::NoWeight));
        assert_eq!(
            p.mean(pairs(&[1.0, -1.0], &[1.0, 1.0])),
            Err(MeanError::BadValue { index: 1 })
        );
        assert_eq!(
            p.mean(pairs(&[f64::NAN], &[1.0])),
            Err(MeanError::BadValue { index: 0 })
        );
        assert_eq!(
            p.mean(pairs(&[1.0], &[-1.0])),
            Err(MeanError::BadWeight { index: 0 })
        );
        assert_eq!(
            p.mean(pairs(&[1.0], &[f64::INFINITY])),
            Err(MeanError::BadWeight { index: 0 })
        );
        assert_eq!(
            p.mean_min(13.0, pairs(&[14.0], &[1.0])),
            Err(MeanError::BadValue { index: 0 })
        );
        assert_eq!(
            p.mean_min(f64::NAN, pairs(&[1.0], &[1.0])),
            Err(MeanError::BadBound)
        );
    }
}
