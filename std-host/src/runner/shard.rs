//! `--shard i/n`: a deterministic part of a run's items.

use crate::error::Error;
use std::fmt;
use std::str::FromStr;

/// Shard `index` (0-based) of `count`: the items `k` with `k % count == index`. Written and
/// parsed 1-based, `i/n`, as cluster job arrays number their tasks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Shard {
    index: usize,
    count: usize,
}

impl Shard {
    /// The whole run, `1/1`.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `i` of `n`, 1-based; `None` unless `1 <= i <= n`.
    #[must_use]
    pub fn new(i: usize, n: usize) -> Option<Shard> {
        (1 <= i && i <= n).then(|| Shard {
            index: i - 1,
            count: n,
        })
    }

    /// Whether this is the whole run.
    #[must_use]
    pub fn is_whole(self) -> bool {
        self.count == 1
    }

    /// Whether item `k` belongs to this shard.
    #[must_use]
    pub fn contains(self, k: usize) -> bool {
        k % self.count == self.index
    }

    /// This shard's items out of `total`, in order.
    pub fn items(self, total: usize) -> impl Iterator<Item = usize> {
        (self.index..total).step_by(self.count)
    }

    /// How many of `total` items this shard has.
    #[must_use]
    pub fn count(self, total: usize) -> usize {
        self.items(total).count()
    }

    /// Checks that `shards` are `1/n .. n/n` of one `n`, each once.
    pub fn check_cover(shards: &[Shard]) -> Result<(), Error> {
        let Some(n) = shards.first().map(|s| s.count) else {
            return Err(Error::Invalid("no shards".into()));
        };
        for s in shards {
            if s.count != n {
                return Err(invalid!(
                    "shards {} and {} split the run differently",
                    shards[0],
                    s
                ));
            }
        }
        if shards.len() < n {
            // Named without a flag per shard: `n` comes from a file and may be huge.
            let given: std::collections::BTreeSet<usize> = shards.iter().map(|s| s.index).collect();
            let missing: Vec<String> = (0..n)
                .filter(|i| !given.contains(i))
                .take(8)
                .map(|i| format!("{}/{n}", i + 1))
                .collect();
            let more = if n - given.len() > missing.len() {
                ", ..."
            } else {
                ""
            };
            return Err(invalid!("missing shards: {}{more}", missing.join(", ")));
        }
        let mut seen = vec![false; n];
        for s in shards {
            if s.count != n {
                return Err(invalid!(
                    "shards {} and {} split the run differently",
                    shards[0],
                    s
                ));
            }
            if std::mem::replace(&mut seen[s.index], true) {
                return Err(invalid!("shard {s} is given twice"));
            }
        }
        let missing: Vec<String> = (0..n)
            .filter(|&i| !seen[i])
            .map(|i| format!("{}/{n}", i + 1))
            .collect();
        if missing.is_empty() {
            Ok(())
        } else {
            Err(invalid!("missing shards: {}", missing.join(", ")))
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index + 1, self.count)
    }
}

impl FromStr for Shard {
    type Err = Error;

    fn from_str(s: &str) -> Result<Shard, Error> {
        let bad = || invalid!("{s:?} is no shard: want i/n with 1 <= i <= n, such as 2/8");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let i = i.trim().parse().map_err(|_| bad())?;
        let n = n.trim().parse().map_err(|_| bad())?;
        Shard::new(i, n).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_items() {
        let shards: Vec<Shard> = (1..=3).map(|i| Shard::new(i, 3).unwrap()).collect();
        let mut all: Vec<usize> = shards.iter().flat_map(|s| s.items(10)).collect();
        all.sort_unstable();
        assert_eq!(all, (0..10).collect::<Vec<_>>());
        assert_eq!(shards[0].count(10), 4);
        assert!(Shard::check_cover(&shards).is_ok());
        assert!(
            Shard::check_cover(&shards[..2])
                .unwrap_err()
                .to_string()
                .contains("3/3")
        );
        assert!(Shard::check_cover(&[shards[0], shards[0]]).is_err());
        assert!(Shard::check_cover(&[shards[0], Shard::new(2, 4).unwrap()]).is_err());
    }

    #[test]
    fn parses_one_based() {
        assert_eq!("2/8".parse::<Shard>().unwrap().to_string(), "2/8");
        assert_eq!("1/1".parse::<Shard>().unwrap(), Shard::WHOLE);
        for bad in ["0/3", "4/3", "1/0", "x/2", "3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
