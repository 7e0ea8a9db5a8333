//! `cardtree pps play`'s options, once ([`PlaySpec`], a [`Spec`]): the command line's flags
//! are derived from it and Python's `pps_play` keywords read into it. Every option is checked
//! here on its typed value (the point system, the weights and the a-priori table read, the
//! budget one of iterations or seconds), so each door refuses in its own spelling; the
//! player it names is made by [`PlayOptions::resolve`].

use cardtree::poker_squares::{PAPER_CP, PointSystem, PriorMix, Selection, Simulation, Squash};
use cardtree::search::Exploration;

use crate::limits::{MOST_ITEMS, MOST_ITERATIONS, MOST_SECONDS};
use crate::pps::heuristic_text::{parse_apriori, parse_weights};
use crate::pps::options::{DEFAULT_DELTA, PlayOptions, PlayerKind};
use crate::shared_opts::{THREADS, count_fits, reads, seed};
use crate::spec::{Fallback, Given, OptSpec, Spec, SpecError, Value, had};

/// `cardtree pps play`'s options, typed and checked: the player and its budget, and the
/// games it plays.
#[derive(Clone, Debug, PartialEq)]
pub struct PlaySpec {
    /// The player, its budget and its tables.
    pub options: PlayOptions,
    /// Games to play.
    pub games: u64,
    /// The first game's index.
    pub first: u64,
    /// The seed: game `i` deals from stream (`seed`, `i`).
    pub seed: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
}

/// Bytes each game's result keeps until the run ends (score, classes, statistics).
const BYTES_A_GAME: u64 = 256;

fn games_fit(v: &Value) -> Result<(), String> {
    count_fits(v, BYTES_A_GAME)
}

fn a_system(v: &Value) -> Result<(), String> {
    reads(v, str::parse::<PointSystem>)
}

fn some_weights(v: &Value) -> Result<(), String> {
    reads(v, parse_weights)
}

fn an_apriori(v: &Value) -> Result<(), String> {
    reads(v, parse_apriori)
}

/// A file that is there (the learned table, the network).
fn a_file(v: &Value) -> Result<(), String> {
    reads(v, |t: &str| {
        if std::path::Path::new(t).is_file() {
            Ok(())
        } else {
            Err(format!("{} is no file here", crate::text::quote(t)))
        }
    })
}

/// A network file that is there, or `shipped`.
fn a_net(v: &Value) -> Result<(), String> {
    match v {
        Value::Text(t) if t == crate::pps::play::SHIPPED_NET => Ok(()),
        v => a_file(v),
    }
}

fn seconds_above_0(v: &Value) -> Result<(), String> {
    match *v {
        Value::Real(s) if s <= 0.0 => Err(format!("{s} seconds is no budget: give more than 0")),
        _ => Ok(()),
    }
}

fn cp_fits(v: &Value) -> Result<(), String> {
    match *v {
        Value::Real(cp) if Exploration::kocsis_szepesvari(cp).is_none() => Err(format!(
            "{cp:e} is too large: UCT's constant 2 sqrt(2) Cp must be finite"
        )),
        _ => Ok(()),
    }
}

const PLAYER: OptSpec = OptSpec::choice(
    "player",
    "The player",
    &PlayerKind::NAMES,
    Fallback::Choice("mcts"),
);
/// `games`, with the command's own account of them: each game's result is kept, so at most
/// what half the free memory holds.
#[must_use]
pub const fn games(doc: &'static str) -> OptSpec {
    OptSpec::whole("games", doc, 1, MOST_ITEMS, Fallback::Whole(100)).limited(games_fit)
}

