//! PBN deals and hands under every size rule: any string parses or gives an error whose
//! position lies inside it; a deal that parses prints back to the same deal, from any seat.
#![no_main]

use cardtree::{Deal, PbnError, Seat, SizeRule, pbn};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    for rule in [SizeRule::Full, SizeRule::Equal, SizeRule::Any] {
        match pbn::parse(s, rule) {
            Ok(deal) => {
                for first in Seat::ALL {
                    let text = deal.pbn(first).to_string();
                    assert_eq!(pbn::parse(&text, rule), Ok(deal), "{s:?} as {text:?}");
                }
                let sizes: Vec<usize> = Seat::ALL.iter().map(|&x| deal.hand(x).len()).collect();
                match rule {
                    SizeRule::Full => assert!(sizes.iter().all(|&n| n == 13), "{sizes:?}"),
                    SizeRule::Equal => assert!(sizes.iter().all(|&n| n == sizes[0])),
                    _ => {}
                }
            }
            Err(e) => at_inside(&e, s),
        }
    }
    if let Ok(deal) = s.parse::<Deal>() {
        assert_eq!(deal.to_string().parse::<Deal>(), Ok(deal));
    }
    for seat in Seat::ALL {
        match pbn::hand(s, seat) {
            Ok(hand) => assert!(hand.len() <= 13),
            Err(e) => at_inside(&e, s),
        }
    }
});

/// An error's byte offset, where it has one, is a character boundary of the input (or its end).
fn at_inside(e: &PbnError, s: &str) {
    if let Some(at) = e.at() {
        assert!(at <= s.len() && s.is_char_boundary(at), "{e:?} in {s:?}");
    }
    assert!(!e.to_string().contains('\n'), "{e}");
}
