//! Patterns: a position at a trick boundary seen only through the ranks that mattered.
//!
//! Within a suit, what decides the play is the order of the cards still out and who holds
//! each, not their printed ranks. A position is therefore kept as, for each suit, the owners
//! of its cards from the highest down (two bits a card). The search also learns which ranks
//! *won a trick by rank* (the "rank winners" of DDS's partition search); every card below the
//! lowest of them in its suit is interchangeable with any other small card. So a result is
//! stored for a [`Pattern`]: the owners of only the top `cut` cards of each suit. Together with
//! the [`Shape`] (every hand's length in every suit, which places the small cards) and the seat
//! on lead, it names a set of positions that all share the result. Facts about the technique
//! (DDS's and macroxue's forms of it): `docs/solver-notes.md`.

use super::bits::{SUIT, count13, suit_bits, top_k};

/// The bits of a suit field that hold owners: 13 cards, two bits each.
pub(crate) const FIELD: u32 = (1 << 26) - 1;

/// The `cut` of a suit whose every rank is kept: a whole position's ([`Pattern::of_position`]).
const WHOLE: u8 = 13;

/// The owner bits of the top `k` cards of a field (`k <= 13`): the highest card's owner sits
/// at bits 24..26, the next at 22..24, and so on.
pub(crate) const fn mask(k: u8) -> u32 {
    let k = if k > 13 { 13 } else { k };
    (1 << 26) - (1 << (26 - 2 * k as u32))
}

/// The length of every suit in every hand: a nibble for each (seat, suit), 64 bits in all.
/// Equal shapes have equal numbers of tricks left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Shape(pub(crate) u64);

impl Shape {
    /// The shape of four hands (seat `N, E, S, W`).
    pub(crate) fn of(hands: &[u64; 4]) -> Shape {
        let mut v = 0u64;
        for (seat, &h) in hands.iter().enumerate() {
            for s in 0..4 {
                v |= u64::from(count13(suit_bits(h, s))) << ((seat * 4 + s) * 4);
            }
        }
        Shape(v)
    }

    /// The shape with one card of `suit` gone from `seat`'s hand.
    pub(crate) fn remove(&mut self, seat: usize, suit: usize) {
        self.0 = self
            .0
            .wrapping_sub(1 << (((seat & 3) * 4 + (suit & 3)) * 4));
    }

    /// The number of cards in all four hands.
    pub(crate) fn cards(self) -> u32 {
        let x = (self.0 & 0x0F0F_0F0F_0F0F_0F0F) + ((self.0 >> 4) & 0x0F0F_0F0F_0F0F_0F0F);
        (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }
}

/// For each suit, the owners of its top `cut` cards (the rest are zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Pattern {
    pub(crate) owners: [u32; 4],
    pub(crate) cut: [u8; 4],
}

impl Pattern {
    /// The whole position: every card of `all`, its owner from `owner` (a seat per card).
    /// It keeps every rank, `cut` 13 in each suit: the field's places past a suit's cards
    /// are zero, and the shape that goes with a pattern fixes how many cards there are, so
    /// keeping all 13 places names exactly the positions that keeping the suit's cards does.
    /// Taking cards out ([`remove_cards`](Self::remove_cards)) then changes only the owners
    /// (0.6 % fewer instructions on a whole table than keeping the count of cards;
    /// 2026-12-03, `docs/solver-notes.md` section 31).
    pub(crate) fn of_position(all: u64, owner: &[u8; 52]) -> Pattern {
        let mut p = Pattern {
            owners: [0; 4],
            cut: [WHOLE; 4],
        };
        for s in 0..4 {
            p.owners[s] = suit_owners(all, s, owner);
        }
        p
    }

    /// Takes the cards `gone` out of a whole-position pattern whose cards were `before` (a
    /// trick's four cards, at its end). Lowest first, so that each card's place from the top
    /// is counted among cards all still in the pattern. One inline loop: it runs at every
    /// trick's start the table is asked about (four cards, 6 % of the instructions as a call
    /// per card; `docs/solver-notes.md` section 22).
    #[inline]
    pub(crate) fn remove_cards(&mut self, before: u64, mut gone: u64) {
        gone &= before;
        while gone != 0 {
            let card = gone.trailing_zeros();
            gone &= gone - 1;
            let s = (card / 13) as usize & 3;
            let rank = card % 13;
            // Its place from the top: the cards of its suit above it.
            let i = count13(((before >> card >> 1) & (SUIT >> (rank + 1))) as u16);
            // Its owner's bits start at `top - 2`: keep the owners above, move those below
            // up one place.
            let low = (1u32 << (26 - 2 * i.min(12))) - 1;
            let f = self.owners[s];
            self.owners[s] = (f & !low & FIELD) | ((f << 2) & low);
        }
    }

