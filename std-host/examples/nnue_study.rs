//! Does a hidden layer on the whole-grid network help? A study, not a player cardtree ships.
//!
//! The network of `core/src/poker_squares/net.rs` is linear: one weight per feature. Here the
//! same sparse features also feed a hidden layer of `HIDDEN` rectified units (the
//! accumulator design of Nasu, "Efficiently Updatable Neural-Network-based Evaluation
//! Functions for Computer Shogi", 2018: a sum of one weight row per active feature), whose
//! weighted sum is added to the linear value. The linear part starts at the shipped American
//! network's weights and the output weights at zero, so training starts from that network's
//! play; everything is then trained by TD(lambda) on afterstates, online (each self-played
//! game updates the weights at its end), 5 % random placements, the step size falling
//! linearly from `LR_START` to `LR_END`. Every `EVERY` games the greedy player plays the
//! 2,000 games of seed 1 (those of `cardtree pps play --seed 1`); at the end expectimax over
//! the next card plays the first `EXPECTIMAX_GAMES` of them and their scores go to
//! `OUT.ex.txt` as `pps play --per-game` writes them (`game,score` lines), to pair with such
//! files by `std-host/results/pps/prior-mix/pair.py`. The greedy player's and expectimax's
//! times a game are printed with their means.
//! The weights go to `OUT` (little-endian `f32`: linear, hidden rows, hidden biases, output
//! weights, output bias); `INIT` resumes from such a file. Host `f32`, single-threaded.
//! With `NET=FILE` in the environment the linear part starts at that network (a file of
//! `cardtree pps train --net`) instead, and the study plays its point system.
//!
//! `cargo run --release -p cardtree-host --example nnue_study -- GAMES HIDDEN LR_START LR_END
//! LAMBDA EVERY EXPECTIMAX_GAMES OUT [INIT]`
//!
//! `cargo run --release -p cardtree-host --example nnue_study -- rollout HIDDEN WEIGHTS FIRST
//! GAMES ROUNDS CANDIDATES` plays games FIRST.. of seed 1 (those of `cardtree pps play --seed
//! 1`) with the core's rollout player (`core/src/poker_squares/rollout_player.rs`) on the
//! network in WEIGHTS: ROUNDS rounds a move over the CANDIDATES placements of highest
//! afterstate value, each played out by the greedy player on the network, unguarded, without
//! the control variate (it needs expectimax playouts). Each game's `game,score` line is
//! printed as it ends, then the mean and the time a game.
//!
//! `cargo run --release -p cardtree-host --example nnue_study -- expectimax HIDDEN WEIGHTS FIRST
//! GAMES` plays games FIRST.. of seed 1 by expectimax over the next card on that network and
//! prints their `game,score` lines, then the mean and the time a game.
use cardtree::poker_squares::{
    AMERICAN_NET, Budget, CELLS, Features, Grid, Lines, Lookahead, NET_WEIGHTS, Net, PointSystem,
    PokerSquares, RolloutPlayer, Valuation, Weights, distinct_best, expectimax_cell, play_game,
    shuffled_deck,
};
use cardtree::rng::{self, Xoshiro256PlusPlus};
use cardtree::search::NoClock;
use cardtree::{Card, Cards};

/// Millionths of self-played placements made at random.
const EXPLORE_PPM: u64 = 50_000;
/// Errors beyond this many points move the weights as this many would.
const CLIP: f64 = 60.0;
/// Games of the greedy curve.
const CURVE_GAMES: u64 = 2000;

struct Study {
    system: PointSystem,
    hidden: usize,
    linear: Vec<f32>,
    rows: Vec<f32>,
    bias: Vec<f32>,
    out: Vec<f32>,
    out_bias: f32,
}

