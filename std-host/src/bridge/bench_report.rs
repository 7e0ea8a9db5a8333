//! What `cardtree bridge bench` reports: the text it prints and the same numbers as JSON,
//! cardtree's side and each rival's (DDS, macroxue's solver), and their ratios; and the
//! per-deal CSV (`--per-deal`, `write_per_deal`).

use std::fmt::Write as _;

use serde::Serialize;

use crate::bridge::solve::Timing;
use crate::error::Error;
use crate::output;
use std::path::Path;

/// One deal's cost.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Cost {
    /// Wall-clock milliseconds.
    pub(crate) ms: f64,
    /// Nodes searched.
    pub(crate) nodes: u64,
    /// Tricks searched.
    pub(crate) tricks: u64,
    /// Zero-window tests run (cardtree's solves; 0 for a rival).
    pub(crate) tests: u32,
}

/// A benchmark's report: the text `bridge bench` prints and the same numbers as JSON.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchReport {
    /// The text report, a line each.
    pub text: String,
    /// The numbers: `deals`, `file`, `unit`, `cardtree`, (with DDS) `dds` and `ratio`, (with
    /// macroxue's solver) `macroxue` and `macroxue_ratio`.
    pub json: BenchJson,
}

/// The numbers of a benchmark, as `--json` writes them (keys in alphabetical order).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchJson {
    /// Deals (or tables) measured.
    pub deals: usize,
    /// The input file.
    pub file: String,
    /// What one measurement is: `every lead` or `whole tables`.
    pub unit: &'static str,
    /// cardtree's side.
    pub cardtree: SideJson,
    /// DDS's side, when measured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dds: Option<SideJson>,
    /// cardtree's time over DDS's, when every result agreed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratio: Option<RatioJson>,
    /// macroxue's solver's side, when measured (`--macroxue`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub macroxue: Option<SideJson>,
    /// cardtree's time over macroxue's, when every table agreed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub macroxue_ratio: Option<RatioJson>,
    /// cardtree on several threads (`--threads`), when asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threads: Option<crate::bridge::bench_threads::ThreadsJson>,
}

/// One solver's numbers.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SideJson {
    /// Milliseconds a deal.
    pub ms: TimingJson,
    /// Nodes a deal (cardtree, every lead).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<TimingJson>,
    /// Tricks searched a deal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tricks: Option<TimingJson>,
    /// The transposition table's size, in MiB (cardtree, every lead).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_mib: Option<f64>,
    /// The most table blocks in use (cardtree, every lead).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_blocks_used: Option<usize>,
    /// The deepest stack the solver used, in bytes (cardtree, every lead).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_stack_bytes: Option<usize>,
}

/// A [`Timing`] as JSON.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct TimingJson {
    /// The median.
    pub median: f64,
    /// The mean.
    pub mean: f64,
    /// The 99th percentile.
    pub p99: f64,
    /// The largest.
    pub max: f64,
    /// The sum.
    pub total: f64,
}

impl From<&Timing> for TimingJson {
    fn from(t: &Timing) -> TimingJson {
        TimingJson {
            median: t.median,
            mean: t.mean,
            p99: t.p99,
            max: t.max,
            total: t.total,
        }
    }
}

/// cardtree's numbers over a rival's, and how many results agreed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatioJson {
    /// Of the medians.
    pub median: f64,
    /// Of the means.
    pub mean: f64,
    /// Of the 99th percentiles.
    pub p99: f64,
    /// Of the largest.
    pub max: f64,
    /// Of the totals.
    pub total: f64,
    /// Results that agreed (all of them).
    pub agree: usize,
    /// Deal by deal: the ratios of each deal's times.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_deal: Option<PerDealJson>,
}

