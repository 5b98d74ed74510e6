//! A sweep's row: one point's figures over its seeds, and the measure that adds up each run's
//! events into them.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use serde_json::{Value, json};
use settle_core::{EventKind, SubQueue};

use crate::{Budget, BudgetError, Exhausted, Record, Run, Scenario};

/// One point's figures, over its seeds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The varied parameters' values, in the sweep's order.
    pub values: Vec<u64>,
    /// Completions per 1,000 virtual seconds, the mean over the seeds. A completion is a
    /// message taken off the queue for good by a receiver (`completed`, or
    /// `received_and_deleted`); each seed's rate is its completions over the time from its
    /// first enqueue until the last message left the queue (completed, dead-lettered or
    /// expired): dead-lettered messages take time and add nothing.
    pub throughput_milli: u64,
    /// The median time from enqueue to completion over every seed's completions (nearest
    /// rank); `None` without completions.
    pub latency_p50_ms: Option<u64>,
    /// The 95th percentile of the same.
    pub latency_p95_ms: Option<u64>,
    /// Locks that expired, all seeds together.
    pub lock_expiries: u64,
    /// Messages moved to the dead-letter queue, all seeds together.
    pub dead_lettered: u64,
    /// The most messages active in the queue at once (available or locked), over the seeds.
    pub max_queue_length: u64,
    /// Runs behind the row.
    pub seeds: u32,
    /// The first seed's run that ran out of the work budget (its figures count up to there).
    pub over_budget: Option<BudgetError>,
    /// The most telling moment of the first seed's run (the document's own seed), in virtual
    /// ms: the first lock expiry or move to the dead-letter queue, else the instant the queue
    /// was longest.
    pub telling_ms: u64,
}

impl Row {
    /// The row as JSON, whole (a sweep worker hands rows to its page this way).
    #[must_use]
    pub fn to_value(&self) -> Value {
        let budget = self.over_budget.as_ref().map(|e| {
            json!({
                "exhausted": if e.exhausted == Exhausted::Records { "records" } else { "trace_bytes" },
                "limit": e.limit,
                "at_ms": e.at.as_millis(),
                "records": e.records,
                "trace_bytes": e.trace_bytes,
            })
        });
        json!({
            "values": self.values,
            "throughput_milli": self.throughput_milli,
            "latency_p50_ms": self.latency_p50_ms,
            "latency_p95_ms": self.latency_p95_ms,
            "lock_expiries": self.lock_expiries,
            "dead_lettered": self.dead_lettered,
            "max_queue_length": self.max_queue_length,
            "seeds": self.seeds,
            "over_budget": budget,
            "telling_ms": self.telling_ms,
        })
    }

    /// The row [`to_value`](Self::to_value) wrote; `None` for anything else.
    #[must_use]
    pub fn from_value(v: &Value) -> Option<Self> {
        let u = |k: &str| v.get(k).and_then(Value::as_u64);
        let budget = match v.get("over_budget") {
            Some(Value::Null) | None => None,
            Some(b) => {
                let u = |k: &str| b.get(k).and_then(Value::as_u64);
                Some(BudgetError {
                    exhausted: match b.get("exhausted").and_then(Value::as_str)? {
                        "records" => Exhausted::Records,
                        _ => Exhausted::TraceBytes,
                    },
                    limit: u("limit")?,
                    at: settle_core::Instant::from_millis(u("at_ms")?),
                    records: u("records")?,
                    trace_bytes: u("trace_bytes")?,
                })
            }
        };
        Some(Self {
            values: v
                .get("values")?
                .as_array()?
                .iter()
                .map(Value::as_u64)
                .collect::<Option<_>>()?,
            throughput_milli: u("throughput_milli")?,
            latency_p50_ms: u("latency_p50_ms"),
            latency_p95_ms: u("latency_p95_ms"),
            lock_expiries: u("lock_expiries")?,
            dead_lettered: u("dead_lettered")?,
            max_queue_length: u("max_queue_length")?,
            seeds: u32::try_from(u("seeds")?).ok()?,
            over_budget: budget,
            telling_ms: u("telling_ms")?,
        })
    }

    /// `ok`, or `over_budget` when a seed's run stopped at the work budget.
    #[must_use]
    pub fn status(&self) -> &'static str {
        if self.over_budget.is_some() {
            "over_budget"
        } else {
            "ok"
        }
    }

    /// Completions per virtual second, with three decimals.
    #[must_use]
    pub fn throughput_text(&self) -> String {
        format!(
            "{}.{:03}",
            self.throughput_milli / 1000,
            self.throughput_milli % 1000
        )
    }

    /// Completions per virtual second (for drawing).
    #[must_use]
    pub fn throughput(&self) -> f64 {
        // Exact below 2^53 milli-completions a second.
        #[allow(clippy::cast_precision_loss)]
        let t = self.throughput_milli as f64;
        t / 1000.0
    }
}

