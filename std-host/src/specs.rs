//! Every command's spec ([`crate::spec`]), as the walk tests and Python's `_specs()` list them.

use crate::spec::{OptSpec, Spec};
use crate::uct_spec::UctSpec;

/// Every spec: the command and its options.
pub const ALL: &[(&str, &[OptSpec])] = &[(UctSpec::COMMAND, UctSpec::OPTIONS)];
