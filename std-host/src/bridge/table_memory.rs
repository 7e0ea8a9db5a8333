//! [`HostLines`]: the memory behind the host's transposition tables, in 2 MiB pages where
//! Linux gives them, taken from the system only as the searches fill it.
//!
//! The solver reads its table at random (a root slot, then a chain of blocks), so with the
//! usual 4 KiB pages a probe of a 16 MiB table that misses the cache often misses the TLB
//! too: 4,096 pages, more than a second-level TLB holds. Asking Linux for transparent huge
//! pages over the table (`madvise(MADV_HUGEPAGE)`; the default setting of
//! `/sys/kernel/mm/transparent_hugepage/enabled` is `madvise`, which gives them only to memory
//! that asks) makes it eight pages. Measured (2026-11-27, `docs/solver-notes.md` section 9):
//! 3-10 % off the time of whole tables, more when other processes run between solves; the
//! same work. Elsewhere, or if the kernel says no, the lines are ordinary heap memory and
//! everything works the same, only slower.
//!
//! [`HostTable`] is the solver's table in them, [`DEFAULT_TABLE_MIB`] its size unless told.

use cardtree::bridge::{TransTable, TtLine};

/// Default transposition-table size per thread, in MiB (DDS's is about 95 MB). 16 MiB was
/// enough for random deals, but deals built with voids fill it and then search up to twice the
/// tricks; at 64 MiB they take no longer than macroxue's solver, and deals that do not fill 16
/// take the same time (`docs/solver-notes.md` sections 16 and 17). A table takes from the
/// system only what its searches fill ([`HostLines`]).
pub const DEFAULT_TABLE_MIB: usize = 64;

/// A transposition table owned by the host: `mib` MiB of lines on the heap, in huge pages
/// where the system gives them ([`HostLines`]).
pub type HostTable = TransTable<HostLines>;

/// A new [`HostTable`] of `mib` MiB (at least one line).
#[must_use]
pub fn host_table(mib: usize) -> HostTable {
    let lines = TtLine::count_for_bytes(mib << 20).max(1);
    TransTable::new(HostLines::new(lines))
}

/// The size of a huge page on x86-64 and AArch64 Linux (elsewhere, as in the WebAssembly
/// package, only the tests read it).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
const HUGE_PAGE: usize = 2 << 20;

/// Transposition-table lines on the heap. On Linux a table of a huge page or more is an
/// anonymous mapping of its own, aligned to a huge page and advised as huge pages: the kernel
/// hands its pages out zeroed when they are first written, and [`TransTable::new`] writes only
/// its roots and cut-off cards, so a table costs the memory its searches fill, not its size
/// (a 64 MiB table for one small solve touches a few MiB). Elsewhere they are a zeroed `Vec`.
///
/// The lines are reached through a pointer and length kept beside their owner, so that the
/// solver's every access to its table (several a position searched) is a plain slice, not a
/// match on where the memory came from (2026-12-01, `docs/solver-notes.md` section 22).
#[derive(Debug)]
pub struct HostLines {
    lines: core::ptr::NonNull<TtLine>,
    len: usize,
    /// Owns the lines; read only when dropped.
    _owner: Lines,
}

