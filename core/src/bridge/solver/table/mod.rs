//! [`TransTable`]: the solver's transposition table, an arena inside memory the caller owns.
//!
//! The caller hands over a slice of [`TtLine`]s (64-byte, cache-line aligned): a `static` array
//! on a microcontroller, a boxed slice on the host. The table carves it into three regions:
//!
//! - **Roots**, an open-addressed array of slots keyed by the exact suit-length shape of the
//!   four hands and the seat on lead (the shape fixes the number of tricks left). The key is
//!   compared whole, so two shapes never share a slot. Each slot heads a chain of blocks.
//! - **Blocks**, a pool handed out by a bump pointer. A block holds up to [`BLOCK_ENTRIES`]
//!   [patterns](super::pattern) with bounds on North-South's tricks; the chain of a root is
//!   scanned newest block first. Card patterns are compared, never hashed, so a lookup can
//!   only find an entry that really describes the position.
//! - **Cut-off cards**, a direct-mapped cache of the card that last caused a cut-off in a
//!   similar spot (a move-ordering hint only: a wrong hint costs time, never an answer).
//!
//! Nothing is evicted while there is room. When every root slot a shape may use is taken, the
//! root nearest the end of the play (the cheapest to search again) gives way. When the pool of
//! blocks is full, a harvest gives up the roots nearest the end of the play, a quarter of them
//! at least, and frees their blocks (DDS ages its table too, by time since last use; here by
//! what a position costs to search again). Only if that frees nothing is the whole table reset
//! (a new generation: O(1), no clearing of memory; the cut-off cards stay). All three are
//! counted. An answer never depends on the table's size, only the work does. A new deal or
//! strain also starts a new generation, and zeroes the cut-off cards (at most 128 KiB).
//! Facts about DDS's and macroxue's tables: `docs/solver-notes.md`.

mod cutoffs;
mod entry;

use super::owners::Owners;
use super::pattern::{Pattern, Shape, top_cards};
#[cfg(test)]
use entry::decode;
use entry::{
    BOUND_BITS, HEADER_AFTER_NEXT, HEADER_LEN, HEADER_MASK, HEADER_NEXT, HEADER_SIG, Signature,
    bounds, cuts, encode, entry_word, matches, may_match, signature, wanted,
};

/// One 64-byte line of a [`TransTable`]'s memory. Make a buffer with [`TtLine::ZERO`]:
/// `vec![TtLine::ZERO; n]` on a host, `static mut` or a field of a `static` on a device.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct TtLine([u32; 16]);

impl TtLine {
    /// An all-zero line.
    pub const ZERO: TtLine = TtLine([0; 16]);
    /// Bytes in a line.
    pub const BYTES: usize = 64;

    /// The number of lines in `bytes` bytes of memory (rounded down).
    #[must_use]
    pub const fn count_for_bytes(bytes: usize) -> usize {
        bytes / TtLine::BYTES
    }
}

impl Default for TtLine {
    fn default() -> Self {
        TtLine::ZERO
    }
}

impl core::fmt::Debug for TtLine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("TtLine(..)")
    }
}

#[cfg(feature = "defmt")]
impl defmt::Format for TtLine {
    fn format(&self, f: defmt::Formatter<'_>) {
        defmt::write!(f, "TtLine(..)")
    }
}

/// Patterns a block holds: 12 entries of four words, in the last three of its five lines, and
/// a header in the first two (`entry`). A lookup waits on the load of each block's header in
/// turn, so a chain of fewer, larger blocks is walked sooner: against two-line blocks of six,
/// the hard set took 0.96 of the time (0.98 at the median deal) for 0.7 % more tricks. The
/// header's second line holds the signatures' masks, so that its tests need no table: 4.8 %
/// fewer instructions, and the hard set 0.98 of the time again (2026-12-01,
/// `docs/solver-notes.md` section 22). A tiny table holds fewer chains: the self-check's
/// 20 KiB `bridge-solve` searched more nodes (`docs/embedded.md`).
pub(crate) const BLOCK_ENTRIES: usize = 12;
/// Lines a block takes.
const BLOCK_LINES: usize = 5;
/// Root slots a line holds (four words each).
const ROOTS_PER_LINE: usize = 4;
/// Cut-off entries a line holds (half a word each, `cutoffs`).
const CUTOFFS_PER_LINE: usize = 32;
/// The most lines of cut-off cards: 64K entries, 128 KiB (macroxue's cache has 64K too);
/// 128K entries searched 0.7 to 1.2 % fewer tricks on tables and 0.5 % more on the 13
/// leads, in the same time within the noise, with twice the cache (2026-12-02,
/// `docs/solver-notes.md` section 30).
const MAX_CUTOFF_LINES: usize = 2048;
/// The most lines of roots: 128K slots, 2 MiB, what a 16 MiB table has; a larger table gives
/// the rest to blocks. A new table zeroes its roots, so this bounds what making one writes;
/// and more roots found nothing more: 256 MiB with 2 MiB of roots searched no more than with
/// 32 MiB of them (`docs/solver-notes.md` section 17).
const MAX_ROOT_LINES: usize = 32768;
/// How far a root key may sit from its home slot.
const ROOT_PROBES: usize = 8;

/// A number of slots, and the slot of a hash among them: `h * n / 2^64`, the high half of
/// the product, which spreads the hash's high bits over any `n`. A power of two (the host's
/// tables: 128K roots, 64K cut-off entries) is the same as the hash's top bits, taken by a
/// shift worked out once: a 64-bit by 64-bit product's high half is one instruction on
/// x86-64 and AArch64 but several on wasm32 and Cortex-M, and every position looks a slot up.
#[derive(Clone, Copy, Debug)]
struct Slots {
    /// How many (a table's memory bounds them far below `u32::MAX`: 128K roots, 64K cut-off
    /// entries at most).
    n: u32,
    /// `64 - log2(n)` when `n` is a power of two above 1; 0 otherwise (then the product).
    shift: u32,
}

