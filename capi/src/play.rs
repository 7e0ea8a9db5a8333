//! `AnalysePlay`: the double-dummy value of a played hand before each card, DDS's way (the
//! core's [`trace`] gives all 53 values; DDS's count stops one trick short, at most 49).

use cardtree::Card;
use cardtree::bridge::{TableMemory, TransTable, trace};

use crate::codes;
use crate::convert::{self, Code};
use crate::types::{deal, playTraceBin, playTracePBN, solvedPlay};

/// Analyses `play` from `dl` as DDS's `AnalysePlayBin` does, on `table`.
pub(crate) fn analyse_play<M: TableMemory>(
    dl: &deal,
    play: &playTraceBin,
    table: &mut TransTable<M>,
) -> Result<solvedPlay, Code> {
    let start = convert::position(dl, -1)?;
    if !(0..=52).contains(&play.number) {
        return Err(codes::PLAY_FAULT);
    }
    // DDS's count: the trace runs to card `last_card` of trick `last_trick` (counting the
    // trick under way, whose cards played before the start are not in the trace), never into
    // the last trick; one value more than the cards it analyses.
    let tricks = i32::from(start.tricks_left());
    let before = start.trick().len() as i32;
    let (mut last_trick, mut last_card) = ((play.number + 3) / 4, (play.number + 3) % 4 + 1);
    if last_trick >= tricks {
        last_trick = tricks - 1;
        last_card = 4;
    }
    // At least the value before the first card: DDS's count is 0 or less one trick from the
    // end with a trick under way.
    let number = (4 * last_trick + last_card - 3 - before).max(1);
    let analysed = usize::try_from(number - 1).unwrap_or(0).min(52);
    let mut cards = heapless::Vec::<Card, 52>::new();
    for i in 0..analysed {
        let c = convert::card(play.suit[i], play.rank[i]).ok_or(codes::PLAY_FAULT)?;
        let _ = cards.push(c);
    }
    let t = trace(&start, &cards, table).map_err(|_| codes::PLAY_FAULT)?;
    let mut out = solvedPlay {
        number,
        tricks: [0; 53],
    };
    for (slot, &v) in out.tricks.iter_mut().zip(t.values()) {
        *slot = i32::from(v);
    }
    Ok(out)
}

/// A PBN trace (`SAHKD2...`, two characters a card) as DDS reads it.
pub(crate) fn trace_from_pbn(p: &playTracePBN) -> Result<playTraceBin, Code> {
    if !(0..=52).contains(&p.number) {
        return Err(codes::PLAY_FAULT);
    }
    let mut out = playTraceBin {
        number: p.number,
        suit: [0; 52],
        rank: [0; 52],
    };
    for i in 0..p.number as usize {
        let s = p.cards.get(2 * i).copied().unwrap_or(0);
        let r = p.cards.get(2 * i + 1).copied().unwrap_or(0);
        out.suit[i] = match s.to_ascii_uppercase() {
            b'S' => 0,
            b'H' => 1,
            b'D' => 2,
            b'C' => 3,
            _ => return Err(codes::PLAY_FAULT),
        };
        out.rank[i] = cardtree::Rank::from_char(char::from(r))
            .ok_or(codes::PLAY_FAULT)?
            .index() as i32
            + 2;
    }
    Ok(out)
}
