//! Automated senders: settled sends over a network, in the five send modes (semantics.md §6).

use super::spec::{ActorAct, ActorStats, Note, SendMode, SenderSpec, later, report};
use crate::error::{Error, ErrorKind};
use crate::message::{NewMessage, Properties, Text};
use crate::rng::Rng;
use crate::time::{Duration, Instant};
use crate::world::{Op, Outcome, World};
use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum SendEv {
    /// The broker stores message n.
    Store(u64),
    /// The client learns the outcome of message n.
    Complete(u64),
    /// The next send may start.
    Start,
}

#[derive(Clone, Debug)]
pub(super) struct SenderState {
    pub(super) spec: SenderSpec,
    pub(super) rng: Rng,
    pub(super) next: u64,
    pub(super) agenda: BTreeSet<(Instant, SendEv)>,
    pub(super) outcome: BTreeMap<u64, (NewMessage, Result<(), Error>, bool)>,
    pub(super) in_flight: u32,
    pub(super) stats: ActorStats,
}

/// A message body: the template itself (shared, not copied) unless it has `{n}` to fill in.
pub(super) fn fill(template: &Text, n: u64) -> Text {
    if template.contains("{n}") {
        template.replace("{n}", &format!("{n}")).as_str().into()
    } else {
        template.clone()
    }
}

impl SenderState {
    pub(super) fn in_flight_limit(&self) -> u32 {
        match self.spec.mode {
            SendMode::Sequential => 1,
            SendMode::Throttled(k) => k.max(1),
            _ => u32::MAX,
        }
    }

    pub(super) fn step(
        &mut self,
        at: Instant,
        world: &mut World,
        out: &mut impl FnMut(&World, ActorAct),
    ) {
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
                        Some(Note::Presettled),
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
                            Some(Note::FireAndForget)
                        } else if busy {
                            Some(Note::Busy)
                        } else {
                            None
                        },
                    },
                );
                self.schedule_next(at);
            }
        }
    }

    pub(super) fn schedule_next(&mut self, at: Instant) {
        if self.next <= self.spec.count
            && self.in_flight < self.in_flight_limit()
            && !self.agenda.iter().any(|(_, e)| *e == SendEv::Start)
        {
            self.agenda.insert((at, SendEv::Start));
        }
    }
}
