//! cardtree's self-check firmware: runs every scenario of `cardtree::selfcheck` and prints one
//! line per scenario through semihosting, exactly as the host prints them; exits with status 0
//! if all passed, 1 on a failed scenario, a panic or a fault.
//!
//! Build-time switches (environment variables, read by `option_env!`):
//! `CARDTREE_SELFCHECK_ONLY=<name>` links and runs that one scenario only (the footprint
//! report builds one firmware per scenario to measure its code size);
//! `CARDTREE_FIRMWARE_FAULT=panic|hardfault` panics or executes an undefined instruction
//! first, to check that faults give a non-zero exit status.
#![no_std]
#![no_main]

use core::mem::MaybeUninit;

use cardtree::selfcheck::{self, Arena, SCENARIOS, Scenario};
use cortex_m_rt::{ExceptionFrame, entry, exception};
use cortex_m_semihosting::{debug, hprintln};

#[cfg(feature = "defmt")]
use defmt_semihosting as _;

/// The scenario to run alone, if any: a build-time choice, copied out of [`SCENARIOS`] so
/// that the others are not linked.
const ONLY: Option<Scenario> = match option_env!("CARDTREE_SELFCHECK_ONLY") {
    None => None,
    Some(name) => match selfcheck::position(name) {
        Some(i) => Some(SCENARIOS[i]),
        None => panic!("CARDTREE_SELFCHECK_ONLY names no scenario"),
    },
};

/// A fault to provoke before the scenarios, to test the exit status.
const FAULT: Option<&str> = option_env!("CARDTREE_FIRMWARE_FAULT");

#[entry]
fn main() -> ! {
    // The arena lives in `.bss`, zeroed by the reset handler.
    static mut ARENA: MaybeUninit<Arena> = MaybeUninit::zeroed();
    // SAFETY: all-zero bytes are a valid `Arena` (its docs say so: trees of blank nodes and
    // table slots of integers, with `Card(0)` the two of clubs), and `entry` hands out this
    // `static mut` once, as a unique reference.
    let arena = unsafe { ARENA.assume_init_mut() };

    match FAULT {
        Some("panic") => panic!("provoked panic"),
        // SAFETY: not safe at all on purpose: an undefined instruction raises a HardFault.
        Some("hardfault") => unsafe { core::arch::asm!("udf #0") },
        _ => {}
    }

    let mut failed = false;
    match ONLY {
        Some(s) => failed |= run(&s, arena),
        None => {
            for s in SCENARIOS {
                failed |= run(s, arena);
            }
        }
    }
    hprintln!("selfcheck done: {}", if failed { "FAILED" } else { "ok" });
    debug::exit(if failed {
        debug::EXIT_FAILURE
    } else {
        debug::EXIT_SUCCESS
    });
    loop {
        cortex_m::asm::bkpt();
    }
}

/// Runs one scenario and prints its line (and, with `footprint`, its stack and time); `true`
/// if it failed.
#[inline(never)]
fn run(s: &Scenario, arena: &mut Arena) -> bool {
    #[cfg(feature = "footprint")]
    let (base, start) = (footprint::paint(), footprint::clock());
    let report = s.check(arena);
    #[allow(unused_mut)]
    let mut failed = report.result.is_err();
    #[cfg(feature = "footprint")]
    {
        // Again until a second has passed, for a time SYS_CLOCK's centiseconds can measure;
        // every run must give the same result.
        let mut runs = 1;
        while footprint::clock().saturating_sub(start) < footprint::MIN_CENTISECONDS {
            failed |= s.check(arena).result != report.result;
            runs += 1;
        }
        let (end, peak) = (footprint::clock(), footprint::peak(base));
        hprintln!(
            "footprint {} stack={} runs={} centiseconds={}",
            s.name,
            peak,
            runs,
            end.saturating_sub(start)
        );
    }
    hprintln!("{}", report);
    // The same result as a defmt frame (shown with `DEFMT_LOG=info` and a defmt decoder).
    #[cfg(feature = "defmt")]
    defmt::info!("{=str}: {}", s.name, report.result);
    failed
}

#[cfg(feature = "footprint")]
mod footprint {
    //! Peak stack by painting: fill the free stack below the caller with a pattern, run, and
    //! find the lowest word that changed.

    /// The pattern painted.
    const PAINT: u32 = 0xC0DE_CAFE;
    /// How far below the caller's frame to paint (more than any scenario uses).
    const DEPTH: usize = 128 * 1024;
    /// How long each scenario is repeated for its timing.
    pub(crate) const MIN_CENTISECONDS: usize = 100;
    /// Words left unpainted just below the painter's own frame.
    const GAP: usize = 64;

    /// Paints `DEPTH` bytes of stack below the current stack pointer; returns the stack
    /// pointer the measurement is relative to.
    #[inline(never)]
    pub(crate) fn paint() -> usize {
        let sp = cortex_m::register::msp::read() as usize;
        let top = (sp - GAP * 4) & !3;
        let mut p = top - DEPTH;
        while p < top {
            // SAFETY: between the end of `.bss` (the arena) and the stack pointer, with the
            // linker's 4 MiB RAM: free stack that nothing else uses.
            unsafe { core::ptr::write_volatile(p as *mut u32, PAINT) };
            p += 4;
        }
        sp
    }

    /// Bytes of stack used below `sp` since [`paint`] (a lower bound if the paint was all
    /// overwritten).
    #[inline(never)]
    pub(crate) fn peak(sp: usize) -> usize {
        let top = (sp - GAP * 4) & !3;
        let mut p = top - DEPTH;
        // SAFETY: the region `paint` wrote.
        while p < top && unsafe { core::ptr::read_volatile(p as *const u32) } == PAINT {
            p += 4;
        }
        sp - p
    }

    /// Semihosting `SYS_CLOCK`: centiseconds since the program started (the host's clock).
    pub(crate) fn clock() -> usize {
        // SAFETY: SYS_CLOCK takes no argument.
        unsafe { cortex_m_semihosting::syscall!(CLOCK) }
    }
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    hprintln!("panic: {}", info);
    debug::exit(debug::EXIT_FAILURE);
    loop {
        cortex_m::asm::bkpt();
    }
}

#[exception]
unsafe fn HardFault(frame: &ExceptionFrame) -> ! {
    hprintln!("hard fault at pc {:#010x}", frame.pc());
    debug::exit(debug::EXIT_FAILURE);
    loop {
        cortex_m::asm::bkpt();
    }
}

#[exception]
unsafe fn DefaultHandler(irq: i16) {
    hprintln!("unexpected exception {}", irq);
    debug::exit(debug::EXIT_FAILURE);
}
