//! cardtree as libdds: DDS's C interface (the legacy interface of DDS 3.x, `dll.h`) over
//! cardtree's double-dummy solver, built as `libdds.so` and `libdds.a` with the header
//! `include/dds.h`.
//!
//! A thin layer: every answer comes from the core (the solver, [`query`], [`trace`], [`par`])
//! and the host (the [`SolverPool`] that runs batches and keeps a table a thread). What this
//! crate adds is DDS's encodings, checks, return codes and text, in
//!
//! - [`types`]: the structures, laid out as the header declares them;
//! - `convert`: DDS's encodings and checks, to cardtree's types;
//! - `solve`, `tables`, `play`, `par`: each family of calls;
//! - `threads`: the pool as `SetMaxThreads` and `SetResources` size it;
//! - [`codes`]: the return codes and `ErrorMessage`'s text.
//!
//! The exports below check every pointer and count before they touch memory: a null pointer,
//! a count past a limit or a bad card is a negative return code, and only the first
//! `noOfBoards` / `noOfTables` entries of an array are read or written. A panic never crosses
//! into C: each export catches it and returns `RETURN_UNKNOWN_FAULT`.
//!
//! [`query`]: cardtree::bridge::query
//! [`trace`]: cardtree::bridge::trace
//! [`par`]: cardtree::bridge::par
//! [`SolverPool`]: cardtree_host::bridge::solver_pool::SolverPool

// The C interface takes raw pointers; every use is in this file, each behind a check.
#![allow(unsafe_code)]
#![allow(non_snake_case)]

pub mod codes;
mod convert;
mod par;
mod play;
mod solve;
mod tables;
mod threads;
pub mod types;

use std::mem::{offset_of, size_of};
use std::panic::{AssertUnwindSafe, catch_unwind};

use cardtree::bridge::Strain;

use crate::convert::Code;
use crate::types::{
    DDSInfo, MAXNOOFBOARDS, MAXNOOFTABLES, allParResults, boards, boardsPBN, ddTableDeal,
    ddTableDealPBN, ddTableDeals, ddTableDealsPBN, ddTableResults, ddTablesRes, deal, dealPBN,
    futureTricks, parResultsDealer, parResultsMaster, playTraceBin, playTracePBN, playTracesBin,
    playTracesPBN, solvedBoards, solvedPlay, solvedPlays,
};

/// Runs `f`, turning its error, or a panic, into a return code.
fn guard(f: impl FnOnce() -> Result<(), Code>) -> i32 {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => codes::NO_FAULT,
        Ok(Err(code)) => code,
        Err(_) => codes::UNKNOWN_FAULT,
    }
}

/// The value at `offset` bytes into `base` (any alignment).
///
/// # Safety
/// `base + offset .. + size_of::<T>()` must be readable.
unsafe fn read<T: Copy, B>(base: *const B, offset: usize) -> T {
    // SAFETY: the caller vouches for the bytes read.
    unsafe {
        base.cast::<u8>()
            .wrapping_add(offset)
            .cast::<T>()
            .read_unaligned()
    }
}

/// Writes `value` at `offset` bytes into `base` (any alignment).
///
/// # Safety
/// `base + offset .. + size_of::<T>()` must be writable.
unsafe fn write<T, B>(base: *mut B, offset: usize, value: T) {
    // SAFETY: the caller vouches for the bytes written.
    unsafe {
        base.cast::<u8>()
            .wrapping_add(offset)
            .cast::<T>()
            .write_unaligned(value);
    }
}

/// A count read from C: `Err(code)` below 0 or above `max`.
fn count(n: i32, max: usize, code: Code) -> Result<usize, Code> {
    usize::try_from(n).ok().filter(|&n| n <= max).ok_or(code)
}

/// Null pointers are [`codes::UNKNOWN_FAULT`].
fn non_null<T>(p: *const T) -> Result<(), Code> {
    if p.is_null() {
        Err(codes::UNKNOWN_FAULT)
    } else {
        Ok(())
    }
}

/// A position from its PBN form.
fn deal_of_pbn(d: &dealPBN) -> Result<deal, Code> {
    convert::deal_from_pbn(
        d.trump,
        d.first,
        d.currentTrickSuit,
        d.currentTrickRank,
        &d.remainCards,
    )
}

