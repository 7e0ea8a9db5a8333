//! Logging macros that route to `defmt` when the `defmt` feature is on and compile to nothing
//! when it is off (the arguments are still type-checked, never evaluated twice).
//!
//! The pattern of `embassy-sync`'s `fmt.rs`: first module of the crate, so every other module
//! sees the macros. Format strings use the `{}` placeholders common to `defmt` and `core::fmt`.
#![allow(unused_macros)]

macro_rules! trace {
    ($s:literal $(, $x:expr)* $(,)?) => {{
        #[cfg(feature = "defmt")]
        ::defmt::trace!($s $(, $x)*);
        #[cfg(not(feature = "defmt"))]
        let _ = ($( & $x ),*);
    }};
}

macro_rules! debug {
    ($s:literal $(, $x:expr)* $(,)?) => {{
        #[cfg(feature = "defmt")]
        ::defmt::debug!($s $(, $x)*);
        #[cfg(not(feature = "defmt"))]
        let _ = ($( & $x ),*);
    }};
}

macro_rules! warn {
    ($s:literal $(, $x:expr)* $(,)?) => {{
        #[cfg(feature = "defmt")]
        ::defmt::warn!($s $(, $x)*);
        #[cfg(not(feature = "defmt"))]
        let _ = ($( & $x ),*);
    }};
}
