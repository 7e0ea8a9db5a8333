//! The exact double-dummy solver.
//!
//! The techniques of DDS (Haglund & Hein's double dummy solver, as its algorithm notes describe
//! them), in their simplest exact forms:
//!
//! - **Null-window tests.** The search never asks "how many tricks?", only "can North-South
//!   take at least `t`?", a boolean alpha-beta; a card's exact value comes from a few such tests
//!   stepped from a guess (the previous card's value).
//! - **Equivalent cards.** Cards of one hand in one suit with no card of another hand between
//!   them (played cards do not count) are one move.
//! - **Quick tricks.** At a trick boundary the side on lead surely takes the top cards the
//!   leader holds in each suit, capped in a trump contract by the length of each opponent who
//!   could ruff; that bound often decides a test without search.
//! - **Transposition table at trick boundaries**, keyed by relative ranks (see [`TransTable`]),
//!   storing a lower and an upper bound on North-South's remaining tricks.
//! - **Move ordering**: cash winners, lead towards partner's winners, win cheaply or play low.

use super::play::BridgePlay;
use super::table::{NO_MOVE, TransTable};
use crate::Game;
use crate::card::Card;
use crate::game::{Side, Turn};

/// The 13 bits of one suit.
const SUIT: u64 = 0x1FFF;

/// The value of every card of the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Each legal card, highest first (spades to clubs), with the tricks the mover's side takes
    /// from this point on (the trick in progress included) if it is played and everyone then
    /// plays double-dummy perfectly.
    pub cards: heapless::Vec<(Card, u8), 13>,
    /// The most tricks the mover's side can take: the best card's value (0 at the end).
    pub best: u8,
    /// The work done.
    pub stats: SolveStats,
}

/// What a solve cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SolveStats {
    /// Positions (card plays) searched.
    pub nodes: u64,
    /// Null-window tests run.
    pub tests: u32,
    /// Transposition-table lookups and hits.
    pub probes: u64,
    /// Lookups that found their position.
    pub hits: u64,
    /// Stack the search used below `solve`'s frame, in bytes (measured from the addresses of
    /// locals at the root and at the deepest node; an estimate of the peak).
    pub stack_bytes: usize,
}

/// A position as the solver sees it: bitsets and a few bytes, copied at every play.
#[derive(Clone, Copy)]
struct State {
    /// Cards per seat (N, E, S, W), bit `suit * 13 + rank`.
    hands: [u64; 4],
    /// The trick in progress, as card indices.
    trick: [u8; 4],
    /// Seat (0..4) that led it.
    leader: u8,
    /// Cards in it.
    len: u8,
    /// Tricks North-South won since the root.
    ns: u8,
}

impl State {
    fn mover(&self) -> usize {
        usize::from((self.leader + self.len) & 3)
    }

    fn all(&self) -> u64 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
    }

    /// Tricks not yet complete.
    fn tricks_left(&self) -> u8 {
        ((self.all().count_ones() + u32::from(self.len)) / 4) as u8
    }

    fn play(&self, card: u8, trump: Option<u8>) -> State {
        let mut s = *self;
        let p = s.mover();
        s.hands[p] &= !(1u64 << card);
        s.trick[usize::from(s.len & 3)] = card;
        s.len += 1;
        if s.len == 4 {
            let w = (s.leader + winner(&s.trick, 4, trump).0) & 3;
            if w & 1 == 0 {
                s.ns += 1;
            }
            s.leader = w;
            s.len = 0;
        }
        s
    }
}

fn suit_of(card: u8) -> u8 {
    card / 13
}

fn rank_of(card: u8) -> u8 {
    card % 13
}

/// Whether `card` beats `best` (the card winning so far).
fn beats(card: u8, best: u8, trump: Option<u8>) -> bool {
    if suit_of(card) == suit_of(best) {
        card > best
    } else {
        Some(suit_of(card)) == trump
    }
}

