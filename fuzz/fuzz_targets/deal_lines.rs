//! JSON-lines deal records as the host reads them: the solver's task lines, the hand-record
//! lines (`dd_tables.jsonl`) and the lead experiment's deals (`dev_deals.jsonl`). Any text
//! gives records or a one-line error that names the line; what reads builds its position.
#![no_main]

use cardtree_host::bridge::{hand_record, lead_deals, solve};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (i, line) in text.lines().enumerate() {
        match solve::parse_line(line) {
            Ok(task) => {
                if let Err(e) = task.position() {
                    one_line(&e.to_string());
                }
            }
            Err(e) => one_line(&e.to_string()),
        }
        match hand_record::parse_line(line, i) {
            Ok(board) => {
                assert_eq!(board.deal.to_string().parse(), Ok(board.deal));
                assert!((1..=1 << 31).contains(&board.number), "{}", board.number);
            }
            Err(e) => one_line(&e.to_string()),
        }
    }
    match lead_deals::parse_deals(text.as_bytes(), "fuzz") {
        Ok(deals) => {
            for d in &deals {
                let pos = d.position().expect("a parsed deal has a position");
                assert_eq!(pos.tricks_left(), 13);
                assert!(d.tricks.is_empty() || d.tricks.len() == pos.legal().len());
            }
        }
        Err(e) => {
            let e = e.to_string();
            one_line(&e);
            assert!(e.starts_with("fuzz"), "{e}");
        }
    }
});

fn one_line(e: &str) {
    assert!(!e.contains('\n') && !e.is_empty(), "{e:?}");
    assert!(
        e.len() < 400,
        "an error as long as its input: {} bytes",
        e.len()
    );
}
