//! The single-dummy judge of a session: every card of every analysed board whose player had a
//! choice, valued over layouts of what its chooser could not see (the core's [`judge`]), on
//! all the pool's threads, with progress and a stop between cards.
//!
//! Card `i` of a board draws its layouts from the streams of a seed drawn from
//! `rng::stream(seed, i)`, so a card's judgement depends on the seed, the board
//! and its play alone: not on the threads, the other boards or their order.

use cardtree::bridge::{BridgePlay, Constraints, JudgeConfig, PlayView, Verdict, ViewError, judge};
use cardtree::rng;

pub use crate::bridge::analysis::{Analysis, CardJudgement, Judged};
use crate::bridge::played::PlayedBoard;
use crate::bridge::solver_pool::SolverPool;
use crate::progress::Bar;
use crate::workers::Stop;
use serde_json::json;

/// How the judge runs.
#[derive(Clone, Debug, PartialEq)]
pub struct SingleDummyOptions {
    /// Layouts a card. Default 100.
    pub samples: u32,
    /// The seed of every card's layouts. Default 1.
    pub seed: u64,
    /// What the auction says of each seat's whole hand, for every board. Default none.
    pub constraints: Constraints,
}

impl Default for SingleDummyOptions {
    fn default() -> Self {
        SingleDummyOptions {
            samples: 100,
            seed: 1,
            constraints: Constraints::default(),
        }
    }
}

/// The tricks from `position` on that the mover's side needs: to make the contract for
/// declarer's side, to beat it for the defence.
fn target(board: &PlayedBoard, position: &BridgePlay) -> Option<u8> {
    let d = board.declared?;
    let need = d.contract.tricks_needed();
    let ours = d.declarer.side();
    let mover = position.to_move().side();
    let theirs = cardtree::Side(1 - ours.0);
    Some(if mover == ours {
        need.saturating_sub(position.tricks_won(ours))
    } else {
        (14 - need).saturating_sub(position.tricks_won(theirs))
    })
}

/// The cards of `board` whose player had a choice: their indices in the play.
fn choices(board: &PlayedBoard) -> Vec<usize> {
    let Some(mut p) = board.start() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, &card) in board.play.iter().enumerate().take(52) {
        if p.legal().len() > 1 {
            out.push(i);
        }
        if p.play(card).is_err() {
            break;
        }
    }
    out
}

/// Judges card `index` of `board` (see the module docs for its seed).
pub fn judge_card(
    board: &PlayedBoard,
    index: usize,
    cost: u8,
    options: &SingleDummyOptions,
    table: &mut crate::bridge::table_memory::HostTable,
) -> Result<Judged, ViewError> {
    let start = board.start().ok_or(ViewError::NotOpeningLead)?;
    let played = board.play.get(..index).unwrap_or_default();
    let card = *board.play.get(index).ok_or(ViewError::HandOver)?;
    let view = PlayView::new(&start, played, options.constraints)?;
    let config = JudgeConfig {
        samples: options.samples,
        seed: rng::below(&mut rng::stream(options.seed, index as u64), u64::MAX),
        ..JudgeConfig::default()
    };
    let need = target(board, view.position()).unwrap_or(0);
    let judgement = judge(&view, need, &config, table)?;
    let loss = judgement.loss(card).unwrap_or(0.0);
    Ok(Judged {
        card,
        loss,
        verdict: Verdict::of(cost, loss),
        judgement,
    })
}

/// Judges card `k` of an analysed board (the page's door, one card a call) and keeps the
/// judgement in the analysis's `single` entries. `Ok(false)`, nothing kept: the board has no
/// review (no contract) or the card's player had no choice.
pub fn judge_analysed(
    a: &mut Analysis,
    k: usize,
    options: &SingleDummyOptions,
    table: &mut crate::bridge::table_memory::HostTable,
) -> Result<bool, ViewError> {
    let Some(r) = &a.review else {
        return Ok(false);
    };
    if !choices(&a.board).contains(&k) {
        return Ok(false);
    }
    let cost = r.cards().nth(k).map_or(0, |c| c.cost);
    let judged = judge_card(&a.board, k, cost, options, table)?;
    let n = a.board.play.len().min(52);
    if a.single.len() < n {
        a.single.resize(n, None);
    }
    if let Some(slot) = a.single.get_mut(k) {
        *slot = Some(CardJudgement::Judged(Box::new(judged)));
    }
    Ok(true)
}

