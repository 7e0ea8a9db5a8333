//! PBN files (Portable Bridge Notation 2.1, Kooijman et al.): games of tag pairs such as
//! `[Board "1"]`, `[Dealer "N"]`, `[Vulnerable "NS"]`, `[Deal "N:..."]`, separated by empty
//! lines, with `;` and `{...}` comments, `%` directive lines and section data after some tags
//! (auction, play, tables).
//!
//! [`games`] reads a file into games and their tags with byte positions; [`boards`] turns
//! each game with a deal into a [`Board`] (or an error that names the board and line);
//! [`with_records`](crate::bridge::pbn_write::with_records) writes the file back with the double-dummy tags hand-record programs use,
//! everything else untouched:
//!
//! ```text
//! [DoubleDummyTricks "43367433678a9668a966"]     declarers N, S, E, W; strains NT, S, H, D, C
//! [OptimumScore "EW 620"]                         the declaring side and its par score
//! [ParContract "EW 4S; EW 4H"]                    par contracts, `X` when doubled, +/- result
//! [OptimumResultTable "Declarer;Denomination\2R;Result\2R"]
//! N NT  4                                         then 20 rows: declarer, strain, tricks
//! ```
//!
//! Existing tags of those four names (and the table's rows) are replaced where they stand;
//! otherwise the new ones go on the line after the game's `Deal` tag.

use crate::error::{Context, Error};
use std::ops::Range;

use cardtree::bridge::{Vulnerability, dealer_of_board};
use cardtree::{Deal, Seat};

use crate::bridge::board::Board;
use crate::text::excerpt;

/// One tag pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The tag name, as written.
    pub name: String,
    /// The value, with `\"` and `\\` unescaped.
    pub value: String,
    /// Bytes of the tag, `[` to `]`.
    pub span: Range<usize>,
    /// Bytes of the section data that follows it (up to the next tag or the game's end).
    pub section: Range<usize>,
    /// The line it starts on (1-based).
    pub line: usize,
}

/// One game: its tags in order, and what could not be read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PbnGame {
    /// The tags.
    pub tags: Vec<Tag>,
    /// Bytes of the game.
    pub span: Range<usize>,
    /// A malformed tag pair, with its line.
    pub error: Option<String>,
}

impl PbnGame {
    /// The value of the first tag called `name` (case as the standard writes it).
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }
}

/// Splits `text` into games (PBN: a game ends at an empty line; a `{` comment may span empty
/// lines). Games holding nothing but comments and directives are left out.
pub fn games(text: &str) -> Vec<PbnGame> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut game = PbnGame::default();
    let mut started = false;
    let (mut i, mut line) = (0usize, 1usize);
    let mut at_line_start = true;
    let mut line_has_content = false;
    let finish = |game: &mut PbnGame, end: usize, out: &mut Vec<PbnGame>| {
        let mut g = std::mem::take(game);
        g.span.end = end;
        for k in 0..g.tags.len() {
            let next = g.tags.get(k + 1).map_or(end, |t| t.span.start);
            let t = &mut g.tags[k];
            t.section = t.span.end..next.max(t.span.end);
        }
        if !g.tags.is_empty() || g.error.is_some() {
            out.push(g);
        }
    };
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            if at_line_start || !line_has_content {
                // An empty line ends the game.
                if started {
                    finish(&mut game, i, &mut out);
                    started = false;
                }
            }
            line += 1;
            i += 1;
            at_line_start = true;
            line_has_content = false;
            continue;
        }
        if c == b' ' || c == b'\t' || c == b'\r' {
            i += 1;
            continue;
        }
        if !started {
            game.span.start = i;
            started = true;
        }
        line_has_content = true;
        match c {
            b'%' if at_line_start => i = line_end(b, i),
            b';' => i = line_end(b, i),
            b'{' => {
                while i < b.len() && b[i] != b'}' {
                    if b[i] == b'\n' {
                        line += 1;
                    }
                    i += 1;
                }
                i += 1;
            }
            b'[' => match read_tag(b, i) {
                Ok((name, value, end)) => {
                    game.tags.push(Tag {
                        name,
                        value,
                        span: i..end,
                        section: end..end,
                        line,
                    });
                    i = end;
                }
                Err(what) => {
                    game.error
                        .get_or_insert_with(|| format!("line {line}: malformed tag pair: {what}"));
                    i = line_end(b, i);
                }
            },
            _ => i += 1,
        }
        at_line_start = false;
    }
    if started {
        finish(&mut game, b.len(), &mut out);
    }
    out
}

