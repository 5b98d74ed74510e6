//! The scenario format v1 and the trace format v1 (`shared/spec/scenario-format.md`).
//!
//! [`parse`] validates a document; [`Run`] executes it step by step (the web driver advances it
//! frame by frame, the CLI all at once) and produces trace records as ordered JSON.

#[cfg(any(feature = "svg", feature = "sdk"))]
pub mod artifact;
pub mod compare;
pub(crate) mod emit;
mod json;
pub mod lesson;
pub(crate) mod parse;
pub mod presets;
#[cfg(feature = "sdk")]
pub mod sdk;
#[cfg(feature = "svg")]
pub mod svg;
pub mod timetravel;

pub use emit::{config_value, patch_value, scenario_text, step_value};
pub use json::J;
pub use parse::{FormatError, OPS, from_value, parse};

use crate::actors::{ActorAct, ActorSpec, Actors};
use crate::event::{Event, EventKind};
use crate::message::{MessageView, PropValue, Text};
use crate::queue::Listing;
use crate::time::Instant;
use crate::world::{Op, Outcome, World};
use crate::{Error, QueueConfig};
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// A validated scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// Shown by the playground.
    pub title: String,
    /// Shown by the playground.
    pub description: String,
    /// Seeds every random choice.
    pub seed: u64,
    /// The queue's configuration.
    pub queue: QueueConfig,
    /// Virtual time advanced to before the final state is taken.
    pub run_until: Instant,
    /// The steps, `at` non-decreasing.
    pub script: Vec<Step>,
    /// Automated senders and receivers.
    pub actors: Vec<ActorSpec>,
    /// The `actors` array as written (for export).
    pub raw_actors: serde_json::Value,
    /// The optional `lesson` (docs/lessons.md): captions, summary, default speed.
    pub lesson: Option<lesson::Lesson>,
}

/// One script step.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// When it runs.
    pub at: Instant,
    /// The client.
    pub by: Text,
    /// What it does.
    pub op: Op,
    /// The step as written (for export and display).
    pub raw: serde_json::Value,
}

/// Executes a scenario and produces its trace. Cloning is cheap apart from the live state:
/// the script is shared (time travel keeps clones as checkpoints, `timetravel`).
#[derive(Clone, Debug)]
pub struct Run {
    world: World,
    steps: Rc<[Step]>,
    next: usize,
    end: Instant,
    actors: Actors,
}

impl Run {
    /// A run at time zero, before any step.
    ///
    /// # Panics
    /// Never for a scenario from [`parse`] (its configuration is validated).
    #[must_use]
    pub fn new(sc: &Scenario) -> Self {
        Self {
            world: World::new(sc.queue.clone(), sc.seed)
                .expect("invariant: a parsed scenario has a valid configuration"),
            steps: sc.script.clone().into(),
            next: 0,
            end: sc.run_until,
            actors: Actors::new(&sc.actors, sc.seed),
        }
    }

    /// The automated actors and their running totals.
    #[must_use]
    pub fn actors(&self) -> &Actors {
        &self.actors
    }

    /// The world being driven.
    #[must_use]
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The world, mutably (the playground adds its own actions between steps).
    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    /// Index of the next step to run.
    #[must_use]
    pub fn next_step(&self) -> usize {
        self.next
    }

    /// When the next step is due, if any is left.
    #[must_use]
    pub fn next_step_at(&self) -> Option<Instant> {
        self.steps.get(self.next).map(|s| s.at)
    }

    /// `run_until_ms`.
    #[must_use]
    pub fn end(&self) -> Instant {
        self.end
    }