impl Slots {
    fn new(n: usize) -> Slots {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        let shift = if n.is_power_of_two() && n > 1 {
            64 - n.trailing_zeros()
        } else {
            0
        };
        Slots { n, shift }
    }

    /// How many slots.
    #[inline]
    fn len(self) -> usize {
        self.n as usize
    }

    /// The slot of hash `h`, below `n` (0 when `n` is 0 or 1).
    #[inline]
    fn of(self, h: u64) -> usize {
        if self.shift != 0 {
            (h >> (self.shift & 63)) as usize
        } else {
            ((u128::from(h) * u128::from(self.n)) >> 64) as usize
        }
    }
}

/// What a [`TransTable`] did, counted since it was made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TableStats {
    /// Lookups at trick boundaries.
    pub lookups: u64,
    /// Lookups that found a pattern whose bounds decided the search.
    pub hits: u64,
    /// Results stored (new patterns, or bounds narrowed on an identical one).
    pub stores: u64,
    /// Times the table was full and started over (not counting new deals or strains).
    pub resets: u64,
    /// Roots given up for a new one when all the slots a shape may use were taken (the root
    /// nearest the end of the play goes).
    pub replaced: u64,
    /// Times the pool of blocks was full and the positions nearest the end of the play were
    /// given up to make room (the table's ageing).
    pub harvests: u64,
}

impl TableStats {
    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: &TableStats) {
        self.lookups = self.lookups.saturating_add(other.lookups);
        self.hits = self.hits.saturating_add(other.hits);
        self.stores = self.stores.saturating_add(other.stores);
        self.resets = self.resets.saturating_add(other.resets);
        self.replaced = self.replaced.saturating_add(other.replaced);
        self.harvests = self.harvests.saturating_add(other.harvests);
    }

    /// The counts added since `earlier` (0 where `earlier` is ahead).
    #[must_use]
    pub fn since(&self, earlier: &TableStats) -> TableStats {
        TableStats {
            lookups: self.lookups.saturating_sub(earlier.lookups),
            hits: self.hits.saturating_sub(earlier.hits),
            stores: self.stores.saturating_sub(earlier.stores),
            resets: self.resets.saturating_sub(earlier.resets),
            replaced: self.replaced.saturating_sub(earlier.replaced),
            harvests: self.harvests.saturating_sub(earlier.harvests),
        }
    }
}

/// Bounds found for a position: North-South take at least `lower` and at most `upper` of the
/// tricks left, and `words` is the entry that said so (its ranks are the ones that mattered),
/// kept as stored: a hit needs only how many ranks of each suit it keeps ([`Found::cards`]),
/// not its owners, so the entry is not decoded into a [`Pattern`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) lower: u8,
    pub(crate) upper: u8,
    words: [u32; 4],
}

impl Found {
    /// The cards the entry keeps in the position whose cards are `all`: the rank winners a
    /// hit passes on ([`Pattern::cards`] of the entry's pattern).
    #[inline]
    pub(crate) fn cards(&self, all: u64) -> u64 {
        top_cards(all, cuts(&self.words))
    }

    /// The entry's pattern.
    #[cfg(test)]
    pub(crate) fn pattern(&self) -> Pattern {
        decode(self.words).0
    }
}

/// The most entries a [`Miss`] remembers.
const MISS_MATCHES: usize = 4;

/// What a lookup that decided nothing saw, so that the store after the position's search need
/// not scan the chain again: the root's slot and the entries that matched the position (any
/// entry identical to the pattern stored then is among them: that pattern matches the
/// position). Valid while the table frees nothing ([`TransTable`]'s `epoch`); the positions
/// searched in between have fewer cards, so their entries go under other roots.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Miss {
    slot: Option<usize>,
    epoch: u32,
    /// Block and entry of each matching entry; `matched > MISS_MATCHES`: too many to keep.
    at: [(u32, u8); MISS_MATCHES],
    matched: u8,
}

/// Memory a [`TransTable`] can live in: any owner or borrower of a slice of [`TtLine`]s
/// (`&mut [TtLine]`, `&mut [TtLine; N]` in a `static`, `Box<[TtLine]>`, `Vec<TtLine>`).
pub trait TableMemory: AsRef<[TtLine]> + AsMut<[TtLine]> {}

impl<T: AsRef<[TtLine]> + AsMut<[TtLine]> + ?Sized> TableMemory for T {}

/// The solver's transposition table over a caller's lines. Any number of lines works, even
/// zero (then nothing is stored); more lines, fewer resets.
#[derive(Debug)]
pub struct TransTable<M: TableMemory> {
    lines: M,
    /// Root slots (four per line, from line 0).
    roots: Slots,
    /// First line of the cut-off region, and its entries.
    cutoff_line: usize,
    cutoffs: Slots,
    /// First line of the block pool, blocks in it, the next never used, and the first of
    /// the list of freed ones (index + 1; 0 for none).
    pool_line: usize,
    blocks: usize,
    next_block: usize,
    free: usize,
    /// Blocks in use.
    in_use: usize,
    /// Counts the times blocks were freed or the table started over: a [`Miss`] of another
    /// epoch may point at entries that are gone.
    epoch: u32,
    /// Current generation: root slots and cut-off entries of another are empty.
    generation: u32,
    /// The deal and strain the table holds positions of (none yet: any).
    owners: Owners,
    strain: Option<u8>,
    stats: TableStats,
}

/// Entry `e` of the block whose first line is `base` among `lines` (an entry lies within one
/// line: four words from a multiple of four), if the lines hold it (`e < BLOCK_ENTRIES`).
#[inline]
fn entry_at(lines: &[TtLine], base: usize, e: usize) -> Option<[u32; 4]> {
    let o = entry_word(e);
    match lines
        .get(base + o / 16)
        .and_then(|l| l.0.get(o % 16..o % 16 + 4))
    {
        Some(&[w0, w1, w2, w3]) => Some([w0, w1, w2, w3]),
        _ => None,
    }
}

