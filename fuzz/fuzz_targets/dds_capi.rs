//! cardtree's libdds (`capi/`) driven as a C program would drive it, with raw bytes: the first
//! byte picks an export, the next ones its integer arguments (any value, negative and past
//! every limit included: thread indices, targets, solution counts, modes, dealers,
//! vulnerabilities, board counts), and the rest fill the structure it reads byte for byte as
//! it lies in memory (holdings with any bits, ranks and suits out of range, PBN text with no
//! NUL in its 80 bytes, traces with any card count). Each call must return (a code, never a
//! crash: libFuzzer's sanitizer also catches a read or write past a buffer), and a call that
//! succeeds must give answers inside their ranges.
#![no_main]

use std::mem::{MaybeUninit, size_of};
use std::sync::Once;

use cardtree_fuzz::Bytes;
use dds::types::{
    MAXNOOFBOARDS, boards, boardsPBN, ddTableDeal, ddTableDealPBN, ddTableDeals, ddTableResults,
    ddTablesRes, deal, dealPBN, futureTricks, parResultsDealer, parResultsMaster, playTraceBin,
    playTracePBN, solvedBoards, solvedPlay,
};
use libfuzzer_sys::fuzz_target;

/// A value of `T` with its bytes from `raw` (zeros past its end). Only for the structures of
/// `dds.h` that hold integers and bytes, for which every bit pattern is a value.
fn filled<T>(raw: &[u8]) -> Box<T> {
    let mut b: Box<MaybeUninit<T>> = Box::new(MaybeUninit::zeroed());
    let n = raw.len().min(size_of::<T>());
    // SAFETY: `n` bytes fit in the box; the callers' `T`s are integer and byte arrays, valid
    // for any bits.
    unsafe {
        std::ptr::copy_nonoverlapping(raw.as_ptr(), b.as_mut_ptr().cast::<u8>(), n);
        Box::from_raw(Box::into_raw(b).cast::<T>())
    }
}

/// An output structure, zeroed.
fn zeroed<T>() -> Box<T> {
    filled(&[])
}

/// A signed argument from one byte: -128 to 127, enough to cross every small limit.
fn arg(bytes: &mut Bytes<'_>) -> i32 {
    i32::from(bytes.byte() as i8)
}

fn check_future(f: &futureTricks) {
    assert!((0..=13).contains(&f.cards), "cards {}", f.cards);
    for i in 0..f.cards as usize {
        assert!((0..=3).contains(&f.suit[i]) && (2..=14).contains(&f.rank[i]));
        assert!((-2..=13).contains(&f.score[i]), "score {}", f.score[i]);
    }
}

