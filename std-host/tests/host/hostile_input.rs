//! Hostile input files for every command that reads one: a valid file cut short inside a
//! record, binary garbage (NUL bytes, invalid UTF-8), text garbage, an oversized file (a valid
//! first record, then one 16 MiB line without a line break: a record of garbage, or a record
//! with one 16 MiB field), an empty file and a path that does not exist. 16 MiB is far beyond
//! any real record and keeps the whole file to a few seconds.
//!
//! A command given a bad file must exit with status 1 (not a crash, not a signal), print
//! exactly one line on standard error that names the file (and the line, where it knows it),
//! never panic, and leave its output (`--out`, `--per-deal`) as it found it: absent, or with
//! its earlier content, and no temporary file beside it. Each case runs twice, once with the
//! output absent and once with earlier content in its place.
//!
//! Where a command legitimately accepts what it was given, the test says so and checks that it
//! succeeds with output consistent with its input:
//!
//! - `bridge solve --file`, `bridge table --file` and `bridge table --pbn` are batch commands:
//!   a bad line (board) is reported with its line number and the others are still solved and
//!   written (docs/bridge.md, and `cli.rs`, `table_cli.rs`). They print one line per bad record, then
//!   the count solved and the count that failed, exit with status 1, and write the output of
//!   the good records. An empty file is an empty batch: status 0 and an empty output. A file
//!   they cannot read fails in one line and writes nothing.
//! - A PBN file may hold text outside tag pairs; it is written back as it was, byte for byte,
//!   in the file's own encoding (ISO-8859-1 when it is not UTF-8).
//! - A run directory's `journal.jsonl` may end in a line cut short (a crash while writing it):
//!   that line is dropped and its item run again, so a truncated journal resumes; so does an
//!   empty or missing one.
//!
//! The valid inputs are made from lines of `tests/data/bridge/` (read there, never copied into
//! the repository), deals that solve in milliseconds.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// The size of an oversized record.
const BIG: usize = 16 << 20;

/// The longest one-line error accepted: a message, not an echo of an oversized record.
const MAX_ERROR: usize = 500;

fn cardtree(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardtree"))
        .args(args)
        // Without it a panic's message names RUST_BACKTRACE, which the checks look for.
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("run cardtree")
}

