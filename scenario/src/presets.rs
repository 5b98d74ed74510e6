//! The built-in presets: one scenario per concept, each with a title and a plain-words
//! explanation (`scenario/presets/*.json`). The CLI lists and prints them; the playground loads them.

/// (name, scenario JSON), in teaching order.
pub const PRESETS: &[(&str, &str)] = &[
    (
        "send-settlement",
        include_str!("../presets/send-settlement.json"),
    ),
    ("send-modes", include_str!("../presets/send-modes.json")),
    (
        "fire-and-forget",
        include_str!("../presets/fire-and-forget.json"),
    ),
    ("presettled", include_str!("../presets/presettled.json")),
    (
        "receive-and-delete-crash",
        include_str!("../presets/receive-and-delete-crash.json"),
    ),
    ("peek-lock", include_str!("../presets/peek-lock.json")),
    (
        "crash-short-lock",
        include_str!("../presets/crash-short-lock.json"),
    ),
    (
        "crash-long-lock",
        include_str!("../presets/crash-long-lock.json"),
    ),
    (
        "competing-consumers",
        include_str!("../presets/competing-consumers.json"),
    ),
    ("lock-expiry", include_str!("../presets/lock-expiry.json")),
    ("auto-renew", include_str!("../presets/auto-renew.json")),
    (
        "lock-too-short",
        include_str!("../presets/lock-too-short.json"),
    ),
    ("abandon", include_str!("../presets/abandon.json")),
    (
        "poison-message",
        include_str!("../presets/poison-message.json"),
    ),
    (
        "explicit-dead-letter",
        include_str!("../presets/explicit-dead-letter.json"),
    ),
    ("defer", include_str!("../presets/defer.json")),
    (
        "idempotent-receiver",
        include_str!("../presets/idempotent-receiver.json"),
    ),
    ("lock-lost", include_str!("../presets/lock-lost.json")),
    ("ttl-expiry", include_str!("../presets/ttl-expiry.json")),
    (
        "duplicate-detection",
        include_str!("../presets/duplicate-detection.json"),
    ),
    ("scheduled", include_str!("../presets/scheduled.json")),
    ("sessions", include_str!("../presets/sessions.json")),
    (
        "load-levelling",
        include_str!("../presets/load-levelling.json"),
    ),
];

/// The scenario text of a preset.
#[must_use]
pub fn preset(name: &str) -> Option<&'static str> {
    PRESETS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}
