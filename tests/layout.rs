//! The repository's layout rules, checked on its sources (`docs/layout.md` states them):
//!
//! - the files of each crate import each other without a circle (every `crate::` and `super::`
//!   path in a file's code, `use` lines and inline paths alike, tests and comments left out);
//! - every file of the host is under 400 lines apart from its tests;
//! - the host's command line (`std-host/src/cli/`) prints nothing itself.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The repository: this package is its `tests/` folder.
fn root() -> &'static Path {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR"));
    tests.parent().unwrap_or(tests)
}

/// A source file: its module path (`["bridge", "solve"]`) and its code before its tests, with
/// comments removed.
struct Source {
    module: Vec<String>,
    path: PathBuf,
    code: String,
    lines: usize,
}

fn sources(src: &Path) -> Vec<Source> {
    let mut out = Vec::new();
    walk(src, src, &mut out);
    out.sort_by(|a, b| a.module.cmp(&b.module));
    out
}

fn walk(src: &Path, dir: &Path, out: &mut Vec<Source>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(src, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(src).expect("under src");
            let mut module: Vec<String> = rel
                .with_extension("")
                .iter()
                .map(|s| s.to_string_lossy().into_owned())
                .collect();
            if module
                .last()
                .is_some_and(|m| m == "mod" || m == "lib" || m == "main")
            {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            let before_tests = without_tests(&text);
            let code: String = before_tests
                .lines()
                .map(|l| match l.find("//") {
                    Some(i) => &l[..i],
                    None => l,
                })
                .collect::<Vec<_>>()
                .join("\n");
            out.push(Source {
                module,
                path: path.clone(),
                code,
                lines: before_tests.lines().count(),
            });
        }
    }
}

/// `text` without its `#[cfg(test)]` items (a test module, a test-only function: the item
/// after the attribute, to its closing brace at the same depth).
fn without_tests(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at..];
        let mut depth = 0usize;
        let mut end = item.len();
        for (i, c) in item.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = i + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// Every path a file names that starts with `crate::` or `super::`, braces of `use` lines
/// expanded (`use crate::a::{b, c::d}` names `crate::a::b` and `crate::a::c::d`).
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !code.is_char_boundary(i) {
            i += 1;
            continue;
        }
        let rest = &code[i..];
        let at_word = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if at_word && (rest.starts_with("crate::") || rest.starts_with("super::")) {
            let (tree, len) = path_tree(rest);
            expand(&tree, &[], &mut found);
            i += len.max(1);
        } else {
            i += 1;
        }
    }
    found
}

/// A path with optional braces: its text up to the end of the path (segments, `::`, braces,
/// commas and spaces inside braces), and how many bytes it took.
fn path_tree(text: &str) -> (String, usize) {
    let mut depth = 0usize;
    let mut end = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            '}' => break,
            c if c.is_alphanumeric() || c == '_' || c == ':' => {}
            ',' | ' ' | '\n' | '*' if depth > 0 => {}
            _ => break,
        }
        end = i + c.len_utf8();
    }
    (text[..end].to_string(), end)
}

fn expand(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    match tree.find('{') {
        None => {
            let mut p = prefix.to_vec();
            p.extend(
                tree.split("::")
                    .map(str::trim)
                    .filter(|s| !s.is_empty() && *s != "self" && *s != "*")
                    .map(str::to_string),
            );
            out.push(p);
        }
        Some(open) => {
            let head = &tree[..open];
            let close = tree.rfind('}').unwrap_or(tree.len());
            let inner = &tree[open + 1..close];
            let mut p = prefix.to_vec();
            p.extend(
                head.split("::")
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_string),
            );
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&inner[start..i], &p, out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            if !inner[start..].trim().is_empty() {
                expand(&inner[start..], &p, out);
            }
            if inner.trim().is_empty() || inner.split(',').any(|s| s.trim() == "self") {
                out.push(p);
            }
        }
    }
}

/// What each module re-exports with `pub use`: (module, item name) -> the item's full path.
fn reexports(files: &[Source]) -> BTreeMap<(Vec<String>, String), Vec<String>> {
    let mut map = BTreeMap::new();
    for f in files {
        for (at, _) in f.code.match_indices("pub use ") {
            let (tree, _) = path_tree(&f.code[at + "pub use ".len()..]);
            let mut found = Vec::new();
            expand(&tree, &[], &mut found);
            for p in found {
                let Some(item) = p.last().cloned() else {
                    continue;
                };
                let full: Vec<String> = match p.first().map(String::as_str) {
                    Some("crate") => p[1..].to_vec(),
                    Some("self") => f.module.iter().chain(&p[1..]).cloned().collect(),
                    Some("super") => {
                        let mut m = f.module.clone();
                        m.pop();
                        m.into_iter().chain(p[1..].iter().cloned()).collect()
                    }
                    Some(_) => f.module.iter().chain(&p).cloned().collect(),
                    None => continue,
                };
                map.insert((f.module.clone(), item), full);
            }
        }
    }
    map
}