/// A directory of the test's own under the system's temporary directory, removed when dropped
/// (also when the test fails).
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("cardtree-hostile-{test}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn join(&self, rel: &str) -> PathBuf {
        self.0.join(rel)
    }

    /// A new empty directory `rel` inside.
    fn dir(&self, rel: &str) -> PathBuf {
        let dir = self.join(rel);
        fs::create_dir_all(&dir).unwrap();
        dir
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

/// A file of `tests/data/bridge/`.
fn shared(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/bridge")
        .join(name);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The line of a `tests/data/bridge/` file with id `id`.
fn line_with_id(text: &str, id: u32) -> String {
    let prefix = format!("{{\"id\":{id},");
    text.lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no line with id {id}"))
        .to_string()
}

fn json(line: &str) -> Value {
    serde_json::from_str(line).unwrap()
}

/// `len` bytes of splitmix64 from `seed`: the same garbage on every run and machine.
fn random_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut state = seed;
    let mut out = Vec::with_capacity(len + 8);
    while out.len() < len {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        out.extend_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    out.truncate(len);
    out
}

/// 4 KiB of random bytes, NUL bytes and invalid UTF-8 among them.
fn binary_garbage() -> Vec<u8> {
    let bytes = random_bytes(0x5EED, 4096);
    assert!(bytes.contains(&0) && std::str::from_utf8(&bytes).is_err());
    bytes
}

/// 4 KiB of valid UTF-8 the parsers have to read further: the characters of JSON, PBN, CSV and
/// deals, line breaks and NUL.
fn text_garbage() -> Vec<u8> {
    const ALPHABET: &[u8] = b"{}[]\":,.;%#- \t\n\0\\AKQJT98765432SHDCNEWitemx";
    random_bytes(0x7E47, 4096)
        .iter()
        .map(|&b| ALPHABET[usize::from(b) % ALPHABET.len()])
        .collect()
}

/// `first`, a line break, then `BIG` bytes of `fill` and no line break.
fn oversized_line(first: &str, fill: u8) -> Vec<u8> {
    oversized_field(first, "", fill, "")
}

/// `first`, a line break, then a record `before`, `BIG` bytes of `fill`, `after`, with no line
/// break at the end.
fn oversized_field(first: &str, before: &str, fill: u8, after: &str) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(first.len() + before.len() + BIG + after.len() + 1);
    bytes.extend_from_slice(first.as_bytes());
    bytes.push(b'\n');
    bytes.extend_from_slice(before.as_bytes());
    bytes.resize(bytes.len() + BIG, fill);
    bytes.extend_from_slice(after.as_bytes());
    bytes
}

/// One hostile version of an input file.
struct Hostile {
    /// What it is; the file is written as `name.ext`, so an error naming the file names it.
    name: &'static str,
    /// Its bytes; `None` for the path that does not exist.
    bytes: Option<Vec<u8>>,
}

impl Hostile {
    /// Writes the file as `dir/name.ext` (unless it is the missing one); returns its path.
    fn write(&self, dir: &Path, ext: &str) -> PathBuf {
        let path = dir.join(format!("{}.{ext}", self.name));
        if let Some(bytes) = &self.bytes {
            fs::write(&path, bytes).unwrap();
        }
        path
    }

    /// The file as text, when it is UTF-8.
    fn text(&self) -> Option<&str> {
        self.bytes
            .as_deref()
            .and_then(|b| std::str::from_utf8(b).ok())
    }
}

/// The hostile versions of a file: `truncated` (a valid file cut inside its last record),
/// binary and text garbage, each of `oversized`, empty, and missing.
fn hostile(truncated: &str, oversized: Vec<(&'static str, Vec<u8>)>) -> Vec<Hostile> {
    let mut files = vec![
        Hostile {
            name: "truncated",
            bytes: Some(truncated.as_bytes().to_vec()),
        },
        Hostile {
            name: "binary-garbage",
            bytes: Some(binary_garbage()),
        },
        Hostile {
            name: "text-garbage",
            bytes: Some(text_garbage()),
        },
    ];
    files.extend(oversized.into_iter().map(|(name, bytes)| Hostile {
        name,
        bytes: Some(bytes),
    }));
    files.push(Hostile {
        name: "empty",
        bytes: Some(Vec::new()),
    });
    files.push(Hostile {
        name: "missing",
        bytes: None,
    });
    files
}

/// The JSON-lines hostile files of a valid `first` and `second` line, and where a command that
/// stops at the first bad line must say the fault is (`None`: not checked).
fn jsonl_cases(
    first: &str,
    second: &str,
    field: (&str, &str),
) -> Vec<(Hostile, Option<&'static str>)> {
    let truncated = format!("{first}\n{}", &second[..second.len() / 2]);
    let files = hostile(
        &truncated,
        vec![
            ("oversized-line", oversized_line(first, b'x')),
            (
                "oversized-field",
                oversized_field(first, field.0, b'W', field.1),
            ),
        ],
    );
    files
        .into_iter()
        .map(|h| {
            let at = match h.name {
                "truncated" | "oversized-line" | "oversized-field" => Some(":2: "),
                "binary-garbage" => Some(": not UTF-8 text"),
                "empty" => Some("no deals"),
                _ => None,
            };
            (h, at)
        })
        .collect()
}

/// Every file under `dir` by its path relative to `dir`, with its bytes (none when `dir` does
/// not exist).
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                out.insert(path.strip_prefix(root).unwrap().join(""), Vec::new());
                walk(root, &path, out);
            } else {
                let bytes = fs::read(&path).unwrap();
                out.insert(path.strip_prefix(root).unwrap().to_path_buf(), bytes);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Names and sizes, for messages (not megabytes of bytes).
fn listing(files: &BTreeMap<PathBuf, Vec<u8>>) -> Vec<(String, usize)> {
    files
        .iter()
        .map(|(p, b)| (p.display().to_string(), b.len()))
        .collect()
}

fn assert_unchanged(
    before: &BTreeMap<PathBuf, Vec<u8>>,
    after: &BTreeMap<PathBuf, Vec<u8>>,
    context: &str,
) {
    assert!(
        before == after,
        "{context}: the output changed: before {:?}, after {:?}",
        listing(before),
        listing(after)
    );
}

/// The first `MAX_ERROR` bytes of `text`, for messages.
fn clip(text: &str) -> &str {
    let mut end = text.len().min(MAX_ERROR);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn assert_no_panic(err: &str, context: &str) {
    for sign in [
        "panicked",
        "RUST_BACKTRACE",
        "stack backtrace",
        "memory allocation",
    ] {
        assert!(!err.contains(sign), "{context}: {sign}: {}", clip(err));
    }
}

/// The failure every command owes a bad input: exit status 1, standard error exactly one
/// line (a single line break, at its end) of at most `MAX_ERROR` bytes that names `file` and,
/// when given, the place at fault `at`, and no panic.
fn assert_one_line(out: &Output, file: &str, at: Option<&str>, context: &str) {
    let err = stderr(out);
    assert_no_panic(&err, context);
    assert_eq!(out.status.code(), Some(1), "{context}: {}", clip(&err));
    assert!(
        err.ends_with('\n') && err.matches('\n').count() == 1,
        "{context}: not one line: {}",
        clip(&err)
    );
    assert!(err.starts_with("cardtree: "), "{context}: {}", clip(&err));
    assert!(
        err.len() <= MAX_ERROR,
        "{context}: {} bytes: {}",
        err.len(),
        clip(&err)
    );
    assert!(err.contains(file), "{context}: does not name {file}: {err}");
    if let Some(at) = at {
        assert!(err.contains(at), "{context}: does not say {at:?}: {err}");
    }
}

/// What a batch command prints: one line per bad record, naming `path` and the record's place
/// (`path:N: ` for a line, `path: board N: line L: ` for a board), then `solved K of N unit`,
/// then, when any failed, `B unit could not be solved` with exit status 1 (else 0). Returns
/// K and the lines reporting bad records.
fn assert_batch(out: &Output, path: &str, unit: &str, context: &str) -> (usize, Vec<String>) {
    let err = stderr(out);
    assert_no_panic(&err, context);
    assert!(err.ends_with('\n'), "{context}: {}", clip(&err));
    let lines: Vec<&str> = err.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("cardtree: solved "))
        .unwrap_or_else(|| panic!("{context}: no count of records solved: {}", clip(&err)));
    let (reports, tail) = lines.split_at(at);
    let counts: Vec<&str> = tail[0].split(' ').collect();
    assert_eq!(
        (counts[1], counts[3], counts[5]),
        ("solved", "of", unit),
        "{context}: {}",
        tail[0]
    );
    let solved: usize = counts[2].parse().unwrap();
    let total: usize = counts[4].parse().unwrap();
    let bad = total - solved;
    assert_eq!(reports.len(), bad, "{context}: {}", clip(&err));
    for r in reports {
        assert!(
            r.starts_with(&format!("cardtree: {path}:")) && r.len() <= MAX_ERROR,
            "{context}: {}",
            clip(r)
        );
    }
    if bad == 0 {
        assert_eq!(tail.len(), 1, "{context}: {err}");
        assert_eq!(out.status.code(), Some(0), "{context}: {err}");
    } else {
        assert_eq!(
            tail[1..],
            [match bad {
                1 => format!(
                    "cardtree: 1 {} could not be solved",
                    unit.trim_end_matches('s')
                ),
                _ => format!("cardtree: {bad} {unit} could not be solved"),
            }],
            "{context}"
        );
        assert_eq!(out.status.code(), Some(1), "{context}: {}", clip(&err));
    }
    (solved, reports.iter().map(|r| (*r).to_string()).collect())
}

/// The state of an output before a run.
#[derive(Clone, Copy, Debug)]
enum Before {
    /// It does not exist.
    Absent,
    /// It holds an earlier output.
    Previous,
}

const BEFORE: [Before; 2] = [Before::Absent, Before::Previous];

/// Puts the output file `out` in state `before`.
fn prepare_file(out: &Path, before: Before) {
    let _ = fs::remove_file(out);
    if let Before::Previous = before {
        fs::write(out, "previous content\n").unwrap();
    }
}

/// Puts the output directory `out` in state `before`: missing, or a copy of `previous`.
fn prepare_dir(out: &Path, before: Before, previous: &Path) {
    let _ = fs::remove_dir_all(out);
    if let Before::Previous = before {
        copy_dir(previous, out);
    }
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            fs::copy(&path, &target).unwrap();
        }
    }
}

