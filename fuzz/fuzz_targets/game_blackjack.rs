//! Blackjack under the game-invariant driver: rules and shoe from raw bytes (the game must
//! refuse invalid ones), every decision and every card dealt chosen by the bytes.
#![no_main]

use cardtree::blackjack::{Action, Blackjack, Move, Pip};
use cardtree_fuzz::{Bytes, Rules, blackjack_rules, blackjack_shoe, drive};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let rules = blackjack_rules(&mut bytes);
    let shoe = blackjack_shoe(&mut bytes, 12);
    let Ok(start) = Blackjack::new(rules, shoe) else {
        return;
    };
    let rules = Rules {
        // Four hands of at most 11 cards each, the dealer's cards, the peek: far below 200.
        max_plies: 200,
        any_move: |b| match b % 17 {
            k @ 0..=4 => Move::Act(Action::ALL[usize::from(k)]),
            k @ 5..=14 => Move::Card(Pip::ALL[usize::from(k - 5)]),
            15 => Move::DealerBlackjack,
            _ => Move::NoDealerBlackjack,
        },
        // A small shoe may run out mid-round, and after the peek the hole card may not be
        // the one kind of card left.
        may_run_dry: |g: &Blackjack| g.shoe().total() < 60,
    };
    drive(start, &mut bytes, &rules);
});