/// `total / seeds` with at most two decimals, rounded half up, trailing zeros dropped.
pub(super) fn mean(total: u64, seeds: u32) -> String {
    let seeds = u64::from(seeds.max(1));
    let hundredths = (total * 100 + seeds / 2) / seeds;
    let mut s = format!("{}.{:02}", hundredths / 100, hundredths % 100);
    while s.ends_with('0') {
        s.pop();
    }
    if s.ends_with('.') {
        s.pop();
    }
    s
}

/// What the runs of one point add up to.
#[derive(Default)]
pub(super) struct Measure {
    throughput_milli_sum: u64,
    latencies: Vec<u64>,
    lock_expiries: u64,
    dead_lettered: u64,
    max_queue_length: u64,
    over_budget: Option<BudgetError>,
    /// The first run's telling moment, once it ran.
    telling_ms: Option<u64>,
}

impl Measure {
    /// Runs `sc` to its end within `budget`, adding up what happened.
    pub(super) fn run(&mut self, sc: &Scenario, budget: Budget) {
        let mut run = Run::with_budget(sc, budget);
        // Each message's enqueue time while it is in the queue, by sequence number.
        let mut enqueued: BTreeMap<u64, u64> = BTreeMap::new();
        let (mut first, mut last, mut completions) = (None::<u64>, 0u64, 0u64);
        let mut longest = self.max_queue_length;
        // This run's longest queue and when; its first lock expiry or dead-letter move.
        let (mut busiest, mut busiest_at, mut first_loss) = (0usize, 0u64, None::<u64>);
        let end = run.end();
        let ran = run.advance_records(end, u64::MAX, &mut |rec| {
            let Record::Event { event, .. } = rec.record else {
                return;
            };
            let at = event.at.as_millis();
            match &event.kind {
                EventKind::Enqueued { seq, .. } => {
                    first.get_or_insert(at);
                    enqueued.insert(*seq, at);
                }
                EventKind::Activated {
                    seq, scheduled_seq, ..
                } => {
                    if let Some(t) = enqueued.remove(scheduled_seq) {
                        enqueued.insert(*seq, t);
                    }
                }
                EventKind::Completed { seq, .. } | EventKind::ReceivedAndDeleted { seq, .. } => {
                    if let Some(t) = enqueued.remove(seq) {
                        self.latencies.push(at - t);
                        completions += 1;
                        last = at;
                    }
                }
                EventKind::DeadLettered { seq, .. } => {
                    if enqueued.remove(seq).is_some() {
                        last = at;
                    }
                    self.dead_lettered += 1;
                    first_loss.get_or_insert(at);
                }
                EventKind::Expired { seq, .. } if enqueued.remove(seq).is_some() => last = at,
                EventKind::LockExpired { .. } => {
                    self.lock_expiries += 1;
                    first_loss.get_or_insert(at);
                }
                _ => {}
            }
            let q = rec.world.queue();
            let active = q.available_count(SubQueue::Main) + q.locked_count();
            if active > busiest {
                (busiest, busiest_at) = (active, at);
            }
            longest = longest.max(active as u64);
        });
        self.max_queue_length = longest;
        self.telling_ms
            .get_or_insert(first_loss.unwrap_or(busiest_at));
        if let (Some(first), true) = (first, completions > 0) {
            let span = last.saturating_sub(first).max(1);
            self.throughput_milli_sum += (completions * 1_000_000 + span / 2) / span;
        }
        if let Err(e) = ran
            && self.over_budget.is_none()
        {
            self.over_budget = Some(e);
        }
    }

    pub(super) fn row(mut self, values: Vec<u64>, seeds: u32) -> Row {
        self.latencies.sort_unstable();
        let rank = |p: u64| {
            let n = self.latencies.len() as u64;
            (n > 0).then(|| {
                let k = (p * n).div_ceil(100).max(1);
                self.latencies[usize::try_from(k - 1).unwrap_or(0)]
            })
        };
        let n = u64::from(seeds.max(1));
        Row {
            values,
            throughput_milli: (self.throughput_milli_sum + n / 2) / n,
            latency_p50_ms: rank(50),
            latency_p95_ms: rank(95),
            lock_expiries: self.lock_expiries,
            dead_lettered: self.dead_lettered,
            max_queue_length: self.max_queue_length,
            seeds,
            over_budget: self.over_budget,
            telling_ms: self.telling_ms.unwrap_or(0),
        }
    }
}
