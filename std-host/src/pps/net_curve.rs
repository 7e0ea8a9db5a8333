//! The learning curve of `cardtree pps train --net`: the greedy player on the weights as they
//! stand, over games of a seed of its own, and the curve drawn as SVG (`--plot`).

use cardtree::poker_squares::{Lines, Net, PointSystem, net_cell, shuffled_deck};
use cardtree::rng;

use crate::workers;

/// Games of each point of the learning curve, placed greedily on seed [`EVAL_SEED`].
pub const EVAL_GAMES: u64 = 2_000;
/// The seed of the learning curve's games (not a seed training uses by default).
pub const EVAL_SEED: u64 = 1_000_003;

/// The mean score of the greedy player on `weights` over [`EVAL_GAMES`] games of
/// [`EVAL_SEED`].
/// Rounded to thousandths, as the file keeps it.
pub fn evaluate(weights: &[f32], system: &PointSystem, threads: usize) -> f64 {
    let games: Vec<u64> = (0..EVAL_GAMES).collect();
    let scores = workers::map(
        &games,
        threads,
        || (),
        |(), &g| {
            Ok(greedy_game(
                &Net::from_floats(*system, 0, weights),
                &mut rng::stream(EVAL_SEED, g),
            ))
        },
    );
    let total: i64 = scores.into_iter().map(|s| s.unwrap_or(0)).sum();
    (total as f64 / EVAL_GAMES as f64 * 1000.0).round() / 1000.0
}

/// One game placed greedily on `weights`, the deal shuffled by `rng`.
pub fn greedy_game(net: &Net<'_>, rng: &mut rng::Xoshiro256PlusPlus) -> i64 {
    let deal = shuffled_deck(rng);
    let mut lines = Lines::of(&cardtree::poker_squares::Grid::EMPTY, cardtree::Cards::ALL);
    for &card in deal.iter().take(cardtree::poker_squares::CELLS) {
        lines.draw(card);
        let Some((cell, _)) = net_cell(net, &lines, card) else {
            break;
        };
        lines.place(cell, card);
    }
    lines.score(net.system())
}

/// A learning curve (`(games, mean greedy score)` points) as an SVG line plot, its line named
/// `series`.
#[must_use]
pub fn curve_svg(system_text: &str, series: &str, curve: &[(u64, f64)]) -> String {
    crate::plot::line_plot(
        &crate::plot::Axes {
            title: format!(
                "Poker Squares network, {}: learning curve (greedy, {EVAL_GAMES} games of seed {EVAL_SEED})",
                system_text
            ),
            x_label: "games trained".to_string(),
            y_label: "mean score".to_string(),
            log_x: false,
        },
        &[crate::plot::Series {
            name: series.to_string(),
            points: curve.iter().map(|&(g, m)| (g as f64, m)).collect(),
        }],
    )
}
