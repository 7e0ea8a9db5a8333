//! cardtree's libdds (`capi/`, `libdds.so`) against DDS 3.1 live, export by export, through
//! their C interfaces: random deals and positions in mid-trick with every mode, target and
//! solution count, batches at their limits, tables with every strain filter and par, every par
//! call and its text, played hands traced, and bad input (the same return code). The library
//! is loaded from `target/release/libdds.so` (or `$CARDTREE_LIBDDS`): build it first with
//! `cargo build --release -p cardtree-dds`. Run with
//! `cargo test --release -p cardtree-host --features dds --test dds_capi -- --nocapture`.
//!
//! Where DDS and cardtree may rightly differ, the comparison says so: the order of cards of
//! equal score (and which of equal best cards `solutions = 1` names), and the work (`nodes`).
#![cfg(feature = "dds")]
#![allow(unsafe_code, non_snake_case)]

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use cardtree::bridge::{BridgePlay, Strain};
use cardtree::{BySeat, Card, Deal, Seat, Suit, rng};
use dds::{
    Boards, BoardsPBN, DdTableDeal, DdTableDealsPBN, DdTableResults, DdTablesRes, FutureTricks,
    ParResults, ParResultsDealer, ParResultsMaster, ParTextResults, PlayTraceBin, PlayTracePBN,
    PlayTracesBin, SolvedBoards, SolvedPlay, SolvedPlays,
};
use dds_bridge_sys as dds;
use libloading::Library;

/// Our library, loaded once.
fn ours() -> &'static Library {
    static LIB: OnceLock<Library> = OnceLock::new();
    LIB.get_or_init(|| {
        let path = std::env::var_os("CARDTREE_LIBDDS").map_or_else(
            || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/libdds.so"),
            PathBuf::from,
        );
        assert!(
            path.exists(),
            "no cardtree libdds at {}: cargo build --release -p cardtree-dds (or set CARDTREE_LIBDDS)",
            path.display()
        );
        // SAFETY: our own library, whose load runs no code of its own.
        unsafe { Library::new(&path) }.expect("load cardtree's libdds")
    })
}

/// Calls `name` of our library with DDS's signature `$sig`.
macro_rules! call {
    ($name:literal as $sig:ty, $($arg:expr),*) => {{
        // SAFETY: the symbol has the signature the header (and DDS's) gives it.
        let f: libloading::Symbol<'_, $sig> =
            unsafe { ours().get(concat!($name, "\0").as_bytes()) }.expect($name);
        #[allow(unused_unsafe)]
        unsafe { f($($arg),*) }
    }};
}

/// A structure of zeros (DDS's big structures have no `Default`).
fn zero<T>() -> T {
    // SAFETY: every structure here is plain integers and characters, for which zero is valid.
    unsafe { std::mem::zeroed() }
}

type Fut = unsafe extern "C" fn(dds::Deal, i32, i32, i32, *mut FutureTricks, i32) -> i32;

fn holdings(deal: &Deal) -> [[u32; 4]; 4] {
    let mut h = [[0u32; 4]; 4];
    for seat in Seat::ALL {
        for (i, &s) in Suit::PBN_ORDER.iter().enumerate() {
            h[seat as usize][i] = u32::from(deal.hand(seat).suit_ranks(s)) << 2;
        }
    }
    h
}

fn dds_strain(s: Strain) -> i32 {
    match s.trump() {
        Some(suit) => 3 - suit as i32,
        None => 4,
    }
}

fn dds_card(c: Card) -> (i32, i32) {
    (3 - c.suit() as i32, c.rank() as i32 + 2)
}

/// A position as DDS's `deal`.
fn position(p: &BridgePlay) -> dds::Deal {
    let deal = Deal::from_hands(BySeat::from_fn(|s| p.hand(s))).expect("disjoint");
    let mut d = dds::Deal {
        trump: dds_strain(p.strain()),
        first: p.leader() as i32,
        currentTrickSuit: [0; 3],
        currentTrickRank: [0; 3],
        remainCards: holdings(&deal),
    };
    for (k, &c) in p.trick().iter().enumerate() {
        (d.currentTrickSuit[k], d.currentTrickRank[k]) = dds_card(c);
    }
    d
}

