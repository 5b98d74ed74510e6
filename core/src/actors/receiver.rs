//! Automated receivers: receive, process for a seeded time, settle by policy; poison
//! messages, hangs, crashes, automatic lock renewal, idempotent skipping.
//!
//! The receiver's state, its wake-ups and its step (crash, lock renewal, settlement, poll) live
//! here; starting to process a message is in `processing`, session receivers in `session`.

use super::spec::{ActorAct, ActorStats, Note, Policy, ReceiverSpec, later, report};
use crate::message::{ReceiveMode, Text};
use crate::queue::LinkOptions;
use crate::rng::Rng;
use crate::time::{Duration, Instant};
use crate::world::{Op, Outcome, Target, World};
use alloc::collections::BTreeSet;
use alloc::format;
use alloc::vec::Vec;

#[derive(Clone, Debug)]
pub(super) struct Job {
    pub(super) seq: u64,
    /// This delivery's lock: a job settles with its own token, as the SDK's message object
    /// does, so a stale job cannot settle a newer delivery of the same message.
    pub(super) token: Option<crate::message::LockToken>,
    pub(super) id: Text,
    pub(super) finish: Instant,
    pub(super) renew_at: Option<Instant>,
    pub(super) renew_until: Instant,
    pub(super) hang: bool,
    pub(super) policy: Policy,
    pub(super) poison: bool,
    pub(super) duplicate: bool,
    /// The session receiver (index in `slots`) that received it, for a session receiver.
    pub(super) slot: Option<usize>,
}

/// One session receiver of a receiver with `sessions`: a client of its own (one session per
/// receiver link), named `{name}` when one session at a time, else `{name}#1`, `{name}#2`, ….
#[derive(Clone, Debug)]
pub(super) struct Slot {
    pub(super) client: Text,
    /// The session it holds.
    pub(super) session: Option<Text>,
    /// When it next receives from its session (`None`: processing, or no session).
    pub(super) next: Option<Instant>,
    /// It found the session empty once and waited `idle`: empty again, it closes the session.
    pub(super) waited: bool,
    /// When it renews the session lock (auto-renew).
    pub(super) renew_at: Option<Instant>,
    /// Auto-renew stops here (accept + `auto_renew_max_ms`).
    pub(super) renew_until: Instant,
}

#[derive(Clone, Debug)]
pub(super) struct ReceiverState {
    pub(super) spec: ReceiverSpec,
    pub(super) rng: Rng,
    pub(super) opened: bool,
    pub(super) poll_at: Option<Instant>,
    /// While skipping empty polls: the last tick considered (its poll rhythm continues from
    /// there), so a change from outside the run can wake it at its next tick.
    pub(super) skipping: Option<Instant>,
    pub(super) jobs: Vec<Job>,
    pub(super) done_ids: BTreeSet<Text>,
    pub(super) crashed: bool,
    pub(super) stats: ActorStats,
    /// The session receivers (empty without `sessions`).
    pub(super) slots: Vec<Slot>,
}

/// The session receivers of a receiver with `sessions`.
pub(super) fn slots(spec: &ReceiverSpec) -> Vec<Slot> {
    let n = spec.sessions.map_or(0, |s| s.max_concurrent);
    (1..=n)
        .map(|k| Slot {
            client: if n == 1 {
                spec.name.clone()
            } else {
                format!("{}#{k}", spec.name).as_str().into()
            },
            session: None,
            next: None,
            waited: false,
            renew_at: None,
            renew_until: Instant::ZERO,
        })
        .collect()
}

/// The first tick `anchor + k·poll` (k ≥ 1) at or after `from` (`None`: at `anchor + poll`);
/// `None` when that is past the end of time.
pub(super) fn next_tick(anchor: Instant, poll: Duration, from: Option<Instant>) -> Option<Instant> {
    let poll = poll.as_millis().max(1);
    let first = later(anchor, Duration::from_millis(poll))?;
    match from {
        Some(f) if f > first => {
            let k = f.saturating_since(anchor).as_millis().div_ceil(poll);
            later(anchor, Duration::from_millis(k.checked_mul(poll)?))
        }
        _ => Some(first),
    }
}

