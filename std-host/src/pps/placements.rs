//! `cardtree pps values`: what a learned table makes of each placement of a card on a grid,
//! the change the card makes to the learned values of its row and column. It is the number the
//! page's Poker Squares shows beside a player's suggestion, computed here for both.

use std::path::Path;

use cardtree::poker_squares::{CELLS, Grid, LearnedValues, PointSystem, PokerSquares};
use cardtree::{Card, IllegalMove};
use serde_json::json;

use crate::error::{Context, Error};
use crate::pps::play::{committed_table, table_file};
use crate::pps::score::parse_inputs;

/// Each cell's value of placing `game`'s drawn card there (`None` for a filled cell, and for
/// every cell when no card is drawn): [`LearnedValues::placements`] with the cards still to
/// come.
#[must_use]
pub fn placement_values(values: &LearnedValues, game: &PokerSquares) -> [Option<f64>; CELLS] {
    let mut cells = [None; CELLS];
    let Some(card) = game.drawn() else {
        return cells;
    };
    let mut out = [0.0; CELLS];
    values.placements(game.grid(), game.deck(), card, &mut out);
    for (cell, (slot, v)) in cells.iter_mut().zip(out).enumerate() {
        if game.grid().is_free(cell) {
            *slot = Some(v);
        }
    }
    cells
}

/// The game at `grid` (under `system`) with `card` drawn: refused if the card is on the grid
/// or the grid is full.
pub fn position(grid: Grid, system: PointSystem, card: Card) -> Result<PokerSquares, Error> {
    let mut game = PokerSquares::from_grid(grid, system);
    let name = rank_suit(card);
    game.draw(card).map_err(|IllegalMove| {
        if grid.is_full() {
            invalid!("--grid is full: there is no cell for --card {name}")
        } else {
            invalid!("--card {name} is on the grid already")
        }
    })?;
    Ok(game)
}

/// `card` as the grid writes it, rank then suit (`AS`).
fn rank_suit(card: Card) -> String {
    format!("{}{}", card.rank().char(), card.suit().char())
}

/// The learned table for `system` (`name`: as given): `values`' file, the one cardtree ships,
/// or for another point system the one `pps play --player best` learns (saying so first).
fn table(
    system: &PointSystem,
    name: &str,
    values: Option<&Path>,
) -> Result<std::sync::Arc<LearnedValues>, Error> {
    if let Some(path) = values {
        return Ok(table_file(path, system, name)?.0);
    }
    if crate::pps::tables::shipped(system).is_some() {
        return committed_table(system, name);
    }
    if crate::pps::tables::learned(system).is_none() {
        eprintln!(
            "cardtree ships no learned table for --system {name}: learning the one `pps play \
             --player best` plays by (--values FILE gives one made by `cardtree pps train`)"
        );
    }
    crate::pps::tables::unshipped(system, name, 0, true)
}

/// `cardtree pps values`: each free cell's value of placing `card` on `grid`, as text (the
/// grid with each free cell's value, and the best cell) or as the JSON line
/// `{"card":"AS","values":[25 numbers or null, row by row],"best":cell}`.
pub fn command(
    grid: &str,
    card: &str,
    system: &str,
    values: Option<&Path>,
    json: bool,
) -> Result<String, Error> {
    let (grid, points) = parse_inputs(grid, system)?;
    let card: Card = card.parse().context("bad --card")?;
    let game = position(grid, points, card)?;
    let table = table(&points, system, values)?;
    let cells = placement_values(&table, &game);
    // The first of the highest, as the players take ties.
    let best = (0..CELLS).filter_map(|c| cells[c].map(|v| (c, v))).fold(
        None,
        |b: Option<(usize, f64)>, (c, v)| match b {
            Some((_, bv)) if bv >= v => b,
            _ => Some((c, v)),
        },
    );
    if json {
        let line = json!({ "card": card.to_string(), "values": cells, "best": best.map(|b| b.0) });
        return Ok(format!("{line}\n"));
    }
    let mut out = format!(
        "{} in each free cell: the change to the learned values of its row and column\n",
        rank_suit(card)
    );
    for row in 0..5 {
        let line: Vec<String> = (0..5)
            .map(|col| {
                let cell = row * 5 + col;
                match (cells[cell], grid.get(cell)) {
                    (Some(v), _) => format!("{v:>7.2}"),
                    (None, Some(c)) => format!("{:>7}", rank_suit(c)),
                    (None, None) => format!("{:>7}", "--"),
                }
            })
            .collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    if let Some((cell, v)) = best {
        out.push_str(&format!(
            "best: row {}, column {} ({v:+.2})\n",
            cell / 5 + 1,
            cell % 5 + 1
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID: &str = "AS KS -- -- -- \
                        -- -- -- -- -- \
                        2H -- -- -- -- \
                        -- -- -- -- -- \
                        -- -- -- -- 9C";

    #[test]
    fn filled_cells_have_no_value_and_the_best_is_the_highest() {
        let text = command(GRID, "QS", "american", None, true).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let values = v["values"].as_array().unwrap();
        assert_eq!(values.len(), CELLS);
        for filled in [0, 1, 10, 24] {
            assert!(values[filled].is_null(), "{filled}");
        }
        let best = v["best"].as_u64().unwrap() as usize;
        let top = values[best].as_f64().unwrap();
        assert!(
            values
                .iter()
                .filter_map(serde_json::Value::as_f64)
                .all(|x| x <= top)
        );
        // Two empty rows through the same column: the same lines change alike.
        assert_eq!(values[6], values[16], "{text}");
        assert_ne!(values[6], values[11], "{text}");
    }

    #[test]
    fn a_card_on_the_grid_or_no_free_cell_is_refused() {
        let e = command(GRID, "KS", "american", None, false).unwrap_err();
        assert_eq!(e.to_string(), "--card KS is on the grid already");
        let e = command(GRID, "K", "american", None, false).unwrap_err();
        assert!(e.to_string().starts_with("bad --card"), "{e}");
    }
}