// ---------------------------------------------------------------------------------------------
// Threads and memory

/// Sets the threads the batch calls use and `SolveBoard`'s thread indices allow:
/// `min(userThreads, cores)`, all cores for 0 (`SetResources(0, userThreads)`).
#[unsafe(no_mangle)]
pub extern "C" fn SetMaxThreads(userThreads: i32) {
    let _ = guard(|| threads::configure(0, userThreads));
}

/// Chooses a threading back end: 0 (none: batches run on the caller's thread) or 5 (threads,
/// the default); any other is `RETURN_THREAD_MISSING`.
#[unsafe(no_mangle)]
pub extern "C" fn SetThreading(code: i32) -> i32 {
    guard(|| threads::set_threading(code))
}

/// Sets the threads and the memory for their tables (each thread's table is at most 64 MiB;
/// `maxMemoryMB` can only make it smaller).
#[unsafe(no_mangle)]
pub extern "C" fn SetResources(maxMemoryMB: i32, maxThreads: i32) {
    let _ = guard(|| threads::configure(maxMemoryMB, maxThreads));
}

/// Frees the threads' tables (the next solves allocate them again).
#[unsafe(no_mangle)]
pub extern "C" fn FreeMemory() {
    let _ = guard(|| {
        threads::free_memory();
        Ok(())
    });
}

// ---------------------------------------------------------------------------------------------
// One position

/// Solves one position on the table of thread `threadIndex`.
///
/// # Safety
/// `futp` must be null or point to a writable `futureTricks`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn SolveBoard(
    dl: deal,
    target: i32,
    solutions: i32,
    mode: i32,
    futp: *mut futureTricks,
    threadIndex: i32,
) -> i32 {
    guard(|| {
        non_null(futp)?;
        let f = threads::on_thread(threadIndex, |t| {
            solve::solve_board(&dl, target, solutions, mode, t)
        })?;
        // SAFETY: checked non-null; the caller gives a whole futureTricks.
        unsafe { write(futp, 0, f) };
        Ok(())
    })
}

/// [`SolveBoard`] with the cards left as PBN.
///
/// # Safety
/// As [`SolveBoard`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn SolveBoardPBN(
    dlpbn: dealPBN,
    target: i32,
    solutions: i32,
    mode: i32,
    futp: *mut futureTricks,
    thrId: i32,
) -> i32 {
    guard(|| {
        non_null(futp)?;
        let dl = deal_of_pbn(&dlpbn)?;
        let f = threads::on_thread(thrId, |t| {
            solve::solve_board(&dl, target, solutions, mode, t)
        })?;
        // SAFETY: as in SolveBoard.
        unsafe { write(futp, 0, f) };
        Ok(())
    })
}

// ---------------------------------------------------------------------------------------------
// Tables

/// The double-dummy table of a deal (any hand size, all four the same).
///
/// # Safety
/// `tablep` must be null or point to a writable `ddTableResults`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn CalcDDtable(tableDeal: ddTableDeal, tablep: *mut ddTableResults) -> i32 {
    // SAFETY: passed through.
    guard(|| unsafe { dd_table(&tableDeal, tablep) })
}

/// The work of both `CalcDDtable` forms (the exports never call each other, so no other
/// library's symbol can stand in for one).
///
/// # Safety
/// As [`CalcDDtable`].
unsafe fn dd_table(table_deal: &ddTableDeal, tablep: *mut ddTableResults) -> Result<(), Code> {
    non_null(tablep)?;
    let deal = convert::table_deal(table_deal)?;
    // One table: its five strains over the pool's threads (as DDS spreads a table over its
    // threads).
    let strains = threads::batch(&Strain::ALL, |t, &s| tables::rows(&deal, &[s], t))?;
    let mut r = ddTableResults::default();
    for (s, row) in strains.into_iter().flatten() {
        r.resTable[s] = row;
    }
    // SAFETY: checked non-null.
    unsafe { write(tablep, 0, r) };
    Ok(())
}

