//! The double-dummy solver on fuzzed small endings (up to five cards a hand, at a trick
//! boundary or inside a trick) against plain minimax (`cardtree_fuzz::minimax_ns`), with
//! transposition tables of 0, 1 and 7 lines and a normal one, each used twice (the second
//! solve reads what the first stored), and with the solver's techniques switched by the bytes.
#![no_main]

use cardtree::bridge::{SolverConfig, TransTable, TtLine, solve_value_with, solve_with};
use cardtree::{Game, MoveList, Side, Turn};
use cardtree_fuzz::{Bytes, bridge_position, minimax_ns};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let Some(pos) = bridge_position(&mut bytes, 5) else {
        return;
    };
    if pos.tricks_left() == 0 || pos.turn() == Turn::Terminal {
        return;
    }
    let switches = bytes.byte();
    let mut config = SolverConfig::default();
    config.rank_winners = switches & 1 == 0;
    config.quick_tricks = switches & 2 == 0;
    config.later_tricks = switches & 4 == 0;
    config.move_ordering = switches & 8 == 0;
    config.cutoff_cards = switches & 16 == 0;
    config.equivalent_cards = switches & 32 == 0;
    config.irrelevant_cards = switches & 64 == 0;
    config.table = switches & 128 == 0;

    // Every card's value for the mover's side, by minimax.
    let mover = pos.turn().player().expect("a player moves");
    let mover_ns = pos.side_of(mover) == Side(0);
    let total = pos.tricks_left();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut want: Vec<_> = moves
        .iter()
        .map(|&card| {
            let mut child = pos;
            child.play(card).expect("legal");
            let won = child.tricks_won(Side(0)) - pos.tricks_won(Side(0));
            let ns = won + minimax_ns(&child);
            (card, if mover_ns { ns } else { total - ns })
        })
        .collect();
    want.sort();
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
