//! Every number a user can type, at its edges: each numeric flag of each command (and each
//! number inside a flag's text, like `--shard 1/N` or `--uct LxP:c:p`) is given 0, 1, -1, the
//! integer types' maxima, `f64::MAX`, a number past every type, `inf`, `-inf` and `nan`, and the
//! program must answer as it promises: a usage error (clap's message, status 2), a one-line
//! error (status 1), or a run that ends within seconds, in bounded memory, with no `NaN` or
//! `inf` in what it prints. Never a panic, an abort or a signal.
//!
//! The test knows every command's flags from the command line's own definition
//! (`Cli::command()`): a flag that takes a value and is in neither table below fails it, so a
//! new flag cannot escape.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cardtree_host::cli::Cli;
use clap::CommandFactory;

/// Values no number may take: a run given one of these must refuse it.
const NEVER: &[&str] = &["-1", "1e999", "inf", "-inf", "nan"];

/// The values each number is given.
const VALUES: &[&str] = &[
    "0",
    "1",
    "-1",
    "4294967295",
    "18446744073709551615",
    "179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
    "1.7976931348623157e308",
    "1e999",
    "inf",
    "-inf",
    "nan",
];

/// How long one run may take: a refused number is refused at once; an accepted one runs the
/// case's small base command.
const TIMEOUT: Duration = Duration::from_secs(60);

/// The address space one run may take (`ulimit -v`, KiB): the base commands need a few
/// hundred MiB; a number that made the program reserve gigabytes fails here.
const MEMORY_KIB: u64 = 4 << 20;

/// One command: the arguments that make it a small, quick run, the numbers it takes (a flag and
/// a template where `{}` is the number, with any arguments the number needs to matter), and
/// its flags that take text.
struct Case {
    command: &'static [&'static str],
    base: &'static [(&'static str, &'static str)],
    tail: &'static [&'static str],
    numbers: &'static [Number],
    text: &'static [&'static str],
}

struct Number {
    flag: &'static str,
    template: &'static str,
    with: &'static [(&'static str, &'static str)],
    /// Negative numbers mean something here (a point system's scores and its generator's
    /// seed, as the contest's framework takes them).
    signed: bool,
}

const fn n(flag: &'static str) -> Number {
    Number {
        flag,
        template: "{}",
        with: &[],
        signed: false,
    }
}

const fn t(flag: &'static str, template: &'static str) -> Number {
    Number {
        flag,
        template,
        with: &[],
        signed: false,
    }
}

const fn w(
    flag: &'static str,
    template: &'static str,
    with: &'static [(&'static str, &'static str)],
) -> Number {
    Number {
        flag,
        template,
        with,
        signed: false,
    }
}

/// A template whose negative numbers are meant (see [`Number::signed`]).
const fn s(flag: &'static str, template: &'static str) -> Number {
    Number {
        flag,
        template,
        with: &[],
        signed: true,
    }
}

/// A full deal for the commands that take one: each hand holds one suit's top, so it is solved
/// in a few nodes (this test is about the numbers, not the search).
const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";
/// Placeholders in base arguments: a one-deal JSON-lines file, a fresh output directory, a
/// fresh output file.
const DEALS: &str = "{deals}";
const DIR: &str = "{dir}";
const FILE: &str = "{file}";
/// A LIN file of one hand played a trick (`bridge analyse`).
const LIN: &str = "{lin}";
/// Its text.
const LIN_HAND: &str = "pn|s,w,n,e|md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,S47H8TD248KC347QA,|\
    sv|o|mb|p|mb|1S|mb|p|mb|2S|mb|p|mb|p|mb|p|pc|HA|pc|H3|pc|HT|pc|HJ|";

const SYSTEM: &str = "{},0,1,2,3,4,5,6,7,8";

