//! The search: a fail-soft, zero-window alpha-beta over card plays that also returns the cards
//! whose ranks its answer depended on.
//!
//! `search(ply, beta)` answers "do North-South take at least `beta` tricks (counted from the
//! root)?" with a number: at least `beta` means "yes, and at least that many"; below it means
//! "no, and at most that many" (fail-soft, so the driver can jump straight to it). With the
//! number comes a set of *rank winners*: the cards whose ranks relative to the other cards of
//! their suit decided a trick somewhere below, so that the answer holds for every position that
//! differs only in the cards below them (see [`pattern`](super::pattern)).
//!
//! At the start of each trick, in this order (DDS's, `docs/solver-notes.md`):
//! the trick count already decides; the last trick is played out; the table is probed; quick
//! tricks of the side on lead and later tricks of the other side; then every distinct card,
//! best first; the result is stored as a [`Pattern`] with its bounds.

use super::SolverConfig;
use super::bits::{Trump, beats, equal_run, in_suit, suit_of};
use super::later::{Holding, later_tricks, loses_a_trick, trump_trick};
use super::moves::{Order, Spot, cutoff_key, order};
use super::owners::Owners;
use super::pattern::{Pattern, Shape};
use super::quick::{
    after_drawing_trumps, partner_ruff, quick_tricks, second_hand_cashes, second_hand_wins,
};
use super::table::{TableMemory, TransTable};

/// Plies a search keeps (13 tricks of four cards need 52; a power of two, so that indices
/// are masked rather than divided).
const PLIES: usize = 64;
/// Tricks a search keeps (13 needed), likewise.
const TRICKS: usize = 16;

/// One solve's search state.
pub(crate) struct Search<'t, M: TableMemory> {
    /// Cards of each seat (N, E, S, W) now.
    pub(crate) hands: [u64; 4],
    /// The trump suit, or none.
    pub(crate) trump: Trump,
    /// Tricks left at the start of the root's trick (that trick included).
    total: u8,
    pub(crate) config: SolverConfig,
    pub(crate) table: &'t mut TransTable<M>,
    /// Per ply: the seat to play, the card it played, and after it the card winning the
    /// trick so far and its seat.
    seat: [u8; PLIES],
    card: [u8; PLIES],
    win_card: [u8; PLIES],
    win_seat: [u8; PLIES],
    /// Per trick (ply / 4): the seat on lead, North-South's tricks before it, the cards out
    /// at its start, their owners and shape.
    leader: [u8; TRICKS],
    ns_won: [u8; TRICKS],
    trick_all: [u64; TRICKS],
    position: [Pattern; TRICKS],
    shape: [Shape; TRICKS],
    /// Work done: positions searched, and tricks completed (DDS's unit of "nodes").
    pub(crate) nodes: u64,
    pub(crate) tricks: u64,
    /// Lowest stack address seen, to measure the stack the search uses.
    pub(crate) stack_low: usize,
    /// Cards of the player at ply `skip_ply` (the root) not to try: their value is known to
    /// the caller and cannot decide its tests (see [`solve_value_within`]). The root's result
    /// then describes the other cards only, so it is not stored.
    ///
    /// [`solve_value_within`]: super::solve_value_within
    pub(crate) skip: u64,
    pub(crate) skip_ply: usize,
}