impl Study {
    /// The study's starting network: the linear weights of the network file named by `NET`
    /// in the environment (else the shipped American network's), small random hidden rows
    /// (seed 12345), output weights 0.
    fn new(hidden: usize) -> Result<Study, String> {
        let file = match std::env::var_os("NET") {
            Some(path) => Some(std::fs::read(&path).map_err(|e| format!("{path:?}: {e}"))?),
            None => None,
        };
        let net = Net::parse(file.as_deref().unwrap_or(AMERICAN_NET)).map_err(|e| e.to_string())?;
        let mut r = rng::seeded(12345);
        Ok(Study {
            system: *net.system(),
            hidden,
            linear: (0..NET_WEIGHTS).map(|i| net.weight(i)).collect(),
            rows: (0..NET_WEIGHTS * hidden)
                .map(|_| (rng::below(&mut r, 2001) as f32 - 1000.0) / 10_000.0)
                .collect(),
            bias: vec![0.1; hidden],
            out: vec![0.0; hidden],
            out_bias: 0.0,
        })
    }

    fn accumulate(&self, f: &Features) -> Vec<f32> {
        let mut a = self.bias.clone();
        for &i in f.indices() {
            let at = i as usize * self.hidden;
            if let Some(row) = self.rows.get(at..at + self.hidden) {
                for (x, w) in a.iter_mut().zip(row) {
                    *x += w;
                }
            }
        }
        a
    }

    fn eval(&self, f: &Features) -> f64 {
        let a = self.accumulate(f);
        let linear = f.indices().iter().fold(0.0, |v, &i| {
            v + f64::from(self.linear.get(i as usize).copied().unwrap_or(0.0))
        });
        let hidden: f32 = a.iter().zip(&self.out).map(|(x, w)| w * x.max(0.0)).sum();
        f.fixed + f64::from(self.out_bias) + linear + f64::from(hidden)
    }

    /// One step of the error `delta` of the afterstate with features `f`.
    fn learn(&mut self, f: &Features, delta: f64, lr: f32) {
        let d = delta.clamp(-CLIP, CLIP) as f32;
        let a = self.accumulate(f);
        let n = f.indices().len().max(1) as f32;
        for &i in f.indices() {
            if let Some(w) = self.linear.get_mut(i as usize) {
                *w += lr * d / n;
            }
        }
        self.out_bias += lr * d * 0.01;
        let grad: Vec<f32> = a
            .iter()
            .zip(&self.out)
            .map(|(&x, &w)| if x > 0.0 { d * w } else { 0.0 })
            .collect();
        for (w, &x) in self.out.iter_mut().zip(&a) {
            *w += lr * d * x.max(0.0);
        }
        for &i in f.indices() {
            let at = i as usize * self.hidden;
            if let Some(row) = self.rows.get_mut(at..at + self.hidden) {
                for (w, g) in row.iter_mut().zip(&grad) {
                    *w += lr * g;
                }
            }
        }
        for (b, g) in self.bias.iter_mut().zip(&grad) {
            *b += lr * g;
        }
    }

    fn value(&self, lines: &Lines) -> f64 {
        self.eval(&Features::of(lines, &self.system))
    }

    /// The greedy placement: one cell of each class the score cannot tell apart.
    fn greedy(&self, lines: &Lines, card: Card) -> Option<(usize, f64)> {
        distinct_best(self, lines, card)
    }

    fn weights(&mut self) -> impl Iterator<Item = &mut f32> {
        self.linear
            .iter_mut()
            .chain(self.rows.iter_mut())
            .chain(self.bias.iter_mut())
            .chain(self.out.iter_mut())
            .chain(core::iter::once(&mut self.out_bias))
    }
}

impl Valuation for Study {
    fn system(&self) -> &PointSystem {
        &self.system
    }
    fn afterstate(&self, lines: &Lines) -> f64 {
        self.value(lines)
    }
    fn best_placement(&self, lines: &Lines, card: Card) -> Option<(usize, f64)> {
        self.greedy(lines, card)
    }
}

