//! Move generation and ordering: the cards a player may play, best first.
//!
//! The search tries the card that last caused a cut-off in a similar spot first (the table's
//! cut-off cards, macroxue's "cut-off card" cache), then the rest in the order below; cards
//! equal to one already tried, or below the ranks that mattered to it, are skipped by the
//! search itself. The order follows the play of a good player, as DDS's and macroxue's
//! heuristics do (`docs/solver-notes.md`):
//!
//! - **Leading**: weighted as DDS weighs leads: suits the opponents are short in first, then
//!   whether the card can win the trick, who holds the suit's top three cards, and the
//!   card's place among the cards out; one card a run of equals. In a trump contract, a low
//!   card for partner to ruff goes before them all (macroxue's order); at the opening lead of
//!   a whole deal at no trump with a void somewhere, each suit's top and bottom card.
//! - **Following suit**: low when the trick cannot be won or partner already has it; else
//!   the cheapest winning card when no one after can beat it, the highest otherwise.
//! - **Void**: ruff when partner is not sure to win, as cheaply as will hold; discard from the
//!   longest suit.

use super::bits::{Trump, above, beats, count13, highest, in_suit, lowest, suit_bits, suit_of};

/// Cards in the order the search tries them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Order {
    /// Room for a hand (13 cards), in 16 slots so that `get` masks the index instead of
    /// dividing it.
    cards: [u8; 16],
    len: u8,
    added: u64,
}

impl Order {
    pub(crate) const fn new() -> Order {
        Order {
            cards: [0; 16],
            len: 0,
            added: 0,
        }
    }

    pub(crate) fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub(crate) fn get(&self, i: usize) -> u8 {
        self.cards[i & 15]
    }