impl ReceiverState {
    pub(super) fn next_wake(&self) -> Option<Instant> {
        [self.poll_at, self.next_job_wake()]
            .into_iter()
            .flatten()
            .min()
    }

    /// The next job deadline (renew or finish) or crash.
    pub(super) fn next_job_wake(&self) -> Option<Instant> {
        let jobs = self
            .jobs
            .iter()
            .map(|j| j.renew_at.map_or(j.finish, |r| r.min(j.finish)))
            .min();
        let crash = self.spec.crash_at.filter(|_| !self.crashed);
        [jobs, self.next_slot_wake(), crash]
            .into_iter()
            .flatten()
            .min()
    }

    /// The next receive or session-lock renewal of a session receiver.
    pub(super) fn next_slot_wake(&self) -> Option<Instant> {
        self.slots
            .iter()
            .flat_map(|s| [s.next, s.renew_at])
            .flatten()
            .min()
    }

    pub(super) fn free(&self) -> u32 {
        self.spec
            .concurrency
            .saturating_sub(u32::try_from(self.jobs.len()).unwrap_or(u32::MAX))
    }

    pub(super) fn step(
        &mut self,
        at: Instant,
        world: &mut World,
        horizon: Option<Instant>,
        may_skip: bool,
        out: &mut impl FnMut(&World, ActorAct),
    ) {
        let name = self.spec.name.clone();
        self.skipping = None;
        if let Some(c) = self.spec.crash_at
            && !self.crashed
            && c <= at
        {
            self.crashed = true;
            // The connection drops: every session receiver on it (their sessions stay locked
            // until each session lock expires).
            let clients: Vec<Text> = if self.slots.is_empty() {
                alloc::vec![name.clone()]
            } else {
                self.slots.iter().map(|s| s.client.clone()).collect()
            };
            for c in clients {
                let r = world.apply(at, &c, Op::Disconnect);
                report(
                    out,
                    world,
                    at,
                    c,
                    Op::Disconnect,
                    Some(r),
                    Some(Note::Crashed),
                );
            }
            for s in &mut self.slots {
                s.session = None;
                s.next = None;
                s.renew_at = None;
            }
            self.stats.failed += self.jobs.len() as u64;
            self.jobs.clear();
            self.stats.in_flight = 0;
            self.opened = false;
            self.poll_at = self.spec.restart_after.and_then(|d| later(at, d));
            return;
        }
        if self.session_renew(at, world, out) {
            return;
        }
        // A job whose time has come: renew, or finish.
        if let Some(i) = self
            .jobs
            .iter()
            .position(|j| j.renew_at.is_some_and(|r| r <= at && r < j.finish))
        {
            let seq = self.jobs[i].seq;
            let op = Op::RenewLock {
                target: Target::Seq(seq),
            };
            let r = match self.jobs[i].token {
                Some(tok) => world.apply_held(at, &name, seq, tok, op.clone()),
                None => world.apply(at, &name, op.clone()),
            };
            let job = &mut self.jobs[i];
            job.renew_at = match &r {
                Ok(Outcome::LockedUntil(until)) => Self::renew_time(at, *until, job.renew_until),
                _ => None,
            };
            report(out, world, at, name, op, Some(r), Some(Note::RenewingLock));
            return;
        }
        if let Some(i) = self.jobs.iter().position(|j| j.finish <= at) {
            let job = self.jobs.remove(i);
            // A session receiver settles through its own link, then reads its session on.
            let name = match job.slot {
                Some(k) => {
                    self.slots[k].next = Some(at);
                    self.slots[k].client.clone()
                }
                None => name,
            };
            self.stats.in_flight = self.jobs.len() as u64;
            if self.spec.idempotent {
                // The side effects of processing are done, whatever settlement says next.
                self.done_ids.insert(job.id.clone());
            }
            if self.spec.mode == ReceiveMode::PeekLock {
                let target = Target::Seq(job.seq);
                let op = match &job.policy {
                    Policy::Complete => Op::Complete { target },
                    Policy::Abandon => Op::Abandon {
                        target,
                        properties: None,
                    },
                    Policy::DeadLetter(reason) => Op::DeadLetter {
                        target,
                        reason: Some(reason.clone()),
                        description: job
                            .poison
                            .then(|| "poison message: the handler throws on it".into()),
                        properties: None,
                    },
                    Policy::Defer => Op::Defer {
                        target,
                        properties: None,
                    },
                };
                // The handler settles the delivery it was given, with that delivery's token.
                let r = match job.token {
                    Some(tok) => world.apply_held(at, &name, job.seq, tok, op.clone()),
                    None => world.apply(at, &name, op.clone()),
                };
                if r.is_ok() {
                    self.stats.done += 1;
                } else {
                    self.stats.failed += 1;
                }
                let note = if job.duplicate {
                    Some(Note::Duplicate)
                } else if job.hang {
                    Some(Note::Hung)
                } else if job.poison {
                    Some(Note::Poison)
                } else {
                    None
                };
                report(out, world, at, name, op, Some(r), note);
            } else {
                self.stats.done += 1;
            }
            if job.slot.is_none() && self.poll_at.is_none_or(|p| p > at) && !self.past_stop(at) {
                self.poll_at = Some(at);
            }
            return;
        }
        if self.session_receive(at, world, out) {
            return;
        }
        // Poll.
        self.poll_at = None;
        if self.past_stop(at) {
            return;
        }
        if !self.slots.is_empty() {
            self.accept(at, world, horizon, may_skip, out);
            return;
        }
        if !self.opened {
            self.opened = true;
            if self.spec.prefetch > 0 {
                let op = Op::Open(LinkOptions {
                    mode: self.spec.mode,
                    from: self.spec.from,
                    prefetch: self.spec.prefetch,
                });
                let r = world.apply(at, &name, op.clone());
                report(out, world, at, name.clone(), op, Some(r), None);
            }
        }
        let free = self.free();
        if free == 0 {
            return;
        }
        if may_skip
            && self.opened
            && let Some(me) = world.id_of(&name)
            && !world.queue().receive_would_act(at, me, self.spec.from)
        {
            // This poll would find nothing and change nothing: sleep to the first tick at or
            // after the next instant anything can change.
            self.skip(at, world, horizon);
            return;
        }
        let op = Op::Receive {
            max: free,
            mode: Some(self.spec.mode),
            from: self.spec.from,
        };
        let r = world.apply(at, &name, op.clone());
        let got = match &r {
            Ok(Outcome::Messages(ms)) => ms.clone(),
            _ => Vec::new(),
        };
        if !got.is_empty() {
            report(out, world, at, name, op, Some(r), None);
        }
        for m in &got {
            self.take(at, m, None);
        }
        self.stats.in_flight = self.jobs.len() as u64;
        if self.free() > 0 {
            self.poll_at = later(at, self.spec.poll);
        }
    }

