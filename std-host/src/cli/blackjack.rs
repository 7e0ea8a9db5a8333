//! `cardtree blackjack`: the Blackjack commands' clap types (rules, players, shoes) and
//! their dispatch to the drivers in `crate::blackjack::play` and `crate::blackjack::strategy`, which
//! know no clap.

use cardtree::blackjack::SplitPlay;
use clap::Subcommand;

use crate::blackjack::RuleSpec;
use crate::blackjack::card_steps::card;
use crate::blackjack::oracle::{dealer, ev};
use crate::blackjack::play::PlayOptions;
use crate::blackjack::report;
use crate::blackjack::strategy::{Layout, render};
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
        /// The players, the hands, MCTS's settings and the rules (one spec:
        /// `blackjack/play_spec.rs`).
        #[command(flatten)]
        options: SpecArgs<PlayOptions>,
        /// --json, --out FILE.
        #[command(flatten)]
        output: OutputArgs,
        /// Also write each hand's return, one per line in hand order, to this file.
        #[arg(long)]
        dump: Option<std::path::PathBuf>,
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
            options,
            output,
            dump,
        } => report::command(
            &PlayOptions {
                dump,
                ..options.options()?
            },
            &output.output()?,
        ),
    }
}