/// Judges every card with a choice of every reviewed board of `analyses` on `pool`, filling
/// each one's `single` (one entry a card, `None` where there was no choice); `bar` counts the
/// cards. A raised `stop` takes no new card: those left are [`CardJudgement::Stopped`].
/// Returns the cards judged and the cards there were to judge.
pub fn judge_session(
    analyses: &mut [Analysis],
    options: &SingleDummyOptions,
    pool: &SolverPool,
    stop: &Stop,
    quiet: bool,
) -> (usize, usize) {
    let tasks: Vec<(usize, usize, u8)> = analyses
        .iter()
        .enumerate()
        .filter_map(|(a, x)| x.review.as_ref().map(|r| (a, x, r)))
        .flat_map(|(a, x, r)| {
            let costs: Vec<u8> = r.cards().map(|c| c.cost).collect();
            choices(&x.board)
                .into_iter()
                .map(move |i| (a, i, costs.get(i).copied().unwrap_or(0)))
        })
        .collect();
    let bar = Bar::new(tasks.len(), !quiet, "cards");
    let done = pool.map_until(&tasks, stop, |table, &(a, i, cost)| {
        let r = analyses
            .get(a)
            .map(|x| judge_card(&x.board, i, cost, options, table));
        bar.inc(1);
        r
    });
    bar.finish_and_clear();
    for x in analyses.iter_mut() {
        if x.review.is_some() {
            x.single = vec![None; x.board.play.len().min(52)];
        }
    }
    let mut judged = 0;
    for (&(a, i, _), r) in tasks.iter().zip(done) {
        let entry = match r {
            Some(Some(Ok(j))) => {
                judged += 1;
                CardJudgement::Judged(Box::new(j))
            }
            Some(Some(Err(e))) => CardJudgement::Failed(e.to_string()),
            Some(None) => continue,
            None => CardJudgement::Stopped,
        };
        if let Some(slot) = analyses.get_mut(a).and_then(|x| x.single.get_mut(i)) {
            *slot = Some(entry);
        }
    }
    (judged, tasks.len())
}

/// What a verdict is called in the report.
fn verdict_name(v: Verdict) -> &'static str {
    match v {
        Verdict::Good => "good",
        Verdict::Unlucky => "unlucky",
        Verdict::Lucky => "lucky",
        Verdict::Mistake => "mistake",
    }
}

/// One card's single-dummy verdict: its mean tricks and chance against the best card's.
pub(crate) fn single_text(j: &Judged) -> String {
    let played = j.judgement.of(j.card);
    let best = j.judgement.best();
    let (Some(p), Some(b)) = (played, best) else {
        return "single dummy: no legal card".to_owned();
    };
    format!(
        "single dummy {}: {:.2} tricks and {:.0}% to reach {}, {} {:.2} and {:.0}%",
        verdict_name(j.verdict),
        p.tricks,
        p.reach * 100.0,
        j.judgement.target,
        b.card,
        b.tricks,
        b.reach * 100.0
    )
}

/// A board's single-dummy line: cards judged and the verdicts.
pub fn single_tally(a: &Analysis) -> String {
    let mut counts = [0usize; 4];
    let (mut judged, mut stopped, mut failed, mut samples) = (0, 0, 0, 0);
    for j in a.single.iter().flatten() {
        match j {
            CardJudgement::Judged(j) => {
                judged += 1;
                samples = j.judgement.samples;
                counts[j.verdict as usize] += 1;
            }
            CardJudgement::Failed(_) => failed += 1,
            CardJudgement::Stopped => stopped += 1,
        }
    }
    let each = if judged > 0 {
        format!(" ({samples} layouts each)")
    } else {
        String::new()
    };
    let mut out = format!(
        "single dummy: {judged} cards judged{each}: mistakes {}, unlucky {}, lucky {}",
        counts[Verdict::Mistake as usize],
        counts[Verdict::Unlucky as usize],
        counts[Verdict::Lucky as usize]
    );
    if failed > 0 {
        out.push_str(&format!(", {failed} not judged"));
    }
    if stopped > 0 {
        out.push_str(&format!(", {stopped} left when stopped"));
    }
    out
}

/// A card's single-dummy entry as JSON.
pub fn single_json(j: Option<&CardJudgement>) -> serde_json::Value {
    match j {
        None => serde_json::Value::Null,
        Some(CardJudgement::Stopped) => json!({"stopped": true}),
        Some(CardJudgement::Failed(e)) => json!({"error": e}),
        Some(CardJudgement::Judged(j)) => {
            let cards: Vec<serde_json::Value> = j
                .judgement
                .cards
                .iter()
                .map(|c| json!({"card": c.card.to_string(), "tricks": c.tricks, "reach": c.reach}))
                .collect();
            json!({
                "verdict": verdict_name(j.verdict),
                "loss": j.loss,
                "mark": Verdict::mark(j.loss),
                "target": j.judgement.target,
                "samples": j.judgement.samples,
                "best": j.judgement.best().map(|b| b.card.to_string()),
                "cards": cards,
            })
        }
    }
}
