//! `cardtree pps`: Parameterized Poker Squares from the command line (scoring a grid, playing
//! games with the players of the core).

use cardtree::poker_squares::{Grid, LINES, PointSystem};
use clap::Subcommand;

/// The subcommands of `cardtree pps`.
#[derive(Debug, Subcommand)]
pub enum PpsCommand {
    /// Score a grid: the ten hand classes (rows 0-4, then columns 0-4) and the total.
    Score {
        /// 25 cells row by row, cards like AS or TD, `--` for an empty cell.
        #[arg(long)]
        grid: String,
        /// american, british, ameritish[:seed], random[:seed], hypercorner[:seed],
        /// single-hand[:seed], fh, or ten integers "0,2,5,..." by class id.
        #[arg(long, default_value = "american")]
        system: String,
        /// Print exactly {"hands":[10 ids],"score":N}.
        #[arg(long)]
        json: bool,
    },
}

/// Runs one `cardtree pps` subcommand, printing to standard output.
pub fn run(cmd: PpsCommand) -> Result<(), String> {
    match cmd {
        PpsCommand::Score { grid, system, json } => {
            let (grid, system) = parse_inputs(&grid, &system)?;
            if json {
                println!("{}", score_json(&grid, &system));
            } else {
                print!("{}", score_text(&grid, &system));
            }
            Ok(())
        }
    }
}

/// Reads a grid (25 cells row by row, `--` for empty) and a point system (a name, a name with
/// a seed `random:7`, or ten integers).
pub fn parse_inputs(grid: &str, system: &str) -> Result<(Grid, PointSystem), String> {
    let grid: Grid = grid.parse().map_err(|e| format!("bad --grid: {e}"))?;
    let system: PointSystem = system.parse().map_err(|e| format!("bad --system: {e}"))?;
    Ok((grid, system))
}

/// `{"hands":[10 class ids, rows 0-4 then columns 0-4],"score":N}`.
#[must_use]
pub fn score_json(grid: &Grid, system: &PointSystem) -> String {
    let ids: Vec<String> = grid.classes().iter().map(|c| c.id().to_string()).collect();
    format!(
        "{{\"hands\":[{}],\"score\":{}}}",
        ids.join(","),
        grid.score(system)
    )
}

/// A readable report: each row and column with its class and points, then the total.
#[must_use]
pub fn score_text(grid: &Grid, system: &PointSystem) -> String {
    let mut out = String::new();
    let classes = grid.classes();
    for (line, class) in classes.iter().enumerate().take(LINES) {
        let name = if line < 5 {
            format!("row {line}")
        } else {
            format!("column {}", line - 5)
        };
        let cards: Vec<String> = grid
            .line(line)
            .iter()
            .map(|c| {
                c.map_or("--".to_string(), |c| {
                    format!("{}{}", c.rank().char(), c.suit().char())
                })
            })
            .collect();
        out.push_str(&format!(
            "{name:<9} {}  {:<16} {:>4}\n",
            cards.join(" "),
            format!("{} ({})", class.name(), class.id()),
            system.score(*class)
        ));
    }
    out.push_str(&format!("score {}\n", grid.score(system)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_has_the_exact_shape() {
        let (g, s) = parse_inputs(
            "QH AC 8C 6H 5S 4C JC TD 2C 9D KS 6D QD 9S 7C QS JH 4D AS JD 7S 8S 3H KC TS",
            "american",
        )
        .unwrap();
        assert_eq!(
            score_json(&g, &s),
            "{\"hands\":[0,0,0,1,0,1,1,0,0,0],\"score\":6}"
        );
        assert!(score_text(&g, &s).ends_with("score 6\n"));
        assert!(parse_inputs("AS", "american").is_err());
        assert!(parse_inputs(&"-- ".repeat(25), "nope").is_err());
    }
}
