//! Seeded randomness that gives the same numbers on every machine.
//!
//! cardtree's generator is Xoshiro256++ ([`Xoshiro256PlusPlus`]) from `rand_xoshiro`. A run is
//! named by one `u64` seed; [`seeded`] is `Xoshiro256PlusPlus::seed_from_u64(seed)` and
//! [`stream`] derives the generator of task `i` of a run from `(seed, i)` alone, so that the
//! numbers a task sees never depend on which thread, core or machine runs it.
//!
//! The helpers draw only integers: [`below`] is unbiased by rejection and uses no floating
//! point, so a shuffle or pick is the same on a Cortex-M0 as on a desktop.

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::SplitMix64;
pub use rand_xoshiro::Xoshiro256PlusPlus;

/// SplitMix64's increment (the golden ratio in 64-bit fixed point); one step of its state.
const SPLITMIX_STEP: u64 = 0x9e37_79b9_7f4a_7c15;

/// The generator of a run with this seed: `Xoshiro256PlusPlus::seed_from_u64(seed)`, which
/// fills the 256-bit state with the first four outputs of SplitMix64 started at `seed`.
#[must_use]
pub fn seeded(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

/// The independent generator of task `task` of the run seeded `seed`.
///
/// The state is filled with outputs `4 * task + 1 ..= 4 * task + 4` of SplitMix64 started at
/// `seed`: task 0 is [`seeded(seed)`](seeded), and each task gets the next four, disjoint
/// outputs. SplitMix64 is a bijective mix of a counter, so the states of tasks
/// `0 .. 2^62` are all distinct, and Xoshiro256++ streams from distinct SplitMix-made states are
/// the standard way to seed parallel Xoshiro generators (Blackman & Vigna, "Scrambled linear
/// pseudorandom number generators", section 10). The stream depends on `(seed, task)` only:
/// never on thread identity or on how many tasks ran before.
#[must_use]
pub fn stream(seed: u64, task: u64) -> Xoshiro256PlusPlus {
    let skip = task.wrapping_mul(4).wrapping_mul(SPLITMIX_STEP);
    let mut mixer = SplitMix64::from_seed(seed.wrapping_add(skip).to_le_bytes());
    Xoshiro256PlusPlus::from_rng(&mut mixer)
}

/// A uniform integer in `0..n`, without modulo bias and without floating point.
///
/// Rejection method: with `t = 2^64 mod n`, draw `x` until `x >= t`, then return `x mod n`
/// (the same procedure as the generator of `tests/data/bridge/`'s deals). `n = 0` has no member:
/// it returns 0 and draws nothing.
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    let threshold = n.wrapping_neg() % n;
    loop {
        let x = rng.next_u64();
        if x >= threshold {
            return x % n;
        }
    }
}

/// A uniform index in `0..n` for `usize` lengths; see [`below`].
pub fn index<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    below(rng, n as u64) as usize
}

/// Shuffles `items` uniformly in place: Fisher-Yates from the last element down, swapping item
/// `i` with item [`below(i + 1)`](below).
pub fn shuffle<T, R: Rng + ?Sized>(rng: &mut R, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = index(rng, i + 1);
        items.swap(i, j);
    }
}

/// A uniformly chosen element, or `None` if `items` is empty.
pub fn choose<'a, T, R: Rng + ?Sized>(rng: &mut R, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() {
        return None;
    }
    items.get(index(rng, items.len()))
}

/// An index chosen with probability `weights[i] / sum(weights)`, by one integer draw; `None` if
/// every weight is zero. Used to sample chance outcomes listed with integer weights.
pub fn choose_weighted<R: Rng + ?Sized>(rng: &mut R, weights: &[u32]) -> Option<usize> {
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    if total == 0 {
        return None;
    }
    let mut x = below(rng, total);
    for (i, &w) in weights.iter().enumerate() {
        let w = u64::from(w);
        if x < w {
            return Some(i);
        }
        x -= w;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xoshiro_reference_values() {
        // First outputs of Xoshiro256++ seeded with state [1, 2, 3, 4], from the reference C
        // implementation (the same vector `rand_xoshiro` checks).
        let mut seed = [0u8; 32];
        for (i, w) in [1u64, 2, 3, 4].iter().enumerate() {
            seed[i * 8..i * 8 + 8].copy_from_slice(&w.to_le_bytes());
        }
        let mut rng = Xoshiro256PlusPlus::from_seed(seed);
        assert_eq!(rng.next_u64(), 41_943_041);
        assert_eq!(rng.next_u64(), 58_720_359);
        assert_eq!(rng.next_u64(), 3_588_806_011_781_223);
    }

    #[test]
    fn stream_zero_is_the_seeded_generator_and_streams_skip_four_outputs() {
        for seed in [0, 1, 42, u64::MAX] {
            assert_eq!(stream(seed, 0), seeded(seed));
            for task in [1u64, 2, 7, 1000] {
                let mut mixer = SplitMix64::seed_from_u64(seed);
                for _ in 0..4 * task {
                    mixer.next_u64();
                }
                assert_eq!(stream(seed, task), Xoshiro256PlusPlus::from_rng(&mut mixer));
            }
            assert_ne!(stream(seed, 1), stream(seed, 2));
        }
    }

    #[test]
    fn below_is_in_range_and_uniform_enough() {
        let mut rng = seeded(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[below(&mut rng, 6) as usize] += 1;
        }
        for c in counts {
            assert!((9_400..10_600).contains(&c), "{counts:?}");
        }
        assert_eq!(below(&mut rng, 0), 0);
        assert_eq!(below(&mut rng, 1), 0);
        // A bound just above 2^63 rejects almost half of all draws and must still terminate.
        let big = (1u64 << 63) + 1;
        assert!(below(&mut rng, big) < big);
    }

    #[test]
    fn shuffle_is_a_permutation_and_seed_determined() {
        let mut a = [0u8; 52];
        for (i, x) in a.iter_mut().enumerate() {
            *x = i as u8;
        }
        let mut b = a;
        shuffle(&mut seeded(3), &mut a);
        shuffle(&mut seeded(3), &mut b);
        assert_eq!(a, b);
        let mut sorted = a;
        sorted.sort_unstable();
        assert_eq!(
            sorted
                .iter()
                .enumerate()
                .filter(|(i, x)| *i as u8 != **x)
                .count(),
            0
        );
        assert_ne!(a, sorted);
        shuffle::<u8, _>(&mut seeded(3), &mut []);
    }

    #[test]
    fn picks() {
        let mut rng = seeded(11);
        assert_eq!(choose::<u8, _>(&mut rng, &[]), None);
        assert_eq!(choose(&mut rng, &[5]), Some(&5));
        assert_eq!(choose_weighted(&mut rng, &[0, 0]), None);
        assert_eq!(choose_weighted(&mut rng, &[]), None);
        for _ in 0..20 {
            assert_eq!(choose_weighted(&mut rng, &[0, 3, 0]), Some(1));
        }
        let mut counts = [0u32; 2];
        for _ in 0..40_000 {
            counts[choose_weighted(&mut rng, &[1, 3]).unwrap()] += 1;
        }
        assert!((9_500..10_500).contains(&counts[0]), "{counts:?}");
    }
}
