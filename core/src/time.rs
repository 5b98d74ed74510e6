//! Virtual time. The core never reads a clock: every time-dependent call takes `now`.
//!
//! Milliseconds are enough: every duration in the scenario format is in whole milliseconds.

use core::fmt;
use core::ops::{Add, Sub};

/// A point in virtual time, in milliseconds since the simulation started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Instant(u64);

/// A span of virtual time in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Duration(u64);

impl Instant {
    /// The start of every simulation.
    pub const ZERO: Self = Self(0);
    /// The far future; used where "never" must still compare.
    pub const MAX: Self = Self(u64::MAX);

    /// An instant `ms` milliseconds after the start.
    #[must_use]
    pub const fn from_millis(ms: u64) -> Self {
        Self(ms)
    }

    /// Milliseconds since the start.
    #[must_use]
    pub const fn as_millis(self) -> u64 {
        self.0
    }

    /// `self - earlier`, or zero when `earlier` is later.
    #[must_use]
    pub const fn saturating_since(self, earlier: Self) -> Duration {
        Duration(self.0.saturating_sub(earlier.0))
    }
}

impl Duration {
    /// No time at all.
    pub const ZERO: Self = Self(0);

    /// A duration of `ms` milliseconds.
    #[must_use]
    pub const fn from_millis(ms: u64) -> Self {
        Self(ms)
    }

    /// A duration of `s` seconds (saturating at the longest representable duration).
    #[must_use]
    pub const fn from_secs(s: u64) -> Self {
        Self(s.saturating_mul(1000))
    }

    /// The length in milliseconds.
    #[must_use]
    pub const fn as_millis(self) -> u64 {
        self.0
    }
}

impl Add<Duration> for Instant {
    type Output = Self;
    /// Saturates at [`Instant::MAX`]: a TTL of "forever" must not wrap.
    fn add(self, rhs: Duration) -> Self {
        Self(self.0.saturating_add(rhs.0))
    }
}

impl Sub<Duration> for Instant {
    type Output = Self;
    fn sub(self, rhs: Duration) -> Self {
        Self(self.0.saturating_sub(rhs.0))
    }
}

impl From<core::time::Duration> for Duration {
    fn from(d: core::time::Duration) -> Self {
        Self(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    }
}

/// Formats like `12.345 s`.
impl fmt::Display for Instant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:03} s", self.0 / 1000, self.0 % 1000)
    }
}

/// Formats like `1.5 s`, `250 ms`, `2 min`.
impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0;
        if ms < 1000 {
            write!(f, "{ms} ms")
        } else if ms.is_multiple_of(60_000) {
            write!(f, "{} min", ms / 60_000)
        } else if ms.is_multiple_of(1000) {
            write!(f, "{} s", ms / 1000)
        } else {
            let tenths = ms / 100 + u64::from(ms % 100 >= 50);
            write!(f, "{}.{} s", tenths / 10, tenths % 10)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn add_saturates_instead_of_wrapping() {
        assert_eq!(Instant::MAX + Duration::from_millis(5), Instant::MAX);
        assert_eq!(Instant::ZERO - Duration::from_millis(5), Instant::ZERO);
        assert_eq!(Duration::from_secs(u64::MAX).as_millis(), u64::MAX);
        assert_eq!(
            Duration::from_millis(u64::MAX).to_string(),
            "18446744073709551.6 s"
        );
        assert_eq!(Instant::MAX.to_string(), "18446744073709551.615 s");
    }

    #[test]
    fn display_is_human() {
        assert_eq!(Duration::from_millis(250).to_string(), "250 ms");
        assert_eq!(Duration::from_millis(4200).to_string(), "4.2 s");
        assert_eq!(Duration::from_secs(30).to_string(), "30 s");
        assert_eq!(Duration::from_secs(120).to_string(), "2 min");
        assert_eq!(Instant::from_millis(61_005).to_string(), "61.005 s");
    }
}
