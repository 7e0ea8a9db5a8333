//! The `cardtree` binary as a user runs it.

use std::process::Command;

fn cardtree(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardtree"))
        .args(args)
        .output()
        .expect("run cardtree")
}

#[test]
fn help_works() {
    let out = cardtree(&["--help"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Usage: cardtree"), "{text}");
    assert!(text.contains("deal"), "{text}");
}

#[test]
fn deal_repeats_the_shared_generator() {
    let out = cardtree(&["deal", "--seed", "1", "--count", "2", "--first", "W"]);
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

#[test]
fn bad_input_is_one_line_and_non_zero() {
    for args in [
        &["deal", "--first", "X"][..],
        &["deal", "--seed", "minus one"][..],
        &["deal", "--out", "/nonexistent-dir/deals.txt"][..],
        &["no-such-command"][..],
    ] {
        let out = cardtree(args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("cardtree: "), "{args:?}: {err}");
    }
}
