//! A receiver's session receivers: accepting a session, receiving from it and renewing its
//! lock.

use super::receiver::ReceiverState;
use super::spec::{ActorAct, later, report};
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
            Some("auto-renewing the session lock"),
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
                        Some("the session lock was lost"),
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
            Some(if stopping {
                "stopping: closing the session"
            } else {
                "the session is idle: closing it"
            }),
        );
        self.release_slot(k, at);
        true
    }
}
