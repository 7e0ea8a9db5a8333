//! `cardtree pps apriori`: the heuristic's a-priori hand-class probabilities, estimated from
//! the final classes of played games, printed as the Rust table the core ships.

use cardtree::poker_squares::{
    GreedyPlayer, HandClass, HeuristicConfig, LINES, PointSystem, RulePlayer, play_game,
};
use cardtree::rng;

use crate::error::Error;

/// Final-class frequencies over the ten hands of `games` rule-player games (the a-priori
/// probabilities of the heuristic; see `cardtree::poker_squares::APRIORI`).
pub fn apriori(
    games: u64,
    seed: u64,
    greedy: Option<HeuristicConfig>,
) -> Result<[f64; HandClass::COUNT], Error> {
    let mut counts = [0u64; HandClass::COUNT];
    for i in 0..games {
        let mut r = rng::stream(seed, i);
        let grid = match greedy {
            Some(h) => play_game(&mut GreedyPlayer::new(h), &PointSystem::AMERICAN, &mut r),
            None => play_game(&mut RulePlayer, &PointSystem::AMERICAN, &mut r),
        }
        .map_err(Error::from)?;
        for c in grid.classes() {
            counts[c.id()] += 1;
        }
    }
    let total = (games * LINES as u64).max(1) as f64;
    Ok(counts.map(|c| c as f64 / total))
}

/// `cardtree pps apriori`: the rule player's frequencies, then `rounds` rounds of the greedy
/// heuristic player on the previous round's table (each round's table on standard error);
/// the last table as Rust.
pub fn command(games: u64, seed: u64, rounds: u32) -> Result<String, Error> {
    let mut p = apriori(games, seed, None)?;
    for round in 0..rounds {
        let h = HeuristicConfig {
            apriori: p,
            ..HeuristicConfig::TUNED
        };
        p = apriori(games, seed, Some(h))?;
        eprintln!("round {}: {p:?}", round + 1);
    }
    let items: Vec<String> = p.iter().map(|x| format!("{x:.6e}")).collect();
    Ok(format!(
        "// cardtree pps apriori --games {games} --seed {seed} --rounds {rounds}\n\
         pub const APRIORI_GAMES: u32 = {games};\n\
         pub const APRIORI: [f64; HandClass::COUNT] = [{}];\n",
        items.join(", ")
    ))
}
