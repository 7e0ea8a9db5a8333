//! A table entry: a pattern and its bounds in four words ([`encode`], [`decode`],
//! [`matches`]), a block's header words, and the signatures that rule most of a block's
//! entries out before their words are compared.

use super::BLOCK_ENTRIES;
use super::BLOCK_LINES;
use crate::bridge::solver::pattern::{self, Pattern};

/// The bits of an entry word that hold a part of its bounds.
pub(super) const BOUND_BITS: u32 = 3 << 30;
/// Header words of a block: its entry count, the next block of its chain (index + 1), and
/// two words of entry signatures.
pub(super) const HEADER_LEN: usize = BLOCK_ENTRIES * 4;
pub(super) const HEADER_NEXT: usize = BLOCK_ENTRIES * 4 + 1;
pub(super) const HEADER_SIG: usize = BLOCK_ENTRIES * 4 + 2;

/// An entry's signature, a quick test that rules most entries out before their four words are
/// compared: for each of the first three suits, whether the entry keeps any rank of it (bit
/// 0) and the owner of its top card (bits 1 and 2). Nine bits a lane, seven lanes in a
/// block's two signature words.
pub(super) const SIG_BITS: u32 = 9;
pub(super) const SIG_LANE: u64 = (1 << SIG_BITS) - 1;
/// Per lane: the bits that say a suit is kept, and the low bit of each suit's owner.
pub(super) const SIG_KEPT: u64 = lanes(0b001_001_001);
pub(super) const SIG_LOW: u64 = lanes(0b010_010_010);
/// Per lane: bit 1, where [`candidates`] leaves its answer.
pub(super) const SIG_ANSWER: u64 = lanes(0b10);
// A block's signatures fit its two signature words, which fit its last line.
const _: () =
    assert!(SIG_BITS as usize * BLOCK_ENTRIES <= 64 && HEADER_SIG + 1 < BLOCK_LINES * 16,);

const fn lanes(x: u64) -> u64 {
    let mut v = 0;
    let mut e = 0;
    while e < BLOCK_ENTRIES as u32 {
        v |= x << (SIG_BITS * e);
        e += 1;
    }
    v
}

/// The signature of entry `w`.
pub(super) fn signature(w: &[u32; 4]) -> u64 {
    let mut sig = 0;
    for (s, &word) in w.iter().take(3).enumerate() {
        let kept = u64::from((word >> 26) & 15 != 0);
        sig |= (kept | (u64::from((word >> 24) & 3) << 1)) << (3 * s);
    }
    sig
}

/// The position's signature in every lane (each suit marked kept: the top card's owner).
pub(super) fn wanted(position: &Pattern) -> u64 {
    let mut sig = 0;
    for s in 0..3 {
        sig |= (1 | (u64::from((position.owners[s] >> 24) & 3) << 1)) << (3 * s);
    }
    sig * lanes(1)
}

/// Bit 1 of each lane set where the entry may match the position: in every suit the entry
/// keeps, its top card's owner is the position's.
#[inline]
pub(super) fn candidates(sigs: u64, wanted: u64) -> u64 {
    let kept = sigs & SIG_KEPT;
    let differ = (sigs ^ wanted) & ((kept << 1) | (kept << 2));
    // Each suit's two owner bits to its low one, then the three suits to the first's.
    let any = (differ | (differ >> 1)) & SIG_LOW;
    let any = any | (any >> 3) | (any >> 6);
    !any & SIG_ANSWER
}

/// An entry as four words, one a suit: the suit's masked owners (bits 0..26), its count of
/// relevant ranks (bits 26..30), and two bits of the bounds (bits 30..32: the lower bound's
/// in the first two suits, the upper bound's in the last two).
pub(super) fn encode(p: &Pattern, lower: u8, upper: u8) -> [u32; 4] {
    let mut w = [0u32; 4];
    for (s, slot) in w.iter_mut().enumerate() {
        let bound = if s < 2 { lower } else { upper };
        let bits = (u32::from(bound) >> ((s & 1) * 2)) & 3;
        *slot = p.owners[s] | (u32::from(p.cut[s]) << 26) | (bits << 30);
    }
    w
}

/// The owner bits a suit's count of relevant ranks `k` (an entry word's bits 26..30) keeps:
/// [`mask`](pattern::mask) of `k`, looked up (14 and 15 never occur; they keep all 13).
pub(super) const KEPT: [u32; 16] = {
    let mut t = [0; 16];
    let mut k = 0;
    while k < 16 {
        t[k] = pattern::mask(k as u8);
        k += 1;
    }
    t
};

/// Whether the entry `w` describes the whole position `position`: in each suit, the owners
/// of the ranks it keeps are the position's.
#[inline]
pub(super) fn matches(w: &[u32; 4], position: &Pattern) -> bool {
    // The bounds' and the count's bits fall outside `KEPT`, and the entry's owner bits
    // outside it are zero. All four suits at once, without a branch between them: which suit
    // differs first is data the branch predictor cannot learn.
    let differ = |s: usize| (position.owners[s] ^ w[s]) & KEPT[(w[s] >> 26) as usize & 15];
    differ(0) | differ(1) | differ(2) | differ(3) == 0
}

pub(super) fn decode(w: [u32; 4]) -> (Pattern, u8, u8) {
    let mut p = Pattern::default();
    for (s, &word) in w.iter().enumerate() {
        p.owners[s] = word & pattern::FIELD;
        p.cut[s] = ((word >> 26) & 15) as u8;
    }
    let lower = ((w[0] >> 30) | ((w[1] >> 30) << 2)) as u8;
    let upper = ((w[2] >> 30) | ((w[3] >> 30) << 2)) as u8;
    (p, lower, upper)
}
