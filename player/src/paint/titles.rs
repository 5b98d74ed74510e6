//! The clock's words: a speed as the list shows it, and the titles of Step back, Step and
//! Next lock expiry (the playground's clock and the embeds' viewer).

use crate::words::instant;
use settle_core::Instant;
use settle_i18n::{Arg, t, tf};

/// A speed as the list shows it: `0.5×`, `10×` (a speed of 1 or more in whole steps).
pub fn speed_label(s: f64) -> String {
    let speed = if s < 1.0 {
        Arg::from(s)
    } else {
        Arg::from(s as u64)
    };
    tf("clock-speed-value", &[("speed", speed)])
}

/// Where Step back goes.
pub fn back_title(previous_ms: Option<u64>) -> String {
    at_or(previous_ms, "clock-back-to", "clock-back-start")
}

/// Where Step goes.
pub fn step_title(next_event_ms: Option<u64>) -> String {
    at_or(next_event_ms, "clock-step-next", "clock-step-none")
}

/// Where Next lock expiry goes.
pub fn expiry_title(next_expiry_ms: Option<u64>) -> String {
    at_or(next_expiry_ms, "clock-expiry-next", "clock-expiry-none")
}

/// Message `at` with the instant `$t`, or `none` without one.
fn at_or(ms: Option<u64>, at: &str, none: &str) -> String {
    ms.map_or_else(
        || t(none),
        |ms| tf(at, &[("t", Arg::from(instant(Instant::from_millis(ms))))]),
    )
}
