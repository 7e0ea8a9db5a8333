//! Quick tricks: tricks the side on lead is sure to take, counted at the start of a trick.
//!
//! Two kinds are added up (DDS's "quick tricks"; the form here follows the cases macroxue's
//! solver counts, `docs/solver-notes.md`):
//!
//! - **Top trumps.** Trumps above every trump of the other side win a trick each whenever
//!   they are played, now or later; partners' top trumps may fall together, so they count as
//!   many as the longer trump holding can keep apart.
//! - **Cashing winners now.** In each side suit, the cards at the top held by the side on
//!   lead, cashed from the leader's hand while it keeps the lead, or from partner's after a
//!   small card leads to one of partner's winners. A suit's count allows for blockage
//!   (one hand's cards all above the other's) and, in a trump contract, for ruffs: no more
//!   rounds than an opponent who holds trumps can follow. A hand whose top cards outnumber
//!   every other hand's cards of the suit runs it by length, where no opponent can ruff; and
//!   the leader may cash the suits it keeps the lead in, then cross to partner, who runs the
//!   suits only partner tops (`docs/solver-notes.md`, section 13).
//!
//! When neither finds a trick in a trump contract, [`partner_ruff`] looks for one ruff in
//! partner's hand that the opponents cannot beat (DDS's last quick-trick case).
//!
//! The second player to a trick asks too: [`second_hand_wins`] finds a card of its side that
//! surely wins the trick, and at no trump [`second_hand_cashes`] counts what the hand holding
//! it then cashes on lead (DDS's `QuickTricksSecondHand`; `docs/solver-notes.md` section 19).
//!
//! Every card whose rank the count relied on is returned as a rank winner (see
//! [`pattern`](super::pattern)): the winners of a suit, up to the number of rounds in which
//! another hand still follows (later rounds win by length, not rank).

use super::bits::{SUIT, Trump, count13, highest, in_suit, lowest, suit_bits, top_k};

/// The quick tricks of the side whose `leader` is on lead, at most the tricks left, and the
/// cards whose ranks they depend on. `trump`: the trump suit, or none.
pub(crate) fn quick_tricks(hands: &[u64; 4], leader: usize, trump: Trump) -> (u8, u64) {
    quick_count(hands, leader, trump)
}

