//! Every count, size, time and thread number a user types, checked in one place before any
//! work starts: the command line's value parsers are these functions, so a number out of range
//! is a usage error naming the flag's limit, never a crash, an abort or a run without end.
//!
//! The limits come from what the work needs and the machine has: a count's results must fit
//! in the memory the machine has free ([`available_memory`]), a table's memory too, a time
//! budget must be finite, and a zero count is refused (a run of nothing has no mean).

/// The most seconds a time budget may be: a day (a budget is for a game or a move; a longer
/// one is a mistake, and an infinite one never ends).
pub const MOST_SECONDS: f64 = 86_400.0;

/// The most iterations or playouts one search may be given: 10^8. A search tree has a fixed
/// size (a full tree is reported, never grown), so this bounds time, not memory: 10^8
/// iterations are minutes to hours of one core, where the papers' searches take 10^3 to 10^6.
pub const MOST_ITERATIONS: u32 = 100_000_000;

/// The most items a count may be (games, hands, deals, layouts): 10^9, days of work for the
/// fastest player here; a larger run is a mistake, or a job for shards with their own seeds.
pub const MOST_ITEMS: u64 = 1_000_000_000;

/// The most worker threads a command may be given (far past any machine's cores; each
/// thread owns its own table, so more would only ask for memory).
pub const MOST_THREADS: u64 = 4096;

/// The most shards a run may be cut into: 10^5 (Slurm's largest job array by default is
/// 1,001 tasks; a shard is at least one work item).
pub const MOST_SHARDS: u32 = 100_000;

/// The most rounds a command may run: `pps apriori`'s rounds of refinement (each plays
/// `--games` games; the table settles within a few), `bridge bench --rounds` (each solves the
/// file's tables twice) and `--repeat` (each solves every deal's table once more).
pub const MOST_ROUNDS: u32 = 100;

/// The memory this machine has free for a run, in bytes: `MemAvailable` of `/proc/meminfo`,
/// or 1 GiB where that cannot be read.
#[must_use]
pub fn available_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|l| l.strip_prefix("MemAvailable:"))
                .and_then(|rest| {
                    rest.trim()
                        .trim_end_matches("kB")
                        .trim()
                        .parse::<u64>()
                        .ok()
                })
        })
        .map_or(1 << 30, |kib| kib.saturating_mul(1024))
}

/// The cores this machine has (what `--threads 0` means, and the most threads that help).
#[must_use]
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// A count of at least 1 and at most [`MOST_ITEMS`] whose items each keep `bytes_each` bytes
/// of results until the run ends: at most what fits in half the free memory.
fn count(text: &str, bytes_each: u64) -> Result<u64, String> {
    let n: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number"))?;
    count_fits(n, bytes_each)
}

/// The check of `count`, on a number already read: at least 1, at most [`MOST_ITEMS`], and
/// `bytes_each` bytes an item within half the free memory.
pub fn count_fits(n: u64, bytes_each: u64) -> Result<u64, String> {
    let most = match bytes_each {
        0 => u64::MAX,
        b => (available_memory() / 2 / b).max(1),
    };
    match n {
        0 => Err("0 is not a count: give at least 1".to_string()),
        n if n > MOST_ITEMS => Err(format!(
            "{n} is more than {MOST_ITEMS} (days of work: cut the run into shards or runs with their own seeds)"
        )),
        n if n > most => Err(format!(
            "{n} is more than this machine's free memory holds ({most} at most)"
        )),
        n => Ok(n),
    }
}

/// `--games` of Poker Squares: each game's result (score, classes, statistics) is kept.
pub fn games(text: &str) -> Result<u64, String> {
    count(text, 256)
}

/// `--hands` of Blackjack: each hand's return (and with `--vs`, `--audit` its pair and regret)
/// is kept.
pub fn hands(text: &str) -> Result<u64, String> {
    count(text, 64)
}

/// `--samples` of the lead advisor: each layout's values of every card are kept.
pub fn samples(text: &str) -> Result<u32, String> {
    let n = count(text, 1024)?;
    u32::try_from(n).map_err(|_| format!("{n} is more than {} layouts", u32::MAX))
}

/// [`samples`] of a number already read (a spec's `also`).
pub fn samples_fit(n: u64) -> Result<(), String> {
    count_fits(n, 1024).map(|_| ())
}

/// `--count` of `bridge playout`: the boards are held until written (a few KiB each with
/// their text), so at most what half the free memory holds.
pub fn boards(text: &str) -> Result<usize, String> {
    let n = count(text, 4096)?;
    usize::try_from(n).map_err(|_| format!("{n} is too many"))
}

/// `--hands` of `bridge libdds`: 0 (none) up to [`MOST_ITEMS`]; each hand is traced and
/// dropped.
pub fn hands_or_none(text: &str) -> Result<usize, String> {
    if text.trim() == "0" {
        return Ok(0);
    }
    let n = count(text, 0)?;
    usize::try_from(n).map_err(|_| format!("{n} is too many"))
}