const GAMES: OptSpec = games("Games to play");
const SEED: OptSpec = seed("Seed of the run: game i deals from stream (seed, i)");
/// The point system: a name (`american`, `british`, `random:42`, ...) or ten integers.
pub const SYSTEM: OptSpec = OptSpec::text(
    "system",
    "The point system: american, british, ameritish, random, hypercorner or single-hand (these four with an optional \":SEED\"), fh, or ten integers \"0,2,5,...\" by class id",
    Fallback::Text("american"),
)
.limited(a_system);
/// Iterations per searched move.
pub const ITERATIONS: OptSpec = OptSpec::whole(
    "iterations",
    "Iterations per searched move (MCTS), playouts per move (flat) or rounds per move (rollout); default 1000 (best: its own)",
    1,
    MOST_ITERATIONS as u64,
    Fallback::Decided,
);
/// A time budget per game instead.
pub const GAME_SECONDS: OptSpec = OptSpec::real(
    "game_seconds",
    "A time budget per game in seconds, shared over its searched moves, instead of iterations",
    0.0,
    MOST_SECONDS,
    Fallback::Decided,
)
.limited(seconds_above_0);
/// The rollout player's candidates.
pub const CANDIDATES: OptSpec = OptSpec::whole(
    "candidates",
    "How many placements the rollout player compares by rollouts: the best by the learned values (0: every placement)",
    0,
    25,
    Fallback::Whole(0),
);
/// The expectimax player's look-ahead.
pub const LOOKAHEAD: OptSpec = OptSpec::whole(
    "lookahead",
    "How many cards the expectimax player looks ahead: 1 (the next card) or 2 (the next two; seconds a game instead of milliseconds)",
    1,
    2,
    Fallback::Whole(1),
);
/// The rollout player's playouts.
pub const PLAYOUT_LOOKAHEAD: OptSpec = OptSpec::whole(
    "playout_lookahead",
    "How the rollout player's playouts place: 0 greedily on the learned values, 1 or 2 by expectimax over the next card or two",
    0,
    2,
    Fallback::Whole(0),
);
/// The rollout player's guard.
pub const GUARD: OptSpec = OptSpec::real(
    "guard",
    "The rollout player, guarded: expectimax over the next card ranks the candidates and its choice stands unless another's rollouts beat it by more than this many standard errors",
    0.0,
    f64::MAX,
    Fallback::Decided,
);
/// The rollout player's control variate.
pub const CONTROL_VARIATE: OptSpec = OptSpec::flag(
    "control_variate",
    "The rollout player's playouts place by expectimax over the next card, each playout's score corrected by what the learned values predicted of its draws (a control variate)",
    Fallback::Flag(false),
);
/// A learned table file.
pub const VALUES: OptSpec = OptSpec::text(
    "values",
    "The learned values of the learned, expectimax and rollout players and of MCTS's learned simulations: a table file written by `pps train` (default: the table cardtree ships for the point system, American or British)",
    Fallback::Decided,
)
.limited(a_file);
const SELECTION: OptSpec = OptSpec::choice(
    "selection",
    "MCTS selection",
    &Selection::NAMES,
    Fallback::Choice("prune-uct"),
);
const SIMULATION: OptSpec = OptSpec::choice(
    "simulation",
    "MCTS simulation",
    &Simulation::NAMES,
    Fallback::Choice("best-move"),
);
const SQUASH: OptSpec = OptSpec::choice(
    "squash",
    "Reward squashing",
    &Squash::NAMES,
    Fallback::Choice("none"),
);
const CP: OptSpec = OptSpec::real(
    "cp",
    "UCT's Cp (the papers' 200/sqrt 2 unless told)",
    0.0,
    f64::MAX,
    Fallback::Real(PAPER_CP),
)
.limited(cp_fits);
const WEIGHTS: OptSpec = OptSpec::text(
    "weights",
    "Weights alpha,beta,gamma of one-, two-, three-card hands: tuned (the papers' tuned 0.1,0.3,0.85), paper (0.2,0.4,0.6) or three numbers",
    Fallback::Text("tuned"),
)
.limited(some_weights);
/// How one- to three-card hands combine the a-priori probabilities.
pub const PRIOR_MIX: OptSpec = OptSpec::choice(
    "prior_mix",
    "How one- to three-card hands combine the a-priori probabilities (the papers' text allows several readings; std-host/results/pps/audit.md)",
    &PriorMix::NAMES,
    Fallback::Choice("sum"),
);
const DELTA: OptSpec = OptSpec::real(
    "delta",
    "Pruning threshold factor delta",
    0.0,
    f64::MAX,
    Fallback::Real(DEFAULT_DELTA),
);
const APRIORI: OptSpec = OptSpec::text(
    "apriori",
    "The a-priori class probabilities, ten numbers by class id (default the table in cardtree::poker_squares::APRIORI)",
    Fallback::Decided,
)
.limited(an_apriori);
const SYMMETRY: OptSpec = OptSpec::flag(
    "symmetry",
    "One child for cells alike (empty rows or columns make cells alike)",
    Fallback::Flag(true),
);
const SIMPLE_RULES: OptSpec = OptSpec::flag(
    "simple_rules",
    "Simple rules for moves 1, 2, 24 and 25 instead of a search",
    Fallback::Flag(true),
);
const NET: OptSpec = OptSpec::text(
    "net",
    "A whole-grid network written by `pps train --net`, or \"shipped\" for the one cardtree ships for the point system (American, British): the learned, expectimax and rollout players play on it instead of the per-line values",
    Fallback::Decided,
)
.limited(a_net);
const FIRST: OptSpec = OptSpec::whole(
    "first",
    "The first game's index: plays games first .. first + games - 1 of the run, the same games a longer run from 0 plays (a run stopped after k games goes on with first k)",
    0,
    u64::MAX,
    Fallback::Whole(0),
);

