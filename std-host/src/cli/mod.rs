//! The command line's types (clap), one module per command group; each hands its parsed
//! arguments to the drivers, which know no clap.

pub mod pps;
