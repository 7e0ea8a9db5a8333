//! [`sides_par`]: par as DDS's `Par` and `SidesPar` compute it, once with North-South bidding
//! first and once with East-West first, by the method of Matthew Kidd's ACBLmerge that DDS
//! adapted (Haglund & Hein, `src/Par.cpp`). [`par`](super::par) is the other convention, DDS's
//! `DealerPar`, which follows the dealer's seat round the table; the two agree on most deals
//! and differ where it matters who may bid a contract first.
//!
//! The method, for the side that bids first (side A) and the other (side B):
//!
//! 1. The contract so far starts as nothing (six tricks, no strain). A and B take turns to
//!    improve their result against it, A first. The side to improve scores each strain it
//!    has not yet settled: a contract it makes above the one so far (more tricks, or as many in
//!    a higher-ranking strain) scores as made; otherwise as a doubled sacrifice one level
//!    higher where the strain does not rank above the contract so far (never past 7NT), or at
//!    the same level where it does. It tries the strains from the best score down, taking any
//!    that improves its result, each against the contract so far as it stands.
//! 2. When both sides have had a turn and the last turn improved nothing, the result is a
//!    par result. Its strain is set aside and the search starts again without it; every
//!    strain whose search reaches the same score is a par strain too (at most five).
//! 3. A made par contract is lowered by as many levels as the opponents' cheapest sacrifice
//!    still does not pay and the same bonus is kept (part score, game, slam; at most three
//!    levels, as a table of levels per strain says), and written with the overtricks that
//!    makes; a sacrifice is written at its level with its undertricks, doubled.
//! 4. A side's par contracts that the other side's par outranks are dropped (when the two
//!    results differ, "hot" deals).
//!
//! Scores are from the point of view of the side the result is for: [`SidesPar`]`[0]` is
//! North-South's with North-South bidding first, `[1]` East-West's with East-West first.
//! Several steps keep DDS's arithmetic exactly, quirks included, because programs compare
//! these results with DDS's.

use super::dd_table::DdTable;
use super::par::Declarers;
use super::seat::Seat;
use super::{Strain, Vulnerability};
use crate::game::Side;

/// One par contract of [`sides_par`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SideContract {
    /// The level bid.
    pub level: i32,
    /// The strain.
    pub strain: Strain,
    /// Who declares it.
    pub declarers: Declarers,
    /// Overtricks of a made contract (the levels it could be bid lower, as DDS counts them).
    pub overtricks: i32,
    /// Undertricks of a sacrifice (0 for a made contract).
    pub undertricks: i32,
}

/// The par with one side bidding first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SidePar {
    /// The par score for that side (negative when the other side scores).
    pub score: i32,
    /// The par contracts (none when the deal is passed out).
    pub contracts: heapless::Vec<SideContract, 5>,
}

/// Both: `[0]` with North-South bidding first, `[1]` with East-West first.
pub type SidesPar = [SidePar; 2];

/// Strains in DDS's par order: no trump, spades, hearts, diamonds, clubs (index `j`).
const DENOMS: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

/// The most levels a made contract is lowered, by strain kind (no trump, major, minor) and
/// level 0..7 (DDS's table: never below the same bonus).
const MAX_LOWER: [[i32; 8]; 3] = [
    [0, 0, 1, 0, 1, 2, 0, 0],
    [0, 0, 1, 2, 0, 1, 0, 0],
    [0, 0, 1, 2, 3, 0, 0, 0],
];

/// The score of a made contract of `tricks` in denomination `j` (DDS's par order), or with
/// `j` = None of a doubled sacrifice of `tricks` undertricks (negative), as DDS's par scores
/// them (for any number of tricks, so its arithmetic holds beyond the usual range too).
fn raw_score(j: Option<usize>, tricks: i32, vul: bool) -> i32 {
    let Some(j) = j else {
        return if vul {
            -300 * tricks + 100
        } else if tricks <= 3 {
            -200 * tricks + 100
        } else {
            -300 * tricks + 400
        };
    };
    let level = tricks - 6;
    let (mut score, game) = match j {
        0 => (10 + 30 * level, level >= 3),
        1 | 2 => (30 * level, level >= 4),
        _ => (20 * level, level >= 5),
    };
    score += match (game, vul) {
        (true, true) => 500,
        (true, false) => 300,
        (false, _) => 50,
    };
    score += match (level, vul) {
        (6, true) => 750,
        (6, false) => 500,
        (7, true) => 1500,
        (7, false) => 1000,
        _ => 0,
    };
    score
}