#[derive(Debug)]
enum Lines {
    Heap(#[allow(dead_code)] Vec<TtLine>),
    #[cfg(target_os = "linux")]
    Mapped(#[allow(dead_code)] mapped::Mapped),
}

// SAFETY: `HostLines` owns its lines alone (through `_owner`, a `Vec` or a mapping of its own)
// and hands them out only through `&self` and `&mut self`, as a `Vec` does.
#[allow(unsafe_code)]
unsafe impl Send for HostLines {}
// SAFETY: as above: shared references give shared, read-only access.
#[allow(unsafe_code)]
unsafe impl Sync for HostLines {}

impl HostLines {
    /// `len` zeroed lines.
    #[must_use]
    pub fn new(len: usize) -> HostLines {
        #[cfg(target_os = "linux")]
        if len.saturating_mul(TtLine::BYTES) >= HUGE_PAGE
            && let Some(map) = mapped::Mapped::new(len)
        {
            return HostLines {
                lines: map.start(),
                len,
                _owner: Lines::Mapped(map),
            };
        }
        let mut v = vec![TtLine::ZERO; len];
        HostLines {
            lines: core::ptr::NonNull::new(v.as_mut_ptr())
                .unwrap_or(core::ptr::NonNull::dangling()),
            len,
            _owner: Lines::Heap(v),
        }
    }
}

impl AsRef<[TtLine]> for HostLines {
    #[inline]
    #[allow(unsafe_code)]
    fn as_ref(&self) -> &[TtLine] {
        // SAFETY: `len` lines from `lines` are the owner's (a `Vec` never touched again, whose
        // buffer does not move with it, or a mapping), alive as long as `self`; any bits are
        // a valid `TtLine`.
        unsafe { core::slice::from_raw_parts(self.lines.as_ptr(), self.len) }
    }
}

impl AsMut<[TtLine]> for HostLines {
    #[inline]
    #[allow(unsafe_code)]
    fn as_mut(&mut self) -> &mut [TtLine] {
        // SAFETY: as in `as_ref`, and `&mut self` makes this the only reference.
        unsafe { core::slice::from_raw_parts_mut(self.lines.as_ptr(), self.len) }
    }
}

/// The anonymous mapping behind a large table on Linux.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
mod mapped {
    use core::ptr::NonNull;

    use cardtree::bridge::TtLine;

    use super::HUGE_PAGE;

    /// `len` lines at a huge-page boundary, `skip` bytes into a private anonymous mapping of
    /// `len` lines and a huge page, which this owns and unmaps when dropped.
    #[derive(Debug)]
    pub(super) struct Mapped {
        lines: NonNull<TtLine>,
        len: usize,
        skip: usize,
    }

    // SAFETY: `Mapped` owns its mapping alone (as a `Box<[TtLine]>` owns its memory), and hands
    // out its lines only through `&self` and `&mut self`.
    unsafe impl Send for Mapped {}
    // SAFETY: as above: shared references give shared, read-only access.
    unsafe impl Sync for Mapped {}

    impl Mapped {
        /// A mapping for `len` lines (`len` at least a huge page's worth), or `None` if the
        /// kernel refuses one.
        pub(super) fn new(len: usize) -> Option<Mapped> {
            let want = len.checked_mul(TtLine::BYTES)?;
            // One huge page more than needed, so that an aligned run of `len` lines fits.
            let bytes = want.checked_add(HUGE_PAGE)?;
            // SAFETY: a fresh private anonymous mapping, no address asked for and no file: it
            // touches no memory of this process. The kernel zero-fills its pages.
            let base = unsafe {
                libc::mmap(
                    core::ptr::null_mut(),
                    bytes,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            if base == libc::MAP_FAILED {
                return None;
            }
            let base = NonNull::new(base)?;
            let addr = base.as_ptr() as usize;
            let skip = addr.next_multiple_of(HUGE_PAGE) - addr;
            // SAFETY: `skip < HUGE_PAGE`, so the run of `want` bytes from `base + skip` lies
            // inside the mapping; it is aligned to a huge page, so to a line.
            let lines = unsafe { base.cast::<u8>().add(skip).cast::<TtLine>() };
            // Advice only, before the first write (which is when the kernel picks page sizes):
            // if it fails the memory keeps small pages.
            // SAFETY: the range lies inside the mapping; `MADV_HUGEPAGE` neither frees the
            // memory nor changes its contents.
            let _ = unsafe {
                libc::madvise(
                    lines.as_ptr().cast(),
                    want / HUGE_PAGE * HUGE_PAGE,
                    libc::MADV_HUGEPAGE,
                )
            };
            Some(Mapped { lines, len, skip })
        }

        /// The first line (`len` lines from it lie inside the mapping, zeroed by the kernel).
        pub(super) fn start(&self) -> NonNull<TtLine> {
            self.lines
        }
    }

    impl Drop for Mapped {
        fn drop(&mut self) {
            let bytes = self.len * TtLine::BYTES + HUGE_PAGE;
            // SAFETY: `skip` bytes before the lines is where the mapping of `bytes` bytes that
            // `new` made starts; no line outlives `self`.
            let _ = unsafe {
                libc::munmap(
                    self.lines.as_ptr().cast::<u8>().sub(self.skip).cast(),
                    bytes,
                )
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_zeroed_aligned_and_sized() {
        for len in [0, 1, 100, 2 * HUGE_PAGE / TtLine::BYTES + 3] {
            let mut lines = HostLines::new(len);
            assert_eq!(lines.as_ref().len(), len);
            assert!(lines.as_ref().iter().all(|l| *l == TtLine::ZERO));
            if cfg!(target_os = "linux") && len * TtLine::BYTES >= HUGE_PAGE {
                assert_eq!(lines.as_ref().as_ptr() as usize % HUGE_PAGE, 0);
            }
            if let Some(last) = lines.as_mut().last_mut() {
                *last = TtLine::ZERO;
            }
        }
    }
}
