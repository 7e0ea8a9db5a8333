//! [`HostLines`]: the heap memory behind the host's transposition tables, in 2 MiB pages
//! where Linux gives them.
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

/// Default transposition-table size per thread, in MiB.
pub const DEFAULT_TABLE_MIB: usize = 16;

/// A transposition table owned by the host: `mib` MiB of lines on the heap, in huge pages
/// where the system gives them ([`HostLines`]).
pub type HostTable = TransTable<HostLines>;

/// A new [`HostTable`] of `mib` MiB (at least one line).
#[must_use]
pub fn host_table(mib: usize) -> HostTable {
    let lines = TtLine::count_for_bytes(mib << 20).max(1);
    TransTable::new(HostLines::new(lines))
}

/// The size of a huge page on x86-64 and AArch64 Linux.
const HUGE_PAGE: usize = 2 << 20;

/// Transposition-table lines on the heap, aligned to a 2 MiB huge page and advised as huge pages
/// on Linux when the table is at least that big: the lines are `buf[start..]`.
#[derive(Debug)]
pub struct HostLines {
    buf: Vec<TtLine>,
    start: usize,
}

impl HostLines {
    /// `len` zeroed lines.
    #[must_use]
    pub fn new(len: usize) -> HostLines {
        let huge = cfg!(target_os = "linux") && len.saturating_mul(TtLine::BYTES) >= HUGE_PAGE;
        if !huge {
            return HostLines {
                buf: vec![TtLine::ZERO; len],
                start: 0,
            };
        }
        // Room for one huge page more than needed, so that an aligned run of `len` lines
        // fits; the advice goes in before the first write, which is when the kernel picks
        // page sizes. Only the lines up to the run's end are written (and so take memory).
        let spare = HUGE_PAGE / TtLine::BYTES;
        let mut buf: Vec<TtLine> = Vec::with_capacity(len + spare);
        let addr = buf.as_ptr() as usize;
        let start = (addr.next_multiple_of(HUGE_PAGE) - addr) / TtLine::BYTES;
        advise_huge_pages(&mut buf, start, len);
        buf.resize(start + len, TtLine::ZERO);
        HostLines { buf, start }
    }
}

impl AsRef<[TtLine]> for HostLines {
    #[inline]
    fn as_ref(&self) -> &[TtLine] {
        &self.buf[self.start..]
    }
}

impl AsMut<[TtLine]> for HostLines {
    #[inline]
    fn as_mut(&mut self) -> &mut [TtLine] {
        &mut self.buf[self.start..]
    }
}

/// Advises the kernel to back lines `start..start + len` of `buf`'s capacity (whole huge
/// pages of it) with huge pages. Advice only: if it fails the memory keeps small pages.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_huge_pages(buf: &mut Vec<TtLine>, start: usize, len: usize) {
    let spare = buf.spare_capacity_mut();
    let Some(run) = spare.get_mut(start..start + len) else {
        return;
    };
    let bytes = (len * TtLine::BYTES) / HUGE_PAGE * HUGE_PAGE;
    // SAFETY: the range starts inside `buf`'s allocation, at a huge-page boundary, and its
    // `bytes` (at most `len` lines) lie within it. `MADV_HUGEPAGE` only tells the kernel which
    // page size to use; it neither frees the memory nor changes its contents or validity.
    let _ = unsafe { libc::madvise(run.as_mut_ptr().cast(), bytes, libc::MADV_HUGEPAGE) };
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_: &mut Vec<TtLine>, _: usize, _: usize) {}

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