const CASES: &[Case] = &[
    Case {
        command: &["uct"],
        base: &[("--game", "dice"), ("--iterations", "50")],
        tail: &[],
        numbers: &[
            n("--iterations"),
            t("--c", "{}"),
            t("--p", "{}"),
            n("--seed"),
            n("--stream"),
            n("--nodes"),
        ],
        text: &[
            "--game",
            "--deal",
            "--strain",
            "--leader",
            "--backup",
            "--expansion",
            "--final-move",
            "--normalize",
            "--out",
        ],
    },
    Case {
        command: &["bridge", "solve"],
        base: &[("--file", DEALS)],
        tail: &[],
        numbers: &[n("--threads"), n("--table-mib")],
        text: &["--deal", "--leader", "--trump", "--file", "--out"],
    },
    Case {
        command: &["bridge", "analyse"],
        base: &[("--lin", LIN)],
        tail: &[],
        numbers: &[
            n("--threads"),
            n("--table-mib"),
            w("--samples", "{}", &[("--single-dummy", "")]),
            w(
                "--seed",
                "{}",
                &[("--single-dummy", ""), ("--samples", "2")],
            ),
        ],
        text: &["--lin", "--pbn", "--out", "--constraints"],
    },
    Case {
        command: &["bridge", "playout"],
        base: &[("--count", "1"), ("--table-mib", "1")],
        tail: &[],
        numbers: &[
            n("--count"),
            n("--first"),
            n("--seed"),
            n("--error-rate"),
            n("--threads"),
            n("--table-mib"),
        ],
        text: &["--out"],
    },
    Case {
        command: &["completions"],
        base: &[],
        tail: &["bash"],
        numbers: &[],
        text: &["--out"],
    },
    Case {
        command: &["man"],
        base: &[],
        tail: &[],
        numbers: &[],
        text: &["--out", "--dir"],
    },
    Case {
        command: &["bridge", "table"],
        base: &[("--deal", DEAL)],
        tail: &[],
        numbers: &[n("--board"), n("--threads"), n("--table-mib")],
        text: &[
            "--deal",
            "--dealer",
            "--vulnerable",
            "--file",
            "--pbn",
            "--out",
        ],
    },
    Case {
        command: &["bridge", "deal"],
        base: &[("--count", "3")],
        tail: &[],
        numbers: &[n("--seed"), n("--count")],
        text: &["--first", "--format", "--out"],
    },
    Case {
        command: &["bridge", "lead"],
        base: &[
            ("--hand", "KQT2.853.AJ9.742"),
            ("--contract", "3NT"),
            ("--samples", "2"),
            ("--quiet", ""),
        ],
        tail: &[],
        numbers: &[
            n("--samples"),
            w(
                "--playouts",
                "{}",
                &[("--method", "uct"), ("--samples", "1")],
            ),
            w("--playouts", "{}", &[("--method", "ismcts")]),
            w("--c", "{}", &[("--method", "uct"), ("--playouts", "50")]),
            w("--p", "{}", &[("--method", "uct"), ("--playouts", "50")]),
            w(
                "--c",
                "{}",
                &[("--method", "ismcts"), ("--playouts", "200")],
            ),
            w(
                "--p",
                "{}",
                &[("--method", "ismcts"), ("--playouts", "200")],
            ),
            n("--seed"),
            n("--max-tries"),
            w("--max-tries", "{}", &[("--constraints", "N: 20+ hcp")]),
            n("--threads"),
            n("--table-mib"),
            t("--contract", "{}NT"),
            t("--constraints", "S: {} hcp"),
            t("--constraints", "N: {}-3 S"),
            t("--constraints", "N: 2-{} H"),
            t("--constraints", "E: {}+ C"),
        ],
        text: &[
            "--hand",
            "--seat",
            "--contract",
            "--declarer",
            "--constraints",
            "--method",
            "--objective",
            "--out",
        ],
    },
    Case {
        command: &["bridge", "bench"],
        base: &[("--file", DEALS)],
        tail: &[],
        numbers: &[
            n("--table-mib"),
            w("--threads", "{}", &[("--tables", "")]),
            w("--rounds", "{}", &[("--tables", ""), ("--threads", "2")]),
            n("--repeat"),
        ],
        text: &["--file", "--per-deal", "--out", "--macroxue"],
    },
    Case {
        command: &["bridge", "ablation"],
        base: &[("--file", DEALS), ("--budget", "5")],
        tail: &[],
        numbers: &[n("--table-mib"), n("--budget")],
        text: &["--file", "--out"],
    },
    Case {
        command: &["pps", "play"],
        base: &[("--games", "1"), ("--iterations", "20")],
        tail: &[],
        numbers: &[
            n("--cp"),
            n("--delta"),
            n("--iterations"),
            w("--game-seconds", "{}", &[("--player", "flat")]),
            w("--candidates", "{}", &[("--player", "rollout")]),
            w("--playout-lookahead", "{}", &[("--player", "rollout")]),
            w(
                "--guard",
                "{}",
                &[("--player", "rollout"), ("--candidates", "2")],
            ),
            w("--lookahead", "{}", &[("--player", "expectimax")]),
            w(
                "--iterations",
                "{}",
                &[("--player", "rollout"), ("--candidates", "2")],
            ),
            w("--iterations", "{}", &[("--player", "flat")]),
            w("--iterations", "{}", &[("--player", "best")]),
            n("--games"),
            w("--games", "{}", &[("--player", "greedy")]),
            n("--first"),
            n("--seed"),
            n("--threads"),
            s("--system", SYSTEM),
            s("--system", "random:{}"),
            t("--weights", "{},0.3,0.85"),
            t("--apriori", "{},0,0,0,0,0,0,0,0,0"),
        ],
        text: &[
            "--system",
            "--player",
            "--selection",
            "--simulation",
            "--squash",
            "--weights",
            "--apriori",
            "--prior-mix",
            "--values",
            "--net",
            "--out",
        ],
    },
    Case {
        command: &["pps", "score"],
        base: &[(
            "--grid",
            "AS KS QS JS TS 2H 3H 4H 5H 6H 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7C 8C 9C TC JC",
        )],
        tail: &[],
        numbers: &[s("--system", SYSTEM), s("--system", "hypercorner:{}")],
        text: &["--grid", "--system", "--out"],
    },
    Case {
        command: &["pps", "values"],
        base: &[
            (
                "--grid",
                "AS KS -- -- -- -- -- -- -- -- 2H -- -- -- -- -- -- -- -- -- -- -- -- -- 9C",
            ),
            ("--card", "QS"),
        ],
        tail: &[],
        // A point system cardtree ships no table for is learned (seconds): the table file
        // given instead, missing, ends an accepted number's run at once.
        numbers: &[
            Number {
                with: &[("--values", FILE)],
                ..s("--system", SYSTEM)
            },
            Number {
                with: &[("--values", FILE)],
                ..s("--system", "hypercorner:{}")
            },
        ],
        text: &["--grid", "--card", "--system", "--values", "--out"],
    },
    Case {
        command: &["pps", "train"],
        base: &[("--games", "20"), ("--batch", "10"), ("--out", FILE)],
        tail: &[],
        numbers: &[
            n("--games"),
            n("--seed"),
            n("--batch"),
            n("--explore-ppm"),
            n("--threads"),
            s("--system", SYSTEM),
            w("--games", "{}", &[("--net", "")]),
            w("--batch", "{}", &[("--net", "")]),
            w("--alpha", "{}", &[("--net", "")]),
            w("--lambda-ppm", "{}", &[("--net", "")]),
            w("--eval-every", "{}", &[("--net", "")]),
            w("--explore-ppm", "{}", &[("--net", "")]),
        ],
        text: &["--system", "--out", "--teacher", "--plot"],
    },
    Case {
        command: &["pps", "apriori"],
        base: &[("--games", "20")],
        tail: &[],
        numbers: &[n("--games"), n("--rounds"), n("--seed")],
        text: &[],
    },
    Case {
        command: &["blackjack", "play"],
        // The timid player needs no strategy table (the basic one is computed first).
        base: &[("--hands", "20"), ("--player", "timid")],
        tail: &[],
        numbers: &[
            n("--decks"),
            n("--split-hands"),
            n("--hands"),
            w("--hands", "{}", &[("--vs", "optimal"), ("--audit", "")]),
            n("--seed"),
            w("--iterations", "{}", &[("--player", "mcts")]),
            w("--c", "{}", &[("--player", "mcts")]),
            w("--unprune-after", "{}", &[("--player", "mcts")]),
            n("--threads"),
        ],
        text: &["--player", "--vs", "--shoe", "--out", "--dump"],
    },
    Case {
        command: &["blackjack", "dealer"],
        base: &[],
        tail: &[],
        numbers: &[n("--decks"), n("--split-hands")],
        text: &["--out"],
    },
    Case {
        command: &["blackjack", "strategy"],
        base: &[],
        tail: &[],
        numbers: &[n("--decks"), n("--split-hands")],
        text: &["--out"],
    },
    Case {
        command: &["blackjack", "ev"],
        base: &[],
        tail: &[],
        numbers: &[n("--decks"), n("--split-hands")],
        text: &["--split-play", "--out"],
    },
    Case {
        command: &["experiment", "mckay"],
        base: &[
            ("--file", DEALS),
            ("--c", "1"),
            ("--p", "1"),
            ("--playouts", "20"),
            ("--out", DIR),
        ],
        tail: &[],
        numbers: &[
            n("--playouts"),
            n("--seed"),
            n("--threads"),
            t("--c", "{}"),
            t("--p", "{}"),
            t("--c", "0.5..{}"),
            t("--p", "1..{}"),
            t("--c", "0.5,1,...,{}"),
            t("--shard", "{}/2"),
            t("--shard", "1/{}"),
        ],
        text: &[
            "--file",
            "--c",
            "--p",
            "--variant",
            "--choice",
            "--out",
            "--shard",
        ],
    },
    Case {
        command: &["experiment", "leads"],
        base: &[
            ("--file", DEALS),
            ("--layouts", "2"),
            ("--uct", "none"),
            ("--ismcts", "none"),
            ("--out", DIR),
        ],
        tail: &[],
        numbers: &[
            n("--seed"),
            n("--table-mib"),
            n("--threads"),
            t("--layouts", "{}"),
            t("--uct", "{}x20:16:1"),
            t("--uct", "2x{}:16:1"),
            t("--uct", "2x20:{}:1"),
            t("--uct", "2x20:16:{}"),
            t("--ismcts", "{}:16:1"),
            t("--ismcts", "200:{}:1"),
            t("--ismcts", "200:16:{}"),
            t("--shard", "{}/2"),
            t("--shard", "1/{}"),
        ],
        text: &[
            "--file",
            "--layouts",
            "--uct",
            "--ismcts",
            "--out",
            "--shard",
        ],
    },
    Case {
        command: &["experiment", "pps"],
        base: &[
            ("--table", "rollout"),
            ("--games", "1"),
            ("--iterations", "20"),
            ("--candidates", "2"),
            ("--out", DIR),
        ],
        tail: &[],
        numbers: &[
            n("--games"),
            n("--seed"),
            n("--iterations"),
            w("--iterations", "{}", &[("--table", "best")]),
            w("--game-seconds", "{}", &[("--table", "best")]),
            n("--candidates"),
            n("--playout-lookahead"),
            n("--guard"),
            w("--lookahead", "{}", &[("--table", "expectimax")]),
            n("--threads"),
            t("--shard", "{}/2"),
            t("--shard", "1/{}"),
            s("--system", SYSTEM),
        ],
        text: &[
            "--table",
            "--system",
            "--prior-mix",
            "--values",
            "--out",
            "--shard",
        ],
    },
    Case {
        command: &["experiment", "blackjack"],
        base: &[("--hands", "20"), ("--block", "10"), ("--out", DIR)],
        tail: &[],
        numbers: &[
            n("--hands"),
            n("--block"),
            n("--seed"),
            n("--threads"),
            t("--shard", "{}/2"),
            t("--shard", "1/{}"),
        ],
        text: &["--out", "--shard"],
    },
    Case {
        command: &["experiment", "tables"],
        base: &[("--file", DEALS), ("--out", DIR)],
        tail: &[],
        numbers: &[
            n("--table-mib"),
            n("--threads"),
            t("--shard", "{}/2"),
            t("--shard", "1/{}"),
        ],
        text: &["--file", "--pbn", "--out", "--shard"],
    },
    Case {
        command: &["experiment", "plan"],
        base: &[("--shards", "2")],
        tail: &["--", "blackjack", "--hands", "20", "--out", "plan-out"],
        numbers: &[
            n("--shards"),
            w("--cpus-per-task", "{}", &[("--slurm", "")]),
        ],
        text: &["--time"],
    },
    Case {
        command: &["experiment", "merge"],
        base: &[],
        tail: &[],
        numbers: &[],
        text: &["--out"],
    },
];

