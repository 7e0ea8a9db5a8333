//! Shards merged: the directories of every shard of one run combined into what one unsharded
//! run writes, byte for byte.

use std::path::{Path, PathBuf};

use super::{Manifest, Shard, Summarizer, Table, write_outputs};
use crate::error::{Context, Error};

/// Combines complete shard directories of one run into `out`, writing exactly what an
/// unsharded run writes. `summarizer` finds the summary of a manifest's kind.
pub fn merge(
    dirs: &[PathBuf],
    out: &Path,
    summarizer: impl Fn(&str) -> Option<Summarizer>,
) -> Result<Vec<String>, Error> {
    let Some(first_dir) = dirs.first() else {
        return Err(Error::Invalid("give at least one shard directory".into()));
    };
    let mut manifests = Vec::new();
    for dir in dirs {
        let m = Manifest::read(dir)?
            .ok_or_else(|| invalid!("{}: no manifest.json (not a run directory)", dir.display()))?;
        if !m.complete {
            return Err(invalid!(
                "{}: shard {} is not complete; run it again to finish it",
                dir.display(),
                m.shard
            ));
        }
        manifests.push(m);
    }
    let base = &manifests[0];
    for (m, dir) in manifests.iter().zip(dirs).skip(1) {
        base.check_same_experiment(m, dir, first_dir)?;
    }
    let shards: Vec<Shard> = manifests.iter().map(|m| m.shard).collect();
    Shard::check_cover(&shards)?;

    let mut all = std::collections::BTreeMap::new();
    for (dir, m) in dirs.iter().zip(&manifests) {
        let path = dir.join("raw.csv");
        let text = std::fs::read_to_string(&path).map_err(|e| Error::read(&path, e))?;
        let table = Table::parse(&text).with_context(|| format!("{}", path.display()))?;
        if table.columns() != m.columns.as_slice() {
            return Err(invalid!(
                "{}: columns differ from the manifest's",
                path.display()
            ));
        }
        for (item, rows) in table.into_items() {
            if !m.shard.contains(item) {
                return Err(invalid!(
                    "{}: item {item} does not belong to shard {}",
                    path.display(),
                    m.shard
                ));
            }
            all.insert(item, rows);
        }
    }
    // Before anything the size of the manifest's count is made: the count comes from a file.
    if all.len() != base.items {
        return Err(invalid!(
            "{}: the manifest says {} items, the shards hold {}",
            first_dir.display(),
            base.items,
            all.len()
        ));
    }
    let whole = Shard::WHOLE;
    let every: Vec<usize> = whole.items(base.items).collect();
    let table = Table::from_items(base.columns.clone(), &every, &mut all)?;
    let summarize = summarizer(&base.kind)
        .ok_or_else(|| invalid!("unknown experiment kind {:?}", base.kind))?;
    let mut files = vec![("raw.csv".to_string(), table.to_csv().into_bytes())];
    files.extend(summarize(&base.fingerprint, &table)?);
    std::fs::create_dir_all(out).map_err(|e| Error::create(out, e))?;
    if let Some(existing) = Manifest::read(out)? {
        base.check_same_experiment(&existing, out, first_dir)?;
    }
    let names = write_outputs(out, &files)?;
    Manifest {
        shard: whole,
        complete: true,
        ..base.clone()
    }
    .write(out)?;
    Ok(names)
}