/// `--count` of `bridge deal`: at least 1 and at most [`MOST_ITEMS`]; the deals are written
/// as they are made, in flat memory.
pub fn deals(text: &str) -> Result<usize, String> {
    let n = count(text, 0)?;
    usize::try_from(n).map_err(|_| format!("{n} is too many"))
}

/// A count of games or work items that keeps nothing per item (training games, batches,
/// blocks of hands): at least 1 and at most [`MOST_ITEMS`].
pub fn items(text: &str) -> Result<u64, String> {
    count(text, 0)
}

/// Playouts or iterations of a search: at least 1 and at most [`MOST_ITERATIONS`].
pub fn playouts(text: &str) -> Result<u32, String> {
    let n: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number"))?;
    match n {
        0 => Err("0 iterations choose nothing: give at least 1".to_string()),
        n if n > u64::from(MOST_ITERATIONS) => Err(format!(
            "{n} is more than {MOST_ITERATIONS} iterations a search (hours of one core: give fewer, or a time budget)"
        )),
        // At most MOST_ITERATIONS, which is a u32.
        n => Ok(u32::try_from(n).unwrap_or(MOST_ITERATIONS)),
    }
}

/// A real number a model takes (an exploration constant, a power, a threshold): finite. Its
/// range is the model's to check, with the flag's name.
pub fn finite(text: &str) -> Result<f64, String> {
    let x: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number"))?;
    if x.is_finite() {
        Ok(x)
    } else {
        Err(format!("{text} is not a finite number"))
    }
}

/// `--table-mib`: a solver's transposition table a thread, at least 1 MiB, and one for each
/// core within the free memory.
pub fn table_mib(text: &str) -> Result<usize, String> {
    let n: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number of MiB"))?;
    table_mib_fits(n)
}

/// [`table_mib`] of a number already read (a spec's `also`).
pub fn table_mib_fits(n: usize) -> Result<usize, String> {
    let cores = u64::try_from(cores()).unwrap_or(1);
    let most = usize::try_from(available_memory() / cores / (1 << 20))
        .unwrap_or(usize::MAX)
        .max(1);
    match n {
        0 => Err("a table needs at least 1 MiB".to_string()),
        n if n > most => Err(format!(
            "{n} MiB a thread is more than this machine's free memory holds ({most} MiB a thread at most)"
        )),
        n => Ok(n),
    }
}

/// A time budget in seconds: finite, above 0, at most [`MOST_SECONDS`].
pub fn seconds(text: &str) -> Result<f64, String> {
    let s: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if s.is_finite() && s > 0.0 && s <= MOST_SECONDS {
        Ok(s)
    } else {
        Err(format!(
            "{text} is not a time budget: give seconds above 0 and at most {MOST_SECONDS} (a day)"
        ))
    }
}

/// A real number of at least 0 (a number of standard errors, a weight): finite.
pub fn non_negative(text: &str) -> Result<f64, String> {
    match finite(text)? {
        x if x >= 0.0 => Ok(x),
        x => Err(format!("{x} is below 0")),
    }
}

/// `--threads`: 0 for one per core, else a number of threads; more than the cores do not
/// help, and [`crate::workers::resolve`] uses at most one per core; at most 4096, as the specs' `threads`.
pub fn threads(text: &str) -> Result<usize, String> {
    let most = MOST_THREADS;
    match text.trim().parse::<u64>() {
        Ok(n) if n <= most => Ok(n as usize),
        _ => Err(format!(
            "{text:?} is not a whole number from 0 to {most} (0: one per core)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_refuse_zero_huge_and_non_numbers() {
        assert_eq!(games("3"), Ok(3));
        for bad in ["0", "-1", "18446744073709551615", "1e3", "nan", "x"] {
            assert!(games(bad).is_err(), "{bad}");
            assert!(hands(bad).is_err(), "{bad}");
            assert!(samples(bad).is_err(), "{bad}");
        }
        assert!(playouts("0").is_err());
        assert_eq!(playouts("5000"), Ok(5000));
        assert_eq!(playouts("100000000"), Ok(MOST_ITERATIONS));
        for bad in ["100000001", "4294967295", "18446744073709551616", "-1"] {
            assert!(playouts(bad).is_err(), "{bad}");
        }
        assert_eq!(items("1000000000"), Ok(MOST_ITEMS));
        assert!(items("1000000001").is_err());
        assert!(deals("4294967295").is_err());
        assert!(table_mib("100000000").is_err());
        assert!(table_mib("0").is_err());
        assert_eq!(table_mib("16"), Ok(16));
    }

    #[test]
    fn time_budgets_are_finite_and_positive() {
        assert_eq!(seconds("30"), Ok(30.0));
        for bad in ["0", "-1", "inf", "nan", "1e9", "x"] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn model_numbers_are_finite() {
        assert_eq!(finite("-2.5"), Ok(-2.5));
        for bad in ["inf", "-inf", "nan", "1e999", "x"] {
            assert!(finite(bad).is_err(), "{bad}");
            assert!(non_negative(bad).is_err(), "{bad}");
        }
        assert_eq!(non_negative("0"), Ok(0.0));
        assert!(non_negative("-0.5").is_err());
    }
}
