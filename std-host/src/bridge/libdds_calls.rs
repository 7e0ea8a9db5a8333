//! A libdds's calls as `cardtree bridge libdds` times them ([`bench_libdds`](super::bench_libdds)):
//! loading a library by path (or taking the linked DDS), and its two batch calls
//! (`CalcAllTablesPBN`, `SolveAllBoards`) over a workload, with DDS's structures built and read.

#![allow(unsafe_code)]

use std::path::Path;

use cardtree::bridge::{BridgePlay, Deal, Seat};
use dds_bridge_sys as dds;
use libloading::Library;
use web_time::Instant;

use crate::error::Error;

pub(crate) type CalcAll = unsafe extern "C" fn(
    *const dds::DdTableDealsPBN,
    i32,
    *const i32,
    *mut dds::DdTablesRes,
    *mut dds::AllParResults,
) -> i32;
pub(crate) type SolveAll =
    unsafe extern "C" fn(*const dds::BoardsPBN, *mut dds::SolvedBoards) -> i32;
pub(crate) type SetThreads = unsafe extern "C" fn(i32);
pub(crate) type AnalysePlay =
    unsafe extern "C" fn(dds::Deal, dds::PlayTraceBin, *mut dds::SolvedPlay, i32) -> i32;

/// A library's three entry points (and the library, kept loaded).
pub(crate) struct Entry {
    pub(crate) name: String,
    set_threads: SetThreads,
    calc_all: CalcAll,
    solve_all: SolveAll,
    analyse_play: AnalysePlay,
    _lib: Option<Library>,
}

impl Entry {
    /// `SetMaxThreads(n)`.
    pub(crate) fn set_max_threads(&self, n: usize) {
        // SAFETY: DDS's SetMaxThreads takes any int.
        unsafe { (self.set_threads)(i32::try_from(n).unwrap_or(0)) };
    }
}

/// DDS's `CalcDDtablePBN`, one deal a call, each table checked against `want`; the seconds.
pub(crate) fn one_deal_a_call(deals: &[Deal], want: &[Rows]) -> Result<f64, Error> {
    let start = Instant::now();
    for (d, want) in deals.iter().zip(want) {
        let mut t = zeroed::<dds::DdTableResults>();
        let td = dds::DdTableDealPBN { cards: pbn_text(d) };
        // SAFETY: whole structures.
        let rc = unsafe { dds::CalcDDtablePBN(td, &raw mut *t) };
        if rc != 1 || t.res_table != *want {
            return Err(invalid!(
                "DDS's CalcDDtablePBN: code {rc}, or a table that differs"
            ));
        }
    }
    Ok(start.elapsed().as_secs_f64())
}

pub(crate) fn load(path: &Path, name: String) -> Result<Entry, Error> {
    let what = || format!("{}", path.display());
    // SAFETY: a libdds, whose load runs at most its own set-up.
    let lib = unsafe { Library::new(path) }.map_err(|e| invalid!("cannot load {}: {e}", what()))?;
    // SAFETY: the symbols have DDS's signatures.
    unsafe {
        let set_threads = *lib
            .get::<SetThreads>(b"SetMaxThreads\0")
            .map_err(|e| invalid!("{}: {e}", what()))?;
        let calc_all = *lib
            .get::<CalcAll>(b"CalcAllTablesPBN\0")
            .map_err(|e| invalid!("{}: {e}", what()))?;
        let solve_all = *lib
            .get::<SolveAll>(b"SolveAllBoards\0")
            .map_err(|e| invalid!("{}: {e}", what()))?;
        let analyse_play = *lib
            .get::<AnalysePlay>(b"AnalysePlayBin\0")
            .map_err(|e| invalid!("{}: {e}", what()))?;
        Ok(Entry {
            name,
            set_threads,
            calc_all,
            solve_all,
            analyse_play,
            _lib: Some(lib),
        })
    }
}

