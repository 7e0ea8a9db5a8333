//! `cardtree pps`: the command line of Parameterized Poker Squares (clap types, and the
//! dispatch to the drivers in [`crate::pps::play`], [`crate::pps::train`]).

use crate::error::{Context, Error};
use std::time::Instant;

use cardtree::poker_squares::{
    Budget, HeuristicConfig, Lookahead, MctsConfig, PAPER_CP, PointSystem, PriorMix, Selection,
    Simulation, Squash, committed_values,
};
use clap::{Args, Subcommand, ValueEnum};

use crate::pps::play::{
    PlayConfig, PpsPlayer, RolloutSettings, apriori, committed_table, parse_inputs, play_json,
    play_many, play_report, score_json, score_text,
};

/// The player of `cardtree pps play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PpsPlayerArg {
    /// Random placement.
    Random,
    /// Suits in columns, ranks in rows.
    Rules,
    /// Flat Monte Carlo with random playouts (--iterations playouts per move).
    Flat,
    /// Greedy: the placement of highest heuristic value.
    Greedy,
    /// The papers' MCTS.
    Mcts,
    /// Greedy on learned values of abstract hands (`--values FILE`, from `pps train`).
    Learned,
    /// Expectimax over the next card (--lookahead 2: the next two) on learned values
    /// (`--values FILE`).
    Expectimax,
    /// Rollouts of the learned greedy player for each placement, on common draws
    /// (`--values FILE`; --iterations rounds per move or --game-seconds).
    Rollout,
    /// The strongest player cardtree has for the point system, with its defaults: rollouts of
    /// expectimax over the next card with a control variate. On the committed learned table
    /// (American, British) guarded by expectimax, 200 rounds a move (about 3 s a game); for
    /// other systems on `--values FILE` or else a table it learns first (1,000,000
    /// self-played games, about 10 s on two threads), unguarded, 1,000 rounds a move (about
    /// 14 s a game); `--iterations` or `--game-seconds` set the budget
    /// (std-host/results/pps/learned/summary.md).
    Best,
}

impl PpsPlayerArg {
    /// The player named, the expectimax player looking `lookahead` cards ahead, the rollout
    /// player comparing `candidates` placements.
    fn player(self, lookahead: Lookahead, rollout: RolloutSettings) -> PpsPlayer {
        match self {
            PpsPlayerArg::Random => PpsPlayer::Random,
            PpsPlayerArg::Rules => PpsPlayer::Rules,
            PpsPlayerArg::Flat => PpsPlayer::Flat,
            PpsPlayerArg::Greedy => PpsPlayer::Greedy,
            PpsPlayerArg::Mcts => PpsPlayer::Mcts,
            PpsPlayerArg::Learned => PpsPlayer::Learned,
            PpsPlayerArg::Expectimax => PpsPlayer::Expectimax(lookahead),
            PpsPlayerArg::Rollout => PpsPlayer::Rollout(rollout),
            PpsPlayerArg::Best => PpsPlayer::Rollout(RolloutSettings::BEST),
        }
    }
}

/// The rollout player of `--candidates`, `--playout-lookahead`, `--guard` and
/// `--control-variate` (`pps play` and `experiment pps --table rollout`).
pub(crate) fn rollout_settings(
    candidates: usize,
    playout_lookahead: u8,
    guard: Option<f64>,
    control_variate: bool,
) -> RolloutSettings {
    RolloutSettings {
        candidates,
        playouts: (playout_lookahead > 0).then(|| lookahead(playout_lookahead)),
        guard: guard.map(|z| (z.max(0.0) * 100.0).round() as u32),
        control_variate,
    }
}

/// The expectimax look-ahead of `--lookahead N` (1 or 2, as clap checks).
pub(crate) fn lookahead(cards: u8) -> Lookahead {
    match cards {
        2 => Lookahead::TwoCards,
        _ => Lookahead::OneCard,
    }
}

/// Selection variants by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SelectionArg {
    /// UCT.
    Uct,
    /// UCT + Calc.
    UctCalc,
    /// Best move.
    BestMove,
    /// Prune + UCT.
    PruneUct,
}

