//! `cardtree pps train`'s options, once ([`TrainSpec`], a [`Spec`]): the games, their seed,
//! batches and exploration, and with `net` the network's step size, lambda and learning
//! curve. The command line derives its flags from it; Python's `pps_train` reads into it.
//! The file written is each door's own (`--out`, `out`).

use cardtree::poker_squares::Teacher;

use crate::limits::MOST_ITEMS;
use crate::pps::net_train::NetTraining;
use crate::pps::play_spec::SYSTEM;
use crate::pps::train::Training;
use crate::shared_opts::{THREADS, seed};
use crate::spec::{Fallback, Given, OptSpec, Spec, SpecError, Value, had};

/// `cardtree pps train`'s options, typed and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainSpec {
    /// The table's training (without a progress bar: the door decides).
    pub training: Training,
    /// A whole-grid network's settings instead of a table.
    pub net: Option<NetSettings>,
}

/// What a network's training adds to a table's.
#[derive(Clone, Debug, PartialEq)]
pub struct NetSettings {
    /// The step size.
    pub alpha: f64,
    /// lambda of TD(lambda), in millionths.
    pub lambda_ppm: u32,
    /// Games between two points of the learning curve (0: none).
    pub eval_every: u64,
    /// Where to draw the learning curve (an SVG file), if anywhere.
    pub plot: Option<std::path::PathBuf>,
}

impl TrainSpec {
    /// The network's training these options name, if they name one.
    #[must_use]
    pub fn net_training(&self) -> Option<NetTraining> {
        let t = &self.training;
        self.net.as_ref().map(|n| NetTraining {
            system_text: t.system_text.clone(),
            games: t.games,
            seed: t.seed,
            batch: t.batch,
            alpha: n.alpha,
            lambda_ppm: n.lambda_ppm,
            explore_ppm: t.explore_ppm,
            teacher: t.teacher,
            eval_every: n.eval_every,
            threads: t.threads,
            progress: t.progress,
        })
    }
}

fn above_0(v: &Value) -> Result<(), String> {
    match *v {
        Value::Real(a) if a <= 0.0 => Err(format!("{a} is no step: give more than 0")),
        _ => Ok(()),
    }
}

const GAMES: OptSpec = OptSpec::whole(
    "games",
    "Games to learn from in all (rounded up to whole batches)",
    1,
    MOST_ITEMS,
    Fallback::Whole(200_000),
);
const SEED: OptSpec = seed("Seed: game g deals from stream (seed, g)");
const BATCH: OptSpec = OptSpec::whole(
    "batch",
    "Games per batch (at most games): each batch places by the table of the batches before it",
    1,
    MOST_ITEMS,
    Fallback::Whole(20_000),
);
const EXPLORE_PPM: OptSpec = OptSpec::whole(
    "explore_ppm",
    "Millionths of placements made at random (exploration)",
    0,
    1_000_000,
    Fallback::Whole(50_000),
);
const TRAIN_THREADS: OptSpec = OptSpec {
    doc: "Worker threads (0: one per core). The table does not depend on it",
    ..THREADS
};
const TEACHER: OptSpec = OptSpec::choice(
    "teacher",
    "How the self-played games place their cards (slower by expectimax)",
    &Teacher::NAMES,
    Fallback::Choice("greedy"),
);
const NET: OptSpec = OptSpec::flag(
    "net",
    "Train a whole-grid network by TD(lambda) instead (pps play --player net --net FILE); the file written is then the network",
    Fallback::Flag(false),
);
const ALPHA: OptSpec = OptSpec::real(
    "alpha",
    "Network: step size (above 0, at most 1): each weight moves by it times its afterstates' mean error in a batch",
    0.0,
    1.0,
    Fallback::Real(0.01),
)
.limited(above_0);
const LAMBDA_PPM: OptSpec = OptSpec::whole(
    "lambda_ppm",
    "Network: lambda of TD(lambda), in millionths (0: TD(0); 1000000: Monte Carlo)",
    0,
    1_000_000,
    Fallback::Whole(500_000),
);
const EVAL_EVERY: OptSpec = OptSpec::whole(
    "eval_every",
    "Network: games between two points of the learning curve (0: none)",
    0,
    MOST_ITEMS,
    Fallback::Whole(250_000),
);
const PLOT: OptSpec = OptSpec::text(
    "plot",
    "Network: draw the learning curve into this SVG file at the end",
    Fallback::Decided,
);

impl Spec for TrainSpec {
    const COMMAND: &'static str = "pps train";
    const OPTIONS: &'static [OptSpec] = &[
        GAMES,
        SYSTEM,
        SEED,
        BATCH,
        EXPLORE_PPM,
        TRAIN_THREADS,
        TEACHER,
        NET,
        ALPHA,
        LAMBDA_PPM,
        EVAL_EVERY,
        PLOT,
    ];

    fn from_given(g: &Given) -> Result<TrainSpec, SpecError> {
        let games = had(&GAMES, g.whole(&GAMES))?;
        let batch = had(&BATCH, g.whole(&BATCH))?;
        if batch > games {
            return Err(SpecError::new(
                BATCH.name,
                format!("{batch} is more than the {games} games"),
            ));
        }
        let net = had(&NET, g.flag(&NET))?;
        if !net
            && let Some(o) = [ALPHA, LAMBDA_PPM, EVAL_EVERY, PLOT]
                .iter()
                .find(|o| g.has(o))
        {
            return Err(SpecError::new(o.name, "is a network's: train one with net"));
        }
        let training = Training {
            system_text: had(&SYSTEM, g.text(&SYSTEM)?)?.to_string(),
            games,
            seed: had(&SEED, g.whole(&SEED))?,
            batch,
            explore_ppm: had(&EXPLORE_PPM, g.whole(&EXPLORE_PPM))? as u32,
            teacher: had(&TEACHER, g.choice(&TEACHER)?)?,
            threads: had(&TRAIN_THREADS, g.whole(&TRAIN_THREADS))? as usize,
            progress: false,
        };
        let net = if net {
            Some(NetSettings {
                alpha: had(&ALPHA, g.real(&ALPHA))?,
                lambda_ppm: had(&LAMBDA_PPM, g.whole(&LAMBDA_PPM))? as u32,
                eval_every: had(&EVAL_EVERY, g.whole(&EVAL_EVERY))?,
                plot: g.text(&PLOT)?.map(std::path::PathBuf::from),
            })
        } else {
            None
        };
        Ok(TrainSpec { training, net })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Door;

    #[test]
    fn a_networks_options_need_net_and_a_batch_fits_the_games() {
        let spec = |pairs: &[(&str, Value)]| {
            let mut g = Given::new();
            for (name, v) in pairs {
                g.set(TrainSpec::OPTIONS, name, v.clone())?;
            }
            TrainSpec::from_given(&g)
        };
        let t = spec(&[]).unwrap();
        assert_eq!(
            (t.training.games, t.training.batch, t.net),
            (200_000, 20_000, None)
        );
        let e = spec(&[("alpha", Value::Real(0.5))]).unwrap_err();
        assert_eq!(
            e.message(Door::Cli),
            "--alpha: is a network's: train one with net"
        );
        let n = spec(&[("net", Value::Flag(true)), ("alpha", Value::Real(0.5))]).unwrap();
        assert_eq!(n.net_training().unwrap().alpha, 0.5);
        let e = spec(&[("games", Value::Whole(10))]).unwrap_err();
        assert_eq!(
            e.message(Door::Python),
            "batch: 20000 is more than the 10 games"
        );
        assert!(spec(&[("alpha", Value::Real(0.0))]).is_err());
    }
}
