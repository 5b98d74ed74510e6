//! Automated senders and receivers: seeded, deterministic clients that act on their own in
//! virtual time, through the same [`World`] operations a script or a person uses.
//!
//! **Senders** model settled sends over a network: a send leaves the client at `s`, reaches the
//! broker at `s + rtt/2`, is stored by `s + rtt/2 + store` (that is when it is enqueued), and its
//! outcome is back at the client at `s + rtt + store` (semantics.md §6). Modes: one at a time,
//! all pipelined, throttled (at most k in flight), fire-and-forget (nobody awaits the results),
//! and presettled (no result ever comes back).
//!
//! **Receivers** take messages (peek-lock or receive-and-delete, optional prefetch), process
//! each for a seeded time, then settle by policy; they can fail on poison messages, hang past
//! the lock, crash, renew locks automatically, and skip work already done for a MessageId.
//!
//! **Scheduling.** Actors wait in one agenda ordered by (next wake, declaration order), so
//! choosing the next action is O(log actors). A receiver with nothing to do polls every
//! `poll_ms`, but a poll that would find nothing and change nothing
//! ([`Queue::receive_would_act`](crate::queue::Queue::receive_would_act)) is skipped: the
//! receiver sleeps to its first poll tick at or after the next instant anything else can
//! happen (a script step, another actor, a broker deadline, a time-to-live), which is exactly
//! the tick at which its old every-tick polling would first have found something. The trace is
//! the same; the work grows with events, not with virtual time.
//!
//! **Time arithmetic** saturates: an instant past `u64::MAX` ms never comes, so an action due
//! then is never taken. Processing a message takes at least 1 ms of virtual time (a duplicate
//! an idempotent receiver skips is completed at once), so no actor loops at one instant.

mod processing;
mod receiver;
mod sender;
mod session;
mod spec;

use crate::message::Text;
use crate::rng::Rng;
use crate::time::{Duration, Instant};
use crate::world::{Op, World};
use alloc::collections::{BTreeMap, BTreeSet};
use alloc::vec::Vec;
use receiver::{ReceiverState, next_tick, slots};
use sender::{SendEv, SenderState};
use spec::later;
pub use spec::{
    ActorAct, ActorSpec, ActorStats, Note, Poison, Policy, ReceiverSpec, SendMode, SenderSpec,
    SessionOptions,
};

#[derive(Clone, Debug)]
enum State {
    Sender(SenderState),
    Receiver(ReceiverState),
}

/// Every automated actor of a run.
#[derive(Clone, Debug, Default)]
pub struct Actors {
    actors: Vec<State>,
    /// (next wake, index) of every actor that has one: the priority queue. The index is a
    /// `u64` so that this is the same set type as the queue's deadlines (each key type is a
    /// B-tree's code of its own in the wasm).
    agenda: BTreeSet<(Instant, u64)>,
    /// Each actor's entry in `agenda`.
    wakes: Vec<Option<Instant>>,
    /// (next instant it may change the world, index): `agenda` without the poll ticks of
    /// receivers skipping empty polls (such a poll changes nothing until something else does).
    movers: BTreeSet<(Instant, u64)>,
    /// Each actor's entry in `movers`.
    moves: Vec<Option<Instant>>,
    /// Actions taken so far (including skipped polls): the actors' share of a run's work.
    actions: u64,
    /// Polls every tick, even when nothing can be found (the reference behaviour that poll
    /// skipping must reproduce exactly; for tests).
    every_tick: bool,
}

