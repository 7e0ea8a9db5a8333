//! The driver: turns zero-window searches into exact values.
//!
//! - [`solve_value`]: the best value of the position by memory-enhanced test driving (MTD):
//!   each search answers "at least `beta`?" with a fail-soft bound, and the next `beta` is
//!   that bound (DDS steps by one; macroxue's solver jumps, as here).
//! - [`solve`]: the value of every card of the player to move. The cards are grouped into
//!   runs of equals (no other hand's card between them), the groups ordered as the search
//!   orders moves, and each group is driven to its exact value from a guess: the first from
//!   the position's high cards, every later one from the best value found so far plus one
//!   (is it better?), then the bound that test returns. A group's value also goes to every
//!   card of its suit below the lowest rank the two tests that settled it depended on (when
//!   the group's card is below it too), as the search skips such cards. DDS does the same
//!   work as a root search over all the cards with the ones already valued forbidden (tried:
//!   the same work, `docs/solver-notes.md` section 19); one table serves all the searches of
//!   a call, and later calls on the same deal and strain.

use super::search::{Search, irrelevant_below};
use super::{Reaching, Solution, SolveStats, SolverConfig};
use crate::bridge::play::BridgePlay;
use crate::bridge::seat::Seat;
use crate::cards::Cards;
use crate::game::{Game, Turn};

use super::bits::{Trump, equal_run, in_suit, suit_of};
use super::moves::{Order, order};
use super::owners::Owners;
use super::table::{TableMemory, TableStats, TransTable};

/// The best value of the position and the work it took; see [`solve_value_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Value {
    /// The most tricks the side to move can take from this point on (the trick in progress
    /// included), with double-dummy play by everyone.
    pub tricks: u8,
    /// The work done.
    pub stats: SolveStats,
}

/// The value of every card of the player to move, with the default [`SolverConfig`].
///
/// Exact whatever the table's size; `table` keeps what it learnt for later calls on the same
/// deal and strain (and is cleared for another).
///
/// # Examples
///
/// ```
/// use cardtree::bridge::{solve, BridgePlay, Strain, TransTable, TtLine};
/// use cardtree::{pbn, Card, Seat, SizeRule};
///
/// let deal = pbn::parse(
///     "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
///     SizeRule::Full,
/// )?;
/// // West leads against South's no trump; then a card of the trick is played.
/// let mut position = BridgePlay::new(&deal, Strain::NoTrump, Seat::West)?;
/// let mut lines = vec![TtLine::ZERO; TtLine::count_for_bytes(1 << 20)];
/// let mut table = TransTable::new(&mut lines[..]);
/// let leads = solve(&position, &mut table);
/// assert_eq!(leads.best, 7); // the defence's tricks after its best lead
/// assert_eq!(leads.cards.len(), 13); // every card of West's, with its value
/// position.play("HA".parse::<Card>()?)?;
/// let replies = solve(&position, &mut table); // North to play, the same table
/// assert!(replies.best <= 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve<M: TableMemory>(position: &BridgePlay, table: &mut TransTable<M>) -> Solution {
    solve_with(position, table, &SolverConfig::default())
}

/// The best value of the position only (cheaper than [`solve`]), with the default config.
pub fn solve_value<M: TableMemory>(position: &BridgePlay, table: &mut TransTable<M>) -> Value {
    solve_value_with(position, table, &SolverConfig::default())
}

/// What a call needs from the position.
struct Setup {
    hands: [u64; 4],
    leader: usize,
    trick: [u8; 3],
    trick_len: usize,
    trump: Trump,
    /// Each card's seat, for the table and the search's root.
    owners: Owners,
    /// Tricks left, the one in progress included.
    total: u8,
    mover_ns: bool,
}

fn setup<M: TableMemory>(position: &BridgePlay, table: &mut TransTable<M>) -> Setup {
    let mut hands = [0u64; 4];
    for (i, seat) in Seat::ALL.into_iter().enumerate() {
        hands[i] = position.hand(seat).bits();
    }
    let mut trick = [0u8; 3];
    let mut trick_len = 0;
    for (slot, c) in trick.iter_mut().zip(position.trick()) {
        *slot = c.index() as u8;
        trick_len += 1;
    }
    let leader = position.leader() as usize;
    let strain = position.strain();
    let owners = Owners::of(&hands, leader, &trick[..trick_len]);
    table.prepare(&owners, strain as u8);
    Setup {
        hands,
        leader,
        trick,
        trick_len,
        trump: Trump::of(strain),
        owners,
        total: position.tricks_left(),
        mover_ns: position.to_move() as usize & 1 == 0,
    }
}