/// [`CalcDDtable`] of a PBN deal.
///
/// # Safety
/// As [`CalcDDtable`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn CalcDDtablePBN(
    tableDealPBN: ddTableDealPBN,
    tablep: *mut ddTableResults,
) -> i32 {
    guard(|| {
        let cards = convert::pbn_holdings(&tableDealPBN.cards).ok_or(codes::PBN_FAULT)?;
        // SAFETY: passed through.
        unsafe { dd_table(&ddTableDeal { cards }, tablep) }
    })
}

/// The tables of many deals, in the strains `trumpFilter` keeps (`trumpFilter[s] != 0` leaves
/// strain `s` out), over every configured thread; with `mode` 0..3 (the vulnerability) and
/// every strain kept, the par of each (`Par`) too.
///
/// # Safety
/// `dealsp`, `trumpFilter` and `resp` must be null or valid for the tables given; `presp`
/// too when par is asked for.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn CalcAllTables(
    dealsp: *const ddTableDeals,
    mode: i32,
    trumpFilter: *const i32,
    resp: *mut ddTablesRes,
    presp: *mut allParResults,
) -> i32 {
    guard(|| {
        non_null(dealsp)?;
        non_null(trumpFilter)?;
        non_null(resp)?;
        // SAFETY: non-null; the count comes first.
        let n = unsafe { read::<i32, _>(dealsp, offset_of!(ddTableDeals, noOfTables)) };
        let n = count(n, MAXNOOFTABLES * 5, codes::TOO_MANY_TABLES)?;
        let mut deals = Vec::with_capacity(n);
        for k in 0..n {
            let at = offset_of!(ddTableDeals, deals) + k * size_of::<ddTableDeal>();
            // SAFETY: entry k < n of the caller's array.
            deals.push(unsafe { read::<ddTableDeal, _>(dealsp, at) });
        }
        // SAFETY: the filter is five ints.
        let filter: [i32; 5] = unsafe { read(trumpFilter, 0) };
        all_tables(&deals, mode, &filter, resp, presp)
    })
}

/// [`CalcAllTables`] of PBN deals.
///
/// # Safety
/// As [`CalcAllTables`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn CalcAllTablesPBN(
    dealsp: *const ddTableDealsPBN,
    mode: i32,
    trumpFilter: *const i32,
    resp: *mut ddTablesRes,
    presp: *mut allParResults,
) -> i32 {
    guard(|| {
        non_null(dealsp)?;
        non_null(trumpFilter)?;
        non_null(resp)?;
        // SAFETY: non-null; the count comes first.
        let n = unsafe { read::<i32, _>(dealsp, offset_of!(ddTableDealsPBN, noOfTables)) };
        let n = count(n, MAXNOOFTABLES * 5, codes::TOO_MANY_TABLES)?;
        let mut deals = Vec::with_capacity(n);
        for k in 0..n {
            let at = offset_of!(ddTableDealsPBN, deals) + k * size_of::<ddTableDealPBN>();
            // SAFETY: entry k < n of the caller's array.
            let d: ddTableDealPBN = unsafe { read(dealsp, at) };
            let cards = convert::pbn_holdings(&d.cards).ok_or(codes::PBN_FAULT)?;
            deals.push(ddTableDeal { cards });
        }
        // SAFETY: the filter is five ints.
        let filter: [i32; 5] = unsafe { read(trumpFilter, 0) };
        all_tables(&deals, mode, &filter, resp, presp)
    })
}