impl<'t, M: TableMemory> Search<'t, M> {
    /// A search of the position with `hands`, `leader` having led `trick` (at most three
    /// cards) to the current trick, `owners` the seat of each of those cards.
    pub(crate) fn new(
        hands: [u64; 4],
        leader: usize,
        trick: &[u8],
        trump: Trump,
        owners: &Owners,
        config: SolverConfig,
        table: &'t mut TransTable<M>,
    ) -> Search<'t, M> {
        let mut s = Search {
            hands,
            trump,
            total: 0,
            config,
            table,
            seat: [0; PLIES],
            card: [0; PLIES],
            win_card: [0; PLIES],
            win_seat: [0; PLIES],
            leader: [0; TRICKS],
            ns_won: [0; TRICKS],
            trick_all: [0; TRICKS],
            position: [Pattern::default(); TRICKS],
            shape: [Shape::default(); TRICKS],
            nodes: 0,
            tricks: 0,
            stack_low: usize::MAX,
            skip: 0,
            skip_ply: 0,
        };
        s.leader[0] = (leader & 3) as u8;
        let mut all = hands[0] | hands[1] | hands[2] | hands[3];
        for (i, &c) in trick.iter().enumerate().take(3) {
            let seat = (leader + i) & 3;
            all |= 1 << c;
            s.seat[i] = seat as u8;
            s.card[i] = c;
            let wins = i == 0 || beats(c, s.win_card[i - 1], trump);
            s.win_card[i] = if wins { c } else { s.win_card[i - 1] };
            s.win_seat[i] = if wins { seat as u8 } else { s.win_seat[i - 1] };
        }
        s.trick_all[0] = all;
        s.position[0] = Pattern::of_position(all, owners.seats());
        // The shape at the trick's start: the cards played to it back in their hands.
        let mut start_hands = s.hands;
        for (i, &c) in trick.iter().enumerate().take(3) {
            start_hands[(leader + i) & 3] |= 1 << c;
        }
        s.shape[0] = Shape::of(&start_hands);
        s.total = start_hands[leader & 3].count_ones() as u8;
        s
    }

    /// The seat to play at `ply`.
    pub(crate) fn seat_at(&self, ply: usize) -> usize {
        (usize::from(self.leader[(ply >> 2) & (TRICKS - 1)]) + (ply & 3)) & 3
    }

    /// The legal cards at `ply`.
    pub(crate) fn playable(&self, ply: usize) -> u64 {
        self.playable_by(ply, self.seat_at(ply))
    }

    /// The legal cards at `ply` of `seat`, the seat to play there (worked out once by the
    /// move loop, which needs it for every card).
    fn playable_by(&self, ply: usize, seat: usize) -> u64 {
        let hand = self.hands[seat & 3];
        if ply & 3 == 0 {
            return hand;
        }
        let led = suit_of(self.card[(ply & !3) & (PLIES - 1)]);
        let follow = in_suit(hand, led);
        if follow != 0 { follow } else { hand }
    }

    /// Plays `card` at `ply` (updating the trick's winner and, at its end, the next trick).
    pub(crate) fn play(&mut self, ply: usize, card: u8) {
        self.play_by(ply, self.seat_at(ply), card);
    }

    /// [`play`](Self::play) by `seat`, the seat to play at `ply`.
    fn play_by(&mut self, ply: usize, seat: usize, card: u8) {
        let p = ply & (PLIES - 1);
        let seat = seat & 3;
        self.hands[seat] &= !(1u64 << card);
        self.seat[p] = seat as u8;
        self.card[p] = card;
        let before = (p + PLIES - 1) & (PLIES - 1);
        let (best, best_seat) = (self.win_card[before], self.win_seat[before]);
        // Selected, not branched on: whether the card beats the trick so far is data.
        let wins = (ply & 3 == 0) | beats(card, best, self.trump);
        self.win_card[p] = if wins { card } else { best };
        self.win_seat[p] = if wins { seat as u8 } else { best_seat };
        if ply & 3 == 3 {
            self.tricks += 1;
            let t = (ply >> 2) & (TRICKS - 1);
            let w = self.win_seat[p];
            let next = (t + 1) & (TRICKS - 1);
            self.leader[next] = w;
            self.ns_won[next] = self.ns_won[t] + u8::from(w & 1 == 0);
        }
    }

    /// Takes back the card played at `ply`.
    pub(crate) fn unplay(&mut self, ply: usize) {
        let p = ply & (PLIES - 1);
        self.hands[usize::from(self.seat[p]) & 3] |= 1u64 << self.card[p];
    }

    /// The card of the completed trick ending at `ply` that won it by rank (it beat a card of
    /// its own suit), as a set: empty if it won by being the only card of its suit.
    pub(crate) fn trick_rank_winner(&self, ply: usize) -> u64 {
        let p = ply & (PLIES - 1);
        let w = self.win_card[p];
        let start = p & !3;
        let cards = (start..start + 4).fold(0u64, |m, i| m | 1u64 << self.card[i & (PLIES - 1)]);
        let rivals = in_suit(cards, suit_of(w)) & !(1u64 << w);
        // Without a branch: whether a card of the suit lost to it is data.
        (1u64 << w) & 0u64.wrapping_sub(u64::from(rivals != 0))
    }

    /// The zero-window search at `ply`: see the module docs.
    pub(crate) fn search(&mut self, ply: usize, beta: u8) -> (u8, u64) {
        match ply & 3 {
            0 => self.search_after::<3>(ply, beta),
            1 => self.search_after::<0>(ply, beta),
            2 => self.search_after::<1>(ply, beta),
            _ => self.search_after::<2>(ply, beta),
        }
    }

    /// [`search`](Self::search) at `ply`, the place after `P` in the trick (the next trick's
    /// start after the fourth hand): inlined into the move loop of place `P`, so that a
    /// position costs one call, not two, and the place is known where it is compiled.
    #[inline(always)]
    fn search_after<const P: usize>(&mut self, ply: usize, beta: u8) -> (u8, u64) {
        self.nodes += 1;
        match P {
            0 => self.moves::<1>(ply, beta),
            1 => self.moves::<2>(ply, beta),
            2 => self.moves::<3>(ply, beta),
            _ => self.trick_start(ply, beta),
        }
    }

    fn trick_start(&mut self, ply: usize, beta: u8) -> (u8, u64) {
        // The stack, measured at each trick's start: the deepest frame is the last trick's
        // start, whose only callee is the leaf `last_trick`.
        let here = core::ptr::addr_of!(beta) as usize;
        self.stack_low = self.stack_low.min(here);
        let t = (ply >> 2) & (TRICKS - 1);
        let ns = self.ns_won[t];
        let leader = usize::from(self.leader[t]) & 3;
        if ns >= beta {
            return (ns, 0);
        }
        let left = self.total.saturating_sub(t as u8);
        if ns + left < beta {
            return (ns + left, 0);
        }
        if left == 1 {
            return self.last_trick(ply);
        }
        if t > 0 {
            // The last trick's four cards leave the position: lowest first, so that each
            // one's place from the top is counted among the cards the trick started with.
            let before = self.trick_all[t - 1];
            let start = 4 * (t - 1);
            let mut position = self.position[t - 1];
            let mut shape = self.shape[t - 1];
            let mut gone = 0u64;
            for i in start..start + 4 {
                let c = self.card[i & (PLIES - 1)];
                gone |= 1u64 << c;
                shape.remove(usize::from(self.seat[i & (PLIES - 1)]), usize::from(c) / 13);
            }
            position.remove_cards(before, gone);
            self.position[t] = position;
            self.shape[t] = shape;
            self.trick_all[t] = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3];
        }
        let all = self.trick_all[t];
        let use_table = self.config.table;
        let mut seen = None;
        if use_table {
            let need = beta - ns;
            match self
                .table
                .lookup(self.shape[t], leader, &self.position[t], need)
            {
                Ok(f) => {
                    let winners = if self.config.rank_winners {
                        f.cards(all)
                    } else {
                        all
                    };
                    return if f.lower >= need {
                        (ns + f.lower, winners)
                    } else {
                        (ns + f.upper, winners)
                    };
                }
                Err(miss) => seen = Some(miss),
            }
        }
        let (value, winners) = self.decide_trick_start(ply, beta, ns, left, leader);
        if use_table && (self.skip == 0 || ply != self.skip_ply) {
            let (lower, upper) = if value >= beta {
                (value.saturating_sub(ns).min(left), left)
            } else {
                (0, value.saturating_sub(ns).min(left))
            };
            let (pattern, kept) = if self.config.rank_winners {
                Pattern::from_winners(&self.position[t], all, winners)
            } else {
                (self.position[t], all)
            };
            self.table
                .store(self.shape[t], leader, &pattern, lower, upper, seen.as_ref());
            return (value, kept);
        }
        (value, winners)
    }

    /// Quick and later tricks, then the moves.
    fn decide_trick_start(
        &mut self,
        ply: usize,
        beta: u8,
        ns: u8,
        left: u8,
        leader: usize,
    ) -> (u8, u64) {
        let ns_leads = leader & 1 == 0;
        if self.config.quick_tricks {
            let (mut quick, mut winners) = quick_tricks(&self.hands, leader, self.trump);
            if quick == 0
                && let Some(t) = self.trump.get()
                && self.config.later_tricks
            {
                let h = Holding {
                    mine: in_suit(self.hands[leader], t),
                    partner: in_suit(self.hands[(leader + 2) & 3], t),
                    left: in_suit(self.hands[(leader + 1) & 3], t),
                    right: in_suit(self.hands[(leader + 3) & 3], t),
                };
                let all_trumps = in_suit(self.trick_all[(ply >> 2) & (TRICKS - 1)], t);
                (quick, winners) = trump_trick(&h, all_trumps, Some(u32::from(left)));
            }
            // A quick trick, so under the quick-tricks switch alone (the ablation's rows).
            if quick == 0
                && let Some(w) = partner_ruff(&self.hands, leader, self.trump)
            {
                (quick, winners) = (1, w);
            }
            // Short of the tricks the side on lead needs: count again with trumps drawn first.
            let need = if ns_leads {
                beta.saturating_sub(ns)
            } else {
                (ns + left + 1).saturating_sub(beta)
            };
            if quick < need
                && let Some((q, w)) = after_drawing_trumps(&self.hands, leader, self.trump)
                && q > quick
            {
                (quick, winners) = (q, w);
            }
            if ns_leads && ns + quick >= beta {
                return (ns + quick, winners);
            }
            if !ns_leads && ns + left.saturating_sub(quick) < beta {
                return (ns + left.saturating_sub(quick), winners);
            }
        }
        if self.config.later_tricks {
            let (later, winners) = later_tricks(&self.hands, leader, self.trump);
            if ns_leads && ns + left.saturating_sub(later) < beta {
                return (ns + left.saturating_sub(later), winners);
            }
            if !ns_leads && ns + later >= beta {
                return (ns + later, winners);
            }
            // The side on lead needs every trick left.
            let all_needed = if ns_leads {
                ns + left == beta
            } else {
                ns + 1 == beta
            };
            if all_needed && let Some(w) = loses_a_trick(&self.hands, leader, self.trump, left) {
                return if ns_leads {
                    (ns + left - 1, w)
                } else {
                    (ns + 1, w)
                };
            }
        }
        self.moves::<0>(ply, beta)
    }

    /// The last trick, every hand holding one card.
    fn last_trick(&mut self, ply: usize) -> (u8, u64) {
        let t = (ply >> 2) & (TRICKS - 1);
        let leader = usize::from(self.leader[t]) & 3;
        let cards = [0, 1, 2, 3].map(|i| self.hands[(leader + i) & 3].trailing_zeros() as u8);
        let mut best = 0;
        for i in 1..4 {
            if beats(cards[i], cards[best], self.trump) {
                best = i;
            }
        }
        let w = cards[best];
        let by_rank = cards.iter().any(|&c| c != w && suit_of(c) == suit_of(w));
        let seat = (leader + best) & 3;
        (
            self.ns_won[t] + u8::from(seat & 1 == 0),
            if by_rank { 1u64 << w } else { 0 },
        )
    }

    /// What move ordering needs to know at `ply`.
    pub(crate) fn spot(&self, ply: usize) -> Spot<'_> {
        self.spot_by(ply, self.seat_at(ply))
    }

    /// [`spot`](Self::spot) of `seat`, the seat to play at `ply`.
    fn spot_by(&self, ply: usize, seat: usize) -> Spot<'_> {
        let place = ply & 3;
        let (winning, winner) = if place == 0 {
            (0, 0)
        } else {
            let p = (ply - 1) & (PLIES - 1);
            (self.win_card[p], usize::from(self.win_seat[p]))
        };
        Spot {
            hands: &self.hands,
            seat: seat & 3,
            place,
            trump: self.trump,
            all: self.trick_all[(ply >> 2) & (TRICKS - 1)],
            winning,
            winner,
            led: suit_of(self.card[(ply & !3) & (PLIES - 1)]),
        }
    }

    /// Tries the cards of the player at `ply`, best first, skipping cards equal to one tried
    /// and cards below the ranks that mattered to one tried. Compiled once for each place
    /// `P` in the trick (`ply % 4`), so that what depends on the place is settled where it is
    /// compiled, and each place's branches are its own.
    #[inline(never)]
    fn moves<const P: usize>(&mut self, ply: usize, beta: u8) -> (u8, u64) {
        // The caller's `ply` is at place `P`: said so, the place's tests below are constants.
        let ply = (ply & !3) | (P & 3);
        let seat = self.seat_at(ply);
        let ns_turn = seat & 1 == 0;
        if ply & 3 == 1 && self.config.quick_tricks {
            // The second player's side surely wins this trick: enough if one more trick
            // reaches beta, or one fewer for the other side cannot; at no trump, the hand that
            // wins it may cash more on lead.
            let t = (ply >> 2) & (TRICKS - 1);
            let (ns, left) = (self.ns_won[t], self.total.saturating_sub(t as u8));
            let led = self.card[(ply - 1) & (PLIES - 1)];
            // The tricks the second player's side must take from here on to decide.
            let need = if ns_turn {
                beta.saturating_sub(ns)
            } else {
                (ns + left + 1).saturating_sub(beta)
            };
            let no_trump = self.trump.get().is_none();
            if (need <= 1 || (no_trump && need <= left))
                && let Some(w) = second_hand_wins(&self.hands, seat, led, self.trump)
            {
                let (q, w) = if need <= 1 || w == 0 {
                    (1, w)
                } else {
                    let top = w.trailing_zeros() as u8;
                    let (extra, w) = second_hand_cashes(&self.hands, seat, led, top);
                    ((1 + extra).min(left), w)
                };
                if q >= need {
                    return (if ns_turn { ns + q } else { ns + left - q }, w);
                }
            }
        }
        // Cards skipped at the root are not playable here, and count as tried below: the
        // cards equal to them are skipped too.
        let skip = if ply == self.skip_ply { self.skip } else { 0 };
        let playable = self.playable_by(ply, seat) & !skip;
        let all = self.trick_all[(ply >> 2) & (TRICKS - 1)];
        let mut list = Order::new();
        // The cut-off card first; the rest are ordered only if it does not cut off.
        let mut hint: Option<u8> = None;
        let key = if self.config.cutoff_cards {
            let key = cutoff_key(&self.spot_by(ply, seat));
            if let Some(c) = self.table.cutoff_card(key, seat)
                && playable & (1u64 << c) != 0
            {
                list.push(c);
                hint = Some(c);
            }
            Some(key)
        } else {
            None
        };
        let mut ordered = false;
        let hand = self.hands[seat];
        let mut best = if ns_turn { 0 } else { u8::MAX };
        let mut winners = 0u64;
        let mut tried = skip & hand;
        // Per suit, the lowest rank still worth trying (as a card index).
        let mut floor = [0u8, 13, 26, 39];
        let mut i = 0;
        loop {
            if i == list.len() {
                if ordered {
                    break;
                }
                ordered = true;
                if self.config.move_ordering {
                    order(&self.spot_by(ply, seat), playable, &mut list);
                } else {
                    let mut rest = playable;
                    while rest != 0 {
                        list.push(rest.trailing_zeros() as u8);
                        rest &= rest - 1;
                    }
                }
                continue;
            }
            let card = list.get(i);
            i += 1;
            let s = suit_of(card);
            if card < floor[s] {
                continue;
            }
            if self.config.equivalent_cards && equivalent(card, tried, hand, all) {
                continue;
            }
            tried |= 1u64 << card;
            self.play_by(ply, seat, card);
            let (v, mut w) = self.search_after::<P>(ply + 1, beta);
            if ply & 3 == 3 {
                w |= self.trick_rank_winner(ply);
            }
            self.unplay(ply);
            best = if ns_turn { best.max(v) } else { best.min(v) };
            if (ns_turn && best >= beta) || (!ns_turn && best < beta) {
                // The hint's card cut off again: it is recorded already.
                if let Some(key) = key
                    && hint != Some(card)
                {
                    self.table.set_cutoff_card(key, seat, card);
                }
                return (best, w);
            }
            winners |= w;
            // The cards of this suit below every rank winner of the suit gave the same.
            if self.config.rank_winners
                && self.config.irrelevant_cards
                && let Some(f) = irrelevant_below(card, w)
            {
                floor[s] = floor[s].max(f);
            }
        }
        if !self.config.rank_winners {
            winners = all;
        }
        (best, winners)
    }
}

/// The cards of `card`'s suit that give the same result as `card` did, its rank winners being
/// `winners`: those below the card index returned (52: the whole suit, none of whose ranks
/// mattered), or `None` when `card`'s own rank mattered. The search skips them
/// (`Search::moves`), and the driver gives them `card`'s value.
#[inline]
pub(crate) fn irrelevant_below(card: u8, winners: u64) -> Option<u8> {
    let ws = in_suit(winners, suit_of(card));
    if ws == 0 {
        return Some(52);
    }
    let low = ws.trailing_zeros() as u8;
    (card < low).then_some(low)
}

/// Whether `card` is equal to a card already tried from `hand`: no card of another hand
/// (among `all`, the cards out at the trick's start) lies between them.
fn equivalent(card: u8, tried: u64, hand: u64, all: u64) -> bool {
    let s = suit_of(card);
    let bit = 1u64 << card;
    // Most cards are the first tried of their suit: nothing to compare.
    let tried = in_suit(tried, s) & !bit;
    tried != 0 && equal_run(bit, in_suit(hand, s), in_suit(all & !hand, s)) & tried != 0
}