impl Setup {
    /// The search over this position, with its table.
    fn search<'t, M: TableMemory>(
        &self,
        config: &SolverConfig,
        table: &'t mut TransTable<M>,
    ) -> Search<'t, M> {
        Search::new(
            self.hands,
            self.leader,
            &self.trick[..self.trick_len],
            self.trump,
            &self.owners,
            *config,
            table,
        )
    }
}

/// What a solve cost: the search's counts, `tests` zero-window searches, the stack below
/// `top` (the address of the search at the solve's frame) and the table's counts since
/// `before`.
fn stats<M: TableMemory>(
    search: &Search<'_, M>,
    tests: u32,
    top: usize,
    before: &TableStats,
) -> SolveStats {
    SolveStats {
        nodes: search.nodes,
        tricks: search.tricks,
        tests,
        stack_bytes: top.saturating_sub(search.stack_low),
        table: search.table.stats().since(before),
    }
}

/// A first guess of North-South's tricks, in hundredths of a trick: a line in their share
/// of the high-card points and, in a trump contract, their share of the trumps. The slopes
/// were fitted by least squares to the tables of 500 random deals (`cardtree bridge deal
/// --seed 2026 --count 1000`, the first 500; the other 500 give a mean error of 0.96 tricks,
/// against 1.68 for the plain share of points): at no trump a trick a deal takes 1.55 times
/// the points' share beyond half, with trumps 1.24 times, plus 1.09 tricks for each trump
/// held beyond half of those out. A better guess saves the driver's tests: 5.4 % of the work
/// of those tables when every guess is exact.
pub(crate) fn guess_hundredths(hands: &[u64; 4], total: u8, trump: Trump) -> i64 {
    let hcp = |h: u64| -> i64 {
        (0..4)
            .map(|s| {
                let bits = in_suit(h, s) >> (13 * s);
                (9..13)
                    .map(|r| ((bits >> r) & 1) as i64 * (r - 8))
                    .sum::<i64>()
            })
            .sum()
    };
    let ns = hcp(hands[0]) + hcp(hands[2]);
    let all = ns + hcp(hands[1]) + hcp(hands[3]);
    let total = i64::from(total);
    if all == 0 {
        return total * 50;
    }
    // In hundredths of a trick, times 2 * all: half the tricks, the points' part and the
    // trumps' part.
    let (slope, trumps) = if let Some(trump) = trump.get() {
        let ns_trumps = i64::from(in_suit(hands[0] | hands[2], trump).count_ones());
        let out = i64::from(in_suit(hands[0] | hands[1] | hands[2] | hands[3], trump).count_ones());
        (124, 109 * (2 * ns_trumps - out) * all)
    } else {
        (155, 0)
    };
    let scaled = total * (100 * all + slope * (2 * ns - all)) + trumps;
    let denominator = 2 * all;
    (scaled + denominator / 2).div_euclid(denominator)
}

/// The first test's target, "the mover takes at least this many", from the mover's expected
/// tricks in hundredths: a target at the value or one above it settles the value in the
/// fewest tests (two: one holds, one fails), so the expectation is rounded a quarter up
/// (fitted with [`guess_hundredths`]).
pub(crate) fn first_target(hundredths: i64, total: u8) -> u8 {
    (hundredths + 75).div_euclid(100).clamp(0, i64::from(total)) as u8
}

/// [`solve_value`] with a chosen config.
pub fn solve_value_with<M: TableMemory>(
    position: &BridgePlay,
    table: &mut TransTable<M>,
    config: &SolverConfig,
) -> Value {
    solve_value_from(position, table, config, None)
}

/// [`solve_value_with`] starting from `first`, a guess of the mover's side's tricks (the
/// first zero-window test asks for it; a good guess saves tests, a bad one costs some, the
/// answer is the same). `None` guesses from the high cards.
pub(crate) fn solve_value_from<M: TableMemory>(
    position: &BridgePlay,
    table: &mut TransTable<M>,
    config: &SolverConfig,
    first: Option<u8>,
) -> Value {
    solve_value_within(position, table, config, first, None, Cards::EMPTY)
}

