//! The self-check on an emulated Cortex-M: the firmware of `core/firmware/` runs every
//! `cardtree::selfcheck` scenario under QEMU, for the Cortex-M4F (`thumbv7em-none-eabihf`,
//! hard float, machine `mps2-an386`) and the Cortex-M0 (`thumbv6m-none-eabi`, soft float, run
//! on `mps2-an385`'s Cortex-M3), and every line it prints must be identical to the host's.
//!
//! Without `qemu-system-arm` on the PATH the scenarios still run natively and the test says
//! plainly that the emulator did not run (or fails, if `CARDTREE_REQUIRE_QEMU` is set, as
//! `.ci/run` does). `qemu_footprint` (ignored by default) prints the
//! footprint table of docs/embedded.md:
//! `cargo test --release -p cardtree-host --test qemu_selfcheck -- --ignored --nocapture`.

mod qemu;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use cardtree::selfcheck::{Arena, SCENARIOS};
use qemu::{flash_and_ram, kib, native_lines, qemu_installed, run_qemu};

/// The firmware's two targets, the QEMU machine and CPU each runs on.
const TARGETS: [(&str, &str, &str); 2] = [
    ("thumbv7em-none-eabihf", "mps2-an386", "cortex-m4"),
    ("thumbv6m-none-eabi", "mps2-an385", "cortex-m3"),
];

/// The line the firmware ends with when every scenario passed.
const DONE: &str = "selfcheck done: ok";

fn firmware_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/firmware")
}

/// Builds the firmware (release) for `target` into `target_dir` with extra features and
/// build-time variables; returns the ELF's path.
fn build_firmware(
    target: &str,
    target_dir: &str,
    features: &[&str],
    vars: &[(&str, &str)],
) -> PathBuf {
    let dir = firmware_dir();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(&dir)
        .args(["build", "--release", "--locked", "--target", target])
        .arg("--target-dir")
        .arg(dir.join("target").join(target_dir))
        // The host's flags and variables are not the firmware's.
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_BUILD_TARGET")
        .env_remove("CARDTREE_SELFCHECK_ONLY")
        .env_remove("CARDTREE_FIRMWARE_FAULT");
    // Nor are its profile's overrides.
    qemu::own_profile(&mut cmd);
    if !features.is_empty() {
        cmd.arg("--features").arg(features.join(","));
    }
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run cargo for the firmware");
    assert!(
        out.status.success(),
        "building the firmware for {target} failed (is the rustup target installed?):\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir.join("target")
        .join(target_dir)
        .join(target)
        .join("release/cardtree-firmware")
}

/// The target folder (under the firmware's) of the self-check's build for `target`.
fn selfcheck_dir(target: &str) -> String {
    format!("selfcheck-{target}")
}

#[test]
fn qemu_selfcheck_is_bit_identical_to_the_host() {
    let native = native_lines();
    for line in &native {
        assert!(!line.contains(" error: "), "native scenario failed: {line}");
        println!("host: {line}");
    }
    assert_eq!(native.len(), SCENARIOS.len());

    if !qemu_installed() {
        assert!(
            std::env::var_os("CARDTREE_REQUIRE_QEMU").is_none(),
            "CARDTREE_REQUIRE_QEMU is set (as in CI) but qemu-system-arm is not on the PATH"
        );
        // Straight to stderr, past the test harness's capture, so it shows in every run.
        writeln!(
            std::io::stderr(),
            "qemu_selfcheck: qemu-system-arm is not on the PATH: the firmware was NOT run \
             under the emulator (only the native scenarios ran). Install it (Debian: apt-get \
             install qemu-system-arm) to compare the Cortex-M runs with the host."
        )
        .expect("write to stderr");
        return;
    }

    // The two targets at once, each built in a target folder of its own (one folder would
    // hold the second build behind the first's lock): each build is one whole-program link,
    // on one core.
    let runs: Vec<_> = TARGETS
        .iter()
        .map(|&(target, machine, cpu)| {
            std::thread::spawn(move || {
                let elf = build_firmware(target, &selfcheck_dir(target), &[], &[]);
                let started = Instant::now();
                let (status, text) = run_qemu(&elf, machine, cpu);
                (target, machine, cpu, started.elapsed(), status, text)
            })
        })
        .collect();
    for run in runs {
        let (target, machine, cpu, took, status, text) = run.join().expect("a firmware's thread");
        println!(
            "{target} under qemu {machine}/{cpu}: {:.1} s",
            took.as_secs_f64()
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(status, Some(0), "{target}: exit status, output:\n{text}");
        assert_eq!(lines.last(), Some(&DONE), "{target}: output:\n{text}");
        assert_eq!(lines.len(), native.len() + 1, "{target}: output:\n{text}");
        for (firmware, host) in lines.iter().zip(&native) {
            assert_eq!(firmware, host, "{target} differs from the host");
        }
    }

    // A panic and a hard fault end the run with a non-zero status (rebuilding the firmware
    // crate only, over the build compared above).
    for fault in ["panic", "hardfault"] {
        let (target, machine, cpu) = TARGETS[0];
        let elf = build_firmware(
            target,
            &selfcheck_dir(target),
            &[],
            &[("CARDTREE_FIRMWARE_FAULT", fault)],
        );
        let (status, text) = run_qemu(&elf, machine, cpu);
        assert_eq!(status, Some(1), "{fault}: output:\n{text}");
        assert!(!text.contains(DONE), "{fault}: output:\n{text}");
    }
}

/// The `footprint <name> stack=<b> runs=<n> centiseconds=<cs>` line of a footprint firmware.
fn footprint_line(text: &str, name: &str) -> (u64, u64, u64) {
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("footprint {name} ")))
        .unwrap_or_else(|| panic!("no footprint line for {name} in:\n{text}"));
    let field = |key: &str| -> u64 {
        let rest = &line[line.find(key).unwrap() + key.len()..];
        rest.split_whitespace().next().unwrap().parse().unwrap()
    };
    (field("stack="), field("runs="), field("centiseconds="))
}

