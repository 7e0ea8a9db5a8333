//! [`par`]: the par score and par contracts of a double-dummy table.
//!
//! Par is the result when both sides bid perfectly knowing every card: the side that can make
//! the highest contract is entitled to a plus score; it bids its most valuable contract,
//! unless the other side does better by sacrificing, going down doubled for less than that
//! contract is worth. cardtree follows the convention of DDS's `DealerPar` (Haglund & Hein,
//! `src/DealerPar.cpp` of DDS 2.9, whose results are the vectors of
//! `tests/data/bridge/dd_tables.jsonl`), step by step:
//!
//! 1. Each side's contract in a strain is the one its better declarer makes exactly. The side
//!    with the higher such contract has the *primacy*; when both sides top out in the same
//!    contract, it goes to the first player from the dealer round who makes it.
//! 2. The primacy side's candidates are its contracts from its most valuable one (the lowest
//!    such when several score the same, as 3NT and 5C) upwards, highest first.
//! 3. Against each candidate the other side's cheapest sacrifice is the fewest undertricks
//!    with which it outbids the candidate: one level above in a strain it ranks below, or in
//!    the same strain one level higher when a player of the primacy side who makes the
//!    candidate gets to bid it before the sacrificer (dealer order). A sacrifice is worthwhile
//!    when going down doubled that many costs less than the candidate is worth. Once a
//!    worthwhile sacrifice is found, lower candidates are not bid either.
//! 4. If the best candidate without a worthwhile sacrifice scores more than the dearest
//!    sacrifice costs, it is par, at the lowest level that scores the same without opening
//!    the door to a sacrifice and without giving up a game or slam bonus (so `2S+1` rather
//!    than `3S=`). Otherwise par is the sacrifice.
//!
//! The notation is DDS's: `4S*-EW-2` (four spades doubled by East-West, two down), `3N-S+1`
//! (three no trump by South, one overtrick); a side's two letters when either player can
//! declare it. One difference: DDS's text leaves the `*` off a sacrifice only one player can
//! make; cardtree writes it, as `dd_tables.jsonl` does.

use core::fmt;

use super::dd_table::DdTable;
use super::score::{Contract, Penalty, undertricks};
use super::seat::Seat;
use super::{Strain, Vulnerability};
use crate::game::Side;

/// The seats that can declare a par contract: one player, or both of a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Declarers(u8);

impl Declarers {
    /// One seat.
    #[must_use]
    pub const fn seat(seat: Seat) -> Declarers {
        Declarers(1 << seat as u8)
    }

    /// Both seats of `seat`'s side.
    #[must_use]
    pub const fn side_of(seat: Seat) -> Declarers {
        Declarers((1 << seat as u8) | (1 << seat.partner() as u8))
    }

    /// Whether `seat` is one of them.
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat as u8) != 0
    }

    /// The side they belong to.
    #[must_use]
    pub const fn side(self) -> Side {
        Side(if self.0 & 0b0101 != 0 { 0 } else { 1 })
    }

    fn with(self, seat: Seat) -> Declarers {
        Declarers(self.0 | (1 << seat as u8))
    }
}

impl fmt::Display for Declarers {
    /// `N`, `E`, `S`, `W`, `NS` or `EW`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
            if self.contains(seat) {
                write!(f, "{seat}")?;
            }
        }
        Ok(())
    }
}

/// One par contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ParContract {
    /// The contract (doubled for a sacrifice).
    pub contract: Contract,
    /// Who declares it.
    pub declarers: Declarers,
    /// Overtricks (positive), or undertricks (negative) for a sacrifice.
    pub result: i8,
    /// A sacrifice in the strain of the contract it stops, by the one player whom the bidding
    /// order lets bid it at this level (DDS's `DealerPar` text writes these without the `*`:
    /// `5H-E-2`).
    pub by_one_in_strain: bool,
}

impl fmt::Display for ParContract {
    /// DDS's notation: `3N-NS`, `2S-EW+1`, `4H*-NS-1`, `5D*-E-2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.contract;
        write!(f, "{}", c.level())?;
        match c.strain().trump() {
            Some(s) => write!(f, "{}", s.char())?,
            None => f.write_str("N")?,
        }
        if c.penalty() != Penalty::Undoubled {
            f.write_str("*")?;
        }
        write!(f, "-{}", self.declarers)?;
        match self.result {
            0 => Ok(()),
            r if r > 0 => write!(f, "+{r}"),
            r => write!(f, "{r}"),
        }
    }
}

/// The par of a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Par {
    /// The par score for North-South (East-West's is its negative); 0 when the deal is passed
    /// out.
    pub score_ns: i32,
    /// Every par contract (none when passed out), in the order DDS's `DealerPar` lists them:
    /// contracts to bid from the highest down, sacrifices from clubs up to no trump.
    pub contracts: heapless::Vec<ParContract, 5>,
}