/// [`solve_value_from`] told that the mover's side's tricks lie in `within` (inclusive, both
/// ends possible): the tests start inside it, so a value at the end the guess names is settled
/// by one test instead of two. Wrong bounds give a wrong value: the caller must know them (the
/// trace does, from the value after the card played: its player's side takes at least that).
///
/// `known`: cards of the mover that give exactly the lower end of `within` (the card the
/// trace saw played, whose value it has): the tests, all above that end, skip them and the
/// cards equal to them. Empty, every card is tried.
pub(crate) fn solve_value_within<M: TableMemory>(
    position: &BridgePlay,
    table: &mut TransTable<M>,
    config: &SolverConfig,
    first: Option<u8>,
    within: Option<(u8, u8)>,
    known: Cards,
) -> Value {
    let before = table.stats();
    if position.turn() == Turn::Terminal {
        return Value {
            tricks: 0,
            stats: SolveStats::default(),
        };
    }
    let s = setup(position, table);
    let root = s.trick_len;
    let mut search = s.search(config, table);
    if within.is_some() {
        search.skip = known.bits();
        search.skip_ply = root;
    }
    let top = core::ptr::addr_of!(search) as usize;
    let (mut lo, mut hi) = match within {
        Some((a, b)) if s.mover_ns => (a.min(s.total), b.min(s.total)),
        Some((a, b)) => (
            s.total.saturating_sub(b.min(s.total)),
            s.total.saturating_sub(a.min(s.total)),
        ),
        None => (0u8, s.total),
    };
    hi = hi.max(lo);
    let mut g = match first {
        Some(t) if s.mover_ns => t,
        Some(t) => s.total.saturating_sub(t),
        None => first_target(guess_hundredths(&s.hands, s.total, s.trump), s.total),
    }
    .clamp(lo, hi);
    let mut tests = 0;
    while lo < hi {
        let beta = if g <= lo { lo + 1 } else { g.min(hi) };
        tests += 1;
        let (v, _) = search.search(root, beta);
        if v >= beta {
            lo = v.min(hi);
            g = lo + 1;
        } else {
            hi = v.max(lo);
            g = hi;
        }
    }
    let ns = lo;
    Value {
        tricks: if s.mover_ns { ns } else { s.total - ns },
        stats: stats(&search, tests, top, &before),
    }
}

/// [`solve`] with a chosen config.
pub fn solve_with<M: TableMemory>(
    position: &BridgePlay,
    table: &mut TransTable<M>,
    config: &SolverConfig,
) -> Solution {
    value_cards(position, table, config, None, false)
}

/// Whether each card of the player to move lets its side take at least `target` tricks from
/// this point on (the trick in progress included): one zero-window test a group of equal
/// cards instead of the several that drive [`solve_with`] to exact values. Exact (the same
/// verdicts as comparing [`solve_with`]'s values with `target`) whatever the table's size.
pub fn solve_reaching<M: TableMemory>(
    position: &BridgePlay,
    table: &mut TransTable<M>,
    config: &SolverConfig,
    target: u8,
) -> Reaching {
    reaching(
        value_cards(position, table, config, Some(target), false),
        target,
    )
}

/// One card of the player to move that lets its side take at least `target` tricks, if any:
/// the first in the search's move order (the likeliest first), so usually one zero-window test
/// where [`solve_reaching`] tests every group. [`Reaching::cards`] lists the groups tested: the
/// card found is the one marked `true` (with the cards equal to it), and the others tested
/// before it are `false`; none `true` means no card reaches `target`.
pub fn first_reaching<M: TableMemory>(
    position: &BridgePlay,
    table: &mut TransTable<M>,
    config: &SolverConfig,
    target: u8,
) -> Reaching {
    reaching(
        value_cards(position, table, config, Some(target), true),
        target,
    )
}

/// A [`value_cards`] answer with a target, as verdicts.
fn reaching(s: Solution, target: u8) -> Reaching {
    let mut cards = heapless::Vec::new();
    for &(card, lo) in &s.cards {
        let _ = cards.push((card, lo >= target));
    }
    Reaching {
        cards,
        target,
        stats: s.stats,
    }
}

