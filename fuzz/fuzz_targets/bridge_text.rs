//! The bridge words a user types: contracts, strains, vulnerabilities and hand constraints
//! (`S: 15-17 hcp, 2-4 S; N: 8-15 hcp`). Any string parses or gives an error; what parses
//! prints back to the same value; a constraint error points inside the input; layouts drawn
//! under parsed constraints satisfy them.
#![no_main]

use cardtree::bridge::{Constraints, Contract, Layouts, Strain, Vulnerability};
use cardtree::{BySeat, Cards, Seat, rng};
use cardtree_fuzz::Bytes;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let seed = bytes.u64();
    let Ok(s) = std::str::from_utf8(bytes.rest()) else {
        return;
    };
    if let Ok(c) = s.parse::<Contract>() {
        assert_eq!(c.to_string().parse::<Contract>(), Ok(c), "{s:?}");
        for tricks in 0..=13 {
            for vulnerable in [false, true] {
                let score = c.score(tricks, vulnerable);
                assert!(score.abs() <= 7600, "{c} {tricks} {score}");
            }
        }
    }
    if let Ok(x) = s.parse::<Strain>() {
        assert_eq!(x.to_string().parse::<Strain>(), Ok(x), "{s:?}");
    }
    if let Ok(v) = s.parse::<Vulnerability>() {
        assert_eq!(v.to_string().parse::<Vulnerability>(), Ok(v), "{s:?}");
    }
    match s.parse::<Constraints>() {
        Ok(c) => {
            let printed = c.to_string();
            assert_eq!(
                printed.parse::<Constraints>(),
                Ok(c),
                "{s:?} printed {printed:?}"
            );
            // West holds 13 known cards; the other hands are drawn under the constraints.
            let mut r = rng::seeded(seed);
            let deal = cardtree::Deal::random(&mut r);
            let known = BySeat::from_fn(|x| (x == Seat::West).then(|| deal.hand(x)));
            let drawn = Layouts::of_deal(known, c).and_then(|l| l.draw(&mut r, 200));
            if let Ok(drawn) = drawn {
                let mut all = Cards::EMPTY;
                for x in Seat::ALL {
                    let hand = drawn.deal.hand(x);
                    assert_eq!(hand.len(), 13);
                    assert!(c.of(x).holds(hand), "{x} {hand} breaks {c}");
                    all |= hand;
                }
                assert_eq!(all, Cards::ALL);
                assert_eq!(drawn.deal.hand(Seat::West), deal.hand(Seat::West));
            }
        }
        Err(e) => {
            assert!(
                e.at <= s.len() && s.is_char_boundary(e.at),
                "{e:?} in {s:?}"
            );
            assert!(!e.to_string().contains('\n'), "{e}");
        }
    }
});