/// Whether the side defending against the par contract is vulnerable (DDS's rule, from
/// whether North-South's first-bidding par is positive).
fn defenders_vulnerable(ns_scores: bool, v: Vulnerability) -> bool {
    match v {
        Vulnerability::None => false,
        Vulnerability::Both => true,
        Vulnerability::NorthSouth => !ns_scores,
        Vulnerability::EastWest => ns_scores,
    }
}

/// The contract found so far in a search.
#[derive(Clone, Copy, Debug)]
struct Standing {
    denom: i32,
    tricks: i32,
    score: i32,
    sacrifice: i32,
}

const NOTHING: Standing = Standing {
    denom: -1,
    tricks: 6,
    score: 0,
    sacrifice: 0,
};

/// The par result with side `first` bidding first: its score, the undertricks of a sacrifice
/// (0 if made) and each par strain's (denomination, tricks of the contract), in the order
/// found.
fn search(
    t: &DdTable,
    first: usize,
    v: Vulnerability,
) -> (i32, i32, heapless::Vec<(usize, i32), 5>) {
    let tricks = |side: usize, j: usize| {
        let s = DENOMS[j];
        i32::from(
            t.tricks(Seat::ALL[side], s)
                .max(t.tricks(Seat::ALL[side + 2], s)),
        )
    };
    let mut settled = [false; 5];
    let mut found: heapless::Vec<(usize, i32), 5> = heapless::Vec::new();
    let (mut best_score, mut best_sacrifice) = (0, 0);
    let mut now = NOTHING;
    let mut turn = 0; // 0: the side bidding first; 1: the other
    let mut both_had_a_turn = false;
    loop {
        let side = (first + turn) % 2;
        let vul = v.side(Side(side as u8));
        let before = now;
        let mut improved = false;
        // Each unsettled strain's score against the contract so far, best first (a stable
        // insertion sort, as DDS's).
        let mut tries: heapless::Vec<(usize, i32, i32), 5> = heapless::Vec::new();
        for j in (0..5).filter(|&j| !settled[j]) {
            let tt = tricks(side, j);
            let score = if tt > now.tricks || (tt == now.tricks && (j as i32) < now.denom) {
                raw_score(Some(j), tt, vul)
            } else {
                raw_score(None, before.tricks - tt, vul)
            };
            let _ = tries.push((j, tt, score));
        }
        for i in 1..tries.len() {
            let mut k = i;
            while k > 0 && tries[k].2 > tries[k - 1].2 {
                tries.swap(k - 1, k);
                k -= 1;
            }
        }
        for &(j, tt, _) in &tries {
            let (score, down) = if tt > now.tricks || (tt == now.tricks && (j as i32) < now.denom) {
                (raw_score(Some(j), tt, vul), 0)
            } else {
                let mut down = before.tricks - tt;
                if j as i32 >= before.denom {
                    if before.tricks == 13 {
                        continue;
                    }
                    down += 1;
                }
                if down <= 0 {
                    continue;
                }
                (raw_score(None, down, vul), down)
            };
            let score = if turn == 1 { -score } else { score };
            let better = if turn == 0 {
                score > now.score
            } else {
                score < now.score
            };
            if better {
                improved = true;
                now.score = score;
                now.denom = j as i32;
                let made = if turn == 0 { score > 0 } else { score < 0 };
                if made {
                    now.tricks = tt;
                    now.sacrifice = 0;
                } else {
                    now.tricks = tt + down;
                    now.sacrifice = down;
                }
            }
        }
        if !improved && both_had_a_turn {
            if found.is_empty() {
                best_score = now.score;
                if best_score == 0 {
                    break;
                }
                best_sacrifice = now.sacrifice;
            } else if best_score != now.score {
                break;
            }
            if found.len() >= 5 {
                break;
            }
            let j = usize::try_from(now.denom).unwrap_or(0).min(4);
            settled[j] = true;
            let _ = found.push((j, now.tricks));
            both_had_a_turn = false;
            turn = 0;
            now = NOTHING;
        } else {
            both_had_a_turn = true;
            turn = 1 - turn;
        }
    }
    (best_score, best_sacrifice, found)
}