/// [`quick_tricks`]' count, in a body of its own so that the trick start (its one hot caller)
/// keeps it inlined and [`after_drawing_trumps`] gets a copy: one function with two callers
/// was left out of line, and cost more instructions than the draws saved
/// (`docs/solver-notes.md` section 41).
#[inline(always)]
fn quick_count(hands: &[u64; 4], leader: usize, trump: Trump) -> (u8, u64) {
    let me = hands[leader & 3];
    let pd = hands[(leader + 2) & 3];
    let lho = hands[(leader + 1) & 3];
    let rho = hands[(leader + 3) & 3];
    let all = me | pd | lho | rho;
    let mut left = 0;
    let mut trump_tricks = 0;
    let mut winners = 0u64;
    let (mut lho_ruffs, mut rho_ruffs) = (false, false);
    for s in 0..4 {
        left += count13(suit_bits(me, s));
    }
    if let Some(trump) = trump.get() {
        let t;
        (t, winners) = top_trumps(in_suit(me, trump), in_suit(pd, trump), in_suit(all, trump));
        trump_tricks = u32::from(t);
        lho_ruffs = suit_bits(lho, trump) != 0;
        rho_ruffs = suit_bits(rho, trump) != 0;
    }
    let (mut mine, mut partners, mut partner_winners) = (0u32, 0u32, 0u64);
    let (mut own_only, mut partner_only) = (0u32, 0u32);
    let (mut entry, mut entry_apart) = (false, false);
    // In every suit at once, the side's cards above every card the opponents hold.
    let tops = (me | pd) & !at_or_below_top(lho | rho);
    for s in (0..4).filter(|&s| !trump.is(s)) {
        let over = suit_bits(tops, s);
        if over == 0 {
            // No card of the side tops the opponents': no trick, winner or entry here (no
            // hand of the side is solid either: an opponent holds a higher card).
            continue;
        }
        let (mut m, mut p) = (suit_bits(me, s), suit_bits(pd, s));
        let (l, r) = (suit_bits(lho, s), suit_bits(rho, s));
        let (ml, pl, ll, rl) = (count13(m), count13(p), count13(l), count13(r));
        // Rounds in which some other hand still follows: winners there win by rank.
        let my_ranked = pl.max(ll).max(rl);
        let pd_ranked = ml.max(ll).max(rl);
        // Rounds before an opponent holding trumps could ruff.
        let mut rounds = 13;
        if lho_ruffs {
            rounds = ll;
        }
        if rho_ruffs {
            rounds = rounds.min(rl);
        }
        // A hand whose top cards, above every other hand's, are at least as many as any other
        // hand holds of the suit cashes the whole suit: the others are void by then, and the
        // lead stays with it (where no opponent can ruff).
        let (my_solid, pd_solid) = if rounds == 13 {
            (
                ml > 0 && solid_top(m, p | l | r) >= my_ranked,
                pl > 0 && solid_top(p, m | l | r) >= pd_ranked,
            )
        } else {
            (false, false)
        };
        if rounds < ml {
            m = top_k(m, rounds as u8);
        }
        if rounds < pl {
            p = top_k(p, rounds as u8);
        }
        // The run of top cards held by the side on lead: its cards above every other card
        // out (without a branch: which hand holds the next card is data).
        // (The cards kept of `m` and `p` are their top ones, so `over` still bounds them.)
        let run = (m | p) & over;
        let (mr, pr) = (m & run, p & run);
        let (mw, pw) = (count13(mr), count13(pr));
        let base = 13 * s as u32;
        winners |= u64::from(top_k(mr, my_ranked as u8)) << base;
        partner_winners |= u64::from(top_k(pr, pd_ranked as u8)) << base;
        let (mut a, mut b) = (suit_tricks(m, mw, p, pw), suit_tricks(p, pw, m, mw));
        if my_solid {
            a = ml;
        } else if pd_solid {
            b = pl;
        }
        mine += a;
        partners += b;
        // Suits the leader cashes keeping the lead, and suits only partner cashes (there `a`
        // and `b` are the leader's and partner's own winners or whole solid suit).
        let own = my_solid || pw == 0;
        if own {
            own_only += a;
        }
        if pd_solid || mw == 0 {
            partner_only += b;
        }
        // A small card of the leader's leads to one of partner's winners.
        let reach = m != 0 && pw > 0 && p.leading_zeros() < 15 - m.trailing_zeros();
        entry |= reach;
        entry_apart |= reach && !own;
    }
    let cashed = if entry {
        winners |= partner_winners;
        let both = if entry_apart {
            own_only + partner_only
        } else {
            0
        };
        mine.max(partners).max(both)
    } else {
        mine
    };
    let total = (trump_tricks + cashed).min(left);
    (total as u8, winners)
}

/// Whether the side of the second player to a trick (`seat`) surely wins it, the card `led`
/// having been led: by a card of its own or its partner's above the led card and every card
/// the third player holds in the suit (when that player cannot ruff), or by a ruff the third
/// player cannot follow with a higher trump. Returns the card that wins by rank, if one does.
pub(crate) fn second_hand_wins(
    hands: &[u64; 4],
    seat: usize,
    led: u8,
    trump: Trump,
) -> Option<u64> {
    let s = usize::from(led / 13) & 3;
    let third = hands[(seat + 1) & 3];
    let (mine, partner) = (hands[seat & 3], hands[(seat + 2) & 3]);
    // The trump suit when the suit led is another.
    let side = trump.get().filter(|&t| t != s);
    let third_ruffs = side.is_some_and(|t| in_suit(third, s) == 0 && in_suit(third, t) != 0);
    if let Some(t) = side {
        let void_with_trumps = |h: u64| in_suit(h, s) == 0 && in_suit(h, t) != 0;
        if (void_with_trumps(mine) || void_with_trumps(partner)) && !third_ruffs {
            // A ruff the third player, who follows suit or cannot ruff, cannot beat.
            return Some(0);
        }
    }
    let ours = in_suit(mine | partner, s);
    if ours == 0 || third_ruffs {
        return None;
    }
    let top = highest(ours);
    let theirs = in_suit(third, s) | (1u64 << led);
    (top > highest(theirs)).then_some(1u64 << top)
}

