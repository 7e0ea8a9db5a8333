//! Move generation and ordering: the cards a player may play, best first.
//!
//! The search tries the card that last caused a cut-off in a similar spot first (the table's
//! cut-off cards, macroxue's "cut-off card" cache), then the rest in the order below; cards
//! equal to one already tried, or below the ranks that mattered to it, are skipped by the
//! search itself. The order follows the play of a good player, as DDS's and macroxue's
//! heuristics do (`../shared/bridge/SOLVER-NOTES.md`):
//!
//! - **Leading**: ruffs for partner, finesses towards partner, strong suits, ordinary suits,
//!   suits that give the opponents a free finesse, trumps last; from each suit its top and
//!   its bottom card first.
//! - **Following suit**: low when the trick cannot be won or partner already has it; else
//!   the cheapest winning card when no one after can beat it, the highest otherwise.
//! - **Void**: ruff when partner is not sure to win, as cheaply as will hold; discard from the
//!   longest suit.

use super::bits::{above, beats, highest, in_suit, lowest, suit_of};

/// Cards in the order the search tries them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Order {
    cards: [u8; 13],
    len: u8,
    added: u64,
}

impl Order {
    pub(crate) const fn new() -> Order {
        Order {
            cards: [0; 13],
            len: 0,
            added: 0,
        }
    }

    pub(crate) fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub(crate) fn get(&self, i: usize) -> u8 {
        self.cards[i % 13]
    }

    /// Adds `card` unless it is already in.
    pub(crate) fn push(&mut self, card: u8) {
        let bit = 1u64 << card;
        if self.added & bit == 0 && usize::from(self.len) < self.cards.len() {
            self.added |= bit;
            self.cards[usize::from(self.len)] = card;
            self.len += 1;
        }
    }

    /// Adds the cards of `set`, highest first.
    fn push_high_first(&mut self, mut set: u64) {
        while set != 0 {
            let c = highest(set);
            self.push(c);
            set &= !(1 << c);
        }
    }

    /// Adds the cards of `set`, lowest first.
    fn push_low_first(&mut self, mut set: u64) {
        while set != 0 {
            let c = lowest(set);
            self.push(c);
            set &= set - 1;
        }
    }
}

/// What the ordering needs to know about the spot.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spot<'a> {
    pub(crate) hands: &'a [u64; 4],
    /// The seat to play and its place in the trick (0 leads).
    pub(crate) seat: usize,
    pub(crate) place: usize,
    /// The trump suit, or 4.
    pub(crate) trump: usize,
    /// Every card out at the start of the trick (the trick's cards included).
    pub(crate) all: u64,
    /// The card winning the trick so far and its seat (when `place > 0`), and the suit led.
    pub(crate) winning: u8,
    pub(crate) winner: usize,
    pub(crate) led: usize,
}

/// Orders the legal cards `playable` of the player in `spot` into `out`.
pub(crate) fn order(spot: &Spot<'_>, playable: u64, out: &mut Order) {
    if playable.count_ones() <= 1 {
        out.push_high_first(playable);
        return;
    }
    if spot.place == 0 {
        lead(spot, playable, out);
    } else if in_suit(playable, spot.led) == playable
        && in_suit(spot.hands[spot.seat], spot.led) != 0
    {
        follow(spot, playable, out);
    } else {
        void(spot, playable, out);
    }
    out.push_high_first(playable);
}

fn lead(spot: &Spot<'_>, playable: u64, out: &mut Order) {
    let p = spot.seat;
    let (pd, lho, rho) = (
        spot.hands[(p + 2) & 3],
        spot.hands[(p + 1) & 3],
        spot.hands[(p + 3) & 3],
    );
    let trump = spot.trump;
    let suited = trump < 4;
    // Classes, best first: partner ruffs, finesses, strong suits, ordinary, bad, trumps.
    let mut classes = [0u64; 6];
    for s in 0..4 {
        let mine = in_suit(playable, s);
        if mine == 0 {
            continue;
        }
        let ends = (1u64 << highest(mine)) | (1u64 << lowest(mine));
        if suited && s == trump {
            classes[5] |= ends;
            continue;
        }
        let (ps, ls, rs) = (in_suit(pd, s), in_suit(lho, s), in_suit(rho, s));
        if suited
            && ((ls == 0 && in_suit(lho, trump) != 0) || (rs == 0 && in_suit(rho, trump) != 0))
        {
            // An opponent ruffs: left for the end.
            continue;
        }
        let ours = mine | ps;
        let mut out_s = in_suit(spot.all, s);
        let mut top = [0u64; 5];
        for t in &mut top {
            if out_s != 0 {
                *t = 1 << highest(out_s);
                out_s &= !*t;
            }
        }
        let [a, k, q, j, t] = top;
        let has = |x: u64, c: u64| c != 0 && x & c == c;
        if ps.count_ones() >= 2 && ls.count_ones() >= 2 {
            let finesse = (has(ps, k) && has(ls, a))
                || (has(ps, a) && has(ls, k) && (has(ps, q) || has(ours, q | j)))
                || (has(ps, k) && has(ls, q) && (has(ps, j) || has(ours, j | t)));
            if finesse {
                classes[1] |= ends;
                continue;
            }
        }
        if suited
            && mine.count_ones() >= 2
            && rs.count_ones() >= 2
            && ((has(mine, a) && has(rs, k)) || (has(mine, k) && has(rs, a) && !has(ours, q)))
        {
            classes[4] |= 1 << highest(mine);
            continue;
        }
        if ls != 0 && rs != 0 && (ours & (a | k | q)).count_ones() >= 2 {
            classes[2] |= ends;
            continue;
        }
        if suited
            && ps == 0
            && ls != 0
            && rs != 0
            && in_suit(pd, trump) != 0
            && in_suit(pd, trump).count_ones() <= in_suit(playable, trump).count_ones()
            && lowest(mine) != highest(in_suit(spot.all, s))
        {
            classes[0] |= 1 << lowest(mine);
            continue;
        }
        classes[3] |= ends;
    }
    for class in classes {
        out.push_high_first(class);
    }
}