impl Spec for PlaySpec {
    const COMMAND: &'static str = "pps play";
    const OPTIONS: &'static [OptSpec] = &[
        PLAYER,
        GAMES,
        SEED,
        SYSTEM,
        ITERATIONS,
        GAME_SECONDS,
        THREADS,
        CANDIDATES,
        LOOKAHEAD,
        PLAYOUT_LOOKAHEAD,
        GUARD,
        CONTROL_VARIATE,
        VALUES,
        SELECTION,
        SIMULATION,
        SQUASH,
        CP,
        WEIGHTS,
        PRIOR_MIX,
        DELTA,
        APRIORI,
        SYMMETRY,
        SIMPLE_RULES,
        NET,
        FIRST,
    ];

    fn from_given(g: &Given) -> Result<PlaySpec, SpecError> {
        let player: PlayerKind = had(&PLAYER, g.choice(&PLAYER)?)?;
        let (iterations, game_seconds) = budget(g)?;
        let values = g.text(&VALUES)?.map(std::path::PathBuf::from);
        let net = g.text(&NET)?.map(std::path::PathBuf::from);
        if net.is_some() {
            if values.is_some() {
                return Err(SpecError::new(
                    NET.name,
                    "stands in for the learned table: give it or values, not both",
                ));
            }
            if !matches!(
                player,
                PlayerKind::Learned
                    | PlayerKind::Expectimax
                    | PlayerKind::Rollout
                    | PlayerKind::Best
            ) {
                return Err(SpecError::new(
                    NET.name,
                    format!(
                        "is for the learned, expectimax, rollout and best players, not {player}"
                    ),
                ));
            }
        }
        let games = had(&GAMES, g.whole(&GAMES))?;
        let first = had(&FIRST, g.whole(&FIRST))?;
        if first.checked_add(games).is_none() {
            return Err(SpecError::new(
                FIRST.name,
                format!(
                    "{first} with {games} games: the last game's index is past {}",
                    u64::MAX
                ),
            ));
        }
        let options = PlayOptions {
            system: had(&SYSTEM, g.text(&SYSTEM)?)?.to_string(),
            player,
            selection: had(&SELECTION, g.choice(&SELECTION)?)?,
            simulation: had(&SIMULATION, g.choice(&SIMULATION)?)?,
            squash: had(&SQUASH, g.choice(&SQUASH)?)?,
            cp: had(&CP, g.real(&CP))?,
            weights: had(&WEIGHTS, g.text(&WEIGHTS)?)?.to_string(),
            apriori: g.text(&APRIORI)?.map(str::to_string),
            prior_mix: had(&PRIOR_MIX, g.choice(&PRIOR_MIX)?)?,
            delta: had(&DELTA, g.real(&DELTA))?,
            no_symmetry: !had(&SYMMETRY, g.flag(&SYMMETRY))?,
            no_simple_rules: !had(&SIMPLE_RULES, g.flag(&SIMPLE_RULES))?,
            iterations,
            game_seconds,
            candidates: had(&CANDIDATES, g.whole(&CANDIDATES))? as usize,
            lookahead: had(&LOOKAHEAD, g.whole(&LOOKAHEAD))? as u8,
            playout_lookahead: had(&PLAYOUT_LOOKAHEAD, g.whole(&PLAYOUT_LOOKAHEAD))? as u8,
            guard: g.real(&GUARD),
            control_variate: had(&CONTROL_VARIATE, g.flag(&CONTROL_VARIATE))?,
            values,
            net,
        };
        Ok(PlaySpec {
            options,
            games,
            first,
            seed: had(&SEED, g.whole(&SEED))?,
            threads: had(&THREADS, g.whole(&THREADS))? as usize,
        })
    }
}