/// The work of both `CalcAllTables` forms once the deals are read.
fn all_tables(
    deals: &[ddTableDeal],
    mode: i32,
    filter: &[i32; 5],
    resp: *mut ddTablesRes,
    presp: *mut allParResults,
) -> Result<(), Code> {
    let strains = tables::kept(filter);
    if strains.is_empty() {
        return Err(codes::NO_SUIT);
    }
    if strains.len() * deals.len() > MAXNOOFTABLES * 5 {
        return Err(codes::TOO_MANY_TABLES);
    }
    let par_wanted = (0..4).contains(&mode) && strains.len() == 5;
    if par_wanted {
        non_null(presp)?;
    }
    let checked: Vec<_> = deals
        .iter()
        .map(convert::table_deal)
        .collect::<Result<_, _>>()?;
    // SAFETY: resp non-null (checked by the callers).
    unsafe { write(resp, offset_of!(ddTablesRes, noOfBoards), 0i32) };
    if checked.is_empty() {
        return Ok(());
    }
    let rows = threads::batch(&checked, |t, deal| tables::rows(deal, &strains, t))?;
    for (m, table_rows) in rows.iter().enumerate() {
        let base = offset_of!(ddTablesRes, results) + m * size_of::<ddTableResults>();
        for &(s, row) in table_rows {
            // SAFETY: result m < the tables given; row s of its table.
            unsafe { write(resp, base + s * size_of::<[i32; 4]>(), row) };
        }
    }
    let boards = (4 * strains.len() * deals.len()) as i32;
    // SAFETY: as above.
    unsafe { write(resp, offset_of!(ddTablesRes, noOfBoards), boards) };
    if par_wanted {
        for (m, table_rows) in rows.iter().enumerate() {
            let mut t = ddTableResults::default();
            for &(s, row) in table_rows {
                t.resTable[s] = row;
            }
            let p = par::par_text(&t, mode)?;
            let at = offset_of!(allParResults, presults) + m * size_of::<types::parResults>();
            // SAFETY: presp non-null; entry m < the tables given.
            unsafe { write(presp, at, p) };
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Batches

/// The positions of a batch: `(deal, target, solutions, mode)`.
type Board = (deal, i32, i32, i32);

/// Solves a batch and writes its answers.
///
/// # Safety
/// `solvedp` must be non-null and hold `boards.len()` answers.
unsafe fn solve_batch(boards: &[Board], solvedp: *mut solvedBoards) -> Result<(), Code> {
    let answers = threads::batch(boards, |t, (dl, target, solutions, mode)| {
        solve::solve_board(dl, *target, *solutions, *mode, t)
    })?;
    for (k, f) in answers.into_iter().enumerate() {
        let at = offset_of!(solvedBoards, solvedBoard) + k * size_of::<futureTricks>();
        // SAFETY: answer k < the boards given.
        unsafe { write(solvedp, at, f) };
    }
    // SAFETY: as above.
    unsafe {
        write(
            solvedp,
            offset_of!(solvedBoards, noOfBoards),
            boards.len() as i32,
        )
    };
    Ok(())
}

/// The boards of a `boards`.
///
/// # Safety
/// `bop` non-null, with the boards its count says.
unsafe fn boards_bin(bop: *const boards) -> Result<Vec<Board>, Code> {
    // SAFETY: the count first, then entries below it.
    let n = unsafe { read::<i32, _>(bop, offset_of!(boards, noOfBoards)) };
    let n = count(n, MAXNOOFBOARDS, codes::TOO_MANY_BOARDS)?;
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let int = |field: usize| -> i32 {
            // SAFETY: entry k of an int array of the struct.
            unsafe { read(bop, field + 4 * k) }
        };
        // SAFETY: entry k of the deals.
        let dl: deal = unsafe { read(bop, offset_of!(boards, deals) + k * size_of::<deal>()) };
        out.push((
            dl,
            int(offset_of!(boards, target)),
            int(offset_of!(boards, solutions)),
            int(offset_of!(boards, mode)),
        ));
    }
    Ok(out)
}

/// The boards of a `boardsPBN`.
///
/// # Safety
/// `bop` non-null, with the boards its count says.
unsafe fn boards_pbn(bop: *const boardsPBN) -> Result<Vec<Board>, Code> {
    // SAFETY: the count first, then entries below it.
    let n = unsafe { read::<i32, _>(bop, offset_of!(boardsPBN, noOfBoards)) };
    let n = count(n, MAXNOOFBOARDS, codes::TOO_MANY_BOARDS)?;
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let int = |field: usize| -> i32 {
            // SAFETY: entry k of an int array of the struct.
            unsafe { read(bop, field + 4 * k) }
        };
        let d: dealPBN =
            // SAFETY: entry k of the deals.
            unsafe { read(bop, offset_of!(boardsPBN, deals) + k * size_of::<dealPBN>()) };
        out.push((
            deal_of_pbn(&d)?,
            int(offset_of!(boardsPBN, target)),
            int(offset_of!(boardsPBN, solutions)),
            int(offset_of!(boardsPBN, mode)),
        ));
    }
    Ok(out)
}

/// Solves a batch of PBN positions over every configured thread.
///
/// # Safety
/// `bop` and `solvedp` must be null or hold the boards `bop` counts.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn SolveAllBoards(bop: *const boardsPBN, solvedp: *mut solvedBoards) -> i32 {
    // SAFETY: passed through.
    guard(|| unsafe { solve_all_pbn(bop, solvedp) })
}

