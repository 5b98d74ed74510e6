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

/// The workloads of the benchmarks (`frame-bench.mjs` has the same in JavaScript), as documents.
#[doc(hidden)]
pub mod workloads {
    use alloc::format;
    use alloc::string::{String, ToString};
    use alloc::vec;
    use alloc::vec::Vec;

    /// frame-bench's load-1k: 1,000 messages, 50 receivers taking 4 each, their 5 s locks
    /// re-received every 5 s.
    pub fn load_1k() -> String {
        let mut script = Vec::new();
        for i in 0..1000 {
            script.push(format!(
                r#"{{"at_ms":0,"do":"send","by":"S1","id":"m{i}"}}"#
            ));
        }
        for k in 0..=150 {
            for r in 1..=50 {
                script.push(format!(
                    r#"{{"at_ms":{},"do":"receive","by":"R{r}","max":4}}"#,
                    k * 5000
                ));
            }
        }
        format!(
            r#"{{"settle":1,"seed":1,"queue":{{"lock_duration_ms":5000,"max_delivery_count":1000}},"script":[{}]}}"#,
            script.join(",")
        )
    }

    /// frame-bench's busy-10k: 10,000 messages from a pipelined sender, 50 automated workers
    /// processing 4 at a time for 20–40 s.
    pub fn busy_10k() -> String {
        let mut actors = vec![
            r#"{"kind":"sender","name":"Firehose","mode":"pipelined","count":10000,"rtt_ms":70,"store_ms":10}"#
                .to_string(),
        ];
        for r in 1..=50 {
            actors.push(format!(
                r#"{{"kind":"receiver","name":"W{r}","concurrency":4,"processing_ms":[20000,40000]}}"#
            ));
        }
        format!(
            r#"{{"settle":1,"seed":1,"queue":{{"lock_duration_ms":60000,"max_delivery_count":10}},"script":[],"actors":[{}]}}"#,
            actors.join(",")
        )
    }
}