pub(crate) fn linked() -> Entry {
    Entry {
        name: "DDS 3.1 (linked; it runs a batch on the calling thread)".into(),
        set_threads: dds::SetMaxThreads,
        calc_all: dds::CalcAllTablesPBN,
        solve_all: dds::SolveAllBoards,
        analyse_play: dds::AnalysePlayBin,
        _lib: None,
    }
}

/// A structure of zeros (DDS's big structures have no `Default`).
pub(crate) fn zeroed<T>() -> Box<T> {
    // SAFETY: plain integers and characters, for which zero is valid; allocated on the heap
    // as the structures are large.
    unsafe {
        let layout = std::alloc::Layout::new::<T>();
        let p = std::alloc::alloc_zeroed(layout).cast::<T>();
        if p.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Box::from_raw(p)
    }
}

pub(crate) fn pbn_text(deal: &Deal) -> [std::ffi::c_char; 80] {
    text(&deal.pbn(Seat::North).to_string())
}

/// A NUL-terminated PBN text of at most 79 bytes.
fn text(s: &str) -> [std::ffi::c_char; 80] {
    let mut b = [0; 80];
    for (i, c) in s.bytes().take(79).enumerate() {
        b[i] = c as std::ffi::c_char;
    }
    b
}

/// `rows[strain][hand]` of one table.
pub(crate) type Rows = [[i32; 4]; 5];

/// The tables of `deals` by `e`, 40 a call, and the seconds it took.
pub(crate) fn tables(e: &Entry, deals: &[Deal]) -> Result<(Vec<Rows>, f64), Error> {
    let calls: Vec<Box<dds::DdTableDealsPBN>> = deals
        .chunks(40)
        .map(|chunk| {
            let mut t = zeroed::<dds::DdTableDealsPBN>();
            t.no_of_tables = chunk.len() as i32;
            for (k, d) in chunk.iter().enumerate() {
                t.deals[k].cards = pbn_text(d);
            }
            t
        })
        .collect();
    let run = |call: &dds::DdTableDealsPBN| -> Result<Vec<Rows>, Error> {
        let mut res = zeroed::<dds::DdTablesRes>();
        let mut par = zeroed::<dds::AllParResults>();
        let filter = [0i32; 5];
        // SAFETY: whole structures, as DDS declares them.
        let rc = unsafe { (e.calc_all)(call, -1, filter.as_ptr(), &raw mut *res, &raw mut *par) };
        if rc != 1 {
            return Err(invalid!("{}: CalcAllTablesPBN returned {rc}", e.name));
        }
        Ok((0..call.no_of_tables as usize)
            .map(|k| res.results[k].res_table)
            .collect())
    };
    let start = Instant::now();
    let out = calls
        .iter()
        .map(|c| run(c))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((
        out.into_iter().flatten().collect(),
        start.elapsed().as_secs_f64(),
    ))
}

/// `AnalysePlayBin` of the hand played `play` from `start` (the opening lead), on thread 0:
/// the values DDS's way (at most 49) and the seconds of the call.
pub(crate) fn analyse_play(
    e: &Entry,
    start: &BridgePlay,
    play: &[cardtree::Card],
) -> Result<(Vec<i32>, f64), Error> {
    let mut deal = dds::Deal {
        trump: match start.strain().trump() {
            Some(s) => 3 - s as i32,
            None => 4,
        },
        first: start.leader() as i32,
        currentTrickSuit: [0; 3],
        currentTrickRank: [0; 3],
        remainCards: [[0; 4]; 4],
    };
    for seat in Seat::ALL {
        for (i, &suit) in cardtree::Suit::PBN_ORDER.iter().enumerate() {
            deal.remainCards[seat as usize][i] = u32::from(start.hand(seat).suit_ranks(suit)) << 2;
        }
    }
    let mut trace = dds::PlayTraceBin {
        number: 0,
        suit: [0; 52],
        rank: [0; 52],
    };
    for (i, c) in play.iter().take(52).enumerate() {
        trace.suit[i] = 3 - c.suit() as i32;
        trace.rank[i] = c.rank() as i32 + 2;
        trace.number = i as i32 + 1;
    }
    let mut solved = dds::SolvedPlay {
        number: 0,
        tricks: [0; 53],
    };
    let begin = Instant::now();
    // SAFETY: the structures are DDS's, owned here for the call.
    let rc = unsafe { (e.analyse_play)(deal, trace, &raw mut solved, 0) };
    let secs = begin.elapsed().as_secs_f64();
    if rc != 1 {
        return Err(invalid!("{}: AnalysePlayBin returned {rc}", e.name));
    }
    let n = solved.number.clamp(0, 53) as usize;
    Ok((solved.tricks[..n].to_vec(), secs))
}

