//! The one text vocabulary of the enums a command line chooses from ([`Selection`],
//! [`Squash`], [`ShoePreset`], ...): each has `ALL` (its variants in the command line's
//! order), a kebab-case `name` that `Display` prints and `FromStr` reads back, and an `about`
//! line for a help screen. A name that is none of them is a [`ParseEnumError`].
//!
//! [`Selection`]: crate::poker_squares::Selection
//! [`Squash`]: crate::poker_squares::Squash
//! [`ShoePreset`]: crate::blackjack::ShoePreset

use core::fmt;

/// A name that is none of an enum's spellings. It says which enum was asked for and lists
/// the names it accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ParseEnumError {
    what: &'static str,
    expected: &'static [&'static str],
}

impl ParseEnumError {
    /// The error for an enum described as `what` (`"selection"`) whose names are `expected`.
    #[must_use]
    pub const fn new(what: &'static str, expected: &'static [&'static str]) -> ParseEnumError {
        ParseEnumError { what, expected }
    }

    /// What was asked for (`"selection"`, `"shoe"`).
    #[must_use]
    pub const fn what(&self) -> &'static str {
        self.what
    }

    /// The names accepted, in the enum's order.
    #[must_use]
    pub const fn expected(&self) -> &'static [&'static str] {
        self.expected
    }
}

impl fmt::Display for ParseEnumError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {}: expected one of ", self.what)?;
        for (i, name) in self.expected.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(name)?;
        }
        Ok(())
    }
}

impl core::error::Error for ParseEnumError {}

/// An enum with spellings ([`spelled!`](crate::spelled)): what a command line, a web page or a
/// Python binding needs to offer its values and read them back, whatever the enum.
pub trait Spelling:
    Copy + fmt::Display + core::str::FromStr<Err = ParseEnumError> + 'static
{
    /// Every variant, in the command line's order.
    const VARIANTS: &'static [Self];
    /// The kebab-case name (what `Display` prints and `FromStr` reads).
    fn name(self) -> &'static str;
    /// One line on what the value means.
    fn about(self) -> &'static str;
}

/// Gives a fieldless enum its spellings: `ALL`, `NAMES`, `name`, `about`, `Display`,
/// `FromStr` (with [`ParseEnumError`]) and [`Spelling`], from one table of
/// `Variant => "name", "about";` lines in the command line's order. The host uses it for its
/// own enums too.
///
/// ```
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// enum Format { Pbn, Jsonl }
/// cardtree::spelled! {
///     Format, "format";
///     Pbn => "pbn", "One PBN deal per line";
///     Jsonl => "jsonl", "JSON lines";
/// }
/// assert_eq!("jsonl".parse::<Format>(), Ok(Format::Jsonl));
/// assert_eq!(Format::Pbn.to_string(), "pbn");
/// assert!("csv".parse::<Format>().is_err());
/// ```
#[macro_export]
macro_rules! spelled {
    ($ty:ident, $what:literal; $($variant:ident => $name:literal, $about:literal;)+) => {
        impl $ty {
            /// Every variant, in the command line's order.
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];

            /// The names of [`ALL`](Self::ALL), in the same order.
            pub const NAMES: [&'static str; [$($name),+].len()] = [$($name),+];

            /// The kebab-case name, as the command line spells it (what `Display` prints and
            /// `FromStr` reads).
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }

            /// One line on what the value means, as the command line's help shows it.
            #[must_use]
            pub const fn about(self) -> &'static str {
                match self {
                    $($ty::$variant => $about,)+
                }
            }
        }

        impl $crate::Spelling for $ty {
            const VARIANTS: &'static [$ty] = &$ty::ALL;
            fn name(self) -> &'static str {
                $ty::name(self)
            }
            fn about(self) -> &'static str {
                $ty::about(self)
            }
        }

        impl core::fmt::Display for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.pad(self.name())
            }
        }

        impl core::str::FromStr for $ty {
            type Err = $crate::ParseEnumError;

            /// Reads a [`name`](Self::name), exactly (case matters).
            fn from_str(s: &str) -> Result<$ty, $crate::ParseEnumError> {
                $ty::ALL
                    .into_iter()
                    .find(|v| v.name() == s)
                    .ok_or($crate::ParseEnumError::new($what, &$ty::NAMES))
            }
        }
    };
}

/// Checks an enum's spellings: every member of `ALL` prints its name, reads back as itself
/// and has an about line; names are distinct; `rejected` are all refused with an error
/// listing the names.
#[cfg(test)]
pub(crate) fn check_spellings<T>(
    all: &[T],
    names: &[&str],
    about: fn(T) -> &'static str,
    rejected: &[&str],
) where
    T: Copy + PartialEq + fmt::Debug + fmt::Display + core::str::FromStr<Err = ParseEnumError>,
{
    use crate::text::shown;
    assert_eq!(all.len(), names.len());
    for (i, (&v, &name)) in all.iter().zip(names).enumerate() {
        assert_eq!(shown(v).as_str(), name);
        assert_eq!(name.parse::<T>(), Ok(v));
        assert!(!about(v).is_empty(), "{v:?}");
        assert!(!names[..i].contains(&name), "{name} twice");
    }
    for bad in rejected {
        let e = bad.parse::<T>().expect_err(bad);
        assert_eq!(e.expected(), names);
        let mut text = heapless::String::<256>::new();
        let _ = core::fmt::write(&mut text, format_args!("{e}"));
        for name in names {
            assert!(text.contains(name), "{text}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::shown;

    #[test]
    fn the_error_lists_the_names() {
        let e = ParseEnumError::new("squash", &["none", "max200"]);
        assert_eq!(
            shown(e).as_str(),
            "unknown squash: expected one of none, max200"
        );
        assert_eq!(
            (e.what(), e.expected()),
            ("squash", &["none", "max200"][..])
        );
    }
}
