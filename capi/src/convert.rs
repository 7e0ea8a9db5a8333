//! DDS's encodings to cardtree's types and back, with DDS's checks in DDS's order (so a bad
//! input gets the code DDS gives it), and a few more where DDS reads past what it checked.
//!
//! - Suits 0..3 are spades, hearts, diamonds, clubs; strains 0..4 the same and no trump;
//!   hands 0..3 North, East, South, West.
//! - A holding has rank r (2..14) at bit r; a rank in a trick or a trace is the plain 2..14.
//! - A PBN deal (`remainCards`, `cards`) is read as DDS reads it: up to three characters
//!   before the first seat letter and its colon, then the hands in turn from that seat, suits
//!   separated by dots and hands by single spaces; ranks `2`-`9`, `T`, `J`, `Q`, `K`, `A` in
//!   either case; any other character skipped (so `-` for a void reads); a NUL within the 80
//!   bytes ends it.

use cardtree::bridge::{BridgePlay, Deal, PositionError, Seat, Strain};
use cardtree::{BySeat, Card, Cards, Rank, Suit};

use crate::codes;
use crate::types::{ddTableDeal, deal};

/// A DDS return code (negative: a fault).
pub(crate) type Code = i32;

/// Holdings by hand (N, E, S, W) and suit (spades first).
pub(crate) type Holdings = [[u32; 4]; 4];

/// The suit of DDS's suit index.
pub(crate) fn suit(i: i32) -> Option<Suit> {
    usize::try_from(i)
        .ok()
        .and_then(|i| Suit::PBN_ORDER.get(i).copied())
}

/// DDS's index of a suit (spades 0).
pub(crate) const fn suit_index(s: Suit) -> i32 {
    3 - s as i32
}

/// The strain of DDS's strain index.
pub(crate) fn strain(i: i32) -> Option<Strain> {
    if i == 4 {
        Some(Strain::NoTrump)
    } else {
        suit(i).map(Strain::with_trump)
    }
}

/// DDS's index of a strain (spades 0, no trump 4).
pub(crate) fn strain_index(s: Strain) -> usize {
    match s.trump() {
        Some(suit) => suit_index(suit) as usize,
        None => 4,
    }
}

/// The seat of DDS's hand index.
pub(crate) fn seat(i: i32) -> Option<Seat> {
    usize::try_from(i)
        .ok()
        .and_then(|i| Seat::ALL.get(i).copied())
}

/// The card of a DDS suit index and plain rank (2..14).
pub(crate) fn card(suit_i: i32, rank: i32) -> Option<Card> {
    let suit = suit(suit_i)?;
    let r = u8::try_from(rank.checked_sub(2)?).ok()?;
    Some(Card::new(suit, Rank::from_index(r)?))
}

/// The cards of a holding's rank bits (2..14; other bits ignored).
pub(crate) fn holding_cards(suit: Suit, holding: u32) -> Cards {
    Cards::from_suit_ranks(suit, ((holding >> 2) & 0x1FFF) as u16)
}

/// The holding of `cards` in `suit`.
pub(crate) fn holding_of(cards: Cards, suit: Suit) -> u32 {
    u32::from(cards.suit_ranks(suit)) << 2
}

/// The hands of holdings (bits outside 2..14 ignored).
pub(crate) fn hands_of(h: &Holdings) -> BySeat<Cards> {
    BySeat::from_fn(|seat| {
        let mut cards = Cards::EMPTY;
        for (i, &holding) in h[seat as usize].iter().enumerate() {
            if let Some(s) = Suit::PBN_ORDER.get(i) {
                cards = cards.union(holding_cards(*s, holding));
            }
        }
        cards
    })
}

/// The holdings of a deal's hands.
#[cfg(test)]
pub(crate) fn holdings_of(hands: &BySeat<Cards>) -> Holdings {
    let mut h = [[0u32; 4]; 4];
    for seat in Seat::ALL {
        for (i, &s) in Suit::PBN_ORDER.iter().enumerate() {
            h[seat as usize][i] = holding_of(hands[seat], s);
        }
    }
    h
}

