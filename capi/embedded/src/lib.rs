//! cardtree's double-dummy solver behind a C interface, for a microcontroller: a `no_std`
//! static library with no allocator, declared by `include/cardtree.h`.
//!
//! A thin layer over the core: [`pbn::parse`] reads the deal, [`BridgePlay`] checks the
//! position, [`solve`] and [`dd_table`] answer, and the solver's [`TransTable`] lives over
//! lines the caller gives. What this file adds is the C structures, the checks of what C
//! hands in (null pointers, alignment, indices) and the return codes; nothing here panics on
//! any argument, and the panic handler (for a bug) traps into the caller's fault handler.
//!
//! The layout of every structure is checked at compile time against the numbers the header's
//! `_Static_assert`s hold, so Rust and C agree on every target this builds for.
//!
//! [`pbn::parse`]: cardtree::bridge::pbn::parse

#![no_std]
// The C interface takes raw pointers; each use is behind a check and a SAFETY note.
#![allow(unsafe_code)]
#![allow(non_camel_case_types)]

use core::ffi::{CStr, c_char};
use core::fmt::{self, Write};
use core::mem::{align_of, offset_of, size_of};

use cardtree::Card;
use cardtree::bridge::pbn::{self, SizeRule};
use cardtree::bridge::{BridgePlay, Deal, Seat, Strain, TransTable, TtLine, dd_table, solve};

/// `CT_OK`.
pub const CT_OK: i32 = 0;
/// `CT_E_NULL`: a pointer argument is null.
pub const CT_E_NULL: i32 = -1;
/// `CT_E_MEMORY`: lines not 64-byte aligned, or a solver not initialised.
pub const CT_E_MEMORY: i32 = -2;
/// `CT_E_DEAL`: the deal is not PBN text cardtree reads.
pub const CT_E_DEAL: i32 = -3;
/// `CT_E_STRAIN`: a strain past 4.
pub const CT_E_STRAIN: i32 = -4;
/// `CT_E_SEAT`: a seat past 3.
pub const CT_E_SEAT: i32 = -5;
/// `CT_E_CARD`: a card index past 51, or a trick longer than 3 cards.
pub const CT_E_CARD: i32 = -6;
/// `CT_E_POSITION`: hand sizes, a card both played and held, a revoke.
pub const CT_E_POSITION: i32 = -7;

/// `ct_solver`: the state the caller owns, 256 bytes, 8-aligned.
#[repr(C)]
#[derive(Debug)]
pub struct ct_solver {
    opaque: [u64; 32],
}

/// `ct_position`.
#[repr(C)]
#[derive(Debug)]
pub struct ct_position {
    deal: *const c_char,
    strain: u8,
    leader: u8,
    trick_len: u8,
    trick: [u8; 3],
}

/// `ct_solution`.
#[repr(C)]
#[derive(Debug)]
pub struct ct_solution {
    count: u8,
    cards: [u8; 13],
    tricks: [u8; 13],
    best: u8,
    tests: u32,
    nodes: u64,
    tricks_searched: u64,
}

/// `ct_dd_table`.
#[repr(C)]
#[derive(Debug)]
pub struct ct_dd_table {
    tricks: [[u8; 4]; 5],
    tests: u32,
    nodes: u64,
}

/// `ct_table_stats`.
#[repr(C)]
#[derive(Debug)]
pub struct ct_table_stats {
    lookups: u64,
    hits: u64,
    stores: u64,
    replaced: u64,
    harvests: u64,
    resets: u64,
    blocks_used: u32,
    lines: u32,
}

// The header's `_Static_assert`s, on the Rust side.
const _: () = {
    assert!(size_of::<ct_solver>() == 256 && align_of::<ct_solver>() >= 4);
    assert!(offset_of!(ct_position, strain) == size_of::<*const c_char>());
    assert!(offset_of!(ct_position, trick) == size_of::<*const c_char>() + 3);
    assert!(offset_of!(ct_solution, best) == 27);
    assert!(offset_of!(ct_solution, tests) == 28);
    assert!(offset_of!(ct_solution, nodes) == 32);
    assert!(size_of::<ct_solution>() == 48);
    assert!(offset_of!(ct_dd_table, tests) == 20);
    assert!(offset_of!(ct_dd_table, nodes) == 24);
    assert!(size_of::<ct_dd_table>() == 32);
    assert!(offset_of!(ct_table_stats, blocks_used) == 48);
    assert!(size_of::<ct_table_stats>() == 56);
    assert!(size_of::<TtLine>() == 64 && align_of::<TtLine>() == 64);
};