/// The index of the newline ending the line that holds `i` (or the end).
fn line_end(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |p| i + p)
}

/// Reads `[Name "value"]` at `start`: the name, the unescaped value and the end (after `]`).
fn read_tag(b: &[u8], start: usize) -> Result<(String, String, usize), &'static str> {
    let mut i = start + 1;
    let name_start = i;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
        i += 1;
    }
    if i == name_start {
        return Err("no tag name after '['");
    }
    let name = String::from_utf8_lossy(&b[name_start..i]).into_owned();
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    if b.get(i) != Some(&b'"') {
        return Err("no quoted value after the tag name");
    }
    i += 1;
    let mut value = Vec::new();
    loop {
        match b.get(i) {
            None | Some(b'\n') => return Err("the value's closing quote is missing"),
            Some(b'\\') if matches!(b.get(i + 1), Some(b'"' | b'\\')) => {
                value.push(b[i + 1]);
                i += 2;
            }
            Some(b'"') => break,
            Some(&c) => {
                value.push(c);
                i += 1;
            }
        }
    }
    i += 1;
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    if b.get(i) != Some(&b']') {
        return Err("no ']' after the value");
    }
    Ok((name, String::from_utf8_lossy(&value).into_owned(), i + 1))
}

/// A game's board, or why it is not one (the message starts with `board N:`, or `game N:`
/// for a game without a `Board` tag).
pub type BoardResult = Result<Board, Error>;

/// Every game with a `Deal` (or a `Board`) tag as a [`Board`]: number from `Board` (else the
/// game's place), dealer from `Dealer` and vulnerability from `Vulnerable` (else the board's
/// place in the cycle of 16). A value `#` repeats the previous game's (PBN's copy rule). An
/// error names the board and the line.
pub fn boards(games: &[PbnGame]) -> Vec<(usize, BoardResult)> {
    let mut out = Vec::new();
    let mut previous: [Option<String>; 4] = Default::default();
    let names = ["Board", "Dealer", "Vulnerable", "Deal"];
    for (g, game) in games.iter().enumerate() {
        let mut values: [Option<(String, usize)>; 4] = Default::default();
        for (k, name) in names.iter().enumerate() {
            if let Some(t) = game.tag(name) {
                let v = if t.value.trim() == "#" {
                    previous[k].clone().unwrap_or_default()
                } else {
                    t.value.clone()
                };
                values[k] = Some((v, t.line));
            }
        }
        for k in 0..4 {
            if let Some((v, _)) = &values[k] {
                previous[k] = Some(v.clone());
            }
        }
        if values[0].is_none() && values[3].is_none() && game.error.is_none() {
            continue; // not a board (a file header, say)
        }
        let label = values[0].as_ref().map_or_else(
            || format!("game {}", g + 1),
            |(v, _)| format!("board {}", excerpt(v.trim())),
        );
        let result = (|| {
            if let Some(e) = &game.error {
                return Err(Error::Invalid(e.clone()));
            }
            let number = match &values[0] {
                Some((v, line)) => v
                    .trim()
                    .parse::<u32>()
                    .map_err(|_| invalid!("line {line}: Board {:?} is not a number", excerpt(v)))?,
                None => u32::try_from(g + 1).unwrap_or(1),
            };
            let (deal_text, deal_line) = values[3]
                .clone()
                .ok_or_else(|| invalid!("line {}: no Deal tag", game_line(game)))?;
            let deal: Deal = deal_text
                .trim()
                .parse()
                .with_context(|| format!("line {deal_line}: Deal"))?;
            let dealer = match &values[1] {
                Some((v, line)) => {
                    let mut chars = v.trim().chars();
                    match (chars.next().and_then(Seat::from_char), chars.next()) {
                        (Some(s), None) => s,
                        _ => {
                            return Err(invalid!(
                                "line {line}: Dealer {:?} is not N, E, S or W",
                                excerpt(v)
                            ));
                        }
                    }
                }
                None => dealer_of_board(number),
            };
            let vulnerable = match &values[2] {
                Some((v, line)) => v.parse::<Vulnerability>().map_err(|_| {
                    invalid!(
                        "line {line}: Vulnerable {:?} is not None, NS, EW or All",
                        excerpt(v)
                    )
                })?,
                None => Vulnerability::of_board(number),
            };
            Ok(Board {
                id: None,
                number,
                pbn: deal_text.trim().to_string(),
                deal,
                dealer,
                vulnerable,
            })
        })();
        out.push((g, result.with_context(|| label.to_string())));
    }
    out
}