/// At no trump, once the second player's side wins the trick by `top` (its card above the
/// led card and the third player's, from [`second_hand_wins`]), the tricks its hand holding
/// `top` then cashes on lead (DDS's `QuickTricksSecondHand`): the suit's next card if that
/// hand holds the suit's two highest cards, a card of each other suit it tops, and every card
/// of a suit no other hand holds. Returns the extra tricks and the cards whose ranks they rely
/// on (`top` among them).
pub(crate) fn second_hand_cashes(hands: &[u64; 4], seat: usize, led: u8, top: u8) -> (u8, u64) {
    let s = usize::from(led / 13) & 3;
    let hh = if hands[seat & 3] & (1u64 << top) != 0 {
        seat & 3
    } else {
        (seat + 2) & 3
    };
    let hand = hands[hh];
    let all = hands[0] | hands[1] | hands[2] | hands[3] | (1u64 << led);
    let mut extra = 0u8;
    let mut winners = 1u64 << top;
    // The suit led: the holder of its top card also holds the next one.
    let suit = in_suit(all, s);
    if highest(suit) == top {
        let rest = suit & !(1u64 << top);
        if rest != 0 && hand & (1u64 << highest(rest)) != 0 {
            extra += 1;
            winners |= 1u64 << highest(rest);
        }
    }
    for o in (0..4).filter(|&o| o != s) {
        let own = in_suit(hand, o);
        if own == 0 {
            continue;
        }
        let others = in_suit(all & !hand, o);
        if others == 0 {
            extra += count13(suit_bits(own, o)) as u8;
        } else if highest(own) > highest(others) {
            extra += 1;
            winners |= 1u64 << highest(own);
        }
    }
    (extra, winners)
}

/// One trick by a ruff in partner's hand, in a trump contract (DDS's `QuickTricks`, its
/// "lowest quick tricks"): the leader leads a side suit partner is void in and partner, who
/// holds trumps, ruffs, and the opponents cannot beat it (each follows suit or has no trumps,
/// or ruffs lower than partner's top trump). Returns the cards whose ranks that relied on
/// (partner's top trump when an opponent ruffs too), or `None`.
pub(crate) fn partner_ruff(hands: &[u64; 4], leader: usize, trump: Trump) -> Option<u64> {
    let trump = trump.get()?;
    let me = hands[leader & 3];
    let pd = hands[(leader + 2) & 3];
    let lho = hands[(leader + 1) & 3];
    let rho = hands[(leader + 3) & 3];
    let pd_trumps = in_suit(pd, trump);
    if pd_trumps == 0 {
        return None;
    }
    let top = 1u64 << highest(pd_trumps);
    let below_top = |h: u64| in_suit(h, trump) < top;
    for s in (0..4).filter(|&s| s != trump) {
        if in_suit(me, s) == 0 || in_suit(pd, s) != 0 {
            continue;
        }
        let lho_ruffs = in_suit(lho, s) == 0 && in_suit(lho, trump) != 0;
        let rho_ruffs = in_suit(rho, s) == 0 && in_suit(rho, trump) != 0;
        match (lho_ruffs, rho_ruffs) {
            (false, false) => return Some(0),
            (true, true) if below_top(lho) && below_top(rho) => return Some(top),
            (true, false) if below_top(lho) => return Some(top),
            (false, true) if below_top(rho) => return Some(top),
            _ => {}
        }
    }
    None
}