/// What lives in a [`ct_solver`]: a mark that it was initialised, and the table over the
/// caller's lines.
struct State {
    magic: u32,
    table: TransTable<&'static mut [TtLine]>,
}

const _: () = assert!(
    size_of::<State>() <= size_of::<ct_solver>() && align_of::<State>() <= align_of::<ct_solver>()
);

/// "cardtree": the mark of an initialised [`State`].
const MAGIC: u32 = 0xCA4D_7EE0;

/// An error: its code, and its reason when there is one to give.
enum Refusal {
    Code(i32),
    Deal(pbn::PbnError),
    Utf8,
    Position(cardtree::bridge::PositionError),
}

impl Refusal {
    const fn code(&self) -> i32 {
        match self {
            Refusal::Code(c) => *c,
            Refusal::Deal(_) | Refusal::Utf8 => CT_E_DEAL,
            Refusal::Position(_) => CT_E_POSITION,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Code(c) => f.write_str(message(*c).to_str().unwrap_or("")),
            Refusal::Deal(e) => write!(f, "deal: {e}"),
            Refusal::Utf8 => f.write_str("deal: not UTF-8 text"),
            Refusal::Position(e) => write!(f, "position: {e}"),
        }
    }
}

/// `ct_error_message`'s text.
const fn message(code: i32) -> &'static CStr {
    match code {
        CT_OK => c"ok",
        CT_E_NULL => c"a pointer argument is null",
        CT_E_MEMORY => c"the lines are not 64-byte aligned, or the solver was not initialised",
        CT_E_DEAL => c"the deal is not PBN text cardtree reads",
        CT_E_STRAIN => c"a strain past 4 (0 clubs .. 4 no trump)",
        CT_E_SEAT => c"a seat past 3 (0 North .. 3 West)",
        CT_E_CARD => c"a card index past 51, or a trick longer than 3 cards",
        CT_E_POSITION => c"not a position: hand sizes, a card both played and held, or a revoke",
        _ => c"not a cardtree return code",
    }
}

/// The deal C points at, read as `rule` says.
///
/// # Safety
/// `deal` is null or points at a NUL-terminated string.
unsafe fn read_deal(deal: *const c_char, rule: SizeRule) -> Result<Deal, Refusal> {
    if deal.is_null() {
        return Err(Refusal::Code(CT_E_NULL));
    }
    // SAFETY: non-null and NUL-terminated, as the caller promises.
    let text = unsafe { CStr::from_ptr(deal) }
        .to_str()
        .map_err(|_| Refusal::Utf8)?;
    pbn::parse(text, rule).map_err(Refusal::Deal)
}

/// The position C describes, checked.
///
/// # Safety
/// `p` is null or points at a `ct_position` whose `deal` is null or NUL-terminated.
unsafe fn read_position(p: *const ct_position) -> Result<BridgePlay, Refusal> {
    // SAFETY: null or a valid `ct_position`, as the caller promises.
    let p = unsafe { p.as_ref() }.ok_or(Refusal::Code(CT_E_NULL))?;
    let strain = Strain::try_from(p.strain).map_err(|_| Refusal::Code(CT_E_STRAIN))?;
    let leader = Seat::try_from(p.leader).map_err(|_| Refusal::Code(CT_E_SEAT))?;
    let n = usize::from(p.trick_len);
    if n > p.trick.len() {
        return Err(Refusal::Code(CT_E_CARD));
    }
    let mut trick = [Card::default(); 3];
    for (slot, &i) in trick.iter_mut().zip(&p.trick[..n]) {
        *slot = Card::from_index(i).ok_or(Refusal::Code(CT_E_CARD))?;
    }
    let rule = if n == 0 {
        SizeRule::Equal
    } else {
        SizeRule::Any
    };
    // SAFETY: as the caller promises of `deal`.
    let deal = unsafe { read_deal(p.deal, rule) }?;
    BridgePlay::with_trick(&deal, strain, leader, &trick[..n]).map_err(Refusal::Position)
}

/// The initialised state in `solver`.
///
/// # Safety
/// `solver` is null, or points at a `ct_solver` that `ct_solver_init` set up (or at any 256
/// bytes, which the mark then rejects unless by a 2^-32 chance they hold it).
unsafe fn state(solver: *const ct_solver) -> Result<*mut State, Refusal> {
    if solver.is_null() {
        return Err(Refusal::Code(CT_E_NULL));
    }
    let state = solver.cast::<State>().cast_mut();
    // SAFETY: `solver` is a valid, aligned `ct_solver`, large enough for a `State` (checked at
    // compile time); the mark is a plain `u32` field, read whatever its bits.
    let magic = unsafe { core::ptr::addr_of!((*state).magic).read() };
    if magic != MAGIC {
        return Err(Refusal::Code(CT_E_MEMORY));
    }
    // The mark says `ct_solver_init` wrote a `State` here.
    Ok(state)
}

