//! The `cardtree` binary as a user runs it.

use crate::common;

use common::cardtree;

#[test]
fn help_works() {
    let out = cardtree(&["--help"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Usage: cardtree"), "{text}");
    assert!(text.contains("bridge"), "{text}");
}

#[test]
fn deal_repeats_the_shared_generator() {
    let out = cardtree(&[
        "bridge", "deal", "--seed", "1", "--count", "2", "--format", "pbn",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let first = text.lines().next().unwrap();
    assert_eq!(
        first,
        "W:98643.7.8754.AK9 5.JT62.KJ.QJ8653 AKQJ72.AQ9.Q62.T T.K8543.AT93.742"
    );
    assert_eq!(text.lines().count(), 2);
}

#[test]
fn deal_writes_a_file_whole() {
    let dir = std::env::temp_dir().join(format!("cardtree-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("deals.jsonl");
    let out = cardtree(&[
        "bridge",
        "deal",
        "--count",
        "5",
        "--format",
        "jsonl",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 5);
    assert!(
        text.lines()
            .all(|l| l.starts_with("{\"id\":") && l.ends_with("\"}"))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An error found while running is one line, `cardtree: ...`, and exit status 1.
#[test]
fn bad_input_is_one_line_and_non_zero() {
    for args in [
        &["bridge", "deal", "--out", "/nonexistent-dir/deals.txt"][..],
        &["bridge", "solve", "--file", "/nonexistent-dir/deals.jsonl"][..],
    ] {
        let out = cardtree(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("cardtree: "), "{args:?}: {err}");
    }
}

/// A usage error is clap's whole message with exit status 2: what is missing or wrong, the
/// values a flag takes, a suggestion for a misspelling, the usage line; a command or group run
/// bare shows its help with the list of its commands.
#[test]
fn usage_errors_are_clap_messages() {
    let cases: [(&[&str], &[&str]); 9] = [
        (
            &[],
            &[
                "Usage: cardtree <COMMAND>",
                "bridge",
                "blackjack",
                "pps",
                "experiment",
            ],
        ),
        (
            &["bridge"],
            &[
                "Usage: cardtree bridge <COMMAND>",
                "solve",
                "table",
                "lead",
                "deal",
                "bench",
            ],
        ),
        (&["pps"], &["score", "play", "train"]),
        (&["experiment"], &["mckay", "leads", "plan", "merge"]),
        (
            &["bridge", "table"],
            &[
                "required arguments were not provided",
                "--deal <TEXT>|--file <FILE>|--pbn <PBN>",
            ],
        ),
        (
            &["bridge", "deal", "--format", "csv"],
            &["invalid value 'csv'", "[possible values: pbn, jsonl]"],
        ),
        (
            &["brige"],
            &[
                "unrecognized subcommand 'brige'",
                "similar subcommand exists: 'bridge'",
            ],
        ),
        (
            &["pps", "play", "--player", "bset"],
            &["possible values: random, rules", "best"],
        ),
        (
            &[
                "bridge",
                "solve",
                "--deal",
                "N:AK... 32... QJ... 54...",
                "--trump",
                "X",
            ],
            &["invalid value 'X' for '--trump <TEXT>'"],
        ),
    ];
    for (args, wants) in cases {
        let out = cardtree(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        for want in wants {
            assert!(err.contains(want), "{args:?}: wants {want:?}: {err}");
        }
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn solve_one_deal_and_a_file() {
    let out = cardtree(&[
        "bridge",
        "solve",
        "--deal",
        "N:AK... 32... QJ... 54...",
        "--leader",
        "N",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(r#"{"tricks":{"SA":2,"SK":2},"best":2,"nodes":"#),
        "{text}"
    );

    let dir = std::env::temp_dir().join(format!("cardtree-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("in.jsonl");
    let lines = [
        r#"{"id":"a","pbn":"N:AK... 32... QJ... 54...","leader":"E","trump":"NT","tricks":{"S3":9}}"#,
        r#"{"id":"b","pbn":"N:AK... 32...","leader":"E","trump":"NT"}"#,
        r#"{"id":"c","pbn":"W:.3.7.5 .J..93 .6.4.K 2...62","leader":"E","trump":"D"}"#,
    ];
    std::fs::write(&input, lines.join("\n")).unwrap();
    let out = cardtree(&[
        "bridge",
        "solve",
        "--file",
        input.to_str().unwrap(),
        "--json",
    ]);
    assert!(!out.status.success(), "line 2 is malformed");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let got: Vec<&str> = stdout.lines().collect();
    assert_eq!(got.len(), 2, "{stdout}");
    assert!(
        got[0].starts_with(r#"{"id":"a","tricks":{"S3":0,"S2":0},"best":0"#),
        "{}",
        got[0]
    );
    // The first ending of tests/data/bridge/endings.jsonl: DDS says 2 tricks for every card.
    assert!(
        got[1].starts_with(r#"{"id":"c","tricks":{"H6":2,"D4":2,"CK":2},"best":2"#),
        "{}",
        got[1]
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("in.jsonl:2: "), "{stderr}");
    assert!(stderr.contains("solved 2 of 3 lines"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A number that begins with '-' is the flag's value in both spellings (`--c -1` and
/// `--c=-1`): the command then says what is wrong with it, never "unexpected argument".
#[test]
fn negative_numbers_are_values_in_both_spellings() {
    let cases: [(&[&str], &str, &str); 4] = [
        (
            &["blackjack", "play", "--player", "mcts", "--hands", "1"],
            "--c",
            "-1 is not a finite number at least 0",
        ),
        (
            &["pps", "play", "--games", "1"],
            "--cp",
            "-1 is not a finite number at least 0",
        ),
        (
            &["pps", "play", "--games", "1"],
            "--delta",
            "-1 is not a finite number at least 0",
        ),
        (
            &["pps", "play", "--games", "1"],
            "--game-seconds",
            "-1 is not a number from 0 to 86400",
        ),
    ];
    for (command, flag, message) in cases {
        let joined = format!("{flag}=-1");
        for spelling in [vec![flag, "-1"], vec![joined.as_str()]] {
            let mut args = command.to_vec();
            args.extend(&spelling);
            let out = cardtree(&args);
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success(), "{args:?} succeeded");
            assert!(err.contains(message), "{args:?}: {err}");
            assert!(!err.contains("unexpected argument"), "{args:?}: {err}");
            // Checked while running (one line), or by the flag's value parser (a usage error).
            if out.status.code() == Some(1) {
                assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
            } else {
                assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            }
        }
    }
}

/// The shared output flags: `--json` and `--out FILE` mean the same in every command that
/// prints results; the file holds exactly what standard output would, and a file that cannot
/// be written is one line on standard error with nothing left behind.
#[test]
fn json_and_out_are_shared_flags() {
    let dir = std::env::temp_dir().join(format!("cardtree-cli-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let grid = "KD 2C 2H JS 9C 5C TD 6S AS TS KS QC QH 5S AH 7S 7D 9S 6C 6H 7H 2S QS AD KH";
    let deal = "W:KT.AT872.AK.8432 Q7643.964.T987.K 952.Q53.J63.Q765 AJ8.KJ.Q542.AJT9";
    let commands: [&[&str]; 4] = [
        &["pps", "score", "--grid", grid],
        &["bridge", "table", "--deal", deal],
        &[
            "pps",
            "play",
            "--player",
            "random",
            "--games",
            "5",
            "--threads",
            "1",
        ],
        &["blackjack", "dealer", "--decks", "1"],
    ];
    for (i, args) in commands.iter().enumerate() {
        for json in [false, true] {
            let mut a: Vec<&str> = args.to_vec();
            if json {
                a.push("--json");
            }
            let stdout = cardtree(&a);
            assert!(
                stdout.status.success(),
                "{a:?}: {}",
                String::from_utf8_lossy(&stdout.stderr)
            );
            if json {
                let text = String::from_utf8_lossy(&stdout.stdout);
                assert!(text.trim_start().starts_with('{'), "{a:?}: {text}");
            }
            let path = dir.join(format!("{i}-{json}.txt"));
            let p = path.to_str().unwrap();
            a.extend(["--out", p]);
            let filed = cardtree(&a);
            assert!(filed.status.success(), "{a:?}");
            assert!(filed.stdout.is_empty(), "{a:?}");
            let written = std::fs::read(&path).unwrap();
            if args[1] == "play" {
                // The wall time differs from run to run; the rest does not.
                let strip = |b: &[u8]| -> String {
                    String::from_utf8_lossy(b)
                        .lines()
                        .filter(|l| !l.starts_with("wall") && !l.contains("wall_seconds"))
                        .collect()
                };
                if !json {
                    assert_eq!(strip(&written), strip(&stdout.stdout), "{a:?}");
                }
            } else {
                assert_eq!(written, stdout.stdout, "{a:?}");
            }
        }
    }
    let bad = cardtree(&[
        "pps",
        "score",
        "--grid",
        grid,
        "--out",
        "/no/such/dir/x.txt",
    ]);
    assert!(!bad.status.success());
    assert_eq!(String::from_utf8_lossy(&bad.stderr).lines().count(), 1);
    assert!(!std::path::Path::new("/no/such/dir/x.txt").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `bridge bench --json` is one object with the numbers of the text report (times differ from
/// run to run, the counts do not), and `--out` writes it whole.
#[test]
fn bench_reports_json() {
    let dir = std::env::temp_dir().join(format!("cardtree-cli-bench-{}", std::process::id()));
    let deals = common::first_dev_deals(&dir, 2);
    let file = deals.to_str().unwrap();
    let text = cardtree(&["bridge", "bench", "--file", file]);
    assert!(
        text.status.success(),
        "{}",
        String::from_utf8_lossy(&text.stderr)
    );
    let text = String::from_utf8(text.stdout).unwrap();
    let out = dir.join("bench.json");
    let filed = cardtree(&[
        "bridge",
        "bench",
        "--file",
        file,
        "--json",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(filed.status.success() && filed.stdout.is_empty());
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(v["deals"], 2);
    let total = v["cardtree"]["nodes"]["total"].as_f64().unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("cardtree nodes"))
        .unwrap();
    assert!(
        line.ends_with(&format!("total {total:.0}")),
        "{line} / {total}"
    );
    // Every lead of each deal three times, its median time: the same work as one run.
    let repeated = cardtree(&["bridge", "bench", "--file", file, "--repeat", "3", "--json"]);
    assert!(
        repeated.status.success(),
        "{}",
        String::from_utf8_lossy(&repeated.stderr)
    );
    let r: serde_json::Value = serde_json::from_slice(&repeated.stdout).unwrap();
    assert_eq!(r["cardtree"]["nodes"], v["cardtree"]["nodes"], "{r}");
    assert_eq!(r["cardtree"]["tricks"], v["cardtree"]["tricks"], "{r}");
    let said = cardtree(&["bridge", "bench", "--file", file, "--repeat", "2"]);
    let said = String::from_utf8(said.stdout).unwrap();
    assert!(
        said.contains("every lead, one thread; each deal 2 times in turns"),
        "{said}"
    );
    // Whole tables, then again on two threads: every table the same, a throughput reported.
    let tables = |extra: &[&str]| -> serde_json::Value {
        let base = [
            "bridge",
            "bench",
            "--file",
            file,
            "--tables",
            "--threads",
            "2",
            "--json",
        ];
        let out = cardtree(&[&base[..], extra].concat());
        assert!(
            out.status.success(),
            "{extra:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let v = tables(&[]);
    assert_eq!(
        (&v["unit"], &v["deals"]),
        (&"whole tables".into(), &2.into())
    );
    let threads = v["threads"]["threads"].as_u64().unwrap();
    assert!((1..=2).contains(&threads), "{v}");
    assert!(v["threads"]["speedup"].as_f64().unwrap() > 0.0);
    assert!(v["threads"]["wall_s"].as_f64().unwrap() > 0.0);
    assert!(v["threads"].get("rounds").is_none(), "{v}");
    // In rounds: each round's one-thread and threads' times, the median ratio reported.
    let v = tables(&["--rounds", "3"]);
    let each = v["threads"]["rounds"].as_array().unwrap();
    assert_eq!(each.len(), 3, "{v}");
    let mut ratios: Vec<f64> = each
        .iter()
        .map(|r| {
            let (one, wall) = (r["one_s"].as_f64().unwrap(), r["wall_s"].as_f64().unwrap());
            assert!(one > 0.0 && wall > 0.0, "{r}");
            let ratio = r["speedup"].as_f64().unwrap();
            assert!((ratio - one / wall).abs() < 1e-9, "{r}");
            ratio
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    assert_eq!(v["threads"]["speedup"].as_f64().unwrap(), ratios[1], "{v}");
    // Each deal's table three times, its median time: the same tables and work as one run
    // (`v`, the rounds' run above).
    let csv = dir.join("repeat.csv");
    let repeated = cardtree(&[
        "bridge",
        "bench",
        "--file",
        file,
        "--tables",
        "--repeat",
        "3",
        "--per-deal",
        csv.to_str().unwrap(),
    ]);
    assert!(
        repeated.status.success(),
        "{}",
        String::from_utf8_lossy(&repeated.stderr)
    );
    let text = String::from_utf8(repeated.stdout).unwrap();
    assert!(text.contains("each deal 3 times in turns"), "{text}");
    let rows = std::fs::read_to_string(&csv).unwrap();
    let tricks: u64 = rows
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(3).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(rows.lines().count(), 3, "{rows}");
    assert_eq!(
        tricks as f64,
        v["cardtree"]["tricks"]["total"].as_f64().unwrap(),
        "{rows}"
    );
    // At least one run, with or without --tables.
    for bad in [&["--tables", "--repeat", "0"][..], &["--repeat", "0"][..]] {
        let out = cardtree(&[&["bridge", "bench", "--file", file][..], bad].concat());
        assert!(!out.status.success(), "{bad:?}");
    }
    // Rounds only with threads other than one, and at least one round.
    for bad in [
        &["--rounds", "2"][..],
        &["--threads", "2", "--rounds", "0"][..],
        &["--threads", "1", "--rounds", "2"][..],
    ] {
        let out = cardtree(&[&["bridge", "bench", "--file", file, "--tables"][..], bad].concat());
        assert!(!out.status.success(), "{bad:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--out` is checked before the work: each command is given a bad input that only the work
/// finds and an `--out` in a folder that does not exist; the error is the `--out` one (one
/// line naming the path), so the work never started, and nothing is written.
#[test]
fn out_is_checked_before_the_work() {
    let out = "/no/such/dir/out.txt";
    let missing = "/no/such/input";
    for args in [
        &["bridge", "solve", "--file", missing, "--out", out][..],
        &["bridge", "table", "--file", missing, "--out", out][..],
        // A file that is there (so the spec takes it) but no table: only the work finds that.
        &[
            "pps",
            "play",
            "--player",
            "learned",
            "--values",
            "Cargo.toml",
            "--out",
            out,
        ][..],
        // Its options are all checked as they are read: valid ones, and only the `--out`.
        &["pps", "train", "--games", "1", "--batch", "1", "--out", out][..],
        // Every rule is checked as it is read: no bad rule is left for the work to find, so
        // valid rules, whose chart would take seconds, and only the `--out` to refuse.
        &["blackjack", "strategy", "--decks", "1", "--out", out][..],
    ] {
        let result = cardtree(args);
        let err = String::from_utf8_lossy(&result.stderr);
        assert_eq!(result.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains(out) && !err.contains(missing),
            "{args:?}: {err}"
        );
    }
    assert!(!std::path::Path::new(out).exists());
}

/// A line that is not UTF-8 is an error naming its line, and the other lines go on: solved by
/// `bridge solve --file` and `bridge table --file`; `experiment mckay --file` refuses the file
/// naming the line.
#[test]
fn a_line_that_is_not_utf8_is_that_line_s_error() {
    let dir = std::env::temp_dir().join(format!("cardtree-cli-utf8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/bridge/");
    for (command, file, unit) in [
        ("solve", "dev_deals.jsonl", "lines"),
        ("table", "dd_tables.jsonl", "lines"),
    ] {
        let text = std::fs::read_to_string(format!("{data}{file}")).unwrap();
        let mut bytes = Vec::new();
        for line in text.lines().take(3) {
            bytes.extend_from_slice(line.as_bytes());
            bytes.push(b'\n');
        }
        // Line 2 gets a byte that is no UTF-8.
        let second = bytes.iter().position(|&b| b == b'\n').unwrap() + 3;
        bytes[second] = 0xff;
        let path = dir.join(file);
        std::fs::write(&path, &bytes).unwrap();
        let p = path.to_str().unwrap();
        let out = cardtree(&["bridge", command, "--file", p, "--json", "--threads", "1"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{command}: {err}");
        assert!(
            err.contains(&format!("{p}:2: not UTF-8")),
            "{command}: {err}"
        );
        assert!(
            err.contains(&format!("solved 2 of 3 {unit}")),
            "{command}: {err}"
        );
        assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
        if command == "solve" {
            let run = dir.join("run");
            let out = cardtree(&[
                "experiment",
                "mckay",
                "--file",
                p,
                "--out",
                run.to_str().unwrap(),
            ]);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{err}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.contains(&format!("{p}:2: not UTF-8")), "{err}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The numbers that once crashed or never ended (issue 41) are refused by their flag's value
/// parser before any work (one place: `limits.rs`), with clap's message naming the limit:
/// counts of zero, counts whose results would not fit in memory, tables larger than the memory,
/// infinite time budgets; a thread count above the cores runs on the cores.
#[test]
fn numbers_out_of_range_are_refused_before_work() {
    let hand = "KQT2.853.AJ9.742";
    let huge = "18446744073709551615";
    let cases: [&[&str]; 12] = [
        &["blackjack", "play", "--hands", huge],
        &["blackjack", "play", "--hands", "0"],
        &["experiment", "blackjack", "--hands", "0", "--out", "/tmp/x"],
        &["bridge", "solve", "--deal", "x", "--table-mib", "100000000"],
        &[
            "bridge",
            "lead",
            "--hand",
            hand,
            "--contract",
            "3NT",
            "--samples",
            "4294967295",
        ],
        &[
            "bridge",
            "lead",
            "--hand",
            hand,
            "--contract",
            "3NT",
            "--samples",
            "0",
        ],
        &["pps", "play", "--games", huge],
        &["pps", "play", "--games", "0"],
        &["pps", "play", "--games", "1", "--game-seconds", "inf"],
        &[
            "experiment",
            "mckay",
            "--quick",
            "--playouts",
            "0",
            "--out",
            "/tmp/x",
        ],
        &["bridge", "deal", "--count", "0"],
        &["blackjack", "play", "--hands", "10", "--threads", "10000"],
    ];
    for args in cases {
        let out = cardtree(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error: invalid value"), "{args:?}: {err}");
        assert!(
            !err.contains("panicked") && out.stdout.is_empty(),
            "{args:?}: {err}"
        );
    }
    let out = cardtree(&["blackjack", "play", "--hands", "10", "--threads", "4096"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `bridge deal` writes each deal as it is made (flat memory whatever the count), to standard
/// output or, whole or not at all, to `--out`: the same lines either way.
#[test]
fn deals_stream_to_stdout_and_to_a_file() {
    let dir = std::env::temp_dir().join(format!("cardtree-cli-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("deals.jsonl");
    let printed = cardtree(&["bridge", "deal", "--seed", "4", "--count", "2000"]);
    assert!(printed.status.success());
    let out = cardtree(&[
        "bridge",
        "deal",
        "--seed",
        "4",
        "--count",
        "2000",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success() && out.stdout.is_empty());
    let written = std::fs::read(&file).unwrap();
    assert_eq!(written, printed.stdout);
    assert_eq!(written.iter().filter(|&&b| b == b'\n').count(), 2000);
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no temporary file left"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
