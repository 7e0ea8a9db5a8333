//! `cardtree pps train --net`: temporal-difference learning of a whole-grid network
//! ([`cardtree::poker_squares::Net`]) by self-play, into a network file.
//!
//! Training runs in batches. Batch `k` plays games `k B .. (k + 1) B`, game `g` from
//! `rng::stream(seed, g)`, each placing greedily on the weights as they were after batch
//! `k - 1` (with exploration); then every game's updates are applied in game order, each
//! afterstate's weights moved by `alpha / features` times its lambda-return's error. So the
//! weights depend on the seed and the parameters only, not on the threads or on stops: the
//! file is rewritten whole after a batch now and then, and a run given the same file resumes
//! after its last batch. Every `eval_every` games the greedy player plays `EVAL_GAMES` games
//! of its own seed without exploration: the learning curve ([`super::net_curve`]), kept in
//! the file's header.

use crate::error::{Context, Error};
use std::fmt::Write as _;
use std::path::Path;

use cardtree::poker_squares::{
    AbstractHand, Features, LearnedValues, NET_HEADER, NET_WEIGHTS, Net, PointSystem, TdConfig,
    Teacher, committed_values, net_self_play,
};
use cardtree::rng;

use super::net_curve::{EVAL_GAMES, curve_svg, evaluate};
use crate::output::write_atomic;
use crate::progress::Bar;
use crate::workers;

/// How a network is trained.
#[derive(Clone, Debug, PartialEq)]
pub struct NetTraining {
    /// The point system, as given to `--system`.
    pub system_text: String,
    /// Games to have played in all (rounded up to whole batches).
    pub games: u64,
    /// Seed of the games.
    pub seed: u64,
    /// Games per batch, played on the weights of the batches before.
    pub batch: u64,
    /// Step size: each afterstate's error times `alpha`, shared among its features.
    pub alpha: f64,
    /// lambda of TD(lambda), in millionths.
    pub lambda_ppm: u32,
    /// Millionths of placements made at random.
    pub explore_ppm: u32,
    /// How the games are played: greedily on the network, or by expectimax over the next
    /// card on the shipped per-line table.
    pub teacher: Teacher,
    /// Games between two points of the learning curve (0: none).
    pub eval_every: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Whether to draw a progress bar.
    pub progress: bool,
}

/// A network being trained: its weights, the games behind them and the learning curve.
#[derive(Clone, Debug, PartialEq)]
pub struct Trainee {
    /// The weights, [`NET_WEIGHTS`] of them.
    pub weights: Vec<f32>,
    /// Games played into them.
    pub games: u64,
    /// (games, mean greedy score over [`EVAL_GAMES`]) points.
    pub curve: Vec<(u64, f64)>,
}

impl Trainee {
    /// Fresh weights: the line features start at the per-line table of the system (its
    /// values are each line's expected final score), everything else at 0. The table is the
    /// shipped one, or for a system cardtree ships none for the one `pps play --player best`
    /// learns ([`Training::unshipped`](crate::pps::train::Training::unshipped): 1,000,000
    /// games, about 10 s on two threads). From all-zero weights the greedy player learns
    /// far worse: under random:42 it scored 334 after 500,000 games of TD, where greedy on the
    /// learned table scores 632 (the curve's 2,000 games).
    fn fresh(t: &NetTraining, system: &PointSystem) -> Result<Trainee, Error> {
        let table = match committed_values(system) {
            Some(text) => LearnedValues::parse(text).map_err(|e| invalid!("shipped table: {e}"))?,
            None => {
                (*crate::pps::tables::unshipped(system, &t.system_text, t.threads, t.progress)?)
                    .clone()
            }
        };
        let mut weights = vec![0.0f32; NET_WEIGHTS];
        for (i, w) in weights.iter_mut().enumerate().take(AbstractHand::COUNT) {
            if let Some(s) = AbstractHand::from_index(i) {
                *w = table.value(s) as f32;
            }
        }
        Ok(Trainee {
            weights,
            games: 0,
            curve: Vec::new(),
        })
    }
}

