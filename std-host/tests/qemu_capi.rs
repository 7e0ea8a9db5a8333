//! cardtree's embedded C interface on an emulated Cortex-M4F: `capi/embedded/build.sh` builds
//! the `no_std` static library and links it into the C program of `capi/embedded/c/` with
//! `arm-none-eabi-gcc`; QEMU (`mps2-an386`) runs it, and each self-check line it prints from C
//! (`bridge-solve`, `bridge-deal`, `bridge-table`) must equal the host's, bit for bit. The
//! program also checks the interface's refusals and a position in mid-trick, and reports the
//! stack it used; this test prints the program's flash and static RAM beside it (the figures
//! docs/embedded.md and the README quote):
//! `cargo test --release -p cardtree-host --test qemu_capi -- --nocapture`.
//!
//! Without `qemu-system-arm` or `arm-none-eabi-gcc` on the PATH the test says so and passes,
//! unless `CARDTREE_REQUIRE_QEMU` is set (as `.ci/run` does), which makes it fail.

mod qemu;

use std::io::Write;
use std::path::Path;
use std::process::Command;

use cardtree::selfcheck::SCENARIOS;
use qemu::{flash_and_ram, kib, native_lines, qemu_installed, run_qemu, tool_runs};

/// The scenarios the C program runs through the interface.
const FROM_C: [&str; 3] = ["bridge-solve", "bridge-deal", "bridge-table"];

/// The line the program ends with when every check passed.
const DONE: &str = "c check done: ok";

#[test]
fn the_c_program_prints_the_hosts_lines() {
    let native = native_lines();
    let host: Vec<&String> = FROM_C
        .iter()
        .map(|name| {
            let i = SCENARIOS.iter().position(|s| s.name == *name).unwrap();
            &native[i]
        })
        .collect();
    for line in &host {
        assert!(!line.contains(" error: "), "native scenario failed: {line}");
        println!("host: {line}");
    }

    if !(qemu_installed() && tool_runs("arm-none-eabi-gcc")) {
        assert!(
            std::env::var_os("CARDTREE_REQUIRE_QEMU").is_none(),
            "CARDTREE_REQUIRE_QEMU is set (as in CI) but qemu-system-arm or arm-none-eabi-gcc \
             is not on the PATH"
        );
        writeln!(
            std::io::stderr(),
            "qemu_capi: qemu-system-arm or arm-none-eabi-gcc is not on the PATH: the C program \
             was NOT built or run (Debian: apt-get install qemu-system-arm gcc-arm-none-eabi)."
        )
        .expect("write to stderr");
        return;
    }

    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../capi/embedded");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = qemu::own_profile(&mut Command::new("bash"))
        .arg(dir.join("build.sh"))
        .env("PATH", path_with_cargo(&cargo))
        .output()
        .expect("run capi/embedded/build.sh");
    assert!(
        out.status.success(),
        "building the C program failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 path");
    let elf = Path::new(stdout.lines().last().expect("the ELF's path")).to_path_buf();

    let (status, text) = run_qemu(&elf, "mps2-an386", "cortex-m4");
    print!("{text}");
    assert_eq!(status, Some(0), "exit status, output:\n{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&DONE), "output:\n{text}");
    for (name, host) in FROM_C.iter().zip(&host) {
        let c = lines
            .iter()
            .find(|l| l.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no {name} line in:\n{text}"));
        assert_eq!(c, host, "the C program's {name} differs from the host's");
    }

    let (flash, ram) = flash_and_ram(&elf);
    let stack: u64 = lines
        .iter()
        .find_map(|l| l.strip_prefix("stack used by the scenarios: "))
        .and_then(|r| r.strip_suffix(" bytes"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no stack line in:\n{text}"));
    println!(
        "footprint of the C program (thumbv7em-none-eabihf): flash {}, static RAM {} (512 KiB \
         of it the solver's lines), peak stack {stack} B",
        kib(flash),
        kib(ram)
    );
}

/// `PATH` with the directory of the `cargo` running this test first, so the script's `cargo`
/// is the same toolchain.
fn path_with_cargo(cargo: &str) -> std::ffi::OsString {
    let mut dirs: Vec<std::path::PathBuf> = Path::new(cargo)
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map(|p| vec![p.to_path_buf()])
        .unwrap_or_default();
    if let Some(path) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&path));
    }
    std::env::join_paths(dirs).expect("a PATH")
}
