//! Sample statistics the host reports: one mean, standard deviation and 95 % interval.
//!
//! The one place the host computes a 95 % interval of a mean, whatever it starts from: the
//! values ([`summary`]), their count, sum and sum of squares ([`summary_of_sums`]), or a
//! standard error the core computed ([`half_width`]). Below two values every one says the
//! same: no values, all zero; one value, its value, with deviation and half-width 0 (never
//! NaN). The arithmetic is each report's own, bit for bit: `Z95 * sd / sqrt(n)` from the
//! values, `scale * Z95 * sqrt(var / n)` from the sums, `Z95 * se` from a standard error
//! (the three are equal in exact arithmetic, not always in floating point).

/// The number of standard errors either side of the mean in a 95 % normal interval.
pub const Z95: f64 = 1.96;

/// Mean, sample standard deviation and the half-width of the 95 % normal interval (1.96
/// standard errors). No values: all zero; one value: its value, with deviation and half-width 0.
#[must_use]
pub fn summary(values: &[f64]) -> (f64, f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    let var = if values.len() > 1 {
        values.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let sd = cardtree::math::sqrt(var);
    (mean, sd, Z95 * sd / cardtree::math::sqrt(n))
}

/// [`summary`] of `n` values known only by their `sum` and `sum_sq` (sum of squares), in
/// units of `scale` (100: percent): `scale` times the mean, the standard deviation and the
/// half-width. The variance is `(sum_sq - n mean²) / (n - 1)`, 0 if rounding makes it negative.
/// Below two values as [`summary`]: `n` 0, all zero; `n` 1, `scale * sum` and zeros.
#[must_use]
pub fn summary_of_sums(n: f64, sum: f64, sum_sq: f64, scale: f64) -> (f64, f64, f64) {
    if n < 1.0 {
        return (0.0, 0.0, 0.0);
    }
    let mean = sum / n;
    if n < 2.0 {
        return (scale * mean, 0.0, 0.0);
    }
    let var = ((sum_sq - n * mean * mean) / (n - 1.0)).max(0.0);
    (
        scale * mean,
        scale * cardtree::math::sqrt(var),
        scale * Z95 * cardtree::math::sqrt(var / n),
    )
}

/// The half-width of the 95 % interval of a mean whose standard error is `se`: `Z95 * se`.
#[must_use]
pub fn half_width(se: f64) -> f64 {
    Z95 * se
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_samples_are_defined() {
        assert_eq!(summary(&[]), (0.0, 0.0, 0.0));
        assert_eq!(summary(&[3.0]), (3.0, 0.0, 0.0));
        let (m, sd, h) = summary(&[1.0, 3.0]);
        assert_eq!(m, 2.0);
        assert!((sd - 2f64.sqrt()).abs() < 1e-12);
        assert!((h - 1.96).abs() < 1e-12);
        assert_eq!(summary_of_sums(0.0, 0.0, 0.0, 100.0), (0.0, 0.0, 0.0));
        assert_eq!(summary_of_sums(1.0, -1.0, 1.0, 100.0), (-100.0, 0.0, 0.0));
    }

    #[test]
    fn the_sums_agree_with_the_values() {
        let values = [1.0, -1.0, 0.0, 1.5, -1.0, 1.0];
        let (m, sd, h) = summary(&values);
        let sum = values.iter().sum();
        let sum_sq = values.iter().map(|x| x * x).sum();
        let (ms, sds, hs) = summary_of_sums(values.len() as f64, sum, sum_sq, 1.0);
        for (a, b) in [(m, ms), (sd, sds), (h, hs)] {
            assert!((a - b).abs() < 1e-12, "{a} {b}");
        }
        assert!((half_width(sd / cardtree::math::sqrt(6.0)) - h).abs() < 1e-12);
    }
}
