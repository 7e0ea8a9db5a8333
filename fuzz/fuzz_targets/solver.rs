//! The double-dummy solver on fuzzed small endings (up to three cards a hand, at a trick
//! boundary or inside a trick) against plain minimax (`cardtree_fuzz::minimax_cards`), with
//! transposition tables of 0, 1 and 7 lines and a normal one, each used twice (the second
//! solve reads what the first stored), and with the solver's techniques switched by the bytes.
#![no_main]

use cardtree::bridge::{SolverConfig, TransTable, TtLine, solve_value_with, solve_with};
use cardtree::{Game, Turn};
use cardtree_fuzz::{Bytes, bridge_position, minimax_cards};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let Some(pos) = bridge_position(&mut bytes, 3) else {
        return;
    };
    if pos.tricks_left() == 0 || pos.turn() == Turn::Terminal {
        return;
    }
    let switches = bytes.byte();
    let config = SolverConfig {
        rank_winners: switches & 1 == 0,
        quick_tricks: switches & 2 == 0,
        later_tricks: switches & 4 == 0,
        move_ordering: switches & 8 == 0,
        cutoff_cards: switches & 16 == 0,
        equivalent_cards: switches & 32 == 0,
        irrelevant_cards: switches & 64 == 0,
        table: switches & 128 == 0,
    };

    let want = minimax_cards(&pos);
    let best = want.iter().map(|c| c.1).max().expect("a card");

    for lines in [0usize, 1, 7, 4096] {
        let mut buffer = vec![TtLine::ZERO; lines];
        let mut table = TransTable::new(&mut buffer[..]);
        for round in 0..2 {
            let s = solve_with(&pos, &mut table, &config);
            let mut got: Vec<_> = s.cards.iter().copied().collect();
            got.sort();
            assert_eq!(
                got, want,
                "{lines} lines, round {round}: {pos:?} {config:?}"
            );
            assert_eq!(s.best, best);
            let v = solve_value_with(&pos, &mut table, &config);
            assert_eq!(v.tricks, best, "value, {lines} lines: {pos:?} {config:?}");
        }
    }
});
