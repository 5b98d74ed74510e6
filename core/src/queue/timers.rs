//! The deadline set: every pending scheduled activation, message-lock expiry and session-lock
//! expiry, in the order they must fire.

use crate::time::Instant;
use alloc::collections::BTreeSet;

/// What a deadline does when it fires.
///
/// The variant order is the tie-break at one instant (semantics.md §1.4 rule 2): scheduled
/// activations first, then message-lock expiries, then session-lock expiries; within each
/// kind, by sequence number (session number for sessions). Do not reorder the variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Timer {
    /// A scheduled message (by its scheduled sequence number) becomes active (T3).
    Activate(u64),
    /// The message lock of this sequence number expires (T9, T17c, T23).
    Lock(u64),
    /// The lock of the session with this number expires (§2.4).
    Session(u64),
}

/// Pending deadlines, earliest first; ties broken by [`Timer`]'s order.
///
/// Each deadline is stored at most once: the caller removes a deadline by the exact instant and
/// kind it inserted (a renewed lock removes its old expiry before inserting the new one).
#[derive(Clone, Debug, Default)]
pub(crate) struct Timers {
    set: BTreeSet<(Instant, Timer)>,
}

impl Timers {
    /// Adds a deadline.
    pub(crate) fn insert(&mut self, at: Instant, timer: Timer) {
        self.set.insert((at, timer));
    }

    /// Removes a deadline; true if it was pending.
    pub(crate) fn remove(&mut self, at: Instant, timer: Timer) -> bool {
        self.set.remove(&(at, timer))
    }

    /// Is this exact deadline pending?
    pub(crate) fn contains(&self, at: Instant, timer: Timer) -> bool {
        self.set.contains(&(at, timer))
    }

    /// The deadline that fires next.
    pub(crate) fn first(&self) -> Option<(Instant, Timer)> {
        self.set.first().copied()
    }

    /// Takes the next deadline if it is due at or before `now`.
    pub(crate) fn pop_due(&mut self, now: Instant) -> Option<(Instant, Timer)> {
        match self.set.first() {
            Some(&(t, _)) if t <= now => self.set.pop_first(),
            _ => None,
        }
    }

    /// The earliest message-lock or session-lock expiry (activations are not lock expiries).
    pub(crate) fn first_lock_expiry(&self) -> Option<Instant> {
        self.set
            .iter()
            .find(|(_, t)| !matches!(t, Timer::Activate(_)))
            .map(|&(t, _)| t)
    }

    /// Every pending deadline, in firing order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Instant, Timer)> + '_ {
        self.set.iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_one_instant_activations_fire_before_lock_then_session_expiries() {
        let mut t = Timers::default();
        let at = Instant::from_millis(5);
        t.insert(at, Timer::Session(0));
        t.insert(at, Timer::Lock(9));
        t.insert(at, Timer::Lock(2));
        t.insert(at, Timer::Activate(7));
        t.insert(Instant::from_millis(4), Timer::Session(3));
        assert_eq!(t.first_lock_expiry(), Some(Instant::from_millis(4)));
        assert_eq!(t.pop_due(Instant::from_millis(3)), None);
        let order: alloc::vec::Vec<Timer> =
            core::iter::from_fn(|| t.pop_due(at).map(|(_, x)| x)).collect();
        assert_eq!(
            order,
            [
                Timer::Session(3),
                Timer::Activate(7),
                Timer::Lock(2),
                Timer::Lock(9),
                Timer::Session(0)
            ]
        );
        assert_eq!(t.first(), None);
    }

    #[test]
    fn remove_needs_the_exact_deadline() {
        let mut t = Timers::default();
        t.insert(Instant::from_millis(5), Timer::Lock(1));
        assert!(!t.remove(Instant::from_millis(6), Timer::Lock(1)));
        assert!(t.contains(Instant::from_millis(5), Timer::Lock(1)));
        assert!(t.remove(Instant::from_millis(5), Timer::Lock(1)));
        assert_eq!(t.iter().count(), 0);
    }
}
