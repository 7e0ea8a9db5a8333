//! `java.util.Random`, the generator the Parameterized Poker Squares framework draws its random
//! point systems with, so that a seed names the same system here as there.

/// The 48-bit linear congruential generator of `java.util.Random` (Knuth, TAOCP vol. 2,
/// section 3.2.1): `seed = seed * 0x5DEECE66D + 0xB mod 2^48`, output the top bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JavaRandom {
    seed: u64,
}

const MULTIPLIER: u64 = 0x5_DEEC_E66D;
const ADDEND: u64 = 0xB;
const MASK: u64 = (1 << 48) - 1;

impl JavaRandom {
    /// `new Random(seed)` (the seed is scrambled with the multiplier as Java does).
    #[must_use]
    pub const fn new(seed: i64) -> JavaRandom {
        JavaRandom {
            seed: (seed as u64 ^ MULTIPLIER) & MASK,
        }
    }

    /// `next(bits)`: the top `bits` bits of the next state, as Java's `int`.
    fn next(&mut self, bits: u32) -> i32 {
        self.seed = (self.seed.wrapping_mul(MULTIPLIER).wrapping_add(ADDEND)) & MASK;
        (self.seed >> (48 - bits)) as i64 as i32
    }

    /// `nextInt(bound)` for `bound > 0` (returns 0 for other bounds, where Java throws).
    pub fn next_int(&mut self, bound: i32) -> i32 {
        if bound <= 0 {
            return 0;
        }
        if bound & bound.wrapping_neg() == bound {
            return ((i64::from(bound) * i64::from(self.next(31))) >> 31) as i32;
        }
        loop {
            let bits = self.next(31);
            let val = bits % bound;
            if bits.wrapping_sub(val).wrapping_add(bound - 1) >= 0 {
                return val;
            }
        }
    }

    /// `nextBoolean()`.
    pub fn next_boolean(&mut self) -> bool {
        self.next(1) != 0
    }

    /// `nextDouble()`: 53 random bits over `2^53`.
    pub fn next_double(&mut self) -> f64 {
        let hi = i64::from(self.next(26)) << 27;
        let lo = i64::from(self.next(27));
        (hi + lo) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_java() {
        // new Random(42): nextInt(), nextInt(10) x3, as printed by OpenJDK.
        let mut r = JavaRandom::new(42);
        assert_eq!(r.next(32), -1_170_105_035);
        let mut r = JavaRandom::new(42);
        assert_eq!([r.next_int(10), r.next_int(10), r.next_int(10)], [0, 3, 8]);
        let mut r = JavaRandom::new(0);
        assert_eq!(r.next_int(100), 60);
        let mut r = JavaRandom::new(0);
        let d = r.next_double();
        assert!((d - 0.730_967_787_376_657).abs() < 1e-15, "{d}");
        assert_eq!(JavaRandom::new(1).next_int(0), 0);
    }
}
