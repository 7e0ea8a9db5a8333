//! The solver against brute force: random small endings (at a trick boundary and in the middle
//! of a trick, every strain, every seat to play) solved with tables of every size, down to
//! none, against plain alpha-beta over the rules of play (`cardtree::search::alpha_beta`,
//! which shares no code with the solver). Every card's value and `solve_value` must agree.

use cardtree::bridge::{
    BridgePlay, SolverConfig, Strain, TransTable, TtLine, solve_value_with, solve_with,
};
use cardtree::search::{NaturalOrder, alpha_beta};
use cardtree::{BySeat, Deal, Game, MoveList, Seat, Side, rng};

/// North-South's tricks from `pos` on, by brute force.
fn brute_ns(pos: &BridgePlay) -> u8 {
    let v = alpha_beta(pos, None, &mut NaturalOrder).expect("alpha-beta");
    (v.value.round() as u8) - pos.tricks_won(Side(0))
}

/// Every legal card's value for the mover's side, by brute force.
fn brute_cards(pos: &BridgePlay) -> Vec<(cardtree::Card, u8)> {
    let mover_ns = pos.to_move().side() == Side(0);
    let total = pos.tricks_left();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<_> = moves
        .iter()
        .map(|&card| {
            let mut child = *pos;
            child.play(card).expect("legal");
            // Tricks already taken in the trick just completed count too.
            let ns_before = pos.tricks_won(Side(0));
            let ns = brute_ns(&child) + child.tricks_won(Side(0)) - ns_before;
            (card, if mover_ns { ns } else { total - ns })
        })
        .collect();
    out.sort();
    out
}

/// A random ending of `size` cards a hand, then `played` random cards of a trick.
fn ending(r: &mut rng::Xoshiro256PlusPlus, size: usize, played: usize) -> BridgePlay {
    let full = Deal::random(r);
    let hands = BySeat::from_fn(|s| {
        let mut cards: Vec<_> = full.hand(s).iter().collect();
        rng::shuffle(r, &mut cards);
        cards.into_iter().take(size).collect()
    });
    let deal = Deal::from_hands(hands).expect("disjoint");
    let strain = Strain::ALL[rng::index(r, 5)];
    let leader = Seat::ALL[rng::index(r, 4)];
    let mut pos = BridgePlay::new(&deal, strain, leader).expect("position");
    for _ in 0..played {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let card = moves[rng::index(r, moves.len())];
        pos.play(card).expect("legal");
    }
    pos
}

/// A random ending at a trick boundary, `1 + case % 5` cards a hand (at most `k`) drawn from
/// the top `k = 4 + case % 4` ranks of each suit only: the top cards, solid suits, squeezes and rank
/// winners the quick- and later-trick rules reason about meet far more often than in
/// endings of whole deals. Two of three at no trump.
fn top_heavy(r: &mut rng::Xoshiro256PlusPlus, case: usize) -> BridgePlay {
    let k = 4 + case % 4;
    let size = (1 + case % 5).min(k);
    let mut pool: Vec<_> = (0..52u8)
        .filter(|&i| usize::from(i % 13) >= 13 - k)
        .filter_map(cardtree::Card::from_index)
        .collect();
    rng::shuffle(r, &mut pool);
    let hands = BySeat::from_fn(|s| {
        let i = s as usize * size;
        pool[i..i + size].iter().copied().collect()
    });
    let deal = Deal::from_hands(hands).expect("disjoint");
    let strain = if case.is_multiple_of(3) {
        Strain::ALL[rng::index(r, 5)]
    } else {
        Strain::NoTrump
    };
    let leader = Seat::ALL[rng::index(r, 4)];
    BridgePlay::new(&deal, strain, leader).expect("position")
}

/// Endings of whole random deals, `1 + case % 6` cards a hand, then up to three random cards
/// of a trick.
fn of_deals(r: &mut rng::Xoshiro256PlusPlus, case: usize) -> BridgePlay {
    let size = 1 + case % 6;
    let played = rng::index(r, 4);
    ending(r, size, played)
}

fn check(
    config: &SolverConfig,
    cases: usize,
    seed: u64,
    make: fn(&mut rng::Xoshiro256PlusPlus, usize) -> BridgePlay,
) {
    let mut r = rng::seeded(seed);
    let mut buffers: Vec<Vec<TtLine>> = [0usize, 1, 3, 7, 40, 4096]
        .iter()
        .map(|&n| vec![TtLine::ZERO; n])
        .collect();
    let mut checked = 0;
    for case in 0..cases {
        let pos = make(&mut r, case);
        if pos.tricks_left() == 0 {
            continue;
        }
        let want = brute_cards(&pos);
        let best = want.iter().map(|c| c.1).max().unwrap_or(0);
        for lines in &mut buffers {
            let n = lines.len();
            let mut table = TransTable::new(&mut lines[..]);
            // Twice with the same table: the second call reuses what the first stored.
            for round in 0..2 {
                let s = solve_with(&pos, &mut table, config);
                let mut got: Vec<_> = s.cards.iter().copied().collect();
                got.sort();
                assert_eq!(
                    got, want,
                    "case {case} ({n} lines, round {round}): {pos:?} {config:?}"
                );
                assert_eq!(s.best, best);
                let v = solve_value_with(&pos, &mut table, config);
                assert_eq!(v.tricks, best, "case {case} value ({n} lines): {pos:?}");
            }
        }
        checked += 1;
    }
    assert!(checked > cases / 2);
}

#[test]
fn endings_agree_with_brute_force() {
    check(&SolverConfig::default(), 3000, 11, of_deals);
}

#[test]
fn top_heavy_endings_agree_with_brute_force() {
    check(&SolverConfig::default(), 3000, 12, top_heavy);
}

#[test]
fn every_technique_switched_off_in_turn_agrees_too() {
    let off: [fn(&mut SolverConfig); 8] = [
        |c| c.table = false,
        |c| c.rank_winners = false,
        |c| c.quick_tricks = false,
        |c| c.later_tricks = false,
        |c| c.move_ordering = false,
        |c| c.cutoff_cards = false,
        |c| c.equivalent_cards = false,
        |c| c.irrelevant_cards = false,
    ];
    for (i, f) in off.iter().enumerate() {
        let mut config = SolverConfig::default();
        f(&mut config);
        check(&config, 150, 100 + i as u64, of_deals);
        check(&config, 150, 200 + i as u64, top_heavy);
    }
}
