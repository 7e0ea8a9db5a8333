//! [`Bar`]: the host's one progress bar (count, rate and ETA on standard error), drawn by
//! indicatif where there is a terminal; in the WebAssembly package, which has none, a bar that
//! draws nothing (and indicatif is not linked: the page shows its own progress).

/// A progress bar over a count of items; hidden unless asked for.
#[derive(Debug)]
pub struct Bar {
    #[cfg(not(target_family = "wasm"))]
    inner: indicatif::ProgressBar,
}

impl Bar {
    /// A bar over `len` `unit`s; hidden unless `wanted`, and drawn only when standard error
    /// is a terminal.
    #[must_use]
    pub fn new(len: usize, wanted: bool, unit: &str) -> Bar {
        #[cfg(not(target_family = "wasm"))]
        {
            use indicatif::{ProgressBar, ProgressStyle};
            if !wanted {
                return Bar {
                    inner: ProgressBar::hidden(),
                };
            }
            let bar = ProgressBar::new(len as u64);
            let template = format!(
                "{{elapsed_precise}} [{{wide_bar}}] {{pos}}/{{len}} {unit}, {{per_sec}}, ETA {{eta}}"
            );
            if let Ok(style) = ProgressStyle::with_template(&template) {
                bar.set_style(style);
            }
            Bar { inner: bar }
        }
        #[cfg(target_family = "wasm")]
        {
            let _ = (len, wanted, unit);
            Bar {}
        }
    }

    /// Counts `n` more items done.
    pub fn inc(&self, n: u64) {
        #[cfg(not(target_family = "wasm"))]
        self.inner.inc(n);
        #[cfg(target_family = "wasm")]
        let _ = n;
    }

    /// Removes the bar from the terminal.
    pub fn finish_and_clear(&self) {
        #[cfg(not(target_family = "wasm"))]
        self.inner.finish_and_clear();
    }
}
