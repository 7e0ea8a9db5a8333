//! macroxue's bridge-solver (Xue, github.com/macroxue/bridge-solver, `solver.cc`) as a rival in
//! `cardtree bridge bench --tables --macroxue BIN`: its `solver -f FILE` computes a deal's
//! whole double-dummy table, which is read back, checked against cardtree's cell by cell, and
//! timed as the process's wall-clock time (its own printout has only hundredths of a second).
//! cardtree neither ships nor builds it: `BIN` is a `solver` its user built as its README says.

use std::path::{Path, PathBuf};
use std::process::Command;

use cardtree::bridge::{DdTable, Strain};
use cardtree::{Deal, Seat};
use web_time::Instant;

use crate::error::Error;

/// The solver's declarers, in the order of its output's columns (its README: "the number of
/// tricks when South/North/West/East declares").
const DECLARERS: [Seat; 4] = [Seat::South, Seat::North, Seat::West, Seat::East];

/// The input of `solver -f` for `deal`: North, West, East and South a line each, suits in the
/// order spades, hearts, diamonds, clubs separated by spaces, `-` for a void (no strain or
/// leader line: every strain and every declarer).
#[must_use]
pub fn input(deal: &Deal) -> String {
    [Seat::North, Seat::West, Seat::East, Seat::South]
        .iter()
        .map(|&s| {
            format!(
                "{}\n",
                deal.hand(s).pbn_hand(true).to_string().replace('.', " ")
            )
        })
        .collect()
}

/// The table in the solver's output: a line a strain, `N` (no trump), `S`, `H`, `D`, `C`, then
/// the tricks of the four declarers (`DECLARERS`), then its times and memory.
pub fn parse(stdout: &str) -> Result<DdTable, Error> {
    let mut table = DdTable::from_fn(|_, _| 0);
    let mut seen = [false; 5];
    for line in stdout.lines() {
        let mut words = line.split_whitespace();
        let strain = match words.next() {
            Some("N") => Strain::NoTrump,
            Some("S") => Strain::Spades,
            Some("H") => Strain::Hearts,
            Some("D") => Strain::Diamonds,
            Some("C") => Strain::Clubs,
            _ => continue,
        };
        let tricks: Vec<u8> = words.take(4).map_while(|w| w.parse().ok()).collect();
        if tricks.len() != 4 || tricks.iter().any(|&t| t > 13) {
            continue;
        }
        for (&seat, &t) in DECLARERS.iter().zip(&tricks) {
            table.set(seat, strain, t);
        }
        seen[strain as usize] = true;
    }
    if seen.iter().all(|&s| s) {
        Ok(table)
    } else {
        Err(invalid!(
            "macroxue's solver printed no table (a line per strain N, S, H, D, C): {}",
            crate::text::excerpt(stdout)
        ))
    }
}

/// The solver binary and a file for its input.
#[derive(Debug)]
pub struct Macroxue {
    bin: PathBuf,
    file: PathBuf,
}

impl Macroxue {
    /// The solver at `bin`, checked to run.
    pub fn new(bin: &Path) -> Result<Macroxue, Error> {
        if !bin.is_file() {
            return Err(invalid!(
                "--macroxue {}: no such file (build macroxue's bridge-solver as its README says and give its `solver`)",
                bin.display()
            ));
        }
        let file =
            std::env::temp_dir().join(format!("cardtree-macroxue-{}.txt", std::process::id()));
        Ok(Macroxue {
            bin: bin.to_path_buf(),
            file,
        })
    }

    /// `deal`'s whole table by the solver, and the milliseconds its process took.
    pub fn table(&self, deal: &Deal) -> Result<(DdTable, f64), Error> {
        std::fs::write(&self.file, input(deal)).map_err(|e| Error::write(&self.file, e))?;
        let start = Instant::now();
        let out = Command::new(&self.bin)
            .arg("-f")
            .arg(&self.file)
            .output()
            .map_err(|e| Error::io("run", &self.bin, e))?;
        let ms = start.elapsed().as_secs_f64() * 1e3;
        if !out.status.success() {
            return Err(invalid!(
                "macroxue's solver failed ({}): {}",
                out.status,
                crate::text::excerpt(&String::from_utf8_lossy(&out.stderr))
            ));
        }
        Ok((parse(&String::from_utf8_lossy(&out.stdout))?, ms))
    }
}

impl Drop for Macroxue {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.file);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_and_output() {
        let deal: Deal = "N:KQ3..T832.AJ9765 72.AJ972.AQ7.KQ2 AJ854.QT654.KJ9. T96.K83.654.T843"
            .parse()
            .unwrap();
        assert_eq!(
            input(&deal),
            "KQ3 - T832 AJ9765\nT96 K83 654 T843\n72 AJ972 AQ7 KQ2\nAJ854 QT654 KJ9 -\n"
        );
        // The output of its README's example (the deal's drawing first, in suit symbols).
        let stdout = "                          \u{2660} KJT987 \u{2665} K5\n\
            N 13 13  0  0  0.01 s  10.2 M\n\
            S 13 13  0  0  0.02 s  10.2 M\n\
            H  7  7  6  5  0.21 s  12.9 M\n\
            D  6  6  6  6  0.34 s  13.2 M\n\
            C 13 13  0  0  0.34 s  13.2 M\n";
        let t = parse(stdout).unwrap();
        assert_eq!(t.tricks(Seat::South, Strain::NoTrump), 13);
        assert_eq!(t.tricks(Seat::West, Strain::Hearts), 6);
        assert_eq!(t.tricks(Seat::East, Strain::Hearts), 5);
        assert_eq!(t.tricks(Seat::North, Strain::Clubs), 13);
        assert!(parse("N 13 13 0 0\nS 1 2 3 4\n").is_err());
        assert!(Macroxue::new(Path::new("/no/such/solver")).is_err());
    }
}
