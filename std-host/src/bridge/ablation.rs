//! `cardtree bridge ablation`: every lead of every deal of a file with all the solver's
//! techniques on, then with each switched off in turn, as a Markdown table of the work and
//! time.

use std::fmt::Write as _;
use std::path::Path;

use cardtree::bridge::SolverConfig;

use crate::bridge::bench::read_tasks;
use crate::bridge::bench_report::Cost;
use crate::bridge::solve;
use crate::error::Error;

/// One technique of the ablation: its name and the switch that turns it off.
pub type Technique = (&'static str, fn(&mut SolverConfig));

/// The techniques of [`SolverConfig`], each with its switch, as the ablation names them.
pub const TECHNIQUES: [Technique; 8] = [
    ("transposition table", |c| c.table = false),
    ("rank winners (partition search)", |c| {
        c.rank_winners = false
    }),
    ("quick tricks (and the second hand's)", |c| {
        c.quick_tricks = false
    }),
    ("later tricks", |c| c.later_tricks = false),
    ("move ordering", |c| c.move_ordering = false),
    ("cut-off cards", |c| c.cutoff_cards = false),
    ("equivalent cards", |c| c.equivalent_cards = false),
    ("irrelevant small cards", |c| c.irrelevant_cards = false),
];

/// `cardtree bridge ablation`: every deal of `path` (every lead) with all techniques on, then
/// with each switched off in turn; a configuration that passes `budget_s` seconds stops after
/// that deal and is compared with all-on over the same deals. Returns a Markdown table.
pub fn ablation(path: &Path, mib: usize, budget_s: f64) -> Result<String, Error> {
    let text = std::fs::read(path).map_err(|e| Error::read(path, e))?;
    let tasks = read_tasks(&text, path)?;
    let mut table = crate::bridge::table_memory::host_table(mib);
    let run =
        |table: &mut crate::bridge::table_memory::HostTable, config: &SolverConfig, budget: f64| {
            let mut costs = Vec::new();
            let mut seconds = 0.0;
            // Each configuration starts empty: the table keeps what it learnt for a later
            // call on the same deal, so a file whose last deal is its first (one deal, say)
            // would hand the next configuration the answers.
            table.clear();
            for task in &tasks {
                let s = solve::run_with(task, table, config)?;
                seconds += s.ms / 1e3;
                costs.push(Cost {
                    ms: s.ms,
                    nodes: s.solution.stats.nodes,
                    tricks: s.solution.stats.tricks,
                    tests: s.solution.stats.tests,
                });
                if seconds > budget {
                    break;
                }
            }
            Ok::<_, Error>(costs)
        };
    let all_on = run(&mut table, &SolverConfig::default(), f64::INFINITY)?;
    let sum = |c: &[Cost]| {
        c.iter().fold((0.0, 0u64, 0u64), |a, c| {
            (a.0 + c.ms, a.1 + c.nodes, a.2 + c.tricks)
        })
    };
    let (ms, nodes, tricks) = sum(&all_on);
    let mut out = format!(
        "| switched off | deals | tricks searched | nodes | time | x tricks | x time |\n|---|---|---|---|---|---|---|\n| nothing (all on) | {} | {tricks} | {nodes} | {:.2} s | 1 | 1 |\n",
        all_on.len(),
        ms / 1e3
    );
    for (name, off) in TECHNIQUES {
        let mut config = SolverConfig::default();
        off(&mut config);
        let costs = run(&mut table, &config, budget_s)?;
        let n = costs.len();
        let (ms, nodes, tricks) = sum(&costs);
        let (base_ms, _, base_tricks) = sum(&all_on[..n.min(all_on.len())]);
        let _ = writeln!(
            out,
            "| {name} | {n}{} | {tricks} | {nodes} | {:.2} s | {:.2} | {:.2} |",
            if n < tasks.len() {
                " (time budget)"
            } else {
                ""
            },
            ms / 1e3,
            tricks as f64 / base_tricks.max(1) as f64,
            ms / base_ms.max(1e-9),
        );
        eprintln!("cardtree: {name} off: {n} deals, {:.1} s", ms / 1e3);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_configuration_starts_with_an_empty_table() {
        // One deal (the file's first is its last): a configuration that found the previous
        // one's results in the table would search next to nothing. Every switch but the
        // table's own leaves the search within a factor of the all-on one's here.
        let dir = std::env::temp_dir().join(format!("cardtree-ablation-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("one.jsonl");
        std::fs::write(
            &file,
            "{\"pbn\":\"W:AK5.942.KJ7.T754 83.AKQT76.A983.2 QT7.53.QT54.K983 J9642.J8.62.AQJ6\",\"leader\":\"W\",\"trump\":\"NT\"}\n",
        )
        .unwrap();
        let md = ablation(&file, 4, f64::INFINITY).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let tricks: Vec<u64> = md
            .lines()
            .skip(2)
            .map(|l| l.split('|').nth(3).unwrap().trim().parse().unwrap())
            .collect();
        assert_eq!(tricks.len(), 1 + TECHNIQUES.len());
        for (row, &t) in tricks.iter().enumerate().skip(1) {
            assert!(
                t * 2 > tricks[0],
                "row {row}: {t} tricks against {}",
                tricks[0]
            );
        }
    }
}
