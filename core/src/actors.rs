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

use crate::error::{Error, ErrorKind};
use crate::message::{NewMessage, Properties, ReceiveMode, SubQueue, Text};
use crate::queue::LinkOptions;
use crate::rng::Rng;
use crate::time::{Duration, Instant};
use crate::world::{Op, Outcome, Target, World};
use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;
use alloc::vec::Vec;

/// How a sender awaits its sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SendMode {
    /// Await each send before starting the next.
    Sequential,
    /// Start them all; await them together.
    Pipelined,
    /// At most this many in flight (a semaphore).
    Throttled(u32),
    /// Start them all and never look at the results.
    FireAndForget,
    /// AMQP presettled transfers: the broker never answers.
    Presettled,
}

/// An automated sender.
#[derive(Clone, Debug, PartialEq)]
pub struct SenderSpec {
    /// Client name.
    pub name: Text,
    /// How sends are awaited.
    pub mode: SendMode,
    /// How many messages.
    pub count: u64,
    /// When the first send starts.
    pub start: Instant,
    /// Gap between starts when nothing else holds them back (0 = back to back).
    pub interval: Duration,
    /// Network round trip.
    pub rtt: Duration,
    /// Broker accept-and-store time.
    pub store: Duration,
    /// Extra seeded delay on the way in, 0..=jitter (makes completions arrive out of order).
    pub jitter: Duration,
    /// Chance (0..=1000 per mille) that the broker rejects a send as busy.
    pub reject_per_mille: u32,
    /// Message ids are `{prefix}{n}`, n from 1.
    pub id_prefix: Text,
    /// Message body; `{n}` is replaced by the message number.
    pub body: Text,
    /// Message TTL.
    pub ttl: Option<Duration>,
    /// Session ids to cycle through (empty: none).
    pub sessions: Vec<Text>,
}

/// What a receiver does with a message once processed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Complete it.
    Complete,
    /// Abandon it.
    Abandon,
    /// Dead-letter it with this reason.
    DeadLetter(Text),
    /// Defer it.
    Defer,
}

/// A receiver's reaction to a poison message (one whose body contains a marker).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Poison {
    /// The marker.
    pub contains: Text,
    /// What the handler does: throw (abandon) or dead-letter with a reason.
    pub then: Policy,
}

/// An automated receiver.
#[derive(Clone, Debug, PartialEq)]
pub struct ReceiverSpec {
    /// Client name.
    pub name: Text,
    /// Receive mode.
    pub mode: ReceiveMode,
    /// Sub-queue.
    pub from: SubQueue,
    /// Messages processed at once.
    pub concurrency: u32,
    /// Prefetch count.
    pub prefetch: u32,
    /// When it starts receiving.
    pub start: Instant,
    /// Wait before asking again when nothing was there.
    pub poll: Duration,
    /// Processing time, uniform in min..=max.
    pub work_min: Duration,
    /// See `work_min`.
    pub work_max: Duration,
    /// What it does after processing.
    pub policy: Policy,
    /// Poison handling.
    pub poison: Option<Poison>,
    /// Chance per mille that processing hangs for `hang`.
    pub hang_per_mille: u32,
    /// How long a hang lasts.
    pub hang: Duration,
    /// Renew locks while processing, up to this long after receiving (.NET auto-renew).
    pub auto_renew: Option<Duration>,
    /// Skip the work for a MessageId already processed (idempotent handler).
    pub idempotent: bool,
    /// The process dies here: its connection drops.
    pub crash_at: Option<Instant>,
    /// ... and comes back after this long.
    pub restart_after: Option<Duration>,
    /// Stops receiving here.
    pub stop_at: Option<Instant>,
    /// Receive through accepted sessions (a session processor) instead of plainly.
    pub sessions: Option<SessionOptions>,
}

/// How a receiver takes sessions (`sessions` in docs/actors.md), as the SDK's session
/// processor does: it accepts the next available session, up to `max_concurrent` at once, each
/// through its own session receiver that handles one message at a time, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionOptions {
    /// Sessions held at once (the SDK's `MaxConcurrentSessions`).
    pub max_concurrent: u32,
    /// How long a session receiver waits on an empty session before closing it (the SDK's
    /// `SessionIdleTimeout`): it looks once more after this long, then closes.
    pub idle: Duration,
}

/// An actor of either kind.
#[derive(Clone, Debug, PartialEq)]
pub enum ActorSpec {
    /// A sender.
    Sender(SenderSpec),
    /// A receiver.
    Receiver(ReceiverSpec),
}

