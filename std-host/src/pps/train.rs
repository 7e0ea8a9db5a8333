//! `cardtree pps train`: Monte-Carlo learning of the values of abstract hands
//! ([`cardtree::poker_squares::AbstractHand`]) by self-play, into a table file
//! ([`cardtree::poker_squares::LearnedValues`]'s text format).
//!
//! Training runs in batches. Batch `k` plays games `k B .. (k + 1) B`, game `g` from
//! `rng::stream(seed, g)`, placing by the table of the batches before it (at random in batch
//! 0) with exploration; every row and column adds its final score to the sum of each abstract
//! state it passed through. Sums and counts are integers, so the table depends on the seed,
//! the batch size and the exploration only, not on the threads or on stops: after each batch
//! the file is rewritten whole, and a run given the same file resumes after its last batch.

use crate::error::{Context, Error};
use std::fmt::Write as _;
use std::path::Path;

use cardtree::poker_squares::{
    AbstractHand, LearnedValues, PointSystem, Teacher, VALUES_HEADER, read_sums, self_play,
};
use cardtree::rng;

use crate::output::write_atomic;
use crate::progress::Bar;
use crate::workers;

/// How a table is trained.
#[derive(Clone, Debug, PartialEq)]
pub struct Training {
    /// The point system, as given to `--system`.
    pub system_text: String,
    /// Games to have played in all (a multiple of `batch` is reached: the last batch is whole).
    pub games: u64,
    /// Seed of the games.
    pub seed: u64,
    /// Games per batch: the table the games place by is the one of the batches before.
    pub batch: u64,
    /// Millionths of placements made at random rather than by the table.
    pub explore_ppm: u32,
    /// How the table of the batches before places the cards.
    pub teacher: Teacher,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Whether to draw a progress bar.
    pub progress: bool,
}

impl Training {
    /// The table `cardtree pps play --player best` learns for a point system cardtree ships
    /// none for: 1,000,000 games of seed 1 in batches of 20,000, a quarter of the placements
    /// exploring. The recipe of the random:42 table in std-host/results/pps/learned/run.sh;
    /// tables of 5,000,000 games at 5 to 40 % exploration play level with it there
    /// (expectimax over the next card, 10,000 games of seed 7: 644.5 to 646.3 against
    /// 645.0; std-host/results/pps/learned/summary.md), and it takes a tenth of the time.
    #[must_use]
    pub fn unshipped(system_text: &str, threads: usize, progress: bool) -> Training {
        Training {
            system_text: system_text.to_string(),
            games: 1_000_000,
            seed: 1,
            batch: 20_000,
            explore_ppm: 250_000,
            teacher: Teacher::Greedy,
            threads,
            progress,
        }
    }
}

/// Sums and counts per abstract state, and the games behind them.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Sums {
    sums: Vec<i64>,
    counts: Vec<u64>,
    games: u64,
    /// The sum of the games' scores.
    total: i64,
}

impl Sums {
    fn new() -> Sums {
        Sums {
            sums: vec![0; AbstractHand::COUNT],
            counts: vec![0; AbstractHand::COUNT],
            games: 0,
            total: 0,
        }
    }

    fn add(&mut self, other: &Sums) {
        for (a, b) in self.sums.iter_mut().zip(&other.sums) {
            *a += b;
        }
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
        self.games += other.games;
        self.total += other.total;
    }
}

/// What a training run did.
#[derive(Clone, Debug, PartialEq)]
pub struct Trained {
    /// Games in the table.
    pub games: u64,
    /// Games played by this run (the rest were resumed).
    pub played: u64,
    /// The mean score of the last batch's games (placed by the table, with exploration);
    /// none when the table already held the games asked for.
    pub last_batch_mean: Option<f64>,
    /// Abstract states seen at least once.
    pub states_seen: usize,
}

