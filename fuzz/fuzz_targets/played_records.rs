//! Played-hand records: any text read as BBO LIN and as a PBN file with play sections gives
//! boards or one-line errors naming the board, never a panic; every board read is a legal play
//! from its opening lead, and written back as PBN and as LIN it reads again to the same deal,
//! contract, declarer, play and claim.
#![no_main]

use cardtree_host::bridge::played::PlayedBoard;
use cardtree_host::bridge::{lin, lin_write, pbn_play, pbn_play_write};
use libfuzzer_sys::fuzz_target;

/// What a round trip through either writer keeps.
fn key(b: &PlayedBoard) -> impl PartialEq + std::fmt::Debug {
    (b.deal, b.declared, b.play.clone(), b.claim, b.dealer)
}

fn check(boards: Vec<Result<PlayedBoard, cardtree_host::bridge::played::BoardError>>) {
    for b in boards {
        let b = match b {
            Ok(b) => b,
            Err(e) => {
                assert!(!e.to_string().contains('\n'), "{e}");
                continue;
            }
        };
        if let Some(start) = b.start() {
            assert!(cardtree::bridge::play_out(&start, &b.play).is_ok(), "{b:?}");
        }
        let pbn = pbn_play_write::write(&b, None, &[]);
        let again = pbn_play::read(&pbn);
        assert_eq!(again.len(), 1, "{pbn}");
        let again = again
            .into_iter()
            .next()
            .unwrap()
            .expect("the PBN written reads");
        assert_eq!(key(&again), key(&b), "{pbn}");
        let text = lin_write::write(&b);
        let again = lin::read(&text);
        assert_eq!(again.len(), 1, "{text}");
        let again = again
            .into_iter()
            .next()
            .unwrap()
            .expect("the LIN written reads");
        assert_eq!(key(&again), key(&b), "{text}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    check(lin::read(text));
    check(pbn_play::read(text));
});
