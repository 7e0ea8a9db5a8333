//! The par calls, over the core's two par conventions: `DealerPar` and the forms DDS derives
//! from it (`DealerParBin`, `ConvertToDealerTextFormat`) over [`par`], which follows DDS's
//! dealer par; `Par`, `SidesPar`, `SidesParBin` and `ConvertToSidesTextFormat` over
//! [`sides_par`] (each side bidding first). The text is DDS's to the byte, quirks included:
//! `DealerParBin` reads its numbers back out of `DealerPar`'s text at fixed places and sorts the
//! contracts by denomination; `ConvertToSidesTextFormat` cuts `Par -1100: ` to nine
//! characters.

use cardtree::Side;
use cardtree::bridge::{
    DdTable, Declarers, Par, Penalty, Seat, Strain, Vulnerability, par, sides_par,
};

use crate::codes;
use crate::convert::{Code, seat, strain_index};
use crate::types::{contractType, ddTableResults, parResults, parResultsDealer, parResultsMaster};

/// DDS's checks of a par call's table (each cell 0..13) and vulnerability (0..3: none, both,
/// NS, EW); the core's table.
pub(crate) fn table(t: &ddTableResults, vulnerable: i32) -> Result<(DdTable, Vulnerability), Code> {
    if t.resTable.iter().flatten().any(|&c| !(0..=13).contains(&c)) {
        return Err(codes::PAR_TABLE_FAULT);
    }
    let vul = match vulnerable {
        0 => Vulnerability::None,
        1 => Vulnerability::Both,
        2 => Vulnerability::NorthSouth,
        3 => Vulnerability::EastWest,
        _ => return Err(codes::UNKNOWN_FAULT),
    };
    let dd = DdTable::from_fn(|declarer: Seat, strain: Strain| {
        t.resTable[strain_index(strain)][declarer as usize] as u8
    });
    Ok((dd, vul))
}

/// A contract as `DealerPar` writes it: `4S*-EW-1`, `3N-S+1`, and a sacrifice in the strain
/// it stops by the one player who bids it at its level without the `*`: `5H-E-2`.
fn dealer_text(c: &cardtree::bridge::ParContract) -> heapless::String<10> {
    use core::fmt::Write as _;
    let mut s = heapless::String::new();
    let k = c.contract;
    let _ = write!(s, "{}", k.level());
    let _ = s.push(k.strain().trump().map_or('N', cardtree::Suit::char));
    if k.penalty() != Penalty::Undoubled && !c.by_one_in_strain {
        let _ = s.push('*');
    }
    let _ = write!(s, "-{}", c.declarers);
    match c.result {
        0 => {}
        r if r > 0 => {
            let _ = write!(s, "+{r}");
        }
        r if c.by_one_in_strain => {
            let _ = write!(s, "-{}", -r);
        }
        r => {
            let _ = write!(s, "{r}");
        }
    }
    s
}

/// `DealerPar`: the par for `dealer` (0..3) as text.
pub(crate) fn dealer_par(
    t: &ddTableResults,
    dealer: i32,
    vulnerable: i32,
) -> Result<parResultsDealer, Code> {
    let (dd, vul) = table(t, vulnerable)?;
    let dealer = seat(dealer).ok_or(codes::UNKNOWN_FAULT)?;
    let p = par(&dd, dealer, vul);
    Ok(dealer_result(&p))
}

fn dealer_result(p: &Par) -> parResultsDealer {
    let mut out = parResultsDealer {
        number: 0,
        score: p.score_ns,
        contracts: [[0; 10]; 10],
    };
    if p.contracts.is_empty() {
        out.number = 1;
        out.contracts[0][..4].copy_from_slice(b"pass");
        return out;
    }
    for (slot, c) in out.contracts.iter_mut().zip(&p.contracts) {
        let text = dealer_text(c);
        let n = text.len().min(9);
        slot[..n].copy_from_slice(&text.as_bytes()[..n]);
        out.number += 1;
    }
    out
}

