//! [`DdTable`]: the double-dummy table of a deal, the tricks each seat takes as declarer in
//! each strain, and [`dd_table`], which solves it.
//!
//! Twenty solves of the best value only ([`solve_value`](super::solve_value)), one per
//! declarer and strain, with the opening lead from declarer's left. Strain by strain, so the
//! caller's transposition table serves the four solves of a strain (its entries are keyed by
//! the seat on lead, so they stay sound when the leader changes; a new strain clears it).
//!
//! What one result says about another: nothing exact. A side that takes all 13 tricks with
//! one opponent on lead can lose one with the other on lead (the other may hold a winner it
//! could cash at once but gets squeezed out of otherwise), so no solve is skipped. What
//! carries over is a good first guess: the partner of a declarer usually takes about as many
//! tricks, so each solve's first zero-window test asks for the value found for the partner
//! (the tests that follow are then few; the answer does not depend on the guess).

use core::fmt;

use super::deal::Deal;
use super::seat::Seat;
use super::solver::{
    SolveStats, SolverConfig, TableMemory, TransTable, Trump, first_target, guess_hundredths,
    solve_value_from,
};
use super::{BridgePlay, PositionError, Strain};

/// Tricks each seat takes as declarer in each strain, double dummy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct DdTable {
    /// `tricks[declarer as usize][strain as usize]`.
    tricks: [[u8; 5]; 4],
}

impl DdTable {
    /// Declarers in the order hand records (and PBN's `DoubleDummyTricks` tag) list them: N,
    /// S, E, W.
    pub const RECORD_DECLARERS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

    /// Strains in the order hand records (and PBN's `DoubleDummyTricks` tag) list them: NT,
    /// S, H, D, C.
    pub const RECORD_STRAINS: [Strain; 5] = [
        Strain::NoTrump,
        Strain::Spades,
        Strain::Hearts,
        Strain::Diamonds,
        Strain::Clubs,
    ];

    /// The table with `f(declarer, strain)` tricks in every cell.
    pub fn from_fn(mut f: impl FnMut(Seat, Strain) -> u8) -> DdTable {
        let mut tricks = [[0; 5]; 4];
        for seat in Seat::ALL {
            for strain in Strain::ALL {
                tricks[seat as usize][strain as usize] = f(seat, strain);
            }
        }
        DdTable { tricks }
    }

    /// The tricks `declarer` takes in `strain` with the opening lead from declarer's left.
    #[must_use]
    pub const fn tricks(&self, declarer: Seat, strain: Strain) -> u8 {
        self.tricks[declarer as usize][strain as usize]
    }

    /// Sets one cell.
    pub fn set(&mut self, declarer: Seat, strain: Strain, tricks: u8) {
        self.tricks[declarer as usize][strain as usize] = tricks;
    }

    /// The table as PBN's `DoubleDummyTricks` tag value: 20 hexadecimal digits, declarers N,
    /// S, E, W, each with NT, S, H, D, C (`a` to `d` for 10 to 13).
    #[must_use]
    pub fn pbn_hex(&self) -> [u8; 20] {
        let mut out = [b'0'; 20];
        let mut i = 0;
        for seat in DdTable::RECORD_DECLARERS {
            for strain in DdTable::RECORD_STRAINS {
                let t = self.tricks(seat, strain).min(15);
                out[i] = if t < 10 { b'0' + t } else { b'a' + t - 10 };
                i += 1;
            }
        }
        out
    }

    /// Reads a `DoubleDummyTricks` value (either case); `None` unless it is 20 hexadecimal
    /// digits of at most 13.
    #[must_use]
    pub fn from_pbn_hex(s: &str) -> Option<DdTable> {
        let b = s.trim().as_bytes();
        if b.len() != 20 {
            return None;
        }
        let mut table = DdTable::default();
        let mut digits = b.iter();
        for seat in DdTable::RECORD_DECLARERS {
            for strain in DdTable::RECORD_STRAINS {
                let t = match *digits.next()? {
                    d @ b'0'..=b'9' => d - b'0',
                    d @ (b'a'..=b'd' | b'A'..=b'D') => (d | 0x20) - b'a' + 10,
                    _ => return None,
                };
                table.set(seat, strain, t);
            }
        }
        Some(table)
    }
}

impl fmt::Display for DdTable {
    /// The `DoubleDummyTricks` form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.pbn_hex() {
            write!(f, "{}", d as char)?;
        }
        Ok(())
    }
}

/// A solved table and the work it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DdSolution {
    /// The table.
    pub table: DdTable,
    /// The twenty solves' work, added up.
    pub stats: SolveStats,
}

/// The double-dummy table of `deal` (every hand the same size: a full deal or an ending at a
/// trick boundary), with `table` as the transposition table.
///
/// # Examples
///
/// ```
/// use cardtree::bridge::{dd_table, par, Strain, TransTable, TtLine, Vulnerability};
/// use cardtree::{pbn, Seat, SizeRule};
///
/// let deal = pbn::parse(
///     "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
///     SizeRule::Full,
/// )?;
/// // 1 MiB of table here; the host uses 64 MiB, a microcontroller a `static` of what it has.
/// let mut lines = vec![TtLine::ZERO; TtLine::count_for_bytes(1 << 20)];
/// let solved = dd_table(&deal, &mut TransTable::new(&mut lines[..]))?;
/// assert_eq!(solved.table.tricks(Seat::East, Strain::Spades), 8);
/// assert_eq!(solved.table.tricks(Seat::North, Strain::Clubs), 7);
/// // Its par: East-West make 2S for 110.
/// assert_eq!(par(&solved.table, Seat::North, Vulnerability::None).score_ns, -110);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn dd_table<M: TableMemory>(
    deal: &Deal,
    table: &mut TransTable<M>,
) -> Result<DdSolution, PositionError> {
    dd_table_with(deal, table, &SolverConfig::default())
}

