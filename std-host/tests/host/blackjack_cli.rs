//! `cardtree blackjack ...` and `cardtree experiment blackjack` as a user runs them.

use std::path::PathBuf;
use std::process::Command;

fn cardtree(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardtree"))
        .args(args)
        .output()
        .expect("run cardtree")
}

fn ok_json(args: &[&str]) -> serde_json::Value {
    let out = cardtree(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON output")
}

fn reference() -> serde_json::Value {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/blackjack/exact_values.json");
    serde_json::from_str(&std::fs::read_to_string(&path).expect("reference file")).unwrap()
}

#[test]
fn dealer_json_matches_the_reference_to_five_decimals() {
    let ours = ok_json(&["blackjack", "dealer", "--decks", "1", "--s17", "--json"]);
    let theirs = &reference()["1d_s17_das_spl1_ns"]["dealer_outcomes_full_shoe"];
    for up in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "A"] {
        for key in ["bust", "17", "18", "19", "20", "21", "blackjack"] {
            let o = ours["dealer_outcomes_full_shoe"][up][key].as_f64().unwrap();
            let t = theirs[up][key].as_f64().unwrap();
            assert!(
                ((o * 1e5).round() / 1e5 - t).abs() < 1e-9,
                "{up} {key}: {o} {t}"
            );
        }
    }
}

#[test]
fn ev_json_has_the_issue_s_keys_and_the_reference_total() {
    let ours = ok_json(&[
        "blackjack",
        "ev",
        "--decks",
        "6",
        "--s17",
        "--das",
        "--split-hands",
        "2",
        "--json",
    ]);
    let total = ours["ev_total_percent"].as_f64().unwrap();
    assert!((total - -0.456886297).abs() < 1e-8, "{total}");
    let by_up = ours["ev_by_upcard_percent"].as_object().unwrap();
    assert_eq!(by_up.len(), 10);
    assert!(by_up["A"].as_f64().unwrap() < by_up["6"].as_f64().unwrap());
}

#[test]
fn play_is_seeded_and_paired() {
    let args = [
        "blackjack",
        "play",
        "--player",
        "basic",
        "--shoe",
        "even",
        "--hands",
        "300",
        "--seed",
        "5",
        "--json",
    ];
    let a = ok_json(&args);
    let b = ok_json(&[&args[..], &["--threads", "1"]].concat());
    assert_eq!(a["mean"], b["mean"], "threads change nothing");
    let ci = a["ci95"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() <= a["mean"].as_f64().unwrap());
    // The same player on the same cards: a paired difference of exactly zero.
    let same = ok_json(&[&args[..], &["--vs", "basic"]].concat());
    assert_eq!(same["vs"]["paired_difference"].as_f64(), Some(0.0));
    let mcts = ok_json(&[
        "blackjack",
        "play",
        "--player",
        "mcts",
        "--iterations",
        "50",
        "--hands",
        "100",
        "--seed",
        "5",
        "--json",
    ]);
    assert_eq!(mcts["iterations"].as_u64(), Some(50));
    let text = cardtree(&["blackjack", "play", "--player", "timid", "--hands", "50"]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("95 % interval"));
}

#[test]
fn bad_flags_are_usage_errors() {
    for (args, want) in [
        (
            &["blackjack", "ev", "--split-hands", "5"][..],
            "'--split-hands <N>': 5 is not from 2 to 4",
        ),
        (
            &["blackjack", "dealer", "--decks", "0"][..],
            "'--decks <N>': 0 is not from 1 to 1000",
        ),
        (
            &["blackjack", "dealer", "--s17", "--h17"][..],
            "cannot be used with",
        ),
        (
            &["blackjack", "play", "--player", "nobody"][..],
            "[possible values: mcts, timid, basic, default, optimal]",
        ),
    ] {
        let out = cardtree(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("error: ") && err.contains(want),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn the_experiment_writes_its_tables_and_ignores_threads() {
    let base = std::env::temp_dir().join(format!("cardtree-bj-{}", std::process::id()));
    let mut raws = Vec::new();
    for threads in ["1", "2"] {
        let dir = base.join(threads);
        let out = cardtree(&[
            "experiment",
            "blackjack",
            "--hands",
            "4",
            "--block",
            "2",
            "--threads",
            threads,
            "--quiet",
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        for f in [
            "raw.csv",
            "summary.csv",
            "summary.md",
            "mcts_n.svg",
            "c.svg",
        ] {
            assert!(dir.join(f).exists(), "{f}");
        }
        raws.push(std::fs::read_to_string(dir.join("raw.csv")).unwrap());
    }
    assert_eq!(raws[0], raws[1]);
    let _ = std::fs::remove_dir_all(&base);
}