/// A strain's contract for one side: its best declarer's tricks and the rank in the auction
/// (1 = 1C .. 35 = 7NT) of the contract those tricks make exactly; the rank is 0 or below when
/// the side takes fewer than 7 tricks (5 ranks a trick, as if the levels went on downwards).
#[derive(Clone, Copy, Debug)]
struct Making {
    tricks: u8,
    rank: i32,
}

/// What a candidate of the primacy side turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// No worthwhile sacrifice: bid it. `gap` is how many undertricks short of worthwhile
    /// the cheapest sacrifice is (negative; large when there is none).
    Bid { gap: i32 },
    /// The first candidate, from the top, with a worthwhile sacrifice of `down` undertricks.
    Sacrificed { down: i32 },
    /// A lower candidate with a worthwhile sacrifice too.
    Below,
}

/// No sacrifice in this strain (it would go past 7NT).
const NONE: i32 = i32::MAX;

/// The rank of a level and strain in the auction.
const fn rank(level: i32, strain: Strain) -> i32 {
    5 * (level - 1) + strain as i32 + 1
}

/// The contract of an auction rank, if it is one (1 to 35).
fn contract_of(rank: i32) -> Option<Contract> {
    if !(1..=35).contains(&rank) {
        return None;
    }
    let strain = Strain::ALL[((rank - 1) % 5) as usize];
    Contract::new(((rank - 1) / 5 + 1) as u8, strain).ok()
}

