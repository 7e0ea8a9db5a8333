//! PBN files written back with the double-dummy tags hand-record programs use
//! (`DoubleDummyTricks`, `OptimumScore`, `ParContract`, `OptimumResultTable`), everything else
//! untouched: existing tags of those names (and the table's rows) are replaced where they
//! stand, new ones go on the line after the game's `Deal` tag. [`crate::bridge::pbn_file`]
//! reads the files.

use std::fmt::Write as _;
use std::ops::Range;

use cardtree::bridge::DdTable;

use crate::bridge::board::Record;
use crate::bridge::pbn_file::{PbnGame, Tag};

/// The tags this module writes, in the order it writes them.
pub const RECORD_TAGS: [&str; 4] = [
    "DoubleDummyTricks",
    "OptimumScore",
    "ParContract",
    "OptimumResultTable",
];

/// The four tags (and the table's rows) for `record`, each line ending in `eol`.
pub fn record_tags(record: &Record, eol: &str) -> String {
    let mut out = format!("[DoubleDummyTricks \"{}\"]{eol}", record.table);
    let par = &record.par;
    let side = par.contracts.first().map_or("NS", |c| {
        if c.declarers.side().0 == 0 {
            "NS"
        } else {
            "EW"
        }
    });
    let score = if side == "NS" {
        par.score_ns
    } else {
        -par.score_ns
    };
    let _ = write!(out, "[OptimumScore \"{side} {score}\"]{eol}[ParContract \"");
    if par.contracts.is_empty() {
        out.push_str("Pass");
    }
    for (i, c) in par.contracts.iter().enumerate() {
        let sep = if i > 0 { "; " } else { "" };
        let _ = write!(out, "{sep}{} {}", c.declarers, c.contract);
        match c.result {
            0 => {}
            r if r > 0 => {
                let _ = write!(out, "+{r}");
            }
            r => {
                let _ = write!(out, "{r}");
            }
        }
    }
    let _ = write!(
        out,
        "\"]{eol}[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]{eol}"
    );
    for seat in DdTable::RECORD_DECLARERS {
        for strain in DdTable::RECORD_STRAINS {
            let _ = write!(
                out,
                "{seat} {:>2} {:>2}{eol}",
                strain.to_string(),
                record.table.tricks(seat, strain)
            );
        }
    }
    out
}

/// `text` with `records[g]` (for the games that have one) written into game `g` as the four
/// double-dummy tags: replacing old ones where they stand, else after the `Deal` tag's line.
pub fn with_records(text: &str, games: &[PbnGame], records: &[(usize, Record)]) -> String {
    let eol = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let b = text.as_bytes();
    // (start, end, replacement), in order, not overlapping.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for (g, record) in records {
        let Some(game) = games.get(*g) else { continue };
        let tags = record_tags(record, eol);
        let old: Vec<&Tag> = game
            .tags
            .iter()
            .filter(|t| RECORD_TAGS.contains(&t.name.as_str()))
            .collect();
        let mut inserted = false;
        for t in &old {
            let mut range = t.span.clone();
            if t.name == "OptimumResultTable" {
                range.end = range.end.max(section_lines(b, t.section.clone()));
            }
            let replacement = if inserted {
                String::new()
            } else {
                inserted = true;
                tags.clone()
            };
            edits.push((range.start, range.end, replacement));
        }
        if !inserted {
            let at = game
                .tag("Deal")
                .map_or(game.span.end, |t| whole_lines(b, t.span.clone()).end);
            // At the game's end there may be no line break to stand on.
            let before = if at == b.len() && !text.ends_with('\n') {
                eol
            } else {
                ""
            };
            edits.push((at, at, format!("{before}{tags}")));
        }
    }
    edits.sort_by_key(|e| (e.0, e.1));
    apply(b, &edits, eol)
}