/// One self-played game, then TD(lambda) on its afterstates; its score.
fn self_play(s: &mut Study, r: &mut Xoshiro256PlusPlus, lambda: f64, lr: f32) -> i64 {
    let deal = shuffled_deck(r);
    let mut lines = Lines::of(&Grid::EMPTY, Cards::ALL);
    let mut after: Vec<(Features, f64)> = Vec::with_capacity(CELLS);
    for &card in deal.iter().take(CELLS) {
        lines.draw(card);
        let cell = if rng::below(r, 1_000_000) < EXPLORE_PPM {
            let free = lines.free_mask();
            let mut m = free;
            for _ in 0..rng::below(r, u64::from(free.count_ones())) {
                m &= m - 1;
            }
            Some(m.trailing_zeros() as usize)
        } else {
            s.greedy(&lines, card).map(|(c, _)| c)
        };
        let Some(cell) = cell else { break };
        lines.place(cell, card);
        let f = Features::of(&lines, &s.system);
        let v = s.eval(&f);
        after.push((f, v));
    }
    let score = lines.score(&s.system);
    let (mut ret, mut next) = (score as f64, score as f64);
    for (f, v) in after.iter().rev().skip(1) {
        ret = (1.0 - lambda) * next + lambda * ret;
        s.learn(f, ret - v, lr);
        next = *v;
    }
    score
}

fn greedy_mean(s: &Study, games: u64) -> f64 {
    let mut total = 0i64;
    for g in 0..games {
        let deal = shuffled_deck(&mut rng::stream(1, g));
        let mut lines = Lines::of(&Grid::EMPTY, Cards::ALL);
        for &card in deal.iter().take(CELLS) {
            lines.draw(card);
            if let Some((c, _)) = s.greedy(&lines, card) {
                lines.place(c, card);
            }
        }
        total += lines.score(&s.system);
    }
    total as f64 / games as f64
}

/// Expectimax over the next card on `s` plays games `games` of seed 1; their scores.
fn expectimax_scores(s: &Study, games: std::ops::Range<u64>) -> Result<Vec<i64>, String> {
    let mut out = Vec::new();
    for g in games {
        let deal = shuffled_deck(&mut rng::stream(1, g));
        let mut game = PokerSquares::new(s.system);
        for &card in deal.iter().take(CELLS) {
            game.draw(card).map_err(|e| e.to_string())?;
            let c = expectimax_cell(s, &game, Lookahead::OneCard).ok_or("no placement")?;
            game.place(c).map_err(|e| e.to_string())?;
        }
        out.push(game.grid().score(&s.system));
    }
    Ok(out)
}

fn save(s: &mut Study, path: &str) -> Result<(), String> {
    let bytes: Vec<u8> = s.weights().flat_map(|w| w.to_le_bytes()).collect();
    write_whole(path, &bytes)
}

/// Writes `bytes` to `path` whole or not at all (a temporary file beside it, then renamed).
fn write_whole(path: &str, bytes: &[u8]) -> Result<(), String> {
    let tmp = format!("{path}.partial");
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{path}: {e}"))
}

/// The study of `hidden` units with the weights of the file `path` (the `rollout` and
/// `expectimax` modes).
fn trained(hidden: u64, path: &str) -> Result<Study, String> {
    let mut s = Study::new(hidden as usize)?;
    load(&mut s, path)?;
    Ok(s)
}

fn load(s: &mut Study, path: &str) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let mut words = bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
    for w in s.weights() {
        *w = words
            .next()
            .ok_or(format!("{path}: shorter than this HIDDEN's weights"))?;
    }
    if words.next().is_some() {
        return Err(format!("{path}: longer than this HIDDEN's weights"));
    }
    Ok(())
}