/// Simulation variants by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SimulationArg {
    /// Random.
    Random,
    /// Random + Calc.
    RandomCalc,
    /// Prune + Random.
    PruneRandom,
    /// Best move.
    BestMove,
    /// The rule player's placements (suits in columns, ranks in rows; ours, not the papers').
    Rules,
    /// Rules or best move, whichever scores more under the system (decided once a game; ours).
    Auto,
    /// Greedy on the learned values of `--values FILE` (ours).
    Learned,
    /// No playout: leaves valued by the learned values of `--values FILE` (ours).
    LearnedValue,
}

/// How one- to three-card hands combine the a-priori probabilities, by name
/// (`cardtree::poker_squares::PriorMix`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PriorMixArg {
    /// Sum over the classes still possible (made ones at their a-priori odds).
    Sum,
    /// That sum divided by those classes' total probability.
    Conditional,
    /// As sum, but a class already made counts in full.
    MadeInFull,
}

impl From<PriorMixArg> for PriorMix {
    fn from(a: PriorMixArg) -> PriorMix {
        match a {
            PriorMixArg::Sum => PriorMix::Sum,
            PriorMixArg::Conditional => PriorMix::Conditional,
            PriorMixArg::MadeInFull => PriorMix::MadeInFull,
        }
    }
}

/// Squashing by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SquashArg {
    /// Raw scores.
    None,
    /// Exact range (American: 0..725).
    Precise,
    /// Ten times the lowest and highest hand score.
    Imprecise,
    /// 0..200.
    Max200,
    /// 0..2000.
    Max2000,
}

/// Everything that defines a player and its budget, as given on the command line.
#[derive(Clone, Debug, Args)]
pub struct PlayArgs {
    /// The point system (see `pps score --help`).
    #[arg(long, default_value = "american", allow_hyphen_values = true)]
    pub system: String,
    /// The player.
    #[arg(long, value_enum, default_value_t = PpsPlayerArg::Mcts)]
    pub player: PpsPlayerArg,
    /// MCTS selection.
    #[arg(long, value_enum, default_value_t = SelectionArg::PruneUct)]
    pub selection: SelectionArg,
    /// MCTS simulation.
    #[arg(long, value_enum, default_value_t = SimulationArg::BestMove)]
    pub simulation: SimulationArg,
    /// Reward squashing.
    #[arg(long, value_enum, default_value_t = SquashArg::None)]
    pub squash: SquashArg,
    /// UCT's Cp (default 200/sqrt 2, the papers').
    #[arg(long, default_value_t = PAPER_CP, allow_hyphen_values = true)]
    pub cp: f64,
    /// Weights alpha,beta,gamma of one-, two-, three-card hands (default the papers' tuned
    /// 0.1,0.3,0.85; "paper" for 0.2,0.4,0.6).
    #[arg(long, default_value = "tuned", allow_hyphen_values = true)]
    pub weights: String,
    /// The a-priori class probabilities, ten numbers by class id (default the table in
    /// `cardtree::poker_squares::APRIORI`).
    #[arg(long, allow_hyphen_values = true)]
    pub apriori: Option<String>,
    /// How one- to three-card hands combine the a-priori probabilities (the papers' text
    /// allows several readings; std-host/results/pps/audit.md).
    #[arg(long, value_enum, default_value_t = PriorMixArg::Sum)]
    pub prior_mix: PriorMixArg,
    /// Pruning threshold factor delta.
    #[arg(long, default_value_t = 1.3, allow_hyphen_values = true)]
    pub delta: f64,
    /// One child per free cell, even where empty rows or columns make cells alike.
    #[arg(long)]
    pub no_symmetry: bool,
    /// Search every move (no simple rules for moves 1, 2, 24, 25).
    #[arg(long)]
    pub no_simple_rules: bool,
    /// Iterations per searched move (MCTS) or playouts per move (flat); the default budget.
    #[arg(long, conflicts_with = "game_seconds")]
    pub iterations: Option<u32>,
    /// A time budget per game in seconds, shared over its searched moves.
    #[arg(long, allow_hyphen_values = true)]
    pub game_seconds: Option<f64>,
    /// How many placements the rollout player compares by rollouts: the best by the learned
    /// values (0: every placement).
    #[arg(long, default_value_t = 0)]
    pub candidates: usize,
    /// How many cards the expectimax player looks ahead: 1 (the next card) or 2 (the next two;
    /// seconds a game instead of milliseconds).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub lookahead: u8,
    /// How the rollout player's playouts place: 0 greedily on the learned values, 1 or 2 by
    /// expectimax over the next card or two.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=2))]
    pub playout_lookahead: u8,
    /// The rollout player, guarded: expectimax over the next card ranks the candidates and
    /// its choice stands unless another's rollouts beat it by more than Z standard errors.
    #[arg(long, value_name = "Z")]
    pub guard: Option<f64>,
    /// The rollout player's playouts place by expectimax over the next card, and each
    /// playout's score is corrected by what the learned values predicted of its draws (a
    /// control variate: the same expectation, less of the cards' luck).
    #[arg(long)]
    pub control_variate: bool,
    /// The learned values of the learned, expectimax and rollout players and of MCTS's
    /// learned simulations: a table written by `pps train` (default: the table cardtree
    /// ships for the point system, American or British).
    #[arg(long)]
    pub values: Option<std::path::PathBuf>,
}