fn game_line(game: &PbnGame) -> usize {
    game.tags.first().map_or(1, |t| t.line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::board::Record;
    use crate::bridge::pbn_write::with_records;
    use cardtree::bridge::DdTable;

    const FILE: &str = "% PBN 2.1\n% EXPORT\n[Event \"Club \\\"pairs\\\"\"]\n[Board \"1\"]\n\
        [Dealer \"N\"]\n[Vulnerable \"None\"]\n\
        [Deal \"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732\"]\n\
        {a comment\n\nover lines}\n[Auction \"N\"]\n1C Pass 1S Pass\n\n\
        [Board \"2\"] ; second board\n[Dealer \"#\"]\n[Deal \"N:A82.Q632.95.T654 KQT953.AT54.AJ8.\"]\n\n\
        [Board \"3\"]\n[Vulnerable \"Red\"]\n[Deal \"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732\"]\n";

    #[test]
    fn games_tags_and_errors() {
        let gs = games(FILE);
        assert_eq!(gs.len(), 3);
        assert_eq!(gs[0].tag("Event").unwrap().value, "Club \"pairs\"");
        assert_eq!(gs[0].tag("Auction").unwrap().line, 11);
        let section = gs[0].tag("Auction").unwrap().section.clone();
        assert_eq!(FILE[section].trim(), "1C Pass 1S Pass");
        let bs = boards(&gs);
        assert_eq!(bs.len(), 3);
        let first = bs[0].1.as_ref().unwrap();
        assert_eq!((first.number, first.dealer), (1, Seat::North));
        let e = bs[1].1.as_ref().unwrap_err().to_string();
        assert!(e.starts_with("board 2: line 16: Deal:"), "{e}");
        let e = bs[2].1.as_ref().unwrap_err().to_string();
        assert_eq!(
            e,
            "board 3: line 19: Vulnerable \"Red\" is not None, NS, EW or All"
        );
        let bad = games("[Board \"1\"]\n[Deal N:...]\n");
        assert!(
            bad[0]
                .error
                .as_ref()
                .unwrap()
                .starts_with("line 2: malformed tag pair")
        );
    }
    /// Found by the `pbn_file` fuzz target: an old `OptimumResultTable` after other text on
    /// its line took the line break of the game's last line with it, so the empty line that
    /// ended the game joined the next game, and that board was lost.
    #[test]
    fn records_replaced_inside_a_line_keep_the_games_apart() {
        let text = "[Board \"1\"]\n\
            [Deal \"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732\"]\n\
            [ParContract \"Pass\"]*[OptimumResultTable \"x\"]\nN NT  0\n*\n\n\
            [Board \"2\"]\n\
            [Deal \"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732\"]\n";
        let gs = games(text);
        let table = DdTable::from_fn(|_, _| 7);
        let record = Record {
            table,
            par: cardtree::bridge::par(&table, Seat::North, Vulnerability::None),
            stats: cardtree::bridge::SolveStats::default(),
            ms: 0.0,
        };
        let records: Vec<(usize, Record)> = (0..2).map(|g| (g, record.clone())).collect();
        let out = with_records(text, &gs, &records);
        let again = boards(&games(&out));
        assert_eq!(again.len(), 2, "{out}");
        assert!(again.iter().all(|(_, b)| b.is_ok()), "{out}");
        assert!(out.contains("*\n\n[Board \"2\"]"), "{out}");
        // Found next: an old tag after other text at the end of a line was replaced by lines
        // that ended in a line break of their own, before the line's: an empty line that
        // ended the game early (here board 2 lost its deal to a game of its own).
        let text = text.replace("[Board \"2\"]\n", "[Board \"2\"] [OptimumScore \"NS 0\"]\n");
        let gs = games(&text);
        let out = with_records(&text, &gs, &records);
        assert_eq!(games(&out).len(), 2, "{out}");
        let numbers: Vec<u32> = boards(&games(&out))
            .iter()
            .filter_map(|(_, b)| b.as_ref().ok().map(|b| b.number))
            .collect();
        assert_eq!(numbers, [1, 2], "{out}");
        // And an old table whose section ran on through an unclosed `{` comment to the end
        // of the file took the comment's opening with its rows: the comment's text became a
        // malformed tag and the board was lost. Only the rows go now.
        let text = "[Board \"1\"]\n\
            [Deal \"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732\"]\n\
            [OptimumResultTable \"x\"]\nN NT  0\n{ open\n[West \"\"]\nW  C  1";
        let gs = games(text);
        let out = with_records(text, &gs, &records[..1]);
        assert!(
            out.ends_with("W  C  7\n{ open\n[West \"\"]\nW  C  1"),
            "{out}"
        );
        assert!(boards(&games(&out))[0].1.is_ok(), "{out}");
        // A line of old tags only, indented, before the empty line that ends the game: it
        // goes whole, and the empty line stays.
        let text = "[Board \"1\"]\n\
            [Deal \"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732\"]\n\
            [Result \"9\"]  [ParContract \"Pass\"]\n  [OptimumScore \"NS 0\"]\n\n[Board \"2\"]\n";
        let out = with_records(text, &games(text), &records[..1]);
        assert_eq!(games(&out).len(), 2, "{out}");
        assert!(out.ends_with("W  C  7\n\n[Board \"2\"]\n"), "{out}");
        assert!(out.contains("[Result \"9\"]  [DoubleDummyTricks"), "{out}");
        // And new tags after a `Deal` tag with more on its line: that rest starts a line of
        // its own, where a `%` would make it a directive and hide the `{` comment it opens.
        let text = "[Board \"1\"]\n\
            [Deal \"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732\"]\
            % x { open\n[Board x\n";
        let out = with_records(text, &games(text), &records[..1]);
        assert!(out.ends_with("W  C  7\n{}% x { open\n[Board x\n"), "{out}");
        assert!(boards(&games(&out))[0].1.is_ok(), "{out}");
        // A directive line after the `Deal` tag, where the new tags go (found by the
        // `pbn_file` fuzz target): it was a directive and stays one; an empty comment before
        // it made its `[` open a tag that swallowed the next game's `Deal`.
        let text = "[Board \"1\"]\r\n\
            [Deal \"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732\"]\r\n\
            % P[\n[Deal \"N:Q873.AT.KQ9763.6AT5 T..T842.A9865 000000000000\"]\r\n\n";
        let before: Vec<_> = boards(&games(text))
            .into_iter()
            .map(|b| b.1.is_ok())
            .collect();
        let out = with_records(text, &games(text), &records[..1]);
        let after: Vec<_> = boards(&games(&out))
            .into_iter()
            .map(|b| b.1.is_ok())
            .collect();
        assert_eq!(before, after, "{out}");
        assert!(!out.contains("{}%"), "{out}");
        // And an old tag removed from the start of a line whose rest begins with `%` (found
        // by the fuzz target too): the `%` must not become a directive there, or the `{`
        // comment it opens lets the next game out.
        let text = "[Board \"1\"]\n\
            [Deal \"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732\"]\n\
            [ParContract \"Pass\"]% x { open\n[Board \"2\"]\n";
        assert_eq!(games(text).len(), 1);
        let out = with_records(text, &games(text), &records[..1]);
        assert_eq!(games(&out).len(), 1, "{out}");
        assert!(out.contains("\n{}% x { open\n"), "{out}");
        // But a directive on the line after the old tags stays one.
        let text = "[Board \"1\"]\n\
            [Deal \"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732\"]\n\
            [ParContract \"Pass\"]\n% [x\n";
        let out = with_records(text, &games(text), &records[..1]);
        assert!(out.ends_with("W  C  7\n% [x\n"), "{out}");
        assert!(boards(&games(&out))[0].1.is_ok(), "{out}");
    }
}
