//! PBN files with tags: any text splits into games and boards without panicking, and writing
//! double-dummy records into it keeps every board (same number, dealer, vulnerability and
//! deal) and gives each the record's tags, which read back.
#![no_main]

use std::sync::OnceLock;

use cardtree_host::bridge::hand_record::{self, Board, Record};
use cardtree_host::bridge::table_memory::host_table;
use cardtree_host::bridge::{pbn_file, pbn_write};
use libfuzzer_sys::fuzz_target;

/// One solved board's record, written into every board of the input. Each hand holds one
/// suit, so the table solves in microseconds: a full deal's twenty solves, instrumented,
/// took over the 10 s limit of one input on a loaded machine (reported against the empty
/// input, the first one run).
fn record() -> &'static Record {
    static RECORD: OnceLock<Record> = OnceLock::new();
    RECORD.get_or_init(|| {
        let board = Board::new(
            1,
            "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
        )
        .expect("a full deal");
        hand_record::solve(&board, &mut host_table(1)).expect("solved")
    })
}

/// What must survive a rewrite: the game and its board, without the source text.
fn key(b: &Board) -> (u32, String, String, String) {
    (
        b.number,
        b.dealer.to_string(),
        b.vulnerable.to_string(),
        b.deal.to_string(),
    )
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let games = pbn_file::games(text);
    for g in &games {
        assert!(g.span.start <= g.span.end && g.span.end <= text.len());
        for t in &g.tags {
            assert!(
                t.span.end <= text.len() && t.section.end <= text.len(),
                "{t:?}"
            );
        }
        if let Some(e) = &g.error {
            assert!(!e.to_string().contains('\n'), "{e}");
        }
    }
    let boards = pbn_file::boards(&games);
    let records: Vec<(usize, Record)> = boards
        .iter()
        .filter(|(_, b)| b.is_ok())
        .map(|(g, _)| (*g, record().clone()))
        .collect();
    for (_, b) in &boards {
        if let Err(e) = b {
            assert!(!e.to_string().contains('\n'), "{e}");
        }
    }
    let out = pbn_write::with_records(text, &games, &records);
    let again = pbn_file::games(&out);
    let before: Vec<_> = boards
        .iter()
        .filter_map(|(g, b)| b.as_ref().ok().map(|b| (*g, key(b))))
        .collect();
    let after_boards = pbn_file::boards(&again);
    let after: Vec<_> = after_boards
        .iter()
        .filter_map(|(g, b)| b.as_ref().ok().map(|b| (*g, key(b))))
        .collect();
    assert_eq!(
        before, after,
        "boards changed by the rewrite:\n{text:?}\n{out:?}"
    );
    let tricks = record().table.to_string();
    for (g, _) in &after {
        let tag = again[*g].tag("DoubleDummyTricks");
        assert_eq!(
            tag.map(|t| t.value.as_str()),
            Some(tricks.as_str()),
            "{out:?}"
        );
    }
});
