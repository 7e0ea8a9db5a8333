//! `cardtree bridge analyse`: the boards of a LIN or PBN record as played, each judged double
//! dummy card by card (the core's [`review`]): the trace of declarer's tricks before every
//! card and after the last, each card's cost and the cards that would have kept the value, who
//! gave the tricks away, whether a claim held; then a summary per player across the session.
//! With the single-dummy judge ([`single_dummy`](crate::bridge::single_dummy)), every card
//! whose player had a choice is also valued over layouts of what its player could see.
//! Boards (then cards) are spread over a [`SolverPool`] (one table a thread, reused across a
//! hand's cards); a broken board is reported with its token and the others are analysed. A
//! raised [`Stop`] (Ctrl-C at the command line) takes no new board or card: the report holds
//! what was done.

use std::path::{Path, PathBuf};

use cardtree::bridge::review;

use crate::bridge::analyse_report::report;
pub use crate::bridge::analysis::Analysis;
use crate::bridge::played::{BoardError, PlayedBoard};
use crate::bridge::single_dummy::{SingleDummyOptions, judge_session};
use crate::bridge::solver_pool::SolverPool;
use crate::bridge::table_memory::HostTable;
use crate::error::Error;
use crate::workers::Stop;

/// Which reader a file goes through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// BBO's LIN (a file, one hand, or a hand viewer's address).
    Lin,
    /// PBN with play sections.
    Pbn,
}

/// How `cardtree bridge analyse` runs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AnalyseOptions {
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Table memory a thread, in MiB.
    pub table_mib: usize,
    /// JSON lines instead of text.
    pub json: bool,
    /// The folder to write into instead of printing.
    pub out: Option<PathBuf>,
    /// The single-dummy judge, if wanted.
    pub single: Option<SingleDummyOptions>,
    /// No progress bar.
    pub quiet: bool,
}

/// Reads `text` with `format`'s reader.
pub fn read(text: &str, format: Format) -> Vec<Result<PlayedBoard, BoardError>> {
    match format {
        Format::Lin => crate::bridge::lin::read(text),
        Format::Pbn => crate::bridge::pbn_play::read(text),
    }
}

/// Judges every board on `pool` double dummy, in order; once `stop` is raised the boards
/// not begun are left out.
pub fn analyse(boards: Vec<PlayedBoard>, pool: &SolverPool, stop: &Stop) -> Vec<Analysis> {
    pool.map_until(&boards, stop, analyse_board)
        .into_iter()
        .flatten()
        .collect()
}

/// Judges one board double dummy with `table`: its review, or none for a board without a
/// contract (passed out).
pub fn analyse_board(table: &mut HostTable, board: &PlayedBoard) -> Analysis {
    let review = board
        .start()
        .and_then(|start| review(&start, &board.play, board.claim, table).ok());
    Analysis {
        board: board.clone(),
        review,
        single: Vec::new(),
    }
}

/// `cardtree bridge analyse`: reads `path` with `format`, judges every board (see
/// [`AnalyseOptions`]) and prints the report (text, or JSON lines: one a board, one a broken
/// board, then `{"summary": ...}`), or writes it into the `out` folder with the annotated PBN
/// and a picture of each board's trace. Stopped, it writes what was done and returns
/// [`Error::Stopped`].
pub fn command(
    path: &Path,
    format: Format,
    options: &AnalyseOptions,
    stop: &Stop,
) -> Result<(), Error> {
    let (json, out) = (options.json, options.out.as_deref());
    if let Some(dir) = out {
        std::fs::create_dir_all(dir).map_err(|e| Error::write(dir, e))?;
        crate::output::check_writable(&dir.join("report.txt"))?;
    }
    let bytes = std::fs::read(path).map_err(|e| Error::read(path, e))?;
    let text = String::from_utf8_lossy(&bytes);
    let (analyses, broken, total) = analyse_text(&text, format, options, stop)
        .map_err(|e| invalid!("{}: {e}", path.display()))?;
    let report = report(&analyses, &broken, json);
    write(&analyses, &report, json, out)?;
    if stop.raised() {
        return Err(invalid!(
            "stopped: the report holds the {} of {total} boards begun{}",
            analyses.len(),
            if options.single.is_some() {
                ", the cards left not judged single dummy"
            } else {
                ""
            }
        ));
    }
    Ok(())
}

/// Reads `text` with `format`'s reader and judges every board it holds (see [`AnalyseOptions`];
/// its output fields are not used): the analyses, the broken boards, and the boards read.
/// An error when no board can be read (the first broken board's).
pub fn analyse_text(
    text: &str,
    format: Format,
    options: &AnalyseOptions,
    stop: &Stop,
) -> Result<(Vec<Analysis>, Vec<BoardError>, usize), Error> {
    let (mut boards, mut broken) = (Vec::new(), Vec::new());
    for r in read(text, format) {
        match r {
            Ok(b) => boards.push(b),
            Err(e) => broken.push(e),
        }
    }
    if boards.is_empty() {
        return Err(match broken.into_iter().next() {
            Some(e) => invalid!("{e}"),
            None => invalid!("no board"),
        });
    }
    let total = boards.len();
    let analyses = analyse_boards(boards, options, stop)?;
    Ok((analyses, broken, total))
}