    /// Whether every position of `position` (a whole-position pattern) is one of this
    /// pattern's: the same owners of the top cards this pattern keeps.
    #[cfg(test)]
    pub(crate) fn generalizes(&self, position: &Pattern) -> bool {
        (0..4).all(|s| position.owners[s] & mask(self.cut[s]) == self.owners[s])
    }

    /// The cards this pattern keeps, in the position whose cards are `all`: the top `cut`
    /// cards of each suit. They are the rank winners a table hit passes on (the table's
    /// `Found::cards`, which reads the counts straight from the entry).
    #[cfg(test)]
    pub(crate) fn cards(&self, all: u64) -> u64 {
        top_cards(all, self.cut)
    }

    /// The pattern that a result with rank winners `winners` holds for, in the whole position
    /// `position` (cards `all`), and the cards it keeps.
    ///
    /// Per suit, it keeps the cards down to the lowest winner, extended down through the
    /// cards of the same hand just below it (the search tried one card of such a run for all:
    /// had it tried another, that one would have won). If that run reaches the bottom of the
    /// suit, the run is left out altogether: the shape already says that hand holds every card
    /// below the kept ones, so the pattern names the same positions with fewer ranks.
    pub(crate) fn from_winners(position: &Pattern, all: u64, winners: u64) -> (Pattern, u64) {
        let mut p = Pattern::default();
        let mut kept = 0u64;
        for s in 0..4 {
            let a = suit_bits(all, s);
            let w = suit_bits(winners, s) & a;
            if w == 0 {
                continue;
            }
            let f = position.owners[s];
            let own = |i: usize| (f >> (24 - 2 * i as u32)) & 3;
            // The lowest winner: its rank, and its index from the top (0 = highest card out).
            let low = w.trailing_zeros();
            let lowest = count13(a >> low) as usize - 1;
            let h = own(lowest);
            // Down the run of `h`'s cards below it: `x` the rank of the run's last card, at
            // index `bottom`; the walk keeps ranks, so the cards kept need no count.
            let (mut bottom, mut x) = (lowest, low);
            let reaches_bottom = loop {
                let below = a & ((1u16 << x) - 1);
                if below == 0 {
                    break true;
                }
                if own(bottom + 1) != h {
                    break false;
                }
                bottom += 1;
                x = 15 - below.leading_zeros();
            };
            let (k, cards) = if reaches_bottom {
                // Up from the winner through `h`'s cards above it: those go too.
                let (mut top, mut y) = (lowest, low);
                while top > 0 && own(top - 1) == h {
                    top -= 1;
                    let above = a & !((2u16 << y) - 1);
                    y = above.trailing_zeros();
                }
                (top, a & !((2u16 << y) - 1))
            } else {
                (bottom + 1, a & !((1u16 << x) - 1))
            };
            p.cut[s] = k as u8;
            p.owners[s] = f & mask(k as u8);
            kept |= u64::from(cards) << (13 * s);
        }
        (p, kept)
    }
}

/// The top `cut[s]` cards of each suit `s` of `all`. Inlined into a table hit, which reads
/// `cut` from an entry's four-bit counts, so that the counts need no clamping and the call no
/// frame: 0.5 % fewer instructions on `random-4044-2802`'s table (2026-12-03).
#[inline(always)]
pub(crate) fn top_cards(all: u64, cut: [u8; 4]) -> u64 {
    let mut out = 0;
    for (s, &k) in cut.iter().enumerate() {
        out |= u64::from(top_k(suit_bits(all, s), k)) << (13 * s);
    }
    out
}

