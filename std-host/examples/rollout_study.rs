//! How much of the rollouts' gain each setting of the rollout player takes, measured move by
//! move rather than game by game (games of a random point system spread over ~130 points,
//! so hundreds of paired games cannot tell settings a few points apart).
//!
//! `cargo run --release -p cardtree-host --example rollout_study -- VALUES SYSTEM POSITIONS
//! REF_ROUNDS REF_KEEP [PLAYED_BY [REF_POLICY]]`
//!
//! Position `p` is game `p` of seed 7 (not the seed-1 games the players are compared on),
//! played by expectimax over the next card up to a move drawn from the same stream. A
//! reference, the controlled rollouts of its `REF_KEEP` best candidates with `REF_ROUNDS`
//! rounds, values each candidate (`Q`: the mean score of playing it, then expectimax with the
//! control variate). Each setting then chooses on draws of its own, and loses
//! `max Q - Q(its choice)`. The reference's noise inflates the maximum alike for every
//! setting, so differences between settings are unbiased; 25 times a setting's mean loss a
//! move is its loss a game against always choosing the reference's best. Prints a line a
//! position (`p k<move> <expectimax's loss> <each setting's>`) and, at the end, each setting's
//! loss a game with its difference from the first setting's (95 % normal intervals).
//!
//! PLAYED_BY `best` plays the positions' games by the guarded rollouts of `cardtree pps play
//! --player best` (200 rounds, 3 candidates, guard 2, the control variate; their draws from stream
//! (3000 + p, 0)), `greedy` by the greedy player on the values, `rules` by the rule player
//! (`core/src/poker_squares/rule_player.rs`: suits in columns, ranks in rows, a style far from the
//! learned players'). Expectimax's loss on another player's positions is what the
//! performance-difference lemma (Kakade & Langford, "Approximately optimal approximate
//! reinforcement learning", ICML 2002) needs: a policy's shortfall from one that plays better is
//! the sum of its losses a move on the better policy's positions.
//! With REF_POLICY `greedy` the reference plays out by the greedy player on the values, without
//! the control variate, so its `Q` are the greedy player's: on expectimax's positions the
//! greedy player's loss less expectimax's then sums, by that lemma, to what expectimax gains
//! over the greedy player in whole games (a check of the method against games). With REF_KEEP
//! 0 (every placement in the reference) each row ends with the greedy player's loss, and the
//! summary with its difference from expectimax's.
use cardtree::poker_squares::{
    Budget, CELLS, LearnedValues, Lookahead, Placer, PointSystem, PokerSquares, RolloutPlayer,
    expectimax_cell, learned_cell, rule_cell, shuffled_deck,
};
use cardtree::rng;
use cardtree::search::NoClock;

