//! Hard pruning of placements by the heuristic (Arrington, Langley & Bogaerts, "Using Domain
//! Knowledge to Improve Monte-Carlo Tree Search Performance in Parameterized Poker Squares",
//! AAAI 2016, "Modified Selection Through Pruning"): children below delta times the parent's
//! value go, unless that would remove more than 70 % of them, in which case only the bottom
//! 50 % go.

/// The pruning rule's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct PruneRule {
    /// Children whose value is below `delta * h(parent)` are pruned; 1.3 (Arrington et al.
    /// 2016, "Modified Selection Through Pruning").
    pub delta: f64,
    /// The most children the threshold may prune, as a fraction; 0.7 (ibid.).
    pub max_fraction: f64,
    /// The fraction pruned (the lowest) when the threshold would prune too many; 0.5 (ibid.).
    pub fallback_fraction: f64,
}

impl PruneRule {
    /// The papers' rule: delta 1.3, at most 70 %, else the bottom 50 %.
    pub const PAPER: PruneRule = PruneRule {
        delta: 1.3,
        max_fraction: 0.7,
        fallback_fraction: 0.5,
    };

    /// The papers' rule ([`PruneRule::PAPER`]).
    #[must_use]
    pub const fn new() -> PruneRule {
        PruneRule::PAPER
    }

    /// The pruned children as bits `1 << i` of `values` (at most 32 children; later ones are
    /// never pruned). The result never prunes every child.
    #[must_use]
    pub fn prune(&self, values: &[f64], parent: f64) -> u32 {
        let n = values.len().min(32);
        let threshold = self.delta * parent;
        let mut mask = 0u32;
        for (i, v) in values.iter().take(n).enumerate() {
            if *v < threshold {
                mask |= 1 << i;
            }
        }
        if f64::from(mask.count_ones()) > self.max_fraction * n as f64 {
            mask = bottom(values, n, (self.fallback_fraction * n as f64) as usize);
        }
        if mask.count_ones() as usize >= n {
            mask = 0;
        }
        mask
    }
}

impl Default for PruneRule {
    fn default() -> Self {
        PruneRule::new()
    }
}

/// The `k` lowest of the first `n` values as a bit mask (ties: the earlier index first).
fn bottom(values: &[f64], n: usize, k: usize) -> u32 {
    let mut mask = 0u32;
    for _ in 0..k.min(n) {
        let mut best: Option<(usize, f64)> = None;
        for (i, &v) in values.iter().take(n).enumerate() {
            if mask & (1 << i) != 0 {
                continue;
            }
            if best.is_none_or(|(_, b)| v < b) {
                best = Some((i, v));
            }
        }
        if let Some((i, _)) = best {
            mask |= 1 << i;
        }
    }
    mask
}

/// The index of the largest value (the first of equals), or `None` for no values.
#[must_use]
pub fn best_index(values: &[f64]) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (i, &v) in values.iter().enumerate() {
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((i, v));
        }
    }
    best.map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threshold_and_safeguards() {
        let r = PruneRule::PAPER;
        // Parent 10: threshold 13. Two of five below: pruned.
        assert_eq!(r.prune(&[12.0, 20.0, 14.0, 5.0, 13.0], 10.0), 0b01001);
        // Four of five below (80 % > 70 %): only the bottom 50 % (two) go.
        assert_eq!(r.prune(&[1.0, 2.0, 3.0, 4.0, 20.0], 10.0), 0b00011);
        // Exactly 70 % may go: 7 of 10.
        let v = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 50.0, 50.0, 50.0];
        assert_eq!(r.prune(&v, 10.0).count_ones(), 7);
        // A single child is never pruned; neither is everything.
        assert_eq!(r.prune(&[0.0], 10.0), 0);
        assert_eq!(r.prune(&[], 10.0), 0);
        assert_eq!(r.prune(&[0.0, 0.0], 10.0), 0b01);
        assert_eq!(best_index(&[1.0, 3.0, 3.0]), Some(1));
        assert_eq!(best_index(&[]), None);
    }
}