/// The owners field of suit `s`.
fn suit_owners(all: u64, s: usize, owner: &[u8; 52]) -> u32 {
    let mut a = suit_bits(all, s);
    let mut f = 0u32;
    let mut shift = 24i32;
    while a != 0 {
        let r = 15 - a.leading_zeros() as usize;
        a &= !(1 << r);
        let seat = u32::from(owner[(13 * (s & 3) + r) % 52] & 3);
        f |= seat << shift.max(0);
        shift -= 2;
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Owners of a whole position given as (card, seat) pairs.
    fn position(cards: &[(u8, u8)]) -> (u64, [u8; 52], Pattern) {
        let mut owner = [0u8; 52];
        let mut all = 0u64;
        for &(c, seat) in cards {
            owner[usize::from(c)] = seat;
            all |= 1 << c;
        }
        (all, owner, Pattern::of_position(all, &owner))
    }

    #[test]
    fn shapes_count_cards() {
        let hands = [0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39];
        assert_eq!(Shape::of(&hands).cards(), 52);
        assert_eq!(Shape::of(&[0b11, 0b100, 1 << 40, 0]).cards(), 4);
    }

    #[test]
    fn removing_cards_matches_recomputing() {
        use rand_core::Rng;
        let mut r = crate::rng::seeded(5);
        for _ in 0..2000 {
            let deal = crate::Deal::random(&mut r);
            let mut owner = [0u8; 52];
            let mut all = 0u64;
            for (seat, s) in crate::Seat::ALL.into_iter().enumerate() {
                for c in deal.hand(s).iter().take(7) {
                    owner[c.index()] = seat as u8;
                    all |= 1 << c.index();
                }
            }
            let mut p = Pattern::of_position(all, &owner);
            // Take out up to four cards anywhere (a suit's top, its bottom, next to each other).
            let mut gone = 0u64;
            for _ in 0..1 + r.next_u32() % 4 {
                let c = r.next_u32() % 52;
                gone |= (1u64 << c) & all;
            }
            p.remove_cards(all, gone);
            let rest = all & !gone;
            assert_eq!(p, Pattern::of_position(rest, &owner));
        }
    }

    #[test]
    fn owners_are_top_aligned() {
        // Clubs (suit 0): A (rank 12) to seat 1, 7 (rank 5) to seat 3, 2 to seat 2.
        let (_, _, p) = position(&[(12, 1), (5, 3), (0, 2)]);
        assert_eq!(p.cut[0], WHOLE);
        assert_eq!(p.owners[0], (1 << 24) | (3 << 22) | (2 << 20));
        assert_eq!(mask(0), 0);
        assert_eq!(mask(1), 3 << 24);
        assert_eq!(mask(13), FIELD);
    }

    #[test]
    fn cut_at_the_lowest_winner_and_its_run() {
        // Spades (suit 3, cards 39..52): A K to N (0), Q to E (1), J T to S (2), 9 to W (3).
        let s = |r: u8| 39 + r;
        let (all, _, pos) = position(&[
            (s(12), 0),
            (s(11), 0),
            (s(10), 1),
            (s(9), 2),
            (s(8), 2),
            (s(7), 3),
        ]);
        // The K won: cut below the K (its run with the A is above it).
        let (p, kept) = Pattern::from_winners(&pos, all, 1 << s(11));
        assert_eq!(p.cut[3], 2);
        assert_eq!(kept, (1 << s(12)) | (1 << s(11)));
        // The J won: extended through the T (same hand, next card).
        let (p, _) = Pattern::from_winners(&pos, all, 1 << s(9));
        assert_eq!(p.cut[3], 5);
        // The 9 won, but it is the bottom card: its run is left out, cut above it.
        let (p, _) = Pattern::from_winners(&pos, all, 1 << s(7));
        assert_eq!(p.cut[3], 5);
        assert!(p.generalizes(&pos));
        // No winners: nothing kept.
        let (p, kept) = Pattern::from_winners(&pos, all, 0);
        assert_eq!((p, kept), (Pattern::default(), 0));
        assert!(p.generalizes(&pos));
    }

    #[test]
    fn a_pattern_covers_positions_that_differ_below_the_cut() {
        let s = |r: u8| 39 + r;
        let (all, _, a) = position(&[(s(12), 0), (s(5), 1), (s(3), 2), (s(2), 3)]);
        let (_, _, b) = position(&[(s(12), 0), (s(5), 2), (s(3), 1), (s(2), 3)]);
        let (p, kept) = Pattern::from_winners(&a, all, 1 << s(12));
        assert_eq!(kept, 1 << s(12));
        assert!(p.generalizes(&a) && p.generalizes(&b));
        let (_, _, c) = position(&[(s(12), 1), (s(5), 0), (s(3), 2), (s(2), 3)]);
        assert!(!p.generalizes(&c));
        assert_eq!(p.cards(all), 1 << s(12));
    }
}
