//! `cardtree pps score`: a grid's ten hands and its total under a point system.

use cardtree::poker_squares::{Grid, LINES, PointSystem};
use serde::Serialize;

use crate::error::{Context, Error};

/// Reads a grid (25 cells row by row, `--` for empty) and a point system (a name, a name with
/// a seed `random:7`, or ten integers).
pub fn parse_inputs(grid: &str, system: &str) -> Result<(Grid, PointSystem), Error> {
    let grid: Grid = grid.parse().context("bad --grid")?;
    let system: PointSystem = system.parse().context("bad --system")?;
    Ok((grid, system))
}

/// The JSON of `cardtree pps score`.
#[derive(Debug, Serialize)]
struct ScoreReport {
    /// The class id of each hand, rows 0-4 then columns 0-4.
    hands: Vec<usize>,
    /// The grid's total.
    score: i64,
}

/// `{"hands":[10 class ids, rows 0-4 then columns 0-4],"score":N}`.
#[must_use]
pub fn score_json(grid: &Grid, system: &PointSystem) -> String {
    let report = ScoreReport {
        hands: grid.classes().iter().map(|c| c.id()).collect(),
        score: grid.score(system),
    };
    serde_json::to_string(&report).unwrap_or_default()
}

/// `cardtree pps score`: the text report, or with `json` the JSON line.
pub fn score(grid: &str, system: &str, json: bool) -> Result<String, Error> {
    let (grid, system) = parse_inputs(grid, system)?;
    Ok(if json {
        format!("{}\n", score_json(&grid, &system))
    } else {
        score_text(&grid, &system)
    })
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