/// A random position: a deal of `size` cards a hand, a strain and leader, then `played`
/// random legal cards.
fn random_position(r: &mut impl rand_core::Rng, size: usize, played: usize) -> BridgePlay {
    let full = Deal::random(r);
    let deal = Deal::from_hands(BySeat::from_fn(|s| {
        full.hand(s).iter().take(size).collect()
    }))
    .expect("disjoint");
    let strain = Strain::ALL[rng::index(r, 5)];
    let leader = Seat::ALL[rng::index(r, 4)];
    let mut p = BridgePlay::new(&deal, strain, leader).expect("position");
    for _ in 0..played {
        if p.tricks_left() == 0 {
            break;
        }
        let c = p.legal().choose(r).expect("a card");
        p.play(c).expect("legal");
    }
    p
}

/// Every card of an answer with its score (groups expanded by `equals`).
fn expanded(f: &FutureTricks) -> BTreeMap<(i32, i32), i32> {
    let mut out = BTreeMap::new();
    for i in 0..usize::try_from(f.cards).unwrap_or(0) {
        out.insert((f.suit[i], f.rank[i]), f.score[i]);
        for r in 2..=14 {
            if f.equals[i] & (1 << r) != 0 {
                out.insert((f.suit[i], r), f.score[i]);
            }
        }
    }
    out
}

/// The groups of an answer (top card and equals), in a fixed order.
fn groups(f: &FutureTricks) -> Vec<(i32, i32, i32, i32)> {
    let mut g: Vec<_> = (0..usize::try_from(f.cards).unwrap_or(0))
        .map(|i| (f.suit[i], f.rank[i], f.equals[i], f.score[i]))
        .collect();
    g.sort_unstable();
    g
}

fn solve_both(
    dl: dds::Deal,
    target: i32,
    solutions: i32,
    mode: i32,
) -> (i32, FutureTricks, i32, FutureTricks) {
    let mut a = zero();
    let mut b = zero();
    // SAFETY: valid pointers.
    let ra = unsafe { dds::SolveBoard(dl, target, solutions, mode, &raw mut a, 0) };
    let rb = call!(
        "SolveBoard" as Fut,
        dl,
        target,
        solutions,
        mode,
        &raw mut b,
        0
    );
    (ra, a, rb, b)
}

#[test]
fn solve_board_agrees_in_every_mode_target_and_solution_count() {
    let mut r = rng::seeded(63);
    let (mut positions, mut answers, mut one_card_ties) = (0, 0, 0);
    for n in 0..120 {
        let size = [13, 13, 9, 6, 4, 2, 1][n % 7];
        let played = rng::index(&mut r, 4 * size.min(3));
        let p = random_position(&mut r, size, played);
        if p.tricks_left() == 0 {
            continue;
        }
        positions += 1;
        let dl = position(&p);
        let left = i32::from(p.tricks_left());
        // The exact values of every card, from both: equal card by card.
        let (ra, all_a, rb, all_b) = solve_both(dl, -1, 3, 1);
        assert_eq!((ra, rb), (1, 1));
        assert_eq!(
            expanded(&all_a),
            expanded(&all_b),
            "solutions 3, position {n}"
        );
        assert_eq!(
            groups(&all_a),
            groups(&all_b),
            "groups of equal cards, position {n}"
        );
        let best = all_a.score[0];
        let targets: Vec<i32> = [-1, 0, 1, 2, left, left + 1, best, best + 1]
            .into_iter()
            .filter(|&t| (-1..=13).contains(&t))
            .collect();
        for target in targets {
            for solutions in 1..=3 {
                for mode in 0..=2 {
                    let (ra, a, rb, b) = solve_both(dl, target, solutions, mode);
                    assert_eq!(
                        ra, rb,
                        "code: position {n} target {target} solutions {solutions} mode {mode}"
                    );
                    if ra != 1 {
                        continue;
                    }
                    answers += 1;
                    let what =
                        format!("position {n} target {target} solutions {solutions} mode {mode}");
                    assert_eq!(a.cards, b.cards, "{what}: cards");
                    if a.cards == 0 {
                        assert_eq!(a.score[0], b.score[0], "{what}: a missed target");
                    } else if solutions == 1 && a.score[0] >= 0 {
                        // One card of the best: its score; the card may be another of equal
                        // score.
                        assert_eq!(a.score[0], b.score[0], "{what}: score");
                        let ours = (b.suit[0], b.rank[0]);
                        let exact = expanded(&all_b);
                        if target != 0 {
                            let want = if target == -1 { best } else { best.min(13) };
                            assert!(
                                exact[&ours] >= want.min(a.score[0]),
                                "{what}: our card is not best"
                            );
                        }
                        if (a.suit[0], a.rank[0]) != ours {
                            one_card_ties += 1;
                        }
                    } else {
                        assert_eq!(expanded(&a), expanded(&b), "{what}: cards and scores");
                    }
                }
            }
        }
    }
    println!(
        "SolveBoard: {positions} positions, {answers} answers agree ({one_card_ties} times the one card named was another of equal score)"
    );
    assert!(positions > 100);
}

