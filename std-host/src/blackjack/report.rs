//! `cardtree blackjack play`: the run of paired hands ([`crate::blackjack::play`]) and what
//! it prints, as text or as one JSON object.

use std::fmt::Write as _;
use web_time::Instant;

use cardtree::blackjack::{MctsConfig, Rollout};
use cardtree::search::Exploration;
use serde::Serialize;

use crate::blackjack::play::{BlackjackPlayer, PlayOptions, play_parallel};
use crate::error::Error;
use crate::workers::Stop;

/// The JSON of `cardtree blackjack play` (keys in alphabetical order, as it always had).
#[derive(Serialize)]
struct PlayJson {
    player: &'static str,
    shoe: &'static str,
    decks: u16,
    hands: u64,
    seed: u64,
    mean: f64,
    ci95: [f64; 2],
    decisions: u64,
    seconds: f64,
    decisions_per_second: f64,
    /// MCTS's settings, beside the rest (for the MCTS player only).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    mcts: Option<MctsJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    regret: Option<RegretJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    vs: Option<VsJson>,
}

/// The MCTS player's settings.
#[derive(Serialize)]
struct MctsJson {
    iterations: u32,
    c: f64,
    closed_loop: bool,
    basic_rollout: bool,
    unprune_after: u32,
}

/// The exact regret against the optimal player, a hand.
#[derive(Serialize)]
struct RegretJson {
    mean: f64,
    ci95: [f64; 2],
}

/// The second player on the same cards.
#[derive(Serialize)]
struct VsJson {
    player: &'static str,
    mean: f64,
    paired_difference: f64,
    paired_difference_ci95: [f64; 2],
}

/// Mean and the half-width of its 95 % interval ([`crate::stats::summary`]).
fn mean_interval(values: &[f64]) -> (f64, f64) {
    let (mean, _, half) = crate::stats::summary(values);
    (mean, half)
}

/// `cardtree blackjack play`: paired hands of the player (and of `vs` on the same cards),
/// reported where `output` says.
pub fn command(o: &PlayOptions, output: &crate::output::Output) -> Result<(), Error> {
    output.emit(&play(o, mcts_config(o)?, output.json, Stop::never())?)
}

/// What `cardtree blackjack play --json` prints for `o` (without writing `o.dump`'s file
/// unless it names one); [`Error::Stopped`] once `stop` is raised.
pub fn json(o: &PlayOptions, stop: &Stop) -> Result<String, Error> {
    play(o, mcts_config(o)?, true, stop)
}

/// The MCTS player's configuration of `o`.
fn mcts_config(o: &PlayOptions) -> Result<MctsConfig, Error> {
    // The paper's `C` in `mean + C sqrt(ln N / n)`: the canonical constant.
    let exploration = Exploration::new(o.c).ok_or_else(|| {
        invalid!(
            "c: {} is not a finite number at least 0 (the UCB exploration constant)",
            o.c
        )
    })?;
    let mcts = MctsConfig {
        iterations: o.iterations,
        exploration,
        closed_loop: o.closed_loop,
        rollout: if o.basic_rollout {
            Rollout::Basic(crate::blackjack::strategy::chart_for(o.rules)?)
        } else {
            Rollout::HitBelow17
        },
        unprune_after: o.unprune_after,
    };
    Ok(mcts)
}

/// The report of `cardtree blackjack play` as text or JSON.
fn play(o: &PlayOptions, mcts: MctsConfig, as_json: bool, stop: &Stop) -> Result<String, Error> {
    let PlayOptions {
        rules,
        player: kind,
        vs,
        shoe: preset,
        hands,
        seed,
        threads,
        ref dump,
        audit,
        ..
    } = *o;
    rules.validate().map_err(Error::from)?;
    let start = Instant::now();
    let played = play_parallel(kind, rules, mcts, preset, seed, hands, threads, audit, stop)?;
    let (values, decisions) = (&played.values, played.decisions);
    let seconds = start.elapsed().as_secs_f64();
    if let Some(path) = dump.as_deref() {
        let text: String = values.iter().map(|v| format!("{v}\n")).collect();
        crate::output::write_atomic(path, text.as_bytes()).map_err(|e| Error::write(path, e))?;
    }
    let (mean, half) = mean_interval(values);
    let mcts_json = (kind == BlackjackPlayer::Mcts).then(|| MctsJson {
        iterations: mcts.iterations,
        c: mcts.exploration.constant(),
        closed_loop: mcts.closed_loop,
        basic_rollout: matches!(mcts.rollout, Rollout::Basic(_)),
        unprune_after: mcts.unprune_after,
    });
    let mut out = PlayJson {
        player: kind.name(),
        shoe: preset.name(),
        decks: rules.decks,
        hands,
        seed,
        mean,
        ci95: [mean - half, mean + half],
        decisions,
        seconds,
        decisions_per_second: decisions as f64 / seconds.max(1e-9),
        mcts: mcts_json,
        regret: None,
        vs: None,
    };
    let mut text = format!(
        "{} on {} ({} decks), {} hands, seed {}: mean return {:+.5} bets per hand, 95 % interval [{:+.5}, {:+.5}]; {} decisions, {:.0} decisions/s\n",
        kind.name(),
        preset.name(),
        rules.decks,
        hands,
        seed,
        mean,
        mean - half,
        mean + half,
        decisions,
        decisions as f64 / seconds.max(1e-9)
    );
    if audit {
        let (r, rh) = mean_interval(&played.regrets);
        out.regret = Some(RegretJson {
            mean: r,
            ci95: [r - rh, r + rh],
        });
        let _ = writeln!(
            text,
            "exact regret against the optimal player: {r:.6} bets per hand, 95 % interval [{:.6}, {:.6}]",
            r - rh,
            r + rh
        );
    }
    if let Some(other) = vs {
        let theirs = play_parallel(
            other, rules, mcts, preset, seed, hands, threads, false, stop,
        )?
        .values;
        let diff: Vec<f64> = values.iter().zip(&theirs).map(|(a, b)| a - b).collect();
        let (m2, _) = mean_interval(&theirs);
        let (d, dh) = mean_interval(&diff);
        out.vs = Some(VsJson {
            player: other.name(),
            mean: m2,
            paired_difference: d,
            paired_difference_ci95: [d - dh, d + dh],
        });
        let _ = writeln!(
            text,
            "{} on the same cards: {:+.5}; paired difference {} - {} = {:+.5}, 95 % interval [{:+.5}, {:+.5}]",
            other.name(),
            m2,
            kind.name(),
            other.name(),
            d,
            d - dh,
            d + dh
        );
    }
    if as_json {
        crate::json::sorted_line(&out)
    } else {
        Ok(text)
    }
}
