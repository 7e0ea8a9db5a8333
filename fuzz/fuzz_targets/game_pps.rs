//! Poker Squares under the game-invariant driver: from the empty grid or a parsed partial
//! one, under a point system of any ten numbers.
#![no_main]

use cardtree::poker_squares::{Grid, PointSystem, PokerSquares};
use cardtree_fuzz::{Bytes, Rules, drive};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let mut scores = [0i32; 10];
    for x in &mut scores {
        *x = i32::from(bytes.u16() as i16) * if bytes.byte() == 0xff { 65_536 } else { 1 };
    }
    let system = PointSystem::new(scores);
    let start = if bytes.byte() & 1 == 0 {
        PokerSquares::new(system)
    } else {
        let n = bytes.below(80);
        let text: String = (0..n)
            .map(|_| ["-- ", "AS ", "TD ", "5C ", "KH ", "2S ", "9D "][bytes.below(7)])
            .collect();
        match text.parse::<Grid>() {
            Ok(g) => PokerSquares::from_grid(g, system),
            Err(_) => return,
        }
    };
    let rules = Rules {
        max_plies: 50,
        any_move: |b| b,
        may_run_dry: |_| false,
    };
    drive(start, &mut bytes, &rules);
});