/// The winning position (0 = lead) among the first `n` cards of a trick, and its card.
fn winner(trick: &[u8; 4], n: u8, trump: Option<u8>) -> (u8, u8) {
    let mut best = (0, trick[0]);
    for (i, &c) in trick.iter().enumerate().take(usize::from(n.min(4))).skip(1) {
        if beats(c, best.1, trump) {
            best = (i as u8, c);
        }
    }
    best
}

/// The highest set bit of a non-zero suit mask.
fn top_bit(m: u64) -> u32 {
    63 - m.leading_zeros()
}

/// One solve's search.
struct Search<'t, 'a> {
    trump: Option<u8>,
    strain: u8,
    table: &'t mut TransTable<'a>,
    nodes: u64,
    tests: u32,
    stack_top: usize,
    stack_low: usize,
}

impl Search<'_, '_> {
    /// Can North-South take at least `target` tricks since the root?
    fn test(&mut self, st: &State, target: u8) -> bool {
        self.tests += 1;
        self.search(st, target)
    }

    /// The null-window test at any position.
    fn search(&mut self, st: &State, target: u8) -> bool {
        self.nodes += 1;
        let here = core::ptr::addr_of!(st) as usize;
        self.stack_low = self.stack_low.min(here);
        if st.len != 0 {
            return self.moves(st, target, None).0;
        }
        let left = (st.hands[usize::from(st.leader)].count_ones()) as u8;
        if st.ns >= target {
            return true;
        }
        if st.ns + left < target {
            return false;
        }
        if left == 1 {
            return last_trick(st, self.trump) + st.ns >= target;
        }
        // Sure tricks for each side: the leader's side by cashing, either by trump control.
        let (lead_trumps, other_trumps) = self.trump_control(st);
        let mine = self.quick_tricks(st).max(lead_trumps);
        let (ns_sure, ew_sure) = if st.leader & 1 == 0 {
            (mine, other_trumps)
        } else {
            (other_trumps, mine)
        };
        if st.ns + ns_sure >= target {
            return true;
        }
        if st.ns + left - ew_sure < target {
            return false;
        }
        let key = self.key(st);
        let mut hint = NO_MOVE;
        if let Some(f) = self.table.get(key) {
            if st.ns + f.lower >= target {
                return true;
            }
            if st.ns + f.upper < target {
                return false;
            }
            hint = f.best;
        }
        let (made, decisive) = self.moves(st, target, decode_move(st, hint));
        // `st.ns < target <= st.ns + left` here.
        let need = target - st.ns;
        let bounds = if made { (need, left) } else { (0, need - 1) };
        let best = decisive.map_or(NO_MOVE, |c| encode_move(st, c));
        self.table.put(key, bounds, left, best);
        made
    }

    /// Tries the moves of the player to act, best first (`first`, if given, before all);
    /// returns the answer and the move that decided it, if one did.
    fn moves(&mut self, st: &State, target: u8, first: Option<u8>) -> (bool, Option<u8>) {
        let ns_turn = st.mover() & 1 == 0;
        let mut list = [(0u8, 0i16); 13];
        let n = self.generate(st, &mut list, first);
        for &(card, _) in list.iter().take(n) {
            let child = st.play(card, self.trump);
            if self.search(&child, target) == ns_turn {
                return (ns_turn, Some(card));
            }
        }
        (!ns_turn, None)
    }

    /// The whole position at a trick boundary, by relative ranks: strain, leader, and for each
    /// suit the number of cards out and their owners from the highest down (125 bits).
    fn key(&self, st: &State) -> u128 {
        let odd = st.hands[1] | st.hands[3];
        let high = st.hands[2] | st.hands[3];
        let all = st.all();
        let mut key = u128::from(self.strain) | (u128::from(st.leader) << 3);
        let mut shift = 5;
        for s in 0..4u32 {
            let a = (all >> (s * 13)) & SUIT;
            key |= u128::from(a.count_ones()) << shift;
            shift += 4;
            let mut b = a;
            while b != 0 {
                let r = top_bit(b);
                let bit = s * 13 + r;
                let owner = ((odd >> bit) & 1) | (((high >> bit) & 1) << 1);
                key |= u128::from(owner) << shift;
                shift += 2;
                b &= !(1 << r);
            }
        }
        key
    }

