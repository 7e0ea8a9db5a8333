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