/// The line of the file that records how it was trained (checked when resuming).
fn provenance(t: &Training) -> String {
    // A greedy teacher is not named, so that files trained before there was a choice resume.
    let teacher = match t.teacher {
        Teacher::Greedy => "",
        Teacher::Expectimax => " teacher expectimax",
    };
    format!(
        "# trained: system {} seed {} batch {} explore-ppm {}{teacher}",
        t.system_text, t.seed, t.batch, t.explore_ppm
    )
}

/// The table file of `sums`.
fn table_text(t: &Training, system: &PointSystem, sums: &Sums) -> String {
    let mut text = format!("{VALUES_HEADER}\n{}\n", provenance(t));
    let _ = writeln!(
        text,
        "# command: cardtree pps train --system {} --games {} --seed {} --batch {} --explore-ppm {}{} --out FILE",
        t.system_text,
        sums.games,
        t.seed,
        t.batch,
        t.explore_ppm,
        match t.teacher {
            Teacher::Greedy => "",
            Teacher::Expectimax => " --teacher expectimax",
        }
    );
    let scores: Vec<String> = system.scores().iter().map(i32::to_string).collect();
    let _ = writeln!(text, "system {}", scores.join(" "));
    let _ = writeln!(text, "games {}", sums.games);
    for (i, (s, n)) in sums.sums.iter().zip(&sums.counts).enumerate() {
        if *n > 0 {
            let _ = writeln!(text, "{i} {s} {n}");
        }
    }
    text
}

/// Reads a table written by [`train`] to resume it.
fn resume(t: &Training, system: &PointSystem, text: &str) -> Result<Sums, Error> {
    if !text.lines().any(|l| l.trim() == provenance(t)) {
        return Err(invalid!(
            "the file was trained otherwise (wanted `{}`); give another file",
            provenance(t)
        ));
    }
    let mut sums = Sums::new();
    let (file_system, games) =
        read_sums(text, &mut sums.sums, &mut sums.counts).map_err(Error::from)?;
    if file_system != *system {
        return Err(Error::Invalid(
            "the file is for another point system".into(),
        ));
    }
    sums.games = games;
    if !sums.games.is_multiple_of(t.batch) {
        return Err(invalid!(
            "the file holds {} games, not whole batches of {}",
            sums.games,
            t.batch
        ));
    }
    Ok(sums)
}

/// Parses and checks the training parameters: the point system.
fn check(t: &Training) -> Result<PointSystem, Error> {
    let system: PointSystem = t.system_text.parse().context("bad --system")?;
    if t.batch == 0 || t.batch > t.games {
        return Err(invalid!(
            "--batch {} must be at least 1 and at most --games {}",
            t.batch,
            t.games
        ));
    }
    if t.explore_ppm > 1_000_000 {
        return Err(Error::Invalid("--explore-ppm is at most 1000000".into()));
    }
    Ok(system)
}

/// A table learned a batch at a time: what [`train`] and [`train_in_memory`] run, for a caller
/// that shows how far it is or stops between batches (the page learns this way, one batch a
/// step, and reads [`games`](Self::games) of [`target`](Self::target) in between).
#[derive(Clone, Debug)]
pub struct Learner {
    t: Training,
    system: PointSystem,
    sums: Sums,
    /// The games to reach: `t.games` rounded up to whole batches.
    target: u64,
    last_batch_mean: Option<f64>,
}

impl Learner {
    /// A fresh table for `t` (its parameters checked).
    pub fn new(t: &Training) -> Result<Learner, Error> {
        let system = check(t)?;
        Ok(Learner::resuming(t, system, Sums::new()))
    }

    fn resuming(t: &Training, system: PointSystem, sums: Sums) -> Learner {
        Learner {
            t: t.clone(),
            system,
            sums,
            target: t.games.div_ceil(t.batch) * t.batch,
            last_batch_mean: None,
        }
    }

    /// The point system the table is for.
    #[must_use]
    pub fn system(&self) -> &PointSystem {
        &self.system
    }