    /// Trump control: the tricks each side surely takes with trumps higher than every trump
    /// of the other side (the leader's side first), and the trumps that decide it.
    ///
    /// A player holding `c` trumps above all of the other side's wins `c` tricks: kept to the
    /// end, or played earlier, each takes a different trick for its side (a partner may take
    /// the same trick, so the two partners count as the larger of their two counts).
    fn trump_control(&self, st: &State) -> (u8, u8) {
        let Some(t) = self.trump else { return (0, 0) };
        let shift = u32::from(t) * 13;
        let l = usize::from(st.leader);
        let trumps = st.hands.map(|h| (h >> shift) & SUIT);
        let count = |a: usize| {
            let theirs = trumps[(a + 1) & 3] | trumps[(a + 3) & 3];
            let above = |m: u64| {
                if theirs == 0 {
                    m
                } else {
                    m & !((2u64 << top_bit(theirs)) - 1)
                }
            };
            above(trumps[a])
                .count_ones()
                .max(above(trumps[(a + 2) & 3]).count_ones()) as u8
        };
        (count(l), count((l + 1) & 3))
    }

    /// Tricks the side on lead takes for sure by cashing the leader's top cards.
    fn quick_tricks(&self, st: &State) -> u8 {
        let l = usize::from(st.leader);
        let mine = st.hands[l];
        let others = st.all() & !mine;
        let opponents = [st.hands[(l + 1) & 3], st.hands[(l + 3) & 3]];
        let mut quick = 0u32;
        for s in 0..4u8 {
            let shift = u32::from(s) * 13;
            let m = (mine >> shift) & SUIT;
            if m == 0 {
                continue;
            }
            let o = (others >> shift) & SUIT;
            let tops = if o == 0 {
                m.count_ones()
            } else {
                (m >> (top_bit(o) + 1)).count_ones()
            };
            let mut cap = tops;
            if let Some(t) = self.trump.filter(|&t| t != s) {
                for opp in opponents {
                    if (opp >> (u32::from(t) * 13)) & SUIT != 0 {
                        cap = cap.min(((opp >> shift) & SUIT).count_ones());
                    }
                }
            }
            quick += cap;
        }
        // Or: lead a small card to partner's winner and let partner cash all of partner's
        // winners (cards above everyone else's), when no opponent can ruff.
        let p = st.hands[(l + 2) & 3];
        let no_ruffs = self.trump.is_none_or(|t| {
            opponents
                .iter()
                .all(|&o| (o >> (u32::from(t) * 13)) & SUIT == 0)
        });
        if no_ruffs && p != 0 {
            let not_p = st.all() & !p;
            let mut partner = 0u32;
            let mut reachable = false;
            for s in 0..4u32 {
                let ps = (p >> (s * 13)) & SUIT;
                if ps == 0 {
                    continue;
                }
                let rest = (not_p >> (s * 13)) & SUIT;
                let wins = if rest == 0 {
                    ps
                } else {
                    ps & !((2u64 << top_bit(rest)) - 1)
                };
                partner += wins.count_ones();
                // An entry: partner wins this suit's first round and the leader has one to lead.
                let m = (mine >> (s * 13)) & SUIT;
                reachable |= wins != 0 && m != 0 && m.trailing_zeros() < top_bit(ps);
            }
            if reachable {
                quick = quick.max(partner);
            }
        }
        quick as u8
    }