/// The settings compared: rounds a move, candidates, guard (standard errors).
const SETTINGS: [(u32, usize, Option<f64>); 7] = [
    (200, 3, Some(2.0)),
    (1000, 3, Some(2.0)),
    (200, 5, Some(2.0)),
    (1000, 3, Some(1.0)),
    (200, 3, None),
    (1000, 3, None),
    (200, 5, None),
];

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [values, system, positions, ref_rounds, ref_keep, rest @ ..] = args.as_slice() else {
        return Err(
            "usage: rollout_study VALUES SYSTEM POSITIONS REF_ROUNDS REF_KEEP \
             [PLAYED_BY [REF_POLICY]]"
                .into(),
        );
    };
    let ref_greedy = match rest.get(1).map_or("expectimax", String::as_str) {
        "expectimax" => false,
        "greedy" => true,
        other => return Err(format!("REF_POLICY is expectimax or greedy, not {other}")),
    };
    let played_by = rest.first().map_or("expectimax", String::as_str);
    if !["expectimax", "best", "greedy", "rules"].contains(&played_by) {
        return Err(format!(
            "PLAYED_BY is expectimax, best, greedy or rules, not {played_by}"
        ));
    }
    let text = std::fs::read_to_string(values).map_err(|e| format!("{values}: {e}"))?;
    let values = LearnedValues::parse(&text).map_err(|e| format!("{values}: {e}"))?;
    let system: PointSystem = system.parse().map_err(|e| format!("SYSTEM: {e}"))?;
    let number = |s: &str, what: &str| s.parse::<u64>().map_err(|_| format!("bad {what}: {s}"));
    let positions = number(positions, "POSITIONS")?;
    let ref_rounds = u32::try_from(number(ref_rounds, "REF_ROUNDS")?).map_err(|e| e.to_string())?;
    let ref_keep = usize::try_from(number(ref_keep, "REF_KEEP")?).map_err(|e| e.to_string())?;
    if ref_greedy && ref_keep != 0 {
        return Err("REF_POLICY greedy values every placement: REF_KEEP 0".into());
    }
    // Losses a move: expectimax's, then each setting's (then, REF_KEEP 0, the greedy player's).
    let mut losses: Vec<Vec<f64>> = Vec::new();
    for p in 0..positions {
        let mut r = rng::stream(7, p);
        let deck = shuffled_deck(&mut r);
        let k = rng::index(&mut r, CELLS - 2);
        let mut game = PokerSquares::new(system);
        let mut best = RolloutPlayer::new(&values, Budget::Iterations(200), &NoClock)
            .with_candidates(3)
            .with_control_variate()
            .with_guard(2.0);
        best.start_game(&system);
        let mut best_rng = rng::stream(3000 + p, 0);
        for &card in deck.iter().take(k) {
            game.draw(card).map_err(|e| e.to_string())?;
            let c = match played_by {
                "best" => best
                    .place(&game, &mut best_rng)
                    .map_err(|e| format!("{e:?}"))?,
                "greedy" => learned_cell(&values, &game).ok_or("no placement")?,
                "rules" => rule_cell(&game).ok_or("no placement")?,
                _ => expectimax_cell(&values, &game, Lookahead::OneCard).ok_or("no placement")?,
            };
            game.place(c).map_err(|e| e.to_string())?;
        }
        game.draw(deck[k]).map_err(|e| e.to_string())?;
        let reference = RolloutPlayer::new(&values, Budget::Iterations(ref_rounds), &NoClock)
            .with_candidates(ref_keep);
        let found = if ref_greedy {
            reference
        } else {
            reference.with_control_variate()
        }
        .rollouts(&game, &mut rng::stream(1000 + p, 0))
        .ok_or("no card drawn")?;
        if found.rounds() == 0 {
            continue;
        }
        let q = |cell: usize| {
            found
                .cells()
                .iter()
                .position(|&c| c == cell)
                .and_then(|i| found.mean(i))
        };
        let top = (0..found.cells().len())
            .filter_map(|i| found.mean(i))
            .fold(f64::MIN, f64::max);
        let expectimax =
            expectimax_cell(&values, &game, Lookahead::OneCard).ok_or("no placement")?;
        let mut row = vec![top - q(expectimax).ok_or("expectimax's cell not a candidate")?];
        for (j, &(rounds, keep, guard)) in SETTINGS.iter().enumerate() {
            let mut player = RolloutPlayer::new(&values, Budget::Iterations(rounds), &NoClock)
                .with_candidates(keep)
                .with_control_variate();
            if let Some(z) = guard {
                player = player.with_guard(z);
            }
            player.start_game(&system);
            let cell = player
                .place(&game, &mut rng::stream(2000 + p, j as u64))
                .map_err(|e| format!("{e:?}"))?;
            // A setting keeps at most the reference's candidates, ranked alike.
            row.push(top - q(cell).ok_or("a setting chose outside the reference's candidates")?);
        }
        if ref_keep == 0 {
            let greedy = learned_cell(&values, &game).ok_or("no placement")?;
            row.push(top - q(greedy).ok_or("the greedy cell not a candidate")?);
        }
        let cells: Vec<String> = row.iter().map(|l| format!("{l:.2}")).collect();
        println!("{p} k{k} {}", cells.join(" "));
        losses.push(row);
    }
    let n = losses.len() as f64;
    println!(
        "{} positions; loss a game (25 moves), and its difference from the first setting's",
        losses.len()
    );
    let interval = |xs: &mut dyn Iterator<Item = f64>| {
        let v: Vec<f64> = xs.map(|x| 25.0 * x).collect();
        let m = v.iter().sum::<f64>() / n;
        let sd = (v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0)).sqrt();
        (m, 1.96 * sd / n.sqrt())
    };
    let columns = losses.first().map_or(0, Vec::len);
    for j in 0..columns {
        let name = match j.checked_sub(1).and_then(|i| SETTINGS.get(i)) {
            None if j > 0 => "greedy".to_string(),
            None => "expectimax".to_string(),
            Some((rounds, keep, guard)) => format!(
                "{rounds} rounds, {keep} candidates, {}",
                guard.map_or("unguarded".to_string(), |z| format!("guard {z}"))
            ),
        };
        let (m, h) = interval(&mut losses.iter().map(|r| r[j]));
        let (d, dh) = interval(&mut losses.iter().map(|r| r[j] - r[1]));
        println!("{name:>36}: {m:7.2} +- {h:5.2}   {d:+7.2} +- {dh:5.2}");
    }
    if columns > SETTINGS.len() + 1 {
        let last = SETTINGS.len() + 1;
        let (d, dh) = interval(&mut losses.iter().map(|r| r[last] - r[0]));
        println!("greedy's loss less expectimax's: {d:+.2} +- {dh:.2} a game");
    }
    Ok(())
}