/// cardtree's time over a rival's deal by deal: the quantiles of the deals' ratios (where a
/// tail shows: [`RatioJson`]'s quantiles divide each side's own).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PerDealJson {
    /// Deals compared.
    pub deals: usize,
    /// The median ratio.
    pub median: f64,
    /// The 99th percentile (nearest rank).
    pub p99: f64,
    /// The largest ratio.
    pub max: f64,
    /// The deal of the largest (its `id`, or its place from 0).
    pub max_deal: String,
    /// Deals cardtree took longer on than the rival.
    pub slower: usize,
}

/// The ratio of a benchmark against `rival`, as lines of `out` and its JSON (made only when
/// every one of the results agreed): cardtree's time over the rival's at each of the two
/// sides' own median, mean, 99th percentile, largest and total, then deal by deal (`ours[i]`
/// over `theirs[i]`, the deal named `ids[i]`): the median, 99th percentile (nearest rank) and
/// largest of those ratios, and how many deals cardtree took longer on.
pub(crate) fn ratio(
    out: &mut String,
    rival: &str,
    ours: &[Cost],
    theirs: &[Cost],
    ids: &[String],
    what: &str,
) -> RatioJson {
    let (mine, them) = (timing(ours, |c| c.ms), timing(theirs, |c| c.ms));
    let n = ours.len();
    let r = [
        mine.median / them.median,
        mine.mean / them.mean,
        mine.p99 / them.p99,
        mine.max / them.max,
        mine.total / them.total,
    ];
    let _ = writeln!(
        out,
        "ratio cardtree / {rival}: median {:.2}, mean {:.2}, p99 {:.2}, max {:.2}, total {:.2}; {n} of {n} {what} agree",
        r[0], r[1], r[2], r[3], r[4]
    );
    let deal = per_deal(ours, theirs, ids);
    if let Some(d) = &deal {
        let _ = writeln!(
            out,
            "per deal, cardtree / {rival}: median {:.2}, p99 {:.2}, max {:.2} ({}); {} of {} slower",
            d.median, d.p99, d.max, d.max_deal, d.slower, d.deals
        );
    }
    RatioJson {
        median: r[0],
        mean: r[1],
        p99: r[2],
        max: r[3],
        total: r[4],
        agree: n,
        per_deal: deal,
    }
}

/// The deal-by-deal ratios of [`ratio`]: over the deals both sides timed (a rival's time of
/// zero leaves its deal out); none when there are none.
fn per_deal(ours: &[Cost], theirs: &[Cost], ids: &[String]) -> Option<PerDealJson> {
    let (deal, ratios): (Vec<usize>, Vec<f64>) = ours
        .iter()
        .zip(theirs)
        .enumerate()
        .filter(|(_, (_, t))| t.ms > 0.0)
        .map(|(i, (o, t))| (i, o.ms / t.ms))
        .unzip();
    // The slowest deal: the first of the largest ratio.
    let at = (0..ratios.len()).reduce(|a, b| if ratios[b] > ratios[a] { b } else { a })?;
    let t = Timing::of(&ratios);
    Some(PerDealJson {
        deals: ratios.len(),
        median: t.median,
        p99: t.p99,
        max: t.max,
        max_deal: ids
            .get(deal[at])
            .cloned()
            .unwrap_or_else(|| deal[at].to_string()),
        slower: ratios.iter().filter(|&&r| r > 1.0).count(),
    })
}

/// Names for the deals of a file, by their `id` field (its text when a string) or, without
/// one, their place (from 0), as the per-deal CSV names them.
pub(crate) fn deal_ids<'a>(
    ids: impl Iterator<Item = Option<&'a serde_json::Value>>,
) -> Vec<String> {
    ids.enumerate()
        .map(|(i, id)| match id {
            Some(serde_json::Value::String(s)) => s.clone(),
            Some(v) => v.to_string(),
            None => i.to_string(),
        })
        .collect()
}

pub(crate) fn timing(costs: &[Cost], f: impl Fn(&Cost) -> f64) -> Timing {
    Timing::of(&costs.iter().map(f).collect::<Vec<_>>())
}

