//! The structures of DDS's C interface, laid out as `include/dds.h` declares them (and DDS's
//! own `dll.h`: the same sizes and offsets, checked in this module's tests and by the C
//! program of `tests/c/`). Field names follow the header.

#![allow(non_snake_case, non_camel_case_types)]

/// The most boards of a batch.
pub const MAXNOOFBOARDS: usize = 200;
/// The most tables of a `CalcAllTables` call (times the strains asked for, at most 200).
pub const MAXNOOFTABLES: usize = 40;

/// `struct futureTricks`: the answer of a solve.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct futureTricks {
    /// The solver's work.
    pub nodes: i32,
    /// Groups of equal cards listed.
    pub cards: i32,
    /// Each group's top card: suit 0..3 (spades first).
    pub suit: [i32; 13],
    /// Each group's top card: rank 2..14.
    pub rank: [i32; 13],
    /// The group's other cards, a holding.
    pub equals: [i32; 13],
    /// The group's score.
    pub score: [i32; 13],
}

/// `struct deal`: a position with holdings as bit masks.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct deal {
    /// Strain 0..4 (spades .. clubs, no trump).
    pub trump: i32,
    /// The leader of the trick under way, 0..3 (N, E, S, W).
    pub first: i32,
    /// The suits of the cards played to it.
    pub currentTrickSuit: [i32; 3],
    /// Their ranks, 2..14 (0: none).
    pub currentTrickRank: [i32; 3],
    /// Each hand's cards left, by suit.
    pub remainCards: [[u32; 4]; 4],
}

/// `struct dealPBN`: a position with the cards left as PBN text.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct dealPBN {
    /// As in [`deal`].
    pub trump: i32,
    /// As in [`deal`].
    pub first: i32,
    /// As in [`deal`].
    pub currentTrickSuit: [i32; 3],
    /// As in [`deal`].
    pub currentTrickRank: [i32; 3],
    /// A NUL-terminated PBN deal.
    pub remainCards: [u8; 80],
}

/// `struct boards`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct boards {
    /// The boards given.
    pub noOfBoards: i32,
    /// Their positions.
    pub deals: [deal; MAXNOOFBOARDS],
    /// Their targets.
    pub target: [i32; MAXNOOFBOARDS],
    /// Their solutions.
    pub solutions: [i32; MAXNOOFBOARDS],
    /// Their modes.
    pub mode: [i32; MAXNOOFBOARDS],
}

/// `struct boardsPBN`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct boardsPBN {
    /// The boards given.
    pub noOfBoards: i32,
    /// Their positions.
    pub deals: [dealPBN; MAXNOOFBOARDS],
    /// Their targets.
    pub target: [i32; MAXNOOFBOARDS],
    /// Their solutions.
    pub solutions: [i32; MAXNOOFBOARDS],
    /// Their modes.
    pub mode: [i32; MAXNOOFBOARDS],
}

/// `struct solvedBoards`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct solvedBoards {
    /// The boards solved.
    pub noOfBoards: i32,
    /// Their answers.
    pub solvedBoard: [futureTricks; MAXNOOFBOARDS],
}

/// `struct ddTableDeal`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ddTableDeal {
    /// Each hand's cards, by suit.
    pub cards: [[u32; 4]; 4],
}

/// `struct ddTableDeals`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ddTableDeals {
    /// The tables asked for.
    pub noOfTables: i32,
    /// Their deals.
    pub deals: [ddTableDeal; MAXNOOFTABLES * 5],
}

/// `struct ddTableDealPBN`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ddTableDealPBN {
    /// A NUL-terminated PBN deal.
    pub cards: [u8; 80],
}

/// `struct ddTableDealsPBN`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ddTableDealsPBN {
    /// The tables asked for.
    pub noOfTables: i32,
    /// Their deals.
    pub deals: [ddTableDealPBN; MAXNOOFTABLES * 5],
}

/// `struct ddTableResults`: `resTable[strain][hand]`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ddTableResults {
    /// The tricks each hand takes as declarer in each strain.
    pub resTable: [[i32; 4]; 5],
}

/// `struct ddTablesRes`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ddTablesRes {
    /// Four times the strain solves done.
    pub noOfBoards: i32,
    /// The tables.
    pub results: [ddTableResults; MAXNOOFTABLES * 5],
}

/// `struct parResults`: par as text, North-South bidding first, then East-West.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct parResults {
    /// `NS 420`, `EW -420`.
    pub parScore: [[u8; 16]; 2],
    /// `NS:NS 4S`, ...
    pub parContractsString: [[u8; 128]; 2],
}

/// `struct allParResults`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct allParResults {
    /// One a table.
    pub presults: [parResults; MAXNOOFTABLES],
}

/// `struct parResultsDealer`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct parResultsDealer {
    /// Par contracts.
    pub number: i32,
    /// The par score for North-South.
    pub score: i32,
    /// The contracts as text (`4S*-EW-1`).
    pub contracts: [[u8; 10]; 10],
}

/// `struct contractType`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct contractType {
    /// 0: made; else the undertricks of a sacrifice.
    pub underTricks: i32,
    /// Overtricks.
    pub overTricks: i32,
    /// 1..7.
    pub level: i32,
    /// 0 no trump, 1 spades, 2 hearts, 3 diamonds, 4 clubs.
    pub denom: i32,
    /// 0..3 a hand, 4 NS, 5 EW.
    pub seats: i32,
}