/// Writes what `run` answers into `out` and returns `CT_OK`, or returns its refusal's code
/// (`CT_E_NULL` first if `out` is null, without running it).
///
/// # Safety
/// `out` is null or valid for writes of a `T`.
unsafe fn answer<T>(out: *mut T, run: impl FnOnce() -> Result<T, Refusal>) -> i32 {
    if out.is_null() {
        return CT_E_NULL;
    }
    match run() {
        Ok(r) => {
            // SAFETY: non-null and writable, as the caller promises.
            unsafe { out.write(r) };
            CT_OK
        }
        Err(e) => e.code(),
    }
}

/// Sets up a solver over the caller's lines (`cardtree.h`).
///
/// # Safety
/// `solver` is null or valid for writes of a `ct_solver`; `lines` is null or valid for reads
/// and writes of `bytes` bytes, and outlives every use of the solver.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ct_solver_init(
    solver: *mut ct_solver,
    lines: *mut core::ffi::c_void,
    bytes: usize,
) -> i32 {
    if solver.is_null() || lines.is_null() {
        return CT_E_NULL;
    }
    if lines.cast::<TtLine>().align_offset(align_of::<TtLine>()) != 0 {
        return CT_E_MEMORY;
    }
    let n = bytes / size_of::<TtLine>();
    // SAFETY: aligned, non-null, and `n` whole lines lie in the `bytes` the caller owns for as
    // long as the solver is used (its promise); every bit pattern is a valid `TtLine` (sixteen
    // `u32`s), and `TransTable::new` clears them anyway.
    let lines: &'static mut [TtLine] =
        unsafe { core::slice::from_raw_parts_mut(lines.cast::<TtLine>(), n) };
    let state = State {
        magic: MAGIC,
        table: TransTable::new(lines),
    };
    // SAFETY: `solver` is valid for writes of a `ct_solver`, which holds a `State` (size and
    // alignment checked at compile time); `write` drops nothing that was there.
    unsafe { solver.cast::<State>().write(state) };
    CT_OK
}

/// Every card of the player to move (`cardtree.h`).
///
/// # Safety
/// Each pointer is null or valid: `solver` set up by `ct_solver_init`, `position` a
/// `ct_position` whose deal is NUL-terminated, `out` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ct_solve(
    solver: *mut ct_solver,
    position: *const ct_position,
    out: *mut ct_solution,
) -> i32 {
    let run = || -> Result<ct_solution, Refusal> {
        // SAFETY: `solver` is null or set up by `ct_solver_init` (so a `State` the caller lends
        // for this call alone), as the caller promises.
        let state = unsafe { &mut *state(solver)? };
        // SAFETY: `position` is null or valid with a NUL-terminated deal, as promised.
        let play = unsafe { read_position(position) }?;
        let s = solve(&play, &mut state.table);
        let mut r = ct_solution {
            count: s.cards.len() as u8,
            cards: [0; 13],
            tricks: [0; 13],
            best: s.best,
            tests: s.stats.tests,
            nodes: s.stats.nodes,
            tricks_searched: s.stats.tricks,
        };
        for (i, &(card, tricks)) in s.cards.iter().enumerate() {
            r.cards[i] = card.index() as u8;
            r.tricks[i] = tricks;
        }
        Ok(r)
    };
    // SAFETY: `out` is null or writable, as the caller promises.
    unsafe { answer(out, run) }
}

/// A deal's double-dummy table (`cardtree.h`).
///
/// # Safety
/// Each pointer is null or valid: `solver` set up by `ct_solver_init`, `deal` NUL-terminated,
/// `out` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ct_table(
    solver: *mut ct_solver,
    deal: *const c_char,
    out: *mut ct_dd_table,
) -> i32 {
    let run = || -> Result<ct_dd_table, Refusal> {
        // SAFETY: `solver` is null or set up by `ct_solver_init` (so a `State` the caller lends
        // for this call alone), as the caller promises.
        let state = unsafe { &mut *state(solver)? };
        // SAFETY: `deal` is null or NUL-terminated, as the caller promises.
        let deal = unsafe { read_deal(deal, SizeRule::Equal) }?;
        let s = dd_table(&deal, &mut state.table).map_err(Refusal::Position)?;
        let mut r = ct_dd_table {
            tricks: [[0; 4]; 5],
            tests: s.stats.tests,
            nodes: s.stats.nodes,
        };
        for strain in Strain::ALL {
            for seat in Seat::ALL {
                r.tricks[strain as usize][seat as usize] = s.table.tricks(seat, strain);
            }
        }
        Ok(r)
    };
    // SAFETY: `out` is null or writable, as the caller promises.
    unsafe { answer(out, run) }
}

