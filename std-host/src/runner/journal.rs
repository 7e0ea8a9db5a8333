//! `journal.jsonl`: finished items of a run in progress, so a stopped run can resume.

use crate::error::Error;
use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::Value;

use super::Row;
use crate::output;

/// The journal's file name.
pub(super) const FILE: &str = "journal.jsonl";

/// The open journal: one line `{"item":k,"rows":[[...],...]}` per finished item, each written
/// with one `write` and flushed before the next item is taken.
#[derive(Debug)]
pub(super) struct Journal {
    file: File,
    path: PathBuf,
}

impl Journal {
    /// Opens (or creates) the journal at `path` and returns the items it already holds. Only
    /// items of `mine` with rows of `columns` fields count; a last line cut short by a crash is
    /// dropped (its item runs again); any other bad line is an error, as the directory is then
    /// not what it claims to be.
    pub(super) fn open(
        path: &Path,
        mine: &[usize],
        columns: usize,
    ) -> Result<(Journal, BTreeMap<usize, Vec<Row>>), Error> {
        let mut done = BTreeMap::new();
        let text = match fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(Error::read(path, e)),
        };
        let mut kept = String::new();
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        for (n, line) in lines.iter().enumerate() {
            let complete = line.ends_with('\n');
            match parse_line(line.trim_end()) {
                Some((item, rows))
                    if complete
                        && mine.binary_search(&item).is_ok()
                        && rows.iter().all(|r| r.len() == columns) =>
                {
                    done.insert(item, rows);
                    kept.push_str(line);
                }
                _ if n + 1 == lines.len() && !complete => {} // cut short: rerun that item
                _ => {
                    return Err(invalid!(
                        "{}:{}: not a journal line of this run; remove the directory to start afresh",
                        path.display(),
                        n + 1
                    ));
                }
            }
        }
        if kept.len() != text.len() {
            output::write_atomic(path, kept.as_bytes()).map_err(|e| Error::write(path, e))?;
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| Error::open(path, e))?;
        Ok((
            Journal {
                file,
                path: path.to_path_buf(),
            },
            done,
        ))
    }

    /// Records item `item`'s rows.
    pub(super) fn append(&mut self, item: usize, rows: &[Row]) -> Result<(), Error> {
        #[derive(Serialize)]
        struct Line<'a> {
            item: usize,
            rows: &'a [Row],
        }
        let line = crate::json::line(&Line { item, rows })?;
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| Error::write(&self.path, e))
    }
}

/// `(item, rows)` of one journal line.
fn parse_line(line: &str) -> Option<(usize, Vec<Row>)> {
    let v: Value = serde_json::from_str(line).ok()?;
    let item = usize::try_from(v.get("item")?.as_u64()?).ok()?;
    let rows = v
        .get("rows")?
        .as_array()?
        .iter()
        .map(|r| {
            r.as_array()?
                .iter()
                .map(|f| f.as_str().map(String::from))
                .collect::<Option<Row>>()
        })
        .collect::<Option<Vec<Row>>>()?;
    Some((item, rows))
}

/// Removes the journal of a finished run.
pub(super) fn remove(path: &Path) -> Result<(), Error> {
    match fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(invalid!("cannot remove {}: {e}", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_whole_lines_and_drops_a_cut_one() {
        let dir = std::env::temp_dir().join(format!("cardtree-journal-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE);
        let _ = fs::remove_file(&path);
        {
            let (mut j, done) = Journal::open(&path, &[0, 2, 4], 2).unwrap();
            assert!(done.is_empty());
            j.append(2, &[vec!["a".into(), "1".into()]]).unwrap();
            j.append(
                0,
                &[vec!["b".into(), "2".into()], vec!["c".into(), "3".into()]],
            )
            .unwrap();
        }
        let mut text = fs::read_to_string(&path).unwrap();
        text.push_str("{\"item\":4,\"rows\":[[\"d\""); // a crash mid-line
        fs::write(&path, &text).unwrap();
        let (_, done) = Journal::open(&path, &[0, 2, 4], 2).unwrap();
        assert_eq!(done.keys().copied().collect::<Vec<_>>(), [0, 2]);
        assert_eq!(done[&0].len(), 2);
        assert!(!fs::read_to_string(&path).unwrap().contains("\"d\""));
        // An item of another shard is not this run's.
        assert!(Journal::open(&path, &[1, 3], 2).is_err());
        // Nor are rows of another width.
        assert!(Journal::open(&path, &[0, 2, 4], 3).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