    /// The distinct moves of the player to act, ordered best first; returns how many.
    fn generate(&self, st: &State, out: &mut [(u8, i16); 13], first: Option<u8>) -> usize {
        let p = st.mover();
        let hand = st.hands[p];
        let mut legal = hand;
        let mut out_of_hands = 0u64;
        for &c in st.trick.iter().take(usize::from(st.len)) {
            out_of_hands |= 1 << c;
        }
        let lead = (st.len > 0).then(|| st.trick[0]);
        if let Some(l) = lead {
            let follow = hand & (SUIT << (u32::from(suit_of(l)) * 13));
            if follow != 0 {
                legal = follow;
            }
        }
        let win = lead.map(|_| winner(&st.trick, st.len, self.trump));
        let all = st.all() | out_of_hands;
        let partner = st.hands[(p + 2) & 3];
        let mut n = 0;
        for s in 0..4u8 {
            let shift = u32::from(s) * 13;
            let h = (legal >> shift) & SUIT;
            if h == 0 {
                continue;
            }
            let a = (all >> shift) & SUIT;
            let mut b = a;
            let mut in_run = false;
            while b != 0 {
                let r = top_bit(b);
                let mine = (h >> r) & 1 != 0;
                if mine && !in_run && n < out.len() {
                    let card = s * 13 + r as u8;
                    let score = self.score(st, card, a, partner, win);
                    out[n] = (card, score);
                    n += 1;
                }
                in_run = mine;
                b &= !(1 << r);
            }
        }
        // The hinted move first: the representative of its run.
        if let Some(mut c) = first.filter(|&c| (legal >> c) & 1 != 0) {
            let suit_end = (u32::from(suit_of(c)) + 1) * 13;
            loop {
                let above = all & !((2u64 << c) - 1) & ((1u64 << suit_end) - 1);
                if above == 0 || (legal >> above.trailing_zeros()) & 1 == 0 {
                    break;
                }
                c = above.trailing_zeros() as u8;
            }
            if let Some(m) = out.iter_mut().take(n).find(|m| m.0 == c) {
                m.1 = i16::MAX;
            }
        }
        // Insertion sort, best first; stable, so ties keep suit and rank order.
        for i in 1..n {
            let mut j = i;
            while j > 0 && out[j - 1].1 < out[j].1 {
                out.swap(j - 1, j);
                j -= 1;
            }
        }
        n
    }

    /// A move-ordering score: higher is tried first.
    fn score(
        &self,
        st: &State,
        card: u8,
        suit_out: u64,
        partner: u64,
        win: Option<(u8, u8)>,
    ) -> i16 {
        let s = suit_of(card);
        let r = i16::from(rank_of(card));
        let p = st.mover();
        match win {
            None => {
                // Leading.
                let top = top_bit(suit_out);
                let shift = u32::from(s) * 13;
                let ruffable = self.trump.is_some_and(|t| {
                    t != s
                        && [st.hands[(p + 1) & 3], st.hands[(p + 3) & 3]]
                            .iter()
                            .any(|&o| {
                                (o >> shift) & SUIT == 0 && (o >> (u32::from(t) * 13)) & SUIT != 0
                            })
                });
                if u32::from(rank_of(card)) == top {
                    if ruffable { 10 } else { 60 }
                } else if (partner >> (shift + top)) & 1 != 0 {
                    45 - r
                } else {
                    20 - r
                }
            }
            Some((pos, best)) => {
                let winner_seat = (usize::from(st.leader) + usize::from(pos)) & 3;
                let partner_wins = winner_seat & 1 == p & 1;
                let trumping = lead_suit(st) != s && Some(s) == self.trump;
                if partner_wins {
                    if trumping { 0 - r } else { 30 - r }
                } else if beats(card, best, self.trump) {
                    50 - r
                } else {
                    20 - r
                }
            }
        }
    }

    /// North-South's exact tricks since the root from `st`, stepping from `guess`.
    fn exact(&mut self, st: &State, guess: Option<u8>) -> u8 {
        let mut lo = st.ns;
        let mut hi = st.ns + st.tricks_left();
        let mut t = guess.unwrap_or(lo + (hi - lo).div_ceil(2));
        while lo < hi {
            t = t.clamp(lo + 1, hi);
            if self.test(st, t) {
                lo = t;
                t += 1;
            } else {
                hi = t - 1;
                t -= 1;
            }
        }
        lo
    }
}