/// Judges `boards` as `options` says: double dummy, then single dummy if asked.
pub fn analyse_boards(
    boards: Vec<PlayedBoard>,
    options: &AnalyseOptions,
    stop: &Stop,
) -> Result<Vec<Analysis>, Error> {
    let pool = SolverPool::new(crate::workers::resolve(options.threads), options.table_mib)?;
    let mut analyses = analyse(boards, &pool, stop);
    if let Some(single) = &options.single {
        judge_session(&mut analyses, single, &pool, stop, options.quiet);
    }
    Ok(analyses)
}

/// Prints `report`, or writes it into `out` with the annotated PBN and the pictures.
fn write(analyses: &[Analysis], report: &str, json: bool, out: Option<&Path>) -> Result<(), Error> {
    let Some(dir) = out else {
        return crate::output::emit(report.as_bytes(), None);
    };
    let name = if json { "report.jsonl" } else { "report.txt" };
    crate::output::emit(report.as_bytes(), Some(&dir.join(name)))?;
    let pbn: String = analyses
        .iter()
        .map(|a| crate::bridge::pbn_play_write::write(&a.board, a.review.as_ref(), &a.single))
        .collect::<Vec<_>>()
        .join("\n");
    crate::output::emit(pbn.as_bytes(), Some(&dir.join("analysed.pbn")))?;
    for a in analyses {
        if let Some(r) = &a.review {
            let room = a
                .board
                .room
                .as_deref()
                .map_or(String::new(), |r| format!("-{}", r.to_ascii_lowercase()));
            let safe: String = a
                .board
                .board
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            let svg = crate::bridge::trace_plot::svg(&a.board, r);
            crate::output::emit(
                svg.as_bytes(),
                Some(&dir.join(format!("board-{safe}{room}.svg"))),
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::single_dummy::CardJudgement;

    #[test]
    fn a_lin_hand_is_analysed() {
        let text = "pn|Sam,Wes,Nora,Ed|md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,\
            S47H8TD248KC347QA,|ah|Board 1|sv|o|mb|p|mb|1S|mb|p|mb|2S|mb|p|mb|p|mb|p|\
            pc|HA|pc|H3|pc|HT|pc|HJ|";
        let boards: Vec<PlayedBoard> = read(text, Format::Lin)
            .into_iter()
            .map(Result::unwrap)
            .collect();
        let pool = SolverPool::new(1, 1).unwrap();
        let a = analyse(boards, &pool, Stop::never());
        let r = a[0].review.as_ref().unwrap();
        assert_eq!(r.trace.values().len(), 5);
        let t = crate::bridge::analyse_report::to_text(&a[0]);
        assert!(t.contains("2S by E"), "{t}");
        let j = crate::bridge::analyse_report::to_json(&a[0]);
        assert_eq!(j["cards"].as_array().unwrap().len(), 4);
        let s = crate::bridge::analyse_report::summary(&a);
        assert_eq!(s["Ed"].declared.0, 1);
        assert_eq!(s["Sam"].defended.0, 1);
    }

    #[test]
    fn the_single_dummy_judge_is_the_same_on_any_number_of_threads() {
        let text = "pn|Sam,Wes,Nora,Ed|md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,\
            S47H8TD248KC347QA,|ah|Board 1|sv|o|mb|p|mb|1S|mb|p|mb|2S|mb|p|mb|p|mb|p|\
            pc|HA|pc|H3|pc|HT|pc|HJ|pc|SK|pc|S5|";
        let run = |threads: usize| {
            let boards: Vec<PlayedBoard> = read(text, Format::Lin)
                .into_iter()
                .map(Result::unwrap)
                .collect();
            let pool = SolverPool::new(threads, 1).unwrap();
            let mut a = analyse(boards, &pool, Stop::never());
            let options = SingleDummyOptions {
                samples: 8,
                ..SingleDummyOptions::default()
            };
            let (judged, total) = judge_session(&mut a, &options, &pool, Stop::never(), true);
            assert_eq!(judged, total);
            a
        };
        let one = run(1);
        let single = &one[0].single;
        assert_eq!(single.len(), 6);
        // Each card judged is a legal card of its player, valued on 8 layouts.
        for j in single.iter().flatten() {
            let CardJudgement::Judged(j) = j else {
                panic!("{j:?}")
            };
            assert_eq!(j.judgement.samples, 8);
            assert!(j.judgement.of(j.card).is_some());
        }
        assert!(single.iter().flatten().count() >= 4);
        assert_eq!(run(2)[0].single, *single);
        let t = crate::bridge::analyse_report::to_text(&one[0]);
        assert!(t.contains("single dummy:"), "{t}");
        let stopped = Stop::new();
        stopped.raise();
        let boards: Vec<PlayedBoard> = read(text, Format::Lin).into_iter().flatten().collect();
        assert!(analyse(boards, &SolverPool::new(1, 1).unwrap(), &stopped).is_empty());
    }
}