/// The budget given: iterations a move or seconds a game, at most one of them (the same
/// options in `pps play` and `experiment pps`).
pub fn budget(g: &Given) -> Result<(Option<u32>, Option<f64>), SpecError> {
    let iterations = g.whole(&ITERATIONS).map(|n| n as u32);
    let game_seconds = g.real(&GAME_SECONDS);
    if iterations.is_some() && game_seconds.is_some() {
        return Err(SpecError::new(
            GAME_SECONDS.name,
            "is a budget instead of iterations: give one of them",
        ));
    }
    Ok((iterations, game_seconds))
}

impl Default for PlayOptions {
    /// `cardtree pps play`'s defaults, its spec's: MCTS with prune + UCT and best-move
    /// simulation, the papers' Cp and tuned weights, on the American system, 1,000 iterations
    /// a move.
    fn default() -> Self {
        PlaySpec::with(&[])
            .map(|s| s.options)
            .expect("the spec's defaults are within its limits (tested)")
    }
}

impl PlaySpec {
    /// The options with `given` set by name (each read from text as a door's form gives it),
    /// the rest at their defaults: how a door that offers a few of the options (the page's
    /// Poker Squares, an experiment's players) builds the player.
    pub fn with(given: &[(&str, &str)]) -> Result<PlaySpec, SpecError> {
        let mut g = Given::new();
        for &(name, text) in given {
            let o = Self::OPTIONS
                .iter()
                .find(|o| o.name == name)
                .ok_or_else(|| SpecError::new("options", format!("{name:?} is no option")))?;
            let v = o.read(text).map_err(|p| SpecError::new(o.name, p))?;
            g.set(Self::OPTIONS, name, v)?;
        }
        Self::from_given(&g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Door;

    #[test]
    fn the_defaults_are_the_papers_mcts() {
        let s = PlaySpec::with(&[]).unwrap();
        assert_eq!((s.games, s.first, s.seed, s.threads), (100, 0, 1, 0));
        assert_eq!(s.options, PlayOptions::default());
        assert_eq!(s.options.player, PlayerKind::Mcts);
        assert_eq!(s.options.cp, PAPER_CP);
    }

    #[test]
    fn each_refusal_names_the_option() {
        let e = |given: &[(&str, &str)]| PlaySpec::with(given).unwrap_err();
        assert_eq!(
            e(&[("iterations", "10"), ("game_seconds", "1")]).message(Door::Cli),
            "--game-seconds: is a budget instead of iterations: give one of them"
        );
        assert!(
            e(&[("weights", "1,2")])
                .message(Door::Python)
                .starts_with("weights: \"1,2\" is not tuned")
        );
        assert!(
            e(&[("system", "nonesuch")])
                .message(Door::Js)
                .starts_with("system: ")
        );
        assert!(
            e(&[("net", "shipped"), ("player", "mcts")])
                .message(Door::Cli)
                .starts_with("--net: is for the learned")
        );
        assert!(
            e(&[("first", &u64::MAX.to_string())])
                .message(Door::Python)
                .starts_with("first: ")
        );
        assert!(
            e(&[("game_seconds", "0")])
                .message(Door::Python)
                .starts_with("game_seconds: 0 seconds is no budget")
        );
        assert!(
            e(&[("cp", "1e308")])
                .message(Door::Cli)
                .contains("too large")
        );
        assert!(
            e(&[("apriori", "0.5,0.5")])
                .message(Door::Cli)
                .contains("ten")
        );
    }
}