impl Actors {
    /// Actors from their specs; each draws from its own stream of the scenario's seed.
    #[must_use]
    pub fn new(specs: &[ActorSpec], seed: u64) -> Self {
        let root = Rng::new(seed ^ 0xAC70_25EE_D000_0000);
        let actors = specs
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let rng = root.fork(i as u64 + 1);
                match s {
                    ActorSpec::Sender(spec) => {
                        let mut agenda = BTreeSet::new();
                        if spec.count > 0 {
                            agenda.insert((spec.start, SendEv::Start));
                        }
                        State::Sender(SenderState {
                            spec: spec.clone(),
                            rng,
                            next: 1,
                            agenda,
                            outcome: BTreeMap::new(),
                            in_flight: 0,
                            stats: ActorStats::default(),
                        })
                    }
                    ActorSpec::Receiver(spec) => State::Receiver(ReceiverState {
                        spec: spec.clone(),
                        rng,
                        opened: false,
                        poll_at: Some(spec.start),
                        skipping: None,
                        jobs: Vec::new(),
                        done_ids: BTreeSet::new(),
                        crashed: false,
                        stats: ActorStats::default(),
                        slots: slots(spec),
                    }),
                }
            })
            .collect::<Vec<State>>();
        let wakes: Vec<Option<Instant>> = actors.iter().map(State::next_wake).collect();
        // Inserted one by one: collecting sorts first, a sort instance of its own in the wasm.
        let mut agenda = BTreeSet::new();
        for (i, w) in wakes.iter().enumerate() {
            if let Some(w) = *w {
                agenda.insert((w, i as u64));
            }
        }
        let moves = wakes.clone();
        let movers = agenda.clone();
        Self {
            actors,
            agenda,
            wakes,
            movers,
            moves,
            actions: 0,
            every_tick: false,
        }
    }

    /// How many actor actions ran so far (a skipped poll counts as one): the actors' work.
    #[must_use]
    pub fn actions(&self) -> u64 {
        self.actions
    }

    /// Makes receivers poll on every tick, as they did before poll skipping (the trace must
    /// be the same either way; only the work differs). For tests and benchmarks.
    #[doc(hidden)]
    pub fn poll_every_tick(&mut self) {
        self.every_tick = true;
    }

    fn reschedule(&mut self, i: usize) {
        let k = i as u64;
        let new = self.actors[i].next_wake();
        if new != self.wakes[i] {
            if let Some(old) = self.wakes[i] {
                self.agenda.remove(&(old, k));
            }
            if let Some(w) = new {
                self.agenda.insert((w, k));
            }
            self.wakes[i] = new;
        }
        let moves = self.actors[i].next_change();
        if moves != self.moves[i] {
            if let Some(old) = self.moves[i] {
                self.movers.remove(&(old, k));
            }
            if let Some(w) = moves {
                self.movers.insert((w, k));
            }
            self.moves[i] = moves;
        }
    }

    /// Something outside the run changed the world at `now` (a person's action in the
    /// playground), after every actor action due at `now` ran: receivers skipping empty polls
    /// wake at their next poll tick after `now` to look again.
    pub fn touch(&mut self, now: Instant) {
        for i in 0..self.actors.len() {
            if let State::Receiver(r) = &mut self.actors[i]
                && let Some(anchor) = r.skipping
            {
                let after = later(now, Duration::from_millis(1)).unwrap_or(Instant::MAX);
                let tick = next_tick(anchor, r.spec.poll, Some(after));
                if r.poll_at.is_none_or(|p| tick.is_some_and(|t| t < p)) {
                    r.poll_at = tick;
                }
                self.reschedule(i);
            }
        }
    }

    /// True when there are no actors.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.actors.is_empty()
    }

    /// Names and running totals, in declaration order.
    #[must_use]
    pub fn stats(&self) -> Vec<(Text, bool, ActorStats)> {
        self.actors
            .iter()
            .map(|a| match a {
                State::Sender(s) => (s.spec.name.clone(), true, s.stats.clone()),
                State::Receiver(r) => (r.spec.name.clone(), false, r.stats.clone()),
            })
            .collect()
    }

    /// When the next actor has something to do. O(log actors).
    #[must_use]
    pub fn next_wake(&self) -> Option<Instant> {
        self.agenda.first().map(|&(t, _)| t)
    }

    /// Runs the one action due earliest (at or before `t`; ties in declaration order) and
    /// returns what it did. The caller MUST first move `world` to that instant (see
    /// [`next_wake`](Self::next_wake)), so broker deadlines come before the action.
    /// `horizon` is the earliest instant at which anything outside the actors can change the
    /// world (the next script step); the broker's own deadlines are read from `world`.
    pub fn act(
        &mut self,
        t: Instant,
        world: &mut World,
        horizon: Option<Instant>,
    ) -> Vec<ActorAct> {
        let mut acts = Vec::new();
        let Some(&(at, k)) = self.agenda.first().filter(|&&(w, _)| w <= t) else {
            return acts;
        };
        // An index into `actors` (stored as a `u64`).
        let i = k as usize;
        // The earliest instant at which another actor may act (for a skipped poll).
        let others = self.movers.iter().find(|&&(_, j)| j != k).map(|&(w, _)| w);
        let was_skipping = matches!(&self.actors[i], State::Receiver(r) if r.skipping.is_some());
        let horizon = [horizon, others].into_iter().flatten().min();
        self.actions = self.actions.saturating_add(1);
        let events_before = world.queue().counters().events;
        let mut out = |_: &World, a: ActorAct| acts.push(a);
        match &mut self.actors[i] {
            State::Sender(s) => s.step(at, world, &mut out),
            State::Receiver(r) => r.step(at, world, horizon, !self.every_tick, &mut out),
        }
        self.reschedule(i);
        let found_work = was_skipping
            && acts
                .iter()
                .any(|a| matches!(a.op, Op::Receive { .. } | Op::AcceptSession { .. }));
        // A receive that returned nothing may still have changed the world: it collected
        // expired messages (into the dead-letter queue, where a receiver may be waiting).
        let silent_change = acts.is_empty() && world.queue().counters().events != events_before;
        if found_work || silent_change {
            // A receiver that was idle found work: it will change the world again (its jobs
            // end at least 1 ms from now), which the other idle receivers did not foresee.
            self.touch(at);
        }
        acts
    }
}

impl State {
    /// The next instant this actor may change the world: its next wake, except the poll
    /// tick of a receiver skipping empty polls.
    fn next_change(&self) -> Option<Instant> {
        match self {
            Self::Receiver(r) if r.skipping.is_some() => r.next_job_wake(),
            _ => self.next_wake(),
        }
        .filter(|&t| t < Instant::MAX)
    }

    /// The next wake; `Instant::MAX` is the end of time, which never comes.
    fn next_wake(&self) -> Option<Instant> {
        match self {
            Self::Sender(s) => s.agenda.first().map(|&(t, _)| t),
            Self::Receiver(r) => r.next_wake(),
        }
        .filter(|&t| t < Instant::MAX)
    }
}