/// `b` with each edit's range removed and its replacement written at its start, such that
/// no line joins another and no empty line appears (an empty line ends a game): an edit
/// removes no line break itself; a line that edits leave with nothing but blanks goes whole;
/// a replacement's last line break is left out where the line it stands in goes on to its
/// own. Overlapping edits keep the first.
fn apply(b: &[u8], edits: &[(usize, usize, String)], eol: &str) -> String {
    let mut gone = vec![false; b.len()];
    let mut kept_edits = Vec::new();
    let mut covered = 0;
    for (start, end, replacement) in edits {
        if *start < covered {
            continue;
        }
        covered = *end;
        kept_edits.push((*start, replacement.as_str()));
        for i in *start..*end {
            gone[i] = b[i] != b'\n';
        }
    }
    let line_ends: Vec<usize> = b
        .iter()
        .enumerate()
        .filter(|(_, c)| **c == b'\n')
        .map(|(i, _)| i + 1)
        .chain((!b.ends_with(b"\n")).then_some(b.len()))
        .collect();
    let mut start = 0;
    for &end in &line_ends {
        let touched = gone[start..end].iter().any(|&g| g);
        let blank = (start..end).all(|i| gone[i] || b[i].is_ascii_whitespace());
        if touched && blank {
            gone[start..end].fill(true);
        }
        start = end;
    }
    let mut out = Vec::with_capacity(b.len() + kept_edits.len() * 400);
    let mut next = kept_edits.iter().peekable();
    for i in 0..=b.len() {
        while let Some((_, replacement)) = next.next_if(|(at, _)| *at == i) {
            let mid_line = i > 0 && b[i - 1] != b'\n';
            // Whether this line's own line break, kept, is all that follows on it.
            let ends_line = b[i..]
                .iter()
                .zip(&gone[i..])
                .find(|&(&c, &g)| c == b'\n' || !(g || matches!(c, b' ' | b'\t' | b'\r')))
                .is_some_and(|(&c, &g)| c == b'\n' && !g);
            match replacement.strip_suffix(eol) {
                Some(r) if mid_line && ends_line => out.extend_from_slice(r.as_bytes()),
                _ => out.extend_from_slice(replacement.as_bytes()),
            }
        }
        if i < b.len() && !gone[i] {
            // A `%` that the edits leave first on its line, where it was not, would make a
            // directive of the whole line: an empty comment keeps it the text it was.
            if b[i] == b'%' && only_blanks_before(&out, out.len()) && !only_blanks_before(b, i) {
                out.extend_from_slice(b"{}");
            }
            out.push(b[i]);
        }
    }
    // Whole tags, rows and lines go, so every character is kept whole or not at all.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Whether the line of `b` up to `at` holds only blanks (where a `%` makes a directive).
fn only_blanks_before(b: &[u8], at: usize) -> bool {
    b[..at]
        .iter()
        .rev()
        .take_while(|&&c| c != b'\n')
        .all(|c| matches!(c, b' ' | b'\t' | b'\r'))
}

/// `span` widened to whole lines (and their line break) when the lines hold nothing else.
fn whole_lines(b: &[u8], span: Range<usize>) -> Range<usize> {
    let mut start = span.start;
    while start > 0 && matches!(b[start - 1], b' ' | b'\t') {
        start -= 1;
    }
    let mut end = span.end;
    while end < b.len() && matches!(b[end], b' ' | b'\t' | b'\r') {
        end += 1;
    }
    let line_start = start == 0 || b[start - 1] == b'\n';
    let line_end = end == b.len() || b[end] == b'\n';
    if line_start && line_end {
        start..(end + 1).min(b.len())
    } else {
        span
    }
}

/// The end of a table's data rows: the rest of the tag's line if blank, then every following
/// line of the section that is a row (words of letters, digits and `-`, `+`, `.`), up to the
/// first that is not. Comments, directives and tags after the rows are kept, even where a
/// section runs on to them (an unclosed `{` takes the rest of the file into its game).
fn section_lines(b: &[u8], section: Range<usize>) -> usize {
    let is_row = |line: &[u8]| {
        line.iter().any(u8::is_ascii_alphanumeric)
            && line.iter().all(|&c| {
                c.is_ascii_alphanumeric()
                    || matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b'-' | b'+' | b'.')
            })
    };
    let line_end = |from: usize| {
        b[from..section.end]
            .iter()
            .position(|&c| c == b'\n')
            .map(|p| from + p + 1)
    };
    // The tag's own line: only if nothing but blanks follows the tag on it.
    let mut end = section.start;
    match line_end(end) {
        Some(next) if b[end..next].iter().all(u8::is_ascii_whitespace) => end = next,
        _ => return section.start,
    }
    while end < section.end {
        let next = line_end(end).unwrap_or(section.end);
        if !is_row(&b[end..next]) {
            break;
        }
        end = next;
    }
    end
}