/// The `rollout` mode: games `first..first + games` of seed 1 by rollouts on `s`.
fn rollout_games(
    s: &Study,
    first: u64,
    games: u64,
    rounds: u32,
    keep: usize,
) -> Result<(), String> {
    let start = std::time::Instant::now();
    let mut total = 0i64;
    println!("game,score");
    for g in first..first + games {
        let mut player =
            RolloutPlayer::new(s, Budget::Iterations(rounds), &NoClock).with_candidates(keep);
        let grid = play_game(&mut player, &s.system, &mut rng::stream(1, g))
            .map_err(|e| format!("game {g}: {e:?}"))?;
        let score = grid.score(&s.system);
        total += score;
        println!("{g},{score}");
    }
    println!(
        "# mean {:.2} over {games} games, {:.2} s a game",
        total as f64 / games.max(1) as f64,
        start.elapsed().as_secs_f64() / games.max(1) as f64
    );
    Ok(())
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let int = |s: &str| s.parse::<u64>().map_err(|_| format!("not a count: {s}"));
    if let [mode, hidden, weights, first, games, rounds, keep] = args.as_slice()
        && mode == "rollout"
    {
        let s = trained(int(hidden)?, weights)?;
        let rounds = u32::try_from(int(rounds)?).map_err(|_| "ROUNDS: too many".to_string())?;
        let (first, games) = (int(first)?, int(games)?);
        first.checked_add(games).ok_or("FIRST + GAMES: too many")?;
        return rollout_games(&s, first, games, rounds, int(keep)? as usize);
    }
    if let [mode, hidden, weights, first, games] = args.as_slice()
        && mode == "expectimax"
    {
        let s = trained(int(hidden)?, weights)?;
        let (first, games) = (int(first)?, int(games)?);
        let end = first.checked_add(games).ok_or("FIRST + GAMES: too many")?;
        let start = std::time::Instant::now();
        let scores = expectimax_scores(&s, first..end)?;
        println!("game,score");
        for (g, score) in (first..end).zip(&scores) {
            println!("{g},{score}");
        }
        println!(
            "# mean {:.2} over {games} games, {:.1} ms a game",
            scores.iter().sum::<i64>() as f64 / games.max(1) as f64,
            start.elapsed().as_secs_f64() * 1e3 / games.max(1) as f64
        );
        return Ok(());
    }
    let [games, hidden, lr0, lr1, lambda, every, ex, out, rest @ ..] = args.as_slice() else {
        return Err(
            "usage: nnue_study GAMES HIDDEN LR_START LR_END LAMBDA EVERY \
                    EXPECTIMAX_GAMES OUT [INIT]"
                .into(),
        );
    };
    let real = |s: &str| s.parse::<f64>().map_err(|_| format!("not a number: {s}"));
    let (games, hidden, every, ex) = (int(games)?, int(hidden)? as usize, int(every)?, int(ex)?);
    let (lr0, lr1, lambda) = (real(lr0)?, real(lr1)?, real(lambda)?);
    let mut s = Study::new(hidden)?;
    if let Some(init) = rest.first() {
        load(&mut s, init)?;
    }
    let start = std::time::Instant::now();
    let greedy = greedy_mean(&s, CURVE_GAMES);
    println!(
        "hidden {hidden}: greedy {greedy:.2} ({:.3} ms a game)",
        start.elapsed().as_secs_f64() * 1e3 / CURVE_GAMES as f64
    );
    let mut sum = 0i64;
    for g in 0..games {
        let lr = (lr0 + (lr1 - lr0) * g as f64 / games as f64) as f32;
        sum += self_play(&mut s, &mut rng::stream(99, g), lambda, lr);
        if every > 0 && (g + 1) % every == 0 {
            println!(
                "{} games, {:.0} s: step {lr:.6}, self-play mean {:.2}, greedy {:.2}",
                g + 1,
                start.elapsed().as_secs_f64(),
                sum as f64 / every as f64,
                greedy_mean(&s, CURVE_GAMES)
            );
            sum = 0;
            save(&mut s, out)?;
        }
    }
    save(&mut s, out)?;
    if ex > 0 {
        let timer = std::time::Instant::now();
        let scores = expectimax_scores(&s, 0..ex)?;
        let mean = scores.iter().sum::<i64>() as f64 / scores.len() as f64;
        println!(
            "expectimax over the next card: {mean:.2} over {ex} games ({:.1} ms a game; {:.0} s in all)",
            timer.elapsed().as_secs_f64() * 1e3 / ex as f64,
            start.elapsed().as_secs_f64()
        );
        let mut text = String::from("game,score\n");
        for (g, score) in scores.iter().enumerate() {
            text.push_str(&format!("{g},{score}\n"));
        }
        let path = format!("{out}.ex.txt");
        write_whole(&path, text.as_bytes())?;
    }
    Ok(())
}