    /// Games in the table so far.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.sums.games
    }

    /// Games the table holds when learned.
    #[must_use]
    pub fn target(&self) -> u64 {
        self.target
    }

    /// Whether the table holds the games asked for.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.sums.games >= self.target
    }

    /// The table as learned so far.
    #[must_use]
    pub fn values(&self) -> LearnedValues {
        LearnedValues::from_sums(
            self.system,
            &self.sums.sums,
            &self.sums.counts,
            self.sums.games,
        )
    }

    /// Plays the next batch (nothing once [`is_done`](Self::is_done)).
    pub fn batch(&mut self) -> Result<(), Error> {
        self.batch_counted(&Bar::new(0, false, "games"))
    }

    /// [`batch`](Self::batch), counting the games on `bar`.
    fn batch_counted(&mut self, bar: &Bar) -> Result<(), Error> {
        if self.is_done() {
            return Ok(());
        }
        let (t, system) = (&self.t, &self.system);
        let table = (self.sums.games > 0).then(|| self.values());
        let first = self.sums.games;
        // A batch is cut into chunks the workers take in turn; the sums do not depend on how.
        const CHUNK: u64 = 250;
        let chunks: Vec<(u64, u64)> = (first..first + t.batch)
            .step_by(CHUNK as usize)
            .map(|g| (g, (g + CHUNK).min(first + t.batch)))
            .collect();
        let parts = workers::map(
            &chunks,
            t.threads,
            || (),
            |(), &(from, to)| {
                let mut part = Sums::new();
                for g in from..to {
                    let mut r = rng::stream(t.seed, g);
                    let teacher = table.as_ref().map(|v| (v, t.teacher));
                    let score = self_play(system, teacher, t.explore_ppm, &mut r, |s, v| {
                        if let (Some(a), Some(b)) =
                            (part.sums.get_mut(s.index()), part.counts.get_mut(s.index()))
                        {
                            *a += i64::from(v);
                            *b += 1;
                        }
                    });
                    part.games += 1;
                    part.total += score;
                }
                bar.inc(to - from);
                Ok(part)
            },
        );
        let mut batch = Sums::new();
        for part in parts {
            batch.add(&part?);
        }
        self.last_batch_mean = Some(batch.total as f64 / batch.games.max(1) as f64);
        self.sums.add(&batch);
        Ok(())
    }

    /// Plays the batches left, calling `after_batch` after each (the file is rewritten there).
    fn finish(
        &mut self,
        mut after_batch: impl FnMut(&Learner) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let bar = Bar::new(
            usize::try_from(self.target.saturating_sub(self.sums.games)).unwrap_or(usize::MAX),
            self.t.progress,
            "games",
        );
        while !self.is_done() {
            self.batch_counted(&bar)?;
            after_batch(self)?;
        }
        bar.finish_and_clear();
        Ok(())
    }
}

/// Trains (or resumes) the table in `out` until it holds `t.games` games, rounded up to whole
/// batches; rewrites `out` whole after every batch.
pub fn train(t: &Training, out: &Path) -> Result<Trained, Error> {
    let system = check(t)?;
    let sums = match std::fs::read_to_string(out) {
        Ok(text) => resume(t, &system, &text).with_context(|| format!("{}", out.display()))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Sums::new(),
        Err(e) => return Err(Error::read(out, e)),
    };
    let resumed = sums.games;
    let mut learner = Learner::resuming(t, system, sums);
    learner.finish(|l| {
        write_atomic(out, table_text(t, &l.system, &l.sums).as_bytes())
            .map_err(|e| Error::write(out, e))
    })?;
    Ok(Trained {
        games: learner.sums.games,
        played: learner.sums.games - resumed,
        last_batch_mean: learner.last_batch_mean,
        states_seen: learner.sums.counts.iter().filter(|&&n| n > 0).count(),
    })
}

