//! `cardtree experiment mckay`: its options and the run.

use std::path::PathBuf;

use cardtree::search::FinalMove;

use crate::error::Error;
use crate::experiments::mckay::{
    LeadDeal, McKay, SweepGrid, Variant, parse_constants, parse_powers, quick_deals, read_deals,
    summarize,
};
use crate::runner::{self, RunOptions};
use crate::shared_opts::{reads, seed};
use crate::spec::{Fallback, Given, OptSpec, Spec, SpecError, had};

/// The options of `cardtree experiment mckay` (the flags of the same names).
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Deals in the JSON-lines format of `tests/data/bridge/`; `None` with `quick`.
    pub deals: Option<PathBuf>,
    /// 4 random deals from the seed on a 5 x 5 grid.
    pub quick: bool,
    /// Exploration constants (default the paper's).
    pub constants: Option<Vec<f64>>,
    /// Powers (default the paper's).
    pub powers: Option<Vec<u32>>,
    /// Playouts per search (default the paper's).
    pub playouts: Option<u32>,
    /// Seed of the run.
    pub seed: u64,
    /// The search.
    pub variant: Variant,
    /// The lead chosen at the end.
    pub choice: FinalMove,
}

/// Runs `cardtree experiment mckay`: the random lead's loss first, then the grid, then what
/// it wrote.
pub fn run(o: &Options, run: &RunOptions) -> Result<(), Error> {
    // Solver tables for deals without values, a thread each.
    const TABLE: usize = 16;
    let mut grid = SweepGrid::paper(o.seed);
    let (deals, source) = if o.quick {
        grid.constants = vec![0.25, 1.0, 4.0, 16.0, 64.0];
        grid.powers = vec![1, 2, 5, 10, 15];
        let start = web_time::Instant::now();
        let deals = quick_deals(o.seed, 4, TABLE)?;
        eprintln!(
            "cardtree: dealt 4 hands from seed {} and valued their leads with cardtree's solver in {:.1} s",
            o.seed,
            start.elapsed().as_secs_f64()
        );
        (deals, "quick".to_string())
    } else {
        let Some(path) = &o.deals else {
            return Err(Error::Invalid("give --deals FILE or --quick".into()));
        };
        let text = std::fs::read(path).map_err(|e| Error::read(path, e))?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        (read_deals(&text, &path.display().to_string(), TABLE)?, name)
    };
    if let Some(c) = &o.constants {
        grid.constants.clone_from(c);
    }
    if let Some(p) = &o.powers {
        grid.powers.clone_from(p);
    }
    if let Some(n) = o.playouts {
        grid.playouts = n;
    }
    grid.variant = o.variant;
    grid.choice = o.choice;
    let experiment = McKay {
        grid,
        deals,
        source,
    };
    let baseline = experiment
        .deals
        .iter()
        .map(LeadDeal::random_error)
        .sum::<f64>()
        / experiment.deals.len() as f64;
    println!(
        "baseline: a random lead loses {baseline:.3} tricks on average on these {} deals",
        experiment.deals.len()
    );
    let report = runner::run(&experiment, summarize, run)?;
    if report.ran > 0 {
        let playouts = report.ran as f64 * f64::from(experiment.grid.playouts);
        eprintln!(
            "cardtree: {:.0} playouts/s on {} threads",
            playouts / report.seconds.max(1e-9),
            report.threads
        );
    }
    runner::report(&report, run)
}

const C: OptSpec = OptSpec::text(
    "c",
    "Exploration constants c of V = X + sqrt(c ln n / T): a list \"0.5,2,8\", a doubling range \"0.125..128\", or \"0.125,0.25,...,128\" (geometric); default the paper's 0.125..128",
    Fallback::Decided,
)
.limited(|v| reads(v, parse_constants));
const P: OptSpec = OptSpec::text(
    "p",
    "Powers p of the generalized average: \"1,5,15\", \"1..15\" or \"1,2,...,15\"; default 1..15",
    Fallback::Decided,
)
.limited(|v| reads(v, parse_powers));
const PLAYOUTS: OptSpec = OptSpec::whole(
    "playouts",
    "Playouts per search (default the paper's 5000)",
    1,
    crate::limits::MOST_ITERATIONS as u64,
    Fallback::Decided,
);
const SEED: OptSpec = seed("Seed of the run: item k draws from stream (seed, k)");
const VARIANT: OptSpec = OptSpec::choice(
    "variant",
    "The search: the paper's appendix, or standard UCT (one new node per playout and a random rollout)",
    &Variant::NAMES,
    Fallback::Choice("paper"),
);
const CHOICE: OptSpec = OptSpec::choice(
    "choice",
    "The lead chosen: the root child of highest value (the paper) or of most visits",
    &FinalMove::NAMES,
    Fallback::Choice("value"),
);

impl Spec for Options {
    const COMMAND: &'static str = "experiment mckay";
    const OPTIONS: &'static [OptSpec] = &[C, P, PLAYOUTS, SEED, VARIANT, CHOICE];

    /// The options, `deals` none and `quick` off (the input the command line names).
    fn from_given(g: &Given) -> Result<Options, SpecError> {
        let constants = g
            .text(&C)?
            .map(|t| parse_constants(t).map_err(|e| SpecError::new(C.name, e)))
            .transpose()?;
        let powers = g
            .text(&P)?
            .map(|t| parse_powers(t).map_err(|e| SpecError::new(P.name, e)))
            .transpose()?;
        Ok(Options {
            deals: None,
            quick: false,
            constants: constants.map(|c| c.0),
            powers: powers.map(|p| p.0),
            playouts: g.whole(&PLAYOUTS).map(|n| n as u32),
            seed: had(&SEED, g.whole(&SEED))?,
            variant: had(&VARIANT, g.choice(&VARIANT)?)?,
            choice: had(&CHOICE, g.choice(&CHOICE)?)?,
        })
    }
}
