//! [`Clock`]: the time a search may be given a deadline on. The core has no clock of its own:
//! the caller passes one (the host's wall clock, a microcontroller's timer).

/// A source of the current time in microseconds, from any fixed origin.
pub trait Clock {
    /// Microseconds since the clock's origin; must not go backwards.
    fn micros(&self) -> u64;
}

/// A clock that never moves (it always reads 0): for iteration budgets, which never read it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoClock;

impl Clock for NoClock {
    fn micros(&self) -> u64 {
        0
    }
}

/// A clock that moves one microsecond each time it is read: the tests' clock.
#[cfg(test)]
pub(crate) struct Ticks(pub(crate) core::cell::Cell<u64>);

#[cfg(test)]
impl Clock for Ticks {
    fn micros(&self) -> u64 {
        let t = self.0.get() + 1;
        self.0.set(t);
        t
    }
}
