//! `cardtree bridge lead` as a user runs it: the JSON the issue asks for, results that do not
//! depend on the thread count, and bad input refused in one line that says where.

use std::process::Command;

fn cardtree(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardtree"))
        .args(args)
        .output()
        .expect("run cardtree")
}

const HAND: &str = "KQT2.853.AJ9.742";
const CONSTRAINTS: &str = "S: 15-17 hcp, 2-4 S; N: 8-15 hcp";

fn lead(extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "bridge",
        "lead",
        "--hand",
        HAND,
        "--contract",
        "3NT",
        "--declarer",
        "S",
        "--constraints",
        CONSTRAINTS,
        "--json",
        "--quiet",
    ];
    args.extend_from_slice(extra);
    let out = cardtree(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// Every field, every card of the hand keyed as in tests/data/bridge/, numbers in range, and
/// the same numbers on one thread as on two.
#[test]
fn json_has_every_card_and_does_not_depend_on_threads() {
    let one = lead(&["--samples", "12", "--threads", "1", "--objective", "tricks"]);
    let two = lead(&["--samples", "12", "--threads", "2", "--objective", "tricks"]);
    assert_eq!(one["method"], "solver");
    let cards = one["cards"].as_object().unwrap();
    let keys: Vec<&str> = cards.keys().map(String::as_str).collect();
    for k in [
        "SK", "SQ", "ST", "S2", "H8", "H5", "H3", "DA", "DJ", "D9", "C7", "C4", "C2",
    ] {
        assert!(keys.contains(&k), "{k} missing from {keys:?}");
    }
    assert_eq!(keys.len(), 13);
    for (card, v) in cards {
        let t = v["tricks"].as_f64().unwrap();
        let p = v["set"].as_f64().unwrap();
        assert!(
            (0.0..=13.0).contains(&t) && (0.0..=1.0).contains(&p),
            "{card}"
        );
        assert!(v["tricks_se"].as_f64().unwrap() >= 0.0);
        assert_eq!(v["layouts"], 12);
    }
    let best = one["best"].as_str().unwrap();
    assert!(cards.contains_key(best));
    assert_eq!(one["samples"], 12);
    assert!(one["tries"].as_u64().unwrap() >= 12);
    assert!(one["ms"].as_f64().is_some());
    // The default 64 MiB solver table per thread.
    assert_eq!(one["memory_bytes"], 64 << 20);
    for field in [
        "best",
        "best_tricks",
        "best_set",
        "cards",
        "samples",
        "tries",
    ] {
        assert_eq!(one[field], two[field], "{field}");
    }
    // The set objective picks the card of the highest set chance.
    let top = cards
        .values()
        .map(|v| v["set"].as_f64().unwrap())
        .fold(0.0, f64::max);
    assert_eq!(cards[best]["set"].as_f64().unwrap(), top);
}

/// Under the set objective (the default) the solver decides only whether each card beats the
/// contract: no mean tricks, and on every layout the verdict the exact tricks give, so the
/// same set chances and the same choice as `--objective tricks` makes by set chance.
#[test]
fn the_set_objective_gives_the_exact_set_chances_without_tricks() {
    let exact = lead(&["--samples", "40", "--objective", "tricks"]);
    let set = lead(&["--samples", "40"]);
    assert_eq!(
        (&set["objective"], &set["method"]),
        (&"set".into(), &"solver(set)".into())
    );
    for (card, e) in exact["cards"].as_object().unwrap() {
        let s = &set["cards"][card];
        for field in ["set", "set_se", "layouts"] {
            assert_eq!(e[field], s[field], "{card} {field}");
        }
        assert!(s["tricks"].is_null() && s["tricks_se"].is_null(), "{card}");
    }
    assert_eq!(set["best"], exact["best_set"]);
    assert_eq!(set["best_set"], set["best"]);
    assert!(set["best_tricks"].is_null());
    assert!(set["work"].as_u64().unwrap() < exact["work"].as_u64().unwrap());
}

#[test]
fn uct_and_ismcts_choose_a_card_of_the_hand() {
    let u = lead(&["--samples", "4", "--method", "uct", "--playouts", "200"]);
    assert_eq!(u["method"], "uct(200,16,1)");
    assert_eq!(u["work"], 800);
    assert!(u["memory_bytes"].as_u64().unwrap() > 0);
    let i = lead(&["--method", "ismcts", "--playouts", "3000", "--p", "4"]);
    assert_eq!(i["method"], "ismcts(3000,16,4)");
    assert!(
        i["cards"]
            .as_object()
            .unwrap()
            .contains_key(i["best"].as_str().unwrap())
    );
    let visits: u64 = i["cards"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v["layouts"].as_u64().unwrap())
        .sum();
    assert_eq!(visits, 3000);
    assert!(i["cards"]["SK"]["set"].is_null());
}

/// One line on standard error, exit status 1, nothing on standard output.
fn refused(args: &[&str], wanted: &str) {
    let out = cardtree(args);
    assert_eq!(out.status.code(), Some(1), "{args:?} should fail");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(wanted), "{err} lacks {wanted}");
    assert!(out.stdout.is_empty());
}

#[test]
fn bad_input_is_one_line_that_says_where() {
    let base = ["bridge", "lead", "--hand", HAND, "--contract", "3NT"];
    let with = |extra: &[&'static str]| -> Vec<&'static str> {
        let mut v = base.to_vec();
        v.extend_from_slice(extra);
        v
    };
    refused(
        &with(&["--constraints", "S: 15-17 hcq"]),
        "--constraints: expected 'hcp' or a suit letter (S, H, D, C) at character 10: \"S: 15-17 ^hcq\"",
    );
    refused(&with(&["--constraints", "S 15 hcp"]), "expected ':'");
    refused(
        &with(&["--constraints", "S: 14 S"]),
        "count too large (at most 13) at character 4: \"S: ^14 S\"",
    );
    refused(&with(&["--seat", "E"]), "the opening leader is W");
    refused(
        &with(&[
            "--constraints",
            "S: 30+ hcp; N: 20+ hcp",
            "--max-tries",
            "1000",
        ]),
        "no layout fits the constraints in 1000 tries",
    );
    refused(
        &[
            "bridge",
            "lead",
            "--hand",
            "KQT2.853.AJ9",
            "--contract",
            "3NT",
        ],
        "--hand",
    );
    refused(
        &[
            "bridge",
            "lead",
            "--hand",
            "KQT2.853.AJ9.74",
            "--contract",
            "3NT",
        ],
        "--hand: has 12 cards, want 13",
    );
    // A flag's value that does not parse is a usage error: clap's whole message, status 2.
    let out = cardtree(&["bridge", "lead", "--hand", HAND, "--contract", "8NT"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("error: invalid value '8NT' for '--contract <TEXT>'"),
        "{err}"
    );
}
