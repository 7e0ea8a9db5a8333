//! `cardtree bridge table` as a user runs it: the shared hand records reproduced byte for
//! byte, a PBN session written back with its double-dummy tags, bad input refused with its
//! place.

use std::path::{Path, PathBuf};
use std::process::Command;

fn cardtree(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardtree"))
        .args(args)
        .output()
        .expect("run cardtree")
}

fn shared(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/bridge")
        .join(name)
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardtree-table-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Lines of the shared file, solved by the command with `--json`, are the shared lines
/// themselves: every table, par score and par contract of DDS, in its format.
#[test]
fn json_lines_reproduce_the_shared_file() {
    let text = std::fs::read_to_string(shared("dd_tables.jsonl")).expect("tests/data/bridge");
    // Lines 20 to 31: among them two-contract sacrifices (ids 24, 29), in DDS's order.
    let first: Vec<&str> = text.lines().skip(20).take(12).collect();
    let dir = temp_dir("json");
    let input = dir.join("in.jsonl");
    std::fs::write(&input, first.join("\n")).unwrap();
    for threads in ["1", "2"] {
        let out = cardtree(&[
            "bridge",
            "table",
            "--file",
            input.to_str().unwrap(),
            "--json",
            "--threads",
            threads,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got = String::from_utf8(out.stdout).unwrap();
        assert_eq!(got.lines().collect::<Vec<_>>(), first);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A PBN session: every board gets its tags, old ones are replaced where they stand, other
/// tags, sections and comments stay as they were, and a second run changes nothing.
#[test]
fn pbn_session_round_trips_with_the_tags() {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/bridge/session.pbn");
    let original = std::fs::read_to_string(&input).unwrap();
    let dir = temp_dir("pbn");
    let once = dir.join("once.pbn");
    let out = cardtree(&[
        "bridge",
        "table",
        "--pbn",
        input.to_str().unwrap(),
        "--out",
        once.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_to_string(&once).unwrap();
    // DDS's tables and par scores for the three deals (dd_tables.jsonl ids 0 to 2), as tags.
    let shared: Vec<serde_json::Value> = std::fs::read_to_string(shared("dd_tables.jsonl"))
        .unwrap()
        .lines()
        .take(3)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let tricks: Vec<&str> = written
        .lines()
        .filter_map(|l| l.strip_prefix("[DoubleDummyTricks \""))
        .map(|l| l.trim_end_matches("\"]"))
        .collect();
    assert_eq!(tricks.len(), 3, "{written}");
    for (hex, v) in tricks.iter().zip(&shared) {
        let mut want = String::new();
        for seat in ["N", "S", "E", "W"] {
            for strain in ["NT", "S", "H", "D", "C"] {
                let t = v["dd"][seat][strain].as_u64().unwrap();
                want.push(char::from_digit(t as u32, 16).unwrap());
            }
        }
        assert_eq!(*hex, want);
    }
    let scores: Vec<i64> = written
        .lines()
        .filter_map(|l| l.strip_prefix("[OptimumScore \""))
        .map(|l| {
            let v = l.trim_end_matches("\"]");
            let (side, n) = v.split_once(' ').unwrap();
            let n: i64 = n.parse().unwrap();
            if side == "NS" { n } else { -n }
        })
        .collect();
    let want: Vec<i64> = shared
        .iter()
        .map(|v| v["par"]["score_ns"].as_i64().unwrap())
        .collect();
    assert_eq!(scores, want);
    // Everything that was not a double-dummy tag is still there, in order.
    let kept = |text: &str| -> Vec<String> {
        let mut skip_rows = false;
        text.lines()
            .filter(|l| {
                let ours = ["[DoubleDummyTricks", "[OptimumScore", "[ParContract"]
                    .iter()
                    .any(|t| l.starts_with(t));
                if l.starts_with("[OptimumResultTable") {
                    skip_rows = true;
                    return false;
                }
                if skip_rows && l.len() > 2 && "NSEW".contains(&l[..1]) && !l.starts_with('[') {
                    return false;
                }
                skip_rows = false;
                !ours
            })
            .map(str::to_string)
            .collect()
    };
    assert_eq!(kept(&written), kept(&original));
    assert_eq!(written.matches("[OptimumResultTable").count(), 3);
    assert_eq!(written.matches("\nN NT ").count(), 3);
    // Board 2's old tags were replaced in place: its Result tag still follows them.
    let b2 = &written[written.find("[Board \"2\"]").unwrap()..];
    let rows_end = b2.find("W  C ").unwrap();
    assert!(
        b2[rows_end..]
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("[Result \"10\"]")
    );
    // Idempotent.
    let twice = dir.join("twice.pbn");
    let out = cardtree(&[
        "bridge",
        "table",
        "--pbn",
        once.to_str().unwrap(),
        "--out",
        twice.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert_eq!(std::fs::read_to_string(&twice).unwrap(), written);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Bad boards: one line of error each naming the board and line, the good boards still
/// solved, a non-zero exit, and no output file written.
#[test]
fn bad_boards_are_named_and_the_rest_solved() {
    let dir = temp_dir("bad");
    let pbn = dir.join("bad.pbn");
    std::fs::write(
        &pbn,
        "[Board \"1\"]\n[Deal \"N:A82.Q632.95.T65 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732\"]\n\n\
         [Board \"2\"]\n[Deal \"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 A4.97.T76.AJ9732\"]\n\n\
         [Board \"3\"]\n[Vulnerable \"Red\"]\n[Deal \"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732\"]\n\n\
         [Board \"4\"]\n[Deal \"N:A82.Q632.95.T654 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732\"]\n",
    )
    .unwrap();
    let target = dir.join("out.pbn");
    let out = cardtree(&[
        "bridge",
        "table",
        "--pbn",
        pbn.to_str().unwrap(),
        "--json",
        "--out",
        target.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines[0].ends_with("board 1: line 2: Deal: PBN deal: N hand has 12 cards, want 13"),
        "{err}"
    );
    assert!(
        lines[1].ends_with("board 2: line 5: Deal: PBN deal: duplicate card SA at byte 53"),
        "{err}"
    );
    assert!(
        lines[2].ends_with("board 3: line 8: Vulnerable \"Red\" is not None, NS, EW or All"),
        "{err}"
    );
    assert!(err.contains("solved 1 of 4 boards"), "{err}");
    assert_eq!(
        lines.last().copied(),
        Some("cardtree: 3 boards could not be solved")
    );
    // The good board's line was written (the output is whole), the bad ones named above.
    let written = std::fs::read_to_string(&target).unwrap();
    assert_eq!(written.lines().count(), 1);
    // A deal given on the command line with a bad card: refused as it is read (its spec's
    // limit), a usage error naming the flag and the card.
    let out = cardtree(&[
        "bridge",
        "table",
        "--deal",
        "N:A82.Q632.95.T6X4 KQT953.AT54.AJ8. J7.KJ8.KQ432.KQ8 64.97.T76.AJ9732",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: invalid value") && err.contains("--deal"),
        "{err}"
    );
    assert!(err.contains("unknown rank 'X'"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
