//! Later tricks: tricks a side is sure to take some time in the play, though not by cashing
//! now (DDS's "later tricks", macroxue's "slow tricks"; `docs/solver-notes.md`).
//! For the side not on lead they bound the side on lead from above; for the side on lead they
//! are a floor when it has no quick tricks.
//!
//! - **Top trumps of the defenders**: trumps above all of the leading side's win whenever
//!   played ([`top_trumps`]).
//! - **No trump, tops against every lead**: if the highest card out of every suit the leader
//!   holds is an opponent's, whatever the leader leads loses a trick; if one opponent holds
//!   all those tops, that opponent then cashes the rest of them too.
//! - **Trump positions** ([`trump_trick`]): a guarded king sitting over the ace, king and
//!   queen against the ace, or a twice-guarded queen over the ace and king make a trump trick
//!   however the play goes.
//!
//! Each returns the cards whose ranks it relied on, as the search's rank winners.

use super::bits::{Trump, highest, in_suit};
use super::quick::top_trumps;

/// Tricks the opponents of `leader` surely take, and the cards that count relied on.
pub(crate) fn later_tricks(hands: &[u64; 4], leader: usize, trump: Trump) -> (u8, u64) {
    let me = hands[leader & 3];
    let pd = hands[(leader + 2) & 3];
    let lho = hands[(leader + 1) & 3];
    let rho = hands[(leader + 3) & 3];
    if let Some(trump) = trump.get() {
        let all = in_suit(me | pd | lho | rho, trump);
        if all == 0 {
            return (0, 0);
        }
        let (n, w) = top_trumps(in_suit(lho, trump), in_suit(rho, trump), all);
        if n > 0 {
            return (n, w);
        }
        // The opponents seen from the left-hand one: its partner is `rho`; the leader plays
        // just before it and partner just after.
        let opponents = Holding {
            mine: in_suit(lho, trump),
            partner: in_suit(rho, trump),
            left: in_suit(pd, trump),
            right: in_suit(me, trump),
        };
        return trump_trick(&opponents, all, None);
    }
    // No trump: the top of every suit the leader holds.
    let ours = me | pd;
    let all = me | pd | lho | rho;
    let mut tops = 0u64;
    let mut suits = 0u8;
    for s in 0..4 {
        if in_suit(me, s) == 0 {
            continue;
        }
        let top = 1u64 << highest(in_suit(all, s));
        if ours & top != 0 {
            return (0, 0);
        }
        tops |= top;
        suits += 1;
    }
    if lho & tops == tops || rho & tops == tops {
        (suits, tops)
    } else {
        (1, tops)
    }
}

/// Whether the side on lead surely loses a trick of those left (`left`), at no trump or once
/// the trumps are gone (DDS's `LaterTricksMIN` and `LaterTricksMAX`): every trick it wins is
/// led by it, and a suit whose top card an opponent holds gives it no trick while that card
/// is out, so it wins at most, in each suit it tops, as many tricks as its longer hand there
/// holds cards. Returns the top cards of the opponents' suits (their ranks were relied on;
/// not where no other hand holds the suit), or `None` when the count reaches `left`.
pub(crate) fn loses_a_trick(
    hands: &[u64; 4],
    leader: usize,
    trump: Trump,
    left: u8,
) -> Option<u64> {
    let all = hands[0] | hands[1] | hands[2] | hands[3];
    if trump.get().is_some_and(|t| in_suit(all, t) != 0) {
        return None;
    }
    let me = hands[leader & 3];
    let pd = hands[(leader + 2) & 3];
    let ours = me | pd;
    let (mut sum, mut tops) = (0u32, 0u64);
    for s in 0..4 {
        let cards = in_suit(all, s);
        if cards == 0 {
            continue;
        }
        let top = 1u64 << highest(cards);
        if ours & top != 0 {
            sum += in_suit(me, s).count_ones().max(in_suit(pd, s).count_ones());
        } else {
            let holder = if hands[(leader + 1) & 3] & top != 0 {
                hands[(leader + 1) & 3]
            } else {
                hands[(leader + 3) & 3]
            };
            // Where only its holder has the suit, any card of it would do.
            if cards & !holder != 0 {
                tops |= top;
            }
        }
    }
    (sum < u32::from(left)).then_some(tops)
}

/// The trumps of four hands seen from one side: `mine` and `partner`, `left` the opponent
/// who plays just after `mine` (and before `partner`), `right` the one just before `mine`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Holding {
    pub(crate) mine: u64,
    pub(crate) partner: u64,
    pub(crate) left: u64,
    pub(crate) right: u64,
}

