//! DDS's return codes and their messages (`ErrorMessage`): the interface's, so a program that
//! prints them prints what it printed with DDS.

/// Success.
pub const NO_FAULT: i32 = 1;
/// Anything else: a null pointer, a count that does not match, a panic caught at the boundary.
pub const UNKNOWN_FAULT: i32 = -1;
/// No cards in the hands.
pub const ZERO_CARDS: i32 = -2;
/// A target above the tricks left.
pub const TARGET_TOO_HIGH: i32 = -3;
/// A card in two places.
pub const DUPLICATE_CARDS: i32 = -4;
/// A target below -1.
pub const TARGET_WRONG_LO: i32 = -5;
/// A target above 13.
pub const TARGET_WRONG_HI: i32 = -7;
/// Solutions below 1.
pub const SOLNS_WRONG_LO: i32 = -8;
/// Solutions above 3.
pub const SOLNS_WRONG_HI: i32 = -9;
/// More than 52 cards.
pub const TOO_MANY_CARDS: i32 = -10;
/// A bad suit, rank or holding (or a card of the trick under way that does not follow suit).
pub const SUIT_OR_RANK: i32 = -12;
/// A card of the trick under way also in a hand.
pub const PLAYED_CARD: i32 = -13;
/// Hands of sizes that do not fit together.
pub const CARD_COUNT: i32 = -14;
/// A thread index outside the configured threads.
pub const THREAD_INDEX: i32 = -15;
/// A mode below 0.
pub const MODE_WRONG_LO: i32 = -16;
/// A mode above 2.
pub const MODE_WRONG_HI: i32 = -17;
/// A strain outside 0..4.
pub const TRUMP_WRONG: i32 = -18;
/// A leader outside 0..3.
pub const FIRST_WRONG: i32 = -19;
/// A bad play trace: a count, suit or rank out of range, or a card its player does not hold.
pub const PLAY_FAULT: i32 = -98;
/// A PBN deal that does not read.
pub const PBN_FAULT: i32 = -99;
/// More boards than a batch holds (or fewer than none).
pub const TOO_MANY_BOARDS: i32 = -101;
/// The worker threads could not be started.
pub const THREAD_CREATE: i32 = -102;
/// A worker thread failed.
pub const THREAD_WAIT: i32 = -103;
/// A threading back end that is not there.
pub const THREAD_MISSING: i32 = -104;
/// Every strain filtered out.
pub const NO_SUIT: i32 = -201;
/// More tables than a call holds.
pub const TOO_MANY_TABLES: i32 = -202;
/// A chunk size below 1.
pub const CHUNK_SIZE: i32 = -301;
/// A par call's table missing or with a cell outside 0..13 (DDS 3.1's code).
pub const PAR_TABLE_FAULT: i32 = -401;

/// The message of a code, as DDS words it; unknown codes get the general one.
#[must_use]
pub fn message(code: i32) -> &'static str {
    match code {
        NO_FAULT => "Success",
        ZERO_CARDS => "Zero cards",
        TARGET_TOO_HIGH => "Target exceeds number of tricks",
        DUPLICATE_CARDS => "Cards duplicated",
        TARGET_WRONG_LO => "Target is less than -1",
        TARGET_WRONG_HI => "Target is higher than 13",
        SOLNS_WRONG_LO => "Solutions parameter is less than 1",
        SOLNS_WRONG_HI => "Solutions parameter is higher than 3",
        TOO_MANY_CARDS => "Too many cards",
        SUIT_OR_RANK => "currentTrickSuit or currentTrickRank has wrong data",
        PLAYED_CARD => "Played card also remains in a hand",
        CARD_COUNT => "Wrong number of remaining cards in a hand",
        THREAD_INDEX => "Thread index is not 0 .. maximum",
        MODE_WRONG_LO => "Mode parameter is less than 0",
        MODE_WRONG_HI => "Mode parameter is higher than 2",
        TRUMP_WRONG => "Trump is not in 0 .. 4",
        FIRST_WRONG => "First is not in 0 .. 2",
        PLAY_FAULT => "AnalysePlay input error",
        PBN_FAULT => "PBN string error",
        TOO_MANY_BOARDS => "Too many Boards requested",
        THREAD_CREATE => "Could not create threads",
        THREAD_WAIT => "Something failed waiting for thread to end",
        THREAD_MISSING => "Multi-threading system not present",
        NO_SUIT => "Denomination filter vector has no entries",
        TOO_MANY_TABLES => "Too many DD tables requested",
        CHUNK_SIZE => "Chunk size is less than 1",
        PAR_TABLE_FAULT => "Missing double dummy table, or an entry outside the range 0 to 13",
        _ => "General error",
    }
}