    /// The next instant at which anything is due: a step, an actor's wake-up or a broker
    /// deadline. Advancing to it and stopping there is the finest grain of a run.
    #[must_use]
    pub fn next_due(&self) -> Option<Instant> {
        [
            self.next_step_at(),
            self.actors.next_wake(),
            self.world.queue().poll_timeout(),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// Runs everything due at or before `t`: broker deadlines and steps, in time order (at one
    /// instant deadlines first, then the step). Each trace record is handed to `out`.
    pub fn advance_to(&mut self, t: Instant, out: &mut impl FnMut(J)) {
        self.advance_with(t, &mut |w: &World, r: Record<'_>| {
            out(match r {
                Record::Step {
                    index,
                    step,
                    result,
                } => step_record(w, index, step, result),
                Record::Actor { act } => actor_record(w, act),
                Record::Event { event, step } => event_record(w, event, step),
            });
        });
    }

    /// As [`advance_to`](Self::advance_to), handing over structured records (the playground
    /// narrates them and tracks what each client holds).
    pub fn advance_with(&mut self, t: Instant, out: &mut impl FnMut(&World, Record<'_>)) {
        // Bounded: every pass runs one step or one actor action, each finite in number up to t.
        loop {
            let step_at = self.steps.get(self.next).map(|s| s.at).filter(|&a| a <= t);
            let actor_at = self.actors.next_wake().filter(|&a| a <= t);
            match (step_at, actor_at) {
                // At one instant the script's step runs before the actors.
                (Some(s), a) if a.is_none_or(|a| s <= a) => {
                    let step = self.steps[self.next].clone();
                    self.world.advance_to(step.at);
                    self.drain(None, out);
                    let idx = self.next;
                    self.next += 1;
                    let result = self.world.apply(step.at, &step.by, step.op.clone());
                    out(
                        &self.world,
                        Record::Step {
                            index: idx,
                            step: &step,
                            result: &result,
                        },
                    );
                    self.drain(Some(idx), out);
                }
                (_, Some(a)) => {
                    self.world.advance_to(a);
                    self.drain(None, out);
                    for act in self.actors.act(a, &mut self.world) {
                        out(&self.world, Record::Actor { act: &act });
                        self.drain(None, out);
                    }
                    self.drain(None, out);
                }
                _ => break,
            }
        }
        self.world.advance_to(t);
        self.drain(None, out);
    }

    /// Runs to `run_until_ms` and emits the final record.
    pub fn finish(&mut self, out: &mut impl FnMut(J)) {
        self.advance_to(self.end, out);
        out(final_record(&self.world));
    }

    fn drain(&mut self, step: Option<usize>, out: &mut impl FnMut(&World, Record<'_>)) {
        while let Some(ev) = self.world.queue_mut().poll_event() {
            out(&self.world, Record::Event { event: &ev, step });
        }
    }
}

/// One thing a run produced, before it becomes a trace line.
#[derive(Debug)]
pub enum Record<'a> {
    /// A script step ran.
    Step {
        /// Its index in the script.
        index: usize,
        /// The step.
        step: &'a Step,
        /// What it returned.
        result: &'a Result<Outcome, Error>,
    },
    /// An automated actor did something.
    Actor {
        /// What.
        act: &'a ActorAct,
    },
    /// The broker did something.
    Event {
        /// What.
        event: &'a Event,
        /// The step that caused it, if any.
        step: Option<usize>,
    },
}

impl Scenario {
    /// This scenario as a document, with `script` and `run_until_ms` replaced (the playground
    /// exports the loaded scenario plus what the person did, up to now).
    ///
    /// `run_until_ms` is raised to the last step's `at_ms` when it is earlier (an export before
    /// the script's later steps): the document must stay valid, and its script whole.
    #[must_use]
    pub fn to_text_with(&self, script: Vec<serde_json::Value>, run_until_ms: u64) -> String {
        let last = script
            .iter()
            .filter_map(|v| v.get("at_ms").and_then(serde_json::Value::as_u64))
            .max()
            .unwrap_or(0);
        let run_until_ms = run_until_ms.max(last);
        lesson::with_lesson(
            scenario_text(
                &self.title,
                &self.description,
                self.seed,
                &self.queue,
                run_until_ms,
                script,
                &self.raw_actors,
            ),
            self.lesson.as_ref(),
        )
    }

    /// The whole scenario as a document (its own script and `run_until_ms`, its lesson):
    /// parsing it gives back an equal scenario.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.to_text_with(
            self.script.iter().map(|s| s.raw.clone()).collect(),
            self.run_until.as_millis(),
        )
    }
}

/// Runs a whole scenario; returns the trace as JSON Lines (each line ends in `\n`).
#[must_use]
pub fn trace(sc: &Scenario) -> String {
    let mut run = Run::new(sc);
    let mut text = String::new();
    run.finish(&mut |r: J| {
        r.write(&mut text);
        text.push('\n');
    });
    text
}

fn ms(t: Instant) -> J {
    J::U(t.as_millis())
}