/// `struct parResultsMaster`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct parResultsMaster {
    /// The par score for North-South.
    pub score: i32,
    /// Par contracts.
    pub number: i32,
    /// The contracts.
    pub contracts: [contractType; 10],
}

/// `struct parTextResults`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct parTextResults {
    /// The text with each side bidding first.
    pub parText: [[u8; 128]; 2],
    /// Whether the two are the same.
    pub equal: bool,
}

/// `struct playTraceBin`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct playTraceBin {
    /// Cards played.
    pub number: i32,
    /// Their suits.
    pub suit: [i32; 52],
    /// Their ranks.
    pub rank: [i32; 52],
}

/// `struct playTracePBN`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct playTracePBN {
    /// Cards played.
    pub number: i32,
    /// Two characters a card, suit then rank (`SAHT`), NUL-terminated.
    pub cards: [u8; 106],
}

/// `struct solvedPlay`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct solvedPlay {
    /// Values given.
    pub number: i32,
    /// Declarer's side's tricks before each card.
    pub tricks: [i32; 53],
}

/// `struct playTracesBin`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct playTracesBin {
    /// Traces given.
    pub noOfBoards: i32,
    /// The traces.
    pub plays: [playTraceBin; MAXNOOFBOARDS],
}

/// `struct playTracesPBN`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct playTracesPBN {
    /// Traces given.
    pub noOfBoards: i32,
    /// The traces.
    pub plays: [playTracePBN; MAXNOOFBOARDS],
}

/// `struct solvedPlays`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct solvedPlays {
    /// Traces analysed.
    pub noOfBoards: i32,
    /// Their values.
    pub solved: [solvedPlay; MAXNOOFBOARDS],
}

/// `struct DDSInfo`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct DDSInfo {
    /// The interface's version.
    pub major: i32,
    /// The interface's version.
    pub minor: i32,
    /// The interface's version.
    pub patch: i32,
    /// `3.1.0`.
    pub versionString: [u8; 10],
    /// The system (DDS's codes: 1 Windows, 2 Cygwin, 3 Linux, 4 Apple).
    pub system: i32,
    /// 32 or 64.
    pub numBits: i32,
    /// The compiler (DDS's codes; 0 here: Rust is none of them).
    pub compiler: i32,
    /// 1: set up by a load-time constructor.
    pub constructor: i32,
    /// Cores.
    pub numCores: i32,
    /// The threading back end (DDS's codes; 5, the standard library's threads).
    pub threading: i32,
    /// Threads configured.
    pub noOfThreads: i32,
    /// Each thread's table, as text.
    pub threadSizes: [u8; 128],
    /// A description, as text.
    pub systemString: [u8; 1024],
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::{offset_of, size_of};

    /// The sizes and offsets `include/dds.h` gives on every platform DDS supports (every field
    /// an `int`, `unsigned int` or `char`, so no platform pads differently).
    #[test]
    fn layouts_match_the_header() {
        assert_eq!(size_of::<futureTricks>(), 216);
        assert_eq!(offset_of!(futureTricks, suit), 8);
        assert_eq!(offset_of!(futureTricks, equals), 112);
        assert_eq!(offset_of!(futureTricks, score), 164);
        assert_eq!(size_of::<deal>(), 96);
        assert_eq!(offset_of!(deal, currentTrickRank), 20);
        assert_eq!(offset_of!(deal, remainCards), 32);
        assert_eq!(size_of::<dealPBN>(), 112);
        assert_eq!(offset_of!(dealPBN, remainCards), 32);
        assert_eq!(size_of::<boards>(), 21_604);
        assert_eq!(offset_of!(boards, target), 19_204);
        assert_eq!(offset_of!(boards, mode), 20_804);
        assert_eq!(size_of::<boardsPBN>(), 24_804);
        assert_eq!(offset_of!(boardsPBN, target), 22_404);
        assert_eq!(size_of::<solvedBoards>(), 43_204);
        assert_eq!(size_of::<ddTableDeal>(), 64);
        assert_eq!(size_of::<ddTableDeals>(), 12_804);
        assert_eq!(size_of::<ddTableDealPBN>(), 80);
        assert_eq!(size_of::<ddTableDealsPBN>(), 16_004);
        assert_eq!(size_of::<ddTableResults>(), 80);
        assert_eq!(size_of::<ddTablesRes>(), 16_004);
        assert_eq!(size_of::<parResults>(), 288);
        assert_eq!(offset_of!(parResults, parContractsString), 32);
        assert_eq!(size_of::<allParResults>(), 11_520);
        assert_eq!(size_of::<parResultsDealer>(), 108);
        assert_eq!(size_of::<contractType>(), 20);
        assert_eq!(size_of::<parResultsMaster>(), 208);
        assert_eq!(size_of::<parTextResults>(), 257);
        assert_eq!(offset_of!(parTextResults, equal), 256);
        assert_eq!(size_of::<playTraceBin>(), 420);
        assert_eq!(size_of::<playTracePBN>(), 112);
        assert_eq!(size_of::<solvedPlay>(), 216);
        assert_eq!(size_of::<playTracesBin>(), 84_004);
        assert_eq!(size_of::<playTracesPBN>(), 22_404);
        assert_eq!(size_of::<solvedPlays>(), 43_204);
        assert_eq!(size_of::<DDSInfo>(), 1204);
        assert_eq!(offset_of!(DDSInfo, system), 24);
        assert_eq!(offset_of!(DDSInfo, threadSizes), 52);
        assert_eq!(offset_of!(DDSInfo, systemString), 180);
    }
}
