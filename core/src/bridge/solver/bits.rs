//! Bit helpers over the solver's card sets: a `u64` with card `suit * 13 + rank` at its bit
//! (clubs 0, spades 3; the deuce rank 0, the ace 12), as [`Cards`](crate::Cards) has them.

/// The 13 bits of one suit.
pub(crate) const SUIT: u64 = 0x1FFF;

/// The ranks of suit `s` in `cards`, as 13 bits.
#[inline]
pub(crate) fn suit_bits(cards: u64, s: usize) -> u16 {
    ((cards >> (13 * (s & 3))) & SUIT) as u16
}

/// The cards of suit `s` in `cards`.
#[inline]
pub(crate) fn in_suit(cards: u64, s: usize) -> u64 {
    cards & (SUIT << (13 * (s & 3)))
}

/// The number of cards in a 13-bit suit, by table (the target may lack a popcount
/// instruction, as x86-64's baseline and Cortex-M do).
#[inline]
pub(crate) fn count13(ranks: u16) -> u32 {
    u32::from(POP13[usize::from(ranks) & 0x1FFF])
}

static POP13: [u8; 8192] = {
    let mut t = [0u8; 8192];
    let mut i = 1;
    while i < 8192 {
        t[i] = t[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    t
};

/// The top `k` bits of a 13-bit suit, by two small tables: the suit's upper seven ranks, then
/// its lower six (no loop whose length depends on the cards).
#[inline]
pub(crate) fn top_k(a: u16, k: u8) -> u16 {
    let (hi, lo) = (usize::from(a >> 6) & 0x7F, usize::from(a) & 0x3F);
    let in_hi = count13(hi as u16) as usize;
    // Tables as wide as any count (14 and 15 keep everything), so no count is clamped.
    let k = usize::from(k).min(15);
    // Both halves looked up and one chosen, without a branch on the cards.
    let upper = u16::from(TOP_HI[hi][k]) << 6;
    let both = ((hi as u16) << 6) | u16::from(TOP_LO[lo][k.wrapping_sub(in_hi) & 15]);
    core::hint::select_unpredictable(k <= in_hi, upper, both)
}

/// `TOP_HI[x][k]`: the top `k` bits of the 7-bit `x` (all of them when it has fewer).
static TOP_HI: [[u8; 16]; 128] = top_table::<128, 16>();
/// `TOP_LO[x][k]`: the same for the 6-bit `x`.
static TOP_LO: [[u8; 16]; 64] = top_table::<64, 16>();

const fn top_table<const N: usize, const K: usize>() -> [[u8; K]; N] {
    let mut t = [[0u8; K]; N];
    let mut x = 0;
    while x < N {
        let mut k = 0;
        while k < K {
            // Keep the highest k set bits of x.
            let (mut out, mut taken, mut bit) = (0u8, 0, 8);
            while bit > 0 {
                bit -= 1;
                if taken < k && (x >> bit) & 1 == 1 {
                    out |= 1 << bit;
                    taken += 1;
                }
            }
            t[x][k] = out;
            k += 1;
        }
        x += 1;
    }
    t
}

/// The suit of a card index.
#[inline]
pub(crate) fn suit_of(card: u8) -> usize {
    usize::from(card / 13) & 3
}

/// The highest card of a non-empty set.
#[inline]
pub(crate) fn highest(cards: u64) -> u8 {
    (63 - cards.leading_zeros()) as u8
}

/// The lowest card of a non-empty set.
#[inline]
pub(crate) fn lowest(cards: u64) -> u8 {
    cards.trailing_zeros() as u8
}

/// The cards of `cards` above `card` (in any suit above it too; mask with a suit).
#[inline]
pub(crate) fn above(card: u8) -> u64 {
    !((2u64 << card) - 1)
}

/// The trump suit of a search, or none: one byte, a suit `0..4` or 4 at no trump, which only
/// this type reads (the solver's suits are indices, so "4" is a number nothing else may mean).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Trump(u8);

impl Trump {
    /// No trump.
    pub(crate) const NONE: Trump = Trump(4);

    /// The trumps of `strain`.
    #[inline]
    pub(crate) fn of(strain: crate::bridge::Strain) -> Trump {
        strain
            .trump()
            .map_or(Trump::NONE, |s| Trump::suit(s as usize))
    }

    /// Suit `s` (`0..4`) as trumps.
    #[inline]
    pub(crate) const fn suit(s: usize) -> Trump {
        Trump((s & 3) as u8)
    }

    /// The trump suit, if there is one.
    #[inline]
    pub(crate) const fn get(self) -> Option<usize> {
        if self.0 < 4 {
            Some(self.0 as usize)
        } else {
            None
        }
    }

    /// Whether suit `s` (`0..4`) is trumps.
    #[inline]
    pub(crate) const fn is(self, s: usize) -> bool {
        self.0 as usize == s
    }
}

/// The cards of `mine` equal to `bit` for play: `bit`'s run among them that no card of
/// `others` separates (every card of `mine` above the highest card of `others` below `bit`
/// and below the lowest above it). `mine` and `others` are the cards of one suit in any layout
/// that keeps a suit's ranks in consecutive bits, low to high (the solver's 52 bits, a
/// [`Cards`](crate::Cards) suit's 13); `bit` is one bit, in `mine` or not.
#[inline]
pub(crate) fn equal_run(bit: u64, mine: u64, others: u64) -> u64 {
    let up = others & !(bit | (bit - 1));
    let down = others & (bit - 1);
    // Below the lowest other card above (all bits if none); above the highest below (all if
    // none).
    let under = (up & up.wrapping_neg()).wrapping_sub(1);
    let over = !u64::MAX.checked_shr(down.leading_zeros()).unwrap_or(0);
    mine & under & over
}

/// Whether `card` beats `best`, the card winning the trick so far.
#[inline]
pub(crate) fn beats(card: u8, best: u8, trump: Trump) -> bool {
    // Selected, not branched on: callers use it on the cards of a trick.
    core::hint::select_unpredictable(
        suit_of(card) == suit_of(best),
        card > best,
        trump.is(suit_of(card)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_cards() {
        for a in 0..=0x1FFFu16 {
            for k in (0..=16u8).chain([200]) {
                let mut slow = a;
                while slow.count_ones() > u32::from(k) {
                    slow &= slow - 1;
                }
                assert_eq!(top_k(a, k), slow, "{a:b} {k}");
            }
        }
    }

    /// Against a walk up and down from the card, on every split of nine ranks between the
    /// hand, the other hands and neither, in the low bits and in the fourth suit's.
    #[test]
    fn equal_runs() {
        for code in 0..3u32.pow(9) {
            let (mut mine, mut others, mut c) = (0u64, 0u64, code);
            for r in 0..9 {
                match c % 3 {
                    1 => mine |= 1 << r,
                    2 => others |= 1 << r,
                    _ => {}
                }
                c /= 3;
            }
            for r in 0..9 {
                let mut slow = 1u64 << r;
                let mut i = r + 1;
                while i < 9 && others >> i & 1 == 0 {
                    slow |= mine & 1 << i;
                    i += 1;
                }
                let mut i = r;
                while i > 0 && others >> (i - 1) & 1 == 0 {
                    slow |= mine & 1 << (i - 1);
                    i -= 1;
                }
                slow &= mine;
                assert_eq!(
                    equal_run(1 << r, mine, others),
                    slow,
                    "{mine:b} {others:b} {r}"
                );
                assert_eq!(
                    equal_run(1 << (r + 39), mine << 39, others << 39),
                    slow << 39
                );
            }
        }
    }

    #[test]
    fn helpers() {
        let cards = 0b1011u64 | (1 << 40);
        assert_eq!(suit_bits(cards, 0), 0b1011);
        assert_eq!(suit_bits(cards, 3), 0b10);
        assert_eq!(in_suit(cards, 3), 1 << 40);
        assert_eq!((highest(cards), lowest(cards)), (40, 0));
        assert_eq!(above(1) & 0b1111, 0b1100);
        assert!(beats(12, 11, Trump::NONE) && !beats(11, 12, Trump::NONE));
        assert!(beats(0, 25, Trump::suit(0)) && !beats(0, 25, Trump::NONE));
        assert_eq!((Trump::NONE.get(), Trump::suit(3).get()), (None, Some(3)));
        for x in [0u16, 1, 0x1FFF, 0x1555, 0x1000] {
            assert_eq!(count13(x), x.count_ones());
        }
    }
}