impl<M: TableMemory> TransTable<M> {
    /// A table over `lines`, whose contents do not matter: it zeroes its roots and cut-off
    /// cards (at most 2.1 MiB), and a block is written before it is read. So memory the
    /// system hands out zeroed and untouched (a host's fresh pages) is touched only as far as
    /// the searches fill it. Make it once and keep it: later calls on a new deal or strain
    /// start a new generation in O(1) and zero the cut-off cards.
    pub fn new(lines: M) -> TransTable<M> {
        let n = lines.as_ref().len();
        // An eighth for roots (at most 2 MiB), a sixteenth for cut-off cards (at most 128 KiB),
        // the rest for blocks; tables too small to hold a root line and a block have roots and
        // blocks switched off.
        let (root_lines, cutoff_lines) = if n > 1 + BLOCK_LINES {
            (
                (n / 8).clamp(1, MAX_ROOT_LINES),
                (n / 16).clamp(1, MAX_CUTOFF_LINES),
            )
        } else {
            (0, n.min(1))
        };
        let pool_line = root_lines + cutoff_lines;
        let blocks = n.saturating_sub(pool_line) / BLOCK_LINES;
        let mut table = TransTable {
            lines,
            roots: Slots::new(root_lines * ROOTS_PER_LINE),
            cutoff_line: root_lines,
            cutoffs: Slots::new(cutoff_lines * CUTOFFS_PER_LINE),
            pool_line,
            blocks,
            next_block: 0,
            free: 0,
            in_use: 0,
            epoch: 0,
            generation: 0,
            owners: Owners::NONE,
            strain: None,
            stats: TableStats::default(),
        };
        // The tags zeroed once (roots and cut-off cards), then the first generation.
        table.wipe_tags();
        table.new_generation();
        table
    }

    /// Zeroes the roots and cut-off cards, so that no tag of theirs looks current (blocks are
    /// reached only from roots, and written before they are read).
    fn wipe_tags(&mut self) {
        if let Some(tags) = self.lines.as_mut().get_mut(..self.pool_line) {
            tags.fill(TtLine::ZERO);
        }
    }

    /// Forgets every position and cut-off card: a new generation (O(1)), and the cut-off
    /// cards zeroed (at most 128 KiB).
    pub fn clear(&mut self) {
        self.new_generation();
        self.wipe_cutoffs();
        self.owners = Owners::NONE;
        self.strain = None;
    }