/// `DealerParBin`: `DealerPar`'s result as numbers, read back from its text as DDS does.
pub(crate) fn dealer_par_bin(
    t: &ddTableResults,
    dealer: i32,
    vulnerable: i32,
) -> Result<parResultsMaster, Code> {
    let text = dealer_par(t, dealer, vulnerable)?;
    let mut out = parResultsMaster::default();
    if text.contracts[0][0] == b'p' {
        out.number = 1;
        return Ok(out);
    }
    let number = usize::try_from(text.number).unwrap_or(0).min(10);
    // Sorted by denomination, no trump first (a stable insertion sort, as DDS's).
    let denom = |c: &[u8; 10]| match c[1] {
        b'N' => 0,
        b'S' => 1,
        b'H' => 2,
        b'D' => 3,
        _ => 4,
    };
    let mut list: heapless::Vec<[u8; 10], 10> = text.contracts[..number].iter().copied().collect();
    for i in 1..list.len() {
        let mut j = i;
        while j > 0 && denom(&list[j]) < denom(&list[j - 1]) {
            list.swap(j - 1, j);
            j -= 1;
        }
    }
    out.score = text.score;
    out.number = text.number;
    // Whether a sacrifice is read from the first contract's text, as DDS reads it.
    let sacrifice = text.contracts[0][2] == b'*';
    let contains = |c: &[u8; 10], pat: &[u8]| {
        let end = c.iter().position(|&b| b == 0).unwrap_or(10);
        c[..end].windows(pat.len()).any(|w| w == pat)
    };
    for (slot, c) in out.contracts.iter_mut().zip(&list) {
        let mut delta = 1usize;
        slot.level = i32::from(c[0]) - i32::from(b'0');
        slot.denom = denom(c);
        slot.seats = if contains(c, b"NS") {
            4
        } else if contains(c, b"EW") {
            5
        } else {
            delta = 0;
            if contains(c, b"-N") {
                0
            } else if contains(c, b"-E") {
                1
            } else if contains(c, b"-S") {
                2
            } else {
                3
            }
        };
        if sacrifice {
            slot.underTricks = i32::from(c[6 + delta]) - i32::from(b'0');
            slot.overTricks = 0;
        } else {
            slot.overTricks = if c.contains(&b'+') {
                i32::from(c[5 + delta]) - i32::from(b'0')
            } else {
                0
            };
            slot.underTricks = 0;
        }
    }
    Ok(out)
}

/// `ConvertToDealerTextFormat`: `Par -420: EW 4S` as DDS writes it; `None` for a seat or
/// denomination out of range, or a count outside 0..10.
pub(crate) fn dealer_text_format(p: &parResultsMaster) -> Option<Vec<u8>> {
    let number = usize::try_from(p.number).ok().filter(|&n| n <= 10)?;
    let mut s = format!("Par {}: ", p.score).into_bytes();
    s.truncate(19);
    for (k, c) in p.contracts[..number].iter().enumerate() {
        if k != 0 {
            s.push(b' ');
        }
        let seats: &[u8] = match c.seats {
            0 => b"N ",
            1 => b"E ",
            2 => b"S ",
            3 => b"W ",
            4 => b"NS ",
            5 => b"EW ",
            _ => return None,
        };
        s.extend_from_slice(seats);
        let mut level = c.level.to_string().into_bytes();
        level.truncate(3);
        s.extend_from_slice(&level);
        s.push(*b"NSHDC".get(usize::try_from(c.denom).ok()?)?);
        if c.underTricks > 0 {
            s.extend_from_slice(format!("x-{}", c.underTricks).as_bytes());
        } else if c.overTricks > 0 {
            s.extend_from_slice(format!("+{}", c.overTricks).as_bytes());
        }
    }
    Some(s)
}

/// DDS's seat code of par declarers: 0..3 a hand, 4 NS, 5 EW.
fn seat_code(d: Declarers) -> i32 {
    let both = [Seat::North, Seat::South].iter().all(|&s| d.contains(s))
        || [Seat::East, Seat::West].iter().all(|&s| d.contains(s));
    match (both, d.side()) {
        (true, Side(0)) => 4,
        (true, _) => 5,
        _ => Seat::ALL
            .iter()
            .position(|&s| d.contains(s))
            .map_or(0, |i| i as i32),
    }
}

