//! `cardtree uct`: UCT from a position of one of cardtree's games, with the options of
//! [`UctSpec`] (the ones Python's `uct_search` takes), the root's statistics as text or JSON.

use cardtree::bridge::{BridgePlay, Deal, Seat, Strain};
use serde::Serialize;

use super::OutputArgs;
use super::spec_args::SpecArgs;
use crate::error::Error;
use crate::text::parse_seat;
use crate::uct_spec::{UctGame, UctReport, UctSpec, search};

/// `cardtree uct`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("position").required(true).args(["game", "deal"])))]
pub struct UctArgs {
    /// The game: tictactoe (or tictactoe:XO./.X./..O, a board) or dice (the duel to 9 with a
    /// three-sided die, or dice:LIMIT:FACES).
    #[arg(long, allow_hyphen_values = true)]
    pub game: Option<String>,
    /// A bridge position instead: a PBN deal, full or an ending ("W:AKQ.JT9.876.5432 ...").
    #[arg(long, allow_hyphen_values = true)]
    pub deal: Option<String>,
    /// The strain (with --deal): NT, S, H, D or C.
    #[arg(long, default_value = "NT")]
    pub strain: Strain,
    /// The player on lead (with --deal).
    #[arg(long, default_value = "W", value_parser = parse_seat)]
    pub leader: Seat,
    /// The search's options.
    #[command(flatten)]
    pub options: SpecArgs<UctSpec>,
    /// --json: one object, {"best","side","root_value","children":[{"move","value","visits"}],
    /// "iterations","nodes","tree_full"}; --out FILE.
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Serialize)]
struct Child {
    #[serde(rename = "move")]
    mv: String,
    value: f64,
    visits: u32,
}

#[derive(Serialize)]
struct Report {
    best: Option<String>,
    side: u8,
    root_value: f64,
    children: Vec<Child>,
    iterations: u32,
    nodes: usize,
    tree_full: u32,
}

fn text(r: &UctReport) -> String {
    let mut out = format!(
        "best {}, root value {:.4} for side {} ({} iterations, {} nodes{})\n",
        r.best.map_or("none".to_string(), |m| m.to_string()),
        r.root_value,
        r.side,
        r.iterations,
        r.nodes,
        if r.tree_full > 0 {
            format!(", the tree full for {} iterations", r.tree_full)
        } else {
            String::new()
        }
    );
    for (m, value, visits) in &r.children {
        out.push_str(&format!("  {m:>4}  value {value:.4}  visits {visits}\n"));
    }
    out
}

/// Runs `cardtree uct`.
pub fn run(a: UctArgs) -> Result<(), Error> {
    let output = a.output.output()?;
    let game = match (&a.game, &a.deal) {
        (Some(g), _) => UctGame::parse(g).map_err(|e| invalid!("--game: {e}"))?,
        (None, Some(d)) => {
            let deal: Deal = d.parse().map_err(|e| invalid!("--deal: {e}"))?;
            UctGame::Bridge(
                BridgePlay::new(&deal, a.strain, a.leader).map_err(|e| invalid!("--deal: {e}"))?,
            )
        }
        (None, None) => return Err(invalid!("give --game or --deal")),
    };
    let r = search(&game, &a.options.options()?).map_err(Error::core)?;
    if output.json {
        let report = Report {
            best: r.best.map(|m| m.to_string()),
            side: r.side,
            root_value: r.root_value,
            children: r
                .children
                .iter()
                .map(|&(m, value, visits)| Child {
                    mv: m.to_string(),
                    value,
                    visits,
                })
                .collect(),
            iterations: r.iterations,
            nodes: r.nodes,
            tree_full: r.tree_full,
        };
        output.emit(&format!("{}\n", crate::json::line(&report)?))
    } else {
        output.emit(&text(&r))
    }
}