/// The work of the PBN batch calls.
///
/// # Safety
/// As [`SolveAllBoards`].
unsafe fn solve_all_pbn(bop: *const boardsPBN, solvedp: *mut solvedBoards) -> Result<(), Code> {
    non_null(bop)?;
    non_null(solvedp)?;
    // SAFETY: non-null; sizes as the caller vouches.
    unsafe {
        let b = boards_pbn(bop)?;
        solve_batch(&b, solvedp)
    }
}

/// The work of the binary batch calls.
///
/// # Safety
/// As [`SolveAllBoards`].
unsafe fn solve_all_bin(bop: *const boards, solvedp: *mut solvedBoards) -> Result<(), Code> {
    non_null(bop)?;
    non_null(solvedp)?;
    // SAFETY: non-null; sizes as the caller vouches.
    unsafe {
        let b = boards_bin(bop)?;
        solve_batch(&b, solvedp)
    }
}

/// Solves a batch of positions over every configured thread.
///
/// # Safety
/// As [`SolveAllBoards`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn SolveAllBoardsBin(bop: *const boards, solvedp: *mut solvedBoards) -> i32 {
    // SAFETY: passed through.
    guard(|| unsafe { solve_all_bin(bop, solvedp) })
}

/// [`SolveAllBoards`]; the chunk size (at least 1) is not used.
///
/// # Safety
/// As [`SolveAllBoards`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn SolveAllChunks(
    bop: *const boardsPBN,
    solvedp: *mut solvedBoards,
    chunkSize: i32,
) -> i32 {
    if chunkSize < 1 {
        return codes::CHUNK_SIZE;
    }
    // SAFETY: passed through.
    guard(|| unsafe { solve_all_pbn(bop, solvedp) })
}

/// [`SolveAllBoards`]; the chunk size (at least 1) is not used.
///
/// # Safety
/// As [`SolveAllBoards`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn SolveAllChunksPBN(
    bop: *const boardsPBN,
    solvedp: *mut solvedBoards,
    chunkSize: i32,
) -> i32 {
    if chunkSize < 1 {
        return codes::CHUNK_SIZE;
    }
    // SAFETY: passed through.
    guard(|| unsafe { solve_all_pbn(bop, solvedp) })
}

/// [`SolveAllBoardsBin`]; the chunk size (at least 1) is not used.
///
/// # Safety
/// As [`SolveAllBoards`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn SolveAllChunksBin(
    bop: *const boards,
    solvedp: *mut solvedBoards,
    chunkSize: i32,
) -> i32 {
    if chunkSize < 1 {
        return codes::CHUNK_SIZE;
    }
    // SAFETY: passed through.
    guard(|| unsafe { solve_all_bin(bop, solvedp) })
}

// ---------------------------------------------------------------------------------------------
// Par

/// The par of a table for `dealer` (0..3) as text.
///
/// # Safety
/// `tablep` and `presp` must be null or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn DealerPar(
    tablep: *const ddTableResults,
    presp: *mut parResultsDealer,
    dealer: i32,
    vulnerable: i32,
) -> i32 {
    guard(|| {
        let t = par_table(tablep)?;
        non_null(presp)?;
        let r = par::dealer_par(&t, dealer, vulnerable)?;
        // SAFETY: non-null.
        unsafe { write(presp, 0, r) };
        Ok(())
    })
}

/// The par of a table for `dealer` (0..3) as numbers.
///
/// # Safety
/// As [`DealerPar`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn DealerParBin(
    tablep: *const ddTableResults,
    presp: *mut parResultsMaster,
    dealer: i32,
    vulnerable: i32,
) -> i32 {
    guard(|| {
        let t = par_table(tablep)?;
        non_null(presp)?;
        let r = par::dealer_par_bin(&t, dealer, vulnerable)?;
        // SAFETY: non-null.
        unsafe { write(presp, 0, r) };
        Ok(())
    })
}