/// The weights of `--weights`.
pub fn parse_weights(s: &str) -> Result<HeuristicConfig, Error> {
    match s {
        "tuned" => Ok(HeuristicConfig::TUNED),
        "paper" | "default" => Ok(HeuristicConfig::PAPER),
        _ => {
            let v: Vec<f64> = s
                .split(',')
                .map(|x| x.trim().parse::<f64>())
                .collect::<Result<_, _>>()
                .map_err(|_| invalid!("bad --weights {s:?}: three numbers alpha,beta,gamma"))?;
            let [alpha, beta, gamma] = v[..] else {
                return Err(invalid!(
                    "bad --weights {s:?}: three numbers alpha,beta,gamma"
                ));
            };
            Ok(HeuristicConfig {
                alpha,
                beta,
                gamma,
                ..HeuristicConfig::TUNED
            })
        }
    }
}

impl PlayArgs {
    /// The configuration these arguments name. `--player best` for a point system cardtree
    /// ships no table for, without `--values`, learns one first
    /// ([`Training::unshipped`](crate::pps::train::Training::unshipped), on `threads` workers).
    pub fn resolve(&self, threads: usize) -> Result<PlayConfig, Error> {
        let system: PointSystem = self.system.parse().context("bad --system")?;
        let mut mcts = MctsConfig::new();
        if !(self.cp.is_finite() && self.cp >= 0.0) {
            return Err(invalid!(
                "--cp must be a finite number at least 0 (UCT's exploration constant), got {}",
                self.cp
            ));
        }
        if !(self.delta.is_finite() && self.delta >= 0.0) {
            return Err(invalid!(
                "--delta must be a finite number at least 0 (the pruning threshold factor), got {}",
                self.delta
            ));
        }
        mcts.cp = self.cp;
        mcts.selection = match self.selection {
            SelectionArg::Uct => Selection::Uct,
            SelectionArg::UctCalc => Selection::UctCalc,
            SelectionArg::BestMove => Selection::BestMove,
            SelectionArg::PruneUct => Selection::PruneUct,
        };
        mcts.simulation = match self.simulation {
            SimulationArg::Random => Simulation::Random,
            SimulationArg::RandomCalc => Simulation::RandomCalc,
            SimulationArg::PruneRandom => Simulation::PruneRandom,
            SimulationArg::BestMove => Simulation::BestMove,
            SimulationArg::Rules => Simulation::Rules,
            SimulationArg::Auto => Simulation::Auto,
            SimulationArg::Learned => Simulation::Learned,
            SimulationArg::LearnedValue => Simulation::LearnedValue,
        };
        mcts.squash = match self.squash {
            SquashArg::None => Squash::None,
            SquashArg::Precise => Squash::Precise,
            SquashArg::Imprecise => Squash::Imprecise,
            SquashArg::Max200 => Squash::Max200,
            SquashArg::Max2000 => Squash::Max2000,
        };
        mcts.heuristic = parse_weights(&self.weights)?;
        if let Some(text) = &self.apriori {
            let v: Vec<f64> = text
                .split(',')
                .map(|x| x.trim().parse::<f64>())
                .collect::<Result<_, _>>()
                .map_err(|_| Error::Invalid("bad --apriori: ten numbers".into()))?;
            mcts.heuristic.apriori = v
                .try_into()
                .map_err(|_| Error::Invalid("bad --apriori: ten numbers".into()))?;
        }
        mcts.heuristic.mix = self.prior_mix.into();
        mcts.prune.delta = self.delta;
        mcts.simple_rules = !self.no_simple_rules;
        mcts.symmetry = !self.no_symmetry;
        mcts.budget = match (self.iterations, self.game_seconds) {
            (_, Some(t)) if t > 0.0 => Budget::GameMicros((t * 1e6) as u64),
            (_, Some(_)) => return Err(Error::Invalid("--game-seconds must be positive".into())),
            (Some(k), None) => Budget::Iterations(k),
            (None, None) => Budget::Iterations(1000),
        };
        let shipped = committed_values(&system).is_some();
        let player = match self.player {
            PpsPlayerArg::Best => {
                let (settings, rounds) = if shipped {
                    (RolloutSettings::BEST, RolloutSettings::BEST_ROUNDS)
                } else {
                    (
                        RolloutSettings::BEST_LEARNED,
                        RolloutSettings::BEST_LEARNED_ROUNDS,
                    )
                };
                if self.iterations.is_none() && self.game_seconds.is_none() {
                    mcts.budget = Budget::Iterations(rounds);
                }
                PpsPlayer::Rollout(settings)
            }
            p => p.player(
                lookahead(self.lookahead),
                rollout_settings(
                    self.candidates,
                    self.playout_lookahead,
                    self.guard,
                    self.control_variate,
                ),
            ),
        };
        let needs_values = matches!(
            player,
            PpsPlayer::Learned | PpsPlayer::Expectimax(_) | PpsPlayer::Rollout(..)
        ) || (player == PpsPlayer::Mcts
            && matches!(
                mcts.simulation,
                Simulation::Learned | Simulation::LearnedValue
            ));
        let values = match &self.values {
            Some(path) => Some(crate::pps::play::table_file(path, &system, &self.system)?.0),
            None if self.player == PpsPlayerArg::Best && !shipped => {
                let training = crate::pps::train::Training::unshipped(&self.system, threads, true);
                eprintln!(
                    "cardtree ships no learned table for --system {}: learning one ({} games; \
                     --values FILE gives one made by `cardtree pps train`)",
                    self.system, training.games
                );
                Some(std::sync::Arc::new(crate::pps::train::train_in_memory(
                    &training,
                )?))
            }
            None if needs_values => Some(committed_table(&system, &self.system)?),
            None => None,
        };
        Ok(PlayConfig {
            system,
            player,
            mcts,
            values,
        })
    }
}

