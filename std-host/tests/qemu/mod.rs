//! What the QEMU tests share: the host's self-check lines, QEMU itself, and an ELF's sizes.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cardtree::selfcheck::{Arena, SCENARIOS};

/// The longest a program may run under QEMU (a whole self-check takes a few seconds).
const QEMU_TIMEOUT: Duration = Duration::from_secs(120);

/// Every scenario's line, computed here.
pub(crate) fn native_lines() -> Vec<String> {
    let mut arena = Box::new(Arena::new());
    SCENARIOS
        .iter()
        .map(|s| s.check(&mut arena).to_string())
        .collect()
}

/// `cmd` without the caller's `CARGO_PROFILE_*` overrides (CI builds the host's checks
/// without fat LTO): the firmware and the embedded library build with the profiles of their
/// own workspaces.
pub(crate) fn own_profile(cmd: &mut Command) -> &mut Command {
    for (k, _) in std::env::vars_os() {
        if k.to_string_lossy().starts_with("CARGO_PROFILE_") {
            cmd.env_remove(k);
        }
    }
    cmd
}

/// Whether `program --version` runs (a tool on the PATH).
pub(crate) fn tool_runs(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Whether `qemu-system-arm` runs.
pub(crate) fn qemu_installed() -> bool {
    tool_runs("qemu-system-arm")
}

/// Runs an ELF under QEMU with semihosting: its exit status (`None` if killed at the
/// timeout) and what it printed.
pub(crate) fn run_qemu(elf: &Path, machine: &str, cpu: &str) -> (Option<i32>, String) {
    let mut child = Command::new("qemu-system-arm")
        .args(["-machine", machine, "-cpu", cpu, "-nographic"])
        .args(["-monitor", "none", "-serial", "none"])
        .args(["-semihosting-config", "enable=on,target=native", "-kernel"])
        .arg(elf)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start qemu-system-arm");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).map(|_| text)
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for qemu") {
            break status.code();
        }
        if start.elapsed() > QEMU_TIMEOUT {
            child.kill().expect("kill qemu");
            child.wait().expect("reap qemu");
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let text = reader.join().expect("reader").expect("read qemu's output");
    (status, text)
}

/// The loadable sections of a 32-bit little-endian ELF: `(name, size, in flash, in RAM)`.
fn elf_sections(elf: &[u8]) -> Vec<(String, u64, bool, bool)> {
    let u16_at = |o: usize| u64::from(u16::from_le_bytes([elf[o], elf[o + 1]]));
    let u32_at = |o: usize| u64::from(u32::from_le_bytes(elf[o..o + 4].try_into().unwrap()));
    assert_eq!(&elf[..6], b"\x7fELF\x01\x01", "a 32-bit little-endian ELF");
    let (shoff, shentsize) = (u32_at(0x20) as usize, u16_at(0x2E) as usize);
    let (shnum, shstrndx) = (u16_at(0x30) as usize, u16_at(0x32) as usize);
    let header = |i: usize| shoff + i * shentsize;
    let strtab = u32_at(header(shstrndx) + 0x10) as usize;
    let (sht_nobits, shf_alloc, shf_write) = (8, 2, 1);
    (0..shnum)
        .filter_map(|i| {
            let h = header(i);
            let (kind, flags, size) = (u32_at(h + 4), u32_at(h + 8), u32_at(h + 0x14));
            if flags & shf_alloc == 0 || size == 0 {
                return None;
            }
            let name_at = strtab + u32_at(h) as usize;
            let end = elf[name_at..].iter().position(|&b| b == 0).unwrap();
            let name = String::from_utf8_lossy(&elf[name_at..name_at + end]).into_owned();
            let in_flash = kind != sht_nobits;
            let in_ram = flags & shf_write != 0;
            Some((name, size, in_flash, in_ram))
        })
        .collect()
}

/// Flash (code, read-only data and `.data`'s initial values) and static RAM (`.data`, `.bss`)
/// of an ELF.
pub(crate) fn flash_and_ram(elf: &Path) -> (u64, u64) {
    let bytes = std::fs::read(elf).expect("read the ELF");
    let sections = elf_sections(&bytes);
    let flash = sections.iter().filter(|s| s.2).map(|s| s.1).sum();
    let ram = sections.iter().filter(|s| s.3).map(|s| s.1).sum();
    (flash, ram)
}

/// Bytes as KiB, one decimal.
pub(crate) fn kib(bytes: u64) -> String {
    format!("{:.1} KiB", bytes as f64 / 1024.0)
}
