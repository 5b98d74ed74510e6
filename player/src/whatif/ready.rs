//! The ready sweeps (`whatif.html?sweep=NAME`): a scenario, the settings to vary and a caption
//! (`whatif-sweep-NAME-title`, `-caption`) that says what to look for.

/// A ready sweep.
pub(super) struct Ready {
    /// Its name in the address.
    pub(super) name: &'static str,
    /// The scenario: a built-in preset's name, or `None` for [`Ready::doc`].
    pub(super) preset: Option<&'static str>,
    /// The scenario's text when it is no preset.
    pub(super) doc: &'static str,
    /// What varies, as `settle sweep --vary` takes it.
    pub(super) vary: &'static [&'static str],
}

impl Ready {
    /// The scenario's text.
    #[must_use]
    pub(super) fn text(&self) -> &'static str {
        self.preset
            .and_then(settle_scenario::presets::preset)
            .unwrap_or(self.doc)
    }
}

/// A slow handler with a prefetch buffer: 60 orders, one worker taking about a second each,
/// three deliveries at most.
const PREFETCH: &str = r#"{
  "settle": 1,
  "title": "A slow handler with a prefetch buffer",
  "description": "60 orders arrive in six seconds. One worker takes about a second for each and prefetches more while it works; a message waiting in the buffer is already locked.",
  "seed": 3,
  "run_until_ms": 300000,
  "queue": { "max_delivery_count": 3 },
  "actors": [
    { "kind": "sender", "name": "Orders", "mode": "pipelined", "count": 60, "interval_ms": 100 },
    { "kind": "receiver", "name": "Worker", "processing_ms": [800, 1200] }
  ]
}"#;

/// Every ready sweep; the first is the page's default.
pub(super) const READY: [Ready; 2] = [
    Ready {
        name: "consumers",
        preset: Some("load-levelling"),
        doc: "",
        vary: &["receivers=1..8"],
    },
    Ready {
        name: "prefetch",
        preset: None,
        doc: PREFETCH,
        vary: &["prefetch=0..20:4", "lock_ms=5000..30000:5000"],
    },
];

/// The ready sweep named `name`.
#[must_use]
pub(super) fn named(name: &str) -> Option<&'static Ready> {
    READY.iter().find(|r| r.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use settle_scenario::sweep::{Sweep, Vary};

    #[test]
    fn every_ready_sweep_runs_and_shows_what_its_caption_says() {
        let rows = |r: &Ready| {
            let vary = r
                .vary
                .iter()
                .map(|v| Vary::parse(v).expect("a range"))
                .collect();
            let sweep = Sweep::new(vary, 1).expect("a sweep");
            let doc = serde_json::from_str(r.text()).expect("JSON");
            sweep
                .run(&doc, settle_scenario::Budget::DEFAULT, &mut |_, _| {})
                .expect("it runs")
        };
        // Consumers against a burst: more receivers, more throughput, shorter waits.
        let c = rows(named("consumers").expect("ready"));
        assert_eq!(c.len(), 8);
        assert!(
            c.windows(2)
                .all(|w| w[1].throughput_milli > w[0].throughput_milli)
        );
        assert!(
            c.windows(2)
                .all(|w| w[1].latency_p95_ms < w[0].latency_p95_ms)
        );
        // Prefetch against lock duration: without prefetch nothing is lost; a deep buffer under
        // a short lock loses locks and dead-letters; a long enough lock loses nothing.
        let p = rows(named("prefetch").expect("ready"));
        let at = |prefetch: u64, lock: u64| {
            p.iter()
                .find(|r| r.values == [prefetch, lock])
                .expect("a point")
        };
        assert!(
            (5_000..=30_000)
                .step_by(5_000)
                .all(|l| at(0, l).lock_expiries == 0)
        );
        assert!(at(8, 5_000).dead_lettered > 0 && at(8, 5_000).lock_expiries > 0);
        assert_eq!(at(8, 30_000).lock_expiries, 0);
        assert!(at(20, 15_000).lock_expiries > 0);
    }
}