/// A NUL-terminated PBN deal as DDS reads it; `None` where DDS's reader fails.
pub(crate) fn pbn_holdings(text: &[u8]) -> Option<Holdings> {
    let at = |i: usize| text.get(i).copied().unwrap_or(0);
    let compass = |c: u8| b"NnEeSsWw".contains(&c);
    let mut bp = 0;
    while bp < 3 && at(bp) != 0 && !compass(at(bp)) {
        bp += 1;
    }
    if bp >= 3 || at(bp) == 0 || at(bp + 1) != b':' {
        return None;
    }
    let first = match at(bp).to_ascii_uppercase() {
        b'N' => 0,
        b'E' => 1,
        b'S' => 2,
        _ => 3,
    };
    bp += 2;
    let mut h = [[0u32; 4]; 4];
    let (mut hand, mut suit) = (0usize, 0usize);
    while bp < text.len() && at(bp) != 0 {
        let c = at(bp);
        if let Some(rank) = Rank::from_char(char::from(c)) {
            let seat = (first + hand) % 4;
            *h.get_mut(seat)?.get_mut(suit)? |= 4 << rank.index();
        } else if c == b'.' {
            if suit >= 3 {
                return None;
            }
            suit += 1;
        } else if c == b' ' {
            if hand >= 3 {
                return None;
            }
            hand += 1;
            suit = 0;
        } else if compass(c) {
            return None;
        }
        bp += 1;
    }
    if bp >= text.len() || hand != 3 {
        return None;
    }
    Some(h)
}

/// DDS's checks of a table's deal: holdings within ranks 2..14, no card twice, every hand the
/// same size; then the deal.
pub(crate) fn table_deal(d: &ddTableDeal) -> Result<Deal, Code> {
    let mut sizes = [0u32; 4];
    for (h, hand) in d.cards.iter().enumerate() {
        for &holding in hand {
            if holding & !0x7FFC != 0 {
                return Err(codes::SUIT_OR_RANK);
            }
            sizes[h] += holding.count_ones();
        }
    }
    for s in 0..4 {
        let mut seen = 0;
        for hand in &d.cards {
            if seen & hand[s] != 0 {
                return Err(codes::DUPLICATE_CARDS);
            }
            seen |= hand[s];
        }
    }
    if sizes.iter().any(|&n| n != sizes[0]) {
        return Err(codes::CARD_COUNT);
    }
    if sizes[0] == 0 {
        return Err(codes::ZERO_CARDS);
    }
    Deal::from_hands(hands_of(&d.cards)).map_err(|_| codes::DUPLICATE_CARDS)
}

/// What a solve is asked, checked as DDS checks `target`, `solutions` and `mode`.
pub(crate) fn check_request(target: i32, solutions: i32, mode: i32) -> Result<(), Code> {
    if target < -1 {
        return Err(codes::TARGET_WRONG_LO);
    }
    if target > 13 {
        return Err(codes::TARGET_WRONG_HI);
    }
    if solutions < 1 {
        return Err(codes::SOLNS_WRONG_LO);
    }
    if solutions > 3 {
        return Err(codes::SOLNS_WRONG_HI);
    }
    if mode < 0 {
        return Err(codes::MODE_WRONG_LO);
    }
    if mode > 2 {
        return Err(codes::MODE_WRONG_HI);
    }
    Ok(())
}

/// The position of a `deal`, checked as DDS checks it (after [`check_request`]), `target`
/// against the tricks left.
pub(crate) fn position(dl: &deal, target: i32) -> Result<BridgePlay, Code> {
    let strain = strain(dl.trump).ok_or(codes::TRUMP_WRONG)?;
    let leader = seat(dl.first).ok_or(codes::FIRST_WRONG)?;
    // The trick's cards: ranks 0 (none) or 2..14 with a suit 0..3, none after a gap.
    let mut seen = [false; 3];
    for (k, (&r, &s)) in dl
        .currentTrickRank
        .iter()
        .zip(&dl.currentTrickSuit)
        .enumerate()
    {
        if r == 0 {
            continue;
        }
        seen[k] = true;
        if !(2..=14).contains(&r) || suit(s).is_none() {
            return Err(codes::SUIT_OR_RANK);
        }
    }
    // No card after a gap: the second needs the first, the third both.
    if matches!(seen, [_, false, true] | [false, true, _]) {
        return Err(codes::SUIT_OR_RANK);
    }
    for hand in &dl.remainCards {
        for &c in hand {
            if c != 0 && !(0x0004..0x8000).contains(&c) {
                return Err(codes::SUIT_OR_RANK);
            }
        }
    }
    let hands = hands_of(&dl.remainCards);
    // Counted as DDS counts: a card held twice counts twice (and is caught below).
    let count: u32 = dl
        .remainCards
        .iter()
        .flatten()
        .map(|&c| ((c >> 2) & 0x1FFF).count_ones())
        .sum();
    if count == 0 {
        return Err(codes::ZERO_CARDS);
    }
    if count > 52 {
        return Err(codes::TOO_MANY_CARDS);
    }
    // The tricks left, the one under way included: a quarter of the cards, rounded up.
    let tricks = count.div_ceil(4);
    if i64::from(tricks) < i64::from(target) {
        return Err(codes::TARGET_TOO_HIGH);
    }
    // The cards already played to the trick follow from the count.
    let played = ((52 - count) % 4) as usize;
    let mut sizes = [0u32; 4];
    for (h, hand) in dl.remainCards.iter().enumerate() {
        sizes[h] = hand.iter().map(|&c| ((c >> 2) & 0x1FFF).count_ones()).sum();
    }
    for k in 0..played {
        sizes[(dl.first as usize + k) % 4] += 1;
    }
    if sizes.iter().any(|&n| n != sizes[0]) {
        return Err(codes::CARD_COUNT);
    }
    let mut trick = heapless::Vec::<Card, 3>::new();
    for k in 0..played {
        let c = card(dl.currentTrickSuit[k], dl.currentTrickRank[k]).ok_or(codes::SUIT_OR_RANK)?;
        if hands.0.iter().any(|h| h.contains(c)) {
            return Err(codes::PLAYED_CARD);
        }
        let _ = trick.push(c);
    }
    let deal = Deal::from_hands(hands).map_err(|_| codes::DUPLICATE_CARDS)?;
    BridgePlay::with_trick(&deal, strain, leader, &trick).map_err(|e| match e {
        PositionError::HandSizes { .. } => codes::CARD_COUNT,
        PositionError::DuplicateCard(_) => codes::DUPLICATE_CARDS,
        _ => codes::SUIT_OR_RANK,
    })
}

