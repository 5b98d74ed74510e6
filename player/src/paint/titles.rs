//! The clock's words: a speed as the list shows it, and the titles of Step back, Step and
//! Next lock expiry (the playground's clock and the embeds' viewer).

use settle_core::Instant;

/// A speed as the list shows it: `0.5×`, `10×`.
pub fn speed_label(s: f64) -> String {
    if s < 1.0 {
        format!("{s}×")
    } else {
        format!("{}×", s as u64)
    }
}

/// Where Step back goes.
pub fn back_title(previous_ms: Option<u64>) -> String {
    previous_ms.map_or("at the start".to_string(), |t| {
        format!("back to {} (←)", Instant::from_millis(t))
    })
}

/// Where Step goes.
pub fn step_title(next_event_ms: Option<u64>) -> String {
    next_event_ms.map_or("nothing pending".to_string(), |t| {
        format!("next event at {}", Instant::from_millis(t))
    })
}

/// Where Next lock expiry goes.
pub fn expiry_title(next_expiry_ms: Option<u64>) -> String {
    next_expiry_ms.map_or("no lock held".to_string(), |t| {
        format!("next lock expiry at {}", Instant::from_millis(t))
    })
}
