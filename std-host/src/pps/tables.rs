//! Where the program finds the learned tables and networks cardtree ships (American, British):
//! compiled in everywhere (the core's
//! [`committed_values`](cardtree::poker_squares::committed_values) and
//! [`committed_net`](cardtree::poker_squares::committed_net)) but in the WebAssembly package,
//! which carries neither: the tables (190 KB of its download gzipped) the page gives it when a
//! game needs one (`provide`, in wasm builds); the networks not at all. And the tables learned
//! for the other point systems, once per program (`unshipped`).

use std::sync::{Arc, Mutex};

use cardtree::poker_squares::{LearnedValues, PointSystem};

use crate::error::Error;
use crate::pps::train::{Training, train_in_memory};

/// The shipped table for `system`, if there is one (in the WebAssembly package: if the page
/// provided it).
#[must_use]
pub fn shipped(system: &PointSystem) -> Option<&'static str> {
    #[cfg(not(target_family = "wasm"))]
    {
        cardtree::poker_squares::committed_values(system)
    }
    #[cfg(target_family = "wasm")]
    {
        provided::find(system)
    }
}

/// The shipped whole-grid network for `system`, if there is one (none in the WebAssembly
/// package, which would carry 196 KB more for each).
#[must_use]
pub fn shipped_net(system: &PointSystem) -> Option<&'static [u8]> {
    #[cfg(not(target_family = "wasm"))]
    {
        cardtree::poker_squares::committed_net(system)
    }
    #[cfg(target_family = "wasm")]
    {
        let _ = system;
        None
    }
}

/// The tables learned by this program for point systems cardtree ships none for, by system.
static LEARNED: Mutex<Vec<(PointSystem, Arc<LearnedValues>)>> = Mutex::new(Vec::new());

/// The table learned for `system` earlier in this program ([`keep_learned`]), if any.
#[must_use]
pub fn learned(system: &PointSystem) -> Option<Arc<LearnedValues>> {
    let tables = LEARNED.lock().ok()?;
    tables
        .iter()
        .find(|(s, _)| s == system)
        .map(|(_, v)| Arc::clone(v))
}

/// Keeps `values`, learned by [`Training::unshipped`]'s recipe for its point system, for the
/// rest of the program: a later player for that system takes it instead of learning again.
pub fn keep_learned(values: LearnedValues) -> Arc<LearnedValues> {
    let values = Arc::new(values);
    if let Ok(mut tables) = LEARNED.lock()
        && !tables.iter().any(|(s, _)| s == values.system())
    {
        tables.push((*values.system(), Arc::clone(&values)));
    }
    values
}

/// The table for `system` (`name`: as the user gave it) that a player of a point system
/// cardtree ships none for plays by: the one learned earlier in this program, or one learned
/// now by [`Training::unshipped`] on `threads` workers (a progress bar if `progress`) and kept.
pub fn unshipped(
    system: &PointSystem,
    name: &str,
    threads: usize,
    progress: bool,
) -> Result<Arc<LearnedValues>, Error> {
    if let Some(values) = learned(system) {
        return Ok(values);
    }
    let training = Training::unshipped(name, threads, progress);
    Ok(keep_learned(train_in_memory(&training)?))
}

#[cfg(target_family = "wasm")]
pub use provided::provide;

#[cfg(target_family = "wasm")]
mod provided {
    use std::sync::Mutex;

    use cardtree::poker_squares::{LearnedValues, PointSystem};

    use crate::error::{Context, Error};

    /// The tables given so far, by point system.
    static PROVIDED: Mutex<Vec<(PointSystem, &'static str)>> = Mutex::new(Vec::new());

    pub(super) fn find(system: &PointSystem) -> Option<&'static str> {
        let tables = PROVIDED.lock().ok()?;
        tables
            .iter()
            .find(|(s, _)| s == system)
            .map(|&(_, text)| text)
    }

    /// Gives the package a shipped table (`core/src/poker_squares/values/*.txt`, which
    /// `wasm/build.sh` copies beside the page): checked to parse, and kept for its point system
    /// for the rest of the program (a second one for the same system replaces nothing).
    pub fn provide(text: String) -> Result<PointSystem, Error> {
        let system = *LearnedValues::parse(&text)
            .context("learned table")?
            .system();
        let mut tables = PROVIDED
            .lock()
            .map_err(|_| Error::Internal("the table registry failed".into()))?;
        if !tables.iter().any(|(s, _)| *s == system) {
            tables.push((system, Box::leak(text.into_boxed_str())));
        }
        Ok(system)
    }
}