#[test]
fn pbn_forms_and_bad_input_give_the_same_codes() {
    type FutPbn = unsafe extern "C" fn(dds::DealPBN, i32, i32, i32, *mut FutureTricks, i32) -> i32;
    let deal = Deal::random(&mut rng::seeded(1));
    let p = BridgePlay::new(&deal, Strain::Hearts, Seat::West).expect("position");
    let good = position(&p);
    let mut cases: Vec<(String, dds::Deal, i32, i32, i32)> = vec![
        ("target -2".into(), good, -2, 1, 1),
        ("target 14".into(), good, 14, 1, 1),
        ("solutions 0".into(), good, -1, 0, 1),
        ("solutions 4".into(), good, -1, 4, 1),
        ("mode -1".into(), good, -1, 1, -1),
        ("mode 3".into(), good, -1, 1, 3),
    ];
    let mut bad = |what: &str, f: &dyn Fn(&mut dds::Deal)| {
        let mut d = good;
        f(&mut d);
        cases.push((what.into(), d, -1, 1, 1));
    };
    bad("trump 5", &|d| d.trump = 5);
    bad("trump -1", &|d| d.trump = -1);
    bad("first 4", &|d| d.first = 4);
    bad("a rank of 15 in the trick", &|d| d.currentTrickRank[0] = 15);
    bad("a suit of 4 in the trick", &|d| {
        d.currentTrickRank[0] = 5;
        d.currentTrickSuit[0] = 4;
    });
    bad("a second trick card without a first", &|d| {
        d.currentTrickRank[1] = 5
    });
    bad("a holding with bit 15", &|d| d.remainCards[0][0] |= 0x8000);
    bad("a holding of bit 1 only", &|d| d.remainCards[1][2] = 2);
    bad("no cards", &|d| d.remainCards = [[0; 4]; 4]);
    bad("a card twice", &|d| {
        let c = d.remainCards[0][0] & d.remainCards[0][0].wrapping_neg();
        d.remainCards[1][0] |= c;
        d.remainCards[1][1] &= d.remainCards[1][1] - 1;
    });
    bad("a hand one card short", &|d| {
        let suit = d.remainCards[2]
            .iter_mut()
            .find(|h| **h != 0)
            .expect("a card");
        *suit &= *suit - 1;
    });
    // A target above the five tricks of an ending.
    let mut ending = good;
    ending.remainCards = holdings(
        &Deal::from_hands(BySeat::from_fn(|s| deal.hand(s).iter().take(5).collect()))
            .expect("disjoint"),
    );
    cases.push(("target above the tricks left".into(), ending, 6, 1, 1));
    for (what, dl, target, solutions, mode) in &cases {
        let (ra, _, rb, _) = solve_both(*dl, *target, *solutions, *mode);
        assert_eq!(ra, rb, "{what}");
        assert_ne!(ra, 1, "{what} is bad input");
    }
    // A card of the trick still in a hand.
    let mut d = good;
    d.currentTrickSuit[0] = 0;
    d.currentTrickRank[0] = 14;
    let (ra, _, rb, _) = solve_both(d, -1, 1, 1);
    assert_eq!(ra, rb, "a played card also held");
    // A thread index out of range is an error for cardtree (DDS 3.1 ignores it).
    let mut f = zero();
    assert_eq!(
        call!("SolveBoard" as Fut, good, -1, 1, 1, &raw mut f, 10_000),
        -15
    );
    assert_eq!(
        call!("SolveBoard" as Fut, good, -1, 1, 1, &raw mut f, -1),
        -15
    );
    assert_eq!(
        call!("SolveBoard" as Fut, good, -1, 1, 1, std::ptr::null_mut(), 0),
        -1
    );
    // PBN: the same answers, and the same faults for bad text.
    let text = |s: &str| {
        let mut b = [0 as std::ffi::c_char; 80];
        for (i, c) in s.bytes().take(79).enumerate() {
            b[i] = c as std::ffi::c_char;
        }
        b
    };
    let pbn = deal.pbn(Seat::North).to_string();
    for s in [
        pbn.as_str(),
        "N:AKQ.T98.765.432 x",
        "XX",
        "N:A K Q J T",
        "  w:- - - -",
        &pbn.to_lowercase(),
    ] {
        let dp = dds::DealPBN {
            trump: 1,
            first: 3,
            currentTrickSuit: [0; 3],
            currentTrickRank: [0; 3],
            remainCards: text(s),
        };
        let mut a = zero();
        let mut b = zero();
        // SAFETY: valid pointers.
        let ra = unsafe { dds::SolveBoardPBN(dp, -1, 3, 1, &raw mut a, 0) };
        let rb = call!("SolveBoardPBN" as FutPbn, dp, -1, 3, 1, &raw mut b, 0);
        assert_eq!(ra, rb, "PBN {s:?}");
        if ra == 1 {
            assert_eq!(expanded(&a), expanded(&b), "PBN {s:?}");
        }
    }
    println!(
        "{} bad inputs and 6 PBN texts: the same codes as DDS",
        cases.len() + 4
    );
}

