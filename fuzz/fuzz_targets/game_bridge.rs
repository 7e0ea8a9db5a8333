//! Bridge card play under the game-invariant driver, from fuzzed endings of every size (and
//! in the middle of a trick); positions the bytes make illegal must be refused as errors.
#![no_main]

use cardtree::Card;
use cardtree_fuzz::{Bytes, Rules, bridge_position, drive};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let Some(start) = bridge_position(&mut bytes, 13) else {
        return;
    };
    let rules = Rules {
        max_plies: 52,
        any_move: |b| Card::from_index(b % 52).expect("0..52 is a card"),
        may_run_dry: |_| false,
    };
    let plies = drive(start, &mut bytes, &rules);
    assert_eq!(
        plies,
        usize::from(start.tricks_left()) * 4 - start.trick().len()
    );
});
