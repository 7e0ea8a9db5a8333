//! Sample statistics the host reports: one mean, standard deviation and 95 % interval.

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
    (mean, sd, 1.96 * sd / cardtree::math::sqrt(n))
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
    }
}
