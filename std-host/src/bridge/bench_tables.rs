//! `cardtree bridge bench --tables`: every deal's whole double-dummy table, one thread, a fresh
//! table a deal, with DDS's CalcDDtable and macroxue's solver beside it in the same run, each
//! deal as often as `--repeat` says, and on more threads with `--threads`.

use crate::error::{Context, Error};
use std::fmt::Write as _;
use std::path::Path;

use crate::bridge::bench_dds::{DdsRival, read_input};
use crate::bridge::bench_report::{
    BenchJson, BenchReport, Cost, SideJson, counts, deal_ids, ratio, repeat_note, set_median,
    timing, write_per_deal,
};
use crate::bridge::macroxue::Macroxue;
use crate::bridge::solve::Timing;

/// `cardtree bridge bench --tables`: the whole double-dummy table of every deal of `path`
/// (lines with a `pbn` field), one thread, a fresh table per deal; with `dds`, DDS's
/// CalcDDtable on the same deals in the same run, every cell compared; with `macroxue`, that
/// solver's binary on each deal right after cardtree's (alternating), every cell compared;
/// with `threads` other than 1, the same tables again on that many threads (0: one per core),
/// `rounds` times in turns with one thread when more than 1; with `repeat` above 1, each
/// deal's table that many times by cardtree and by each rival in turns, each one's time for
/// the deal being the median of its runs.
#[allow(clippy::too_many_arguments)]
pub fn tables(
    path: &Path,
    mib: usize,
    dds: bool,
    macroxue: Option<&Path>,
    per_deal: Option<&Path>,
    threads: usize,
    rounds: u32,
    repeat: u32,
) -> Result<BenchReport, Error> {
    let text = read_input(path, dds)?;
    let boards = crate::input::lines(&text)
        .map(|(i, line)| {
            line.and_then(|line| crate::bridge::hand_record::parse_line(line, i))
                .with_context(|| format!("{}:{}", path.display(), i + 1))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    if boards.is_empty() {
        return Err(invalid!("{}: no deals", path.display()));
    }
    let rival = macroxue.map(Macroxue::new).transpose()?;
    let mut dds_rival = DdsRival::new(dds);
    let mut table = crate::bridge::table_memory::host_table(mib);
    let (mut ours, mut solved, mut xue, mut theirs) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let repeat = repeat.max(1) as usize;
    // Each deal's times, a run a repetition: cardtree's, DDS's, macroxue's. The first run's
    // costs are the deal's, their times then replaced by the runs' medians.
    let (mut my_ms, mut dds_ms, mut xue_ms) = (Vec::new(), Vec::new(), Vec::new());
    for b in &boards {
        my_ms.clear();
        dds_ms.clear();
        xue_ms.clear();
        for run in 0..repeat {
            let r = crate::bridge::hand_record::solve(b, &mut table)?;
            my_ms.push(r.ms);
            if run == 0 {
                ours.push(Cost {
                    ms: r.ms,
                    nodes: r.stats.nodes,
                    tricks: r.stats.tricks,
                    tests: r.stats.tests,
                });
                solved.push(r.table);
            } else if ours.last().map(|c| c.tricks) != Some(r.stats.tricks)
                || solved.last() != Some(&r.table)
            {
                // The same search every time: a table or a count that differs is a fault.
                return Err(invalid!(
                    "cardtree's table or work differs between two runs on {}",
                    b.pbn
                ));
            }
            if let Some(d) = &mut dds_rival {
                let c = d.table(b, &r.table)?;
                dds_ms.push(c.ms);
                if run == 0 {
                    theirs.push(c);
                }
            }
            if let Some(m) = &rival {
                let (theirs, ms) = m.table(&b.deal)?;
                if theirs != r.table {
                    return Err(invalid!(
                        "macroxue's table differs from cardtree's on {}",
                        b.pbn
                    ));
                }
                xue_ms.push(ms);
            }
        }
        set_median(&mut ours, &my_ms);
        if dds_rival.is_some() {
            set_median(&mut theirs, &dds_ms);
        }
        if rival.is_some() {
            xue.push(Cost {
                ms: Timing::of(&xue_ms).median,
                ..Cost::default()
            });
        }
    }
    let mine = timing(&ours, |c| c.ms);
    let tricks = timing(&ours, |c| c.tricks as f64);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "deals: {} from {}, whole tables (20 declarer-strain solves each), one thread{}",
        boards.len(),
        path.display(),
        repeat_note(repeat)
    );
    let _ = writeln!(out, "cardtree: {mine}");
    let _ = writeln!(
        out,
        "cardtree tricks searched (DDS's node unit): {}",
        counts(&tricks)
    );
    let mut json = BenchJson {
        deals: boards.len(),
        file: path.display().to_string(),
        unit: "whole tables",
        cardtree: SideJson {
            ms: (&mine).into(),
            tricks: Some((&tricks).into()),
            ..SideJson::default()
        },
        dds: None,
        ratio: None,
        macroxue: None,
        macroxue_ratio: None,
        threads: None,
    };
    if threads != 1 {
        json.threads = Some(crate::bridge::bench_threads::run(
            &boards, &solved, mib, threads, rounds, mine.total, &mut out,
        )?);
    }
    let theirs = dds_rival.is_some().then_some(theirs);
    let ids = deal_ids(boards.iter().map(|b| b.id.as_ref()));
    if let Some(theirs) = &theirs {
        let t = timing(theirs, |c| c.ms);
        let _ = writeln!(out, "DDS:      {t}");
        json.ratio = Some(ratio(&mut out, "DDS", &ours, theirs, &ids, "tables"));
        json.dds = Some(SideJson {
            ms: (&t).into(),
            ..SideJson::default()
        });
    }
    if rival.is_some() {
        let t = timing(&xue, |c| c.ms);
        let _ = writeln!(out, "macroxue: {t} (its process, wall clock)");
        json.macroxue_ratio = Some(ratio(&mut out, "macroxue", &ours, &xue, &ids, "tables"));
        json.macroxue = Some(SideJson {
            ms: (&t).into(),
            ..SideJson::default()
        });
    }
    if let Some(file) = per_deal {
        let ids = boards.iter().map(|b| b.id.as_ref());
        let rivals = [
            ("dds", theirs.as_deref()),
            ("macroxue", rival.is_some().then_some(&xue[..])),
        ];
        write_per_deal(file, ids, &ours, &rivals, false)?;
    }
    Ok(BenchReport { text: out, json })
}
