//! Card and card-set text: `Card` and `Cards` parse any string without panicking, and what
//! they accept prints back to a string that parses to the same value.
#![no_main]

use cardtree::{Card, Cards};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(card) = s.parse::<Card>() {
        assert_eq!(card.to_string().parse::<Card>(), Ok(card), "{s:?}");
        assert_eq!(
            u8::try_from(card.index()).ok().and_then(Card::from_index),
            Some(card)
        );
    }
    if let Ok(cards) = s.parse::<Cards>() {
        let printed = cards.to_string();
        assert_eq!(
            printed.parse::<Cards>(),
            Ok(cards),
            "{s:?} printed {printed:?}"
        );
        assert_eq!(cards.iter().count(), cards.len());
        assert!(cards.iter().all(|c| cards.contains(c)));
    }
    if let Some(cards) = s.parse::<Cards>().ok().filter(|c| c.len() <= 13) {
        for dash in [false, true] {
            let hand = cards.pbn_hand(dash).to_string();
            assert_eq!(
                cardtree::pbn::hand(&hand, cardtree::Seat::North),
                Ok(cards),
                "{hand}"
            );
        }
    }
});