    /// Forgets every position (O(1)): roots of an older generation are never current, and the
    /// blocks are handed out again from the first.
    fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1) & GEN_MASK;
        if self.generation == 0 {
            // The generation counter wrapped: old tags could look current.
            self.wipe_tags();
            self.generation = 1;
        }
        self.next_block = 0;
        self.free = 0;
        self.in_use = 0;
        self.epoch = self.epoch.wrapping_add(1);
    }

    /// The size of the table's memory in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.lines.as_ref().len() * TtLine::BYTES
    }

    /// Blocks in use, out of [`block_capacity`](Self::block_capacity).
    #[must_use]
    pub fn blocks_used(&self) -> usize {
        self.in_use
    }

    /// Blocks the pool holds.
    #[must_use]
    pub fn block_capacity(&self) -> usize {
        self.blocks
    }

    /// What the table did since it was made.
    #[must_use]
    pub fn stats(&self) -> TableStats {
        self.stats
    }

    /// Makes the table ready for positions of a deal whose cards belong to `owners` in
    /// `strain`: kept if that agrees with what it holds (the same deal later in the play, or
    /// earlier), cleared otherwise.
    pub(crate) fn prepare(&mut self, owners: &Owners, strain: u8) {
        if self.strain != Some(strain) || !owners.agree(&self.owners) {
            self.clear();
            self.strain = Some(strain);
        }
        self.owners.merge(owners);
    }

    /// Where `(shape, leader)` is in the roots, or where it would go. The key in its home
    /// slot, as almost every lookup finds it (2.02 M of 2.13 M on `random-4044-2802`'s
    /// table, `docs/solver-notes.md` section 32), is answered inline; the rest probe on
    /// ([`probe_root`](Self::probe_root)), the home slot again first.
    #[inline]
    fn find_root(&self, shape: Shape, leader: usize) -> Root {
        if self.roots.len() == 0 {
            return Root::None;
        }
        let key = shape.0 ^ (leader as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let home = self.roots.of(key.wrapping_mul(0xD6E8_FEB8_6659_FD93));
        let tag = (self.generation << 2) | leader as u32;
        let w = self.root_words(home);
        let other = u64::from(w[0]) | (u64::from(w[1]) << 32);
        // A zero key is a harvest's tombstone, never a root (as the probe reads it).
        if w[2] == tag && other == shape.0 && other != 0 {
            return Root::Found(home);
        }
        self.probe_root(shape, home, tag)
    }

    /// [`find_root`](Self::find_root)'s probe from the home slot `home` on, `tag` the
    /// current generation's and the leader's.
    #[inline(never)]
    fn probe_root(&self, shape: Shape, home: usize, tag: u32) -> Root {
        let mut victim = (u32::MAX, home);
        let mut tomb = None;
        for d in 0..ROOT_PROBES.min(self.roots.len()) {
            // `home + d` passes the end once at most (`home < roots`, `d < roots`): a compare,
            // where a remainder is a division every probe.
            let slot = if home + d >= self.roots.len() {
                home + d - self.roots.len()
            } else {
                home + d
            };
            let w = self.root_words(slot);
            if w[2] >> 2 != self.generation {
                // Zeroed memory and slots of an older generation are empty: the key is not
                // further on.
                return Root::Empty(tomb.unwrap_or(slot));
            }
            let other = u64::from(w[0]) | (u64::from(w[1]) << 32);
            if other == 0 {
                // A root given up by a harvest: the key may be further on.
                tomb = tomb.or(Some(slot));
                continue;
            }
            if w[2] == tag && other == shape.0 {
                return Root::Found(slot);
            }
            let cards = Shape(other).cards();
            if cards < victim.0 {
                victim = (cards, slot);
            }
        }
        if let Some(slot) = tomb {
            return Root::Empty(slot);
        }
        // A full run: the root nearest the end of the play is the cheapest to lose.
        if victim.0 <= shape.cards() {
            Root::Full(victim.1)
        } else {
            Root::None
        }
    }

    #[inline]
    fn root_words(&self, slot: usize) -> [u32; 4] {
        let line = &self.lines.as_ref()[slot / ROOTS_PER_LINE].0;
        let i = (slot % ROOTS_PER_LINE) * 4;
        [line[i], line[i + 1], line[i + 2], line[i + 3]]
    }

    fn set_root(&mut self, slot: usize, words: [u32; 4]) {
        let line = &mut self.lines.as_mut()[slot / ROOTS_PER_LINE].0;
        let i = (slot % ROOTS_PER_LINE) * 4;
        line[i..i + 4].copy_from_slice(&words);
    }

    /// Word `w` of block `b`.
    fn block_word(&self, b: usize, w: usize) -> u32 {
        let (line, i) = self.block_line(b, w);
        self.lines.as_ref()[line].0[i]
    }

    fn set_block_word(&mut self, b: usize, w: usize, value: u32) {
        let (line, i) = self.block_line(b, w);
        self.lines.as_mut()[line].0[i] = value;
    }

    /// The first line of block `b`.
    fn block_base(&self, b: usize) -> usize {
        self.pool_line + b * BLOCK_LINES
    }

    /// The line of block `b` that holds word `w`, and `w`'s place in it.
    fn block_line(&self, b: usize, w: usize) -> (usize, usize) {
        (self.block_base(b) + w / 16, w % 16)
    }

    /// Entry `e` of block `b`.
    fn entry(&self, b: usize, e: usize) -> [u32; 4] {
        entry_at(self.lines.as_ref(), self.block_base(b), e % BLOCK_ENTRIES).unwrap_or([0; 4])
    }

    fn set_entry(&mut self, b: usize, e: usize, words: [u32; 4]) {
        self.set_signed_entry(b, e, words, signature(&words));
    }

    /// [`set_entry`](Self::set_entry) with the words' signature already known.
    fn set_signed_entry(&mut self, b: usize, e: usize, words: [u32; 4], sig: Signature) {
        let e = e % BLOCK_ENTRIES;
        let (line, i) = self.block_line(b, entry_word(e));
        if let Some(slot) = self
            .lines
            .as_mut()
            .get_mut(line)
            .and_then(|l| l.0.get_mut(i..i + 4))
        {
            slot.copy_from_slice(&words);
        }
        self.set_block_word(b, HEADER_SIG + e, sig.owners);
        self.set_block_word(b, HEADER_MASK + e, sig.mask);
    }

    /// Looks up the position `owners` (with `shape`, `leader` on lead) for an entry whose
    /// bounds decide "North-South take at least `need` more tricks": the first entry, newest
    /// first, that matches and has `lower >= need` or `upper < need`; else what the lookup
    /// saw, for [`store`](Self::store).
    pub(crate) fn lookup(
        &mut self,
        shape: Shape,
        leader: usize,
        owners: &Pattern,
        need: u8,
    ) -> Result<Found, Miss> {
        self.stats.lookups += 1;
        let mut miss = Miss {
            slot: None,
            epoch: self.epoch,
            at: [(0, 0); MISS_MATCHES],
            matched: 0,
        };
        let Root::Found(slot) = self.find_root(shape, leader) else {
            return Err(miss);
        };
        miss.slot = Some(slot);
        let head = self.root_words(slot)[3] as usize;
        let need = u32::from(need);
        let wanted = wanted(owners);
        // The head block alone, then the chain two blocks at a time: a header holds the block
        // after the next too, and both headers of a step are read before either block is
        // scanned, so that their loads overlap instead of waiting one on the other.
        let (mut a, mut b) = (head, 0usize);
        let mut first = true;
        while a != 0 {
            let lines = self.lines.as_ref();
            let links = |base: usize| {
                lines.get(base).map_or((0, 0), |l| {
                    (l.0[HEADER_NEXT] as usize, l.0[HEADER_AFTER_NEXT] as usize)
                })
            };
            let base_a = self.block_base(a - 1);
            let base_b = b.checked_sub(1).map(|b| self.block_base(b));
            let after = match base_b {
                Some(base) => links(base),
                None if first => links(base_a),
                None => (0, 0),
            };
            for (block, base) in [(a, Some(base_a)), (b, base_b)] {
                let Some(base) = base else {
                    break;
                };
                if let Some((e, found)) = scan(lines, base, wanted, owners, need, block, &mut miss)
                {
                    self.stats.hits += 1;
                    if block != head {
                        self.promote(head - 1, block - 1, e, found.words);
                    }
                    return Ok(found);
                }
            }
            (a, b) = after;
            first = false;
        }
        Err(miss)
    }

    /// Moves entry `e` of block `b` (its words `w`), just hit, into the newest place of its
    /// chain's first block `head`, and the entry that was there to where it was: the chain
    /// keeps the same entries, and the ones that decide searches are met in its first block
    /// (whose signatures a lookup tests at once) rather than blocks down. No lookup's
    /// [`Miss`] can point into the chain: its position has the chain's shape, so it is not
    /// in the search below a position still to be stored with one (they have more cards).
    /// Measured (2026-11-30, `docs/solver-notes.md` section 21): blocks read for hits on
    /// `random-4044-3163`'s table 29 % fewer, all blocks read 19 % fewer; tricks searched the
    /// same within 2 % (fewer on the hard deals).
    fn promote(&mut self, head: usize, b: usize, e: usize, w: [u32; 4]) {
        let len = (self.block_word(head, HEADER_LEN) as usize).min(BLOCK_ENTRIES);
        if len == 0 {
            return;
        }
        let he = len - 1;
        let displaced = self.entry(head, he);
        let sig = |t: &Self, b: usize, e: usize| Signature {
            owners: t.block_word(b, HEADER_SIG + e),
            mask: t.block_word(b, HEADER_MASK + e),
        };
        let (sig, displaced_sig) = (sig(self, b, e), sig(self, head, he));
        self.set_signed_entry(head, he, w, sig);
        self.set_signed_entry(b, e, displaced, displaced_sig);
    }

    /// Stores bounds `lower..=upper` on North-South's tricks for every position that `pattern`
    /// describes (with `shape`, `leader` on lead), narrowing the bounds of an identical
    /// pattern if there is one. `seen`: what the lookup of the position saw, if nothing was
    /// stored under its root since (then neither the root nor the identical pattern is
    /// searched for again).
    pub(crate) fn store(
        &mut self,
        shape: Shape,
        leader: usize,
        pattern: &Pattern,
        lower: u8,
        upper: u8,
        seen: Option<&Miss>,
    ) {
        if self.roots.len() == 0 || self.blocks == 0 {
            return;
        }
        self.stats.stores += 1;
        let tag = (self.generation << 2) | leader as u32;
        let fresh = [shape.0 as u32, (shape.0 >> 32) as u32, tag, 0];
        let known = seen.filter(|m| {
            m.epoch == self.epoch && m.slot.is_some() && usize::from(m.matched) <= MISS_MATCHES
        });
        let root = match known {
            Some(m) => {
                let slot = m.slot.unwrap_or(0);
                let want = encode(pattern, 0, 0);
                for &(b, e) in m.at.iter().take(usize::from(m.matched)) {
                    let (b, e) = (b as usize, usize::from(e));
                    let w = self.entry(b, e);
                    if w.iter().zip(&want).all(|(&a, &b)| a & !BOUND_BITS == b) {
                        self.narrow_entry(b, e, w, pattern, lower, upper);
                        return;
                    }
                }
                Root::Known(slot)
            }
            None => self.find_root(shape, leader),
        };
        let slot = match root {
            Root::Known(slot) => slot,
            Root::Found(slot) => {
                if self.narrow(slot, pattern, lower, upper) {
                    return;
                }
                slot
            }
            Root::Empty(slot) => {
                self.set_root(slot, fresh);
                slot
            }
            Root::Full(slot) => {
                self.stats.replaced += 1;
                self.free_chain(self.root_words(slot)[3] as usize);
                self.set_root(slot, fresh);
                slot
            }
            Root::None => return,
        };
        let words = encode(pattern, lower, upper);
        let head = self.root_words(slot)[3] as usize;
        if head != 0 {
            let b = head - 1;
            let len = self.block_word(b, HEADER_LEN) as usize;
            if len < BLOCK_ENTRIES {
                self.set_entry(b, len, words);
                self.set_block_word(b, HEADER_LEN, len as u32 + 1);
                return;
            }
        }
        let b = match self.allocate() {
            Some(b) => b,
            None => {
                // Nothing could be reclaimed: start over, then store into a fresh root.
                self.reset_full();
                let (Root::Empty(slot), Some(b)) = (self.find_root(shape, leader), self.allocate())
                else {
                    return;
                };
                let fresh = [
                    shape.0 as u32,
                    (shape.0 >> 32) as u32,
                    self.generation << 2 | leader as u32,
                    0,
                ];
                self.set_root(slot, fresh);
                return self.push_block(slot, b, words);
            }
        };
        // A harvest may have given up this very root.
        let root = self.root_words(slot);
        if root[2] >> 2 == self.generation && (root[0] != 0 || root[1] != 0) {
            self.push_block(slot, b, words);
        } else {
            self.release(b);
        }
    }

    /// Starts block `b` at the head of `slot`'s chain holding `words`.
    fn push_block(&mut self, slot: usize, b: usize, words: [u32; 4]) {
        let mut root = self.root_words(slot);
        self.set_entry(b, 0, words);
        self.set_block_word(b, HEADER_LEN, 1);
        self.set_block_word(b, HEADER_NEXT, root[3]);
        let after = match root[3] as usize {
            0 => 0,
            h => self.block_word(h - 1, HEADER_NEXT),
        };
        self.set_block_word(b, HEADER_AFTER_NEXT, after);
        root[3] = b as u32 + 1;
        self.set_root(slot, root);
    }

    /// A block to fill: a freed one, a never used one, or one a harvest frees.
    fn allocate(&mut self) -> Option<usize> {
        if self.free == 0 && self.next_block >= self.blocks {
            self.harvest();
        }
        let b = if self.free != 0 {
            let b = self.free - 1;
            self.free = self.block_word(b, HEADER_NEXT) as usize;
            b
        } else if self.next_block < self.blocks {
            self.next_block += 1;
            self.next_block - 1
        } else {
            return None;
        };
        self.in_use += 1;
        Some(b)
    }

    /// Puts block `b` on the free list (a new epoch: a [`Miss`] may point into it).
    fn release(&mut self, b: usize) {
        self.epoch = self.epoch.wrapping_add(1);
        self.set_block_word(b, HEADER_NEXT, self.free as u32);
        self.set_block_word(b, HEADER_LEN, 0);
        self.free = b + 1;
        self.in_use = self.in_use.saturating_sub(1);
    }

    /// Frees every block of the chain that starts at `head` (index + 1).
    fn free_chain(&mut self, mut head: usize) {
        let mut guard = self.blocks;
        while head != 0 && guard > 0 {
            let b = head - 1;
            head = self.block_word(b, HEADER_NEXT) as usize;
            self.release(b);
            guard -= 1;
        }
    }

    /// Ageing: gives up the roots nearest the end of the play (the cheapest positions to
    /// search again), a quarter of them at least, and frees their blocks.
    fn harvest(&mut self) {
        let mut by_cards = [0usize; 53];
        let mut live = 0;
        for slot in 0..self.roots.len() {
            let w = self.root_words(slot);
            let shape = u64::from(w[0]) | (u64::from(w[1]) << 32);
            if w[2] >> 2 == self.generation && shape != 0 {
                by_cards[Shape(shape).cards().min(52) as usize] += 1;
                live += 1;
            }
        }
        let (mut limit, mut count) = (0, 0);
        while limit < 52 && 4 * count < live {
            count += by_cards[limit];
            limit += 1;
        }
        let tomb = [0, 0, self.generation << 2, 0];
        for slot in 0..self.roots.len() {
            let w = self.root_words(slot);
            let shape = u64::from(w[0]) | (u64::from(w[1]) << 32);
            if w[2] >> 2 == self.generation && shape != 0 && (Shape(shape).cards() as usize) < limit
            {
                self.free_chain(w[3] as usize);
                self.set_root(slot, tomb);
            }
        }
        self.stats.harvests += 1;
    }

    /// Narrows the bounds of the entry identical to `pattern` under `slot`, if there is one.
    fn narrow(&mut self, slot: usize, pattern: &Pattern, lower: u8, upper: u8) -> bool {
        let want = encode(pattern, 0, 0);
        let mut block = self.root_words(slot)[3] as usize;
        while block != 0 {
            let b = block - 1;
            let len = (self.block_word(b, HEADER_LEN) as usize).min(BLOCK_ENTRIES);
            for e in 0..len {
                let w = self.entry(b, e);
                if w.iter().zip(&want).all(|(&a, &b)| a & !BOUND_BITS == b) {
                    self.narrow_entry(b, e, w, pattern, lower, upper);
                    return true;
                }
            }
            block = self.block_word(b, HEADER_NEXT) as usize;
        }
        false
    }

    /// Narrows entry `e` of block `b` (now `w`, identical to `pattern`) by `lower..=upper`.
    fn narrow_entry(
        &mut self,
        b: usize,
        e: usize,
        w: [u32; 4],
        pattern: &Pattern,
        lower: u8,
        upper: u8,
    ) {
        let (lo, up) = bounds(&w);
        let (lo, up) = (lo.max(lower), up.min(upper));
        // Sound bounds always overlap; keep the new ones if they did not.
        let (lo, up) = if lo <= up { (lo, up) } else { (lower, upper) };
        self.set_entry(b, e, encode(pattern, lo, up));
    }

    /// The table is full and a harvest freed nothing: every position goes, but the deal, the
    /// strain and the cut-off cards (hints for the same deal and strain) stay.
    fn reset_full(&mut self) {
        self.stats.resets += 1;
        self.new_generation();
    }
}

