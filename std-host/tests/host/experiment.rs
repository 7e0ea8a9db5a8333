//! The experiment runner with McKay's experiment: results independent of threads, shards +
//! merge equal to one run, resume after a stop; and the search itself (p = 1 is the mean
//! backup, seeded results pinned).

use std::path::{Path, PathBuf};

use cardtree::search::{Backup, Exploration, RandomPolicy, UctConfig, uct};
use cardtree::{Card, Power, rng};
use cardtree_host::error::Error;
use cardtree_host::experiments::mckay::{self, LeadTree, McKay, SweepGrid};
use cardtree_host::runner::{self, Experiment, RunOptions, Shard};

/// The first `n` deals of `tests/data/bridge/dev_deals.jsonl`, with their DDS values.
fn dev_deals(n: usize) -> Vec<mckay::LeadDeal> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/bridge/dev_deals.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let lines: String = text.lines().take(n).map(|l| format!("{l}\n")).collect();
    mckay::read_deals(lines.as_bytes(), "dev_deals.jsonl", 0).unwrap()
}

/// A small grid: 2 x 2 cells on 3 deals, 300 playouts.
fn small() -> McKay {
    let mut grid = SweepGrid::paper(7);
    grid.constants = vec![1.0, 16.0];
    grid.powers = vec![1, 5];
    grid.playouts = 300;
    McKay {
        grid,
        deals: dev_deals(3),
        source: "dev_deals.jsonl".into(),
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardtree-exp-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn options(out: &Path, shard: Shard, threads: usize) -> RunOptions {
    RunOptions {
        out: out.to_path_buf(),
        shard,
        threads,
        progress: false,
    }
}

/// Every file of `dir`, sorted by name.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn results_do_not_depend_on_threads() {
    let e = small();
    let (a, b) = (scratch("t1"), scratch("t2"));
    let ra = runner::run(&e, mckay::summarize, &options(&a, Shard::WHOLE, 1)).unwrap();
    let rb = runner::run(&e, mckay::summarize, &options(&b, Shard::WHOLE, 2)).unwrap();
    assert_eq!((ra.items, ra.ran, rb.ran), (12, 12, 12));
    let names: Vec<String> = files(&a).into_iter().map(|(n, _)| n).collect();
    assert_eq!(
        names,
        [
            "heatmap.svg",
            "manifest.json",
            "raw.csv",
            "summary.csv",
            "summary.md"
        ]
    );
    assert_eq!(files(&a), files(&b));
    let raw = std::fs::read_to_string(a.join("raw.csv")).unwrap();
    assert!(raw.starts_with("item,c,p,deal,card,tricks,best,error,root_value,"));
    assert_eq!(raw.lines().count(), 13);
    // A complete directory is not run again.
    let again = runner::run(&e, mckay::summarize, &options(&a, Shard::WHOLE, 2)).unwrap();
    assert_eq!(again.ran, 0);
    for d in [a, b] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn shards_merge_into_exactly_the_unsharded_output() {
    let e = small();
    let whole = scratch("whole");
    runner::run(&e, mckay::summarize, &options(&whole, Shard::WHOLE, 2)).unwrap();
    let shard_dirs: Vec<PathBuf> = (1..=3).map(|i| scratch(&format!("shard{i}"))).collect();
    for (i, dir) in shard_dirs.iter().enumerate() {
        let shard = Shard::new(i + 1, 3).unwrap();
        let r = runner::run(&e, mckay::summarize, &options(dir, shard, 1)).unwrap();
        assert_eq!(r.items, 4);
        // A shard has its rows but no summary.
        assert!(!dir.join("summary.md").exists());
    }
    let summarizer =
        |kind: &str| (kind == mckay::KIND).then_some(mckay::summarize as runner::Summarizer);
    let merged = scratch("merged");
    // Shards given out of order still merge to the same bytes.
    let order = [
        shard_dirs[2].clone(),
        shard_dirs[0].clone(),
        shard_dirs[1].clone(),
    ];
    runner::merge(&order, &merged, summarizer).unwrap();
    assert_eq!(files(&merged), files(&whole));
    // A missing shard, or one given twice, is an error that names it.
    let err = runner::merge(&shard_dirs[..2], &scratch("bad"), summarizer)
        .unwrap_err()
        .to_string();
    assert!(err.contains("3/3"), "{err}");
    let twice = [
        shard_dirs[0].clone(),
        shard_dirs[0].clone(),
        shard_dirs[1].clone(),
    ];
    assert!(runner::merge(&twice, &scratch("bad2"), summarizer).is_err());
    for d in shard_dirs.iter().chain([&whole, &merged]) {
        std::fs::remove_dir_all(d).unwrap();
    }
}

/// McKay's experiment, failing at one item: a run stopped part way.
struct StopAt {
    inner: McKay,
    at: usize,
}

impl Experiment for StopAt {
    type Worker = LeadTree;
    type Fingerprint = mckay::Fingerprint;
    type Record = mckay::Record;
    fn kind(&self) -> &'static str {
        self.inner.kind()
    }
    fn fingerprint(&self) -> Result<mckay::Fingerprint, Error> {
        self.inner.fingerprint()
    }
    fn len(&self) -> usize {
        self.inner.len()
    }
    fn worker(&self) -> LeadTree {
        self.inner.worker()
    }
    fn run(&self, w: &mut LeadTree, k: usize) -> Result<Vec<mckay::Record>, Error> {
        if k == self.at {
            return Err(Error::Invalid("stopped".into()));
        }
        self.inner.run(w, k)
    }
}

#[test]
fn a_stopped_run_resumes_where_it_stopped() {
    let e = small();
    let whole = scratch("ref");
    runner::run(&e, mckay::summarize, &options(&whole, Shard::WHOLE, 2)).unwrap();

    let dir = scratch("resume");
    let stopping = StopAt {
        inner: small(),
        at: 5,
    };
    let err = runner::run(&stopping, mckay::summarize, &options(&dir, Shard::WHOLE, 1))
        .unwrap_err()
        .to_string();
    assert!(err.contains("item 5: stopped"), "{err}");
    assert!(
        !dir.join("raw.csv").exists(),
        "no output from an unfinished run"
    );
    // A crash while writing the journal leaves a cut line: it is dropped and rerun.
    let journal = dir.join("journal.jsonl");
    let mut text = std::fs::read_to_string(&journal).unwrap();
    assert_eq!(text.lines().count(), 5);
    text.push_str("{\"item\":5,\"rows\":[[\"1\"");
    std::fs::write(&journal, text).unwrap();

    let r = runner::run(&e, mckay::summarize, &options(&dir, Shard::WHOLE, 2)).unwrap();
    assert_eq!((r.resumed, r.ran), (5, 7));
    assert!(!journal.exists());
    assert_eq!(files(&dir), files(&whole));

    // Other arguments in the same directory are refused, naming it.
    let mut other = small();
    other.grid.playouts = 301;
    let err = runner::run(&other, mckay::summarize, &options(&dir, Shard::WHOLE, 1))
        .unwrap_err()
        .to_string();
    assert!(err.contains("other arguments"), "{err}");
    for d in [whole, dir] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

/// A tree for one search.
fn with_tree<T>(f: impl FnOnce(&mut LeadTree) -> T) -> T {
    f(&mut mckay::lead_tree())
}

#[test]
fn power_one_is_the_mean_backup_bit_for_bit() {
    let deal = &dev_deals(2)[1];
    let position = deal.position().unwrap();
    with_tree(|tree| {
        for c in [1.0, 16.0] {
            let power = UctConfig::mckay(Exploration::mckay(c).unwrap(), Power::MEAN, 2000);
            let mean = UctConfig {
                backup: Backup::Mean,
                ..power
            };
            let a = uct(
                tree,
                &position,
                &power,
                &mut RandomPolicy,
                &mut rng::stream(3, 0),
            )
            .unwrap();
            let b = uct(
                tree,
                &position,
                &mean,
                &mut RandomPolicy,
                &mut rng::stream(3, 0),
            )
            .unwrap();
            assert_eq!(a, b);
            assert_eq!(a.iterations, 2000);
            // p = 5 searches differently from the same seed.
            let five = UctConfig {
                backup: Backup::Power(Power::integer(5).unwrap()),
                ..power
            };
            let f = uct(
                tree,
                &position,
                &five,
                &mut RandomPolicy,
                &mut rng::stream(3, 0),
            )
            .unwrap();
            assert_ne!(f.root_value.to_bits(), a.root_value.to_bits());
        }
    });
}

/// The same seed gives the same bits: pinned results of two cells on deal 0, which every
/// machine (and the Cortex-M self-check) must reproduce.
#[test]
fn seeded_searches_are_pinned() {
    let mut e = small();
    e.grid.playouts = 2000;
    let got: Vec<(String, u64, u32)> = with_tree(|tree| {
        [0, 9]
            .iter()
            .map(|&k| {
                let (r, _) = e.search(tree, k).unwrap();
                let best: Card = r.best.unwrap();
                let visits = r.children.iter().map(|c| c.visits).max().unwrap();
                (best.to_string(), r.root_value.to_bits(), visits)
            })
            .collect()
    });
    let printed: Vec<String> = got
        .iter()
        .map(|(c, bits, v)| format!("{c} {:.6} {bits:#018x} {v}", f64::from_bits(*bits)))
        .collect();
    println!("{printed:?}");
    assert_eq!(printed, PINNED);
}

/// Item 0 (c = 1, p = 1) and item 9 (c = 16, p = 5) on deal 0, seed 7, 2000 playouts: the
/// lead, the root value and its bits, the most visits of a root child.
const PINNED: [&str; 2] = [
    "S9 9.450500 0x4022e6a800000000 877",
    "S3 9.005054 0x4022029680000000 352",
];