/// The DDS denomination of a strain (0 no trump, 1 spades .. 4 clubs).
fn denom(strain: Strain) -> i32 {
    (strain_index(strain) as i32 + 1) % 5
}

/// `SidesParBin`: par with each side bidding first, as numbers (a passed-out deal: one
/// contract of zeros each, as DDS writes it).
pub(crate) fn sides_par_bin(
    t: &ddTableResults,
    vulnerable: i32,
) -> Result<[parResultsMaster; 2], Code> {
    let (dd, vul) = table(t, vulnerable)?;
    let p = sides_par(&dd, vul);
    let mut out = [parResultsMaster::default(); 2];
    for (o, side) in out.iter_mut().zip(&p) {
        o.score = side.score;
        if p[0].score == 0 {
            o.number = 1;
            continue;
        }
        o.number = side.contracts.len() as i32;
        for (slot, c) in o.contracts.iter_mut().zip(&side.contracts) {
            *slot = contractType {
                underTricks: c.undertricks,
                overTricks: c.overtricks,
                level: c.level,
                denom: denom(c.strain),
                seats: seat_code(c.declarers),
            };
        }
    }
    Ok(out)
}

/// The letter of a DDS denomination in par text (`N` for no trump).
fn denom_char(d: i32) -> u8 {
    *b"NSHDC"
        .get(usize::try_from(d).unwrap_or(0))
        .unwrap_or(&b'N')
}

/// `text` into a fixed buffer, cut to leave its NUL.
fn fixed<const N: usize>(text: &[u8]) -> [u8; N] {
    let mut b = [0u8; N];
    let n = text.len().min(N - 1);
    b[..n].copy_from_slice(&text[..n]);
    b
}

/// `Par`: par as text, `NS 420` and `NS:NS 4S` with North-South bidding first, `EW -420` and
/// `EW:NS 4S` with East-West first; made contracts list the levels they can be bid at
/// (`NS 23S`: two or three spades), sacrifices an `x` (`EW 5Cx`).
pub(crate) fn par_text(t: &ddTableResults, vulnerable: i32) -> Result<parResults, Code> {
    let sides = sides_par_bin(t, vulnerable)?;
    let mut score = [[0u8; 16]; 2];
    let mut contracts = [[0u8; 128]; 2];
    for (i, (name, r)) in ["NS", "EW"].iter().zip(&sides).enumerate() {
        score[i] = fixed(format!("{name} {}", r.score).as_bytes());
        let mut text = format!("{name}:").into_bytes();
        if sides[0].score != 0 {
            let n = usize::try_from(r.number).unwrap_or(0).min(10);
            let sacrifice = r.contracts[0].underTricks > 0;
            for (k, c) in r.contracts[..n].iter().enumerate() {
                if k > 0 {
                    text.push(b',');
                }
                text.extend_from_slice(seats_text(c.seats));
                if sacrifice {
                    text.extend_from_slice(c.level.to_string().as_bytes());
                    text.push(denom_char(c.denom));
                    text.push(b'x');
                } else {
                    let levels = levels(c.overTricks, c.level + c.overTricks);
                    text.extend_from_slice(levels.to_string().as_bytes());
                    text.push(denom_char(c.denom));
                }
            }
        }
        contracts[i] = fixed(&text);
    }
    Ok(parResults {
        parScore: score,
        parContractsString: contracts,
    })
}

/// `N `, `E `, `S `, `W `, `NS `, `EW ` for DDS's seat codes.
fn seats_text(seats: i32) -> &'static [u8] {
    match seats {
        0 => b"N ",
        1 => b"E ",
        2 => b"S ",
        3 => b"W ",
        4 => b"NS ",
        _ => b"EW ",
    }
}

/// The levels a made contract can be bid at as one number (`345`: the three, four and five
/// levels), as DDS writes them: from `level - lower` up to `level`, for games and part scores.
fn levels(lower: i32, level: i32) -> i32 {
    let lower = match (level, lower) {
        (4 | 5, 1..=3) | (3, 1..=2) | (2, 1) => lower,
        (2..=5, _) => 0,
        _ => return level,
    };
    (level - lower..=level).fold(0, |n, l| n * 10 + l)
}