/// Scans the block whose first line is `base` (block index + 1 `block`) for an entry that
/// matches `owners` and decides `need`, newest first: its place and what it says. Entries
/// that match without deciding are noted in `miss`.
#[inline(always)]
fn scan(
    lines: &[TtLine],
    base: usize,
    wanted: u32,
    owners: &Pattern,
    need: u32,
    block: usize,
    miss: &mut Miss,
) -> Option<(usize, Found)> {
    let (Some(first), Some(second)) = (lines.get(base), lines.get(base + 1)) else {
        return None;
    };
    let len = (first.0[HEADER_LEN] as usize).min(BLOCK_ENTRIES);
    // Only entries whose signatures agree with the position can match: all the block's
    // signatures tested at once, without a branch, into a set of candidates.
    let mut candidates = 0u32;
    for e in 0..BLOCK_ENTRIES {
        let sig = Signature {
            owners: first.0[HEADER_SIG + e],
            mask: second.0[(HEADER_MASK + e) % 16],
        };
        candidates |= u32::from(may_match(sig, wanted)) << e;
    }
    candidates &= (1u32 << len) - 1;
    // Newest first.
    while candidates != 0 {
        let e = (31 - candidates.leading_zeros()) as usize;
        candidates &= !(1u32 << e);
        let w = entry_at(lines, base, e)?;
        // The bounds, and the owners suit by suit.
        let (lower, upper) = bounds(&w);
        if matches(&w, owners) {
            if u32::from(lower) >= need || u32::from(upper) < need {
                return Some((
                    e,
                    Found {
                        lower,
                        upper,
                        words: w,
                    },
                ));
            }
            if let Some(at) = miss.at.get_mut(usize::from(miss.matched)) {
                *at = (block as u32 - 1, e as u8);
            }
            miss.matched = miss.matched.saturating_add(1);
        }
    }
    None
}

