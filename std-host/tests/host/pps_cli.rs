//! `cardtree pps` as a user runs it.

use std::process::Command;

/// `--player best`'s rollout settings as flags (`RolloutSettings::BEST` in std-host/src/pps.rs).
const BEST_FLAGS: [&str; 5] = ["--candidates", "3", "--control-variate", "--guard", "2"];

fn cardtree(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardtree"))
        .args(args)
        .output()
        .expect("run cardtree")
}

/// The standard output of a run that must succeed (its standard error in the failure).
fn stdout_of(args: &[&str]) -> String {
    let out = cardtree(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The `game,score,iterations` lines of `pps play --per-game` output.
fn per_game_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.contains(',') && l.starts_with(|c: char| c.is_ascii_digit()))
        .map(str::to_string)
        .collect()
}

const GRID: &str = "KD 2C 2H JS 9C 5C TD 6S AS TS KS QC QH 5S AH 7S 7D 9S 6C 6H 7H 2S QS AD KH";

#[test]
fn score_json_is_exact() {
    // Line 2 of tests/data/poker-squares/dev_grids.jsonl.
    let out = cardtree(&[
        "pps", "score", "--grid", GRID, "--system", "american", "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "{\"hands\":[1,1,1,2,0,2,1,1,1,0],\"score\":22}\n"
    );
    let out = cardtree(&[
        "pps",
        "score",
        "--grid",
        GRID,
        "--system",
        "0,1,3,6,12,5,10,16,30,30",
        "--json",
    ]);
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .ends_with("\"score\":12}\n")
    );
}

#[test]
fn score_text_and_errors() {
    let out = cardtree(&["pps", "score", "--grid", GRID, "--system", "british"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("two pair (2)"), "{text}");
    assert!(text.ends_with("score 12\n"), "{text}");
    let out = cardtree(&["pps", "score", "--grid", "AS KS", "--system", "american"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("25 cells"));
    let out = cardtree(&["pps", "score", "--grid", GRID, "--system", "1,2,3"]);
    assert!(!out.status.success());
    // Ten hands of the largest i32 total more than an i32 holds: the total is exact.
    let most = ["2147483647"; 10].join(",");
    let out = cardtree(&["pps", "score", "--grid", GRID, "--system", &most, "--json"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.ends_with("\"score\":21474836470}\n"), "{text}");
}

#[test]
fn play_reports_mean_sd_and_interval_and_is_paired() {
    let run = |player: &str, extra: &[&str]| {
        let mut args = vec![
            "pps", "play", "--player", player, "--games", "6", "--seed", "3",
        ];
        args.extend_from_slice(extra);
        stdout_of(&args)
    };
    let text = run("random", &[]);
    // The point system by the name it was given, not its ten numbers.
    assert!(text.starts_with("system american\ngames 6\n"), "{text}");
    let british = run("rules", &["--system", "british"]);
    assert!(british.starts_with("system british\n"), "{british}");
    assert!(text.contains("\nmean "), "{text}");
    assert!(text.contains("\nsd "), "{text}");
    assert!(text.contains("95% interval "), "{text}");
    // Iteration budgets are deterministic whatever the thread count.
    let a = run(
        "mcts",
        &["--iterations", "30", "--threads", "1", "--per-game"],
    );
    let b = run(
        "mcts",
        &["--iterations", "30", "--threads", "2", "--per-game"],
    );
    assert_eq!(per_game_lines(&a), per_game_lines(&b));
    assert_eq!(per_game_lines(&a).len(), 6);
    let out = cardtree(&["pps", "play", "--player", "mcts", "--system", "nope"]);
    assert!(!out.status.success());
}

#[test]
fn first_plays_the_same_games_a_longer_run_plays() {
    let games = |extra: &[&str]| -> Vec<String> {
        let mut args = vec![
            "pps",
            "play",
            "--player",
            "mcts",
            "--iterations",
            "30",
            "--seed",
            "5",
            "--per-game",
        ];
        args.extend_from_slice(extra);
        per_game_lines(&stdout_of(&args))
    };
    let all = games(&["--games", "5"]);
    let tail = games(&["--games", "2", "--first", "3"]);
    assert_eq!(tail, all[3..].to_vec());
    assert!(tail[0].starts_with("3,"), "{tail:?}");
    // The JSON says where its scores start.
    let json = stdout_of(&[
        "pps", "play", "--player", "greedy", "--games", "2", "--first", "3", "--json",
    ]);
    assert!(json.contains("\"first\":3,"), "{json}");
    // Past the last index: an error naming both flags, not a wrapped index.
    let out = cardtree(&[
        "pps",
        "play",
        "--games",
        "2",
        "--first",
        "18446744073709551615",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("cardtree: --first: ") && err.contains("with 2 games"),
        "{err}"
    );
}

#[test]
fn expectimax_looks_one_or_two_cards_ahead() {
    let out = cardtree(&["pps", "play", "--player", "expectimax", "--lookahead", "3"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--lookahead") && err.contains("3 is not from 1 to 2"),
        "{err}"
    );
}

#[test]
fn experiment_learned_tables_play_the_shipped_table() {
    let dir = std::env::temp_dir().join(format!("cardtree-pps-rollout-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let table = |args: &[&str]| {
        let mut all = vec!["experiment", "pps", "--games", "2", "--quiet", "--out"];
        all.push(dir.to_str().unwrap());
        all.extend(args);
        cardtree(&all)
    };
    let run = |system: &str, candidates: &str| {
        table(&[
            "--table",
            "rollout",
            "--system",
            system,
            "--candidates",
            candidates,
            "--iterations",
            "2",
        ])
    };
    let summary = |out: std::process::Output| -> String {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let md = std::fs::read_to_string(dir.join("summary.md")).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        md
    };
    let md = summary(run("american", "3"));
    assert!(
        md.contains("--table rollout") && md.contains("--candidates 3"),
        "{md}"
    );
    assert!(md.contains("| rollout learned |"), "{md}");
    // `--player best`'s settings: the fingerprint (and so the summary's command) records them.
    let out = table(
        &[
            &["--table", "rollout"][..],
            &BEST_FLAGS,
            &["--iterations", "2"],
        ]
        .concat(),
    );
    let manifest = std::fs::read_to_string(dir.join("manifest.json")).unwrap_or_default();
    let md = summary(out);
    assert!(
        md.contains("--candidates 3 --guard 2 --control-variate")
            && md.contains("| rollout-cv learned |"),
        "{md}"
    );
    // The rollout player's budget is in rounds, and no MCTS prior mix is named.
    assert!(
        md.contains("2 rollout rounds per searched move") && !md.contains("prior mix"),
        "{md}"
    );
    assert!(manifest.contains("\"control_variate\": true"), "{manifest}");
    // Expectimax on the same table, named with its lookahead.
    let md = summary(table(&["--table", "expectimax"]));
    assert!(
        md.contains("--table expectimax") && md.contains("--lookahead 1"),
        "{md}"
    );
    assert!(md.contains("| expectimax learned |"), "{md}");
    // No table ships for a random system: a one-line error, nothing written.
    let out = run("random:3", "0");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no learned table"), "{err}");
    assert!(!dir.join("summary.md").exists());
    // With a table learned for it (--values), the run names the file and its hash.
    let table = dir.with_extension("values.txt");
    let _ = std::fs::remove_file(&table);
    let out = cardtree(&[
        "pps",
        "train",
        "--system",
        "random:3",
        "--games",
        "200",
        "--batch",
        "100",
        "--quiet",
        "--out",
        table.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let with_values = |system: &str| {
        cardtree(&[
            "experiment",
            "pps",
            "--table",
            "rollout",
            "--system",
            system,
            "--values",
            table.to_str().unwrap(),
            "--games",
            "2",
            "--iterations",
            "2",
            "--quiet",
            "--out",
            dir.to_str().unwrap(),
        ])
    };
    let out = with_values("random:3");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let md = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(md.contains("--values "), "{md}");
    let manifest = std::fs::read_to_string(dir.join("manifest.json")).unwrap();
    assert!(manifest.contains("fnv64"), "{manifest}");
    let _ = std::fs::remove_dir_all(&dir);
    // A table for another system is refused.
    let out = with_values("american");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("another point system"), "{err}");
    let _ = std::fs::remove_file(&table);
}

#[test]
fn experiment_writes_summary_beside_the_paper_and_resumes() {
    let dir = std::env::temp_dir().join(format!("cardtree-pps-exp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let args = [
        "experiment",
        "pps",
        "--table",
        "squashing",
        "--games",
        "3",
        "--iterations",
        "20",
        "--threads",
        "2",
        "--quiet",
        "--out",
        dir.to_str().unwrap(),
    ];
    let out = cardtree(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let md = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(md.contains("| precise |") && md.contains("| 91 |"), "{md}");
    assert!(md.contains("20 iterations per searched move"), "{md}");
    let raw = std::fs::read_to_string(dir.join("raw.csv")).unwrap();
    assert_eq!(raw.lines().count(), 1 + 4 * 3);
    assert!(dir.join("plot.svg").exists());
    // The same run again finds it complete and changes nothing.
    let again = cardtree(&args);
    assert!(again.status.success());
    assert_eq!(std::fs::read_to_string(dir.join("raw.csv")).unwrap(), raw);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Values that begin with '-' are values, not flags: a point system with negative points and
/// a grid whose first cell is empty (`--`), spelled with a space as the help shows them.
#[test]
fn values_may_begin_with_a_dash() {
    let out = cardtree(&[
        "pps",
        "score",
        "--grid",
        GRID,
        "--system",
        "-1,-1,1,1,-1,1,1,-1,1,-1",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let partial = format!("-- {}", &GRID[3..]);
    let out = cardtree(&["pps", "score", "--grid", &partial, "--system", "american"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `experiment pps --prior-mix` reaches every configuration and the manifest: the same games
/// score differently under another mix, and the default leaves the fingerprint as it was.
#[test]
fn experiment_prior_mix_is_in_the_fingerprint() {
    let base = std::env::temp_dir().join(format!("cardtree-pps-mix-{}", std::process::id()));
    let mut scores = Vec::new();
    for mix in ["sum", "made-in-full"] {
        let dir = base.join(mix);
        let out = cardtree(&[
            "experiment",
            "pps",
            "--table",
            "best",
            "--iterations",
            "40",
            "--games",
            "3",
            "--prior-mix",
            mix,
            "--threads",
            "1",
            "--quiet",
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let manifest = std::fs::read_to_string(dir.join("manifest.json")).unwrap();
        assert_eq!(
            manifest.contains("\"prior_mix\": \"made-in-full\""),
            mix != "sum",
            "{manifest}"
        );
        assert_eq!(manifest.contains("prior_mix"), mix != "sum", "{manifest}");
        let summary = std::fs::read_to_string(dir.join("summary.md")).unwrap();
        assert!(summary.contains(&format!("prior mix: {mix}")), "{summary}");
        // The summary names the command that makes it; the default mix is left out.
        let flag = if mix == "sum" {
            String::new()
        } else {
            format!(" --prior-mix {mix}")
        };
        let command = format!(
            "Command: `cardtree experiment pps --table best --system american --games 3 --seed 1 --iterations 40{flag} --out DIR`"
        );
        assert!(summary.contains(&command), "{summary}");
        scores.push(std::fs::read_to_string(dir.join("raw.csv")).unwrap());
    }
    assert_ne!(scores[0], scores[1], "the mix changed no game");
    std::fs::remove_dir_all(&base).unwrap();
}

/// `pps train` writes a table `pps play --player learned` reads; the learned greedy player
/// beats random placement on the same games; the committed tables stand in for --values; a
/// missing table is a one-line error.
#[test]
fn train_then_play_learned() {
    let dir = std::env::temp_dir().join(format!("cardtree-pps-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("american.txt");
    let _ = std::fs::remove_file(&table);
    let path = table.to_str().unwrap();
    let out = cardtree(&[
        "pps", "train", "--games", "4000", "--batch", "2000", "--seed", "2", "--quiet", "--out",
        path,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("4000 games"));
    let mean = |player: &str| -> f64 {
        let mut args = vec![
            "pps", "play", "--player", player, "--games", "300", "--seed", "3",
        ];
        if player != "random" {
            args.extend(["--values", path]);
        }
        let out = cardtree(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let line = text.lines().find(|l| l.starts_with("mean ")).unwrap();
        line[5..].trim().parse().unwrap()
    };
    let (learned, random) = (mean("learned"), mean("random"));
    assert!(
        learned > random + 30.0,
        "learned {learned}, random {random}"
    );
    let expectimax = mean("expectimax");
    assert!(
        expectimax > random + 30.0,
        "expectimax {expectimax}, random {random}"
    );
    // MCTS with learned playouts, and with learned leaf values instead of playouts.
    for sim in ["learned", "learned-value"] {
        let out = cardtree(&[
            "pps",
            "play",
            "--player",
            "mcts",
            "--simulation",
            sim,
            "--values",
            path,
            "--iterations",
            "20",
            "--games",
            "2",
        ]);
        assert!(
            out.status.success(),
            "{sim}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // Without --values: the committed table of the system, none for other systems (a
    // one-line error naming the train command).
    let out = cardtree(&[
        "pps",
        "play",
        "--player",
        "mcts",
        "--simulation",
        "learned-value",
        "--iterations",
        "20",
        "--games",
        "1",
        "--system",
        "british",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = cardtree(&[
        "pps",
        "play",
        "--player",
        "learned",
        "--games",
        "2",
        "--system",
        "1,2,3,4,5,6,7,8,9,10",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("pps train"), "{err}");
    let out = cardtree(&[
        "pps", "play", "--player", "learned", "--values", path, "--system", "british",
    ]);
    assert!(!out.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--player best` plays guarded, controlled rollouts on the committed table, and says which
/// table it used; the expectimax player it guards is far above the papers' heuristic greedy
/// player on the same games. Where no table ships, the rollouts are unguarded, on --values or
/// on a table learned first.
#[test]
fn best_is_the_controlled_rollout_player_guarded_on_a_committed_table() {
    let run = |games: &str, args: &[&str]| -> (f64, String) {
        let mut all = vec!["pps", "play", "--games", games, "--seed", "4"];
        all.extend(args);
        let out = cardtree(&all);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let line = text.lines().find(|l| l.starts_with("mean ")).unwrap();
        (line[5..].trim().parse().unwrap(), text)
    };
    // Its defaults: three candidates, expectimax playouts with the control variate, a guard of
    // two standard errors, 200 rounds a move (two games: about 3 s each).
    let (best, text) = run("2", &["--player", "best"]);
    assert!(
        text.contains("learned values: a table of 5000000 self-played games"),
        "{text}"
    );
    let flags = [
        &["--player", "rollout"][..],
        &BEST_FLAGS,
        &["--iterations", "200"],
    ]
    .concat();
    assert_eq!(run("2", &flags).0, best);
    // The expectimax player it guards: strong on the committed table.
    let (expectimax, _) = run("200", &["--player", "expectimax"]);
    assert_ne!(run("200", &["--player", "learned"]).0, expectimax);
    let (greedy, _) = run("200", &["--player", "greedy"]);
    assert!(
        expectimax > greedy + 15.0,
        "expectimax {expectimax}, heuristic greedy {greedy}"
    );
    let (british, _) = run("200", &["--player", "expectimax", "--system", "british"]);
    assert!(british > 40.0, "british {british}");
    let (british_best, text) = run("1", &["--player", "best", "--system", "british"]);
    assert!(british_best > 0.0 && text.contains("3000000"), "{text}");
    // No table ships for a random system: the same rollouts unguarded, on --values or on a
    // table it learns first (1,000,000 games: the recipe of `pps train`'s random:42 table).
    let dir = std::env::temp_dir().join(format!("cardtree-best-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("r42.txt");
    let table = table.to_str().unwrap();
    let out = cardtree(&[
        "pps",
        "train",
        "--system",
        "random:42",
        "--games",
        "2000",
        "--batch",
        "1000",
        "--out",
        table,
        "--quiet",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let random = [
        "--system",
        "random:42",
        "--values",
        table,
        "--iterations",
        "30",
    ];
    let (best, _) = run("2", &[&["--player", "best"][..], &random].concat());
    let unguarded = [
        "--player",
        "rollout",
        "--candidates",
        "3",
        "--control-variate",
    ];
    assert_eq!(run("2", &[&unguarded[..], &random].concat()).0, best);
    std::fs::remove_dir_all(&dir).unwrap();
    let out = cardtree(&[
        "pps",
        "play",
        "--player",
        "best",
        "--system",
        "random:42",
        "--iterations",
        "2",
        "--games",
        "1",
    ]);
    let (text, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{err}");
    assert!(err.contains("learning one (1000000 games"), "{err}");
    assert!(
        text.contains("learned values: a table of 1000000 self-played games"),
        "{text}"
    );
}

#[test]
fn rollout_flags_reach_the_player() {
    let run = |extra: &[&str]| -> String {
        let mut all = vec![
            "pps",
            "play",
            "--player",
            "rollout",
            "--candidates",
            "2",
            "--iterations",
            "3",
            "--games",
            "3",
            "--seed",
            "5",
            "--threads",
            "1",
            "--per-game",
        ];
        all.extend(extra);
        // The scores, without the timing line.
        stdout_of(&all)
            .lines()
            .filter(|l| !l.starts_with("wall"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let controlled = run(&["--control-variate", "--guard", "1"]);
    assert!(controlled.contains("mean "), "{controlled}");
    assert_eq!(
        run(&["--control-variate", "--guard", "1"]),
        controlled,
        "seeded"
    );
    // A guard no rollouts pass is expectimax over the next card, control variate or not.
    let expectimax = run(&["--control-variate", "--guard", "1e9"]);
    let mut all = vec![
        "pps",
        "play",
        "--player",
        "expectimax",
        "--games",
        "3",
        "--seed",
        "5",
    ];
    all.extend(["--threads", "1", "--per-game"]);
    let out = String::from_utf8(cardtree(&all).stdout).unwrap();
    // Game and score of each line of `game,score,iterations`.
    let scores = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.split(',').count() == 3 && !l.starts_with("game"))
            .map(|l| l.rsplit_once(',').map_or(l, |(a, _)| a).to_string())
            .collect()
    };
    assert_eq!(scores(&expectimax), scores(&out));
    assert!(!scores(&out).is_empty());
}

/// A Cp whose constant `2 sqrt(2) Cp` overflows is refused before any game, as a negative or
/// non-finite one is.
#[test]
fn a_cp_too_large_for_uct_is_refused() {
    for (cp, message) in [
        ("1e308", "1e308 is too large"),
        ("-1", "-1 is not a finite number at least 0"),
    ] {
        let out = cardtree(&["pps", "play", "--games", "1", "--cp", cp]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && stderr.contains(message),
            "{stderr}"
        );
    }
}

/// `--per-game` streams: each game's line reaches standard output as soon as it and the games
/// before it are done, long before the run ends (here the run is stopped after two lines).
#[test]
fn per_game_lines_arrive_while_the_run_goes_on() {
    use std::io::BufRead as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardtree"))
        .args([
            "pps",
            "play",
            "--games",
            "100000",
            "--iterations",
            "2000",
            "--threads",
            "1",
            "--per-game",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run cardtree");
    // Read on a thread, so a run that holds its lines back fails here rather than hanging.
    let stdout = child.stdout.take().unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = std::io::BufReader::new(stdout).lines();
        let two = (lines.next(), lines.next());
        send.send(two).ok();
    });
    let two = receive.recv_timeout(std::time::Duration::from_secs(60));
    let running = child.try_wait().unwrap().is_none();
    child.kill().ok();
    child.wait().ok();
    let (Some(Ok(header)), Some(Ok(first))) = two.expect("no line within a minute") else {
        panic!("the output ended before two lines");
    };
    assert_eq!(header, "game,score,iterations");
    assert!(first.starts_with("0,"), "{first}");
    assert!(running, "the run ended before its first games were read");
}