/// One thing an actor did, for the trace and the log.
#[derive(Clone, Debug)]
pub struct ActorAct {
    /// When.
    pub at: Instant,
    /// Which actor.
    pub by: Text,
    /// The operation.
    pub op: Op,
    /// Its result as the actor saw it (`None` for results nobody observes).
    pub result: Option<Result<Outcome, Error>>,
    /// A word on why, for the log ("hung past its lock", "poison message", …).
    pub note: Option<&'static str>,
}

/// Running totals of one actor, for display.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ActorStats {
    /// Sends started / messages received.
    pub started: u64,
    /// Sends the sender knows succeeded / messages settled successfully.
    pub done: u64,
    /// Sends in flight or messages being processed.
    pub in_flight: u64,
    /// Failures the actor saw.
    pub failed: u64,
    /// Failures nobody saw (fire-and-forget, presettled).
    pub unobserved_failures: u64,
    /// Work skipped because the MessageId was already processed.
    pub duplicates_skipped: u64,
    /// Completion time of the last send (senders).
    pub last_completion: Option<Instant>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum SendEv {
    /// The broker stores message n.
    Store(u64),
    /// The client learns the outcome of message n.
    Complete(u64),
    /// The next send may start.
    Start,
}

#[derive(Clone, Debug)]
struct SenderState {
    spec: SenderSpec,
    rng: Rng,
    next: u64,
    agenda: BTreeSet<(Instant, SendEv)>,
    outcome: BTreeMap<u64, (NewMessage, Result<(), Error>, bool)>,
    in_flight: u32,
    stats: ActorStats,
}

#[derive(Clone, Debug)]
struct Job {
    seq: u64,
    /// This delivery's lock: a job settles with its own token, as the SDK's message object
    /// does, so a stale job cannot settle a newer delivery of the same message.
    token: Option<crate::message::LockToken>,
    id: Text,
    finish: Instant,
    renew_at: Option<Instant>,
    renew_until: Instant,
    hang: bool,
    policy: Policy,
    poison: bool,
    duplicate: bool,
    /// The session receiver (index in `slots`) that received it, for a session receiver.
    slot: Option<usize>,
}

/// One session receiver of a receiver with `sessions`: a client of its own (one session per
/// receiver link), named `{name}` when one session at a time, else `{name}#1`, `{name}#2`, ….
#[derive(Clone, Debug)]
struct Slot {
    client: Text,
    /// The session it holds.
    session: Option<Text>,
    /// When it next receives from its session (`None`: processing, or no session).
    next: Option<Instant>,
    /// It found the session empty once and waited `idle`: empty again, it closes the session.
    waited: bool,
    /// When it renews the session lock (auto-renew).
    renew_at: Option<Instant>,
    /// Auto-renew stops here (accept + `auto_renew_max_ms`).
    renew_until: Instant,
}

#[derive(Clone, Debug)]
struct ReceiverState {
    spec: ReceiverSpec,
    rng: Rng,
    opened: bool,
    poll_at: Option<Instant>,
    /// While skipping empty polls: the last tick considered (its poll rhythm continues from
    /// there), so a change from outside the run can wake it at its next tick.
    skipping: Option<Instant>,
    jobs: Vec<Job>,
    done_ids: BTreeSet<Text>,
    crashed: bool,
    stats: ActorStats,
    /// The session receivers (empty without `sessions`).
    slots: Vec<Slot>,
}

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

/// A message body: the template itself (shared, not copied) unless it has `{n}` to fill in.
fn fill(template: &Text, n: u64) -> Text {
    if template.contains("{n}") {
        template.replace("{n}", &format!("{n}")).as_str().into()
    } else {
        template.clone()
    }
}

