//! The only door to floating-point functions in cardtree.
//!
//! Every transcendental function the core computes goes through here, and here only through
//! `libm`, a pure-Rust port of musl's maths library. The standard library's `f64::powf`, `ln`
//! and `exp` call the platform's library instead, whose results differ from musl's in the last
//! bit on some inputs; a Cortex-M has no platform library at all. Routing everything through
//! `libm` makes a seeded search give the same bits on every target. The host uses these
//! functions too for anything the core also computes.
//!
//! Basic arithmetic (`+ - * /`) and [`sqrt`] are correctly rounded by IEEE 754 on every target,
//! hardware or soft float, so they need no wrapper for determinism; `sqrt` has one anyway so
//! that the search code never has to ask.

/// `x` to the power `y`.
#[inline]
#[must_use]
pub fn pow(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}

/// `x` to the integer power `n` by repeated squaring: a fixed sequence of correctly rounded
/// multiplications, so the same bits everywhere, and several times faster than [`pow`].
/// Negative `n` gives `1 / x^|n|`.
#[must_use]
pub fn powi(x: f64, n: i32) -> f64 {
    let mut base = x;
    let mut e = n.unsigned_abs();
    let mut acc = 1.0;
    while e > 0 {
        if e & 1 == 1 {
            acc *= base;
        }
        e >>= 1;
        if e > 0 {
            base *= base;
        }
    }
    if n < 0 { 1.0 / acc } else { acc }
}

/// The natural logarithm of `x`.
#[inline]
#[must_use]
pub fn ln(x: f64) -> f64 {
    libm::log(x)
}

/// `e` to the power `x`.
#[inline]
#[must_use]
pub fn exp(x: f64) -> f64 {
    libm::exp(x)
}

/// The square root of `x` (correctly rounded).
#[inline]
#[must_use]
pub fn sqrt(x: f64) -> f64 {
    libm::sqrt(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libm_agrees_on_exact_cases() {
        assert_eq!(pow(2.0, 10.0), 1024.0);
        assert_eq!(pow(9.0, 0.5), 3.0);
        assert_eq!(ln(1.0), 0.0);
        assert_eq!(exp(0.0), 1.0);
        assert_eq!(sqrt(2.25), 1.5);
    }

    #[test]
    fn powi_matches_repeated_multiplication() {
        for &x in &[0.0, 0.5, 0.999, 1.0, 1.5, 13.0] {
            let mut m = 1.0;
            for n in 0..=20 {
                let p = powi(x, n);
                assert!((p - m).abs() <= m * 1e-14, "{x}^{n}: {p} vs {m}");
                assert!((powi(x, n) - pow(x, f64::from(n))).abs() <= m * 1e-14);
                m *= x;
            }
        }
        assert_eq!(powi(2.0, -2), 0.25);
        assert_eq!(powi(7.0, 0), 1.0);
        assert_eq!(powi(2.0, i32::MIN), 0.0);
    }
}
