//! DDS in `cardtree bridge bench`: every lead or every whole table of the deals, timed and
//! checked against cardtree's results (a build with the `dds` feature; without it, nothing).

use crate::bridge::bench_report::Cost;
use crate::bridge::solve::Task;
use crate::error::Error;

/// DDS on every task, checked card by card against `ours`; `None` unless asked.
#[cfg(feature = "dds")]
pub(crate) fn dds_run(
    tasks: &[Task],
    ours: &[Vec<(cardtree::Card, u8)>],
    dds: bool,
) -> Result<Option<Vec<Cost>>, Error> {
    if !dds {
        return Ok(None);
    }
    let mut solver = dds_bridge::Solver::default();
    let mut costs = Vec::new();
    let mut mismatches = 0;
    for (task, mine) in tasks.iter().zip(ours) {
        let start = web_time::Instant::now();
        let (theirs, nodes) =
            crate::bridge::dds::solve(&mut solver, &task.pbn, task.leader, task.strain)?;
        costs.push(Cost {
            ms: start.elapsed().as_secs_f64() * 1e3,
            tricks: u64::from(nodes),
            ..Cost::default()
        });
        if &theirs != mine {
            mismatches += 1;
            eprintln!("cardtree: mismatch with DDS on {}", task.pbn);
        }
    }
    if mismatches > 0 {
        return Err(invalid!("{mismatches} deals differ from DDS"));
    }
    Ok(Some(costs))
}

#[cfg(not(feature = "dds"))]
pub(crate) fn dds_run(
    _: &[Task],
    _: &[Vec<(cardtree::Card, u8)>],
    _: bool,
) -> Result<Option<Vec<Cost>>, Error> {
    Ok(None)
}

/// DDS's whole tables of `boards`, checked against `ours`; `None` unless asked.
#[cfg(feature = "dds")]
pub(crate) fn dds_tables(
    boards: &[crate::bridge::hand_record::Board],
    ours: &[cardtree::bridge::DdTable],
    dds: bool,
) -> Result<Option<Vec<Cost>>, Error> {
    if !dds {
        return Ok(None);
    }
    let mut solver = dds_bridge::Solver::default();
    let mut costs = Vec::new();
    for (b, mine) in boards.iter().zip(ours) {
        let start = web_time::Instant::now();
        let theirs = crate::bridge::dds::dd_table(&mut solver, &b.pbn)?;
        costs.push(Cost {
            ms: start.elapsed().as_secs_f64() * 1e3,
            ..Cost::default()
        });
        if theirs != *mine {
            return Err(invalid!("table differs from DDS's on {}", b.pbn));
        }
    }
    Ok(Some(costs))
}

#[cfg(not(feature = "dds"))]
pub(crate) fn dds_tables(
    _: &[crate::bridge::hand_record::Board],
    _: &[cardtree::bridge::DdTable],
    _: bool,
) -> Result<Option<Vec<Cost>>, Error> {
    Ok(None)
}
