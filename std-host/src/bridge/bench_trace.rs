//! `cardtree bridge libdds`'s played hands: random deals played out by random legal cards,
//! each traced by every library's `AnalysePlayBin` (one hand a call, thread 0: DDS's 49
//! values) and by the core's [`trace`](cardtree::bridge::trace) (all 53), hand by hand with the
//! first of each hand rotating; each one's median and total against DDS 3.1's.

use cardtree::bridge::{BridgePlay, Deal, Seat, Strain};
use cardtree::rng;
use web_time::Instant;

use crate::bridge::libdds_calls::{Entry, analyse_play};
use crate::bridge::solve::Timing;
use crate::error::Error;

/// The played hands' workload (see the module docs): a line a library and one for the core.
pub(crate) fn played_hands(
    entries: &[Entry],
    hands: usize,
    seed: u64,
) -> Result<Vec<String>, Error> {
    let mut table =
        crate::bridge::table_memory::host_table(crate::bridge::table_memory::DEFAULT_TABLE_MIB);
    // Each library's and the core's seconds a hand (the core last).
    let mut secs: Vec<Vec<f64>> = vec![Vec::with_capacity(hands); entries.len() + 1];
    let mut nodes = 0u64;
    for k in 0..hands {
        let mut r = rng::stream(seed ^ 0x7ACE, k as u64);
        let deal = Deal::random(&mut r);
        let strain = Strain::ALL[rng::index(&mut r, 5)];
        let start = BridgePlay::new(&deal, strain, Seat::ALL[rng::index(&mut r, 4)])
            .map_err(Error::core)?;
        let mut p = start;
        let mut play = Vec::with_capacity(52);
        while let Some(c) = p.legal().choose(&mut r) {
            p.play(c).map_err(Error::core)?;
            play.push(c);
        }
        let mut values: Option<Vec<i32>> = None;
        for i in 0..=entries.len() {
            let j = (k + i) % (entries.len() + 1);
            if let Some(e) = entries.get(j) {
                let (v, t) = analyse_play(e, &start, &play)?;
                if values.as_ref().is_some_and(|w| *w != v) {
                    return Err(invalid!("hand {k}: {}'s values differ", e.name));
                }
                values = Some(v);
                secs[j].push(t);
            } else {
                let begin = Instant::now();
                let t = cardtree::bridge::trace(&start, &play, &mut table).map_err(Error::core)?;
                secs[j].push(begin.elapsed().as_secs_f64());
                nodes += t.stats.tricks;
                if t.values().len() != 53 {
                    return Err(invalid!(
                        "hand {k}: the core's trace has {} values",
                        t.values().len()
                    ));
                }
            }
        }
    }
    // The linked DDS is the second entry (`bench_libdds::run` pushes it after cardtree's).
    let dds = Timing::of(secs.get(1).map_or(&[][..], |s| &s[..]));
    let (dds_median, dds_total) = (dds.median, dds.total);
    let mut out = Vec::new();
    for (j, s) in secs.into_iter().enumerate() {
        let name = entries
            .get(j)
            .map_or("cardtree's core, trace (53 values)", |e| e.name.as_str());
        let Timing {
            median: m,
            total: t,
            ..
        } = Timing::of(&s);
        out.push(format!(
            "  {name}: median {:.2} ms, total {t:.2} s; against DDS 3.1: median {:.3}, total {:.3}{}",
            m * 1e3,
            m / dds_median,
            t / dds_total,
            if j == entries.len() { format!(" ({nodes} trick nodes)") } else { String::new() }
        ));
    }
    Ok(out)
}
