//! A table entry: a pattern and its bounds in four words ([`encode`], [`decode`],
//! [`matches`]), a block's layout, and the signatures that rule most of a block's entries out
//! before their words are read.

use super::BLOCK_ENTRIES;
use super::BLOCK_LINES;
use crate::bridge::solver::pattern::{self, Pattern};

/// The bits of an entry word that hold a part of its bounds.
pub(super) const BOUND_BITS: u32 = 3 << 30;
/// A block's words: its header, then its entries (four words each, from the third line). The
/// header's first line holds the entry count, the next block of its chain (index + 1) and the
/// owners of each entry's [`Signature`]; its second line their masks. A lookup reads those two
/// lines (adjacent, so fetched together) to rule entries out, and an entry's line only when
/// its signature agrees.
pub(super) const HEADER_LEN: usize = 0;
pub(super) const HEADER_NEXT: usize = 1;
pub(super) const HEADER_SIG: usize = 2;
/// The block after the next one (index + 1; 0 for none), so that a lookup loads two headers
/// of its chain at once. Set when a block is pushed at a chain's head, and right for as long
/// as the chain lives: chains only grow at the head and are freed whole. The 14 tail deals
/// took 0.98 of the time, the same work (2026-12-01, `docs/solver-notes.md` section 26).
pub(super) const HEADER_AFTER_NEXT: usize = 15;
/// The word where the masks of the signatures start: the block's second line.
pub(super) const HEADER_MASK: usize = 16;
/// The word where entry `e` of a block starts.
pub(super) const fn entry_word(e: usize) -> usize {
    HEADER_MASK + 16 + 4 * e
}
// The header and the entries fill the block's lines.
const _: () = assert!(entry_word(BLOCK_ENTRIES) <= BLOCK_LINES * 16);
// Each entry lies within one line (four words from a multiple of four), and each part of the
// header within its line.
const _: () = assert!(
    entry_word(0).is_multiple_of(4)
        && HEADER_SIG + BLOCK_ENTRIES <= HEADER_AFTER_NEXT
        && HEADER_AFTER_NEXT < 16
);

/// Ranks from the top of each suit a [`signature`] keeps the owners of.
const SIG_RANKS: u32 = 3;
/// The owner bits of a suit's top [`SIG_RANKS`] ranks, as they sit in an entry word.
const SIG_FIELD: u32 = (1 << 26) - (1 << (26 - 2 * SIG_RANKS));

/// An entry's signature, a quick test that rules most entries out before their four words are
/// read: for each suit, the owners of its top three ranks as far as the entry keeps them (six
/// bits a suit, bits 0..24), and the mask of those owner bits it keeps. An entry matches a
/// position only if its signature agrees with the position's owners there ([`may_match`]).
/// The mask is stored, not looked up from the entry's counts, so that a block's twelve tests
/// are the same few operations each, which the compiler does four at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Signature {
    pub(super) owners: u32,
    pub(super) mask: u32,
}

/// The [`Signature`] of entry `w`.
pub(super) fn signature(w: &[u32; 4]) -> Signature {
    // An entry word's owner bits are its suit's owners (its count and bounds lie above them).
    let mut counts = 0;
    for (s, &word) in w.iter().enumerate() {
        counts |= ((word >> 26) & 15).min(SIG_RANKS) << (2 * s);
    }
    Signature {
        owners: top_owners(w),
        mask: SIG_MASK[counts as usize & 255],
    }
}

/// The owners of a position's top three ranks in each suit, placed as in a [`Signature`].
pub(super) fn wanted(position: &Pattern) -> u32 {
    top_owners(&position.owners)
}

/// The owner bits of the top three ranks of each suit's field, six bits a suit.
fn top_owners(fields: &[u32; 4]) -> u32 {
    let mut sig = 0;
    for (s, &field) in fields.iter().enumerate() {
        sig |= ((field & SIG_FIELD) >> (26 - 2 * SIG_RANKS)) << (6 * s);
    }
    sig
}

/// For each set of counts (the ranks kept in each suit, up to three, two bits a suit), the
/// owner bits of a [`Signature`] those ranks cover.
const SIG_MASK: [u32; 256] = {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 256 {
        let mut s = 0;
        while s < 4 {
            let kept = (b >> (2 * s)) & 3;
            t[b] |= ((0b11_1111u32 << (6 - 2 * kept)) & 0b11_1111) << (6 * s);
            s += 1;
        }
        b += 1;
    }
    t
};

/// Whether an entry with signature `sig` may match the position whose owners are `wanted`:
/// false only if some rank it keeps among a suit's top three has another owner.
#[inline]
pub(super) fn may_match(sig: Signature, wanted: u32) -> bool {
    (sig.owners ^ wanted) & sig.mask == 0
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

/// The pattern and the bounds of entry `w` ([`encode`]'s inverse).
#[cfg(test)]
pub(super) fn decode(w: [u32; 4]) -> (Pattern, u8, u8) {
    let p = Pattern {
        owners: w.map(|word| word & pattern::FIELD),
        cut: cuts(&w),
    };
    let (lower, upper) = bounds(&w);
    (p, lower, upper)
}

/// The ranks entry `w` keeps in each suit (the pattern's `cut`): bits 26..30 of each word.
#[inline]
pub(super) fn cuts(w: &[u32; 4]) -> [u8; 4] {
    w.map(|word| ((word >> 26) & 15) as u8)
}

/// The bounds of entry `w`: two bits in each word.
#[inline]
pub(super) fn bounds(w: &[u32; 4]) -> (u8, u8) {
    let lower = ((w[0] >> 30) | ((w[1] >> 30) << 2)) as u8;
    let upper = ((w[2] >> 30) | ((w[3] >> 30) << 2)) as u8;
    (lower, upper)
}