/// Where a root is or would go.
enum Root {
    Found(usize),
    /// Found by the lookup before, with no entry identical to the one to store.
    Known(usize),
    Empty(usize),
    /// Its probe run is full; this slot may be replaced.
    Full(usize),
    /// No root can be kept.
    None,
}

/// Generations fit 30 bits (two bits of a root tag hold the leader).
const GEN_MASK: u32 = (1 << 30) - 1;
#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(seed: u32, cut: u8) -> Pattern {
        let mut p = Pattern::default();
        for s in 0..4 {
            p.cut[s] = cut;
            p.owners[s] =
                (seed.wrapping_mul(2_654_435_761) >> (s * 3)) & super::super::pattern::mask(cut);
        }
        p
    }

    #[test]
    fn stores_narrow_and_find() {
        let mut lines = [TtLine::ZERO; 64];
        let mut t = TransTable::new(&mut lines[..]);
        let shape = Shape(0x3333_3333_3333_3333);
        let p = pattern(7, 3);
        assert_eq!(t.lookup(shape, 1, &p, 2).ok(), None);
        t.store(shape, 1, &p, 2, 9, None);
        let f = t.lookup(shape, 1, &p, 2).unwrap();
        assert_eq!((f.lower, f.upper, f.pattern()), (2, 9, p));
        // Another leader, or a need the bounds do not decide: nothing.
        assert_eq!(t.lookup(shape, 2, &p, 2).ok(), None);
        assert_eq!(t.lookup(shape, 1, &p, 5).ok(), None);
        t.store(shape, 1, &p, 5, 13, None);
        assert_eq!(t.lookup(shape, 1, &p, 5).unwrap().upper, 9);
        assert_eq!(t.stats().stores, 2);
        // Many patterns under one root, and many roots: a small table ages, never fails.
        for i in 0..500 {
            t.store(
                Shape(i),
                (i % 4) as usize,
                &pattern(i as u32, 2),
                0,
                1,
                None,
            );
        }
        assert!(t.stats().harvests + t.stats().resets > 0);
        assert!(t.blocks_used() <= t.block_capacity());
    }

    #[test]
    fn a_store_after_a_miss_uses_what_the_lookup_saw() {
        let mut lines = [TtLine::ZERO; 64];
        let mut t = TransTable::new(&mut lines[..]);
        let shape = Shape(0x3333_3333_3333_3333);
        let (p, general) = (pattern(7, 3), pattern(7, 1));
        t.store(shape, 1, &p, 2, 9, None);
        t.store(shape, 1, &general, 0, 12, None);
        // Both entries match p's position; neither decides "at least 5".
        let miss = t.lookup(shape, 1, &p, 5).unwrap_err();
        assert_eq!((miss.matched, miss.slot.is_some()), (2, true));
        // The identical entry is narrowed in place, no new entry made.
        t.store(shape, 1, &p, 0, 7, Some(&miss));
        let f = t.lookup(shape, 1, &p, 8).unwrap();
        assert_eq!((f.lower, f.upper, f.pattern()), (2, 7, p));
        let again = t.lookup(shape, 1, &p, 5).unwrap_err();
        assert_eq!(again.matched, 2);
        // A pattern not seen goes in as a new entry under the root found.
        let other = pattern(9, 2);
        t.store(shape, 1, &other, 4, 4, Some(&again));
        assert_eq!(t.lookup(shape, 1, &other, 4).unwrap().pattern(), other);
        // Once the table has freed anything, a miss is not trusted: here it was cleared, and
        // the store starts a fresh root instead of writing where the old entries were.
        let stale = t.lookup(shape, 1, &p, 5).unwrap_err();
        t.clear();
        t.store(shape, 1, &p, 3, 3, Some(&stale));
        let f = t.lookup(shape, 1, &p, 3).unwrap();
        assert_eq!((f.lower, f.upper), (3, 3));
        assert_eq!(t.blocks_used(), 1);
    }

    #[test]
    fn a_long_chain_links_each_block_to_the_one_after_next() {
        let mut lines = [TtLine::ZERO; 128];
        let mut t = TransTable::new(&mut lines[..]);
        let shape = Shape(0x3333_3333_3333_3333);
        // 79 patterns: seven blocks, the last one not full; every one found with its bounds.
        let patterns: [Pattern; 79] = core::array::from_fn(|i| pattern(300 + i as u32, 3));
        for (i, p) in patterns.iter().enumerate() {
            t.store(shape, 1, p, i as u8 % 5, 13, None);
        }
        let Root::Found(slot) = t.find_root(shape, 1) else {
            panic!("no root");
        };
        let mut chain = [0usize; 8];
        let (mut n, mut b) = (0, t.root_words(slot)[3] as usize);
        while b != 0 {
            chain[n] = b;
            n += 1;
            b = t.block_word(b - 1, HEADER_NEXT) as usize;
        }
        assert_eq!(n, 7);
        for i in 0..n {
            let after = t.block_word(chain[i] - 1, HEADER_AFTER_NEXT) as usize;
            assert_eq!(after, chain.get(i + 2).copied().unwrap_or(0), "block {i}");
        }
        for (i, p) in patterns.iter().enumerate() {
            let f = t.lookup(shape, 1, p, i as u8 % 5).unwrap();
            assert_eq!((f.pattern(), f.lower, f.upper), (*p, i as u8 % 5, 13));
        }
    }

    #[test]
    fn a_hit_down_the_chain_moves_to_its_first_block() {
        let mut lines = [TtLine::ZERO; 64];
        let mut t = TransTable::new(&mut lines[..]);
        let shape = Shape(0x3333_3333_3333_3333);
        // Fifteen patterns under one root: three blocks, the first stored in the last block.
        let patterns: [Pattern; 15] = core::array::from_fn(|i| pattern(100 + i as u32, 3));
        for (i, p) in patterns.iter().enumerate() {
            t.store(shape, 2, p, i as u8 % 7, 13, None);
        }
        let Root::Found(slot) = t.find_root(shape, 2) else {
            panic!("no root");
        };
        let head = t.root_words(slot)[3] as usize - 1;
        let newest = |t: &TransTable<&mut [TtLine]>| {
            let len = t.block_word(head, HEADER_LEN) as usize;
            decode(t.entry(head, len - 1)).0
        };
        assert_eq!(newest(&t), patterns[14]);
        // A hit on the oldest entry takes the first block's newest place; the entry that was
        // there takes its place: every pattern is still found, with its own bounds.
        assert!(t.lookup(shape, 2, &patterns[0], 0).is_ok());
        assert_eq!(newest(&t), patterns[0]);
        for (i, p) in patterns.iter().enumerate() {
            let f = t.lookup(shape, 2, p, i as u8 % 7).unwrap();
            assert_eq!((f.pattern(), f.lower, f.upper), (*p, i as u8 % 7, 13));
        }
        // A hit in the first block moves nothing.
        let before = t.entry(head, 0);
        let len = t.block_word(head, HEADER_LEN) as usize;
        let first = decode(before).0;
        assert!(t.lookup(shape, 2, &first, 0).is_ok());
        assert_eq!(t.entry(head, 0), before);
        assert_eq!(t.block_word(head, HEADER_LEN) as usize, len);
    }

    #[test]
    fn harvests_give_up_the_positions_nearest_the_end() {
        let mut lines = [TtLine::ZERO; 256];
        let mut t = TransTable::new(&mut lines[..]);
        // A position with 48 cards (12 tricks) first, then many with 8 cards (2 tricks).
        let deep = Shape(0x3333_3333_3333_3333);
        let p = pattern(3, 4);
        t.store(deep, 0, &p, 5, 12, None);
        for i in 0..3000u64 {
            // Eight cards in all: the seats' spade counts spread the keys.
            let shape = Shape((i % 3) | ((2 - i % 3) << 4) | (2 << 16) | (2 << 32) | (2 << 48));
            t.store(shape, (i % 4) as usize, &pattern(i as u32, 3), 0, 1, None);
        }
        assert!(t.stats().harvests > 0, "{:?}", t.stats());
        assert_eq!(t.stats().resets, 0);
        assert_eq!(t.lookup(deep, 0, &p, 5).ok().map(|f| f.lower), Some(5));
    }

    #[test]
    fn what_the_memory_held_before_does_not_matter() {
        // The same stores and lookups (through harvests and a reset) over zeroed lines and
        // over lines of fives (a root slot of the first generation, leader 1, pointing at
        // block 4) find the same and count the same.
        let run = |fill: TtLine| {
            let mut lines = [fill; 256];
            let mut t = TransTable::new(&mut lines[..]);
            let mut seen = [0u8; 4000];
            for i in 0..4000u64 {
                let shape = Shape((i % 7) | ((i % 5) << 16) | (3 << 32) | (1 << 48));
                let p = pattern(i as u32, (i % 4) as u8 + 1);
                t.store(shape, (i % 4) as usize, &p, (i % 3) as u8, 9, None);
                t.set_cutoff_card(i, (i % 4) as usize, (i % 52) as u8);
                let back = Shape(((i / 2) % 7) | (((i / 2) % 5) << 16) | (3 << 32) | (1 << 48));
                let found = t.lookup(back, (i % 4) as usize, &p, 1).map(|f| f.lower);
                seen[i as usize] = found.unwrap_or(99) ^ t.cutoff_card(i / 3, 1).unwrap_or(77);
                if i == 2500 {
                    t.clear();
                }
            }
            (seen, t.stats(), t.blocks_used())
        };
        let zeroed = run(TtLine::ZERO);
        assert!(zeroed.1.harvests + zeroed.1.resets > 0, "{:?}", zeroed.1);
        assert!(zeroed.0.iter().any(|&x| x != 99 ^ 77));
        assert_eq!(zeroed, run(TtLine([5; 16])));
    }

    #[test]
    fn tiny_and_empty_tables() {
        let mut buffer = [TtLine::ZERO; 6];
        for n in 0..6 {
            let mut t = TransTable::new(&mut buffer[..n]);
            let p = pattern(1, 13);
            for i in 0..20 {
                t.store(Shape(i), 0, &p, 1, 1, None);
                t.set_cutoff_card(i, 2, 17);
            }
            let _ = t.lookup(Shape(3), 0, &p, 1);
            let _ = t.cutoff_card(3, 2);
        }
    }

    #[test]
    fn cutoff_cards_per_seat() {
        let mut lines = [TtLine::ZERO; 64];
        let mut t = TransTable::new(&mut lines[..]);
        assert_eq!(t.cutoff_card(42, 1), None);
        t.set_cutoff_card(42, 1, 30);
        t.set_cutoff_card(42, 3, 0);
        assert_eq!(
            (t.cutoff_card(42, 1), t.cutoff_card(42, 3)),
            (Some(30), Some(0))
        );
        assert_eq!(t.cutoff_card(42, 0), None);
        t.clear();
        assert_eq!(t.cutoff_card(42, 1), None);
    }

    #[test]
    fn signatures_never_rule_out_a_matching_entry() {
        use rand_core::Rng;
        let mut r = crate::rng::seeded(11);
        let (mut matching, mut ruled_out) = (0, 0);
        for _ in 0..50_000 {
            // A position, and an entry keeping its top `cut` owners of each suit, with the
            // owners of a random suit changed half the time.
            let bits = r.next_u64();
            let mut position = Pattern::default();
            let mut entry = Pattern::default();
            for s in 0..4 {
                let n = (bits >> (4 * s)) as u8 % 14;
                position.cut[s] = n;
                position.owners[s] = (r.next_u64() as u32) & super::super::pattern::mask(n);
                let cut = (bits >> (16 + 4 * s)) as u8 % (n + 1);
                entry.cut[s] = cut;
                entry.owners[s] = position.owners[s] & super::super::pattern::mask(cut);
            }
            if bits >> 63 == 1 {
                let s = (bits >> 40) as usize % 4;
                entry.owners[s] ^=
                    (r.next_u64() as u32) & super::super::pattern::mask(entry.cut[s]);
            }
            let w = encode(&entry, 0, 13);
            let passes = may_match(signature(&w), wanted(&position));
            if matches(&w, &position) {
                matching += 1;
                assert!(passes, "{entry:?} {position:?}");
            } else if !passes {
                ruled_out += 1;
            }
        }
        assert!(
            matching > 1000 && ruled_out > 1000,
            "{matching} {ruled_out}"
        );
    }

    #[test]
    fn slots_of_a_power_of_two_are_the_products_high_half() {
        let mut h = 0x0123_4567_89AB_CDEFu64;
        for _ in 0..1000 {
            h = h
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(0x632B_E59B_D9B4_E019);
            for n in (0..32)
                .map(|k| 1usize << k)
                .chain([3, 5, 6, 7, 1000, 98_304])
            {
                let product = ((u128::from(h) * n as u128) >> 64) as usize;
                assert_eq!(Slots::new(n).of(h), product, "h {h:#x}, n {n}");
                assert!(n == 0 || Slots::new(n).of(h) < n);
            }
            assert_eq!(Slots::new(0).of(h), 0);
        }
    }

    #[test]
    fn entries_round_trip() {
        let p = pattern(99, 13);
        for (lo, up) in [(0, 0), (3, 11), (13, 13), (0, 13)] {
            assert_eq!(decode(encode(&p, lo, up)), (p, lo, up));
        }
    }
}