/// Quick tricks after drawing trumps, in a trump contract where an opponent still holds a
/// trump (DDS's `QuickTricks` draws trumps too, taking the opponents' trumps out of the count
/// as the side's top trumps cash; macroxue's and the plain count above keep the opponents'
/// trumps as a limit on every side suit; `docs/solver-notes.md` section 41).
///
/// One hand of the side on lead, the *drawer* (the leader, or partner reached by the leader's
/// lowest trump), holds `d` trumps above every opponent's, `d` the longer opponent's trump
/// length: it plays them from the top for `d` rounds and wins each, while its partner plays
/// its lowest trumps under them. The opponents then hold no trump, and what follows is the
/// plain count of the position with the drawn trumps gone and the drawer on lead. An
/// opponent short of trumps discards in the later rounds; those cards stay in the counted
/// position (a card more for the other side never adds a quick trick). When the drawer is
/// the leader and partner runs out of trumps first, partner's discards are partner's own
/// choice, unknown here: the count is then the leader's alone (all its trumps, and in each
/// side suit its cards above every other hand's, or the whole suit when those outlast every
/// other hand's cards).
///
/// Returns the tricks (`d` included, at most the tricks left) and the cards whose ranks they
/// rely on: the drawer's `d` top trumps (which places every trump above them and keeps every
/// trump the other hands played under them) and the winners of the count that follows; or
/// `None` when no draw applies.
#[inline]
pub(crate) fn after_drawing_trumps(
    hands: &[u64; 4],
    leader: usize,
    trump: Trump,
) -> Option<(u8, u64)> {
    let t = trump.get()?;
    let leader = leader & 3;
    let theirs = in_suit(hands[(leader + 1) & 3] | hands[(leader + 3) & 3], t);
    let ours = in_suit(hands[leader] | hands[(leader + 2) & 3], t);
    // No trump out on the other side, or its top one there: nothing to draw (of two sets of
    // one suit's cards, the one holding the higher top card is the larger number).
    if theirs == 0 || ours < theirs {
        return None;
    }
    // Nor when the side holds fewer trumps above all of theirs than the longer opponent has.
    let base = 13 * t as u32;
    let high = u32::from(highest(theirs)) - base;
    let d = count13(suit_bits(hands[(leader + 1) & 3], t))
        .max(count13(suit_bits(hands[(leader + 3) & 3], t)));
    if count13(suit_bits(ours, t) >> (high + 1)) < d {
        return None;
    }
    draws(hands, leader, t, theirs, d)
}

/// [`after_drawing_trumps`] past its tests (a trump out on each side, the side on lead's the
/// highest, and at least `d` of its trumps above every opponent's, `d` the longer opponent's
/// trump length): out of line, so that the trick start pays only for the tests.
#[inline(never)]
fn draws(hands: &[u64; 4], leader: usize, t: usize, theirs: u64, d: u32) -> Option<(u8, u64)> {
    let base = 13 * t as u32;
    let mut best: Option<(u8, u64)> = None;
    for k in 0..2 {
        let drawer = (leader + 2 * k) & 3;
        let other = (drawer + 2) & 3;
        let (dt, ot) = (suit_bits(hands[drawer], t), suit_bits(hands[other], t));
        let (dc, oc) = (count13(dt), count13(ot));
        if dc < d {
            continue;
        }
        let top = u64::from(top_k(dt, d as u8)) << base;
        let floor = lowest(top);
        if highest(theirs) > floor {
            continue;
        }
        let found = if oc >= d {
            // The other hand follows with its `d` lowest trumps, each below the drawer's.
            let under = u64::from(ot & !top_k(ot, (oc - d) as u8)) << base;
            if under != 0 && highest(under) > floor {
                continue;
            }
            let rest = hands.map(|h| h & !(theirs | top | under));
            let (q, w) = quick_count(&rest, drawer, Trump::suit(t));
            (d + u32::from(q), top | w)
        } else if drawer == leader && (ot == 0 || highest(u64::from(ot) << base) < floor) {
            // Partner, out of trumps before the opponents, never overtakes the leader's.
            let (q, w) = leader_cashes(hands, leader, t);
            (dc + q, top | w)
        } else {
            continue;
        };
        let tricks = found.0.min(count_all(hands[leader])) as u8;
        if best.is_none_or(|(b, _)| tricks > b) {
            best = Some((tricks, found.1));
        }
    }
    best
}