fuzz_target!(|data: &[u8]| {
    static THREADS: Once = Once::new();
    // Two threads with small tables: batches still spread, and each input stays quick.
    THREADS.call_once(|| dds::SetResources(64, 2));

    let mut bytes = Bytes::new(data);
    let call = bytes.byte() % 12;
    let (a, b, c, d) = (
        arg(&mut bytes),
        arg(&mut bytes),
        arg(&mut bytes),
        arg(&mut bytes),
    );
    let raw = bytes.rest();
    // SAFETY (every call below): each pointer is to a whole structure of the header's type
    // (or a 512-byte text buffer), as the interface requires; the arguments are anything.
    unsafe {
        match call {
            0 => {
                let mut f = zeroed::<futureTricks>();
                if dds::SolveBoard(*filled::<deal>(raw), a, b, c, &mut *f, d) == 1 {
                    check_future(&f);
                }
            }
            1 => {
                // trump, first and the trick from the arguments; the text is the rest.
                let mut dl = filled::<dealPBN>(&[]);
                dl.trump = a;
                dl.first = b;
                let n = raw.len().min(dl.remainCards.len());
                dl.remainCards[..n].copy_from_slice(&raw[..n]);
                let mut f = zeroed::<futureTricks>();
                if dds::SolveBoardPBN(*dl, -1, 3, c, &mut *f, d) == 1 {
                    check_future(&f);
                }
            }
            2 => {
                let mut t = zeroed::<ddTableResults>();
                if dds::CalcDDtable(*filled::<ddTableDeal>(raw), &mut *t) == 1 {
                    assert!(t.resTable.iter().flatten().all(|x| (0..=13).contains(x)));
                }
            }
            3 => {
                let mut t = zeroed::<ddTableResults>();
                let mut p = zeroed::<dds::types::parResults>();
                let _ = dds::CalcParPBN(*filled::<ddTableDealPBN>(raw), &mut *t, a, &mut *p);
            }
            4 => {
                let mut deals = filled::<ddTableDeals>(raw);
                deals.noOfTables = a;
                let mut res = zeroed::<ddTablesRes>();
                let filter = [b & 1, b & 2, b & 4, b & 8, b & 16];
                let mut pres = zeroed::<dds::types::allParResults>();
                let _ = dds::CalcAllTables(&*deals, c, filter.as_ptr(), &mut *res, &mut *pres);
            }
            5 => {
                let mut deals = filled::<dds::types::ddTableDealsPBN>(raw);
                deals.noOfTables = a;
                let mut res = zeroed::<ddTablesRes>();
                let filter = [0; 5];
                let _ = dds::CalcAllTablesPBN(
                    &*deals,
                    c,
                    filter.as_ptr(),
                    &mut *res,
                    std::ptr::null_mut(),
                );
            }
            6 => {
                let mut bo = filled::<boards>(raw);
                bo.noOfBoards = a.rem_euclid(MAXNOOFBOARDS as i32 + 2);
                let mut solved = zeroed::<solvedBoards>();
                if dds::SolveAllBoardsBin(&*bo, &mut *solved) == 1 {
                    for f in &solved.solvedBoard[..bo.noOfBoards as usize] {
                        check_future(f);
                    }
                }
            }
            7 => {
                let mut bo = filled::<boardsPBN>(raw);
                bo.noOfBoards = a;
                let mut solved = zeroed::<solvedBoards>();
                let _ = dds::SolveAllChunksPBN(&*bo, &mut *solved, b);
            }
            8 => {
                let table = filled::<ddTableResults>(raw);
                let mut dealer = zeroed::<parResultsDealer>();
                let _ = dds::DealerPar(&*table, &mut *dealer, a, b);
                let mut master = zeroed::<parResultsMaster>();
                if dds::DealerParBin(&*table, &mut *master, a, b) == 1 {
                    let mut text = [0u8; 512];
                    let _ = dds::ConvertToDealerTextFormat(&*master, text.as_mut_ptr());
                }
                let mut sides = zeroed::<[parResultsDealer; 2]>();
                let _ = dds::SidesPar(&*table, sides.as_mut_ptr(), b);
                let mut p = zeroed::<dds::types::parResults>();
                let _ = dds::Par(&*table, &mut *p, b);
            }
            9 => {
                // Any master result, as a caller might pass one it did not get from DDS.
                let master = filled::<parResultsMaster>(raw);
                let mut text = [0u8; 512];
                let _ = dds::ConvertToDealerTextFormat(&*master, text.as_mut_ptr());
            }
            10 => {
                let (dl, rest) = raw.split_at(raw.len().min(size_of::<deal>()));
                let mut solved = zeroed::<solvedPlay>();
                let r = dds::AnalysePlayBin(
                    *filled::<deal>(dl),
                    *filled::<playTraceBin>(rest),
                    &mut *solved,
                    a,
                );
                if r == 1 {
                    assert!((1..=53).contains(&solved.number));
                }
            }
            _ => {
                let mut dl = filled::<dealPBN>(&[]);
                dl.trump = a;
                dl.first = b;
                let (text, trace) = raw.split_at(raw.len().min(dl.remainCards.len()));
                dl.remainCards[..text.len()].copy_from_slice(text);
                let mut play = filled::<playTracePBN>(&[]);
                play.number = c;
                let n = trace.len().min(play.cards.len());
                play.cards[..n].copy_from_slice(&trace[..n]);
                let mut solved = zeroed::<solvedPlay>();
                let _ = dds::AnalysePlayPBN(*dl, *play, &mut *solved, d);
            }
        }
        let mut line = [0u8; 80];
        dds::ErrorMessage(a, line.as_mut_ptr());
    }
});
