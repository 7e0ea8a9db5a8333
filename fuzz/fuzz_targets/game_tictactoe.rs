//! Tic-tac-toe's rules under the game-invariant driver (`cardtree_fuzz::drive`), from the
//! empty board or from any board the text parser accepts.
#![no_main]

use cardtree::TicTacToe;
use cardtree_fuzz::{Bytes, Rules, drive};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let start = if bytes.byte() & 1 == 0 {
        TicTacToe::new()
    } else {
        let n = bytes.below(12);
        let text: String = (0..n)
            .map(|_| ['X', 'O', '.', '/'][bytes.below(4)])
            .collect();
        match text.parse() {
            Ok(g) => g,
            Err(_) => return,
        }
    };
    let rules = Rules {
        max_plies: 9,
        any_move: |b| b % 12,
        may_run_dry: |_| false,
    };
    drive(start, &mut bytes, &rules);
});