/// The side-suit tricks the leader cashes from its own hand when no opponent holds a trump
/// (`t`, the trump suit, skipped): in each suit its cards above every other hand's, or the
/// whole suit when those are at least as many as any other hand holds. Returns the tricks and
/// the cards whose ranks they rely on (those won while another hand still follows).
fn leader_cashes(hands: &[u64; 4], leader: usize, t: usize) -> (u32, u64) {
    let me = hands[leader & 3];
    let others = hands[(leader + 1) & 3] | hands[(leader + 2) & 3] | hands[(leader + 3) & 3];
    let (mut tricks, mut winners) = (0u32, 0u64);
    for s in (0..4).filter(|&s| s != t) {
        let m = suit_bits(me, s);
        if m == 0 {
            continue;
        }
        let longest = (1..4)
            .map(|k| count13(suit_bits(hands[(leader + k) & 3], s)))
            .max()
            .unwrap_or(0);
        let k = solid_top(m, suit_bits(others, s));
        tricks += if k >= longest { count13(m) } else { k };
        winners |= u64::from(top_k(m, k.min(longest) as u8)) << (13 * s as u32);
    }
    (tricks, winners)
}

/// The number of cards in a hand.
fn count_all(hand: u64) -> u32 {
    (0..4).map(|s| count13(suit_bits(hand, s))).sum()
}

/// Tricks a suit gives when `a`, holding `aw` of the suit's top cards, leads it and its
/// partner holds `b` with `bw` of them.
fn suit_tricks(a: u16, aw: u32, b: u16, bw: u32) -> u32 {
    if bw == 0 {
        return aw;
    }
    if aw == 0 {
        // A small card to partner's winners (none if `a` has no card to lead).
        return if a != 0 { bw } else { 0 };
    }
    let (a_top, a_low) = (15 - a.leading_zeros(), a.trailing_zeros());
    let (b_top, b_low) = (15 - b.leading_zeros(), b.trailing_zeros());
    if a_top < b_low {
        // Blocked by partner, whose cards are all higher: partner overtakes and cashes.
        return bw;
    }
    if a_low > b_top {
        // Blocked by the leader's hand: partner's winners cannot be reached in the suit.
        return aw;
    }
    // Partner without small cards must spend one winner under the leader's.
    let bw = if bw == count13(b) { bw - 1 } else { bw };
    count13(a).min(aw + bw)
}

/// For each suit of `cards`, its highest card and every rank below it (none in a suit it has
/// no card of): each suit's top bit copied 1, 2, 4 and 8 ranks down, no copy crossing into
/// the suit below.
fn at_or_below_top(cards: u64) -> u64 {
    /// The ranks of every suit a copy `k` ranks down may land on: all but the top `k`.
    const fn keep(k: u32) -> u64 {
        let per_suit = SUIT >> k;
        per_suit | (per_suit << 13) | (per_suit << 26) | (per_suit << 39)
    }
    let mut x = cards;
    x |= (x >> 1) & keep(1);
    x |= (x >> 2) & keep(2);
    x |= (x >> 4) & keep(4);
    x |= (x >> 8) & keep(8);
    x
}

/// How many of `h`'s cards of a suit lie above every card of `others` in it.
fn solid_top(h: u16, others: u16) -> u32 {
    if others == 0 {
        count13(h)
    } else {
        count13(h >> (16 - others.leading_zeros()))
    }
}