/// The subcommands of `cardtree pps`.
#[derive(Debug, Subcommand)]
pub enum PpsCommand {
    /// Score a grid: the ten hand classes (rows 0-4, then columns 0-4) and the total.
    Score {
        /// 25 cells row by row, cards like AS or TD, `--` for an empty cell.
        #[arg(long, allow_hyphen_values = true)]
        grid: String,
        /// american, british, ameritish[:seed], random[:seed], hypercorner[:seed],
        /// single-hand[:seed], fh, or ten integers "0,2,5,..." by class id.
        #[arg(long, default_value = "american", allow_hyphen_values = true)]
        system: String,
        /// --json prints exactly {"hands":[10 ids],"score":N}; --out FILE.
        #[command(flatten)]
        output: crate::output::OutputArgs,
    },
    /// Play games and print the mean score, its standard deviation and 95 % interval. Game i
    /// deals the same cards (from the seed and i) to every configuration: paired games.
    Play {
        /// The player and its budget.
        #[command(flatten)]
        args: PlayArgs,
        /// Games to play.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Seed of the run.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads, one game each at a time (default: one per core). Results under
        /// --iterations do not depend on it; under --game-seconds each game's time is its
        /// thread's.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Print each game's score as CSV (index,score,iterations) before the summary (text
        /// output; the JSON has every score).
        #[arg(long)]
        per_game: bool,
        /// --json prints one object (the summary and every game's score); --out FILE.
        #[command(flatten)]
        output: crate::output::OutputArgs,
    },
    /// Learn the values of abstract hands by self-play (Monte Carlo) into a table for
    /// `pps play --player learned --values FILE`; resumes a stopped run given the same file.
    Train {
        /// The point system (see `pps score --help`).
        #[arg(long, default_value = "american", allow_hyphen_values = true)]
        system: String,
        /// Games to learn from in all (rounded up to whole batches).
        #[arg(long, default_value_t = 200_000)]
        games: u64,
        /// Seed: game g deals from stream (seed, g).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games per batch; each batch places by the table of the batches before it.
        #[arg(long, default_value_t = 20_000)]
        batch: u64,
        /// Millionths of placements made at random (exploration).
        #[arg(long, default_value_t = 50_000)]
        explore_ppm: u32,
        /// The table file, rewritten whole after every batch.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Worker threads (default: one per core). The table does not depend on it.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Estimate the heuristic's a-priori hand-class probabilities: final-class frequencies
    /// over the ten hands of rule-player games; prints the table as Rust.
    Apriori {
        /// Games to play per round.
        #[arg(long, default_value_t = 100_000)]
        games: u64,
        /// Rounds of refinement after the rule player's frequencies: each round plays the
        /// greedy heuristic player (tuned weights) with the previous round's table.
        #[arg(long, default_value_t = 0)]
        rounds: u32,
        /// Seed of the run.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// Runs one `cardtree pps` subcommand, printing to standard output.
pub fn run(cmd: PpsCommand) -> Result<(), Error> {
    match cmd {
        PpsCommand::Score {
            grid,
            system,
            output,
        } => {
            let (grid, system) = parse_inputs(&grid, &system)?;
            output.emit(&if output.json {
                format!("{}\n", score_json(&grid, &system))
            } else {
                score_text(&grid, &system)
            })
        }
        PpsCommand::Play {
            args,
            games,
            seed,
            threads,
            per_game,
            output,
        } => {
            let config = args.resolve(threads)?;
            let start = Instant::now();
            let results = play_many(&config, seed, games, threads, true)?;
            let wall = start.elapsed().as_secs_f64();
            if output.json {
                return output.emit(&format!("{}\n", play_json(&config, &results, wall)));
            }
            let mut text = String::new();
            if per_game {
                text.push_str("game,score,iterations\n");
                for r in &results {
                    text.push_str(&format!("{},{},{}\n", r.index, r.score, r.stats.iterations));
                }
            }
            text.push_str(&play_report(&config, &results, wall));
            output.emit(&text)
        }
        PpsCommand::Train {
            system,
            games,
            seed,
            batch,
            explore_ppm,
            out,
            threads,
            quiet,
        } => {
            let training = crate::pps::train::Training {
                system_text: system,
                games,
                seed,
                batch,
                explore_ppm,
                threads,
                progress: !quiet,
            };
            let start = Instant::now();
            let done = crate::pps::train::train(&training, &out)?;
            println!(
                "{}: {} games ({} played now, in {:.1} s), {} of {} abstract states seen; last batch's mean score {:.2}",
                out.display(),
                done.games,
                done.played,
                start.elapsed().as_secs_f64(),
                done.states_seen,
                cardtree::poker_squares::AbstractHand::COUNT,
                done.last_batch_mean
            );
            Ok(())
        }
        PpsCommand::Apriori {
            games,
            seed,
            rounds,
        } => {
            let mut p = apriori(games, seed, None)?;
            for round in 0..rounds {
                let h = HeuristicConfig {
                    apriori: p,
                    ..HeuristicConfig::TUNED
                };
                p = apriori(games, seed, Some(h))?;
                eprintln!("round {}: {p:?}", round + 1);
            }
            println!("// cardtree pps apriori --games {games} --seed {seed} --rounds {rounds}");
            println!("pub const APRIORI_GAMES: u32 = {games};");
            let items: Vec<String> = p.iter().map(|x| format!("{x:.6e}")).collect();
            println!(
                "pub const APRIORI: [f64; HandClass::COUNT] = [{}];",
                items.join(", ")
            );
            Ok(())
        }
    }
}