/// The file a path lands in: the longest prefix of it that is a module of the crate, through
/// the re-exports of the modules on the way (`crate::Card` lands in `card.rs`).
fn resolve(
    from: &[String],
    path: &[String],
    modules: &BTreeMap<Vec<String>, usize>,
    reexports: &BTreeMap<(Vec<String>, String), Vec<String>>,
) -> Option<usize> {
    let mut absolute: Vec<String> = Vec::new();
    let mut segments = path.iter().peekable();
    match segments.peek().map(|s| s.as_str()) {
        Some("crate") => {
            segments.next();
        }
        Some("super") => {
            absolute = from.to_vec();
            while segments.peek().is_some_and(|s| s.as_str() == "super") {
                segments.next();
                absolute.pop();
            }
        }
        _ => return None,
    }
    absolute.extend(segments.cloned());
    for _ in 0..8 {
        let n = (0..=absolute.len())
            .rev()
            .find(|&n| modules.contains_key(&absolute[..n]))?;
        match absolute
            .get(n)
            .and_then(|item| reexports.get(&(absolute[..n].to_vec(), item.clone())))
        {
            Some(target) if target.as_slice() != &absolute[..=n] => {
                absolute = target.iter().chain(&absolute[n + 1..]).cloned().collect();
            }
            _ => return modules.get(&absolute[..n]).copied(),
        }
    }
    None
}

/// The import graph of the crate under `src`: a circle, as its files' paths, if there is one.
fn circle(src: &Path) -> Option<Vec<PathBuf>> {
    let files = sources(src);
    let modules: BTreeMap<Vec<String>, usize> = files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.module.clone(), i))
        .collect();
    let reexports = reexports(&files);
    let edges: Vec<Vec<usize>> = files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut to: Vec<usize> = paths(&f.code)
                .iter()
                .filter_map(|p| resolve(&f.module, p, &modules, &reexports))
                .filter(|&j| j != i && !files[i].module.is_empty() && !files[j].module.is_empty())
                // A module's own folder (`bridge/mod.rs` naming `bridge::solve`) is its
                // declaration of the child, not an import back.
                .filter(|&j| !files[j].module.starts_with(&files[i].module))
                .collect();
            to.sort_unstable();
            to.dedup();
            to
        })
        .collect();
    // Depth-first search with colours: 0 new, 1 on the stack, 2 done.
    let mut colour = vec![0u8; files.len()];
    let mut stack = Vec::new();
    fn visit(
        n: usize,
        edges: &[Vec<usize>],
        colour: &mut [u8],
        stack: &mut Vec<usize>,
    ) -> Option<Vec<usize>> {
        colour[n] = 1;
        stack.push(n);
        for &m in &edges[n] {
            if colour[m] == 1 {
                let start = stack.iter().position(|&s| s == m).unwrap_or(0);
                let mut c = stack[start..].to_vec();
                c.push(m);
                return Some(c);
            }
            if colour[m] == 0
                && let Some(c) = visit(m, edges, colour, stack)
            {
                return Some(c);
            }
        }
        stack.pop();
        colour[n] = 2;
        None
    }
    (0..files.len()).find_map(|n| {
        (colour[n] == 0)
            .then(|| visit(n, &edges, &mut colour, &mut stack))
            .flatten()
            .map(|c| c.into_iter().map(|i| files[i].path.clone()).collect())
    })
}

#[test]
fn the_checker_finds_a_circle() {
    let dir = std::env::temp_dir().join(format!("cardtree-layout-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::write(dir.join("lib.rs"), "pub mod a;\npub mod b;\n").unwrap();
    std::fs::write(dir.join("a/mod.rs"), "pub mod x;\nuse crate::b::B;\n").unwrap();
    std::fs::write(dir.join("a/x.rs"), "pub struct X;\n").unwrap();
    std::fs::write(dir.join("b.rs"), "use crate::{a::x::X, c};\n").unwrap();
    assert!(circle(&dir).is_none(), "a -> b -> a::x is no circle");
    std::fs::write(dir.join("a/x.rs"), "pub fn f() { super::super::b::g() }\n").unwrap();
    let c = circle(&dir).expect("a::x -> b -> a::x");
    assert_eq!(c.len(), 3, "{c:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_import_circles() {
    for krate in ["core/src", "std-host/src", "capi/src"] {
        let src = root().join(krate);
        if let Some(c) = circle(&src) {
            let names: Vec<String> = c
                .iter()
                .map(|p| p.strip_prefix(root()).unwrap_or(p).display().to_string())
                .collect();
            panic!("an import circle in {krate}: {}", names.join(" -> "));
        }
    }
}

#[test]
fn host_files_are_under_400_lines_apart_from_their_tests() {
    let src = root().join("std-host/src");
    let long: Vec<String> = sources(&src)
        .iter()
        .filter(|f| f.lines >= 400)
        .map(|f| format!("{} ({} lines)", f.path.display(), f.lines))
        .collect();
    assert!(long.is_empty(), "files of 400 lines or more: {long:?}");
}

#[test]
fn the_command_line_prints_nothing_itself() {
    let src = root().join("std-host/src");
    for f in sources(&src)
        .iter()
        .filter(|f| f.module.first().is_some_and(|m| m == "cli"))
    {
        for mac in [
            "println!",
            "eprintln!",
            "print!",
            "eprint!",
            "write!",
            "writeln!",
        ] {
            assert!(
                !f.code.contains(mac),
                "{} uses {mac}: the command line parses and calls a driver, which prints",
                f.path.display()
            );
        }
    }
}
