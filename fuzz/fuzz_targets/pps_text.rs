//! Poker Squares text: grids (`-- -- 6C ...`) and point systems (`american`, ten numbers,
//! `random:7`) parse or fail without panicking, print back to the same value, and score any
//! grid under any system, parsed or made of raw numbers, within the system's range.
#![no_main]

use cardtree::poker_squares::{Grid, LINES, PointSystem};
use cardtree_fuzz::Bytes;
use cardtree_host::pps::score;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let mut raw = [0i32; 10];
    for x in &mut raw {
        *x = i32::from_le_bytes([bytes.byte(), bytes.byte(), bytes.byte(), bytes.byte()]);
    }
    let Ok(s) = std::str::from_utf8(bytes.rest()) else {
        return;
    };
    let (grid_text, system_text) = s.split_once('|').unwrap_or((s, s));
    let grid = grid_text.parse::<Grid>();
    if let Ok(g) = &grid {
        assert_eq!(
            g.to_string().parse::<Grid>().as_ref(),
            Ok(g),
            "{grid_text:?}"
        );
        assert_eq!(g.cards().len(), g.filled());
    }
    let system = system_text.parse::<PointSystem>();
    if let Ok(p) = &system {
        assert_eq!(
            p.to_string().parse::<PointSystem>().as_ref(),
            Ok(p),
            "{system_text:?}"
        );
    }
    for p in system.iter().copied().chain([PointSystem::new(raw)]) {
        let g = grid.unwrap_or_default();
        let exact: i64 = g.classes().iter().map(|&c| i64::from(p.score(c))).sum();
        let (lo, hi) = p.hand_range();
        let n = LINES as i64;
        assert!(
            n * i64::from(lo) <= exact && exact <= n * i64::from(hi),
            "{exact}"
        );
        // The score is the exact sum, in 64 bits.
        assert_eq!(g.score(&p), exact);
        let _ = score::score_json(&g, &p);
        let _ = score::score_text(&g, &p);
    }
    if let Err(e) = score::parse_inputs(grid_text, system_text) {
        assert!(!e.to_string().contains('\n'), "{e}");
    }
});