/// [`dd_table`] with the solver's techniques as `config` says.
pub fn dd_table_with<M: TableMemory>(
    deal: &Deal,
    table: &mut TransTable<M>,
    config: &SolverConfig,
) -> Result<DdSolution, PositionError> {
    dd_table_in(deal, &Strain::ALL, table, config)
}

/// [`dd_table_with`] in `strains` only (in that order); the other strains' cells stay 0.
pub fn dd_table_in<M: TableMemory>(
    deal: &Deal,
    strains: &[Strain],
    table: &mut TransTable<M>,
    config: &SolverConfig,
) -> Result<DdSolution, PositionError> {
    let mut out = DdSolution {
        table: DdTable::default(),
        stats: SolveStats::default(),
    };
    let hands = Seat::ALL.map(|seat| deal.hand(seat).bits());
    // North's tricks beyond the first guess's in the strains done, in hundredths of a trick,
    // and the guess of the strain in hand.
    let (mut beyond, mut done, mut model) = (0i64, 0i64, 0i64);
    for &strain in strains {
        let trump = Trump::of(strain);
        // North-South's tricks with each declarer: North, South, East, West.
        let mut ns = [0u8; 4];
        for (i, declarer) in [Seat::North, Seat::South, Seat::East, Seat::West]
            .into_iter()
            .enumerate()
        {
            let position = BridgePlay::new(deal, strain, declarer.next())?;
            let total = position.tricks_left();
            // The first test asks whether North-South take at least the guess, so a guess
            // of the value or one above it costs the fewest tests (two); the guesses below
            // are fitted to the tables of `guess_hundredths`'s deals. North: the guess from
            // the cards, moved by seven tenths of its mean miss in the strains before.
            // South: what North took (the same in 92 % of those tables). East, with
            // North-South on lead now: one more than the better of North and South (they
            // took that or one more in 93 %). West: what East left (the same in 93 %).
            let guess_ns = match i {
                0 => {
                    model = guess_hundredths(&hands, total, trump);
                    let shift = if done > 0 {
                        7 * beyond / (10 * done)
                    } else {
                        0
                    };
                    first_target(model + shift, total)
                }
                1 => ns[0],
                2 => (ns[0].max(ns[1]) + 1).min(total),
                _ => ns[2],
            };
            // The guess is the mover's (the leader's side's) tricks.
            let mover_ns = matches!(declarer, Seat::East | Seat::West);
            let guess = if mover_ns {
                guess_ns
            } else {
                total.saturating_sub(guess_ns)
            };
            let v = solve_value_from(&position, table, config, Some(guess));
            let tricks = total.saturating_sub(v.tricks);
            out.table.set(declarer, strain, tricks);
            out.stats.add(&v.stats);
            ns[i] = if mover_ns { v.tricks } else { tricks };
            if i == 0 {
                beyond += i64::from(tricks) * 100 - model;
                done += 1;
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::TtLine;
    use crate::text::shown;
    use crate::{SizeRule, pbn};

    #[test]
    fn pbn_hex_round_trip() {
        let t = DdTable::from_fn(|seat, strain| (seat as u8 * 5 + strain as u8) % 14);
        let hex = shown(t);
        assert_eq!(hex.len(), 20);
        assert_eq!(DdTable::from_pbn_hex(&hex), Some(t));
        let mut upper = hex.clone();
        upper.make_ascii_uppercase();
        assert_eq!(DdTable::from_pbn_hex(&upper), Some(t));
        assert_eq!(DdTable::from_pbn_hex("e0000000000000000000"), None);
        assert_eq!(DdTable::from_pbn_hex("000"), None);
        // A public hand record's value (BBO's, board 1 of a session): N takes 13 in NT.
        let t = DdTable::from_pbn_hex("d8ddad8dda0500105001").unwrap();
        assert_eq!(t.tricks(Seat::North, Strain::NoTrump), 13);
        assert_eq!(t.tricks(Seat::North, Strain::Spades), 8);
        assert_eq!(t.tricks(Seat::West, Strain::Spades), 5);
        assert_eq!(t.tricks(Seat::East, Strain::Clubs), 1);
    }

    #[test]
    fn ending_table_is_consistent() {
        // A 3-card ending: every declarer's tricks plus the defence's add up to 3 per lead.
        let deal = pbn::parse("W:.3.7.5 .J..93 .6.4.K 2...62", SizeRule::Equal).unwrap();
        let mut lines = [TtLine::ZERO; 64];
        let mut table = TransTable::new(&mut lines[..]);
        let s = dd_table(&deal, &mut table).unwrap();
        for strain in Strain::ALL {
            for declarer in Seat::ALL {
                let position = BridgePlay::new(&deal, strain, declarer.next()).unwrap();
                let mut t2 = TransTable::new(&mut [][..]);
                let v = crate::bridge::solve_value(&position, &mut t2);
                assert_eq!(s.table.tricks(declarer, strain), 3 - v.tricks);
            }
        }
        assert!(s.stats.nodes > 0);
    }
}