#[test]
fn tables_and_batches_agree() {
    type Table = unsafe extern "C" fn(DdTableDeal, *mut DdTableResults) -> i32;
    type All = unsafe extern "C" fn(
        *const DdTableDealsPBN,
        i32,
        *const i32,
        *mut DdTablesRes,
        *mut dds::AllParResults,
    ) -> i32;
    type Batch = unsafe extern "C" fn(*const BoardsPBN, *mut SolvedBoards) -> i32;
    type BatchBin = unsafe extern "C" fn(*const Boards, *mut SolvedBoards) -> i32;
    let mut r = rng::seeded(64);
    // CalcDDtable on full deals and endings.
    for n in 0..12 {
        let full = Deal::random(&mut r);
        let size = [13, 7, 3][n % 3];
        let deal = Deal::from_hands(BySeat::from_fn(|s| {
            full.hand(s).iter().take(size).collect()
        }))
        .expect("disjoint");
        let td = DdTableDeal {
            cards: holdings(&deal),
        };
        let (mut a, mut b) = (zero(), zero());
        // SAFETY: valid pointers.
        let ra = unsafe { dds::CalcDDtable(td, &raw mut a) };
        let rb = call!("CalcDDtable" as Table, td, &raw mut b);
        assert_eq!((ra, rb), (1, 1));
        assert_eq!(a.res_table, b.res_table, "table of deal {n}");
    }
    // CalcAllTablesPBN: every filter of one strain out, all in with par for each
    // vulnerability, and -1 without par.
    let deals: Vec<Deal> = (0..8).map(|_| Deal::random(&mut r)).collect();
    let mut tables: Box<DdTableDealsPBN> = Box::new(zero());
    tables.no_of_tables = deals.len() as i32;
    for (k, d) in deals.iter().enumerate() {
        for (i, b) in d.pbn(Seat::North).to_string().bytes().enumerate() {
            tables.deals[k].cards[i] = b as std::ffi::c_char;
        }
    }
    let mut filters: Vec<([i32; 5], i32)> = (0..4).map(|v| ([0; 5], v)).collect();
    filters.push(([0; 5], -1));
    for s in 0..5 {
        let mut f = [0; 5];
        f[s] = 1;
        filters.push((f, 0));
    }
    filters.push(([1, 1, 1, 1, 1], -1));
    for (filter, mode) in filters {
        let mut a: Box<DdTablesRes> = Box::new(zero());
        let mut b: Box<DdTablesRes> = Box::new(zero());
        let mut pa: Box<dds::AllParResults> = Box::new(zero());
        let mut pb: Box<dds::AllParResults> = Box::new(zero());
        // SAFETY: valid pointers.
        let ra = unsafe {
            dds::CalcAllTablesPBN(
                &raw const *tables,
                mode,
                filter.as_ptr(),
                &raw mut *a,
                &raw mut *pa,
            )
        };
        let rb = call!(
            "CalcAllTablesPBN" as All,
            &raw const *tables,
            mode,
            filter.as_ptr(),
            &raw mut *b,
            &raw mut *pb
        );
        assert_eq!(ra, rb, "filter {filter:?} mode {mode}");
        if ra != 1 {
            continue;
        }
        assert_eq!(a.no_of_boards, b.no_of_boards);
        for k in 0..deals.len() {
            assert_eq!(
                a.results[k].res_table, b.results[k].res_table,
                "table {k}, filter {filter:?}"
            );
            if (0..4).contains(&mode) {
                assert_eq!(
                    pa.par_results[k].par_score, pb.par_results[k].par_score,
                    "par score {k} vul {mode}"
                );
                assert_eq!(
                    pa.par_results[k].par_contracts_string, pb.par_results[k].par_contracts_string,
                    "par {k} vul {mode}"
                );
            }
        }
    }
    // SolveAllBoards and SolveAllBoardsBin at their limit of 200 boards: positions of BEN's
    // kind (a few tricks played), solutions 1, 2 and 3.
    let mut pbn: Box<BoardsPBN> = Box::new(zero());
    let mut bin: Box<Boards> = Box::new(zero());
    pbn.no_of_boards = 200;
    bin.no_of_boards = 200;
    for k in 0..200 {
        let played = 4 + rng::index(&mut r, 20);
        let p = random_position(&mut r, 13, played);
        let d = position(&p);
        let deal = Deal::from_hands(BySeat::from_fn(|s| p.hand(s))).expect("disjoint");
        let text = deal.pbn(Seat::North).to_string();
        pbn.deals[k] = dds::DealPBN {
            trump: d.trump,
            first: d.first,
            currentTrickSuit: d.currentTrickSuit,
            currentTrickRank: d.currentTrickRank,
            remainCards: [0; 80],
        };
        for (i, b) in text.bytes().enumerate() {
            pbn.deals[k].remainCards[i] = b as std::ffi::c_char;
        }
        bin.deals[k] = d;
        let solutions = 1 + (k % 3) as i32;
        pbn.target[k] = -1;
        pbn.solutions[k] = solutions;
        pbn.mode[k] = 1;
        bin.target[k] = -1;
        bin.solutions[k] = solutions;
        bin.mode[k] = 1;
    }
    let mut a: Box<SolvedBoards> = Box::new(zero());
    let mut b: Box<SolvedBoards> = Box::new(zero());
    // SAFETY: valid pointers.
    let ra = unsafe { dds::SolveAllBoards(&raw const *pbn, &raw mut *a) };
    let rb = call!("SolveAllBoards" as Batch, &raw const *pbn, &raw mut *b);
    assert_eq!((ra, rb), (1, 1));
    let mut c: Box<SolvedBoards> = Box::new(zero());
    let rc = call!(
        "SolveAllBoardsBin" as BatchBin,
        &raw const *bin,
        &raw mut *c
    );
    assert_eq!(rc, 1);
    assert_eq!(
        (a.no_of_boards, b.no_of_boards, c.no_of_boards),
        (200, 200, 200)
    );
    for k in 0..200 {
        let (x, y, z) = (&a.solved_board[k], &b.solved_board[k], &c.solved_board[k]);
        assert_eq!(x.cards, y.cards, "board {k}");
        assert_eq!(groups(y), groups(z), "board {k}: PBN and binary");
        if pbn.solutions[k] == 1 {
            assert_eq!(x.score[0], y.score[0], "board {k}");
        } else {
            assert_eq!(expanded(x), expanded(y), "board {k}");
        }
    }
    // One board past the limit.
    pbn.no_of_boards = 201;
    // SAFETY: valid pointers.
    let ra = unsafe { dds::SolveAllBoards(&raw const *pbn, &raw mut *a) };
    let rb = call!("SolveAllBoards" as Batch, &raw const *pbn, &raw mut *b);
    assert_eq!((ra, rb), (-101, -101));
    println!(
        "CalcDDtable: 12 deals; CalcAllTablesPBN: 11 filters and modes of 8 deals; SolveAllBoards: 200 positions, both forms"
    );
}