/// With `--repeat`: the last deal's time in `costs` becomes the median of its runs' `ms`.
pub(crate) fn set_median(costs: &mut [Cost], ms: &[f64]) {
    if let Some(c) = costs.last_mut() {
        c.ms = Timing::of(ms).median;
    }
}

/// The report's first line's note on `--repeat`: how often each deal ran (empty for once).
pub(crate) fn repeat_note(repeat: usize) -> String {
    if repeat > 1 {
        format!("; each deal {repeat} times in turns, its median time")
    } else {
        String::new()
    }
}

pub(crate) fn counts(t: &Timing) -> String {
    format!(
        "median {:.0}, mean {:.0}, p99 {:.0}, max {:.0}, total {:.0}",
        t.median, t.mean, t.p99, t.max, t.total
    )
}

/// The per-deal CSV of a benchmark, written whole: `id,ms,nodes,tricks,tests`, then each rival's
/// `NAME_ms` (and `NAME_nodes` when `rival_nodes`, its count of tricks searched) for the
/// rivals that ran.
pub(crate) fn write_per_deal<'a>(
    out: &Path,
    ids: impl Iterator<Item = Option<&'a serde_json::Value>>,
    ours: &[Cost],
    rivals: &[(&str, Option<&[Cost]>)],
    rival_nodes: bool,
) -> Result<(), Error> {
    let ran: Vec<(&str, &[Cost])> = rivals
        .iter()
        .filter_map(|&(name, costs)| costs.map(|c| (name, c)))
        .collect();
    let mut csv = String::from("id,ms,nodes,tricks,tests");
    for (name, _) in &ran {
        let _ = write!(csv, ",{name}_ms");
        if rival_nodes {
            let _ = write!(csv, ",{name}_nodes");
        }
    }
    csv.push('\n');
    for (i, (id, c)) in ids.zip(ours).enumerate() {
        let id = id.map_or(i.to_string(), ToString::to_string);
        let _ = write!(csv, "{id},{:.3},{},{},{}", c.ms, c.nodes, c.tricks, c.tests);
        for (_, costs) in &ran {
            if let Some(d) = costs.get(i) {
                let _ = write!(csv, ",{:.3}", d.ms);
                if rival_nodes {
                    let _ = write!(csv, ",{}", d.tricks);
                }
            }
        }
        csv.push('\n');
    }
    output::write_atomic(out, csv.as_bytes()).map_err(|e| Error::write(out, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn costs(ms: &[f64]) -> Vec<Cost> {
        ms.iter()
            .map(|&ms| Cost {
                ms,
                ..Cost::default()
            })
            .collect()
    }

    #[test]
    fn per_deal_ratios_are_each_deals_own() {
        // cardtree's times against the rival's: ratios 0.5, 2, 1, 0.25 and (the rival's zero)
        // none; the sides' own quantiles would pair cardtree's largest with the rival's.
        let ours = costs(&[1.0, 8.0, 3.0, 1.0, 5.0]);
        let theirs = costs(&[2.0, 4.0, 3.0, 4.0, 0.0]);
        let ids = deal_ids([None, Some(&"b".into()), Some(&3.into()), None, None].into_iter());
        assert_eq!(ids, ["0", "b", "3", "3", "4"]);
        let d = per_deal(&ours, &theirs, &ids).unwrap();
        assert_eq!(
            (d.deals, d.slower, d.max, d.max_deal.as_str()),
            (4, 1, 2.0, "b")
        );
        assert_eq!((d.median, d.p99), (0.75, 2.0));
        // A hundred deals: the 99th percentile is the 99th ratio, not the largest.
        let ours = costs(&(1..=100).map(f64::from).collect::<Vec<_>>());
        let theirs = costs(&[50.0; 100]);
        let d = per_deal(&ours, &theirs, &[]).unwrap();
        assert_eq!(
            (d.p99, d.max, d.max_deal.as_str(), d.slower),
            (1.98, 2.0, "99", 50)
        );
        assert!(per_deal(&[], &[], &[]).is_none());
    }
}