/// The declarers of a par contract in denomination `j`: the side's player who takes more
/// tricks, or both when they take as many (North-South when `ns`).
fn seats_of(t: &DdTable, ns: bool, j: usize) -> Declarers {
    let s = DENOMS[j];
    let (a, b) = if ns {
        (Seat::North, Seat::South)
    } else {
        (Seat::East, Seat::West)
    };
    let (ta, tb) = (t.tricks(a, s), t.tricks(b, s));
    if ta == tb {
        Declarers::side_of(a)
    } else if ta > tb {
        Declarers::seat(a)
    } else {
        Declarers::seat(b)
    }
}

/// The par of `table` with each side bidding first; see the [module](crate::bridge::sides_par) docs.
#[must_use]
pub fn sides_par(table: &DdTable, v: Vulnerability) -> SidesPar {
    let results = [search(table, 0, v), search(table, 1, v)];
    let mut out: SidesPar = [
        SidePar {
            score: results[0].0,
            contracts: heapless::Vec::new(),
        },
        SidePar {
            score: results[1].0,
            contracts: heapless::Vec::new(),
        },
    ];
    if results[0].0 == 0 {
        return out;
    }
    let ns_scores = results[0].0 > 0;
    let def_vul = defenders_vulnerable(ns_scores, v);
    // The strain of the opponents' most tricks, carried from one side's turn to the next as
    // DDS carries it (it matters only when they take no trick in any strain).
    let mut denom_max = 0usize;
    for (i, (score, sacrifice, found)) in results.iter().enumerate() {
        let (score, sacrifice) = (*score, *sacrifice);
        let mut list = found.clone();
        let contracts = &mut out[i].contracts;
        if sacrifice > 0 {
            // The sacrificing side: North-South when (i + 1 for a minus score) is odd.
            let ns = (usize::from(score <= 0) + i) % 2 == 1;
            for k in 1..list.len() {
                let mut m = k;
                while m > 0 && list[m].0 < list[m - 1].0 {
                    list.swap(m - 1, m);
                    m -= 1;
                }
            }
            for &(j, tricks) in &list {
                let _ = contracts.push(SideContract {
                    level: tricks - 6,
                    strain: DENOMS[j],
                    declarers: seats_of(table, ns, j),
                    overtricks: 0,
                    undertricks: sacrifice,
                });
            }
            continue;
        }
        // A made contract: by North-South when (i + 1 unless the score is negative) is odd.
        let ns = (usize::from(score >= 0) + i) % 2 == 1;
        let opponents = |j: usize| {
            let s = DENOMS[j];
            let (a, b) = if ns {
                (Seat::East, Seat::West)
            } else {
                (Seat::North, Seat::South)
            };
            i32::from(table.tricks(a, s).max(table.tricks(b, s)))
        };
        let mut most = 0;
        for j in 0..5 {
            if opponents(j) > most {
                most = opponents(j);
                denom_max = j;
            }
        }
        let gain = score.abs();
        for &(j, tricks) in &list {
            let above = denom_max < j;
            let mut lower = tricks - most - i32::from(above);
            while lower > 0 {
                let down = tricks - lower - most + i32::from(!above);
                if gain < -raw_score(None, down, def_vul) {
                    break;
                }
                lower -= 1;
            }
            let theirs = opponents(j);
            while lower > 0 {
                let cost = -raw_score(None, tricks - lower - theirs, def_vul);
                if gain > cost && score < 0 {
                    lower -= 1;
                } else {
                    break;
                }
            }
            let kind = match j {
                0 => 0,
                1 | 2 => 1,
                _ => 2,
            };
            let level = tricks - 6;
            let cap = usize::try_from(level)
                .ok()
                .and_then(|l| MAX_LOWER[kind].get(l))
                .copied()
                .unwrap_or(0);
            let lower = lower.min(cap);
            let over = match level {
                4 | 5 if (1..=3).contains(&lower) => lower,
                3 if (1..=2).contains(&lower) => lower,
                2 if lower == 1 => 1,
                _ => 0,
            };
            let _ = contracts.push(SideContract {
                level: level - over,
                strain: DENOMS[j],
                declarers: seats_of(table, ns, j),
                overtricks: over,
                undertricks: 0,
            });
        }
    }
    drop_outranked(&mut out);
    out
}

