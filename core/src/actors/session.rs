//! A receiver's session receivers: accepting a session, receiving from it and renewing its
//! lock.

use super::receiver::{ReceiverState, Slot};
use super::spec::{ActorAct, Note, later, report};
use crate::message::SubQueue;
use crate::time::{Duration, Instant};
use crate::world::{Op, Outcome, World};

impl ReceiverState {
    /// A session receiver's session-lock renewal due at `at` (auto-renew), if any.
    pub(super) fn session_renew(
        &mut self,
        at: Instant,
        world: &mut World,
        out: &mut impl FnMut(&World, ActorAct),
    ) -> bool {
        let Some(k) = self.slot_due(at, |s| s.renew_at) else {
            return false;
        };
        let slot = &mut self.slots[k];
        let r = world.apply(at, &slot.client, Op::RenewSessionLock);
        slot.renew_at = match &r {
            Ok(Outcome::LockedUntil(until)) => Self::renew_time(at, *until, slot.renew_until),
            _ => None,
        };
        report(
            out,
            world,
            at,
            slot.client.clone(),
            Op::RenewSessionLock,
            Some(r),
            Some(Note::RenewingSession),
        );
        true
    }

    /// A session receiver's receive due at `at`, if any: the session's next message, or (the
    /// session empty after waiting `idle`, or the receiver stopping) closing the session.
    pub(super) fn session_receive(
        &mut self,
        at: Instant,
        world: &mut World,
        out: &mut impl FnMut(&World, ActorAct),
    ) -> bool {
        let Some(k) = self.slot_due(at, |s| s.next) else {
            return false;
        };
        let idle = self.spec.sessions.map_or(Duration::ZERO, |o| o.idle);
        let stopping = self.past_stop(at);
        let client = self.slots[k].client.clone();
        self.slots[k].next = None;
        if !stopping {
            let op = Op::Receive {
                max: 1,
                mode: Some(self.spec.mode),
                from: SubQueue::Main,
            };
            let r = world.apply(at, &client, op.clone());
            match &r {
                Ok(Outcome::Messages(ms)) if !ms.is_empty() => {
                    let m = ms[0].clone();
                    report(out, world, at, client, op, Some(r), None);
                    self.slots[k].waited = false;
                    self.take(at, &m, Some(k));
                    self.stats.in_flight = self.jobs.len() as u64;
                    return true;
                }
                Ok(_) if !self.slots[k].waited && idle > Duration::ZERO => {
                    // Nothing now: wait for the session to get more, once.
                    self.slots[k].waited = true;
                    self.slots[k].next = later(at, idle);
                    return true;
                }
                Ok(_) => {}
                Err(_) => {
                    // The session lock is gone (it expired): this session receiver is done.
                    report(
                        out,
                        world,
                        at,
                        client,
                        op,
                        Some(r),
                        Some(Note::SessionLockLost),
                    );
                    self.release_slot(k, at);
                    return true;
                }
            }
        }
        let r = world.apply(at, &client, Op::Close);
        report(
            out,
            world,
            at,
            client,
            Op::Close,
            Some(r),
            Some(if stopping { Note::Stopping } else { Note::Idle }),
        );
        self.release_slot(k, at);
        true
    }

    /// The first session slot whose `when` (a renewal, a receive) is due at `at`.
    pub(super) fn slot_due(
        &self,
        at: Instant,
        when: impl Fn(&Slot) -> Option<Instant>,
    ) -> Option<usize> {
        self.slots
            .iter()
            .position(|s| when(s).is_some_and(|t| t <= at))
    }

    /// Session receiver `k` holds no session any more: it accepts the next one at once.
    pub(super) fn release_slot(&mut self, k: usize, at: Instant) {
        let slot = &mut self.slots[k];
        slot.session = None;
        slot.next = None;
        slot.renew_at = None;
        slot.waited = false;
        if !self.past_stop(at) && self.poll_at.is_none_or(|p| p > at) {
            self.poll_at = Some(at);
        }
    }

    /// Accepts the next available session for a free session receiver (a poll of a
    /// receiver with `sessions`).
    pub(super) fn accept(
        &mut self,
        at: Instant,
        world: &mut World,
        horizon: Option<Instant>,
        may_skip: bool,
        out: &mut impl FnMut(&World, ActorAct),
    ) {
        let Some(k) = self.slots.iter().position(|s| s.session.is_none()) else {
            // Every session receiver is busy: one that lets its session go polls again.
            return;
        };
        self.opened = true;
        if may_skip && !world.queue().accept_would_act(at) {
            // No free session with messages: sleep to the first tick at or after the next
            // instant anything can change.
            self.skip(at, world, horizon);
            return;
        }
        let client = self.slots[k].client.clone();
        let op = Op::AcceptSession { session_id: None };
        let r = world.apply(at, &client, op.clone());
        let Ok(Outcome::Session { id, locked_until }) = &r else {
            // No session to take (ServiceTimeout): ask again after `poll`, as with a receive.
            self.poll_at = later(at, self.spec.poll);
            return;
        };
        let renew_until = self.spec.auto_renew.map_or(at, |d| at + d);
        let slot = &mut self.slots[k];
        slot.session = Some(id.clone());
        slot.next = Some(at);
        slot.waited = false;
        slot.renew_until = renew_until;
        slot.renew_at = self
            .spec
            .auto_renew
            .and_then(|_| Self::renew_time(at, *locked_until, renew_until));
        report(out, world, at, client, op, Some(r), None);
        if self.slots.iter().any(|s| s.session.is_none()) {
            // Another session receiver is free: it accepts at this instant too.
            self.poll_at = Some(at);
        }
    }
}