/// `DealerParBin`'s result as text (`Par -420: EW 4S`), written to `resp` as DDS writes it (the
/// caller's buffer must hold it, as with DDS: about 20 bytes and 20 more a contract).
///
/// # Safety
/// `pres` must be null or valid; `resp` null or large enough.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ConvertToDealerTextFormat(
    pres: *const parResultsMaster,
    resp: *mut u8,
) -> i32 {
    guard(|| {
        non_null(pres)?;
        non_null(resp)?;
        // SAFETY: non-null.
        let p: parResultsMaster = unsafe { read(pres, 0) };
        let text = par::dealer_text_format(&p).ok_or(codes::UNKNOWN_FAULT)?;
        for (i, &b) in text.iter().chain(&[0u8]).enumerate() {
            // SAFETY: the caller's buffer holds DDS's text, which this is.
            unsafe { write(resp, i, b) };
        }
        Ok(())
    })
}

/// The par of a table with each side bidding first, as text (`NS 420`, `NS:NS 4S`).
///
/// # Safety
/// `tablep` and `presp` must be null or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn Par(
    tablep: *const ddTableResults,
    presp: *mut types::parResults,
    vulnerable: i32,
) -> i32 {
    guard(|| {
        let t = par_table(tablep)?;
        non_null(presp)?;
        let r = par::par_text(&t, vulnerable)?;
        // SAFETY: non-null.
        unsafe { write(presp, 0, r) };
        Ok(())
    })
}

/// A par call's table: [`codes::PAR_TABLE_FAULT`] for a null pointer, as DDS 3.1 says.
fn par_table(tablep: *const ddTableResults) -> Result<ddTableResults, Code> {
    if tablep.is_null() {
        return Err(codes::PAR_TABLE_FAULT);
    }
    // SAFETY: non-null.
    Ok(unsafe { read(tablep, 0) })
}

/// The table of a deal, then its [`Par`].
///
/// # Safety
/// `tablep` and `presp` must be null or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn CalcPar(
    tableDeal: ddTableDeal,
    vulnerable: i32,
    tablep: *mut ddTableResults,
    presp: *mut types::parResults,
) -> i32 {
    // SAFETY: passed through.
    guard(|| unsafe { calc_par(&tableDeal, vulnerable, tablep, presp) })
}

/// [`CalcPar`] of a PBN deal.
///
/// # Safety
/// As [`CalcPar`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn CalcParPBN(
    tableDealPBN: ddTableDealPBN,
    tablep: *mut ddTableResults,
    vulnerable: i32,
    presp: *mut types::parResults,
) -> i32 {
    guard(|| {
        let cards = convert::pbn_holdings(&tableDealPBN.cards).ok_or(codes::PBN_FAULT)?;
        // SAFETY: passed through.
        unsafe { calc_par(&ddTableDeal { cards }, vulnerable, tablep, presp) }
    })
}

/// The work of both `CalcPar` forms.
///
/// # Safety
/// As [`CalcPar`].
unsafe fn calc_par(
    table_deal: &ddTableDeal,
    vulnerable: i32,
    tablep: *mut ddTableResults,
    presp: *mut types::parResults,
) -> Result<(), Code> {
    // SAFETY: passed through.
    unsafe { dd_table(table_deal, tablep)? };
    let t = par_table(tablep)?;
    non_null(presp)?;
    let r = par::par_text(&t, vulnerable)?;
    // SAFETY: non-null.
    unsafe { write(presp, 0, r) };
    Ok(())
}

/// The par with each side bidding first, as `DealerPar` writes contracts; `sidesRes` holds
/// two.
///
/// # Safety
/// `tablep` null or valid; `sidesRes` null or two `parResultsDealer`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn SidesPar(
    tablep: *const ddTableResults,
    sidesRes: *mut parResultsDealer,
    vulnerable: i32,
) -> i32 {
    guard(|| {
        let t = par_table(tablep)?;
        non_null(sidesRes)?;
        let r = par::sides_par_text(&t, vulnerable)?;
        // SAFETY: non-null, two entries.
        unsafe { write(sidesRes, 0, r) };
        Ok(())
    })
}

