//! `cardtree experiment` as a user runs it: a small McKay grid, sharded and merged, and the
//! errors a user meets.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cardtree(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardtree"))
        .args(args)
        .output()
        .expect("run cardtree")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardtree-cli-exp-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Two deals of `tests/data/bridge/dev_deals.jsonl` in a file of their own.
fn two_deals(dir: &Path) -> PathBuf {
    let shared =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/bridge/dev_deals.jsonl");
    let text = std::fs::read_to_string(&shared).unwrap();
    let path = dir.join("deals.jsonl");
    let two: String = text.lines().take(2).map(|l| format!("{l}\n")).collect();
    std::fs::write(&path, two).unwrap();
    path
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_small_grid_runs_shards_and_merges() {
    let dir = scratch("grid");
    let deals = two_deals(&dir);
    let deals = deals.to_str().unwrap();
    let args = |out: &Path, shard: &str| -> Vec<String> {
        [
            "experiment",
            "mckay",
            "--deals",
            deals,
            "--c",
            "1,16",
            "--p",
            "1..2",
            "--playouts",
            "200",
            "--seed",
            "5",
            "--shard",
            shard,
            "--out",
        ]
        .iter()
        .map(|s| (*s).to_string())
        .chain([out.to_str().unwrap().to_string()])
        .collect()
    };
    let whole = dir.join("whole");
    let out = cardtree(
        &args(&whole, "1/1")
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("baseline: a random lead loses 0.192 tricks"),
        "{stdout}"
    );
    assert!(stdout.contains("| c \\ p | 1 | 2 |"), "{stdout}");
    assert!(stdout.contains("| **16** |"), "{stdout}");
    for shard in ["1/2", "2/2"] {
        let d = dir.join(shard.replace('/', "of"));
        let out = cardtree(
            &args(&d, shard)
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let merged = dir.join("merged");
    let out = cardtree(&[
        "experiment",
        "merge",
        dir.join("2of2").to_str().unwrap(),
        dir.join("1of2").to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for f in [
        "raw.csv",
        "summary.csv",
        "summary.md",
        "heatmap.svg",
        "manifest.json",
    ] {
        assert_eq!(
            std::fs::read(whole.join(f)).unwrap(),
            std::fs::read(merged.join(f)).unwrap(),
            "{f}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `raw.csv` without its `ms` column (wall-clock times, the one column that differs between
/// runs).
fn without_times(raw: &str) -> Vec<String> {
    let header: Vec<&str> = raw.lines().next().unwrap().split(',').collect();
    let ms = header.iter().position(|c| *c == "ms").unwrap();
    raw.lines()
        .map(|l| {
            l.split(',')
                .enumerate()
                .filter(|(i, _)| *i != ms)
                .map(|(_, f)| f)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect()
}

#[test]
fn the_leads_experiment_runs_shards_and_merges() {
    let dir = scratch("leads");
    let deals = two_deals(&dir);
    let run = |out: &Path, shard: &str| {
        let out = cardtree(&[
            "experiment",
            "leads",
            // `--file`, the input file's flag everywhere; the mckay runs above use its alias.
            "--file",
            deals.to_str().unwrap(),
            "--layouts",
            "3,6",
            "--uct",
            "4x100:16:1",
            "--ismcts",
            "500:16:4",
            "--seed",
            "2",
            "--shard",
            shard,
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
    };
    let whole = dir.join("whole");
    run(&whole, "1/1");
    let raw = std::fs::read_to_string(whole.join("raw.csv")).unwrap();
    // Per deal: random and two solver rows; UCT with hidden and with known hands; ISMCTS.
    assert_eq!(raw.lines().count(), 1 + 2 * 6, "{raw}");
    for method in ["random", "solver", "uct", "uct-perfect", "ismcts"] {
        assert!(raw.contains(&format!(",{method},")), "{method}: {raw}");
    }
    let md = std::fs::read_to_string(whole.join("summary.md")).unwrap();
    assert!(md.contains("| PIMC, solver, 6 layouts |"), "{md}");
    assert!(
        md.contains("experiment leads --deals PATH/deals.jsonl --seed 2 --layouts 3,6"),
        "{md}"
    );
    assert!(whole.join("error_vs_time.svg").exists());
    for shard in ["1/2", "2/2"] {
        run(&dir.join(shard.replace('/', "of")), shard);
    }
    let merged = dir.join("merged");
    let out = cardtree(&[
        "experiment",
        "merge",
        dir.join("1of2").to_str().unwrap(),
        dir.join("2of2").to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let merged_raw = std::fs::read_to_string(merged.join("raw.csv")).unwrap();
    assert_eq!(without_times(&raw), without_times(&merged_raw));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_one_line_and_non_zero() {
    let dir = scratch("bad");
    let deals = two_deals(&dir);
    let out_dir = dir.join("out");
    let out_dir = out_dir.to_str().unwrap();
    let bad_line = dir.join("bad.jsonl");
    std::fs::write(
        &bad_line,
        "{\"pbn\":\"W:AKQ.JT9.876.5432 - - -\",\"leader\":\"W\",\"trump\":\"NT\"}\n",
    )
    .unwrap();
    let cases: [(&[&str], &str); 5] = [
        (
            &["--deals", deals.to_str().unwrap(), "--c", "0,x"],
            "is not a positive constant",
        ),
        (
            &["--deals", deals.to_str().unwrap(), "--p", "0..3"],
            "is not a power",
        ),
        (
            &["--deals", deals.to_str().unwrap(), "--shard", "3/2"],
            "is no shard",
        ),
        (
            &["--deals", "/no/such/file.jsonl"],
            "cannot read /no/such/file.jsonl",
        ),
        (&["--deals", bad_line.to_str().unwrap()], "bad.jsonl:1:"),
    ];
    for (i, (extra, want)) in cases.into_iter().enumerate() {
        let mut args = vec!["experiment", "mckay", "--out", out_dir];
        args.extend_from_slice(extra);
        let out = cardtree(&args);
        let err = text(&out.stderr);
        assert!(err.contains(want), "{want}: {err}");
        if i < 3 {
            // A flag's value that does not parse: a usage error, clap's whole message.
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert!(err.starts_with("error: "), "{err}");
        } else {
            // Found while running: one line.
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.starts_with("cardtree: "), "{err}");
        }
    }
    // Merging something that is not a run directory.
    let out = cardtree(&[
        "experiment",
        "merge",
        dir.to_str().unwrap(),
        "--out",
        out_dir,
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("no manifest.json"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `experiment plan` prints shard commands that run as printed, and a merge whose output is
/// the unsharded run's, byte for byte.
#[test]
fn a_plan_runs_as_printed_and_merges_to_the_whole_run() {
    let dir = scratch("plan");
    let whole = dir.join("whole");
    let planned = dir.join("planned");
    let run = |out: &Path| -> Vec<String> {
        [
            "pps",
            "--table",
            "best",
            "--iterations",
            "20",
            "--games",
            "5",
            "--threads",
            "1",
        ]
        .into_iter()
        .map(str::to_string)
        .chain([
            "--quiet".to_string(),
            "--out".to_string(),
            out.to_str().unwrap().to_string(),
        ])
        .collect()
    };
    let mut args = vec![
        "experiment".to_string(),
        "plan".to_string(),
        "--shards".to_string(),
        "3".to_string(),
        "--".to_string(),
    ];
    args.extend(run(&planned));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = cardtree(&refs);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let plan = text(&out.stdout);
    let lines: Vec<&str> = plan.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 4, "{plan}");
    for line in &lines {
        // The scratch path has no character the shell would quote.
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[0], "cardtree");
        let out = cardtree(&words[1..]);
        assert!(out.status.success(), "{line}: {}", text(&out.stderr));
    }
    let mut whole_args = vec!["experiment".to_string()];
    whole_args.extend(run(&whole));
    let refs: Vec<&str> = whole_args.iter().map(String::as_str).collect();
    assert!(cardtree(&refs).status.success());
    for file in ["raw.csv", "summary.md", "summary.csv"] {
        assert_eq!(
            std::fs::read(whole.join(file)).unwrap(),
            std::fs::read(planned.join(file)).unwrap(),
            "{file}"
        );
    }
    let slurm = cardtree(&[
        "experiment",
        "plan",
        "--shards",
        "3",
        "--slurm",
        "--",
        "pps",
        "--table",
        "best",
        "--out",
        "o",
    ]);
    let script = text(&slurm.stdout);
    let out_dir = std::env::current_dir().unwrap().join("o");
    for part in [
        " --array=1-3 ".to_string(),
        format!(
            "cardtree=\"${{CARDTREE:-{}}}\"",
            env!("CARGO_BIN_EXE_cardtree")
        ),
        format!(
            "--out {}/shard-\"${{SLURM_ARRAY_TASK_ID}}\"-of-3 ",
            out_dir.display()
        ),
    ] {
        assert!(script.contains(&part), "{part}\n---\n{script}");
    }
    let bad = cardtree(&[
        "experiment",
        "plan",
        "--shards",
        "3",
        "--",
        "pps",
        "--table",
        "best",
    ]);
    assert!(!bad.status.success());
    assert_eq!(
        text(&bad.stderr).lines().count(),
        1,
        "{}",
        text(&bad.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `experiment tables`: hand records on the runner. Its tables are `bridge table`'s, byte for
/// byte (JSON lines and PBN); shards merge to the whole run; a run killed midway resumes from
/// its journal to the same bytes; a bad file is refused whole before any work, naming its lines.
#[test]
fn hand_records_run_on_the_runner_resume_and_merge() {
    let dir = scratch("tables");
    let deals = dir.join("deals.jsonl");
    let out = cardtree(&[
        "bridge",
        "deal",
        "--seed",
        "9",
        "--count",
        "12",
        "--out",
        deals.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let deals = deals.to_str().unwrap();
    let run = |out: &Path, extra: &[&str]| -> Output {
        let mut args = vec!["experiment", "tables", "--file", deals, "--quiet"];
        args.extend(extra);
        args.extend(["--out", out.to_str().unwrap()]);
        cardtree(&args)
    };
    let whole = dir.join("whole");
    let out = run(&whole, &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = cardtree(&["bridge", "table", "--file", deals, "--json"]);
    assert!(table.status.success());
    assert_eq!(
        std::fs::read(whole.join("tables.jsonl")).unwrap(),
        table.stdout
    );

    let shards: Vec<PathBuf> = (1..=3).map(|i| dir.join(format!("s{i}"))).collect();
    for (i, d) in shards.iter().enumerate() {
        let out = run(d, &["--shard", &format!("{}/3", i + 1)]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(!d.join("tables.jsonl").exists(), "a shard writes no tables");
    }
    let merged = dir.join("merged");
    let mut args = vec!["experiment", "merge", "--out", merged.to_str().unwrap()];
    args.extend(shards.iter().map(|d| d.to_str().unwrap()));
    let out = cardtree(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for f in ["raw.csv", "tables.jsonl", "manifest.json"] {
        assert_eq!(
            std::fs::read(whole.join(f)).unwrap(),
            std::fs::read(merged.join(f)).unwrap(),
            "{f}"
        );
    }

    // Killed once two boards are in its journal, then run again: it resumes them.
    let killed = dir.join("killed");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardtree"))
        .args([
            "experiment",
            "tables",
            "--file",
            deals,
            "--quiet",
            "--threads",
            "1",
        ])
        .args(["--out", killed.to_str().unwrap()])
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let journal = killed.join("journal.jsonl");
    let start = std::time::Instant::now();
    while std::fs::read_to_string(&journal).map_or(0, |t| t.lines().count()) < 2 {
        assert!(start.elapsed().as_secs() < 60, "no journal within a minute");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let out = run(&killed, &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    let resumed: usize = err
        .split_once(" resumed")
        .and_then(|(before, _)| before.rsplit('(').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!((2..12).contains(&resumed), "{err}");
    for f in ["raw.csv", "tables.jsonl", "manifest.json"] {
        assert_eq!(
            std::fs::read(whole.join(f)).unwrap(),
            std::fs::read(killed.join(f)).unwrap(),
            "{f}"
        );
    }

    // A PBN session: the file back with its tags, as `bridge table --pbn` writes it.
    let session =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/bridge/session.pbn");
    let pbn = dir.join("pbn");
    let out = cardtree(&[
        "experiment",
        "tables",
        "--pbn",
        session.to_str().unwrap(),
        "--out",
        pbn.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = cardtree(&["bridge", "table", "--pbn", session.to_str().unwrap()]);
    assert_eq!(std::fs::read(pbn.join("tables.pbn")).unwrap(), table.stdout);

    // A file with bad lines is refused whole, before any work.
    let bad = dir.join("bad.jsonl");
    let mut text_with_errors = std::fs::read_to_string(deals).unwrap();
    text_with_errors.push_str("{\"pbn\":\"N:AKQ\"}\nnot json\n");
    std::fs::write(&bad, text_with_errors).unwrap();
    let refused = dir.join("refused");
    let out = cardtree(&[
        "experiment",
        "tables",
        "--file",
        bad.to_str().unwrap(),
        "--out",
        refused.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("line 13:") && err.contains("line 14:") && err.contains("no board was solved"),
        "{err}"
    );
    assert!(!refused.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
