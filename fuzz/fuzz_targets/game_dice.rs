//! The dice duel (two players, chance rolls) under the game-invariant driver, for every
//! limit and die the constructor accepts.
#![no_main]

use cardtree::DiceDuel;
use cardtree_fuzz::{Bytes, Rules, drive};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let (limit, faces) = (bytes.byte(), bytes.byte());
    let Some(start) = DiceDuel::new(limit, faces) else {
        assert!(!(1..=200).contains(&limit) || !(1..=20).contains(&faces));
        return;
    };
    // Each roll adds at least 1 and a player who stops stops for good: at most `limit + 1`
    // rolls per player, each a decision and an outcome.
    let rules = Rules {
        max_plies: 4 * (usize::from(limit) + 2),
        any_move: |b| b % 24,
        may_run_dry: |_| false,
    };
    drive(start, &mut bytes, &rules);
});