fn follow(spot: &Spot<'_>, playable: u64, out: &mut Order) {
    let p = spot.seat;
    let led = spot.led;
    let last = spot.place == 3;
    let lho = in_suit(spot.hands[(p + 1) & 3], led);
    let pd = in_suit(spot.hands[(p + 2) & 3], led);
    let w = spot.winning;
    let top = highest(playable);
    if !beats(top, w, spot.trump) {
        return out.push_low_first(playable);
    }
    let partner_wins = spot.winner == (p + 2) & 3;
    if partner_wins
        && (last || lho == 0 || w > highest(lho) || (lho & above(w)) == (lho & above(top)))
    {
        // Partner wins, or forces out the same cards of the next hand as ours would.
        return out.push_low_first(playable);
    }
    if spot.place == 1 && pd != 0 && beats(highest(pd), w, spot.trump) {
        let both = pd | playable;
        if lho != 0
            && highest(lho) > highest(both)
            && (lho & above(highest(pd))) == (lho & above(top))
        {
            return out.push_low_first(playable);
        }
        if lho == 0 || highest(pd) > highest(lho) {
            // Partner, playing last, can win it.
            return out.push_low_first(playable);
        }
    }
    let higher = playable & above(w) & in_suit(u64::MAX, led);
    if last || lho == 0 || lowest(higher) > highest(lho) {
        out.push_low_first(higher);
    } else {
        out.push_high_first(higher);
    }
    out.push_low_first(playable & !higher);
}

fn void(spot: &Spot<'_>, playable: u64, out: &mut Order) {
    let p = spot.seat;
    let trump = spot.trump;
    let w = spot.winning;
    let lho = spot.hands[(p + 1) & 3];
    let lho_led = in_suit(lho, spot.led);
    let mut rest = playable;
    if trump < 4 && in_suit(playable, trump) != 0 {
        let trumps = in_suit(playable, trump);
        let partner_safe = spot.winner == (p + 2) & 3
            && (spot.place == 3 || (lho_led != 0 && w > highest(lho_led)));
        if !partner_safe {
            if suit_of(w) == trump {
                if spot.winner != (p + 2) & 3 {
                    let over = trumps & above(w);
                    out.push_low_first(over);
                    rest &= !over;
                }
            } else if spot.place == 3 || lho_led != 0 || in_suit(lho, trump) == 0 {
                // The lowest trump wins.
                out.push(lowest(trumps));
                rest &= !(1u64 << lowest(trumps));
            } else {
                out.push_low_first(trumps);
                rest &= !trumps;
            }
        }
    }
    // Discards: the lowest card of each side suit, longest suit first.
    let mut lows = [(0u32, 0u8); 4];
    let mut n = 0;
    for s in (0..4).filter(|&s| s != trump) {
        let cards = in_suit(rest, s);
        if cards != 0 {
            lows[n] = (cards.count_ones(), lowest(cards));
            n += 1;
        }
    }
    let lows = &mut lows[..n];
    lows.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for &(_, c) in lows.iter() {
        out.push(c);
    }
}

/// The key under which the cut-off card of `spot` is kept: the leader's hand when leading;
/// the suit's cards out and the card winning so far when following; the hand and the winning
/// card (or, at no trump, the winning seat) when void.
pub(crate) fn cutoff_key(spot: &Spot<'_>) -> u64 {
    let place = spot.place as u64;
    let hand = spot.hands[spot.seat];
    if spot.place == 0 {
        return hand << 2;
    }
    if in_suit(hand, spot.led) != 0 {
        let cards = in_suit(spot.all, spot.led);
        return place | (cards << 2) ^ (u64::from(spot.winning).wrapping_mul(0x9E37_79B9) << 40);
    }
    let winner = if spot.trump < 4 {
        u64::from(spot.winning)
    } else {
        spot.winner as u64
    };
    place | (hand << 2) ^ (winner.wrapping_mul(0x2545_F491) << 20) ^ (1 << 63)
}