/// A lead as suit (high nibble) and its place from the top among the suit's cards out.
fn encode_move(st: &State, card: u8) -> u8 {
    let s = suit_of(card);
    let out = (st.all() >> (u32::from(s) * 13)) & SUIT;
    let above = (out >> (rank_of(card) + 1)).count_ones() as u8;
    (s << 4) | above
}

/// The card a [`encode_move`]d lead names in `st`, if it is still out.
fn decode_move(st: &State, code: u8) -> Option<u8> {
    if code == NO_MOVE {
        return None;
    }
    let s = code >> 4;
    let mut out = (st.all() >> (u32::from(s & 3) * 13)) & SUIT;
    for _ in 0..(code & 0xF) {
        if out == 0 {
            return None;
        }
        out &= !(1 << top_bit(out));
    }
    (out != 0).then(|| (s & 3) * 13 + top_bit(out) as u8)
}

fn lead_suit(st: &State) -> u8 {
    suit_of(st.trick[0])
}

/// The last trick, played out (every hand has one card): 1 if North-South win it.
fn last_trick(st: &State, trump: Option<u8>) -> u8 {
    let l = usize::from(st.leader);
    let mut trick = [0u8; 4];
    for (i, c) in trick.iter_mut().enumerate() {
        *c = st.hands[(l + i) & 3].trailing_zeros() as u8;
    }
    let (pos, _) = winner(&trick, 4, trump);
    u8::from((l + usize::from(pos)) & 1 == 0)
}