#[test]
fn par_calls_agree_to_the_byte() {
    type Dealer =
        unsafe extern "C" fn(*const DdTableResults, *mut ParResultsDealer, i32, i32) -> i32;
    type DealerBin =
        unsafe extern "C" fn(*const DdTableResults, *mut ParResultsMaster, i32, i32) -> i32;
    type Sides = unsafe extern "C" fn(*const DdTableResults, *mut ParResultsDealer, i32) -> i32;
    type SidesBin = unsafe extern "C" fn(*const DdTableResults, *mut ParResultsMaster, i32) -> i32;
    type ParText = unsafe extern "C" fn(*const DdTableResults, *mut ParResults, i32) -> i32;
    type DealerText = unsafe extern "C" fn(*const ParResultsMaster, *mut std::ffi::c_char) -> i32;
    type SidesText = unsafe extern "C" fn(*const ParResultsMaster, *mut ParTextResults) -> i32;
    let mut r = rng::seeded(65);
    let mut tables = Vec::new();
    // Tables of random deals, and random tables (not every one a deal's: par is defined on
    // any table, and odd ones reach the corners of the method).
    for _ in 0..60 {
        let deal = Deal::random(&mut r);
        let mut t = zero();
        // SAFETY: valid pointers.
        assert_eq!(
            unsafe {
                dds::CalcDDtable(
                    DdTableDeal {
                        cards: holdings(&deal),
                    },
                    &raw mut t,
                )
            },
            1
        );
        tables.push(t);
    }
    for _ in 0..300 {
        let mut t: DdTableResults = zero();
        for s in 0..5 {
            for h in 0..2 {
                let x = rng::index(&mut r, 14) as i32;
                t.res_table[s][h] = x;
                t.res_table[s][h + 2] = (x + rng::index(&mut r, 3) as i32 - 1).clamp(0, 13);
            }
            // The other side takes what this one does not, give or take one.
            for h in 0..4 {
                if h % 2 == 1 {
                    t.res_table[s][h] = (13 - t.res_table[s][h - 1] + rng::index(&mut r, 3) as i32
                        - 1)
                    .clamp(0, 13);
                }
            }
        }
        tables.push(t);
    }
    let mut checked = 0;
    for (n, t) in tables.iter().enumerate() {
        for vul in 0..4 {
            let mut a: [ParResultsMaster; 2] = zero();
            let mut b: [ParResultsMaster; 2] = zero();
            // SAFETY: valid pointers.
            let ra = unsafe { dds::SidesParBin(t, a.as_mut_ptr(), vul) };
            let rb = call!("SidesParBin" as SidesBin, t, b.as_mut_ptr(), vul);
            assert_eq!((ra, rb), (1, 1));
            let same = |x: &ParResultsMaster, y: &ParResultsMaster| {
                x.score == y.score
                    && x.number == y.number
                    && (0..x.number.clamp(0, 10) as usize).all(|k| {
                        let (c, d) = (&x.contracts[k], &y.contracts[k]);
                        (c.under_tricks, c.over_tricks, c.level, c.denom, c.seats)
                            == (d.under_tricks, d.over_tricks, d.level, d.denom, d.seats)
                    })
            };
            assert!(
                same(&a[0], &b[0]) && same(&a[1], &b[1]),
                "SidesParBin table {n} vul {vul}: {:?} {:?}",
                t.res_table,
                (a, b)
            );
            let (mut ta, mut tb) = (zero(), zero());
            // SAFETY: valid pointers.
            let ra = unsafe { dds::ConvertToSidesTextFormat(a.as_ptr(), &raw mut ta) };
            let rb = call!(
                "ConvertToSidesTextFormat" as SidesText,
                b.as_ptr(),
                &raw mut tb
            );
            assert_eq!((ra, rb), (1, 1));
            assert_eq!(
                (ta.par_text, ta.equal),
                (tb.par_text, tb.equal),
                "sides text {n}"
            );
            let (mut pa, mut pb) = (zero(), zero());
            // SAFETY: valid pointers.
            let ra = unsafe { dds::Par(t, &raw mut pa, vul) };
            let rb = call!("Par" as ParText, t, &raw mut pb, vul);
            assert_eq!((ra, rb), (1, 1));
            assert_eq!(
                (pa.par_score, pa.par_contracts_string),
                (pb.par_score, pb.par_contracts_string),
                "Par table {n} vul {vul}"
            );
            let mut sa: [ParResultsDealer; 2] = zero();
            let mut sb: [ParResultsDealer; 2] = zero();
            // SAFETY: valid pointers.
            let ra = unsafe { dds::SidesPar(t, sa.as_mut_ptr(), vul) };
            let rb = call!("SidesPar" as Sides, t, sb.as_mut_ptr(), vul);
            assert_eq!((ra, rb), (1, 1));
            for i in 0..2 {
                assert_eq!(
                    (sa[i].score, sa[i].number),
                    (sb[i].score, sb[i].number),
                    "SidesPar {n}"
                );
                for k in 0..sa[i].number.clamp(0, 10) as usize {
                    assert_eq!(
                        sa[i].contracts[k], sb[i].contracts[k],
                        "SidesPar {n} contract {k}"
                    );
                }
            }
            for dealer in 0..4 {
                let mut da = zero();
                let mut db = zero();
                // SAFETY: valid pointers.
                let ra = unsafe { dds::DealerPar(t, &raw mut da, dealer, vul) };
                let rb = call!("DealerPar" as Dealer, t, &raw mut db, dealer, vul);
                assert_eq!((ra, rb), (1, 1));
                assert_eq!(
                    da.number, db.number,
                    "DealerPar {n} dealer {dealer} vul {vul}"
                );
                if da.contracts[0][0] != b'p' as std::ffi::c_char {
                    assert_eq!(da.score, db.score, "DealerPar {n}");
                }
                for k in 0..da.number.clamp(0, 10) as usize {
                    assert_eq!(
                        da.contracts[k], db.contracts[k],
                        "DealerPar {n} dealer {dealer} vul {vul} contract {k}"
                    );
                }
                let mut ma = zero();
                let mut mb = zero();
                // SAFETY: valid pointers.
                let ra = unsafe { dds::DealerParBin(t, &raw mut ma, dealer, vul) };
                let rb = call!("DealerParBin" as DealerBin, t, &raw mut mb, dealer, vul);
                assert_eq!((ra, rb), (1, 1));
                assert!(same(&ma, &mb), "DealerParBin {n} dealer {dealer} vul {vul}");
                let mut xa = [0 as std::ffi::c_char; 256];
                let mut xb = [0 as std::ffi::c_char; 256];
                // SAFETY: valid pointers, room for the text.
                let ra = unsafe { dds::ConvertToDealerTextFormat(&raw const ma, xa.as_mut_ptr()) };
                let rb = call!(
                    "ConvertToDealerTextFormat" as DealerText,
                    &raw const mb,
                    xb.as_mut_ptr()
                );
                assert_eq!((ra, rb), (1, 1));
                assert_eq!(xa, xb, "dealer text {n}");
                checked += 1;
            }
        }
    }
    println!(
        "par: {} tables, 4 vulnerabilities, {checked} dealer par calls and every sides call agree to the byte",
        tables.len()
    );
}

