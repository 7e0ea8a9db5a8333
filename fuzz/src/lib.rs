//! What cardtree's fuzz targets share: a reader that turns the fuzzer's bytes into choices,
//! the game-invariant driver every `game_*` target runs, a brute-force minimax (the exact
//! oracle of the `solver` target) and a model of the search tree (the `tree` target).
//!
//! Every check is an `assert!`: a failed one is a crash, and libFuzzer saves the input. The
//! core itself must never panic, whatever the input; these asserts state what else must hold.

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::{BuildHasherDefault, Hasher};

use cardtree::bridge::BridgePlay;
use cardtree::rng::{self, Xoshiro256PlusPlus};
use cardtree::{Game, MoveList, Outcomes, Side, Turn};

/// The fuzzer's bytes read as a stream of choices; past the end every read gives 0, so any
/// input, even an empty one, makes a whole run.
#[derive(Debug)]
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    /// A reader at the start of `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data, at: 0 }
    }

    /// The next byte, or 0 when none are left.
    pub fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at = self.at.saturating_add(1);
        b
    }

    /// The next two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    /// The next eight bytes, little-endian.
    pub fn u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        for x in &mut b {
            *x = self.byte();
        }
        u64::from_le_bytes(b)
    }

    /// A choice among `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        match n {
            0 => 0,
            1..=256 => usize::from(self.byte()) % n,
            _ => usize::from(self.u16()) % n,
        }
    }

    /// Whether the input still has unread bytes.
    pub fn has_more(&self) -> bool {
        self.at < self.data.len()
    }

    /// The unread bytes.
    pub fn rest(&self) -> &'a [u8] {
        self.data.get(self.at..).unwrap_or(&[])
    }

    /// A generator seeded from the next eight bytes.
    pub fn rng(&mut self) -> Xoshiro256PlusPlus {
        rng::seeded(self.u64())
    }
}

/// What [`drive`] needs to know of a game beyond the [`Game`] trait.
pub struct Rules<G: Game> {
    /// The most plies (moves and chance outcomes) a game from the start may take.
    pub max_plies: usize,
    /// A move from a byte: legal or not, for checking that [`Game::try_apply`] refuses the
    /// illegal ones.
    pub any_move: fn(u8) -> G::Move,
    /// Whether a chance state with no outcome to draw is an allowed end (a Blackjack shoe
    /// that runs dry); otherwise it is a bug.
    pub may_run_dry: fn(&G) -> bool,
}