/// Every card's value ([`solve_with`]), or with `target`, values only good enough to say
/// whether each reaches `target` (a card that does gets a value at least `target`, one that
/// does not a value below it); with `first_only` too, only until a card reaches it (in the
/// search's move order).
fn value_cards<M: TableMemory>(
    position: &BridgePlay,
    table: &mut TransTable<M>,
    config: &SolverConfig,
    target: Option<u8>,
    first_only: bool,
) -> Solution {
    let before = table.stats();
    let mut solution = Solution {
        cards: heapless::Vec::new(),
        best: 0,
        stats: SolveStats::default(),
    };
    if position.turn() == Turn::Terminal {
        return solution;
    }
    let s = setup(position, table);
    let root = s.trick_len;
    let total = s.total;
    let mut search = s.search(config, table);
    let top = core::ptr::addr_of!(search) as usize;
    // The groups of equal cards, in the search's order; each is valued by its first card.
    let playable = search.playable(root);
    let mut all = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3];
    for &c in &s.trick[..s.trick_len] {
        all |= 1 << c;
    }
    let seat = search.seat_at(root);
    let mut list = Order::new();
    order(&search.spot(root), playable, &mut list);
    let hand = s.hands[seat];
    // Each card's value once found.
    let mut values: [Option<u8>; 52] = [None; 52];
    let mut tests = 0u32;
    let mut best_so_far: Option<u8> = None;
    for i in 0..list.len() {
        let card = list.get(i);
        if values[usize::from(card)].is_some() {
            continue;
        }
        // Mover's tricks: bounds, and a first target.
        let (mut lo, mut hi) = (0u8, total);
        let mut g = match (target, best_so_far) {
            (Some(t), _) => t,
            (None, Some(b)) => b,
            (None, None) => {
                let ns = guess_hundredths(&s.hands, total, s.trump);
                first_target(
                    if s.mover_ns {
                        ns
                    } else {
                        i64::from(total) * 100 - ns
                    },
                    total,
                )
            }
        };
        // With a target, stop as soon as the bounds are on one side of it.
        let decided = |lo: u8, hi: u8| target.is_some_and(|t| lo >= t || hi < t);
        // What the card's value depended on: the rank winners of the test that last raised
        // `lo` and of the one that last lowered `hi` (the two that settle it), and whether the
        // card won its trick by rank if it ends one.
        let (mut at_lo, mut at_hi) = (0u64, 0u64);
        search.play(root, card);
        let ends = if root & 3 == 3 {
            search.trick_rank_winner(root)
        } else {
            0
        };
        while lo < hi && !decided(lo, hi) {
            let t = g.clamp(lo + 1, hi);
            tests += 1;
            // "The mover takes at least t" in North-South's terms.
            let beta = if s.mover_ns { t } else { total - t + 1 };
            let (v, w) = search.search(root + 1, beta);
            let (ok, mover) = if s.mover_ns {
                (v >= beta, v)
            } else {
                (v < beta, total.saturating_sub(v))
            };
            if ok {
                lo = mover.clamp(t, hi);
                g = lo + 1;
                at_lo = w;
            } else {
                hi = mover.clamp(lo, t - 1);
                g = hi;
                at_hi = w;
            }
        }
        let depended = at_lo | at_hi | ends;
        search.unplay(root);
        best_so_far = Some(best_so_far.map_or(lo, |b| b.max(lo)));
        // Every card of the group gets the value.
        for c in run_of(card, hand, all) {
            values[usize::from(c)] = Some(lo);
        }
        // So does every card of the suit below the lowest rank its tests depended on, when
        // this card is below it too: the tests' answers hold for them (as `Search::moves`
        // skips them).
        if config.rank_winners
            && config.irrelevant_cards
            && let Some(f) = irrelevant_below(card, depended)
        {
            let mut rest = in_suit(playable, suit_of(card)) & ((1u64 << f) - 1);
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if values[c].is_none() {
                    values[c] = Some(lo);
                }
            }
        }
        if first_only && target.is_some_and(|t| lo >= t) {
            break;
        }
    }
    for card in Cards::from_bits_truncate(playable).iter().rev() {
        let i = card.index();
        if let Some(v) = values[i] {
            solution.best = solution.best.max(v);
            let _ = solution.cards.push((card, v));
        }
    }
    solution.stats = stats(&search, tests, top, &before);
    solution
}