fn opt_ms(t: Option<Instant>) -> J {
    t.map_or(J::Null, ms)
}

fn text(t: Option<&Text>) -> J {
    t.map_or(J::Null, |s| J::S(s.to_string()))
}

fn prop(v: &PropValue) -> J {
    match v {
        PropValue::Str(s) => J::S(s.to_string()),
        PropValue::Int(i) => J::I(*i),
        PropValue::Float(f) => J::F(*f),
        PropValue::Bool(b) => J::Bool(*b),
    }
}

/// A message record; `listed` adds `locked_by` (listings of the final record).
#[must_use]
pub fn message_record(world: &World, m: &MessageView, listed: bool) -> J {
    let mut j = J::obj()
        .with("id", &*m.id)
        .with("seq", m.seq)
        .with("body", &*m.body)
        .with("state", m.state.name())
        .with("delivery_count", m.delivery_count)
        .with("enqueued_at_ms", ms(m.enqueued_at))
        .with("expires_at_ms", opt_ms(m.expires_at))
        .with("locked_until_ms", opt_ms(m.locked_until))
        .with("lock_token", m.lock_token.map(|t| t.to_string()))
        .with("session_id", text(m.session_id.as_ref()))
        .with("dead_letter_reason", text(m.dead_letter_reason.as_ref()))
        .with(
            "dead_letter_description",
            text(m.dead_letter_description.as_ref()),
        )
        .with(
            "properties",
            J::O(
                m.properties
                    .iter()
                    .map(|(k, v)| (k.to_string(), prop(v)))
                    .collect(),
            ),
        );
    if listed {
        j.push("locked_by", m.locked_by.map(|c| world.name(c)));
    }
    j
}

fn step_record(world: &World, idx: usize, step: &Step, result: &Result<Outcome, Error>) -> J {
    let name = step.raw.get("do").and_then(|v| v.as_str()).unwrap_or("?");
    let mut j = J::obj()
        .with("t", ms(step.at))
        .with("step", idx)
        .with("do", name)
        .with("by", &*step.by);
    match result {
        Ok(o) => {
            j.push("ok", true);
            match o {
                Outcome::Done => {}
                Outcome::Seq(s) => j.push("seq", *s),
                Outcome::Messages(ms) => j.push(
                    "messages",
                    J::A(ms.iter().map(|m| message_record(world, m, false)).collect()),
                ),
                Outcome::LockedUntil(t) => j.push("locked_until_ms", ms(*t)),
                Outcome::Session { id, locked_until } => {
                    j.push("session_id", &**id);
                    j.push("locked_until_ms", ms(*locked_until));
                }
                Outcome::State(s) => j.push("state", text(s.as_ref())),
            }
        }
        Err(e) => {
            j.push("ok", false);
            j.push("error", e.kind.name());
            j.push("message", e.message.as_str());
        }
    }
    j
}

/// The trace record of an automated actor's operation: like a step record, without `step`,
/// with `"actor": true`; a result nobody observes (fire-and-forget, presettled) is
/// `"observed": false` instead of `ok`.
#[must_use]
pub fn actor_record(world: &World, act: &ActorAct) -> J {
    let v = step_value(act.at.as_millis(), &act.by, &act.op);
    let name = v.get("do").and_then(|d| d.as_str()).unwrap_or("?");
    let mut j = J::obj()
        .with("t", ms(act.at))
        .with("actor", true)
        .with("do", name)
        .with("by", &*act.by);
    if let Some(id) = v.get("id").and_then(|d| d.as_str()) {
        j.push("id", id);
    }
    if let Some(seq) = v.get("seq").and_then(serde_json::Value::as_u64) {
        j.push("seq", seq);
    }
    match &act.result {
        None => j.push("observed", false),
        Some(Ok(o)) => {
            j.push("ok", true);
            if let Outcome::Messages(ms) = o {
                j.push(
                    "messages",
                    J::A(ms.iter().map(|m| message_record(world, m, false)).collect()),
                );
            }
            if let Outcome::LockedUntil(t) = o {
                j.push("locked_until_ms", ms(*t));
            }
        }
        Some(Err(e)) => {
            j.push("ok", false);
            j.push("error", e.kind.name());
            j.push("message", e.message.as_str());
        }
    }
    if let Some(n) = act.note {
        j.push("note", n);
    }
    j
}