/// The footprint table of docs/embedded.md for thumbv7em: flash of a firmware with each scenario alone,
/// the arena it uses, its peak stack by painting, and the time under QEMU; then iterations per
/// second of one scenario under QEMU and on this host.
#[test]
#[ignore = "builds one firmware per scenario; run by hand for docs/embedded.md"]
fn qemu_footprint() {
    assert!(qemu_installed(), "qemu-system-arm is needed");
    let (target, machine, cpu) = TARGETS[0];
    let native = native_lines();
    println!(
        "| scenario | flash (firmware with it alone) | static RAM (firmware with it alone) | \
         arena it uses | peak stack | RAM it needs (arena used + stack) | work | time under QEMU |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let mut qemu_rate = None;
    for (s, host_line) in SCENARIOS.iter().zip(&native) {
        let elf = build_firmware(
            target,
            "footprint",
            &["footprint"],
            &[("CARDTREE_SELFCHECK_ONLY", s.name)],
        );
        let (flash, ram) = flash_and_ram(&elf);
        let (status, text) = run_qemu(&elf, machine, cpu);
        assert_eq!(status, Some(0), "{}: {text}", s.name);
        assert!(text.contains(host_line.as_str()), "{}: {text}", s.name);
        let (stack, runs, cs) = footprint_line(&text, s.name);
        let work: u64 = host_line
            .split(" work=")
            .nth(1)
            .and_then(|w| w.split(' ').next())
            .and_then(|w| w.parse().ok())
            .unwrap();
        println!(
            "| `{}` | {} | {} | {} | {} B | {} | {} {} | {:.2} s |",
            s.name,
            kib(flash),
            kib(ram),
            kib(s.arena_bytes as u64),
            stack,
            kib(s.arena_bytes as u64 + stack),
            work,
            s.unit,
            cs as f64 / 100.0 / runs as f64
        );
        if s.name == RATE_SCENARIO {
            qemu_rate = Some((work, runs, cs));
        }
    }
    let all = build_firmware(target, "footprint-all", &[], &[]);
    let (flash, ram) = flash_and_ram(&all);
    println!(
        "| all scenarios (the CI firmware) | {} | {} | | | | | |",
        kib(flash),
        kib(ram)
    );

    // Iterations per second of one scenario: QEMU (SYS_CLOCK, centiseconds) against this host.
    let (work, qemu_runs, cs) = qemu_rate.expect("the rate scenario ran");
    let s = SCENARIOS.iter().find(|s| s.name == RATE_SCENARIO).unwrap();
    let mut arena = Box::new(Arena::new());
    let (mut runs, start) = (0u64, Instant::now());
    while start.elapsed() < Duration::from_secs(2) || runs < 3 {
        assert!(s.check(&mut arena).result.is_ok());
        runs += 1;
    }
    let host = (work * runs) as f64 / start.elapsed().as_secs_f64();
    let qemu = (work * qemu_runs) as f64 / (cs.max(1) as f64 / 100.0);
    println!();
    println!("| `{RATE_SCENARIO}` | {} per second |", s.unit);
    println!("|---|---|");
    println!("| QEMU {machine} ({cpu}, not cycle-accurate) | {qemu:.0} |");
    println!(
        "| this host, native{} | {host:.0} |",
        if cfg!(debug_assertions) {
            " (debug build: use --release)"
        } else {
            ""
        }
    );
}

/// The scenario whose iterations per second the footprint report compares.
const RATE_SCENARIO: &str = "bridge-uct-p5";