/// `SidesPar`: par with each side bidding first, as `DealerPar` writes contracts (`4S-NS+1`,
/// `5C*-EW-2`).
pub(crate) fn sides_par_text(
    t: &ddTableResults,
    vulnerable: i32,
) -> Result<[parResultsDealer; 2], Code> {
    let sides = sides_par_bin(t, vulnerable)?;
    let mut out = [parResultsDealer {
        number: 0,
        score: 0,
        contracts: [[0; 10]; 10],
    }; 2];
    for (o, r) in out.iter_mut().zip(&sides) {
        o.score = r.score;
        o.number = r.number;
        let n = usize::try_from(r.number).unwrap_or(0).min(10);
        for (slot, c) in o.contracts.iter_mut().zip(&r.contracts[..n]) {
            let mut text = c.level.to_string().into_bytes();
            text.push(denom_char(c.denom));
            if c.underTricks > 0 {
                text.push(b'*');
            }
            text.push(b'-');
            text.extend_from_slice(seats_text(c.seats).trim_ascii_end());
            if c.underTricks > 0 {
                text.extend_from_slice(format!("-{}", c.underTricks).as_bytes());
            } else if c.overTricks > 0 {
                text.extend_from_slice(format!("+{}", c.overTricks).as_bytes());
            }
            *slot = fixed(&text);
        }
    }
    Ok(out)
}

/// `ConvertToSidesTextFormat`: `Par 420: NS 4S` for each side bidding first, and whether the
/// two are the same, as DDS writes them; `None` for a seat or denomination out of range, or a
/// count outside 0..10.
pub(crate) fn sides_text_format(p: &[parResultsMaster; 2]) -> Option<crate::types::parTextResults> {
    let mut out = crate::types::parTextResults {
        parText: [[0; 128]; 2],
        equal: false,
    };
    if p[0].score == 0 {
        out.parText[0] = fixed(b"Par 0");
        return Some(out);
    }
    for (i, r) in p.iter().enumerate() {
        let number = usize::try_from(r.number).ok().filter(|&n| n <= 10)?;
        let mut s = format!("Par {}: ", r.score).into_bytes();
        s.truncate(9);
        for (k, c) in r.contracts[..number].iter().enumerate() {
            if k != 0 {
                s.push(b' ');
            }
            if !(0..=5).contains(&c.seats) {
                return None;
            }
            s.extend_from_slice(seats_text(c.seats));
            let mut level = c.level.to_string().into_bytes();
            level.truncate(9);
            s.extend_from_slice(&level);
            s.extend_from_slice(match c.denom {
                0 => b"NT",
                1 => b"S",
                2 => b"H",
                3 => b"D",
                4 => b"C",
                _ => return None,
            });
            if c.underTricks > 0 {
                s.extend_from_slice(format!("x-{}", c.underTricks).as_bytes());
            } else if c.overTricks > 0 {
                s.extend_from_slice(format!("+{}", c.overTricks).as_bytes());
            }
        }
        out.parText[i] = fixed(&s);
    }
    let n = usize::try_from(p[0].number).unwrap_or(0).min(10);
    out.equal = p[0].score == -p[1].score
        && p[0].number == p[1].number
        && p[0].contracts[..n] == p[1].contracts[..n];
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passed_out_table() {
        let t = ddTableResults::default();
        let r = dealer_par(&t, 0, 0).unwrap();
        assert_eq!(r.number, 1);
        assert_eq!(&r.contracts[0][..5], b"pass\0");
        let b = dealer_par_bin(&t, 0, 0).unwrap();
        assert_eq!((b.number, b.score), (1, 0));
    }

    #[test]
    fn bad_tables_are_refused() {
        let mut t = ddTableResults::default();
        t.resTable[2][1] = 14;
        assert_eq!(dealer_par(&t, 0, 0), Err(codes::PAR_TABLE_FAULT));
        t.resTable[2][1] = 3;
        assert_eq!(dealer_par(&t, 4, 0), Err(codes::UNKNOWN_FAULT));
        assert_eq!(dealer_par(&t, 0, 4), Err(codes::UNKNOWN_FAULT));
    }
}