/// `at + d`, or `None` (never) past the end of representable time.
fn later(at: Instant, d: Duration) -> Option<Instant> {
    at.as_millis()
        .checked_add(d.as_millis())
        .filter(|&t| t < u64::MAX)
        .map(Instant::from_millis)
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

/// The session receivers of a receiver with `sessions`.
fn slots(spec: &ReceiverSpec) -> Vec<Slot> {
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
fn next_tick(anchor: Instant, poll: Duration, from: Option<Instant>) -> Option<Instant> {
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

/// Hands one actor action to the caller.
fn report(
    out: &mut impl FnMut(&World, ActorAct),
    world: &World,
    at: Instant,
    by: Text,
    op: Op,
    result: Option<Result<Outcome, Error>>,
    note: Option<&'static str>,
) {
    out(
        world,
        ActorAct {
            at,
            by,
            op,
            result,
            note,
        },
    );
}

impl SenderState {
    fn in_flight_limit(&self) -> u32 {
        match self.spec.mode {
            SendMode::Sequential => 1,
            SendMode::Throttled(k) => k.max(1),
            _ => u32::MAX,
        }
    }

    fn step(&mut self, at: Instant, world: &mut World, out: &mut impl FnMut(&World, ActorAct)) {
        let Some((_, ev)) = self.agenda.pop_first() else {
            return;
        };
        match ev {
            SendEv::Start => {
                if self.next > self.spec.count || self.in_flight >= self.in_flight_limit() {
                    return;
                }
                let n = self.next;
                self.next = self.next.saturating_add(1);
                self.in_flight = self.in_flight.saturating_add(1);
                self.stats.started += 1;
                self.stats.in_flight = u64::from(self.in_flight);
                let jitter = if self.spec.jitter.as_millis() > 0 {
                    self.rng
                        .below(self.spec.jitter.as_millis().saturating_add(1))
                } else {
                    0
                };
                let half = Duration::from_millis(
                    (self.spec.rtt.as_millis() / 2)
                        .saturating_add(jitter)
                        .saturating_add(self.spec.store.as_millis()),
                );
                // Past the end of time the message is never stored (it stays in flight).
                if let Some(t) = later(at, half) {
                    self.agenda.insert((t, SendEv::Store(n)));
                }
                // Pipelined kinds start the next one right away (or after the interval).
                if self.next <= self.spec.count
                    && self.in_flight < self.in_flight_limit()
                    && let Some(t) = later(at, self.spec.interval)
                {
                    self.agenda.insert((t, SendEv::Start));
                }
            }
            SendEv::Store(n) => {
                let spec = &self.spec;
                let body = fill(&spec.body, n);
                let mut msg = NewMessage {
                    id: format!("{}{n}", spec.id_prefix).as_str().into(),
                    size_bytes: body.len() as u64,
                    body,
                    ttl: spec.ttl,
                    session_id: None,
                    properties: Properties::default(),
                    scheduled_enqueue: None,
                    meta: None,
                };
                if !spec.sessions.is_empty() {
                    msg.session_id = Some(
                        spec.sessions[((n - 1) % spec.sessions.len() as u64) as usize].clone(),
                    );
                }
                let presettled = spec.mode == SendMode::Presettled;
                let busy = spec.reject_per_mille > 0
                    && self.rng.below(1000) < u64::from(spec.reject_per_mille);
                let result = if busy {
                    let tracking = crate::message::LockToken(
                        (u128::from(self.rng.next_u64()) << 64) | u128::from(self.rng.next_u64()),
                    );
                    let e = Error::new(
                        ErrorKind::ServiceBusy,
                        format!(
                            "The request was terminated because the entity is being throttled. Retry after a back-off (retryable). TrackingId:{tracking}"
                        ),
                    );
                    if presettled {
                        let by = world.client(&spec.name);
                        world
                            .queue_mut()
                            .push_event(crate::event::EventKind::Rejected {
                                id: msg.id.clone(),
                                by,
                                error: e.kind,
                                message: e.message.clone(),
                            });
                    }
                    Err(e)
                } else {
                    world
                        .apply(
                            at,
                            &spec.name,
                            Op::Send {
                                msg: msg.clone(),
                                presettled,
                            },
                        )
                        .map(|_| ())
                };
                if presettled {
                    // Nothing ever comes back: the sender considers it done as it leaves.
                    report(
                        out,
                        world,
                        at,
                        spec.name.clone(),
                        Op::Send { msg, presettled },
                        None,
                        Some("presettled: no answer will come"),
                    );
                    self.in_flight = self.in_flight.saturating_sub(1);
                    self.stats.in_flight = u64::from(self.in_flight);
                    if result.is_err() {
                        self.stats.unobserved_failures += 1;
                    } else {
                        self.stats.done += 1;
                    }
                    self.stats.last_completion = Some(at);
                    self.schedule_next(at);
                } else {
                    self.outcome.insert(n, (msg, result, busy));
                    let back = Duration::from_millis(
                        self.spec.rtt.as_millis() - self.spec.rtt.as_millis() / 2,
                    );
                    if let Some(t) = later(at, back) {
                        self.agenda.insert((t, SendEv::Complete(n)));
                    }
                }
            }
            SendEv::Complete(n) => {
                self.in_flight = self.in_flight.saturating_sub(1);
                self.stats.in_flight = u64::from(self.in_flight);
                self.stats.last_completion = Some(at);
                let (msg, result, busy) = self
                    .outcome
                    .remove(&n)
                    .expect("invariant: a completion follows its store");
                let unobserved = self.spec.mode == SendMode::FireAndForget;
                match (&result, unobserved) {
                    (Ok(()), _) => self.stats.done += 1,
                    (Err(_), true) => self.stats.unobserved_failures += 1,
                    (Err(_), false) => self.stats.failed += 1,
                }
                // The record is when the sender learns the outcome: the end of its `await`.
                out(
                    world,
                    ActorAct {
                        at,
                        by: self.spec.name.clone(),
                        op: Op::Send {
                            msg,
                            presettled: false,
                        },
                        result: (!unobserved).then(|| result.map(|()| Outcome::Done)),
                        note: if unobserved {
                            Some("fire and forget: nobody looks at the outcome")
                        } else if busy {
                            Some("the broker was busy")
                        } else {
                            None
                        },
                    },
                );
                self.schedule_next(at);
            }
        }
    }

    fn schedule_next(&mut self, at: Instant) {
        if self.next <= self.spec.count
            && self.in_flight < self.in_flight_limit()
            && !self.agenda.iter().any(|(_, e)| *e == SendEv::Start)
        {
            self.agenda.insert((at, SendEv::Start));
        }
    }
}

impl ReceiverState {
    fn next_wake(&self) -> Option<Instant> {
        [self.poll_at, self.next_job_wake()]
            .into_iter()
            .flatten()
            .min()
    }

    /// The next job deadline (renew or finish) or crash.
    fn next_job_wake(&self) -> Option<Instant> {
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
    fn next_slot_wake(&self) -> Option<Instant> {
        self.slots
            .iter()
            .flat_map(|s| [s.next, s.renew_at])
            .flatten()
            .min()
    }

    fn free(&self) -> u32 {
        self.spec
            .concurrency
            .saturating_sub(u32::try_from(self.jobs.len()).unwrap_or(u32::MAX))
    }

    fn step(
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
                    Some("the process crashed"),
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
            report(
                out,
                world,
                at,
                name,
                op,
                Some(r),
                Some("auto-renewing the lock while processing"),
            );
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
                    Some("already processed this MessageId: work skipped")
                } else if job.hang {
                    Some("processing hung past the lock")
                } else if job.poison {
                    Some("poison message")
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

    /// Starts processing a message just received (`slot`: through that session receiver):
    /// a seeded processing time, a hang, the policy, lock auto-renewal.
    fn take(&mut self, at: Instant, m: &crate::message::MessageView, slot: Option<usize>) {
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

    /// The first session slot whose `when` (a renewal, a receive) is due at `at`.
    fn slot_due(&self, at: Instant, when: impl Fn(&Slot) -> Option<Instant>) -> Option<usize> {
        self.slots
            .iter()
            .position(|s| when(s).is_some_and(|t| t <= at))
    }

    /// A session receiver's session-lock renewal due at `at` (auto-renew), if any.
    fn session_renew(
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
    fn session_receive(
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

    /// Session receiver `k` holds no session any more: it accepts the next one at once.
    fn release_slot(&mut self, k: usize, at: Instant) {
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
    fn accept(
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

    /// An empty poll at `at`, skipped: the next poll is the first tick at or after the next
    /// instant at which anything can change (`horizon`, the broker's deadlines, a TTL, this
    /// receiver's own jobs), and never before `at + poll`.
    fn skip(&mut self, at: Instant, world: &World, horizon: Option<Instant>) {
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

    fn past_stop(&self, at: Instant) -> bool {
        self.crashed && self.spec.restart_after.is_none()
            || self.spec.stop_at.is_some_and(|s| at >= s)
    }

    /// The legacy .NET pump's timing (semantics.md §3): renew `remaining - min(remaining/2, 10 s)`
    /// after now, and not past the maximum auto-renew duration.
    fn renew_time(now: Instant, until: Instant, renew_until: Instant) -> Option<Instant> {
        let remaining = until.saturating_since(now).as_millis();
        let buffer = (remaining / 2).min(10_000);
        let at = now + Duration::from_millis(remaining.saturating_sub(buffer));
        (at < renew_until).then_some(at)
    }
}