/// The par with each side bidding first, as numbers; `sidesRes` holds two.
///
/// # Safety
/// `tablep` null or valid; `sidesRes` null or two `parResultsMaster`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn SidesParBin(
    tablep: *const ddTableResults,
    sidesRes: *mut parResultsMaster,
    vulnerable: i32,
) -> i32 {
    guard(|| {
        let t = par_table(tablep)?;
        non_null(sidesRes)?;
        let r = par::sides_par_bin(&t, vulnerable)?;
        // SAFETY: non-null, two entries.
        unsafe { write(sidesRes, 0, r) };
        Ok(())
    })
}

/// `SidesParBin`'s two results (`pres` holds two) as text, and whether they are the same.
///
/// # Safety
/// `pres` null or two `parResultsMaster`; `resp` null or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ConvertToSidesTextFormat(
    pres: *const parResultsMaster,
    resp: *mut types::parTextResults,
) -> i32 {
    guard(|| {
        non_null(pres)?;
        non_null(resp)?;
        // SAFETY: non-null, two entries.
        let p: [parResultsMaster; 2] = unsafe { read(pres, 0) };
        let r = par::sides_text_format(&p).ok_or(codes::UNKNOWN_FAULT)?;
        // SAFETY: non-null.
        unsafe { write(resp, 0, r) };
        Ok(())
    })
}

// ---------------------------------------------------------------------------------------------
// Played hands

/// The double-dummy value before each card of a played hand (DDS's count: one more than the
/// cards analysed, never into the last trick, so at most 49), on thread `thrId`'s table.
///
/// # Safety
/// `solved` must be null or point to a writable `solvedPlay`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn AnalysePlayBin(
    dl: deal,
    play: playTraceBin,
    solved: *mut solvedPlay,
    thrId: i32,
) -> i32 {
    guard(|| {
        non_null(solved)?;
        let r = threads::on_thread(thrId, |t| play::analyse_play(&dl, &play, t))?;
        // SAFETY: non-null.
        unsafe { write(solved, 0, r) };
        Ok(())
    })
}

/// [`AnalysePlayBin`] of a PBN deal and trace.
///
/// # Safety
/// As [`AnalysePlayBin`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn AnalysePlayPBN(
    dlPBN: dealPBN,
    playPBN: playTracePBN,
    solvedp: *mut solvedPlay,
    thrId: i32,
) -> i32 {
    guard(|| {
        non_null(solvedp)?;
        let dl = deal_of_pbn(&dlPBN)?;
        let trace = play::trace_from_pbn(&playPBN)?;
        let r = threads::on_thread(thrId, |t| play::analyse_play(&dl, &trace, t))?;
        // SAFETY: non-null.
        unsafe { write(solvedp, 0, r) };
        Ok(())
    })
}

/// Analyses a batch of played hands over every configured thread.
///
/// # Safety
/// The three pointers must be null or hold the boards `bop` counts.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn AnalyseAllPlaysBin(
    bop: *const boards,
    plp: *const playTracesBin,
    solvedp: *mut solvedPlays,
    chunkSize: i32,
) -> i32 {
    let _ = chunkSize;
    guard(|| {
        non_null(bop)?;
        non_null(plp)?;
        non_null(solvedp)?;
        // SAFETY: non-null; sizes as the caller vouches.
        let b = unsafe { boards_bin(bop)? };
        // SAFETY: as above.
        let traces = unsafe { traces_of(plp, b.len(), |t: playTraceBin| Ok(t))? };
        // SAFETY: as above.
        unsafe { analyse_batch(&b, &traces, solvedp) }
    })
}

/// [`AnalyseAllPlaysBin`] of PBN deals and traces.
///
/// # Safety
/// As [`AnalyseAllPlaysBin`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn AnalyseAllPlaysPBN(
    bopPBN: *const boardsPBN,
    plpPBN: *const playTracesPBN,
    solvedp: *mut solvedPlays,
    chunkSize: i32,
) -> i32 {
    let _ = chunkSize;
    guard(|| {
        non_null(bopPBN)?;
        non_null(plpPBN)?;
        non_null(solvedp)?;
        // SAFETY: non-null; sizes as the caller vouches.
        let b = unsafe { boards_pbn(bopPBN)? };
        // SAFETY: as above.
        let traces =
            unsafe { traces_of(plpPBN, b.len(), |t: playTracePBN| play::trace_from_pbn(&t))? };
        // SAFETY: as above.
        unsafe { analyse_batch(&b, &traces, solvedp) }
    })
}