/// The holdings of a deal read from PBN, as a `deal` with the rest of `dl`.
pub(crate) fn deal_from_pbn(
    trump: i32,
    first: i32,
    suits: [i32; 3],
    ranks: [i32; 3],
    text: &[u8],
) -> Result<deal, Code> {
    Ok(deal {
        trump,
        first,
        currentTrickSuit: suits,
        currentTrickRank: ranks,
        remainCards: pbn_holdings(text).ok_or(codes::PBN_FAULT)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> [u8; 80] {
        let mut b = [0u8; 80];
        b[..s.len()].copy_from_slice(s.as_bytes());
        b
    }

    #[test]
    fn pbn_reads_as_dds_reads_it() {
        // Three spaces make four hands, whatever is between them (sizes are checked later).
        let h = pbn_holdings(&text("W:AKQ.JT9.876.5432 - x x")).unwrap();
        assert_eq!(h[3][0], 0x7000);
        assert_eq!(h[0], [0; 4]);
        let h = pbn_holdings(&text("E:AK.Q.J.T 2.3.4.5 6.7.8.9 3..-.")).unwrap();
        // East first: East, South, West, North.
        assert_eq!(h[1][0], (1 << 14) | (1 << 13));
        assert_eq!(h[2][0], 1 << 2);
        assert_eq!(h[0][0], 1 << 3);
        assert_eq!(h[0][1], 0);
        assert!(
            pbn_holdings(&text("N:A.K.Q.J.T 2 3 4")).is_none(),
            "a fifth suit"
        );
        assert!(pbn_holdings(&text("N:A K Q J T")).is_none(), "a fifth hand");
        assert!(pbn_holdings(&text("N:A K Q")).is_none(), "three hands");
        assert!(
            pbn_holdings(&text("xx N:A K Q J")).is_none(),
            "the seat too far in"
        );
        assert!(pbn_holdings(&text("N A K Q J")).is_none(), "no colon");
        assert!(pbn_holdings(&[b'N'; 80]).is_none(), "no NUL");
        assert!(pbn_holdings(&text("n:a k q j")).is_some(), "either case");
    }

    #[test]
    fn encodings_round_trip() {
        for i in 0..5 {
            assert_eq!(strain_index(strain(i).unwrap()) as i32, i);
        }
        assert_eq!(strain(5), None);
        assert_eq!(strain(-1), None);
        assert_eq!(card(0, 14), Some("SA".parse().unwrap()));
        assert_eq!(card(3, 2), Some("C2".parse().unwrap()));
        assert_eq!(card(3, 15), None);
        assert_eq!(card(4, 2), None);
        assert_eq!(card(0, 1), None);
        assert_eq!(card(0, i32::MIN), None);
        let deal = Deal::random(&mut cardtree::rng::seeded(1));
        let h = holdings_of(deal.hands());
        assert_eq!(hands_of(&h), *deal.hands());
    }
}