/// Trains a table in memory: the values [`train`] writes into a fresh file, to the bit.
pub fn train_in_memory(t: &Training) -> Result<LearnedValues, Error> {
    let mut learner = Learner::new(t)?;
    learner.finish(|_| Ok(()))?;
    Ok(learner.values())
}

/// `cardtree pps train`: [`train`], then one line on what the table holds.
pub fn command(t: &Training, out: &Path) -> Result<String, Error> {
    crate::output::check_writable(out)?;
    let start = web_time::Instant::now();
    let done = train(t, out)?;
    let last = match done.last_batch_mean {
        Some(mean) => format!("last batch's mean score {mean:.2}"),
        None => "no batch to play: the file holds the games asked for".to_string(),
    };
    Ok(format!(
        "{}: {} games ({} played now, in {:.1} s), {} of {} abstract states seen; {last}\n",
        out.display(),
        done.games,
        done.played,
        start.elapsed().as_secs_f64(),
        done.states_seen,
        cardtree::poker_squares::AbstractHand::COUNT,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn training(games: u64, threads: usize) -> Training {
        Training {
            system_text: "american".to_string(),
            games,
            seed: 5,
            batch: 300,
            explore_ppm: 50_000,
            teacher: Teacher::Greedy,
            threads,
            progress: false,
        }
    }

    #[test]
    fn threads_and_stops_do_not_change_the_table() {
        let dir = std::env::temp_dir().join(format!("cardtree-train-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
        let _ = std::fs::remove_file(&a);
        let _ = std::fs::remove_file(&b);
        let whole = train(&training(900, 1), &a).unwrap();
        assert_eq!((whole.games, whole.played), (900, 900));
        // Two runs, stopped after the first batch, on three threads.
        train(&training(300, 3), &b).unwrap();
        let rest = train(&training(900, 3), &b).unwrap();
        assert_eq!((rest.games, rest.played), (900, 600));
        let (ta, tb) = (
            std::fs::read_to_string(&a).unwrap(),
            std::fs::read_to_string(&b).unwrap(),
        );
        assert_eq!(ta, tb);
        let table = LearnedValues::parse(&ta).unwrap();
        assert_eq!(table.games(), 900);
        // Another exploration rate is another run: refused, file untouched.
        let other = Training {
            explore_ppm: 0,
            ..training(1200, 1)
        };
        assert!(
            train(&other, &a)
                .unwrap_err()
                .to_string()
                .contains("trained otherwise")
        );
        assert_eq!(std::fs::read_to_string(&a).unwrap(), ta);
        // So is another teacher; an expectimax teacher's table says so, and differs.
        let taught = Training {
            teacher: Teacher::Expectimax,
            ..training(1200, 1)
        };
        assert!(
            train(&taught, &a)
                .unwrap_err()
                .to_string()
                .contains("trained otherwise")
        );
        let c = dir.join("c.txt");
        train(
            &Training {
                games: 900,
                ..taught
            },
            &c,
        )
        .unwrap();
        let tc = std::fs::read_to_string(&c).unwrap();
        assert!(
            tc.contains("explore-ppm 50000 teacher expectimax\n"),
            "{tc}"
        );
        assert!(tc.contains("--teacher expectimax --out FILE"));
        assert_ne!(LearnedValues::parse(&tc).unwrap(), table);
        // In memory: the file's values, to the bit.
        assert_eq!(train_in_memory(&training(900, 2)).unwrap(), table);
        // A batch a step, as the page learns: the same values, and how far it is after each.
        let mut learner = Learner::new(&training(900, 1)).unwrap();
        let mut after = Vec::new();
        while !learner.is_done() {
            learner.batch().unwrap();
            after.push((learner.games(), learner.target()));
        }
        assert_eq!(after, [(300, 900), (600, 900), (900, 900)]);
        assert_eq!(learner.values(), table);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
