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

/// A count of at least 1 whose items each keep `bytes_each` bytes of results until the run
/// ends: at most what fits in half the free memory (any count when `bytes_each` is 0).
fn count(text: &str, bytes_each: u64) -> Result<u64, String> {
    let n: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number"))?;
    let most = match bytes_each {
        0 => u64::MAX,
        b => (available_memory() / 2 / b).max(1),
    };
    match n {
        0 => Err("0 is not a count: give at least 1".to_string()),
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

/// `--count` of `bridge deal`: at least 1; the deals are written as they are made, in flat
/// memory, so any count fits.
pub fn deals(text: &str) -> Result<usize, String> {
    let n = count(text, 0)?;
    usize::try_from(n).map_err(|_| format!("{n} is too many"))
}

/// Playouts or iterations of a search: at least 1.
pub fn playouts(text: &str) -> Result<u32, String> {
    let n: u32 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number up to {}", u32::MAX))?;
    if n == 0 {
        return Err("0 playouts choose nothing: give at least 1".to_string());
    }
    Ok(n)
}

/// `--table-mib`: a solver's transposition table a thread, at least 1 MiB, and one for each
/// core within the free memory.
pub fn table_mib(text: &str) -> Result<usize, String> {
    let n: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number of MiB"))?;
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

/// `--threads`: 0 for one per core, else a number of threads; more than the cores do not
/// help, and [`crate::workers::resolve`] uses at most one per core.
pub fn threads(text: &str) -> Result<usize, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number (0: one per core)"))
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
}