/// One of BEN's positions: the position, and the solutions asked (1 or 3).
pub(crate) struct Position {
    /// The position.
    pub(crate) play: BridgePlay,
    /// The solutions asked.
    pub(crate) solutions: i32,
}

fn dds_deal(p: &BridgePlay) -> dds::DealPBN {
    let hands = Seat::ALL.map(|s| p.hand(s).pbn_hand(false).to_string());
    let mut d = dds::DealPBN {
        trump: match p.strain().trump() {
            Some(s) => 3 - s as i32,
            None => 4,
        },
        first: p.leader() as i32,
        currentTrickSuit: [0; 3],
        currentTrickRank: [0; 3],
        remainCards: text(&format!("N:{}", hands.join(" "))),
    };
    for (k, c) in p.trick().iter().enumerate() {
        d.currentTrickSuit[k] = 3 - c.suit() as i32;
        d.currentTrickRank[k] = c.rank() as i32 + 2;
    }
    d
}

/// An answer as (card, score) of every card listed, groups expanded, sorted.
pub(crate) type Answer = Vec<((i32, i32), i32)>;

fn expand(f: &dds::FutureTricks) -> Answer {
    let mut out = Vec::new();
    for i in 0..f.cards.clamp(0, 13) as usize {
        out.push(((f.suit[i], f.rank[i]), f.score[i]));
        for r in 2..=14 {
            if f.equals[i] & (1 << r) != 0 {
                out.push(((f.suit[i], r), f.score[i]));
            }
        }
    }
    out.sort_unstable();
    out
}

/// BEN's batches by `e`: each answer (for solutions 1 the score only), the trick nodes and the
/// seconds.
pub(crate) fn ben(e: &Entry, positions: &[Position]) -> Result<(Vec<Answer>, u64, f64), Error> {
    let calls: Vec<Box<dds::BoardsPBN>> = positions
        .chunks(200)
        .map(|chunk| {
            let mut b = zeroed::<dds::BoardsPBN>();
            b.no_of_boards = chunk.len() as i32;
            for (k, p) in chunk.iter().enumerate() {
                b.deals[k] = dds_deal(&p.play);
                b.target[k] = -1;
                b.solutions[k] = p.solutions;
                b.mode[k] = 1;
            }
            b
        })
        .collect();
    let run = |call: &dds::BoardsPBN| -> Result<(Vec<Answer>, u64), Error> {
        let mut solved = zeroed::<dds::SolvedBoards>();
        // SAFETY: whole structures, as DDS declares them.
        let rc = unsafe { (e.solve_all)(call, &raw mut *solved) };
        if rc != 1 {
            return Err(invalid!("{}: SolveAllBoards returned {rc}", e.name));
        }
        let n = call.no_of_boards as usize;
        let mut nodes = 0u64;
        let answers = (0..n)
            .map(|k| {
                let f = &solved.solved_board[k];
                nodes += u64::try_from(f.nodes).unwrap_or(0);
                if call.solutions[k] == 1 {
                    vec![((0, 0), f.score[0])]
                } else {
                    expand(f)
                }
            })
            .collect();
        Ok((answers, nodes))
    };
    let start = Instant::now();
    let out = calls
        .iter()
        .map(|c| run(c))
        .collect::<Result<Vec<_>, _>>()?;
    let secs = start.elapsed().as_secs_f64();
    let nodes = out.iter().map(|(_, n)| n).sum();
    Ok((out.into_iter().flat_map(|(a, _)| a).collect(), nodes, secs))
}
