//! A receiver's processing of one message: a seeded processing time, hangs, poison messages,
//! idempotent skipping of a MessageId already processed, the settlement policy, and when
//! automatic lock renewal renews (the legacy .NET pump's timing, semantics.md §3).

use super::receiver::{Job, ReceiverState};
use super::spec::{Policy, later};
use crate::message::ReceiveMode;
use crate::time::{Duration, Instant};

impl ReceiverState {
    /// Starts processing a message just received (`slot`: through that session receiver):
    /// a seeded processing time, a hang, the policy, lock auto-renewal.
    pub(super) fn take(
        &mut self,
        at: Instant,
        m: &crate::message::MessageView,
        slot: Option<usize>,
    ) {
        self.stats.started += 1;
        let duplicate = self.spec.idempotent && self.done_ids.contains(&m.id);
        let poison = self
            .spec
            .poison
            .as_ref()
            .filter(|p| m.body.contains(&*p.contains));
        let hang = !duplicate
            && self.spec.hang_per_mille > 0
            && self.rng.below(1000) < u64::from(self.spec.hang_per_mille);
        let work = if duplicate {
            Duration::ZERO
        } else if hang {
            self.spec.hang
        } else {
            let (lo, hi) = (
                self.spec.work_min.as_millis(),
                self.spec
                    .work_max
                    .as_millis()
                    .max(self.spec.work_min.as_millis()),
            );
            Duration::from_millis(lo.saturating_add(self.rng.below((hi - lo).saturating_add(1))))
        };
        // Processing takes at least 1 ms: a receiver never handles one message twice at
        // one instant (an abandon with no processing time would loop there forever).
        let work = if duplicate {
            work
        } else {
            work.max(Duration::from_millis(1))
        };
        if duplicate {
            self.stats.duplicates_skipped += 1;
        }
        let policy = match (duplicate, poison) {
            (true, _) => Policy::Complete,
            (false, Some(p)) => p.then.clone(),
            (false, None) => self.spec.policy.clone(),
        };
        let renew_until = self.spec.auto_renew.map_or(at, |d| at + d);
        // A job that would end past the end of time never ends.
        let finish = later(at, work).unwrap_or(Instant::MAX);
        let renew_at = match (self.spec.auto_renew, m.locked_until) {
            (Some(_), Some(until)) if self.spec.mode == ReceiveMode::PeekLock && slot.is_none() => {
                Self::renew_time(at, until, renew_until)
            }
            _ => None,
        };
        self.jobs.push(Job {
            seq: m.seq,
            token: m.lock_token,
            id: m.id.clone(),
            finish,
            renew_at,
            renew_until,
            hang,
            policy,
            poison: poison.is_some(),
            duplicate,
            slot,
        });
    }

    /// The legacy .NET pump's timing (semantics.md §3): renew `remaining - min(remaining/2, 10 s)`
    /// after now, and not past the maximum auto-renew duration.
    pub(super) fn renew_time(
        now: Instant,
        until: Instant,
        renew_until: Instant,
    ) -> Option<Instant> {
        let remaining = until.saturating_since(now).as_millis();
        let buffer = (remaining / 2).min(10_000);
        let at = now + Duration::from_millis(remaining.saturating_sub(buffer));
        (at < renew_until).then_some(at)
    }
}