/// Solves `position`: the double-dummy value of every legal card of the player to move, for
/// that player's side, from this point on. Exact whatever the table's size; `table` keeps what
/// it learnt for later solves (of any deal).
pub fn solve(position: &BridgePlay, table: &mut TransTable<'_>) -> Solution {
    let mut solution = Solution {
        cards: heapless::Vec::new(),
        best: 0,
        stats: SolveStats::default(),
    };
    if position.turn() == Turn::Terminal {
        return solution;
    }
    let mut st = State {
        hands: [0; 4],
        trick: [0; 4],
        leader: position.leader() as u8,
        len: 0,
        ns: 0,
    };
    for (i, seat) in crate::Seat::ALL.into_iter().enumerate() {
        st.hands[i] = position.hand(seat).bits();
    }
    for (slot, c) in st.trick.iter_mut().zip(position.trick()) {
        *slot = c.index() as u8;
        st.len += 1;
    }
    let trump = position.strain().trump().map(|s| s as u8);
    let (probes, hits) = (table.probes, table.hits);
    let root_addr = core::ptr::addr_of!(st) as usize;
    let mut search = Search {
        trump,
        strain: position.strain() as u8,
        table,
        nodes: 0,
        tests: 0,
        stack_top: root_addr,
        stack_low: root_addr,
    };
    let mover_ns = position.side_of(crate::game::Player(position.to_move() as u8)) == Side(0);
    let total = st.tricks_left();

    // One search per class of equivalent cards; every card of a class gets its value.
    let mut list = [(0u8, 0i16); 13];
    let n = search.generate(&st, &mut list, None);
    let mut values = [u8::MAX; 52];
    let mut guess = None;
    for &(card, _) in list.iter().take(n) {
        let child = st.play(card, trump);
        let ns = search.exact(&child, guess);
        guess = Some(ns);
        values[usize::from(card)] = if mover_ns { ns } else { total - ns };
    }
    // Spread each class's value down its run (representatives are the runs' highest cards).
    let legal = position.legal();
    let mut all = 0u64;
    for seat in crate::Seat::ALL {
        all |= position.hand(seat).bits();
    }
    for c in position.trick() {
        all |= 1 << c.index();
    }
    for card in legal.iter().rev() {
        let i = card.index();
        if values[i] == u8::MAX {
            // The next higher card still out in this suit belongs to this hand: same class.
            let suit_top = (u64::from(card.suit() as u8) + 1) * 13;
            let above = all & !((1u64 << (i + 1)) - 1) & ((1u64 << suit_top) - 1);
            if above != 0 {
                let next = above.trailing_zeros() as usize;
                values[i] = values.get(next).copied().unwrap_or(0);
            }
        }
        let v = values[i];
        solution.best = solution.best.max(v);
        let _ = solution.cards.push((card, v));
    }
    solution.stats = SolveStats {
        nodes: search.nodes,
        tests: search.tests,
        probes: search.table.probes - probes,
        hits: search.table.hits - hits,
        stack_bytes: search.stack_top.saturating_sub(search.stack_low),
    };
    solution
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{Strain, TtEntry};
    use crate::pbn::{SizeRule, parse};
    use crate::seat::Seat;

    fn solve_pbn(pbn: &str, strain: Strain, leader: Seat) -> Solution {
        let deal = parse(pbn, SizeRule::Equal).unwrap();
        let pos = BridgePlay::new(&deal, strain, leader).unwrap();
        let mut slots = [TtEntry::EMPTY; 1024];
        solve(&pos, &mut TransTable::new(&mut slots))
    }

    fn value(s: &Solution, card: &str) -> u8 {
        let c: Card = card.parse().unwrap();
        s.cards.iter().find(|x| x.0 == c).unwrap().1
    }

    #[test]
    fn tiny_endings() {
        // North leads with the two top spades against nothing: two tricks.
        let s = solve_pbn("N:AK... 32... QJ... 54...", Strain::NoTrump, Seat::North);
        assert_eq!((s.best, value(&s, "SA"), value(&s, "SK")), (2, 2, 2));
        // East's lead: N-S hold the top spades, E-W take nothing.
        let s = solve_pbn("N:AK... 32... QJ... 54...", Strain::NoTrump, Seat::East);
        assert_eq!(s.best, 0);
        // A ruff: West leads a spade, North is void and ruffs with the heart.
        let s = solve_pbn("N:.2.. A... .3.. K...", Strain::Hearts, Seat::West);
        assert_eq!(s.best, 0);
        let s = solve_pbn("N:.2.. A... .3.. K...", Strain::NoTrump, Seat::West);
        assert_eq!(s.best, 1);
    }

    #[test]
    fn mid_trick_positions() {
        // West led the SA and holds the D5; North must follow with the SK. West wins, leads the
        // D5, and South's DA takes the last trick for North-South.
        let deal = parse("N:K..2. Q..3. J..A. ..5.", SizeRule::Any).unwrap();
        let pos =
            BridgePlay::with_trick(&deal, Strain::NoTrump, Seat::West, &["SA".parse().unwrap()])
                .unwrap();
        let mut slots = [TtEntry::EMPTY; 64];
        let s = solve(&pos, &mut TransTable::new(&mut slots));
        assert_eq!(s.cards.len(), 1);
        assert_eq!((value(&s, "SK"), s.best), (1, 1));
    }

    #[test]
    fn table_size_changes_nothing() {
        // A 6-card ending: the lowest six cards of each hand of a random deal.
        let full = crate::Deal::random(&mut crate::rng::seeded(3));
        let hands = crate::BySeat::from_fn(|seat| full.hand(seat).iter().take(6).collect());
        let deal = crate::Deal::from_hands(hands).unwrap();
        let pos = BridgePlay::new(&deal, Strain::Spades, Seat::South).unwrap();
        let mut big = [TtEntry::EMPTY; 1 << 12];
        let a = solve(&pos, &mut TransTable::new(&mut big));
        let mut none: [TtEntry; 0] = [];
        let b = solve(&pos, &mut TransTable::new(&mut none));
        let mut one = [TtEntry::EMPTY; 1];
        let c = solve(&pos, &mut TransTable::new(&mut one));
        assert_eq!(a.cards, b.cards);
        assert_eq!(a.cards, c.cards);
        assert!(a.stats.nodes < b.stats.nodes);
    }
}