/// The par of `table` with `dealer` and `vulnerability`: the score both sides reach when each
/// bids as high as pays (see [`dd_table`](crate::bridge::dd_table) for an example).
#[must_use]
pub fn par(table: &DdTable, dealer: Seat, vulnerability: Vulnerability) -> Par {
    let mut out = Par {
        score_ns: 0,
        contracts: heapless::Vec::new(),
    };
    let making = |side: usize, strain: Strain| -> Making {
        let tricks = table
            .tricks(Seat::ALL[side], strain)
            .max(table.tricks(Seat::ALL[side + 2], strain))
            .min(13);
        Making {
            tricks,
            rank: rank(i32::from(tricks) - 6, strain),
        }
    };
    let value = |side: usize, strain: Strain| -> i32 {
        let m = making(side, strain);
        match contract_of(m.rank) {
            Some(c) if m.tricks >= 7 => c.score(m.tricks, vulnerability.side(Side(side as u8))),
            _ => 0,
        }
    };
    let highest = |side: usize| {
        Strain::ALL
            .iter()
            .map(|&s| making(side, s).rank)
            .filter(|&r| r >= 1)
            .max()
            .unwrap_or(0)
    };
    // 1. The side with the primacy.
    let (ns, ew) = (highest(0), highest(1));
    let side = if ns > ew {
        0
    } else if ew > ns {
        1
    } else if ns == 0 {
        return out; // passed out
    } else {
        let strain = Strain::ALL[((ns - 1) % 5) as usize];
        let need = making(0, strain).tricks;
        (0..4)
            .map(|i| dealer.offset(i))
            .find(|&seat| table.tricks(seat, strain) == need)
            .map_or(0, |seat| seat as usize & 1)
    };
    let other = 1 - side;
    let vul_other = vulnerability.side(Side(other as u8));

    // 2. Candidates: from the most valuable contract (the lowest of equals) up, highest first.
    let dearest = Strain::ALL
        .iter()
        .map(|&s| value(side, s))
        .max()
        .unwrap_or(0);
    let floor = Strain::ALL
        .iter()
        .filter(|&&s| value(side, s) == dearest && making(side, s).tricks >= 7)
        .map(|&s| making(side, s).rank)
        .min()
        .unwrap_or(0);
    let mut candidates: heapless::Vec<Strain, 5> = Strain::ALL
        .iter()
        .copied()
        .filter(|&s| making(side, s).tricks >= 7 && making(side, s).rank >= floor)
        .collect();
    candidates.sort_unstable_by_key(|&s| -making(side, s).rank);

    // 3. The cheapest sacrifice against each, and whether it is worthwhile.
    let mut outcomes = [Outcome::Below; 5];
    let mut downs = [[NONE; 5]; 5]; // [candidate][sacrifice strain]
    let mut found = false;
    let mut dearest_down = 0;
    let mut best_bid = 0;
    for (i, &strain) in candidates.iter().enumerate() {
        let r = making(side, strain).rank;
        let worth = value(side, strain);
        // The most undertricks that still cost less than the candidate is worth.
        let target = (0..=13)
            .take_while(|&k| undertricks(k, vul_other, Penalty::Doubled) < worth)
            .last()
            .unwrap_or(0);
        let mut cheapest = NONE;
        for sac in Strain::ALL {
            let theirs = making(other, sac).rank;
            let down = if sac == strain {
                same_strain_downs(table, dealer, side, strain, r)
                    .map(|(_, d, _)| d)
                    .min()
                    .unwrap_or(NONE)
            } else {
                (r - theirs + 4) / 5
            };
            let down = if down == NONE || theirs + 5 * down > 35 {
                NONE
            } else {
                down
            };
            downs[i][sac as usize] = down;
            cheapest = cheapest.min(down);
        }
        outcomes[i] = if cheapest <= target {
            dearest_down = dearest_down.max(cheapest);
            if found {
                Outcome::Below
            } else {
                found = true;
                Outcome::Sacrificed { down: cheapest }
            }
        } else {
            best_bid = best_bid.max(worth);
            Outcome::Bid {
                gap: target.saturating_sub(cheapest),
            }
        };
    }

    // 4. Bid, or sacrifice.
    let cost = undertricks(dearest_down, vul_other, Penalty::Doubled);
    let primacy_score;
    if !found || best_bid > cost {
        primacy_score = best_bid;
        for (i, &strain) in candidates.iter().enumerate() {
            let Outcome::Bid { gap } = outcomes[i] else {
                continue;
            };
            if value(side, strain) != best_bid {
                continue;
            }
            let r = making(side, strain).rank;
            // Each level lower makes a sacrifice one undertrick cheaper: go down while the
            // cheapest stays unprofitable, but not below the same bonus.
            let lower_by = (-(gap.saturating_add(1))).clamp(0, 7);
            let lowest = (r - 5 * lower_by).max(same_bonus_floor(r));
            if let Some(contract) = contract_of(lowest) {
                let declarers = best_declarers(table, side, strain, making(side, strain).tricks);
                push(
                    &mut out,
                    contract,
                    declarers,
                    ((r - lowest) / 5) as i8,
                    false,
                );
            }
        }
    } else {
        primacy_score = cost;
        for (i, &strain) in candidates.iter().enumerate() {
            if outcomes[i] != (Outcome::Sacrificed { down: dearest_down }) {
                continue;
            }
            let r = making(side, strain).rank;
            for sac in Strain::ALL {
                if downs[i][sac as usize] != dearest_down {
                    continue;
                }
                let result = -(dearest_down.clamp(0, 13) as i8);
                if sac != strain {
                    let m = making(other, sac);
                    if let Some(c) = contract_of(m.rank + 5 * dearest_down) {
                        let declarers = best_declarers(table, other, sac, m.tricks);
                        push(
                            &mut out,
                            c.with_penalty(Penalty::Doubled),
                            declarers,
                            result,
                            false,
                        );
                    }
                    continue;
                }
                // The same strain: who can sacrifice, and at what level, depends on the
                // bidding order.
                let mut hits = same_strain_downs(table, dealer, side, strain, r)
                    .filter(|&(_, d, _)| d == dearest_down);
                let first = hits.next();
                let second = hits.next();
                let chosen = match (first, second) {
                    (Some((a, _, ra)), Some((b, _, rb))) if ra == rb => {
                        Some((Declarers::seat(a).with(b), ra, false))
                    }
                    (Some((a, _, ra)), Some((b, _, rb))) => Some(if ra < rb {
                        (Declarers::seat(a), ra, true)
                    } else {
                        (Declarers::seat(b), rb, true)
                    }),
                    (Some((a, _, ra)), None) => Some((Declarers::seat(a), ra, true)),
                    _ => None,
                };
                if let Some((declarers, at, by_one)) = chosen
                    && let Some(c) = contract_of(at)
                {
                    push(
                        &mut out,
                        c.with_penalty(Penalty::Doubled),
                        declarers,
                        result,
                        by_one,
                    );
                }
            }
        }
    }
    out.score_ns = if side == 0 {
        primacy_score
    } else {
        -primacy_score
    };
    out
}

/// The other side's sacrifices in the candidate's own strain `strain` (auction rank `r`),
/// player by player from the dealer: `(seat, undertricks, rank of the sacrifice)`. A player
/// of the primacy side who makes the candidate and bids before the sacrificer forces the
/// sacrifice one level higher.
fn same_strain_downs(
    table: &DdTable,
    dealer: Seat,
    side: usize,
    strain: Strain,
    r: i32,
) -> impl Iterator<Item = (Seat, i32, i32)> + '_ {
    // The tricks the candidate needs: its level plus six.
    let need = (r + 34) / 5;
    let mut raised = 0;
    (0..4).filter_map(move |i| {
        let seat = dealer.offset(i);
        let tricks = i32::from(table.tricks(seat, strain));
        if seat as usize & 1 == side {
            if tricks == need {
                raised = 1;
            }
            None
        } else {
            Some((seat, need - tricks + raised, r + 5 * raised))
        }
    })
}

