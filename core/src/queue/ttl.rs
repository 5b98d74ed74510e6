//! Time-to-live collection: available main messages whose TTL has passed are collected by
//! receives and prefetching links, dead-lettered or dropped (semantics.md T18).

use super::{Queue, bump};
use crate::event::{DeadLetterCause, EventKind};
use crate::time::Instant;

impl Queue {
    /// T18: collects every available main message whose TTL has passed (run by receives).
    pub(super) fn collect_expired(&mut self) {
        while let Some(&(t, seq)) = self.ttl_index.first() {
            if t > self.now {
                break;
            }
            self.make_unavailable(seq);
            self.expire(seq);
        }
    }

    pub(super) fn expire(&mut self, seq: u64) {
        if self.config.dead_letter_on_expiration {
            self.move_to_dead_letter(seq, None, DeadLetterCause::TtlExpired);
        } else {
            let m = self.remove_msg(seq);
            bump(&mut self.counters.expired);
            self.emit(EventKind::Expired { seq, id: m.id });
        }
    }

    /// When the next available message of the main queue reaches its time-to-live (receives
    /// collect it from then on: T18), if any has one.
    #[must_use]
    pub fn next_ttl_expiry(&self) -> Option<Instant> {
        self.ttl_index.first().map(|&(t, _)| t)
    }
}
