//! The drive loop of a queue: when the next deadline is due, firing every deadline up to an
//! instant in order (activations, message-lock and session-lock expiries, the prefetching
//! links' TTL collection), the clock that never goes backwards, and the event queue
//! (semantics.md §1.4, T18; `scenario-format-entities.md` E3).

use super::settle::Release;
use super::{Queue, Timer, bump};
use crate::event::{Event, EventKind};
use crate::message::SubQueue;
use crate::time::Instant;

impl Queue {
    /// The next instant at which [`handle_timeout`](Self::handle_timeout) has work: the earliest
    /// scheduled activation, message-lock or session-lock expiry, or (while a link prefetches
    /// from the main queue) the next time-to-live the prefetch collects. `None` when nothing is
    /// pending. The value may change after any command or `handle_timeout`.
    #[must_use]
    pub fn poll_timeout(&self) -> Option<Instant> {
        let timer = self.timers.first().map(|(t, _)| t);
        match (timer, self.prefetch_collects_at()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// While a link prefetches from the main queue, the broker is receiving all the time, so it
    /// collects an expired available message (T18) at the instant its time-to-live passes: the
    /// next such instant. (Collected at whatever instant the caller happened to advance to, the
    /// trace would depend on how a run is sliced.)
    pub(crate) fn prefetch_collects_at(&self) -> Option<Instant> {
        if self.prefetching.iter().any(|&(_, s)| s == SubQueue::Main) {
            self.next_ttl_expiry()
        } else {
            None
        }
    }

    /// The earliest message-lock or session-lock expiry, if any lock is held (activations of
    /// scheduled messages are not lock expiries). For "jump to the next lock expiry".
    #[must_use]
    pub fn next_lock_expiry(&self) -> Option<Instant> {
        self.timers.first_lock_expiry()
    }

    /// Fires every deadline `<= now`, each at its own instant, then moves the clock to `now`.
    pub fn handle_timeout(&mut self, now: Instant) {
        self.fire_due(now);
        self.pump();
    }

    #[cfg(feature = "entities")]
    /// Fires only the timers (activations, message-lock and session-lock expiries) due at or
    /// before `now`, not the time-to-live collection nor the prefetching links' fill (which
    /// collects): at an instant shared by several entities, every entity's lock expiries come
    /// before any collection (`scenario-format-entities.md` E3); [`handle_timeout`](Self::handle_timeout)
    /// at the same instant then fills and collects. Call it only when nothing else is due
    /// before `now`.
    pub(crate) fn expire_due(&mut self, now: Instant) {
        self.fire_until(now, false);
    }

    #[cfg(feature = "entities")]
    /// Fires only the scheduled activations due at or before `now`: at an instant shared by
    /// several entities, every entity's activations come before any lock expiry
    /// (`scenario-format-entities.md` E3). Call it only when nothing else is due before `now`.
    pub(crate) fn activate_due(&mut self, now: Instant) {
        while let Some((t, Timer::Activate(seq))) = self.timers.first().filter(|&(t, _)| t <= now) {
            self.timers.remove(t, Timer::Activate(seq));
            self.set_now(t);
            self.activate(seq);
            self.pump();
        }
    }

    /// Drains one event; call until `None` after every command or timeout.
    #[must_use]
    pub fn poll_event(&mut self) -> Option<Event> {
        self.events.pop_front()
    }

    fn set_now(&mut self, now: Instant) {
        debug_assert!(now >= self.now, "time does not go backwards");
        if now > self.now {
            self.now = now;
        }
    }

    pub(super) fn fire_due(&mut self, now: Instant) {
        self.fire_until(now, true);
    }

    /// Fires every deadline `<= now` in order, the time-to-live collection of a prefetching link
    /// only when `collect` (then the clock moves to `now`).
    fn fire_until(&mut self, now: Instant, collect: bool) {
        let now = now.max(self.now);
        loop {
            let timer_at = self.timers.first().map(|(t, _)| t).filter(|&t| t <= now);
            let collect_at = self.prefetch_collects_at().filter(|&t| collect && t <= now);
            if let Some(c) = collect_at
                && timer_at.is_none_or(|t| c < t)
            {
                // Collected first, so that a link prefetching from the dead-letter queue sees
                // what expiry moved there in the same fill.
                self.set_now(c);
                self.collect_expired();
                self.pump();
                continue;
            }
            let Some((t, timer)) = self.timers.pop_due(now) else {
                break;
            };
            self.set_now(t);
            match timer {
                Timer::Activate(seq) => self.activate(seq),
                Timer::Lock(seq) => {
                    let holder = self.msgs[&seq]
                        .lock
                        .as_ref()
                        .map(|l| l.holder)
                        .expect("invariant: a lock timer belongs to a locked message");
                    self.release(seq, holder, Release::Expire);
                }
                Timer::Session(num) => self.expire_session(num),
            }
            // The prefetching links fill (collecting on the way) after every entity's expiries
            // when several entities share the instant (`collect` false).
            if collect {
                self.pump();
            }
        }
        if collect {
            self.set_now(now);
        }
    }

    pub(super) fn emit(&mut self, kind: EventKind) {
        bump(&mut self.counters.events);
        self.events.push_back(Event { at: self.now, kind });
    }

    pub(crate) fn push_event(&mut self, kind: EventKind) {
        self.emit(kind);
    }
}