/// The lowest auction rank in the same strain as `r` that earns the same bonus: the one-level
/// contract for a part score, the lowest game (3NT, 4H, 4S, 5C, 5D) for a game, the slam
/// itself for a slam.
fn same_bonus_floor(r: i32) -> i32 {
    let Some(c) = contract_of(r) else {
        return r;
    };
    if c.level() >= 6 {
        return r;
    }
    let game = c.is_game();
    (1..=c.level())
        .filter_map(|level| Contract::new(level, c.strain()).ok())
        .find(|lower| lower.is_game() == game)
        .map_or(r, |lower| rank(i32::from(lower.level()), c.strain()))
}

/// The players of `side` who take `tricks` (their side's best) in `strain`.
fn best_declarers(table: &DdTable, side: usize, strain: Strain, tricks: u8) -> Declarers {
    let a = Seat::ALL[side];
    let b = a.partner();
    match (
        table.tricks(a, strain) >= tricks,
        table.tricks(b, strain) >= tricks,
    ) {
        (true, true) => Declarers::side_of(a),
        (false, true) => Declarers::seat(b),
        _ => Declarers::seat(a),
    }
}

fn push(out: &mut Par, contract: Contract, declarers: Declarers, result: i8, by_one: bool) {
    // At most one contract per strain: five fit.
    let _ = out.contracts.push(ParContract {
        contract,
        declarers,
        result,
        by_one_in_strain: by_one,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::shown;

    /// `dd` as in `dd_tables.jsonl`: rows N, E, S, W; columns S, H, D, C, NT.
    fn table(rows: [[u8; 5]; 4]) -> DdTable {
        DdTable::from_fn(|seat, strain| {
            let col = match strain {
                Strain::Spades => 0,
                Strain::Hearts => 1,
                Strain::Diamonds => 2,
                Strain::Clubs => 3,
                Strain::NoTrump => 4,
            };
            rows[seat as usize][col]
        })
    }

    fn texts(p: &Par) -> heapless::Vec<heapless::String<64>, 5> {
        p.contracts.iter().map(shown).collect()
    }

    #[test]
    fn a_sacrifice_over_game() {
        // dd_tables.jsonl id 12: NS make 4H vulnerable (620); EW's 4S doubled goes 2 down
        // for 500.
        let t = table([
            [4, 10, 6, 5, 8],
            [8, 3, 7, 8, 5],
            [4, 10, 6, 5, 8],
            [8, 3, 7, 8, 5],
        ]);
        let p = par(&t, Seat::North, Vulnerability::Both);
        assert_eq!(p.score_ns, 500);
        assert_eq!(texts(&p).as_slice(), ["4S*-EW-2"]);
    }

    #[test]
    fn a_part_score_bid_low() {
        // id 5: NS make nine tricks in both majors; 2S+1 and 2H+1 score the 140 of 3S/3H
        // while a sacrifice stays too dear.
        let t = table([
            [9, 9, 5, 5, 6],
            [3, 4, 8, 8, 5],
            [9, 9, 5, 5, 6],
            [3, 4, 8, 8, 5],
        ]);
        let p = par(&t, Seat::East, Vulnerability::EastWest);
        assert_eq!(p.score_ns, 140);
        assert_eq!(texts(&p).as_slice(), ["2S-NS+1", "2H-NS+1"]);
    }

    #[test]
    fn single_declarer_and_passed_out() {
        // id 93: only East makes 4S doubled two down.
        let t = table([
            [5, 10, 7, 7, 7],
            [8, 3, 6, 6, 4],
            [5, 10, 7, 7, 7],
            [7, 3, 6, 6, 4],
        ]);
        let p = par(&t, Seat::East, Vulnerability::None);
        assert_eq!(p.score_ns, 300);
        assert_eq!(texts(&p).as_slice(), ["4S*-E-2"]);
        // Nobody makes anything: passed out.
        let t = table([[6; 5]; 4]);
        let p = par(&t, Seat::North, Vulnerability::None);
        assert_eq!((p.score_ns, p.contracts.len()), (0, 0));
    }

    #[test]
    fn floors() {
        assert_eq!(
            same_bonus_floor(rank(4, Strain::Clubs)),
            rank(1, Strain::Clubs)
        );
        assert_eq!(
            same_bonus_floor(rank(5, Strain::Hearts)),
            rank(4, Strain::Hearts)
        );
        assert_eq!(
            same_bonus_floor(rank(5, Strain::NoTrump)),
            rank(3, Strain::NoTrump)
        );
        assert_eq!(
            same_bonus_floor(rank(6, Strain::Clubs)),
            rank(6, Strain::Clubs)
        );
        assert_eq!(
            same_bonus_floor(rank(2, Strain::Spades)),
            rank(1, Strain::Spades)
        );
    }
}