/// The trace record of one broker event: `t`, `step` when a step caused it, `event`; then, as
/// far as the event has them, `seq` and `id` (`seq` is null on a message event without one),
/// `session_id` (null on a `link_closed` without a session), `by` (null on a dead-lettering by
/// the broker); then the event's own keys (`docs/trace-events.md`).
#[must_use]
pub fn event_record(world: &World, ev: &Event, step: Option<usize>) -> J {
    let k = &ev.kind;
    let mut j = J::obj().with("t", ms(ev.at));
    if let Some(s) = step {
        j.push("step", s);
    }
    j.push("event", k.name());
    if let Some(id) = k.id() {
        j.push("seq", k.seq());
        j.push("id", &**id);
    }
    match k.session_id() {
        Some(sid) => j.push("session_id", &**sid),
        None if matches!(k, EventKind::LinkClosed { .. }) => j.push("session_id", J::Null),
        None => {}
    }
    match k.by() {
        Some(c) => j.push("by", world.name(c)),
        None if matches!(k, EventKind::DeadLettered { .. }) => j.push("by", J::Null),
        None => {}
    }
    match k {
        EventKind::Enqueued {
            scheduled_for: Some(t),
            ..
        } => j.push("scheduled_enqueue_ms", ms(*t)),
        EventKind::Rejected { error, message, .. } => {
            j.push("error", error.name());
            j.push("message", message.as_str());
        }
        EventKind::Activated { scheduled_seq, .. } => j.push("scheduled_seq", *scheduled_seq),
        EventKind::Locked {
            until,
            delivery_count,
            prefetched,
            ..
        } => {
            j.push("locked_until_ms", ms(*until));
            j.push("delivery_count", *delivery_count);
            if *prefetched {
                j.push("prefetched", true);
            }
        }
        EventKind::LockRenewed { until, .. }
        | EventKind::SessionLocked { until, .. }
        | EventKind::SessionLockRenewed { until, .. } => j.push("locked_until_ms", ms(*until)),
        EventKind::LockLost {
            cause,
            delivery_count,
            ..
        } => {
            j.push("cause", cause.name());
            j.push("delivery_count", *delivery_count);
        }
        EventKind::ReceivedAndDeleted { delivery_count, .. }
        | EventKind::LockExpired { delivery_count, .. }
        | EventKind::Abandoned { delivery_count, .. }
        | EventKind::Deferred { delivery_count, .. } => j.push("delivery_count", *delivery_count),
        EventKind::DeadLettered {
            cause,
            delivery_count,
            ..
        } => {
            j.push("reason", cause.reason());
            j.push("description", cause.description().as_deref());
            j.push("delivery_count", *delivery_count);
        }
        EventKind::SessionReleased { cause, .. } => j.push("cause", cause.name()),
        EventKind::LinkClosed {
            cause,
            sub_queue,
            session,
            still_locked,
            ..
        } => {
            j.push("cause", cause.name());
            j.push("sub_queue", sub_queue.name());
            if let Some((_, until)) = session {
                j.push("session_locked_until_ms", ms(*until));
            }
            j.push(
                "still_locked",
                J::A(
                    still_locked
                        .iter()
                        .map(|m| {
                            J::obj()
                                .with("seq", m.seq)
                                .with("id", &*m.id)
                                .with("locked_until_ms", ms(m.until))
                        })
                        .collect(),
                ),
            );
        }
        EventKind::Enqueued { .. }
        | EventKind::DuplicateDropped { .. }
        | EventKind::Cancelled { .. }
        | EventKind::Completed { .. }
        | EventKind::Expired { .. }
        | EventKind::SessionLockExpired { .. } => {}
    }
    j
}

/// The final record: every message still held, per place, in sequence-number order.
#[must_use]
pub fn final_record(world: &World) -> J {
    let q = world.queue();
    let list = |l| {
        J::A(
            q.list(l)
                .iter()
                .map(|m| message_record(world, m, true))
                .collect(),
        )
    };
    J::obj().with(
        "final",
        J::obj()
            .with("t", ms(q.now()))
            .with("main", list(Listing::Main))
            .with("dead_letter", list(Listing::DeadLetter))
            .with("scheduled", list(Listing::Scheduled)),
    )
}