    /// Adds `card` unless it is already in.
    pub(crate) fn push(&mut self, card: u8) {
        let bit = 1u64 << card;
        if self.added & bit == 0 && self.len < 13 {
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
    /// The trump suit, or none.
    pub(crate) trump: Trump,
    /// Every card out at the start of the trick (the trick's cards included).
    pub(crate) all: u64,
    /// The card winning the trick so far and its seat (when `place > 0`), and the suit led.
    pub(crate) winning: u8,
    pub(crate) winner: usize,
    pub(crate) led: usize,
}

/// Orders the legal cards `playable` of the player in `spot` into `out`: every one of them,
/// but at a lead only the top card of each run of equal cards (the cards out at the trick's
/// start telling runs apart, as `Search::moves` and the driver's `run_of` do), since both
/// give the rest of a run its top card's result. Leaving them out spares 0.4 % of the
/// instructions of a whole table and no search (2026-12-02, `docs/solver-notes.md` section 29).
///
/// Inlined into the move loop, which then calls the leads, following suit and a void each as
/// a function of its own: 0.6 % fewer instructions on `random-4044-2802`'s table than one
/// call that dispatches (2026-12-03). Following suit inlined as well cost 4.3 % more while
/// one loop served every place (its registers spilled); since the loop is compiled for each
/// place in the trick, following suit is inlined into the three that follow: 0.7 to 0.9 %
/// fewer instructions and about 7 % less time on four tail deals (2026-12-06,
/// `docs/solver-notes.md` section 42). A void inlined as well: 4.5 % more instructions.
#[inline(always)]
pub(crate) fn order(spot: &Spot<'_>, playable: u64, out: &mut Order) {
    if playable & playable.wrapping_sub(1) == 0 {
        out.push_high_first(playable);
        return;
    }
    if spot.place == 0 {
        return lead(spot, playable, out);
    } else if in_suit(playable, spot.led) == playable
        && in_suit(spot.hands[spot.seat], spot.led) != 0
    {
        follow(spot, playable, out);
    } else {
        void(spot, playable, out);
    }
    // Then every card not yet in, highest first.
    out.push_high_first(playable & !out.added);
}

/// Who holds a card, seen from the player on lead.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Holder {
    Me,
    Lho,
    Partner,
    Rho,
    Nobody,
}

/// At no trump, the weight of a lead in a suit an opponent is void in counts the void as this
/// many quarters of the leader's cards left (DDS counts four: the void as long as the hand).
/// Three, measured (2026-11-30, tricks searched on whole tables, `docs/solver-notes.md`
/// section 16): the repository's hard set -3.8 %, macroxue's 19 hard deals -8.2 %
/// (`macroxue-hard-4` -27 %), 100 random deals of seed 3030 and 60 table vectors the same
/// (within 0.3 %), every lead of the dev deals -2.4 %; two quarters or six cost more
/// work on random deals, and in trump contracts three did too.
const NT_VOID_QUARTERS: i32 = 3;

/// Leads weighted as DDS weighs them (its `WeightAllocNT0` and `WeightAllocTrump0`, as the
/// notes in `docs/solver-notes.md` describe the approach): suits the opponents
/// are short in first, then whether the card can win the trick, who holds the top three
/// cards of the suit, and the card's place among the cards out.
///
/// DDS weighs a lead one way while trumps are out and another at no trump (or once they are
/// gone): each way is compiled apart ([`lead_weighed`]), so that neither computes the other's
/// weights. As one loop, the compiler selected between the two weights of every card without
/// a branch, computing both; apart, and with what wins the trick worked out once a suit, the
/// 13 leads run 2.3 % fewer instructions and whole tables 1.9 % (2026-12-01,
/// `docs/solver-notes.md` section 25).
#[inline(never)]
fn lead(spot: &Spot<'_>, playable: u64, out: &mut Order) {
    if spot.trump.get().is_some_and(|t| in_suit(spot.all, t) != 0) {
        lead_weighed::<true>(spot, playable, out);
    } else {
        lead_weighed::<false>(spot, playable, out);
    }
}

/// [`lead`] with trumps out (`SUITED`) or not.
fn lead_weighed<const SUITED: bool>(spot: &Spot<'_>, playable: u64, out: &mut Order) {
    let p = spot.seat;
    let hands = spot.hands;
    let (me, lho, pd, rho) = (
        hands[p],
        hands[(p + 1) & 3],
        hands[(p + 2) & 3],
        hands[(p + 3) & 3],
    );
    let trump = spot.trump;
    let left = (0..4)
        .map(|s| count13(suit_bits(me, s)) as i32)
        .sum::<i32>();
    let holder = |c: u64| -> Holder {
        if c == 0 {
            Holder::Nobody
        } else if me & c != 0 {
            Holder::Me
        } else if pd & c != 0 {
            Holder::Partner
        } else if lho & c != 0 {
            Holder::Lho
        } else {
            Holder::Rho
        }
    };
    let trumps = |h: u64| trump.get().map_or(0, |t| in_suit(h, t));
    let beats_all = |a: u64, b: u64| a != 0 && (b == 0 || highest(a) > highest(b));
    let mut moves = [(0i32, 0u8); 13];
    let mut n = 0;
    for s in 0..4 {
        let mine = in_suit(playable, s);
        if mine == 0 {
            continue;
        }
        let all_s = in_suit(spot.all, s);
        let (ls, rs, ps) = (in_suit(lho, s), in_suit(rho, s), in_suit(pd, s));
        let (len_l, len_r, len_p, len_m) = (
            count13(suit_bits(ls, s)) as i32,
            count13(suit_bits(rs, s)) as i32,
            count13(suit_bits(ps, s)) as i32,
            count13(suit_bits(mine, s)) as i32,
        );
        let mut rest = all_s;
        let mut top3 = [0u64; 3];
        for t in &mut top3 {
            if rest != 0 {
                *t = 1u64 << highest(rest);
                rest &= !*t;
            }
        }
        let (w1, w2, w3) = (holder(top3[0]), holder(top3[1]), holder(top3[2]));
        // A void opponent counts as a long holding, as many cards as the leader has left
        // (DDS's weight); at no trump, where the void only discards, as three quarters of them.
        let void = if SUITED {
            4 * left
        } else {
            NT_VOID_QUARTERS * left
        };
        let count = |len: i32| if len == 0 { void } else { 4 * len };
        let lr = count(len_l) + count(len_r);
        let ruffs = |h: u64, hs: u64| hs == 0 && trumps(h) != 0;
        let side = SUITED && !trump.is(s);
        let mut delta;
        if SUITED {
            delta = -(lr * 32) / 13;
            let mut bonus = 0;
            if side && (ruffs(lho, ls) || ruffs(rho, rs)) {
                bonus = -12;
            }
            if side && ruffs(pd, ps) && rs != 0 {
                bonus += 17;
            }
            if w1 == Holder::Rho || w2 == Holder::Rho {
                if len_r != 1 {
                    bonus -= 12;
                }
            } else if w1 == Holder::Lho && w2 == Holder::Partner && len_p != 1 {
                bonus += 27;
            }
            if side && len_m == 1 && trumps(me) != 0 && len_p >= 2 && w1 == Holder::Partner {
                bonus += 19;
            }
            delta += bonus;
        } else {
            delta = -(lr * 32) / 19 - if len_p == 0 { 9 } else { 0 };
        }
        let single_winner = (len_l == 1 && w1 == Holder::Lho) || (len_r == 1 && w1 == Holder::Rho);
        // Whether the suit's top card, or another, wins the trick: the same for every card of
        // the suit but the top one, so worked out once a suit.
        let (top_wins, other_wins) = if SUITED {
            let no_ruff = |h: u64, hs: u64| hs != 0 || trumps(h) == 0;
            let pd_over = |h: u64| beats_all(trumps(pd), trumps(h));
            let top_wins = if trump.is(s) {
                true
            } else if ps != 0 || trumps(pd) == 0 {
                no_ruff(lho, ls) && no_ruff(rho, rs)
            } else {
                (ls != 0 || pd_over(lho)) && (rs != 0 || pd_over(rho))
            };
            let other_wins = if beats_all(ps, ls | rs) {
                trump.is(s) || (no_ruff(lho, ls) && no_ruff(rho, rs))
            } else if side && ruffs(pd, ps) {
                match (ruffs(lho, ls), ruffs(rho, rs)) {
                    (true, true) => pd_over(lho) && pd_over(rho),
                    (true, false) => pd_over(lho),
                    (false, true) => pd_over(rho),
                    (false, false) => true,
                }
            } else {
                false
            };
            (top_wins, other_wins)
        } else {
            (true, beats_all(ps, ls | rs))
        };
        // One move a run of equal cards: its top card.
        let mut cards = mine;
        while cards != 0 {
            let top = highest(cards);
            let bit = 1u64 << top;
            // The cards above `top` are taken: its run goes down from it, to the highest
            // card out below it in another hand.
            let others = all_s & !mine & (bit - 1);
            let below = if others == 0 {
                0
            } else {
                (2u64 << highest(others)) - 1
            };
            let run = mine & (bit | (bit - 1)) & !below;
            cards &= !run;
            let sequence = run != bit;
            let r_rank = count13(suit_bits(all_s & above(top), s)) as i32 + 1;
            let rank = i32::from(top % 13) + 2;
            let wins = if bit == top3[0] { top_wins } else { other_wins };
            let weight = if SUITED {
                if wins {
                    if single_winner {
                        delta + 35 + r_rank
                    } else if w1 == Holder::Me {
                        if w2 == Holder::Partner {
                            delta + 48 + r_rank
                        } else if bit == top3[0] {
                            delta + 31
                        } else {
                            delta - 3 + r_rank
                        }
                    } else if w1 == Holder::Partner {
                        if w2 == Holder::Me {
                            delta + 42 + r_rank
                        } else {
                            delta + 28 + r_rank
                        }
                    } else if sequence && bit == top3[1] {
                        delta + 40
                    } else if sequence {
                        delta + 22 + r_rank
                    } else {
                        delta + 11 + r_rank
                    }
                } else {
                    let mut d = delta;
                    if w2 == Holder::Partner && w3 == Holder::Partner {
                        d += 20;
                    } else if len_p > 1
                        && ((w2 == Holder::Me && w3 == Holder::Partner)
                            || (w2 == Holder::Partner && w3 == Holder::Me))
                    {
                        d += 13;
                    }
                    if single_winner {
                        d + r_rank + 2
                    } else if w1 == Holder::Me {
                        if w2 == Holder::Partner {
                            d + 33 + r_rank
                        } else if bit == top3[0] {
                            d + 38
                        } else {
                            d - 14 + r_rank
                        }
                    } else if w1 == Holder::Partner {
                        d + 34 + r_rank
                    } else if sequence && bit == top3[1] {
                        d + 35
                    } else {
                        d + 17 - rank
                    }
                }
            } else if wins {
                let mut d = delta;
                if w2 == Holder::Rho {
                    if len_r != 1 {
                        d -= 1;
                    }
                } else if w2 == Holder::Lho {
                    d += if len_l != 1 { 22 } else { 16 };
                }
                if (w2 != Holder::Lho || len_l == 1) && (w2 != Holder::Rho || len_r == 1) {
                    d + 45 + r_rank
                } else {
                    d + 18 + r_rank
                }
            } else {
                let mut d = delta;
                if w1 == Holder::Rho || w2 == Holder::Rho {
                    if len_r != 1 {
                        d -= 10;
                    }
                } else if w1 == Holder::Lho && w2 == Holder::Partner && len_p != 1 {
                    d += 31;
                }
                if w2 == Holder::Partner && w3 == Holder::Partner {
                    d += 35;
                } else if len_p > 1
                    && ((w2 == Holder::Me && w3 == Holder::Partner)
                        || (w2 == Holder::Partner && w3 == Holder::Me))
                {
                    d += 25;
                }
                if single_winner {
                    d + 28 + r_rank
                } else if w1 == Holder::Me {
                    d - 17 + r_rank
                } else if !sequence {
                    d + 12 + r_rank
                } else if bit == top3[1] {
                    d + 48
                } else {
                    d + 29 - r_rank
                }
            };
            if n < moves.len() {
                moves[n] = (weight, top);
                n += 1;
            }
        }
    }
    // Insertion sort, heaviest first; stable, so ties keep suit order.
    let moves = &mut moves[..n];
    for i in 1..moves.len() {
        let mut j = i;
        while j > 0 && moves[j - 1].0 < moves[j].0 {
            moves.swap(j - 1, j);
            j -= 1;
        }
    }
    if SUITED {
        out.push_high_first(partner_ruffs(spot, playable));
    }
    if opening_no_trump_with_a_void(spot) {
        // Each suit's top and bottom card first, suits in the weights' order; the middle
        // cards after (see the function's note).
        for &(_, c) in moves.iter() {
            let suit = in_suit(playable, suit_of(c));
            out.push(highest(suit));
            out.push(lowest(suit));
        }
    }
    for &(_, c) in moves.iter() {
        out.push(c);
    }
}

/// The leads that give partner a ruff, tried before the weighted order in a trump contract
/// while trumps are out: in each side suit partner is void in and both opponents hold, with
/// partner holding trumps and no more of them than the leader, the leader's lowest card,
/// unless it is the suit's top card (a card that wins needs no ruff). macroxue's lead classes
/// try these first ("give partner a ruff"); DDS's weights reward the ruff but let a suit the
/// opponents are short in outweigh it. Measured in tricks searched on whole tables
/// (2026-12-02, `docs/solver-notes.md` section 29): the repository's hard set -2.3 %,
/// macroxue's 19 hard deals -1.1 %, the 100 table vectors and 200 random deals level (within
/// 0.1 %).
fn partner_ruffs(spot: &Spot<'_>, playable: u64) -> u64 {
    let Some(t) = spot.trump.get() else {
        return 0;
    };
    let p = spot.seat;
    let hands = spot.hands;
    let (lho, pd, rho) = (hands[(p + 1) & 3], hands[(p + 2) & 3], hands[(p + 3) & 3]);
    let pd_trumps = count13(suit_bits(pd, t));
    if pd_trumps == 0 || pd_trumps > count13(suit_bits(hands[p], t)) {
        return 0;
    }
    let mut leads = 0;
    for s in (0..4).filter(|&s| s != t) {
        let mine = in_suit(playable, s);
        if mine == 0 || in_suit(pd, s) != 0 || in_suit(lho, s) == 0 || in_suit(rho, s) == 0 {
            continue;
        }
        let low = lowest(mine);
        if low != highest(in_suit(spot.all, s)) {
            leads |= 1u64 << low;
        }
    }
    leads
}

/// Whether `spot` is the opening lead of a whole deal at no trump in which some hand is void
/// in a suit. There, a middle card led early can cost a huge tree: on deal 4 of the hard deals
/// macroxue's bridge-solver ships (four 5-4-4-0 hands; measured from a copy outside the
/// repository) trying each suit's top and bottom card first cuts the whole table from 153 M
/// tricks searched to 56 M (45.9 s to 16.9 s), while the table vectors and 1,000 random deals
/// search 0.4 % more (`docs/bridge.md`).
/// Deeper in the play, or without a void, the weights' own order is better (the same order at
/// every lead: 5 % more on the vectors).
fn opening_no_trump_with_a_void(spot: &Spot<'_>) -> bool {
    spot.trump == Trump::NONE
        && spot.all == crate::cards::Cards::ALL.bits()
        && spot
            .hands
            .iter()
            .any(|&h| (0..4).any(|s| in_suit(h, s) == 0))
}

/// A hand following suit: see [`order`] (inlined there).
#[inline(always)]
fn follow(spot: &Spot<'_>, playable: u64, out: &mut Order) {
    // The cards already in the list are the hint's, which failed: the rest are ordered as if
    // it were gone, so that with the ace tried "play low when partner's card or the next
    // hand's decides" reads the cards left (macroxue's way). Tricks searched 0.3 to 1.1 %
    // fewer on every file measured (2026-12-04, `docs/solver-notes.md` section 37); the same
    // at a lead or a void cost more on macroxue's hard deals and the 13 leads.
    let playable = playable & !out.added;
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
    if let Some(t) = trump.get()
        && in_suit(playable, t) != 0
    {
        let trumps = in_suit(playable, t);
        let partner_safe = spot.winner == (p + 2) & 3
            && (spot.place == 3 || (lho_led != 0 && w > highest(lho_led)));
        if !partner_safe {
            if trump.is(suit_of(w)) {
                if spot.winner != (p + 2) & 3 {
                    let over = trumps & above(w);
                    out.push_low_first(over);
                    rest &= !over;
                }
            } else if spot.place == 3 || lho_led != 0 || in_suit(lho, t) == 0 {
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
    for s in (0..4).filter(|&s| !trump.is(s)) {
        let cards = in_suit(rest, s);
        if cards != 0 {
            lows[n] = (count13(suit_bits(cards, s)), lowest(cards));
            n += 1;
        }
    }
    let lows = &mut lows[..n];
    lows.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for &(_, c) in lows.iter() {
        out.push(c);
    }
}

/// The key under which the cut-off card of `spot` is kept: the leader's and partner's hands
/// when leading; the suit's cards out and the card winning so far when following; the hand
/// and the winning card (or, at no trump, the winning seat) when void, with partner's hand in
/// a trump contract. Partner's hand in the key (2026-11-27, `docs/solver-notes.md` section 8):
/// 4.0 to 6.5 % fewer tricks searched on the benches; the whole position instead, or the
/// cards out, many more, since a key that names one position is seldom met again.
pub(crate) fn cutoff_key(spot: &Spot<'_>) -> u64 {
    let place = spot.place as u64;
    let hand = spot.hands[spot.seat];
    // Partner's hand, mixed into the bits above the place (only where the key uses it).
    let partner = || spot.hands[(spot.seat + 2) & 3].wrapping_mul(0x2545_F491_4F6C_DD1D) & !3;
    if spot.place == 0 {
        return (hand << 2) ^ partner();
    }
    if in_suit(hand, spot.led) != 0 {
        let cards = in_suit(spot.all, spot.led);
        return place | (cards << 2) ^ (u64::from(spot.winning).wrapping_mul(0x9E37_79B9) << 40);
    }
    let (winner, partner) = if spot.trump.get().is_some() {
        (u64::from(spot.winning), partner())
    } else {
        (spot.winner as u64, 0)
    };
    place | ((hand << 2) ^ (winner.wrapping_mul(0x2545_F491) << 20) ^ (1 << 63) ^ partner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cards;

    fn c(s: &str) -> u64 {
        s.parse::<Cards>().map(Cards::bits).unwrap_or(0)
    }

    /// North's, East's, South's and West's cards.
    fn hands(h: [&str; 4]) -> [u64; 4] {
        h.map(c)
    }

    /// North's lead with spades trumps.
    fn spot(hands: &[u64; 4]) -> Spot<'_> {
        Spot {
            hands,
            seat: 0,
            place: 0,
            trump: Trump::suit(3),
            all: hands.iter().fold(0, |a, h| a | h),
            winning: 0,
            winner: 0,
            led: 0,
        }
    }

    #[test]
    fn partner_ruff_led_first() {
        // South is void in hearts with one trump, North has two: North's low heart first.
        let h = hands(["SK S3 H5 H2", "S2 HA H3 D4", "S4 D2 D3 D5", "H4 H6 D6 D7"]);
        assert_eq!(partner_ruffs(&spot(&h), h[0]), c("H2"));
        let mut out = Order::new();
        order(&spot(&h), h[0], &mut out);
        assert_eq!(1u64 << out.get(0), c("H2"));
        // At no trump, nothing to ruff with.
        let nt = Spot {
            trump: Trump::NONE,
            ..spot(&h)
        };
        assert_eq!(partner_ruffs(&nt, h[0]), 0);
        // South with more trumps than North: the long hand should not ruff.
        let h = hands(["SK S3 H5 H2", "S2 HA H3 D4", "S4 S5 S6 D5", "H4 H6 D6 D7"]);
        assert_eq!(partner_ruffs(&spot(&h), h[0]), 0);
        // West void in hearts (ruffing or discarding): no.
        let h = hands(["SK S3 H5 H2", "S2 HA H3 H4", "S4 D2 D3 D5", "C4 C6 D6 D7"]);
        assert_eq!(partner_ruffs(&spot(&h), h[0]), 0);
        // North's lowest heart is the suit's top: it wins without a ruff.
        let h = hands(["SK S3 HA D8", "S2 H5 H3 D4", "S4 D2 D3 D5", "H4 H6 D6 D7"]);
        assert_eq!(partner_ruffs(&spot(&h), h[0]), 0);
    }

    #[test]
    fn a_lead_lists_one_card_a_run() {
        // North's spade ace, king and queen are one run; East's jack and ten part the nine
        // from them: two leads, the ace and the nine.
        let h = hands(["SA SK SQ S9", "SJ ST H3 H4", "S2 D2 D3 D4", "S3 C2 C3 C4"]);
        let mut out = Order::new();
        order(&spot(&h), h[0], &mut out);
        let listed = (0..out.len()).fold(0u64, |a, i| a | 1u64 << out.get(i));
        assert_eq!(listed, c("SA S9"));
        // Following suit, every card is listed.
        let follow = Spot {
            place: 1,
            seat: 0,
            winning: c("S3").trailing_zeros() as u8,
            winner: 3,
            led: 3,
            ..spot(&h)
        };
        let mut out = Order::new();
        order(&follow, h[0], &mut out);
        assert_eq!(out.len(), 4);
    }
}
