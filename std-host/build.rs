//! Names the commit the program is built from, for `cardtree --version`: `CARDTREE_COMMIT`
//! from the environment if set (a release built from an exported tree), else `git`'s short
//! hash of `HEAD` (changes not yet committed are not marked), else `unknown` (a crate
//! downloaded from a registry).

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    Some(String::from_utf8(out.stdout).ok()?.trim().to_owned())
}

fn main() {
    println!("cargo:rerun-if-env-changed=CARDTREE_COMMIT");
    let commit = std::env::var("CARDTREE_COMMIT")
        .ok()
        .filter(|c| !c.is_empty())
        .or_else(|| {
            // Only this repository's own history: a crate unpacked inside another project's
            // work tree must not report that project's commit.
            let top = std::fs::canonicalize(git(&["rev-parse", "--show-toplevel"])?).ok()?;
            let here = std::env::var("CARGO_MANIFEST_DIR").ok()?;
            let parent = std::fs::canonicalize(std::path::Path::new(&here).parent()?).ok()?;
            if top != parent {
                return None;
            }
            // Again when HEAD moves or the branch it names gets a commit.
            let dir = std::path::PathBuf::from(git(&["rev-parse", "--absolute-git-dir"])?);
            let branch = git(&["symbolic-ref", "-q", "HEAD"]);
            for path in ["HEAD"].into_iter().chain(branch.as_deref()) {
                println!("cargo:rerun-if-changed={}", dir.join(path).display());
            }
            git(&["rev-parse", "--short=12", "HEAD"])
        })
        .unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=CARDTREE_COMMIT={commit}");
}
