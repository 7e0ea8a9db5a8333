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
    /// illegal move. `Display` is the core's message; [`source`](std::error::Error::source)
    /// is the value itself (downcast it to the core's type).
    Core(Box<dyn std::error::Error + Send + Sync + 'static>),
    /// An error value of the `cardtree` core in the host's words (the place shown the command
    /// line's way, say): `Display` is `message`, [`source`](std::error::Error::source) the
    /// core's value.
    Described {
        /// The whole message.
        message: String,
        /// The core's error value.
        source: Box<dyn std::error::Error + Send + Sync + 'static>,
    },
    /// A bug of the host, not of its input: a worker that panicked (with the panic's message).
    Internal(String),
    /// The work was asked to stop ([`workers::Stop`](crate::workers::Stop): Ctrl-C in the
    /// Python package) before it was done.
    Stopped,
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

    /// The core's error `e`, shown as `message` (which should say what `e` says).
    pub fn described(
        message: impl Into<String>,
        e: impl std::error::Error + Send + Sync + 'static,
    ) -> Error {
        Error::Described {
            message: message.into(),
            source: Box::new(e),
        }
    }

    /// A panic's payload (what [`std::panic::catch_unwind`] or a thread's `join` returns) as
    /// an [`Error::Internal`] carrying its message: the one way the host reports a panic.
    pub fn panicked(payload: &(dyn std::any::Any + Send)) -> Error {
        let message = if let Some(s) = payload.downcast_ref::<&str>() {
            s
        } else if let Some(s) = payload.downcast_ref::<String>() {
            s.as_str()
        } else {
            "no message"
        };
        Error::Internal(format!("a worker panicked: {message}"))
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
            Error::Described { message, .. } => f.write_str(message),
            Error::Internal(message) => write!(f, "internal error (a bug in cardtree): {message}"),
            Error::Stopped => f.write_str("stopped before the work was done"),
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
            Error::Core(e) | Error::Described { source: e, .. } => Some(e.as_ref()),
            Error::At { source, .. } => Some(source.as_ref()),
            Error::Invalid(_) | Error::Internal(_) | Error::Stopped | Error::Plan(_) => None,
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
    cardtree::ParseEnumError,
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

    /// The core error of type `T` in the chain of `source()`s under `e`.
    fn core_source<T: std::error::Error + 'static>(e: &Error) -> &T {
        let mut cause = e.source();
        while let Some(c) = cause {
            if let Some(t) = c.downcast_ref::<T>() {
                return t;
            }
            cause = c.source();
        }
        panic!("no {} under {e}", std::any::type_name::<T>())
    }

    #[test]
    fn the_source_of_a_core_error_is_the_core_value() {
        let pbn = cardtree::pbn::parse("N:junk", cardtree::SizeRule::Equal).unwrap_err();
        let e = Error::from(pbn).at("deal 7").at("deals.jsonl line 3");
        assert_eq!(e.to_string(), format!("deals.jsonl line 3: deal 7: {pbn}"));
        assert_eq!(*core_source::<cardtree::PbnError>(&e), pbn);

        let tree = cardtree::TreeError::Full {
            capacity: 4,
            wanted: 9,
        };
        let e = Error::from(tree);
        assert_eq!(e.to_string(), tree.to_string());
        let source = e.source().expect("the core value");
        assert_eq!(source.downcast_ref::<cardtree::TreeError>(), Some(&tree));
        assert_eq!(*core_source::<cardtree::TreeError>(&e), tree);

        let shoe = cardtree::blackjack::Shoe::standard(0).unwrap_err();
        let e: Result<(), Error> = Err(shoe).context("--decks");
        let e = e.unwrap_err();
        assert_eq!(e.to_string(), format!("--decks: {shoe}"));
        assert_eq!(
            *core_source::<cardtree::blackjack::BlackjackError>(&e),
            shoe
        );

        let name = cardtree::ParseEnumError::new("selection", &["a", "b"]);
        let e = Error::from(name);
        assert_eq!(e.to_string(), name.to_string());
        assert_eq!(*core_source::<cardtree::ParseEnumError>(&e), name);

        let text = "N:12-10hcp";
        let bad = text.parse::<cardtree::bridge::Constraints>().unwrap_err();
        let e = Error::described(format!("--constraints: {bad}"), bad);
        assert!(e.to_string().starts_with("--constraints: "), "{e}");
        assert_eq!(
            *core_source::<cardtree::bridge::ParseConstraintsError>(&e),
            bad
        );
    }

    #[test]
    fn a_panic_is_an_internal_error_with_its_message() {
        let from_str = std::panic::catch_unwind(|| panic!("three")).unwrap_err();
        let from_string = std::panic::catch_unwind(|| panic!("item {}", 3)).unwrap_err();
        let other = std::panic::catch_unwind(|| std::panic::panic_any(3_u8)).unwrap_err();
        for (payload, message) in [
            (from_str, "three"),
            (from_string, "item 3"),
            (other, "no message"),
        ] {
            let e = Error::panicked(payload.as_ref());
            assert!(
                matches!(&e, Error::Internal(m) if m.ends_with(message)),
                "{e:?}"
            );
            assert_eq!(
                e.to_string(),
                format!("internal error (a bug in cardtree): a worker panicked: {message}")
            );
            assert!(e.source().is_none());
        }
    }
}