    /// An empty poll at `at`, skipped: the next poll is the first tick at or after the next
    /// instant at which anything can change (`horizon`, the broker's deadlines, a TTL, this
    /// receiver's own jobs), and never before `at + poll`.
    pub(super) fn skip(&mut self, at: Instant, world: &World, horizon: Option<Instant>) {
        let q = world.queue();
        let own = self
            .jobs
            .iter()
            .map(|j| j.renew_at.map_or(j.finish, |r| r.min(j.finish)))
            .chain(self.next_slot_wake())
            .min();
        // A time-to-live matters even to a dead-letter receiver: the prefetch pump at the end
        // of its receive collects expired main-queue messages when a link prefetches there.
        // One already passed changes nothing by itself: this poll would not collect it (a
        // receiver without a session on a session queue polled every tick for ever after).
        let ttl = q.next_ttl_expiry().filter(|&t| t > at);
        let change = [horizon, q.poll_timeout(), ttl, own]
            .into_iter()
            .flatten()
            .min();
        self.skipping = Some(at);
        self.poll_at = match change {
            Some(c) => next_tick(at, self.spec.poll, Some(c)),
            // Nothing will ever change by itself: sleep until something outside the run does
            // (see `Actors::touch`).
            None => None,
        };
    }

    pub(super) fn past_stop(&self, at: Instant) -> bool {
        self.crashed && self.spec.restart_after.is_none()
            || self.spec.stop_at.is_some_and(|s| at >= s)
    }
}