/// The cards of `hand` equal to `card`: those with no card of another hand (among `all`)
/// between them and it.
fn run_of(card: u8, hand: u64, all: u64) -> impl Iterator<Item = u8> {
    let s = super::bits::suit_of(card);
    let run = equal_run(1u64 << card, in_suit(hand, s), in_suit(all & !hand, s));
    (0..52u8).filter(move |&i| run & (1u64 << i) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{BySeat, Deal, Seat, Strain, TtLine};
    use crate::card::Card;
    use crate::search::{NaturalOrder, RandomPolicy, UctConfig, alpha_beta, uct};

    #[test]
    fn cards_below_the_ranks_that_mattered_share_the_value() {
        // Every card valued with the skip against the values found card by card without it:
        // 8-card endings, every strain, every place in the trick (the fourth hand's card ends
        // the trick, so whether it wins by rank counts too).
        let mut slots = [TtLine::ZERO; 512];
        let mut other = [TtLine::ZERO; 512];
        let plain = SolverConfig {
            irrelevant_cards: false,
            ..SolverConfig::ALL
        };
        let mut inherited = 0;
        for seed in 0..12 {
            let full = Deal::random(&mut crate::rng::seeded(100 + seed));
            let hands = BySeat::from_fn(|seat| full.hand(seat).iter().take(8).collect());
            let deal = Deal::from_hands(hands).unwrap();
            for (k, strain) in Strain::ALL.into_iter().enumerate() {
                let mut pos = BridgePlay::new(&deal, strain, Seat::ALL[k % 4]).unwrap();
                for place in 0..4 {
                    let fast =
                        solve_with(&pos, &mut TransTable::new(&mut slots), &SolverConfig::ALL);
                    let slow = solve_with(&pos, &mut TransTable::new(&mut other), &plain);
                    assert_eq!(fast.cards, slow.cards, "seed {seed} {strain} place {place}");
                    inherited += slow.stats.tests.saturating_sub(fast.stats.tests);
                    // The lowest card on, so that the trick's later hands have small cards
                    // to follow with.
                    let mut moves = crate::game::MoveList::new();
                    pos.legal_moves(&mut moves);
                    pos.play(moves[0]).unwrap();
                }
            }
        }
        // The skip happens (fewer tests overall), so the comparison is not empty.
        assert!(inherited > 0);
    }

    #[test]
    fn reaching_a_target_agrees_with_the_exact_values() {
        // 7-card endings of random deals, every strain, every seat on lead, a card or two of
        // the trick played, every target from 0 to one past the tricks left.
        let mut slots = [TtLine::ZERO; 256];
        let mut other = [TtLine::ZERO; 256];
        for seed in 0..6 {
            let full = Deal::random(&mut crate::rng::seeded(seed));
            let hands = BySeat::from_fn(|seat| full.hand(seat).iter().take(7).collect());
            let deal = Deal::from_hands(hands).unwrap();
            for (k, strain) in Strain::ALL.into_iter().enumerate() {
                let leader = Seat::ALL[(seed as usize + k) % 4];
                let mut pos = BridgePlay::new(&deal, strain, leader).unwrap();
                for _ in 0..(seed % 3) {
                    let mut moves = crate::game::MoveList::new();
                    pos.legal_moves(&mut moves);
                    pos.play(moves[0]).unwrap();
                }
                let exact = solve(&pos, &mut TransTable::new(&mut slots));
                for target in 0..=pos.tricks_left() + 1 {
                    let r = solve_reaching(
                        &pos,
                        &mut TransTable::new(&mut other),
                        &SolverConfig::ALL,
                        target,
                    );
                    assert_eq!(r.target, target);
                    assert_eq!(r.cards.len(), exact.cards.len());
                    for (&(card, tricks), &(c, reached)) in exact.cards.iter().zip(&r.cards) {
                        assert_eq!((card, tricks >= target), (c, reached), "{seed} {strain}");
                    }
                    assert!(r.stats.tests <= exact.cards.len() as u32);
                }
            }
        }
    }

    #[test]
    fn the_core_searches_play_bridge() {
        // A 4-card ending of a random deal, hearts trumps, East on lead.
        let full = Deal::random(&mut crate::rng::seeded(8));
        let hands = BySeat::from_fn(|seat| full.hand(seat).iter().rev().take(4).collect());
        let deal = Deal::from_hands(hands).unwrap();
        let pos = BridgePlay::new(&deal, Strain::Hearts, Seat::East).unwrap();
        let mut slots = [TtLine::ZERO; 64];
        let exact = solve(&pos, &mut TransTable::new(&mut slots));
        // Alpha-beta's value is North-South's tricks; East-West's are the rest.
        let ab = alpha_beta(&pos, None, &mut NaturalOrder).unwrap();
        assert_eq!(4.0 - ab.value, f64::from(exact.best));
        let mut tree: crate::Tree<Card, 20_000> = crate::Tree::new();
        let config = UctConfig {
            iterations: 3000,
            ..UctConfig::new()
        };
        let r = uct(
            &mut tree,
            &pos,
            &config,
            &mut RandomPolicy,
            &mut crate::rng::seeded(1),
        )
        .unwrap();
        let chosen = exact.cards.iter().find(|c| Some(c.0) == r.best).unwrap();
        assert_eq!(
            chosen.1, exact.best,
            "UCT finds an optimal lead in a 4-card ending"
        );
    }
}
