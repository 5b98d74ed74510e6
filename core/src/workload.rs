//! The benchmark workload: many messages through many competing receivers with lock
//! expiries and mixed outcomes, driven as a discrete-event simulation in virtual time.
//! Native (`cargo bench -p settle-core`) and wasm (`core/benches/wasm-bench.mjs`) run this
//! same function, so their figures compare like with like.

use crate::QueueConfig;
use crate::message::{ClientId, LockToken, NewMessage, Properties, SubQueue, Text};
use crate::queue::Queue;
use crate::rng::Rng;
use crate::time::{Duration, Instant};
use alloc::collections::{BTreeSet, BinaryHeap};
use alloc::vec::Vec;
use core::cmp::Reverse;
use core::fmt::Write as _;

/// What one run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Broker events emitted (and drained).
    pub events: u64,
    /// Client operations issued (sends, receives, settlements).
    pub ops: u64,
    /// Virtual time at the end.
    pub end: Instant,
    /// Messages completed.
    pub completed: u64,
    /// Moves to the dead-letter queue.
    pub dead_lettered: u64,
    /// Lock expiries seen by receivers as `MessageLockLost`.
    pub lock_lost: u64,
}

#[derive(Clone, Copy)]
enum Outcome {
    Complete,
    Abandon,
    DeadLetter,
    Defer,
}

/// Sends `messages` at time zero, then lets `receivers` compete for them until none is left
/// available or locked. Each receiver takes one message at a time and, after a seeded
/// processing time, completes (70 %), abandons (10 %), dead-letters (5 %) or defers (5 %) it;
/// 10 % of deliveries take longer than the 30 s lock, so the lock expires and the late
/// settlement fails. MaxDeliveryCount is 5.
///
/// # Panics
/// Never: the configuration is valid and every broker error is an expected `MessageLockLost`.
#[must_use]
pub fn run(messages: u64, receivers: u32, seed: u64) -> Report {
    let cfg = QueueConfig {
        lock_duration: Duration::from_secs(30),
        max_delivery_count: 5,
        max_size_bytes: u64::MAX / 2,
        ..QueueConfig::default()
    };
    let mut q = Queue::new(cfg, Instant::ZERO, seed).expect("invariant: valid configuration");
    let mut rng = Rng::new(seed ^ 0x5E77_1E00);
    let mut r = Report::default();
    let body: Text = "payload".into();
    let props = Properties::default();
    let sender = ClientId(u32::MAX);
    let mut id = alloc::string::String::new();
    for i in 0..messages {
        id.clear();
        let _ = write!(id, "m{i}");
        let msg = NewMessage {
            id: id.as_str().into(),
            body: body.clone(),
            size_bytes: 7,
            ttl: None,
            session_id: None,
            properties: props.clone(),
            scheduled_enqueue: None,
            meta: None,
        };
        q.send(Instant::ZERO, sender, msg)
            .expect("invariant: fits the quota");
        r.ops += 1;
    }
    while q.poll_event().is_some() {}
    // (wake-up time, receiver); a receiver holds at most one delivery.
    let mut agenda: BinaryHeap<Reverse<(u64, u32)>> =
        (0..receivers).map(|i| Reverse((u64::from(i), i))).collect();
    let mut holding: Vec<Option<(LockToken, Outcome)>> = (0..receivers).map(|_| None).collect();
    let mut idle: BTreeSet<u32> = BTreeSet::new();
    let mut got = Vec::with_capacity(1);
    loop {
        let next_r = agenda.peek().map(|Reverse((t, _))| *t);
        let next_t = q.poll_timeout().map(Instant::as_millis);
        let t = match (next_r, next_t) {
            (None, None) => break,
            (Some(a), Some(b)) if b < a => {
                fire(&mut q, b, &mut idle, &mut agenda);
                continue;
            }
            (None, Some(b)) => {
                fire(&mut q, b, &mut idle, &mut agenda);
                continue;
            }
            (Some(a), _) => a,
        };
        let Reverse((_, i)) = agenda.pop().expect("invariant: peeked above");
        let now = Instant::from_millis(t);
        let who = ClientId(i);
        if let Some((token, outcome)) = holding[i as usize].take() {
            r.ops += 1;
            let res = match outcome {
                Outcome::Complete => q.complete(now, token),
                Outcome::Abandon => q.abandon(now, token, None),
                Outcome::DeadLetter => q.dead_letter(now, token, None, None, None),
                Outcome::Defer => q.defer(now, token, None),
            };
            if res.is_err() {
                r.lock_lost += 1;
            }
        }
        r.ops += 1;
        q.receive_into(now, who, SubQueue::Main, None, 1, &mut got)
            .expect("invariant: plain queue, plain receiver");
        while q.poll_event().is_some() {}
        if let Some(m) = got.first() {
            let roll = rng.below(100);
            let (outcome, work_ms) = match roll {
                0..70 => (Outcome::Complete, 100 + rng.below(20_000)),
                70..80 => (Outcome::Abandon, 100 + rng.below(5_000)),
                80..85 => (Outcome::DeadLetter, 100 + rng.below(5_000)),
                85..90 => (Outcome::Defer, 100 + rng.below(5_000)),
                _ => (Outcome::Complete, 35_000 + rng.below(25_000)),
            };
            holding[i as usize] = Some((m.lock_token.expect("invariant: peek-lock"), outcome));
            agenda.push(Reverse((t + work_ms, i)));
        } else {
            if q.available_count(SubQueue::Main) == 0 && q.locked_count() == 0 {
                continue; // nothing left for anyone: this receiver retires
            }
            idle.insert(i);
        }
    }
    let c = q.counters();
    r.events = c.events;
    r.end = q.now();
    r.completed = c.completed;
    r.dead_lettered = c.dead_lettered;
    r
}

/// Fires the queue's deadlines at `t`, then wakes as many idle receivers as there are
/// messages available again (waking all of them would only measure empty receives).
fn fire(
    q: &mut Queue,
    t: u64,
    idle: &mut BTreeSet<u32>,
    agenda: &mut BinaryHeap<Reverse<(u64, u32)>>,
) {
    q.handle_timeout(Instant::from_millis(t));
    while q.poll_event().is_some() {}
    for _ in 0..q.available_count(SubQueue::Main) {
        let Some(i) = idle.pop_first() else { break };
        agenda.push(Reverse((t, i)));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_workload_drains_the_queue_and_is_deterministic() {
        let a = super::run(2_000, 50, 3);
        assert_eq!(a, super::run(2_000, 50, 3));
        assert!(
            a.completed > 1_000 && a.dead_lettered > 0 && a.lock_lost > 0,
            "{a:?}"
        );
        assert!(a.events > 2 * 2_000);
    }
}