/// The line of the file that records how it was trained (checked when resuming).
fn provenance(t: &NetTraining) -> String {
    format!(
        "# trained: system {} seed {} batch {} alpha {} lambda-ppm {} explore-ppm {} teacher {}",
        t.system_text, t.seed, t.batch, t.alpha, t.lambda_ppm, t.explore_ppm, t.teacher
    )
}

/// The network file of `net`.
fn net_bytes(t: &NetTraining, system: &PointSystem, net: &Trainee) -> Vec<u8> {
    let mut text = format!("{NET_HEADER}\n{}\n", provenance(t));
    let _ = writeln!(
        text,
        "# command: cardtree pps train --net --system {} --games {} --seed {} --batch {} --alpha {} --lambda-ppm {} --explore-ppm {} --teacher {} --out FILE",
        t.system_text, net.games, t.seed, t.batch, t.alpha, t.lambda_ppm, t.explore_ppm, t.teacher
    );
    for (g, m) in &net.curve {
        let _ = writeln!(text, "# curve {g} {m:.3}");
    }
    let scores: Vec<String> = system.scores().iter().map(i32::to_string).collect();
    let _ = writeln!(text, "system {}", scores.join(" "));
    let _ = writeln!(text, "games {}", net.games);
    let _ = writeln!(text, "weights {NET_WEIGHTS}");
    let mut bytes = text.into_bytes();
    for w in &net.weights {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    bytes
}

/// Reads a network file written by [`train`] to resume it.
fn resume(t: &NetTraining, system: &PointSystem, bytes: &[u8]) -> Result<Trainee, Error> {
    let net = Net::parse(bytes).map_err(|e| invalid!("{e}"))?;
    let header = String::from_utf8_lossy(bytes.get(..bytes.len() - NET_WEIGHTS * 4).unwrap_or(&[]));
    if !header.lines().any(|l| l.trim() == provenance(t)) {
        return Err(invalid!(
            "the file was trained otherwise (wanted `{}`); give another file",
            provenance(t)
        ));
    }
    if net.system() != system {
        return Err(invalid!("the file is for another point system"));
    }
    if !net.games().is_multiple_of(t.batch) {
        return Err(invalid!(
            "the file holds {} games, not whole batches of {}",
            net.games(),
            t.batch
        ));
    }
    let curve = header
        .lines()
        .filter_map(|l| l.strip_prefix("# curve "))
        .filter_map(|l| {
            let (g, m) = l.split_once(' ')?;
            Some((g.parse().ok()?, m.parse().ok()?))
        })
        .collect();
    Ok(Trainee {
        weights: (0..NET_WEIGHTS)
            .map(|i| cardtree::poker_squares::Weights::weight(&net, i))
            .collect(),
        games: net.games(),
        curve,
    })
}

/// Parses and checks the training parameters: the point system.
fn check(t: &NetTraining) -> Result<PointSystem, Error> {
    let system: PointSystem = t.system_text.parse().context("bad --system")?;
    if t.batch == 0 || t.batch > t.games {
        return Err(invalid!(
            "--batch {} must be at least 1 and at most --games {}",
            t.batch,
            t.games
        ));
    }
    if !(t.alpha.is_finite() && t.alpha > 0.0 && t.alpha <= 1.0) {
        return Err(invalid!(
            "--alpha {} must be above 0 and at most 1",
            t.alpha
        ));
    }
    if t.explore_ppm > 1_000_000 || t.lambda_ppm > 1_000_000 {
        return Err(invalid!(
            "--explore-ppm and --lambda-ppm are at most 1000000"
        ));
    }
    Ok(system)
}

/// Plays batches onto `net` until it holds `t.games` games (whole batches), calling
/// `checkpoint` now and then and at the end.
fn learn(
    t: &NetTraining,
    system: &PointSystem,
    net: &mut Trainee,
    mut checkpoint: impl FnMut(&Trainee) -> Result<(), Error>,
) -> Result<Option<f64>, Error> {
    let target = t.games.div_ceil(t.batch) * t.batch;
    let bar = Bar::new(
        usize::try_from(target.saturating_sub(net.games)).unwrap_or(usize::MAX),
        t.progress,
        "games",
    );
    let table = match t.teacher {
        Teacher::Greedy => None,
        Teacher::Expectimax => {
            let text = committed_values(system).ok_or_else(|| {
                invalid!(
                    "--teacher expectimax plays on the per-line table cardtree ships, and it ships none for --system {}",
                    t.system_text
                )
            })?;
            Some(LearnedValues::parse(text).map_err(|e| invalid!("shipped table: {e}"))?)
        }
    };
    let config = TdConfig {
        lambda_ppm: t.lambda_ppm,
        explore_ppm: t.explore_ppm,
        teacher: table.as_ref(),
    };
    const CHUNK: u64 = 50;
    let mut last_write = web_time::Instant::now();
    let mut last_batch_mean = None;
    if t.eval_every > 0 && net.curve.is_empty() {
        net.curve
            .push((net.games, evaluate(&net.weights, system, t.threads)));
    }
    while net.games < target {
        let first = net.games;
        let chunks: Vec<(u64, u64)> = (first..first + t.batch)
            .step_by(CHUNK as usize)
            .map(|g| (g, (g + CHUNK).min(first + t.batch)))
            .collect();
        let on = Net::from_floats(*system, net.games, &net.weights);
        let parts = workers::map(
            &chunks,
            t.threads,
            || (),
            |(), &(from, to)| {
                let mut updates: Vec<(Features, f64)> = Vec::new();
                let mut total = 0i64;
                for g in from..to {
                    let mut r = rng::stream(t.seed, g);
                    total += net_self_play(&on, config, &mut r, |f, e| {
                        updates.push((*f, e));
                    });
                }
                bar.inc(to - from);
                Ok((updates, total))
            },
        );
        // Each weight moves by alpha times the mean, over its occurrences in the batch, of
        // the error shared by the afterstate's squared feature counts (normalised least
        // squares, per batch): a weight in every afterstate is not moved once per game.
        let mut num = vec![0.0f64; NET_WEIGHTS];
        let mut den = vec![0.0f64; NET_WEIGHTS];
        let mut total = 0i64;
        for part in parts {
            let (updates, sum) = part?;
            total += sum;
            for (f, error) in updates {
                let norm = squared_counts(f.indices());
                for &i in f.indices() {
                    if let (Some(n), Some(d)) = (num.get_mut(i as usize), den.get_mut(i as usize)) {
                        *n += error;
                        *d += norm;
                    }
                }
            }
        }
        for ((w, n), d) in net.weights.iter_mut().zip(&num).zip(&den) {
            if *d > 0.0 {
                *w += (t.alpha * n / d) as f32;
            }
        }
        net.games += t.batch;
        last_batch_mean = Some(total as f64 / t.batch as f64);
        let eval_due = t.eval_every > 0 && net.games / t.eval_every > first / t.eval_every;
        if eval_due {
            net.curve
                .push((net.games, evaluate(&net.weights, system, t.threads)));
        }
        if eval_due || net.games >= target || last_write.elapsed().as_secs() >= 60 {
            checkpoint(net)?;
            last_write = web_time::Instant::now();
        }
    }
    bar.finish_and_clear();
    Ok(last_batch_mean)
}

/// The sum of the squares of how often each index occurs in `indices`.
fn squared_counts(indices: &[u32]) -> f64 {
    let mut sorted = [0u32; cardtree::poker_squares::MAX_FEATURES];
    let n = indices.len().min(sorted.len());
    sorted[..n].copy_from_slice(&indices[..n]);
    let sorted = &mut sorted[..n];
    sorted.sort_unstable();
    sorted
        .chunk_by(|a, b| a == b)
        .map(|run| (run.len() * run.len()) as f64)
        .sum()
}

/// Trains (or resumes) the network in `out` until it holds `t.games` games.
pub fn train(t: &NetTraining, out: &Path) -> Result<Trainee, Error> {
    let system = check(t)?;
    let mut net = match std::fs::read(out) {
        Ok(bytes) => resume(t, &system, &bytes).with_context(|| format!("{}", out.display()))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Trainee::fresh(t, &system)?,
        Err(e) => return Err(Error::read(out, e)),
    };
    learn(t, &system, &mut net, |net| {
        write_atomic(out, &net_bytes(t, &system, net)).map_err(|e| Error::write(out, e))
    })?;
    Ok(net)
}

/// The learning curve's name in its plot.
fn series_name(t: &NetTraining) -> String {
    format!(
        "alpha {} lambda {} {}",
        t.alpha,
        f64::from(t.lambda_ppm) / 1e6,
        t.teacher
    )
}

/// `cardtree pps train --net`: [`train`], then the learning curve (printed, and drawn into
/// `plot` when given).
pub fn command(t: &NetTraining, out: &Path, plot: Option<&Path>) -> Result<String, Error> {
    crate::output::check_writable(out)?;
    if let Some(p) = plot {
        crate::output::check_writable(p)?;
    }
    let start = web_time::Instant::now();
    let net = train(t, out)?;
    if let Some(p) = plot {
        let svg = curve_svg(&t.system_text, &series_name(t), &net.curve);
        write_atomic(p, svg.as_bytes()).map_err(|e| Error::write(p, e))?;
    }
    let mut text = format!(
        "{}: {} games in {:.1} s\n",
        out.display(),
        net.games,
        start.elapsed().as_secs_f64()
    );
    for (g, m) in &net.curve {
        let _ = writeln!(
            text,
            "games {g}: greedy mean {m:.2} over {EVAL_GAMES} games"
        );
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pps::options::{PlayOptions, PlayerKind};

    fn training(games: u64, threads: usize) -> NetTraining {
        NetTraining {
            system_text: "american".to_string(),
            games,
            seed: 5,
            batch: 100,
            alpha: 0.05,
            lambda_ppm: 500_000,
            explore_ppm: 50_000,
            teacher: Teacher::Greedy,
            eval_every: 200,
            threads,
            progress: false,
        }
    }

    #[test]
    fn threads_and_stops_do_not_change_the_network() {
        let dir = std::env::temp_dir().join(format!("cardtree-net-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b) = (dir.join("a.net"), dir.join("b.net"));
        let whole = train(&training(400, 1), &a).unwrap();
        assert_eq!(whole.games, 400);
        // The learning curve: before training, and every 200 games.
        let points: Vec<u64> = whole.curve.iter().map(|&(g, _)| g).collect();
        assert_eq!(points, [0, 200, 400]);
        // Drawn as a line through those three points.
        let t = training(400, 1);
        let svg = curve_svg(&t.system_text, &series_name(&t), &whole.curve);
        assert!(
            svg.contains("<svg") && svg.contains("games trained"),
            "{svg}"
        );
        assert_eq!(svg.matches("<circle").count(), 3, "{svg}");
        // Stopped after 200 games, resumed on two threads.
        train(&training(200, 2), &b).unwrap();
        let rest = train(&training(400, 2), &b).unwrap();
        assert!(rest == whole, "the resumed run differs");
        assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
        // The file is a network the players read, trained from the shipped table.
        let bytes = std::fs::read(&a).unwrap();
        let net = Net::parse(&bytes).unwrap();
        assert_eq!((net.games(), *net.system()), (400, PointSystem::AMERICAN));
        // `pps play --net`: the learned and expectimax players play on it (a game each); a
        // player that takes no network refuses it; another system's network is refused.
        for player in [
            PlayerKind::Learned,
            PlayerKind::Expectimax,
            PlayerKind::Mcts,
        ] {
            let options = PlayOptions {
                player,
                net: Some(a.clone()),
                ..PlayOptions::default()
            };
            match options.resolve(1) {
                Ok(config) => {
                    let game = crate::pps::play::play_one(
                        &config,
                        1,
                        0,
                        &mut crate::heap_tree::heap_tree(1),
                    );
                    assert!(game.unwrap().score > 0, "{player}");
                }
                Err(e) => assert!(
                    player == PlayerKind::Mcts && e.to_string().contains("net: is for"),
                    "{e}"
                ),
            }
        }
        let british = PlayOptions {
            player: PlayerKind::Learned,
            system: "british".into(),
            net: Some(a.clone()),
            ..PlayOptions::default()
        };
        let err = british.resolve(1).unwrap_err().to_string();
        assert!(err.contains("another point system"), "{err}");
        // Other parameters are another run: refused, the file untouched.
        let other = NetTraining {
            alpha: 0.01,
            ..training(600, 1)
        };
        let err = train(&other, &a).unwrap_err().to_string();
        assert!(err.contains("trained otherwise"), "{err}");
        assert_eq!(std::fs::read(&a).unwrap(), bytes);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_shipped_networks_play_and_other_systems_have_none() {
        for system in ["american", "british"] {
            let options = PlayOptions {
                player: PlayerKind::Learned,
                system: system.into(),
                net: Some(crate::pps::play::SHIPPED_NET.into()),
                ..PlayOptions::default()
            };
            let config = options.resolve(1).unwrap();
            let net = Net::parse(config.net.as_deref().unwrap()).unwrap();
            assert_eq!(net.games(), 2_000_000);
            let game =
                crate::pps::play::play_one(&config, 1, 0, &mut crate::heap_tree::heap_tree(1));
            assert!(game.unwrap().score > 0, "{system}");
        }
        let other = PlayOptions {
            player: PlayerKind::Learned,
            system: "random:42".into(),
            net: Some(crate::pps::play::SHIPPED_NET.into()),
            ..PlayOptions::default()
        };
        let err = other.resolve(1).unwrap_err().to_string();
        assert!(
            err.contains("ships no network for --system random:42"),
            "{err}"
        );
    }

    #[test]
    fn an_expectimax_teacher_needs_a_shipped_table() {
        let t = NetTraining {
            system_text: "random:42".into(),
            teacher: Teacher::Expectimax,
            ..training(100, 1)
        };
        let out = std::env::temp_dir().join(format!("cardtree-net-t-{}", std::process::id()));
        let err = train(&t, &out).unwrap_err().to_string();
        assert!(err.contains("--teacher expectimax"), "{err}");
        assert!(!out.exists());
    }

    #[test]
    fn bad_parameters_are_refused_with_their_flag() {
        for (t, flag) in [
            (
                NetTraining {
                    alpha: 0.0,
                    ..training(100, 1)
                },
                "--alpha",
            ),
            (
                NetTraining {
                    alpha: f64::NAN,
                    ..training(100, 1)
                },
                "--alpha",
            ),
            (
                NetTraining {
                    batch: 0,
                    ..training(100, 1)
                },
                "--batch",
            ),
            (
                NetTraining {
                    lambda_ppm: 1_000_001,
                    ..training(100, 1)
                },
                "--lambda-ppm",
            ),
            (
                NetTraining {
                    system_text: "nope".into(),
                    ..training(100, 1)
                },
                "--system",
            ),
        ] {
            let err = check(&t).unwrap_err().to_string();
            assert!(err.contains(flag), "{err}");
        }
    }

    /// Trained from the shipped table, the greedy player stays near the table's own score
    /// (123.8 on the curve's games) at every point of the curve: a step that diverged (the
    /// first trainer's, before its updates were normalised per batch) fell to 15.
    #[test]
    fn training_does_not_collapse() {
        let dir = std::env::temp_dir().join(format!("cardtree-net-c-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let net = train(&training(2000, 0), &dir.join("c.net")).unwrap();
        for &(g, m) in &net.curve {
            assert!(m > 115.0, "games {g}: {m}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