/// DDS's denomination index of a strain (no trump 0, spades 1 .. clubs 4).
fn denom(s: Strain) -> i32 {
    DENOMS.iter().position(|&d| d == s).unwrap_or(0) as i32
}

/// Step 4: each side's contracts that the other side's highest contract (by its own
/// declarers) outranks go.
fn drop_outranked(out: &mut SidesPar) {
    let mut dom: [(i32, i32); 2] = [(-1, -1); 2]; // (level, denomination) per result
    for i in 0..2 {
        let opp = 1 - i;
        for c in &out[opp].contracts {
            let ss = c.level + c.overtricks;
            let j = denom(c.strain);
            let (level, d) = dom[opp];
            // Result 1's contracts by East-West count against result 0, and the reverse.
            let by_right_side = (c.declarers.side() == Side(1)) == (i == 0);
            if (ss > level || (ss == level && j < d)) && by_right_side {
                dom[opp] = (ss, j);
            }
        }
    }
    if dom[0].1 == -1 || dom[1].1 == -1 {
        return;
    }
    for i in 0..2 {
        let (level, d) = dom[1 - i];
        let mut remove = [false; 5];
        for c in &out[i].contracts {
            let ss = c.level + c.overtricks;
            let j = denom(c.strain);
            if ss < level || (ss == level && d < j) {
                remove[j as usize] = true;
            }
        }
        out[i]
            .contracts
            .retain(|c| !remove[denom(c.strain) as usize]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `rows[seat][j]`: N, E, S, W by NT, S, H, D, C.
    fn table(rows: [[u8; 5]; 4]) -> DdTable {
        DdTable::from_fn(|seat, strain| rows[seat as usize][denom(strain) as usize])
    }

    #[test]
    fn a_plain_game() {
        // North-South make 4S (10 tricks), East-West nothing much.
        let t = table([
            [8, 10, 7, 6, 6],
            [5, 3, 6, 7, 7],
            [8, 10, 7, 6, 6],
            [5, 3, 6, 7, 7],
        ]);
        let p = sides_par(&t, Vulnerability::None);
        assert_eq!(p[0].score, 420);
        assert_eq!(p[1].score, -420);
        let c = p[0].contracts[0];
        assert_eq!((c.level, c.strain, c.overtricks), (4, Strain::Spades, 0));
        assert_eq!(c.declarers, Declarers::side_of(Seat::North));
    }

    #[test]
    fn passed_out() {
        let t = table([[6; 5]; 4]);
        let p = sides_par(&t, Vulnerability::Both);
        assert_eq!(p[0].score, 0);
        assert!(p[0].contracts.is_empty() && p[1].contracts.is_empty());
    }

    #[test]
    fn raw_scores() {
        assert_eq!(raw_score(Some(0), 9, false), 400);
        assert_eq!(raw_score(Some(1), 10, true), 620);
        assert_eq!(raw_score(Some(4), 12, false), 920);
        assert_eq!(raw_score(Some(0), 13, true), 2220);
        assert_eq!(raw_score(None, 1, false), -100);
        assert_eq!(raw_score(None, 4, false), -800);
        assert_eq!(raw_score(None, 2, true), -500);
    }
}