/// The traces of a traces struct (`noOfBoards` first, then the traces), which must count
/// `boards`.
///
/// # Safety
/// `p` non-null, with the traces its count says.
unsafe fn traces_of<S: Copy, B>(
    p: *const B,
    boards: usize,
    convert: impl Fn(S) -> Result<playTraceBin, Code>,
) -> Result<Vec<playTraceBin>, Code> {
    // SAFETY: the count first.
    let n: i32 = unsafe { read(p, 0) };
    if usize::try_from(n).ok() != Some(boards) {
        return Err(codes::UNKNOWN_FAULT);
    }
    // The traces start after the count, at the trace's alignment (4 for both forms).
    (0..boards)
        .map(|k| {
            // SAFETY: trace k < the count.
            let t: S = unsafe { read(p, 4 + k * size_of::<S>()) };
            convert(t)
        })
        .collect()
}

/// Analyses a batch of played hands and writes the values.
///
/// # Safety
/// `solvedp` non-null, holding `boards.len()` results.
unsafe fn analyse_batch(
    boards: &[Board],
    traces: &[playTraceBin],
    solvedp: *mut solvedPlays,
) -> Result<(), Code> {
    let items: Vec<(deal, playTraceBin)> =
        boards.iter().zip(traces).map(|(b, t)| (b.0, *t)).collect();
    let results = threads::batch(&items, |table, (dl, trace)| {
        play::analyse_play(dl, trace, table)
    })?;
    for (k, r) in results.into_iter().enumerate() {
        let at = offset_of!(solvedPlays, solved) + k * size_of::<solvedPlay>();
        // SAFETY: result k < the boards given.
        unsafe { write(solvedp, at, r) };
    }
    // SAFETY: as above.
    unsafe {
        write(
            solvedp,
            offset_of!(solvedPlays, noOfBoards),
            boards.len() as i32,
        )
    };
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// About the library

/// Fills `info`: the interface's version (DDS 3.1.0), this machine and the threads.
///
/// # Safety
/// `info` must be null or point to a writable `DDSInfo`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn GetDDSInfo(info: *mut DDSInfo) {
    let _ = guard(|| {
        non_null(info)?;
        let pool = threads::pool()?;
        let mut d = DDSInfo {
            major: 3,
            minor: 1,
            patch: 0,
            versionString: [0; 10],
            system: if cfg!(target_os = "windows") {
                1
            } else if cfg!(target_os = "macos") {
                4
            } else {
                3
            },
            numBits: usize::BITS as i32,
            compiler: 0,
            constructor: 0,
            numCores: std::thread::available_parallelism().map_or(1, |n| n.get() as i32),
            threading: threads::threading(),
            noOfThreads: pool.threads() as i32,
            threadSizes: [0; 128],
            systemString: [0; 1024],
        };
        copy_text(&mut d.versionString, "3.1.0");
        copy_text(
            &mut d.threadSizes,
            &format!("{} x {} MiB", pool.threads(), pool.table_mib()),
        );
        copy_text(
            &mut d.systemString,
            &format!(
                "cardtree {} as libdds (DDS 3.1 interface)\nSolver: cardtree's double-dummy solver\nThreads: {} ({} MiB table each)\n",
                env!("CARGO_PKG_VERSION"),
                pool.threads(),
                pool.table_mib()
            ),
        );
        // SAFETY: non-null.
        unsafe { write(info, 0, d) };
        Ok(())
    });
}

/// `text` into `buf`, cut to fit with its NUL.
fn copy_text(buf: &mut [u8], text: &str) {
    let n = text.len().min(buf.len().saturating_sub(1));
    buf[..n].copy_from_slice(&text.as_bytes()[..n]);
    if let Some(b) = buf.get_mut(n) {
        *b = 0;
    }
}

/// The message of a return code, in `line` (80 bytes).
///
/// # Safety
/// `line` must be null or hold 80 bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ErrorMessage(code: i32, line: *mut u8) {
    if line.is_null() {
        return;
    }
    let mut buf = [0u8; 80];
    copy_text(&mut buf, codes::message(code));
    // SAFETY: non-null, 80 bytes.
    unsafe { write(line, 0, buf) };
}