/// One trump trick the side of `h` surely takes from the position of its honours, or none;
/// `all` is every trump out. `on_lead` is `Some(tricks left)` when `mine` is on lead now
/// (its king then needs a third trick to wait for the ace), `None` otherwise.
///
/// - A king with a smaller trump beside it, played after the ace's holder in every trick
///   that does not start from its own hand: the ace can only fall before it, and the guard
///   waits.
/// - King and queen against the ace: the ace takes one of them, the other is then the top
///   trump; only if each is alone in a different hand can one ace lead catch both at once.
/// - A queen with two smaller trumps beside it, played after the hand holding both the ace
///   and the king (from the hand on lead, with four tricks left at least):
///   the queen falls only to a lead of them, and it has two cards to spare (macroxue's third
///   slow trump trick, "Qxx behind AK"; measured in `docs/solver-notes.md` section 29).
pub(crate) fn trump_trick(h: &Holding, all: u64, on_lead: Option<u32>) -> (u8, u64) {
    if all.count_ones() < 3 {
        return (0, 0);
    }
    let a = 1u64 << highest(all);
    let k = 1u64 << highest(all & !a);
    let q = 1u64 << highest(all & !(a | k));
    let guarded = |x: u64| x & k != 0 && x.count_ones() >= 2;
    if (guarded(h.partner) && h.left & a != 0)
        || (guarded(h.mine) && h.right & a != 0 && on_lead.is_none_or(|t| t >= 3))
    {
        return (1, a | k);
    }
    let ours = h.mine | h.partner;
    let crash = h.mine.count_ones() == 1
        && h.partner.count_ones() == 1
        && (h.mine & (k | q)) != 0
        && (h.partner & (k | q)) != 0;
    if (h.left | h.right) & a != 0 && ours & (k | q) == (k | q) && !crash {
        return (1, a | k | q);
    }
    let twice_guarded = |x: u64| x & q != 0 && x.count_ones() >= 3;
    if (twice_guarded(h.partner) && h.left & (a | k) == (a | k))
        || (twice_guarded(h.mine) && h.right & (a | k) == (a | k) && on_lead.is_none_or(|t| t >= 4))
    {
        return (1, a | k | q);
    }
    (0, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Suit `n` as trumps, or no trump for 4.
    fn t(n: usize) -> Trump {
        if n < 4 { Trump::suit(n) } else { Trump::NONE }
    }
    use crate::Cards;

    fn c(s: &str) -> u64 {
        s.parse::<Cards>().map(Cards::bits).unwrap_or(0)
    }

    #[test]
    fn no_trump_tops() {
        // North leads; East holds the top of both suits North has: two tricks for East-West.
        let h = [c("SQ HQ"), c("SA HA"), c("S2 H2"), c("S3 H3")];
        assert_eq!(later_tricks(&h, 0, t(4)), (2, c("SA HA")));
        // Split between East and West: one.
        let h = [c("SQ HQ"), c("SA H2"), c("S2 H3"), c("S3 HA")];
        assert_eq!(later_tricks(&h, 0, t(4)).0, 1);
        // North-South hold a top: no bound.
        let h = [c("SA HQ"), c("SQ HA"), c("S2 H2"), c("S3 H3")];
        assert_eq!(later_tricks(&h, 0, t(4)).0, 0);
    }

    #[test]
    fn a_side_needing_every_trick() {
        let c = |s: &str| s.parse::<Cards>().unwrap().bits();
        // North leads with three tricks left; North-South top only the spades, two rounds of
        // them: East's aces of hearts and diamonds make a trick.
        let h = [c("SA SK H2"), c("HA DA S3"), c("S2 H3 D2"), c("C2 C3 C4")];
        assert_eq!(loses_a_trick(&h, 0, t(4), 3), Some(c("HA DA")));
        // Two tricks left need only the spades' two rounds.
        assert_eq!(loses_a_trick(&h, 0, t(4), 2), None);
        // With clubs trumps still out, no conclusion.
        assert_eq!(loses_a_trick(&h, 0, t(0), 3), None);
        // West's clubs are the only ones out: their rank does not matter.
        let h = [c("SA SK H2"), c("HA S3 S4"), c("S2 H3 H4"), c("C2 C3 C4")];
        assert_eq!(loses_a_trick(&h, 0, t(4), 3), Some(c("HA")));
    }

    #[test]
    fn trump_positions() {
        let all = c("SA SK SQ S2 S3");
        // A guarded king over the ace.
        let h = Holding {
            mine: 0,
            partner: c("SK S2"),
            left: c("SA"),
            right: c("SQ S3"),
        };
        assert_eq!(trump_trick(&h, all, None).0, 1);
        // The same king under the ace: nothing sure.
        let h = Holding {
            left: c("SQ S3"),
            right: c("SA"),
            ..h
        };
        assert_eq!(trump_trick(&h, all, None).0, 0);
        // King and queen, split and both bare: the ace can crash them.
        let h = Holding {
            mine: c("SK"),
            partner: c("SQ"),
            left: c("SA S2"),
            right: c("S3"),
        };
        assert_eq!(trump_trick(&h, all, None).0, 0);
        let h = Holding {
            mine: c("SK SQ"),
            partner: 0,
            left: c("SA S2"),
            right: c("S3"),
        };
        assert_eq!(trump_trick(&h, all, None).0, 1);
        // A queen with two more over the ace and king: a trick; with one more, or under
        // them, none.
        let all = c("SA SK SQ S2 S3 S4");
        let h = Holding {
            mine: c("S4"),
            partner: c("SQ S2 S3"),
            left: c("SA SK"),
            right: 0,
        };
        assert_eq!(trump_trick(&h, all, None), (1, c("SA SK SQ")));
        let h = Holding {
            mine: c("SQ S2 S3"),
            partner: c("S4"),
            left: 0,
            right: c("SA SK"),
        };
        assert_eq!(trump_trick(&h, all, None).0, 1);
        assert_eq!(trump_trick(&h, all, Some(4)).0, 1);
        assert_eq!(trump_trick(&h, all, Some(3)).0, 0);
        let h = Holding {
            mine: c("S4"),
            partner: c("SQ S2 S3"),
            left: 0,
            right: c("SA SK"),
        };
        assert_eq!(trump_trick(&h, all, None).0, 0);
        let h = Holding {
            mine: c("S4 S3"),
            partner: c("SQ S2"),
            left: c("SA SK"),
            right: 0,
        };
        assert_eq!(trump_trick(&h, all, None).0, 0);
    }
}
