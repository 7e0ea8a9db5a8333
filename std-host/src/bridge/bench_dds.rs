//! DDS in `cardtree bridge bench`: every lead or the whole table of a deal, timed and checked
//! against cardtree's results, deal by deal right after cardtree's (a build with the `dds`
//! feature; without it, nothing). The machine's state drifts over minutes, and DDS's time with
//! it more than cardtree's (by up to 40 % between runs of one afternoon,
//! `docs/solver-notes.md` section 20): taking turns deal by deal, as with macroxue, both
//! solvers meet each state alike, where all of one and then all of the other (a whole-table
//! run takes minutes) put the drift into the ratio. Also the benchmark's input, read once
//! `--dds` is known to be possible in this build ([`read_input`]).

use crate::bridge::bench_report::Cost;
use crate::bridge::hand_record::Board;
use crate::bridge::solve::Task;
use crate::error::Error;
use cardtree::Card;
use cardtree::bridge::DdTable;
use std::path::Path;

/// DDS as the benchmark's rival: its solver, and the deals whose leads differed. A build
/// without DDS cannot make one (`read_input` refuses `--dds` there).
pub(crate) struct DdsRival {
    #[cfg(feature = "dds")]
    solver: dds_bridge::Solver,
    #[cfg(not(feature = "dds"))]
    never: core::convert::Infallible,
    mismatches: usize,
}

impl DdsRival {
    /// The rival when `dds` asks for it.
    #[cfg(feature = "dds")]
    pub(crate) fn new(dds: bool) -> Option<DdsRival> {
        dds.then(|| DdsRival {
            solver: dds_bridge::Solver::default(),
            mismatches: 0,
        })
    }

    #[cfg(not(feature = "dds"))]
    pub(crate) fn new(_: bool) -> Option<DdsRival> {
        None
    }

    /// DDS's value of every lead of `task`, timed, compared card by card with `ours` (a
    /// difference is counted and named on standard error; [`DdsRival::finish`] reports it).
    #[cfg(feature = "dds")]
    pub(crate) fn leads(&mut self, task: &Task, ours: &[(Card, u8)]) -> Result<Cost, Error> {
        let start = web_time::Instant::now();
        let (theirs, nodes) =
            crate::bridge::dds::solve(&mut self.solver, &task.pbn, task.leader, task.strain)?;
        let cost = Cost {
            ms: start.elapsed().as_secs_f64() * 1e3,
            tricks: u64::from(nodes),
            ..Cost::default()
        };
        if theirs != ours {
            self.mismatches += 1;
            eprintln!("cardtree: mismatch with DDS on {}", task.pbn);
        }
        Ok(cost)
    }

    #[cfg(not(feature = "dds"))]
    pub(crate) fn leads(&mut self, _: &Task, _: &[(Card, u8)]) -> Result<Cost, Error> {
        match self.never {}
    }

    /// DDS's whole table of `board`, timed; an error if it differs from `ours`.
    #[cfg(feature = "dds")]
    pub(crate) fn table(&mut self, board: &Board, ours: &DdTable) -> Result<Cost, Error> {
        let start = web_time::Instant::now();
        let theirs = crate::bridge::dds::dd_table(&mut self.solver, &board.pbn)?;
        let cost = Cost {
            ms: start.elapsed().as_secs_f64() * 1e3,
            ..Cost::default()
        };
        if theirs != *ours {
            return Err(invalid!("table differs from DDS's on {}", board.pbn));
        }
        Ok(cost)
    }

    #[cfg(not(feature = "dds"))]
    pub(crate) fn table(&mut self, _: &Board, _: &DdTable) -> Result<Cost, Error> {
        match self.never {}
    }

    /// An error if any deal's leads differed from DDS's.
    pub(crate) fn finish(&self) -> Result<(), Error> {
        if self.mismatches > 0 {
            return Err(invalid!("{} deals differ from DDS", self.mismatches));
        }
        Ok(())
    }
}

/// The benchmark's input file, once `--dds` is known to be possible in this build.
pub(crate) fn read_input(path: &Path, dds: bool) -> Result<Vec<u8>, Error> {
    if dds && !cfg!(feature = "dds") {
        return Err(Error::Invalid(
            "--dds needs a build with the dds feature: cargo run --release -p cardtree-host --features dds -- bridge bench ...".into(),
        ));
    }
    std::fs::read(path).map_err(|e| Error::read(path, e))
}
