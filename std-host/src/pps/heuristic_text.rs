//! The heuristic's settings as users type them: its weights and its a-priori class
//! probabilities, read with what is wrong said (the spec's limits and the player's making use
//! the same readers).

use cardtree::poker_squares::HeuristicConfig;

/// The heuristic's weights: `tuned` (the papers' tuned 0.1, 0.3, 0.85), `paper` (0.2, 0.4,
/// 0.6) or three finite numbers `alpha,beta,gamma` at least 0.
pub fn parse_weights(s: &str) -> Result<HeuristicConfig, String> {
    match s.trim() {
        "tuned" => Ok(HeuristicConfig::TUNED),
        "paper" | "default" => Ok(HeuristicConfig::PAPER),
        t => {
            let wanted = || format!("{t:?} is not tuned, paper or three numbers alpha,beta,gamma");
            let v: Vec<f64> = t
                .split(',')
                .map(|x| x.trim().parse::<f64>())
                .collect::<Result<_, _>>()
                .map_err(|_| wanted())?;
            let [alpha, beta, gamma] = v[..] else {
                return Err(wanted());
            };
            if !v.iter().all(|w| w.is_finite() && *w >= 0.0) {
                return Err("alpha, beta and gamma are finite numbers at least 0".to_string());
            }
            Ok(HeuristicConfig {
                alpha,
                beta,
                gamma,
                ..HeuristicConfig::TUNED
            })
        }
    }
}

/// The a-priori class probabilities: ten numbers from 0 to 1, by class id.
pub fn parse_apriori(s: &str) -> Result<[f64; 10], String> {
    let v: Vec<f64> = s
        .split(',')
        .map(|x| x.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|_| "ten numbers from 0 to 1, by class id, are wanted".to_string())?;
    if !v.iter().all(|p| (0.0..=1.0).contains(p)) {
        return Err("each of the ten probabilities is from 0 to 1".to_string());
    }
    let n = v.len();
    v.try_into()
        .map_err(|_| format!("{n} numbers: ten, by class id, are wanted"))
}