/// Runs `args` once per state of the output (`prepare` sets it up); each run must fail in one
/// line naming `file` (and `at`) and leave everything in `out_dir` as it was.
fn assert_fails_cleanly(
    args: &[&str],
    out_dir: &Path,
    prepare: &dyn Fn(Before),
    file: &str,
    at: Option<&str>,
    context: &str,
) {
    for before in BEFORE {
        prepare(before);
        let snap = snapshot(out_dir);
        let out = cardtree(args);
        let context = format!("{context} (output {before:?})");
        assert_one_line(&out, file, at, &context);
        assert_unchanged(&snap, &snapshot(out_dir), &context);
    }
}

/// Runs a successful command: returns its output, failing with its standard error.
fn run_ok(args: &[&str]) -> Output {
    let out = cardtree(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    out
}

/// The batch commands on JSON lines (`bridge solve --file`, `bridge table --file`): for each
/// hostile file and state of `--out`, an unreadable file fails in one line and writes nothing;
/// a readable one is solved line by line, and `--out` then holds exactly the output of its
/// good lines, each checked by `good`, and nothing else is left in its directory.
fn check_jsonl_batch(
    test: &str,
    command: &[&str],
    first: &str,
    second: &str,
    field: (&str, &str),
    good: &dyn Fn(&str),
) {
    let s = Scratch::new(test);
    let out_dir = s.dir("out");
    let result = out_dir.join("result.jsonl");
    for (h, _) in jsonl_cases(first, second, field) {
        let input = h.write(&s.0, "jsonl");
        for before in BEFORE {
            prepare_file(&result, before);
            let snap = snapshot(&out_dir);
            let mut args = command.to_vec();
            args.extend(["--file", arg(&input), "--out", arg(&result)]);
            let out = cardtree(&args);
            let context = format!("{command:?} {} (output {before:?})", h.name);
            let Some(bytes) = &h.bytes else {
                // Missing: nothing read, nothing written.
                assert_one_line(&out, h.name, None, &context);
                assert_unchanged(&snap, &snapshot(&out_dir), &context);
                continue;
            };
            // Read as bytes, a line at a time: a line that is not UTF-8 is that line's error
            // and the others are solved (the lossy text has the same lines).
            let text = String::from_utf8_lossy(bytes);
            let (solved, reports) = assert_batch(&out, arg(&input), "lines", &context);
            if h.text().is_none() {
                assert!(
                    reports.iter().any(|r| r.contains(": not UTF-8 text")),
                    "{context}: {reports:?}"
                );
            }
            // Only the first line of any of these files is a good one.
            let want = text.lines().filter(|l| *l == first).count();
            assert_eq!(solved, want, "{context}");
            assert_eq!(
                solved + reports.len(),
                text.lines().count(),
                "{context}: every line counted"
            );
            if matches!(h.name, "truncated" | "oversized-line" | "oversized-field") {
                assert!(reports[0].contains(":2: "), "{context}: {}", reports[0]);
            }
            // The output holds the good lines' output, and there is no other file.
            let after = snapshot(&out_dir);
            assert_eq!(
                after.keys().collect::<Vec<_>>(),
                [&PathBuf::from("result.jsonl")],
                "{context}"
            );
            let written = String::from_utf8(after[Path::new("result.jsonl")].clone()).unwrap();
            assert_eq!(written.lines().count(), solved, "{context}: {written}");
            assert!(written.is_empty() || written.ends_with('\n'), "{context}");
            written.lines().for_each(good);
        }
        let _ = fs::remove_file(&input);
    }
}

/// `bridge solve --file F --json --out O`: a batch command (see the top of the file).
#[test]
fn bridge_solve_file() {
    let dev = shared("dev_deals.jsonl");
    let (first, second) = (line_with_id(&dev, 27), line_with_id(&dev, 4));
    let pbn = json(&second)["pbn"].as_str().unwrap().to_string();
    let want = json(&first)["tricks"].clone();
    check_jsonl_batch(
        "solve",
        &[
            "bridge",
            "solve",
            "--json",
            "--threads",
            "1",
            "--table-mib",
            "1",
        ],
        &first,
        &second,
        (
            &format!(r#"{{"id":4,"pbn":"{pbn}","trump":"NT","leader":""#),
            r#""}"#,
        ),
        &|line| {
            // The first line's deal, every lead with DDS's number of tricks.
            let v = json(line);
            assert_eq!(v["id"], 27, "{line}");
            assert_eq!(v["tricks"], want, "{line}");
        },
    );
}

/// `bridge table --file F --json --out O`: a batch command (see the top of the file); a good
/// line's output is the shared line itself, byte for byte.
#[test]
fn bridge_table_file() {
    let dd = shared("dd_tables.jsonl");
    let (first, second) = (line_with_id(&dd, 60), line_with_id(&dd, 44));
    let pbn = json(&second)["pbn"].as_str().unwrap().to_string();
    check_jsonl_batch(
        "table",
        &[
            "bridge",
            "table",
            "--json",
            "--threads",
            "1",
            "--table-mib",
            "1",
        ],
        &first,
        &second,
        (
            &format!(r#"{{"id":44,"pbn":"{pbn}","vulnerable":""#),
            r#""}"#,
        ),
        &|line| assert_eq!(line, first),
    );
}

/// `[DoubleDummyTricks "..."]` of a line of `dd_tables.jsonl`.
fn dd_tag(line: &str) -> String {
    let v = json(line);
    let mut hex = String::new();
    for seat in ["N", "S", "E", "W"] {
        for strain in ["NT", "S", "H", "D", "C"] {
            let t = v["dd"][seat][strain].as_u64().unwrap();
            hex.push(char::from_digit(u32::try_from(t).unwrap(), 16).unwrap());
        }
    }
    format!("[DoubleDummyTricks \"{hex}\"]")
}

/// `bridge table --pbn F --out O`: a batch command over boards (see the top of the file). The
/// output is the file itself, byte for byte, with the double-dummy tags (four tags and twenty
/// rows) after each good board's `Deal` tag; text outside tag pairs (the oversized line) is
/// kept, and a file that is not UTF-8 is written back in ISO-8859-1 as it was read.
#[test]
fn bridge_table_pbn() {
    let s = Scratch::new("pbn");
    let dd = shared("dd_tables.jsonl");
    let (first, second) = (json(&line_with_id(&dd, 60)), json(&line_with_id(&dd, 44)));
    let board = format!(
        "[Event \"hostile input\"]\n[Board \"61\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"{}\"]\n",
        first["dealer"].as_str().unwrap(),
        first["vulnerable"].as_str().unwrap(),
        first["pbn"].as_str().unwrap()
    );
    let deal2 = second["pbn"].as_str().unwrap();
    let valid = format!("{board}\n[Board \"45\"]\n[Deal \"{deal2}\"]\n");
    let cut = valid.len() - deal2.len() / 2;
    let files = hostile(
        &valid[..cut],
        vec![
            // Text outside tag pairs: kept as it is.
            ("oversized-line", oversized_line(&board, b'x')),
            (
                "oversized-field",
                oversized_field(
                    &board,
                    "[Board \"",
                    b'2',
                    &format!("\"]\n[Deal \"{deal2}\"]"),
                ),
            ),
        ],
    );
    let tag = dd_tag(&line_with_id(&dd, 60));
    let out_dir = s.dir("out");
    let result = out_dir.join("result.pbn");
    for h in &files {
        let input = h.write(&s.0, "pbn");
        for before in BEFORE {
            prepare_file(&result, before);
            let snap = snapshot(&out_dir);
            let out = cardtree(&[
                "bridge",
                "table",
                "--pbn",
                arg(&input),
                "--threads",
                "1",
                "--table-mib",
                "1",
                "--out",
                arg(&result),
            ]);
            let context = format!("bridge table --pbn {} (output {before:?})", h.name);
            let Some(bytes) = &h.bytes else {
                assert_one_line(&out, h.name, None, &context);
                assert_unchanged(&snap, &snapshot(&out_dir), &context);
                continue;
            };
            let (solved, reports) = assert_batch(&out, arg(&input), "boards", &context);
            match h.name {
                "truncated" => assert!(reports[0].contains(": board 45: line 8: "), "{context}"),
                "oversized-field" => assert!(reports[0].contains(": line 7: Board "), "{context}"),
                _ => {}
            }
            let want = usize::from(matches!(
                h.name,
                "truncated" | "oversized-line" | "oversized-field"
            ));
            assert_eq!(solved, want, "{context}: {}", stderr(&out));
            let after = snapshot(&out_dir);
            assert_eq!(
                after.keys().collect::<Vec<_>>(),
                [&PathBuf::from("result.pbn")],
                "{context}"
            );
            let written = &after[Path::new("result.pbn")];
            if solved == 0 {
                assert!(
                    written == bytes,
                    "{context}: the file was not written back as it was"
                );
                continue;
            }
            // The first board's tags, after its Deal line; the rest as it was.
            let start = board.len();
            assert!(written[start..].starts_with(tag.as_bytes()), "{context}");
            let block: usize = written[start..]
                .iter()
                .enumerate()
                .filter(|&(_, &b)| b == b'\n')
                .nth(23)
                .map(|(i, _)| i + 1)
                .unwrap();
            assert!(
                written[..start] == bytes[..start] && written[start + block..] == bytes[start..],
                "{context}: more than the tags changed"
            );
        }
        let _ = fs::remove_file(&input);
    }
}

/// `bridge bench --file F --per-deal O` and `bridge bench --tables --file F --per-deal O` read
/// the whole file before they solve: any bad line fails in one line, and so does a file
/// without deals.
#[test]
fn bridge_bench_file() {
    let s = Scratch::new("bench");
    let out_dir = s.dir("out");
    let result = out_dir.join("per-deal.csv");
    let dev = shared("dev_deals.jsonl");
    let dd = shared("dd_tables.jsonl");
    let pbn4 = json(&line_with_id(&dev, 4))["pbn"]
        .as_str()
        .unwrap()
        .to_string();
    let pbn44 = json(&line_with_id(&dd, 44))["pbn"]
        .as_str()
        .unwrap()
        .to_string();
    let runs = [
        (
            vec!["bridge", "bench"],
            line_with_id(&dev, 27),
            line_with_id(&dev, 4),
            format!(r#"{{"id":4,"pbn":"{pbn4}","trump":"NT","leader":""#),
        ),
        (
            vec!["bridge", "bench", "--tables"],
            line_with_id(&dd, 60),
            line_with_id(&dd, 44),
            format!(r#"{{"id":44,"pbn":"{pbn44}","vulnerable":""#),
        ),
    ];
    for (command, first, second, field) in &runs {
        for (h, at) in jsonl_cases(first, second, (field, r#""}"#)) {
            let input = h.write(&s.0, "jsonl");
            let mut args = command.clone();
            args.extend([
                "--file",
                arg(&input),
                "--table-mib",
                "1",
                "--per-deal",
                arg(&result),
            ]);
            assert_fails_cleanly(
                &args,
                &out_dir,
                &|before| prepare_file(&result, before),
                h.name,
                at,
                &format!("{command:?} {}", h.name),
            );
            let _ = fs::remove_file(&input);
        }
    }
    // A deal that is no deal is found before any is solved, and named with its line.
    let bad = s.join("bad-deal.jsonl");
    let first = line_with_id(&dev, 27);
    fs::write(
        &bad,
        format!("{first}\n{first}\n{}\n", first.replace("W:", "W:A")),
    )
    .unwrap();
    assert_fails_cleanly(
        &[
            "bridge",
            "bench",
            "--file",
            arg(&bad),
            "--table-mib",
            "1",
            "--per-deal",
            arg(&result),
        ],
        &out_dir,
        &|before| prepare_file(&result, before),
        "bad-deal.jsonl:3: PBN deal: ",
        None,
        "bridge bench, a bad deal",
    );
}

/// `bridge ablation --file F --out O` reads the whole file before it solves.
#[test]
fn bridge_ablation_file() {
    let s = Scratch::new("ablation");
    let out_dir = s.dir("out");
    let result = out_dir.join("ablation.md");
    let dev = shared("dev_deals.jsonl");
    let (first, second) = (line_with_id(&dev, 27), line_with_id(&dev, 4));
    let pbn = json(&second)["pbn"].as_str().unwrap().to_string();
    let field = format!(r#"{{"id":4,"pbn":"{pbn}","trump":"NT","leader":""#);
    for (h, at) in jsonl_cases(&first, &second, (&field, r#""}"#)) {
        let input = h.write(&s.0, "jsonl");
        assert_fails_cleanly(
            &[
                "bridge",
                "ablation",
                "--file",
                arg(&input),
                "--table-mib",
                "1",
                "--budget",
                "1",
                "--out",
                arg(&result),
            ],
            &out_dir,
            &|before| prepare_file(&result, before),
            h.name,
            at,
            &format!("bridge ablation {}", h.name),
        );
        let _ = fs::remove_file(&input);
    }
}

/// The arguments of a small McKay run (a 1 x 2 grid of 10 playouts, two items a deal).
fn mckay_args<'a>(deals: &'a str, out: &'a str) -> Vec<&'a str> {
    vec![
        "experiment",
        "mckay",
        "--deals",
        deals,
        "--c",
        "1",
        "--p",
        "1,2",
        "--playouts",
        "10",
        "--threads",
        "1",
        "--quiet",
        "--out",
        out,
    ]
}

/// The arguments of a small leads run (two deals, one layout, the solver row only).
fn leads_args<'a>(deals: &'a str, out: &'a str) -> Vec<&'a str> {
    vec![
        "experiment",
        "leads",
        "--deals",
        deals,
        "--layouts",
        "1",
        "--uct",
        "none",
        "--ismcts",
        "none",
        "--table-mib",
        "1",
        "--threads",
        "1",
        "--quiet",
        "--out",
        out,
    ]
}

/// `experiment mckay --deals F --out DIR` and `experiment leads --deals F --out DIR` read
/// every deal before the run directory is made: a bad file leaves no directory, or an earlier
/// run's directory as it was.
#[test]
fn experiment_deals_file() {
    let s = Scratch::new("deals");
    let dev = shared("dev_deals.jsonl");
    let (first, second) = (line_with_id(&dev, 27), line_with_id(&dev, 4));
    let valid = s.join("valid.jsonl");
    fs::write(&valid, format!("{first}\n{second}\n")).unwrap();
    let pbn = json(&second)["pbn"].as_str().unwrap().to_string();
    let field = format!(r#"{{"id":4,"pbn":"{pbn}","trump":"NT","leader":""#);
    let out_dir = s.dir("out");
    let run = out_dir.join("run");
    type Args = for<'a> fn(&'a str, &'a str) -> Vec<&'a str>;
    for (name, args) in [("mckay", mckay_args as Args), ("leads", leads_args as Args)] {
        let previous = s.join(&format!("previous-{name}"));
        run_ok(&args(arg(&valid), arg(&previous)));
        for (h, at) in jsonl_cases(&first, &second, (&field, r#""}"#)) {
            let input = h.write(&s.0, "jsonl");
            assert_fails_cleanly(
                &args(arg(&input), arg(&run)),
                &out_dir,
                &|before| prepare_dir(&run, before, &previous),
                h.name,
                at,
                &format!("experiment {name} {}", h.name),
            );
            let _ = fs::remove_file(&input);
        }
    }
}

/// `experiment merge DIR1 DIR2 --out DIR` reads every shard's `manifest.json` and `raw.csv`
/// before it writes: a bad one (here the second shard's) fails in one line naming its shard
/// directory, and `--out` is left absent or as it was.
#[test]
fn experiment_merge_shards() {
    let s = Scratch::new("merge");
    let dev = shared("dev_deals.jsonl");
    let valid = s.join("valid.jsonl");
    let deals = format!("{}\n{}\n", line_with_id(&dev, 27), line_with_id(&dev, 4));
    fs::write(&valid, deals).unwrap();
    let shards = [s.join("shard1"), s.join("shard2")];
    for (i, shard) in shards.iter().enumerate() {
        let part = format!("{}/2", i + 1);
        let mut args = mckay_args(arg(&valid), arg(shard));
        args.extend(["--shard", &part]);
        run_ok(&args);
    }
    let previous = s.join("previous");
    run_ok(&[
        "experiment",
        "merge",
        arg(&shards[0]),
        arg(&shards[1]),
        "--out",
        arg(&previous),
    ]);
    let out_dir = s.dir("out");
    let run = out_dir.join("run");
    let raw = fs::read_to_string(shards[1].join("raw.csv")).unwrap();
    let manifest = fs::read_to_string(shards[1].join("manifest.json")).unwrap();
    assert_eq!(raw.lines().count(), 3, "{raw}"); // items 1 and 3
    let last = raw.lines().last().unwrap();
    let raw_files = hostile(
        &raw[..raw.len() - last.len() / 2 - 1],
        vec![
            ("oversized-line", oversized_line(raw.trim_end(), b'x')),
            (
                "oversized-field",
                oversized_field(raw.trim_end(), "3,", b'9', ""),
            ),
        ],
    );
    assert!(manifest.contains("\"kind\": \"mckay\""), "{manifest}");
    let manifest_files = hostile(
        &manifest[..manifest.len() / 2],
        vec![
            ("oversized-line", oversized_line(manifest.trim_end(), b'x')),
            (
                "oversized-field",
                manifest
                    .replace(
                        "\"kind\": \"mckay\"",
                        &format!("\"kind\": \"{}\"", "x".repeat(BIG)),
                    )
                    .into_bytes(),
            ),
        ],
    );
    for (file, files) in [("raw.csv", raw_files), ("manifest.json", manifest_files)] {
        for h in files {
            let shard = s.join(&format!("{file}-{}", h.name));
            copy_dir(&shards[1], &shard);
            let path = shard.join(file);
            fs::remove_file(&path).unwrap();
            if let Some(bytes) = &h.bytes {
                fs::write(&path, bytes).unwrap();
            }
            let at = match (file, h.name) {
                ("raw.csv", "truncated") => Some("raw.csv: line 3: "),
                ("raw.csv", "oversized-line" | "oversized-field") => Some("raw.csv: line 4: "),
                (_, "binary-garbage") => Some("valid UTF-8"),
                ("raw.csv", "empty") => Some("raw.csv: empty file"),
                ("manifest.json", "missing") => Some("no manifest.json"),
                ("manifest.json", "oversized-field") => Some("a different experiment"),
                ("manifest.json", _) => Some("manifest.json: not JSON: "),
                _ => Some(file),
            };
            assert_fails_cleanly(
                &[
                    "experiment",
                    "merge",
                    arg(&shards[0]),
                    arg(&shard),
                    "--out",
                    arg(&run),
                ],
                &out_dir,
                &|before| prepare_dir(&run, before, &previous),
                &format!("{file}-{}", h.name),
                at,
                &format!("experiment merge, {file} {}", h.name),
            );
            fs::remove_dir_all(&shard).unwrap();
        }
    }
    // A shard directory that does not exist.
    let missing = s.join("no-such-shard");
    assert_fails_cleanly(
        &[
            "experiment",
            "merge",
            arg(&shards[0]),
            arg(&missing),
            "--out",
            arg(&run),
        ],
        &out_dir,
        &|before| prepare_dir(&run, before, &previous),
        "no-such-shard",
        Some("no manifest.json"),
        "experiment merge, a missing shard",
    );
}

/// A run directory is an input too: `experiment mckay --out DIR` resumes from its
/// `manifest.json` and `journal.jsonl` (as `experiment leads`, `blackjack` and `pps` do, with
/// the same runner). A bad manifest or journal fails in one line naming it and leaves the
/// directory as it was; a journal whose last line is cut short, empty or missing resumes, and
/// the run then ends exactly as an uninterrupted one.
#[test]
fn experiment_resume_files() {
    let s = Scratch::new("resume");
    let dev = shared("dev_deals.jsonl");
    let valid = s.join("valid.jsonl");
    let deals = format!("{}\n{}\n", line_with_id(&dev, 27), line_with_id(&dev, 4));
    fs::write(&valid, deals).unwrap();
    let clean = s.join("clean");
    run_ok(&mckay_args(arg(&valid), arg(&clean)));
    let finished = snapshot(&clean);
    // The directory of a run stopped after items 0 and 1: its manifest and journal.
    let manifest = fs::read_to_string(clean.join("manifest.json")).unwrap();
    assert!(manifest.contains("\"complete\": true"), "{manifest}");
    let manifest = manifest.replace("\"complete\": true", "\"complete\": false");
    let raw = fs::read_to_string(clean.join("raw.csv")).unwrap();
    let journal: Vec<String> = raw
        .lines()
        .skip(1)
        .take(2)
        .map(|row| {
            let mut fields = row.split(',');
            let item: usize = fields.next().unwrap().parse().unwrap();
            let rows = vec![fields.collect::<Vec<_>>()];
            serde_json::json!({ "item": item, "rows": rows }).to_string()
        })
        .collect();
    let whole_journal = format!("{}\n{}\n", journal[0], journal[1]);
    let out_dir = s.dir("out");
    let run = out_dir.join("run");
    let set_up = |manifest: Option<&[u8]>, journal: Option<&[u8]>| {
        let _ = fs::remove_dir_all(&run);
        fs::create_dir_all(&run).unwrap();
        if let Some(m) = manifest {
            fs::write(run.join("manifest.json"), m).unwrap();
        }
        if let Some(j) = journal {
            fs::write(run.join("journal.jsonl"), j).unwrap();
        }
    };

    let journals = hostile(
        &whole_journal[..whole_journal.len() - journal[1].len() / 2],
        vec![
            ("oversized-line", oversized_line(&journal[0], b'x')),
            (
                "oversized-field",
                oversized_field(&journal[0], "{\"item\":1,\"rows\":[[\"", b'9', "\"]]}"),
            ),
        ],
    );
    let manifests = hostile(
        &manifest[..manifest.len() / 2],
        vec![("oversized-line", oversized_line(manifest.trim_end(), b'x'))],
    );
    for (file, files) in [("journal.jsonl", journals), ("manifest.json", manifests)] {
        for h in files {
            let context = format!("experiment mckay, resuming with {file} {}", h.name);
            if file == "journal.jsonl" {
                set_up(Some(manifest.as_bytes()), h.bytes.as_deref());
            } else {
                set_up(h.bytes.as_deref(), Some(whole_journal.as_bytes()));
            }
            let before = snapshot(&out_dir);
            let out = cardtree(&mckay_args(arg(&valid), arg(&run)));
            let accepted = match (file, h.name) {
                // Cut short by a crash (a last line without a line break), empty or missing:
                // resumed.
                ("journal.jsonl", name) => name != "binary-garbage" && name != "text-garbage",
                // No manifest: a new run, which adopts the journal's items (the same run's).
                (_, name) => name == "missing",
            };
            if accepted {
                let err = stderr(&out);
                assert_no_panic(&err, &context);
                assert!(out.status.success(), "{context}: {err}");
                let after = snapshot(&run);
                assert!(
                    after == finished,
                    "{context}: not the uninterrupted run's output: {:?}",
                    listing(&after)
                );
            } else {
                assert_one_line(&out, &format!("run/{file}"), None, &context);
                assert_unchanged(&before, &snapshot(&out_dir), &context);
            }
        }
    }
}

/// The runner's files from a hostile hand, each refused in one short line instead of a crash
/// (these were bugs): `merge` of shards whose manifests claim 10^15 items (it collected every
/// item number and aborted on the allocation) or shard `1/10^14` (one flag per shard); a
/// journal line whose rows have the wrong number of fields (taken as done, and the run failed
/// only when it wrote `raw.csv`, without naming the journal); a manifest's `kind` and
/// `fingerprint` echoed whole when they differ from the run's (a 16 MiB error line).
#[test]
fn runner_files() {
    let s = Scratch::new("runner");
    let dev = shared("dev_deals.jsonl");
    let valid = s.join("valid.jsonl");
    fs::write(&valid, format!("{}\n", line_with_id(&dev, 27))).unwrap();
    let shards = [s.join("shard1"), s.join("shard2")];
    for (i, shard) in shards.iter().enumerate() {
        let part = format!("{}/2", i + 1);
        let mut args = mckay_args(arg(&valid), arg(shard));
        args.extend(["--shard", &part]);
        run_ok(&args);
    }
    let out = s.join("merged");
    let edit = |from: &str, to: &str| {
        for shard in &shards {
            let path = shard.join("manifest.json");
            let text = fs::read_to_string(&path).unwrap();
            assert!(text.contains(from), "{text}");
            fs::write(&path, text.replace(from, to)).unwrap();
        }
    };
    edit("\"items\": 2", "\"items\": 1000000000000000");
    let merge = [
        "experiment",
        "merge",
        arg(&shards[0]),
        arg(&shards[1]),
        "--out",
        arg(&out),
    ];
    assert_one_line(&cardtree(&merge), "manifest", None, "10^15 items");
    edit("\"items\": 1000000000000000", "\"items\": 2");
    edit("/2\"", "/100000000000000\"");
    assert_one_line(&cardtree(&merge), "shard", None, "10^14 shards");

    let clean = s.join("clean");
    run_ok(&mckay_args(arg(&valid), arg(&clean)));
    let manifest = fs::read_to_string(clean.join("manifest.json"))
        .unwrap()
        .replace("\"complete\": true", "\"complete\": false");
    let run = s.join("run");
    fs::create_dir_all(&run).unwrap();
    fs::write(run.join("manifest.json"), &manifest).unwrap();
    fs::write(
        run.join("journal.jsonl"),
        "{\"item\":1,\"rows\":[[\"9\"]]}\n",
    )
    .unwrap();
    let out = cardtree(&mckay_args(arg(&valid), arg(&run)));
    assert_one_line(&out, "journal.jsonl", None, "a journal row of one field");
    let _ = fs::remove_file(run.join("journal.jsonl"));
    let kind = format!("\"kind\": \"{}\"", "x".repeat(BIG));
    fs::write(
        run.join("manifest.json"),
        manifest.replace("\"kind\": \"mckay\"", &kind),
    )
    .unwrap();
    let out = cardtree(&mckay_args(arg(&valid), arg(&run)));
    assert_one_line(&out, "run", None, "a 16 MiB kind");
}
