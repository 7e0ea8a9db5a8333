//! The host's error: what went wrong and where, as a value every command returns.
//!
//! One enum for the whole host, in the manner of smoltcp's and shakmaty's error types (the
//! style the project learns from): a variant per kind of failure. `Display` is the whole message on one
//! line, causes included, which is what `cardtree` prints before it exits non-zero;
//! [`std::error::Error::source`] gives the cause beneath (an I/O error, a JSON error, an error
//! value of the `cardtree` core) as a value, for a program that wants to inspect it:
//!
//! ```text
//! cardtree: deals.jsonl line 3: deal 7: PBN: hand 2 has 14 cards
//! ```
//!
//! Where an error happened (a file, a line, an item, a flag) is added on the way up by
//! [`Context::context`], so the function that finds a bad value need not know which file it
//! came from.

use std::fmt;
use std::io;
use std::path::Path;

/// Builds an [`Error::Invalid`] from `format!` arguments: `invalid!("bad --c: {s}")`.
#[macro_export]
macro_rules! invalid {
    ($($arg:tt)*) => { $crate::error::Error::Invalid(format!($($arg)*)) };
}

/// What went wrong in a command of the host.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// A file, directory or stream could not be read, written, opened or created.
    Io {
        /// What was being done: `read`, `write`, `open`, `create`, `remove`.
        action: &'static str,
        /// The file or directory (or `standard output`).
        target: String,
        /// The operating system's error.
        source: io::Error,
    },
    /// The worker threads could not be started.
    Threads(rayon::ThreadPoolBuildError),
    /// Input that does not parse or is out of range: a flag's value, a line of a file, a
    /// combination of options. The message says what and where.
    Invalid(String),
    /// A document or line that should be JSON is not.
    Json(serde_json::Error),
    /// An error value of the `cardtree` core: a parse error, a full tree or table, an
    /// illegal move.
    Core(Box<dyn std::error::Error + Send + Sync + 'static>),
    /// `cardtree experiment plan` cannot split the command it was given.
    Plan(crate::runner::plan::PlanError),
    /// Another error, with where it happened: a file, a line, an item, a deal.
    At {
        /// Where: `deals.jsonl line 3`, `item 12`, `--grid`.
        at: String,
        /// What went wrong there.
        source: Box<Error>,
    },
}

impl Error {
    /// `action` on `path` failed with `source`.
    pub fn io(action: &'static str, path: &Path, source: io::Error) -> Error {
        Error::Io {
            action,
            target: path.display().to_string(),
            source,
        }
    }

    /// Reading `path` failed.
    pub fn read(path: &Path, source: io::Error) -> Error {
        Error::io("read", path, source)
    }

    /// Writing `path` failed.
    pub fn write(path: &Path, source: io::Error) -> Error {
        Error::io("write", path, source)
    }

    /// Creating the directory `path` failed.
    pub fn create(path: &Path, source: io::Error) -> Error {
        Error::io("create", path, source)
    }

    /// Opening `path` failed.
    pub fn open(path: &Path, source: io::Error) -> Error {
        Error::io("open", path, source)
    }

    /// Writing to standard output failed.
    pub fn stdout(source: io::Error) -> Error {
        Error::Io {
            action: "write to",
            target: "standard output".into(),
            source,
        }
    }

    /// Wraps an error value of the `cardtree` core (or any other library's error).
    pub fn core(e: impl std::error::Error + Send + Sync + 'static) -> Error {
        Error::Core(Box::new(e))
    }

    /// This error, happened at `at`.
    pub fn at(self, at: impl fmt::Display) -> Error {
        Error::At {
            at: at.to_string(),
            source: Box::new(self),
        }
    }

    /// The innermost error of the chain: the one that says what went wrong (its `Display`),
    /// under all the places it was reported from.
    pub fn root(&self) -> &Error {
        match self {
            Error::At { source, .. } => source.root(),
            e => e,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io {
                action,
                target,
                source,
            } => write!(f, "cannot {action} {target}: {source}"),
            Error::Threads(e) => write!(f, "cannot start worker threads: {e}"),
            Error::Invalid(message) => f.write_str(message),
            Error::Json(e) => write!(f, "not JSON: {e}"),
            Error::Core(e) => e.fmt(f),
            Error::Plan(e) => e.fmt(f),
            Error::At { at, source } => write!(f, "{at}: {source}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            Error::Threads(e) => Some(e),
            Error::Json(e) => Some(e),
            Error::Core(e) => e.source(),
            Error::At { source, .. } => Some(source.as_ref()),
            Error::Invalid(_) | Error::Plan(_) => None,
        }
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Error {
        Error::Json(e)
    }
}

impl From<crate::runner::plan::PlanError> for Error {
    fn from(e: crate::runner::plan::PlanError) -> Error {
        Error::Plan(e)
    }
}

/// The core's error values convert with `?`; each keeps its type behind [`Error::Core`].
macro_rules! from_core {
    ($($t:ty),* $(,)?) => {
        $(impl From<$t> for Error {
            fn from(e: $t) -> Error {
                Error::core(e)
            }
        })*
    };
}

from_core!(
    cardtree::IllegalMove,
    cardtree::MeanError,
    cardtree::OutOfRange,
    cardtree::Overlap,
    cardtree::ParseBoardError,
    cardtree::ParseCardError,
    cardtree::PbnError,
    cardtree::PowerError,
    cardtree::TreeError,
    cardtree::blackjack::BlackjackError,
    cardtree::bridge::LayoutError,
    cardtree::bridge::LeadError,
    cardtree::bridge::LevelError,
    cardtree::bridge::ParseConstraintsError,
    cardtree::bridge::ParseContractError,
    cardtree::bridge::ParseStrainError,
    cardtree::bridge::ParseVulnerabilityError,
    cardtree::bridge::PositionError,
    cardtree::poker_squares::ParseGridError,
    cardtree::poker_squares::ParseSystemError,
    cardtree::poker_squares::ParseValuesError,
    cardtree::poker_squares::PlayError,
    cardtree::search::SearchError,
);

/// Says where an error happened, on the way up: `parse(line).context(format!("line {n}"))?`.
pub trait Context<T> {
    /// The error, if any, happened at `at`.
    fn context(self, at: impl fmt::Display) -> Result<T, Error>;
    /// The error, if any, happened at `at()` (built only on the error path).
    fn with_context<D: fmt::Display>(self, at: impl FnOnce() -> D) -> Result<T, Error>;
}

impl<T, E: Into<Error>> Context<T> for Result<T, E> {
    fn context(self, at: impl fmt::Display) -> Result<T, Error> {
        self.map_err(|e| e.into().at(at))
    }

    fn with_context<D: fmt::Display>(self, at: impl FnOnce() -> D) -> Result<T, Error> {
        self.map_err(|e| e.into().at(at()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn the_message_is_the_chain_on_one_line() {
        let parse: Result<(), _> = "ZZ".parse::<cardtree::Card>().map(|_| ());
        let e = parse
            .context("deal 7")
            .context("deals.jsonl line 3")
            .unwrap_err();
        let line = e.to_string();
        assert!(line.starts_with("deals.jsonl line 3: deal 7: "), "{line}");
        assert!(matches!(e.root(), Error::Core(_)));

        let io = Error::read(Path::new("x.pbn"), io::Error::from(io::ErrorKind::NotFound));
        assert!(io.source().is_some());
        assert!(io.to_string().starts_with("cannot read x.pbn: "));
        assert_eq!(invalid!("bad --c: {}", -1).to_string(), "bad --c: -1");
    }
}