/// The table's counters (`cardtree.h`).
///
/// # Safety
/// `solver` is null or set up by `ct_solver_init`; `out` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ct_solver_stats(
    solver: *const ct_solver,
    out: *mut ct_table_stats,
) -> i32 {
    if out.is_null() {
        return CT_E_NULL;
    }
    // SAFETY: `solver` is null or set up by `ct_solver_init`, as the caller promises.
    let state = match unsafe { state(solver) } {
        // SAFETY: an initialised `State`, only read here.
        Ok(s) => unsafe { &*s },
        Err(e) => return e.code(),
    };
    let t = state.table.stats();
    let r = ct_table_stats {
        lookups: t.lookups,
        hits: t.hits,
        stores: t.stores,
        replaced: t.replaced,
        harvests: t.harvests,
        resets: t.resets,
        blocks_used: u32::try_from(state.table.blocks_used()).unwrap_or(u32::MAX),
        lines: u32::try_from(state.table.bytes() / size_of::<TtLine>()).unwrap_or(u32::MAX),
    };
    // SAFETY: non-null and writable, as the caller promises.
    unsafe { out.write(r) };
    CT_OK
}

/// What a return code means (`cardtree.h`).
#[unsafe(no_mangle)]
pub extern "C" fn ct_error_message(code: i32) -> *const c_char {
    message(code).as_ptr()
}

/// A writer into a C buffer that keeps the last byte for the NUL and cuts the rest short.
struct CBuf<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl Write for CBuf<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = self.buf.len().saturating_sub(1 + self.len);
        let n = s.len().min(room);
        self.buf[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        Ok(())
    }
}

/// Writes `what` (or "ok") into the caller's buffer and returns its code.
///
/// # Safety
/// `buf` is null or valid for writes of `len` bytes.
unsafe fn explain(what: Result<(), Refusal>, buf: *mut c_char, len: usize) -> i32 {
    if !buf.is_null() && len > 0 {
        // SAFETY: valid for `len` bytes, as the caller promises.
        let bytes = unsafe { core::slice::from_raw_parts_mut(buf.cast::<u8>(), len) };
        let mut w = CBuf { buf: bytes, len: 0 };
        let _ = match &what {
            Ok(()) => w.write_str("ok"),
            Err(e) => write!(w, "{e}"),
        };
        let end = w.len;
        w.buf[end] = 0;
    }
    match what {
        Ok(()) => CT_OK,
        Err(e) => e.code(),
    }
}

/// Why `ct_solve` would refuse a position (`cardtree.h`).
///
/// # Safety
/// `position` is null or a `ct_position` whose deal is null or NUL-terminated; `buf` is null
/// or writable for `len` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ct_explain_position(
    position: *const ct_position,
    buf: *mut c_char,
    len: usize,
) -> i32 {
    // SAFETY: as the caller promises.
    let what = unsafe { read_position(position) }.map(|_| ());
    // SAFETY: as the caller promises.
    unsafe { explain(what, buf, len) }
}

/// Why `ct_table` would refuse a deal (`cardtree.h`).
///
/// # Safety
/// `deal` is null or NUL-terminated; `buf` is null or writable for `len` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ct_explain_deal(deal: *const c_char, buf: *mut c_char, len: usize) -> i32 {
    // SAFETY: as the caller promises.
    let what = unsafe { read_deal(deal, SizeRule::Equal) }.and_then(|d| {
        BridgePlay::new(&d, Strain::NoTrump, Seat::West)
            .map(|_| ())
            .map_err(Refusal::Position)
    });
    // SAFETY: as the caller promises.
    unsafe { explain(what, buf, len) }
}

/// A bug, never an argument, could panic: trap, so the program's fault handler reports it.
#[cfg(target_os = "none")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {
        // SAFETY: an undefined instruction raises the HardFault the caller handles.
        #[cfg(target_arch = "arm")]
        unsafe {
            core::arch::asm!("udf #0")
        };
    }
}
