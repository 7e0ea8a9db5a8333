//! `manifest.json`: what a run directory holds.

use crate::error::{Context, Error};
use std::path::Path;

use serde::Serialize;
use serde_json::Value;

use super::Shard;
use crate::json::Shown;
use crate::output;
use crate::text::excerpt;

/// The manifest's file name.
const FILE: &str = "manifest.json";

/// What a run directory holds: which experiment with which arguments, and how far it got.
#[derive(Clone, Debug, PartialEq)]
pub struct Manifest {
    /// The experiment kind (`mckay`, ...).
    pub kind: String,
    /// Every argument that determines the results.
    pub fingerprint: Value,
    /// Items of the whole run.
    pub items: usize,
    /// The columns of `raw.csv` after `item`.
    pub columns: Vec<String>,
    /// The part of the items this directory holds.
    pub shard: Shard,
    /// Whether every item of the shard is in `raw.csv`.
    pub complete: bool,
}

impl Manifest {
    /// The manifest of `dir`, `None` if it has none.
    pub fn read(dir: &Path) -> Result<Option<Manifest>, Error> {
        let path = dir.join(FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(Error::read(&path, e)),
        };
        let bad = |what: &str| invalid!("{what}").at(path.display());
        let v: Value = serde_json::from_str(&text).context(path.display())?;
        let kind = v["kind"].as_str().ok_or_else(|| bad("no \"kind\""))?;
        let items = v["items"].as_u64().ok_or_else(|| bad("no \"items\""))?;
        let columns = v["columns"]
            .as_array()
            .and_then(|a| a.iter().map(|c| c.as_str().map(String::from)).collect())
            .ok_or_else(|| bad("no \"columns\""))?;
        let shard = v["shard"]
            .as_str()
            .ok_or_else(|| bad("no \"shard\""))?
            .parse::<Shard>()
            .context(path.display())?;
        let complete = v["complete"]
            .as_bool()
            .ok_or_else(|| bad("no \"complete\""))?;
        Ok(Some(Manifest {
            kind: kind.to_string(),
            fingerprint: v["fingerprint"].clone(),
            items: usize::try_from(items).map_err(|_| bad("too many items"))?,
            columns,
            shard,
            complete,
        }))
    }

    /// Writes the manifest into `dir`, whole or not at all.
    pub fn write(&self, dir: &Path) -> Result<(), Error> {
        // The fields in alphabetical order, as the manifests of every earlier run have them.
        #[derive(Serialize)]
        struct File<'a> {
            columns: &'a [String],
            complete: bool,
            fingerprint: &'a Value,
            items: usize,
            kind: &'a str,
            shard: Shown<Shard>,
        }
        let file = File {
            columns: &self.columns,
            complete: self.complete,
            fingerprint: &self.fingerprint,
            items: self.items,
            kind: &self.kind,
            shard: Shown(self.shard),
        };
        let mut text = serde_json::to_string_pretty(&file).map_err(Error::from)?;
        text.push('\n');
        let path = dir.join(FILE);
        output::write_atomic(&path, text.as_bytes()).map_err(|e| Error::write(&path, e))
    }

    /// Checks that `self`, found in `dir`, is the same experiment as `other` (kind,
    /// arguments, items, columns), shards aside.
    pub fn check_same_experiment(
        &self,
        other: &Manifest,
        dir: &Path,
        base: &Path,
    ) -> Result<(), Error> {
        let differs = |what: &str| {
            invalid!(
                "{} holds a different {what} than {}; use another directory",
                dir.display(),
                base.display()
            )
        };
        if self.kind != other.kind {
            return Err(differs("experiment"));
        }
        if self.fingerprint != other.fingerprint {
            return Err(differs("set of arguments"));
        }
        if self.items != other.items || self.columns != other.columns {
            return Err(differs("program version's output"));
        }
        Ok(())
    }

    /// Checks that the run in `dir` (`self`) is the run `wanted` asks for, so it can resume.
    pub fn check_same_run(&self, wanted: &Manifest, dir: &Path) -> Result<(), Error> {
        let differs = |what: String| {
            invalid!(
                "{} holds a run with {what}; give the same arguments to resume it, or another --out",
                dir.display()
            )
        };
        if self.kind != wanted.kind {
            return Err(differs(format!("experiment {:?}", excerpt(&self.kind))));
        }
        if self.fingerprint != wanted.fingerprint {
            return Err(differs(format!(
                "other arguments ({})",
                differing_keys(&self.fingerprint, &wanted.fingerprint)
            )));
        }
        if self.shard != wanted.shard {
            return Err(differs(format!("shard {}", self.shard)));
        }
        if self.items != wanted.items || self.columns != wanted.columns {
            return Err(differs("another program version's output".to_string()));
        }
        Ok(())
    }
}

/// Which arguments two fingerprints disagree on, by name (`seed, playouts differ`), so that a
/// message need not quote them (a fingerprint may list every deal of a run).
fn differing_keys(a: &Value, b: &Value) -> String {
    let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else {
        return "not the same kind of record".to_string();
    };
    let mut keys: Vec<&str> = a
        .keys()
        .chain(b.keys())
        .filter(|k| a.get(*k) != b.get(*k))
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys.dedup();
    let shown: Vec<String> = keys.iter().take(8).map(|k| excerpt(k)).collect();
    let more = if keys.len() > shown.len() {
        ", ..."
    } else {
        ""
    };
    format!("{}{more} differ", shown.join(", "))
}