#[test]
fn played_hands_trace_as_dds_traces_them() {
    type Play = unsafe extern "C" fn(dds::Deal, PlayTraceBin, *mut SolvedPlay, i32) -> i32;
    type PlayPbn = unsafe extern "C" fn(dds::DealPBN, PlayTracePBN, *mut SolvedPlay, i32) -> i32;
    type AllPlays =
        unsafe extern "C" fn(*const Boards, *const PlayTracesBin, *mut SolvedPlays, i32) -> i32;
    let mut r = rng::seeded(66);
    let mut boards: Box<Boards> = Box::new(zero());
    let mut traces: Box<PlayTracesBin> = Box::new(zero());
    let hands = 40;
    for n in 0..hands {
        let start = random_position(&mut r, 13, if n % 5 == 4 { 2 } else { 0 });
        let mut p = start;
        let mut play: PlayTraceBin = zero();
        let cards = if n % 3 == 0 {
            52
        } else {
            rng::index(&mut r, 53)
        };
        while (play.number as usize) < cards && p.tricks_left() > 0 {
            let c = p.legal().choose(&mut r).expect("a card");
            (
                play.suit[play.number as usize],
                play.rank[play.number as usize],
            ) = dds_card(c);
            play.number += 1;
            p.play(c).expect("legal");
        }
        let dl = position(&start);
        let (mut a, mut b) = (zero(), zero());
        // SAFETY: valid pointers.
        let ra = unsafe { dds::AnalysePlayBin(dl, play, &raw mut a, 0) };
        let rb = call!("AnalysePlayBin" as Play, dl, play, &raw mut b, 0);
        assert_eq!((ra, rb), (1, 1), "hand {n}");
        assert_eq!(a.number, b.number, "hand {n}: values");
        let k = a.number.clamp(1, 53) as usize;
        assert_eq!(a.tricks[..k], b.tricks[..k], "hand {n}");
        // The PBN form.
        let deal = Deal::from_hands(BySeat::from_fn(|s| start.hand(s))).expect("disjoint");
        let mut dp = dds::DealPBN {
            trump: dl.trump,
            first: dl.first,
            currentTrickSuit: dl.currentTrickSuit,
            currentTrickRank: dl.currentTrickRank,
            remainCards: [0; 80],
        };
        for (i, c) in deal.pbn(Seat::North).to_string().bytes().enumerate() {
            dp.remainCards[i] = c as std::ffi::c_char;
        }
        let mut tp = PlayTracePBN {
            number: play.number,
            cards: [0; 106],
        };
        for i in 0..play.number as usize {
            tp.cards[2 * i] = b"SHDC"[play.suit[i] as usize] as std::ffi::c_char;
            tp.cards[2 * i + 1] = b"..23456789TJQKA"[play.rank[i] as usize] as std::ffi::c_char;
        }
        let mut c = zero();
        let rc = call!("AnalysePlayPBN" as PlayPbn, dp, tp, &raw mut c, 0);
        assert_eq!(rc, 1);
        assert_eq!(
            (c.number, &c.tricks[..k]),
            (b.number, &b.tricks[..k]),
            "hand {n}, PBN"
        );
        if n < 20 {
            boards.deals[n] = dl;
            traces.plays[n] = play;
        }
        // A card its player does not hold.
        if play.number > 1 {
            let mut bad = play;
            bad.rank[1] = if bad.rank[1] == 14 { 13 } else { 14 };
            bad.suit[1] = bad.suit[0];
            let mut x = zero();
            let mut y = zero();
            // SAFETY: valid pointers.
            let rx = unsafe { dds::AnalysePlayBin(dl, bad, &raw mut x, 0) };
            let ry = call!("AnalysePlayBin" as Play, dl, bad, &raw mut y, 0);
            if rx == -98 {
                assert_eq!(ry, -98, "hand {n}: a card not held");
            }
        }
    }
    boards.no_of_boards = 20;
    traces.no_of_boards = 20;
    let mut a: Box<SolvedPlays> = Box::new(zero());
    let mut b: Box<SolvedPlays> = Box::new(zero());
    // SAFETY: valid pointers.
    let ra =
        unsafe { dds::AnalyseAllPlaysBin(&raw const *boards, &raw const *traces, &raw mut *a, 1) };
    let rb = call!(
        "AnalyseAllPlaysBin" as AllPlays,
        &raw const *boards,
        &raw const *traces,
        &raw mut *b,
        1
    );
    assert_eq!((ra, rb), (1, 1));
    for k in 0..20 {
        let n = a.solved[k].number.clamp(1, 53) as usize;
        assert_eq!(
            (a.solved[k].number, &a.solved[k].tricks[..n]),
            (b.solved[k].number, &b.solved[k].tricks[..n]),
            "batch hand {k}"
        );
    }
    traces.no_of_boards = 19;
    let rb = call!(
        "AnalyseAllPlaysBin" as AllPlays,
        &raw const *boards,
        &raw const *traces,
        &raw mut *b,
        1
    );
    assert_eq!(rb, -1, "counts that differ");
    println!(
        "AnalysePlay: {hands} played hands, both forms, and a batch of 20: the same values as DDS"
    );
}

#[test]
fn info_and_messages() {
    type Info = unsafe extern "C" fn(*mut dds::DDSInfo);
    type Message = unsafe extern "C" fn(i32, *mut std::ffi::c_char);
    let mut info: dds::DDSInfo = zero();
    call!("GetDDSInfo" as Info, &raw mut info);
    assert_eq!((info.major, info.minor, info.patch), (3, 1, 0));
    assert!(info.noOfThreads >= 1);
    for code in [
        1, -1, -2, -3, -4, -5, -7, -8, -9, -10, -12, -13, -14, -15, -16, -17, -18, -19, -98, -99,
        -101, -102, -103, -104, -201, -202, -301, -401, -12345,
    ] {
        let mut a = [0 as std::ffi::c_char; 80];
        let mut b = [0 as std::ffi::c_char; 80];
        // SAFETY: 80 bytes each.
        unsafe { dds::ErrorMessage(code, a.as_mut_ptr()) };
        call!("ErrorMessage" as Message, code, b.as_mut_ptr());
        if code != -12345 {
            assert_eq!(a, b, "message of {code}");
        }
    }
}