/// The number of cards in a set of one suit.
fn count(cards: u64) -> u32 {
    let s = usize::from(lowest(cards | (1 << 63)) / 13) & 3;
    count13(suit_bits(cards, s))
}

/// Tricks a side surely takes with top trumps, holding `mine` and `partner`'s of the trumps
/// `all` still out, and the trumps that win by rank.
pub(crate) fn top_trumps(mine: u64, partner: u64, all: u64) -> (u8, u64) {
    if mine == all {
        return (count(mine) as u8, 0);
    }
    if partner == all {
        return (count(partner) as u8, 0);
    }
    let both = mine | partner;
    let most = count(mine).max(count(partner));
    if both == all {
        // The other side has no trumps: each of the longer holding's trumps takes a trick,
        // whatever their ranks.
        return (most as u8, 0);
    }
    let (mut count, mut winners, mut out) = (0u32, 0u64, all);
    while out != 0 && count < most {
        let c = highest(out);
        if both & (1 << c) == 0 {
            break;
        }
        count += 1;
        winners |= 1 << c;
        out &= !(1 << c);
    }
    (count as u8, winners)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Suit `n` as trumps, or no trump for 4.
    fn t(n: usize) -> Trump {
        if n < 4 { Trump::suit(n) } else { Trump::NONE }
    }
    use crate::Cards;

    fn hands(pbn: [&str; 4]) -> [u64; 4] {
        pbn.map(|h| h.parse::<Cards>().unwrap().bits())
    }

    #[test]
    fn cashing_and_entries() {
        // North (on lead) holds SA SK, HA; others small: three quick tricks at no trump.
        let h = hands(["SA SK HA", "S2 S3 H2", "S4 S5 H3", "S6 S7 H4"]);
        assert_eq!(quick_tricks(&h, 0, t(4)).0, 3);
        // In hearts, East (holding trumps) has two spades: both spades still count, plus HA.
        assert_eq!(quick_tricks(&h, 0, t(2)).0, 3);
        // South leads a small spade to North's winners? South holds no winners; North's are
        // reached by the spade lead: S4 to SA SK, then HA: three.
        assert_eq!(quick_tricks(&h, 2, t(4)).0, 3);
    }

    #[test]
    fn ruffs_cap_the_count() {
        // North leads spades AKQ; East is void in spades and holds a trump (hearts).
        let h = hands(["SA SK SQ", "H2 D2 D3", "S2 D4 D5", "S3 S4 D6"]);
        assert_eq!(quick_tricks(&h, 0, t(4)).0, 3);
        assert_eq!(quick_tricks(&h, 0, t(2)).0, 0);
    }

    #[test]
    fn a_ruff_in_partners_hand() {
        let c = |s: &str| s.parse::<Cards>().unwrap().bits();
        // Hearts trumps (suit 2); North leads a spade, South ruffs; East and West follow.
        let h = hands(["S2 D2", "S3 D3", "H3 D4", "S4 D5"]);
        assert_eq!(partner_ruff(&h, 0, t(2)), Some(0));
        // At no trump, or with South holding no trump: nothing.
        assert_eq!(partner_ruff(&h, 0, t(4)), None);
        let h = hands(["S2 D2", "S3 D3", "C3 D4", "S4 D5"]);
        assert_eq!(partner_ruff(&h, 0, t(2)), None);
        // East (before South) ruffs too: South must overruff, with its top trump.
        let h = hands(["S2 D2", "H4 D3", "H3 D4", "S4 D5"]);
        assert_eq!(partner_ruff(&h, 0, t(2)), None);
        let h = hands(["S2 D2", "H4 D3", "H5 D4", "S4 D5"]);
        assert_eq!(partner_ruff(&h, 0, t(2)), Some(c("H5")));
        // West (after South) ruffs higher: nothing.
        let h = hands(["S2 D2", "S3 D3", "H3 D4", "H4 D5"]);
        assert_eq!(partner_ruff(&h, 0, t(2)), None);
    }

    #[test]
    fn a_solid_suit_runs_by_length() {
        let c = |s: &str| s.parse::<Cards>().unwrap().bits();
        // North's AKQ are above every other spade and no other hand holds more than three:
        // all five spades at no trump; only the three tops when East can ruff the fourth.
        let h = hands([
            "SA SK SQ S3 S2",
            "SJ ST S9 H2 H3",
            "S8 S7 H4 H5 H6",
            "S6 S5 S4 D2 D3",
        ]);
        assert_eq!(quick_tricks(&h, 0, t(4)), (5, c("SA SK SQ")));
        assert_eq!(quick_tricks(&h, 0, t(3)).0, 3);
        // With a fourth spade beside East's three, the AKQ no longer clear the suit.
        let h = hands([
            "SA SK SQ S3 S2",
            "SJ ST S9 S8 H3",
            "S7 H4 H5 H6 H7",
            "S6 S5 S4 D2 D3",
        ]);
        assert_eq!(quick_tricks(&h, 0, t(4)).0, 3);
    }

    #[test]
    fn the_leader_cashes_then_crosses_to_partner() {
        let c = |s: &str| s.parse::<Cards>().unwrap().bits();
        // West (on lead, no trump) cashes SA, leads H3 to East's HA, and East, whose AKQ clear
        // the diamonds West is void in, runs all five: seven, where neither hand alone
        // reaches more than six (East cannot get back to the SA).
        let h = hands([
            "DJ DT D9 HK SK SQ CA",
            "DA DK DQ D3 D2 HA C7",
            "D8 D7 HQ SJ CK CQ CJ",
            "SA H3 C2 C3 C4 C5 C6",
        ]);
        assert_eq!(quick_tricks(&h, 3, t(4)), (7, c("SA HA DA DK DQ")));
    }

    #[test]
    fn every_suit_filled_below_its_top_at_once() {
        use rand_core::Rng;
        let mut rng = crate::rng::seeded(41);
        for _ in 0..10_000 {
            let cards = rng.next_u64() & rng.next_u64() & ((1u64 << 52) - 1);
            let mut want = 0u64;
            for s in 0..4 {
                let a = suit_bits(cards, s);
                if a != 0 {
                    let below = (1u64 << (16 - a.leading_zeros())) - 1;
                    want |= below << (13 * s);
                }
            }
            assert_eq!(at_or_below_top(cards), want, "{cards:#x}");
        }
    }

    #[test]
    fn trumps_drawn_first_free_the_side_suits() {
        let c = |s: &str| s.parse::<Cards>().unwrap().bits();
        // Spades trumps. North's hearts are ruffed at once while East and West hold trumps,
        // so the plain count is the two top trumps; once the SA draws both opponents' (South
        // has none to follow with), the SK and both hearts win too: all four. The hearts win
        // by length (no other hand holds one) and the SK once no other trump is out, so only
        // the SA's rank counts.
        let h = hands(["SA SK HA HK", "S2 D2 D3 D4", "C2 C3 C4 C5", "S3 D5 D6 D7"]);
        assert_eq!(quick_tricks(&h, 0, t(3)).0, 2);
        assert_eq!(after_drawing_trumps(&h, 0, t(3)), Some((4, c("SA"))));
        // South follows the SA with its S3; North, on lead again, leads the H2 to South's
        // hearts, and South's S4 gets back to North's SK: all four, where the plain count
        // (West ruffs hearts) finds two.
        let h = hands(["SA SK H2 D2", "S5 H3 D3 D4", "S3 S4 HA HK", "S6 D5 D6 D7"]);
        assert_eq!(quick_tricks(&h, 0, t(3)).0, 2);
        assert_eq!(after_drawing_trumps(&h, 0, t(3)), Some((4, c("SA HA"))));
        // Partner draws: the leader's S2 goes to South's SA, which draws East's and West's
        // trumps; South then cashes its DA, but North's hearts stay stranded (South has no
        // heart to lead to them): two, where the plain count finds the SA alone.
        let h = hands(["S2 HA HK C4", "S3 D2 D3 CK", "SA DA C2 C3", "S4 D4 D5 D6"]);
        assert_eq!(quick_tricks(&h, 0, t(3)).0, 1);
        assert_eq!(after_drawing_trumps(&h, 0, t(3)), Some((2, c("SA DA"))));
    }

    #[test]
    fn no_draw_where_it_cannot_be_made() {
        let cases = [
            // At no trump, or with the opponents out of trumps: nothing to draw.
            (
                ["SA SK HA HK", "S2 D2 D3 D4", "C2 C3 C4 C5", "S3 D5 D6 D7"],
                4,
            ),
            (
                ["SA SK HA HK", "C6 D2 D3 D4", "C2 C3 C4 C5", "C7 D5 D6 D7"],
                3,
            ),
            // An opponent's trump above the leader's second: two rounds cannot both be won.
            (
                ["SA SQ HA HK", "SK S2 D3 D4", "C2 C3 C4 C5", "S3 D5 D6 D7"],
                3,
            ),
            // South's singleton SA would overtake North's SQ in the second round, and South
            // is too short to draw both rounds itself.
            (
                ["SK SQ S2 HA", "S3 S4 D3 D4", "SA C3 C4 C5", "S5 D5 D6 D7"],
                3,
            ),
        ];
        for (pbn, trump) in cases {
            assert_eq!(
                after_drawing_trumps(&hands(pbn), 0, t(trump)),
                None,
                "{pbn:?}"
            );
        }
    }

    #[test]
    fn top_trumps_count_the_longer_holding() {
        let c = |s: &str| s.parse::<Cards>().unwrap().bits();
        // AK with the leader, Q with partner: three tricks if the leader has three trumps.
        assert_eq!(top_trumps(c("SA SK S2"), c("SQ"), c("SA SK SQ S2 S3")).0, 3);
        assert_eq!(top_trumps(c("SA SK"), c("SQ SJ"), c("SA SK SQ SJ S3")).0, 2);
        assert_eq!(top_trumps(c("SA S2"), c("SQ"), c("SA SK SQ S2")).0, 1);
        assert_eq!(top_trumps(c("S2 S3"), 0, c("S2 S3")), (2, 0));
    }

    #[test]
    fn the_second_hands_winner_cashes_on() {
        let c = |s: &str| s.parse::<Cards>().unwrap().bits();
        let card = |s: &str| s.parse::<crate::Card>().unwrap().index() as u8;
        // West leads the H2 (already played); North (second) holds HA HK, the top two hearts,
        // and the DA. North wins with the HA, cashes the HK and the DA: two more (South's CA
        // is not North's to cash, nor is the S2 a winner).
        let h = [
            c("HA HK DA S2"),
            c("H5 D2 S3 C2"),
            c("H4 D3 S4 CA"),
            c("H3 D4 S5"),
        ];
        let led = card("H2");
        assert_eq!(second_hand_wins(&h, 0, led, Trump::NONE), Some(c("HA")));
        assert_eq!(
            second_hand_cashes(&h, 0, led, card("HA")),
            (2, c("HA HK DA"))
        );
        // South (fourth) holds the winner instead: South wins, runs the suit only it holds
        // (two clubs, by length: no rank needed) and its DA.
        let h = [
            c("H5 S2 D5 S7"),
            c("H6 D2 S3 D6"),
            c("HA CK CQ DA"),
            c("D4 S5 S6"),
        ];
        let led = card("H3");
        assert_eq!(second_hand_wins(&h, 0, led, Trump::NONE), Some(c("HA")));
        assert_eq!(second_hand_cashes(&h, 0, led, card("HA")), (3, c("HA DA")));
    }
}
