//! `cardtree blackjack`: the Blackjack commands' clap types (rules, players, shoes) and
//! their dispatch to the drivers in `crate::blackjack::play` and `crate::blackjack::strategy`, which
//! know no clap.

use cardtree::blackjack::{ShoePreset, SplitPlay};
use clap::Subcommand;

use crate::blackjack::RuleSpec;
use crate::blackjack::oracle::{dealer, ev};
use crate::blackjack::play::{BlackjackPlayer, PlayOptions};
use crate::blackjack::report;
use crate::blackjack::strategy::{Layout, card, render};
use crate::cli::OutputArgs;
use crate::cli::spec_args::SpecArgs;
use crate::cli::spelling::spelled;
use crate::error::Error;

/// `cardtree blackjack ...`.
#[derive(Debug, Subcommand)]
pub enum BlackjackCommand {
    /// The dealer's exact final-total probabilities per up card, from a full shoe less the up
    /// card, not conditioned on the peek (as tests/data/blackjack/exact_values.json).
    Dealer {
        /// The rules (one spec: `blackjack::RuleSpec`).
        #[command(flatten)]
        rules: SpecArgs<RuleSpec>,
        /// Condition on the dealer having no blackjack (after a peek).
        #[arg(long)]
        peeked: bool,
        /// --json, --out FILE.
        #[command(flatten)]
        output: OutputArgs,
    },
    /// The exact expected value of a round under optimal composition-dependent play.
    Ev {
        /// The rules (one spec: `blackjack::RuleSpec`).
        #[command(flatten)]
        rules: SpecArgs<RuleSpec>,
        /// How split hands are played: cdz (as an unsplit hand of the same cards, the
        /// analysers' CDZ- and the reference file's model) or optimal (for their own shoe).
        #[arg(long, value_parser = spelled::<SplitPlay>(), default_value_t = SplitPlay::Cdz)]
        split_play: SplitPlay,
        /// --json, --out FILE.
        #[command(flatten)]
        output: OutputArgs,
    },
    /// The total-dependent basic strategy for the rules, computed from exact values, with
    /// the expected return of playing it beside the optimum.
    Strategy {
        /// The rules (one spec: `blackjack::RuleSpec`).
        #[command(flatten)]
        rules: SpecArgs<RuleSpec>,
        /// Print Markdown tables.
        #[arg(long, conflicts_with = "json")]
        markdown: bool,
        /// --json, --out FILE.
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Play paired hands: every player is dealt the same cards for the same seed.
    Play {
        /// The rules (one spec: `blackjack::RuleSpec`).
        #[command(flatten)]
        rules: SpecArgs<RuleSpec>,
        /// The player.
        #[arg(long, value_parser = spelled::<BlackjackPlayer>(), default_value_t = BlackjackPlayer::Basic)]
        player: BlackjackPlayer,
        /// A second player on the same cards: prints the paired difference too.
        #[arg(long, value_parser = spelled::<BlackjackPlayer>())]
        vs: Option<BlackjackPlayer>,
        /// The shoe each hand is dealt from (a full shoe per hand).
        #[arg(long, value_parser = spelled::<ShoePreset>(), default_value_t = ShoePreset::Standard)]
        shoe: ShoePreset,
        /// Hands to play.
        #[arg(long, value_parser = crate::limits::hands, default_value_t = 10_000)]
        hands: u64,
        /// Seed: the card order of hand i is rng::stream(seed, i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// MCTS playouts per decision (the paper: 100).
        #[arg(long, default_value_t = 100, value_parser = crate::limits::playouts)]
        iterations: u32,
        /// MCTS exploration constant C (the paper: 2).
        #[arg(long, default_value_t = 2.0, allow_hyphen_values = true)]
        c: f64,
        /// MCTS with a closed-loop tree (nodes keyed by the cards too), not the paper's.
        #[arg(long)]
        closed_loop: bool,
        /// MCTS playouts beyond the tree play basic strategy (not hit below 17).
        #[arg(long)]
        basic_rollout: bool,
        /// MCTS progressive unpruning: a node below the root plays the playout policy's
        /// action until it has this many visits, then UCB tries every action (0: from the
        /// first visit, as the paper).
        #[arg(long, default_value_t = 0)]
        unprune_after: u32,
        /// Worker threads (default: one per core); hands are split between them, and the
        /// results do not depend on it.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// --json, --out FILE.
        #[command(flatten)]
        output: OutputArgs,
        /// Also write each hand's return, one per line in hand order, to this file.
        #[arg(long)]
        dump: Option<std::path::PathBuf>,
        /// Judge every decision by the optimal player's exact values and print the mean
        /// regret per hand: the player's expected loss against optimal play, with far less
        /// noise than paired returns.
        #[arg(long)]
        audit: bool,
    },
}

/// Runs one `cardtree blackjack` subcommand.
pub fn run(cmd: BlackjackCommand) -> Result<(), Error> {
    match cmd {
        BlackjackCommand::Dealer {
            rules,
            peeked,
            output,
        } => {
            let output = output.output()?;
            output.emit(&dealer(rules.options()?.rules, peeked, output.json)?)
        }
        BlackjackCommand::Ev {
            rules,
            split_play,
            output,
        } => {
            let output = output.output()?;
            output.emit(&ev(rules.options()?.rules, split_play, output.json)?)
        }
        BlackjackCommand::Strategy {
            rules,
            markdown,
            output,
        } => {
            let output = output.output()?;
            let layout = if output.json {
                Layout::Json
            } else if markdown {
                Layout::Markdown
            } else {
                Layout::Text
            };
            output.emit(&render(&card(rules.options()?.rules)?, layout)?)
        }
        BlackjackCommand::Play {
            rules,
            player,
            vs,
            shoe,
            hands,
            seed,
            iterations,
            c,
            closed_loop,
            basic_rollout,
            unprune_after,
            threads,
            output,
            dump,
            audit,
        } => report::command(
            &PlayOptions {
                rules: rules.options()?.rules,
                player,
                vs,
                shoe,
                hands,
                seed,
                iterations,
                c,
                closed_loop,
                basic_rollout,
                unprune_after,
                threads,
                dump,
                audit,
            },
            &output.output()?,
        ),
    }
}