/// Plays a game from `start` with moves and chance outcomes chosen by `bytes`, checking at
/// every state: every legal move applies through [`Game::try_apply`]; a move outside the
/// legal list (or an outcome of weight 0) is refused and leaves the state as it was; chance
/// states list outcomes of positive total weight and sample one of them; terminal states have
/// no moves and a value for every side inside [`Game::value_range`]; static estimates are
/// finite; the game ends within `rules.max_plies`. Returns the plies played.
pub fn drive<G>(start: G, bytes: &mut Bytes<'_>, rules: &Rules<G>) -> usize
where
    G: Game + PartialEq + Debug,
{
    let mut g = start;
    let range = g.value_range();
    assert!(
        range.lo.is_finite() && range.hi.is_finite() && range.lo <= range.hi,
        "bad value range {range:?}"
    );
    let mut moves = MoveList::new();
    let mut outcomes = Outcomes::new();
    for ply in 0..=rules.max_plies {
        for side in 0..G::SIDES {
            let e = g.evaluate(Side(side));
            assert!(e.is_finite(), "estimate {e} at {g:?}");
        }
        match g.turn() {
            Turn::Terminal => {
                g.legal_moves(&mut moves);
                assert!(moves.is_empty(), "moves at a terminal state: {g:?}");
                for side in 0..G::SIDES {
                    let v = g.value(Side(side));
                    assert!(
                        v >= range.lo && v <= range.hi,
                        "value {v} outside {range:?}: {g:?}"
                    );
                }
                refuses(&g, (rules.any_move)(bytes.byte()));
                return ply;
            }
            Turn::Player(p) => {
                assert!(p.0 < G::PLAYERS, "player {p:?} of {}", G::PLAYERS);
                assert!(g.side_of(p).0 < G::SIDES, "side of {p:?}");
                g.legal_moves(&mut moves);
                assert!(!moves.is_empty(), "a player to move and no move: {g:?}");
                for &mv in &moves {
                    let mut c = g.clone();
                    assert!(c.try_apply(mv).is_ok(), "legal {mv:?} refused at {g:?}");
                }
                let other = (rules.any_move)(bytes.byte());
                if !moves.contains(&other) {
                    refuses(&g, other);
                }
                let mv = moves[bytes.below(moves.len())];
                g.apply(mv);
            }
            Turn::Chance => {
                g.legal_moves(&mut moves);
                assert!(moves.is_empty(), "player moves at a chance state: {g:?}");
                if g.chance_outcomes(&mut outcomes) {
                    let total: u64 = outcomes.iter().map(|&(_, w)| u64::from(w)).sum();
                    if total == 0 {
                        assert!((rules.may_run_dry)(&g), "no outcome at {g:?}");
                        return ply;
                    }
                    let other = (rules.any_move)(bytes.byte());
                    if !outcomes.iter().any(|&(o, w)| o == other && w > 0) {
                        refuses(&g, other);
                    }
                    let drawn = g.sample_chance(&mut bytes.rng());
                    let drawn = drawn.expect("a listable chance state samples");
                    assert!(
                        outcomes.iter().any(|&(o, w)| o == drawn && w > 0),
                        "sampled {drawn:?}, not an outcome of {g:?}"
                    );
                    let positive: Vec<_> = outcomes.iter().filter(|o| o.1 > 0).collect();
                    let (mv, _) = *positive[bytes.below(positive.len())];
                    assert!(g.try_apply(mv).is_ok(), "outcome {mv:?} refused");
                } else {
                    match g.sample_chance(&mut bytes.rng()) {
                        Some(mv) => g.apply(mv),
                        None => {
                            assert!((rules.may_run_dry)(&g), "no outcome at {g:?}");
                            return ply;
                        }
                    }
                }
            }
        }
    }
    panic!("no end after {} plies: {g:?}", rules.max_plies);
}

/// `mv` is refused by `g` and changes nothing.
fn refuses<G: Game + PartialEq + Debug>(g: &G, mv: G::Move) {
    let mut c = g.clone();
    assert!(c.try_apply(mv).is_err(), "illegal {mv:?} accepted at {g:?}");
    assert!(&c == g, "a refused {mv:?} changed the state {g:?}");
}

/// A small multiply-rotate hasher for the minimax memo (SipHash dominated the target's time).
#[derive(Default)]
struct FastHash(u64);

impl Hasher for FastHash {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

type Memo = HashMap<BridgePlay, u8, BuildHasherDefault<FastHash>>;

/// Every legal card's value at `pos`: the tricks the mover's side takes from here to the end
/// if it plays that card, by plain minimax over the rules of play with one memo of positions
/// (keyed without the tricks already won, which the future does not depend on): exact, and
/// sharing nothing with the solver but the rules. Sorted by card.
pub fn minimax_cards(pos: &BridgePlay) -> Vec<(cardtree::Card, u8)> {
    let mut memo = Memo::default();
    let mover_ns = pos.to_move().side() == Side(0);
    let total = pos.tricks_left();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<_> = moves
        .iter()
        .map(|&card| {
            let mut child = *pos;
            child.play(card).expect("a legal card plays");
            let won = child.tricks_won(Side(0)) - pos.tricks_won(Side(0));
            let ns = won + ns_tricks(&child, &mut memo);
            (card, if mover_ns { ns } else { total - ns })
        })
        .collect();
    out.sort();
    out
}

/// North-South's tricks from `pos` to the end (tricks already won not counted).
fn ns_tricks(pos: &BridgePlay, memo: &mut Memo) -> u8 {
    let key = pos.with_tricks_won(0, 0).unwrap_or(*pos);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let ns = pos.to_move().side() == Side(0);
    let values = moves.iter().map(|&card| {
        let mut child = *pos;
        child.play(card).expect("a legal card plays");
        let won = child.tricks_won(Side(0)) - pos.tricks_won(Side(0));
        won + ns_tricks(&child, memo)
    });
    let v = if ns { values.max() } else { values.min() }.unwrap_or(0);
    memo.insert(key, v);
    v
}

/// One node of [`TreeModel`].
#[derive(Clone, Debug, PartialEq)]
pub struct ModelNode {
    /// The move that led here.
    pub mv: u8,
    /// The children's ids, once expanded.
    pub children: Vec<usize>,
    /// Visits written by the test.
    pub visits: u32,
}

/// The search tree as the plainest code says it should behave: a vector of nodes, ids
/// handed out in order, nothing freed but by a reset.
#[derive(Clone, Debug, Default)]
pub struct TreeModel {
    /// The live nodes, by id.
    pub nodes: Vec<ModelNode>,
    /// The root, if any.
    pub root: Option<usize>,
    /// The capacity.
    pub capacity: usize,
}

/// Blackjack rules from raw bytes: every field any value its type holds, valid or not.
pub fn blackjack_rules(bytes: &mut Bytes<'_>) -> cardtree::blackjack::Rules {
    let flags = bytes.byte();
    let mut rules = cardtree::blackjack::Rules::new();
    rules.decks = bytes.u16();
    rules.dealer_hits_soft_17 = flags & 1 != 0;
    rules.double_any_two = flags & 2 != 0;
    rules.double_after_split = flags & 4 != 0;
    rules.resplit_aces = flags & 8 != 0;
    rules.late_surrender = flags & 16 != 0;
    rules.dealer_peeks = flags & 32 != 0;
    rules.max_split_hands = bytes.byte();
    rules.blackjack_pays = if flags & 64 != 0 {
        f64::from_bits(bytes.u64())
    } else {
        [1.5, 1.2, 1.0, 2.0][bytes.below(4)]
    };
    rules
}

/// A shoe of up to `max` cards of each value, from raw bytes.
pub fn blackjack_shoe(bytes: &mut Bytes<'_>, max: u16) -> cardtree::blackjack::Shoe {
    let mut counts = [0u16; 10];
    for c in &mut counts {
        *c = u16::try_from(u32::from(bytes.u16()) % (u32::from(max) + 1)).unwrap_or(max);
    }
    cardtree::blackjack::Shoe::from_counts(counts)
}

/// A bridge position from bytes, or `None` where the bytes make no legal one (an error the
/// constructor must return, not panic on). Half the inputs assign each card freely (mostly
/// refused: hands of unequal sizes, revokes in the trick); the other half take `1..=max_size`
/// cards from each hand of a random deal, then let up to three be played to a trick.
pub fn bridge_position(bytes: &mut Bytes<'_>, max_size: usize) -> Option<BridgePlay> {
    use cardtree::bridge::Strain;
    use cardtree::{BySeat, Card, Cards, Deal, Seat};
    let mode = bytes.byte();
    let strain = Strain::ALL[bytes.below(5)];
    let leader = Seat::ALL[bytes.below(4)];
    if mode & 1 == 0 {
        let mut hands = BySeat::from_fn(|_| Cards::EMPTY);
        let mut loose = Vec::new();
        for i in 0..52u8 {
            let card = Card::from_index(i)?;
            match bytes.byte() % 6 {
                k @ 0..=3 => {
                    hands[Seat::ALL[usize::from(k)]].insert(card);
                }
                4 => loose.push(card),
                _ => {}
            }
        }
        let trick: Vec<Card> = loose.into_iter().take(bytes.below(5)).collect();
        let deal = Deal::from_hands(hands).ok()?;
        return BridgePlay::with_trick(&deal, strain, leader, &trick).ok();
    }
    let full = Deal::random(&mut bytes.rng());
    let size = 1 + bytes.below(max_size.clamp(1, 13));
    let hands = BySeat::from_fn(|s| {
        let mut left: Vec<Card> = full.hand(s).iter().collect();
        let mut hand = Cards::EMPTY;
        for _ in 0..size {
            hand.insert(left.swap_remove(bytes.below(left.len())));
        }
        hand
    });
    let deal = Deal::from_hands(hands).expect("parts of a deal are disjoint");
    let mut pos = BridgePlay::new(&deal, strain, leader).expect("equal hands make a position");
    for _ in 0..bytes.below(4) {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let card = moves[bytes.below(moves.len())];
        pos.play(card).expect("a legal card plays");
    }
    Some(pos)
}