/// The value-taking long flags of every leaf command, from the command line's definition.
fn defined_flags() -> Vec<(Vec<String>, BTreeSet<String>)> {
    fn walk(
        cmd: &clap::Command,
        path: &mut Vec<String>,
        out: &mut Vec<(Vec<String>, BTreeSet<String>)>,
    ) {
        let subs: Vec<_> = cmd.get_subcommands().collect();
        if subs.is_empty() {
            let flags = cmd
                .get_arguments()
                .filter(|a| !a.is_positional() && a.get_action().takes_values())
                .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
                .collect();
            out.push((path.clone(), flags));
            return;
        }
        for sub in subs {
            path.push(sub.get_name().to_string());
            walk(sub, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    walk(&Cli::command(), &mut Vec::new(), &mut out);
    out
}

#[test]
fn every_flag_that_takes_a_value_is_in_the_tables() {
    let mut missing = Vec::new();
    for (path, flags) in defined_flags() {
        let Some(case) = CASES.iter().find(|c| c.command == path) else {
            missing.push(format!("command `{}` has no case", path.join(" ")));
            continue;
        };
        let known: BTreeSet<String> = case
            .numbers
            .iter()
            .map(|n| n.flag.to_string())
            .chain(case.text.iter().map(|t| (*t).to_string()))
            .collect();
        for flag in flags.difference(&known) {
            missing.push(format!("`{} {flag}` is in neither table", path.join(" ")));
        }
        for flag in known.difference(&flags) {
            missing.push(format!(
                "`{} {flag}` is not a flag of the command",
                path.join(" ")
            ));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// One run to make: the arguments, and what it tries.
struct Run {
    args: Vec<String>,
    value: &'static str,
    signed: bool,
    what: String,
}

fn runs(dir: &Path, deals: &Path) -> Vec<Run> {
    let fresh = AtomicUsize::new(0);
    let place = |v: &str| -> String {
        let k = fresh.fetch_add(1, Ordering::Relaxed);
        match v {
            DEALS => deals.display().to_string(),
            DIR => dir.join(format!("out-{k}")).display().to_string(),
            FILE => dir.join(format!("file-{k}")).display().to_string(),
            LIN => dir.join("hand.lin").display().to_string(),
            other => other.to_string(),
        }
    };
    let mut runs = Vec::new();
    for case in CASES {
        for number in case.numbers {
            for value in VALUES {
                let text = number.template.replace("{}", value);
                let mut flags: Vec<(&str, String)> =
                    case.base.iter().map(|(f, v)| (*f, place(v))).collect();
                for (f, v) in number.with.iter().chain([&(number.flag, text.as_str())]) {
                    let v = place(v);
                    match flags.iter_mut().find(|(g, _)| g == f) {
                        Some(slot) => slot.1 = v,
                        None => flags.push((f, v)),
                    }
                }
                let mut args: Vec<String> = case.command.iter().map(|s| (*s).to_string()).collect();
                for (f, v) in flags {
                    if v.is_empty() {
                        args.push(f.to_string());
                    } else {
                        args.push(format!("{f}={v}"));
                    }
                }
                args.extend(case.tail.iter().map(|s| (*s).to_string()));
                let with: String = number
                    .with
                    .iter()
                    .map(|(f, v)| format!(" {f} {v}"))
                    .collect();
                runs.push(Run {
                    args,
                    value,
                    signed: number.signed,
                    what: format!("{} {} {text}{with}", case.command.join(" "), number.flag),
                });
            }
        }
    }
    runs
}

/// Runs the binary under the memory limit and the timeout; the failure, if any.
fn check(run: &Run, dir: &Path) -> Option<String> {
    let never = NEVER
        .iter()
        .find(|v| run.value == **v && !(run.signed && run.value == "-1"));
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_cardtree"))
        .args(&run.args)
        .current_dir(dir)
        .env("MALLOC_ARENA_MAX", "2")
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sh");
    // Read the pipes on their own threads so a long output cannot block the child.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut v).ok();
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut stderr, &mut v).ok();
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > TIMEOUT {
            child.kill().ok();
            child.wait().ok();
            return Some(format!("ran longer than {TIMEOUT:?}"));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = String::from_utf8_lossy(&out.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err.join().unwrap()).into_owned();
    let tail = || format!("stderr: {}", stderr.chars().take(600).collect::<String>());
    if stderr.contains("panicked") || stderr.contains("RUST_BACKTRACE") {
        return Some(format!("panicked: {}", tail()));
    }
    match status.code() {
        None => Some(format!("killed by a signal ({status}): {}", tail())),
        Some(0) if never.is_some() => Some(format!("accepted {}", run.value)),
        Some(0) => {
            let bad = stdout
                .split(|c: char| !c.is_ascii_alphanumeric())
                .find(|w| matches!(w.to_ascii_lowercase().as_str(), "nan" | "inf" | "infinity"));
            bad.map(|w| {
                format!(
                    "printed {w:?}: {}",
                    stdout.chars().take(600).collect::<String>()
                )
            })
        }
        Some(1) => {
            let lines = stderr.lines().filter(|l| !l.trim().is_empty()).count();
            (lines != 1 || !stderr.starts_with("cardtree: "))
                .then(|| format!("status 1 but not one line `cardtree: ...`: {}", tail()))
        }
        Some(2) => (!stderr.starts_with("error: "))
            .then(|| format!("status 2 but not clap's message: {}", tail())),
        Some(code) => Some(format!("status {code}: {}", tail())),
    }
}

#[test]
fn every_number_at_its_edges_is_refused_or_runs_briefly() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("cardtree-numbers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let deals = dir.join("deals.jsonl");
    std::fs::write(
        &deals,
        format!("{{\"id\":0,\"pbn\":\"{DEAL}\",\"leader\":\"E\",\"trump\":\"NT\"}}\n"),
    )
    .unwrap();
    std::fs::write(dir.join("hand.lin"), LIN_HAND).unwrap();
    let runs = runs(&dir, &deals);
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism()
        .map_or(2, usize::from)
        .min(4);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                while let Some(run) = runs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Some(why) = check(run, &dir) {
                        failures
                            .lock()
                            .unwrap()
                            .push(format!("{}: {why}", run.what));
                    }
                }
            });
        }
    });
    std::fs::remove_dir_all(&dir).ok();
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} runs failed:\n{}",
        failures.len(),
        runs.len(),
        failures.join("\n")
    );
}
