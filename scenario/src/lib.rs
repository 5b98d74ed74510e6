//! The scenario format v1 and the trace format v1 (`shared/spec/scenario-format.md`) over the
//! broker of `settle-core`: reading and writing documents, the runner with its budget, the
//! trace, lessons, comparisons and time travel.
//!
//! [`parse`] validates a document; [`Run`] executes it step by step (the web driver advances it
//! frame by frame, the CLI all at once) and produces trace records as ordered JSON.
#![no_std]
#![forbid(unsafe_code)]
#![warn(
    missing_docs,
    clippy::std_instead_of_core,
    clippy::alloc_instead_of_core,
    clippy::std_instead_of_alloc
)]

extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

mod budget;
pub mod compare;
pub(crate) mod emit;
mod entities;
mod json;
pub mod lesson;
pub mod limits;
#[cfg(feature = "entities")]
mod nsrun;
pub(crate) mod parse;
pub mod presets;
mod props;
pub mod read;
pub mod rules;
pub mod timetravel;

pub use budget::{Budget, BudgetError, Exhausted, Progress};
pub use emit::{
    addressed_step_value, config_value, op_name, patch_value, receive_path, scenario_text,
    step_value,
};
pub use json::{J, parse_f64};
#[cfg(feature = "entities")]
pub use nsrun::{NsRecord, NsRun, ns_event_record};
pub use parse::{OPS, from_value, parse, parse_bytes};
pub use read::FormatError;

use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::cell::Cell;
use settle_core::Instant;
use settle_core::Listing;
use settle_core::actors::{ActorAct, ActorSpec, Actors};
use settle_core::{Error, QueueConfig};
use settle_core::{Event, EventKind};
use settle_core::{MessageView, Meta, PropValue, Text};
use settle_core::{Op, Outcome, World};

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
    /// The `entities` (`scenario-format-entities.md`); `None`: one queue configured by `queue`.
    pub entities: Option<Rc<settle_core::namespace::Entities>>,
    /// The `entities` object as written (for export).
    pub raw_entities: Option<serde_json::Value>,
    /// With `entities`: the entity each actor addresses, in `actors` order (a sender's `to`, a
    /// receiver's `from` without `/$deadletterqueue`); empty without.
    pub actor_entities: Vec<Text>,
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
    /// In a document with `entities`: the queue or topic (`to`), the queue or subscription
    /// (`from`, or the client's receive entity for settlement, `close`, `disconnect`), or the
    /// entity of an entity op. `None` without `entities`.
    pub entity: Option<Text>,
}

/// Why a build without the `entities` feature (the playground's page so far) refuses a document
/// with `entities`: it runs one queue, and would show a wrong story. The command line (`settle
/// run`, `check`, `lesson`, `render`, `export`) handles them.
pub const ONLY_RUN_HAS_ENTITIES: &str = "this scenario declares entities (queues, topics, subscriptions); the playground runs one queue so far: use the command line (settle run, lesson, render, export)";

/// Executes a scenario and produces its trace, within a work [`Budget`].
///
/// Incremental use (the playground slices work into short tasks): call
/// [`advance_until`](Self::advance_until) with a small `max_records` until it returns
/// [`Progress::Reached`]; each call does at most about that much work and returns. Over the
/// run's budget every call returns the same [`BudgetError`] and the state stays as it was.
///
/// Cloning is cheap apart from the live state: the script is shared (time travel keeps clones
/// as checkpoints, `timetravel`).
#[derive(Clone, Debug)]
pub struct Run {
    world: World,
    script: Script,
    end: Instant,
    actors: Actors,
    budget: Budget,
    records: u64,
    trace_bytes: u64,
    exceeded: Option<BudgetError>,
    /// The world was lent out mutably: idle receivers must look again.
    touched: bool,
}

/// The steps a run plays and the index of the next one (shared by [`Run`] and `NsRun`). The
/// steps are shared between clones (time travel keeps clones as checkpoints).
#[derive(Clone, Debug)]
pub(crate) struct Script {
    steps: Rc<[Step]>,
    next: usize,
}

impl Script {
    pub(crate) fn new(steps: &[Step]) -> Self {
        Self {
            steps: steps.into(),
            next: 0,
        }
    }

    /// Replaces the steps (time travel's fork); the steps already run must be the same.
    pub(crate) fn replace(&mut self, steps: Rc<[Step]>) {
        debug_assert!(steps.len() >= self.next);
        self.steps = steps;
    }

    /// The steps and the index of the next (the entities' runner asks; `Run` keeps its own).
    #[cfg(feature = "entities")]
    pub(crate) fn steps(&self) -> &[Step] {
        &self.steps
    }

    #[cfg(feature = "entities")]
    pub(crate) fn next(&self) -> usize {
        self.next
    }

    /// When the next step is due, if any is left.
    pub(crate) fn next_at(&self) -> Option<Instant> {
        self.steps.get(self.next).map(|s| s.at)
    }

    /// The next step (a copy) and its index; the one after becomes next.
    ///
    /// # Panics
    /// When no step is left (callers check [`next_at`](Self::next_at) first).
    pub(crate) fn take(&mut self) -> (usize, Step) {
        let i = self.next;
        self.next += 1;
        (i, self.steps[i].clone())
    }
}

impl Run {
    /// A run at time zero, before any step, with the default [`Budget`].
    ///
    /// # Panics
    /// Never for a scenario from [`parse`] (its configuration is validated).
    #[must_use]
    pub fn new(sc: &Scenario) -> Self {
        Self::with_budget(sc, Budget::DEFAULT)
    }

    /// A run with this work budget.
    ///
    /// # Panics
    /// Never for a scenario from [`parse`] (its configuration is validated).
    #[must_use]
    pub fn with_budget(sc: &Scenario, budget: Budget) -> Self {
        Self {
            world: World::new(sc.queue.clone(), sc.seed)
                .expect("invariant: a parsed scenario has a valid configuration"),
            script: Script::new(&sc.script),
            end: sc.run_until,
            actors: Actors::new(&sc.actors, sc.seed),
            budget,
            records: 0,
            trace_bytes: 0,
            exceeded: None,
            touched: false,
        }
    }

    /// The work budget.
    #[must_use]
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Records produced so far.
    #[must_use]
    pub fn records(&self) -> u64 {
        self.records
    }

    /// Bytes of trace written so far (by [`advance_trace`](Self::advance_trace)).
    #[must_use]
    pub fn trace_bytes(&self) -> u64 {
        self.trace_bytes
    }

    /// Why the run stopped early, if it did.
    #[must_use]
    pub fn exceeded(&self) -> Option<&BudgetError> {
        self.exceeded.as_ref()
    }

    /// The automated actors and their running totals.
    #[must_use]
    pub fn actors(&self) -> &Actors {
        &self.actors
    }

    /// The automated actors, mutably.
    #[doc(hidden)]
    pub fn actors_mut(&mut self) -> &mut Actors {
        &mut self.actors
    }

    /// The world being driven.
    #[must_use]
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The world, mutably (the playground adds its own actions between steps, at the current
    /// instant: idle automated receivers look again at their next poll tick).
    pub fn world_mut(&mut self) -> &mut World {
        self.touched = true;
        &mut self.world
    }

    /// Replaces the script: time travel records a person's step and plays on with the
    /// scenario's steps and the person's merged (`timetravel::merge`). The steps already run
    /// must be the same in both.
    pub fn replace_steps(&mut self, steps: Rc<[Step]>) {
        self.script.replace(steps);
    }

    /// The script being played: the scenario's steps, and the person's once time travel
    /// recorded some.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.script.steps
    }

    /// Index of the next step to run.
    #[must_use]
    pub fn next_step(&self) -> usize {
        self.script.next
    }

    /// When the next step is due, if any is left.
    #[must_use]
    pub fn next_step_at(&self) -> Option<Instant> {
        self.script.next_at()
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
    /// instant deadlines first, then the step). Each trace record is handed to `out`. Stops
    /// early (silently) over the budget: see [`exceeded`](Self::exceeded).
    pub fn advance_to(&mut self, t: Instant, out: &mut impl FnMut(J)) {
        let _ = self.advance_until(t, u64::MAX, &mut |w: &World, r: Record<'_>| {
            out(record_json(w, &r));
        });
    }

    /// As [`advance_to`](Self::advance_to), handing over structured records (the playground
    /// narrates them and tracks what each client holds).
    pub fn advance_with(&mut self, t: Instant, out: &mut impl FnMut(&World, Record<'_>)) {
        let _ = self.advance_until(t, u64::MAX, out);
    }

    /// Runs what is due at or before `t`, producing at most about `max_records` records in
    /// this call (one step or actor action is never cut in two), and says how far it got.
    ///
    /// # Errors
    /// The run's [`Budget`] ran out (now or in an earlier call); nothing more runs.
    pub fn advance_until(
        &mut self,
        t: Instant,
        max_records: u64,
        out: &mut impl FnMut(&World, Record<'_>),
    ) -> Result<Progress, BudgetError> {
        self.advance_counted(t, max_records, &mut |w: &World, r: Record<'_>| {
            out(w, r);
            0
        })
    }

    /// As [`advance_until`](Self::advance_until), writing the trace: each record as one line
    /// of JSON (ending in `\n`) handed to `out`, counted against the trace-bytes budget.
    ///
    /// # Errors
    /// As [`advance_until`](Self::advance_until).
    pub fn advance_trace(
        &mut self,
        t: Instant,
        max_records: u64,
        out: &mut impl FnMut(&str),
    ) -> Result<Progress, BudgetError> {
        let mut line = String::new();
        self.advance_counted(t, max_records, &mut |w: &World, r: Record<'_>| {
            line.clear();
            record_json(w, &r).write(&mut line);
            line.push('\n');
            out(&line);
            line.len() as u64
        })
    }

    /// Runs to `run_until_ms` and writes the whole trace, final record included, line by line.
    ///
    /// # Errors
    /// As [`advance_until`](Self::advance_until); the final record counts too.
    pub fn finish_trace(&mut self, out: &mut impl FnMut(&str)) -> Result<(), BudgetError> {
        self.advance_trace(self.end, u64::MAX, out)?;
        // The final record is one line, but it is written piece by piece (a message at a
        // time): memory stays at one message, not the whole listing. It is measured first so
        // that over the budget nothing of it is written.
        self.account_final()?;
        write_final(&self.world, out);
        out("\n");
        Ok(())
    }

    /// Counts the final record's line against the trace-bytes budget (it is not written).
    pub fn account_final(&mut self) -> Result<(), BudgetError> {
        if let Some(e) = &self.exceeded {
            return Err(e.clone());
        }
        let mut len = 1u64;
        write_final(&self.world, &mut |s: &str| len += s.len() as u64);
        let bytes = self.trace_bytes.saturating_add(len);
        if bytes > self.budget.max_trace_bytes {
            return Err(self.over(Exhausted::TraceBytes));
        }
        self.trace_bytes = bytes;
        Ok(())
    }

    /// As [`advance_until`](Self::advance_until), counting each record's trace line (as
    /// [`advance_trace`](Self::advance_trace) writes it) against the trace-bytes budget
    /// without writing it: a caller that does not print the trace (`settle render`) stops
    /// exactly where `settle run` would.
    pub fn advance_measured(
        &mut self,
        t: Instant,
        max_records: u64,
        out: &mut impl FnMut(&World, Record<'_>),
    ) -> Result<Progress, BudgetError> {
        let mut line = String::new();
        self.advance_counted(t, max_records, &mut |w: &World, r: Record<'_>| {
            line.clear();
            record_json(w, &r).write(&mut line);
            out(w, r);
            line.len() as u64 + 1
        })
    }

    fn over(&mut self, exhausted: Exhausted) -> BudgetError {
        let at = self.world.queue().now();
        self.over_at(exhausted, at)
    }

    fn over_at(&mut self, exhausted: Exhausted, at: Instant) -> BudgetError {
        let e = self
            .budget
            .exceeded(exhausted, at, self.records, self.trace_bytes);
        self.exceeded = Some(e.clone());
        e
    }

    /// The one driving loop: `out` returns the bytes it wrote for a record.
    fn advance_counted(
        &mut self,
        t: Instant,
        max_records: u64,
        out: &mut impl FnMut(&World, Record<'_>) -> u64,
    ) -> Result<Progress, BudgetError> {
        if let Some(e) = &self.exceeded {
            return Err(e.clone());
        }
        if self.touched {
            self.touched = false;
            self.actors.touch(self.world.queue().now());
        }
        let budget = self.budget;
        let first = self.records;
        let records = Cell::new(self.records);
        let bytes = Cell::new(self.trace_bytes);
        // Which budget ran out, and the instant of the record that did not fit: the same
        // however the run is sliced.
        let over: Cell<Option<(Exhausted, Instant)>> = Cell::new(None);
        let mut counted = |w: &World, r: Record<'_>| {
            if over.get().is_some() {
                return;
            }
            if records.get() >= budget.max_records {
                over.set(Some((Exhausted::Records, w.queue().now())));
                return;
            }
            let n = out(w, r);
            records.set(records.get() + 1);
            bytes.set(bytes.get().saturating_add(n));
            if bytes.get() > budget.max_trace_bytes {
                over.set(Some((Exhausted::TraceBytes, w.queue().now())));
            }
        };
        // Bounded: every pass runs one step or one actor action, and actor actions move virtual
        // time on (processing takes at least 1 ms, polls are `poll_ms` apart).
        let progress = loop {
            if over.get().is_some() {
                break Progress::Reached;
            }
            if records.get() - first >= max_records {
                break Progress::Paused {
                    now: self.world.queue().now(),
                };
            }
            let step_at = self.script.next_at().filter(|&a| a <= t);
            let actor_at = self.actors.next_wake().filter(|&a| a <= t);
            match (step_at, actor_at) {
                // At one instant the script's step runs before the actors.
                (Some(s), a) if a.is_none_or(|a| s <= a) => {
                    let (idx, step) = self.script.take();
                    self.world.advance_to(step.at);
                    self.drain(None, &mut counted);
                    let result = self.world.apply(step.at, &step.by, step.op.clone());
                    counted(
                        &self.world,
                        Record::Step {
                            index: idx,
                            step: &step,
                            result: &result,
                        },
                    );
                    self.drain(Some(idx), &mut counted);
                }
                (_, Some(a)) => {
                    self.world.advance_to(a);
                    self.drain(None, &mut counted);
                    let horizon = self.script.next_at();
                    for act in self.actors.act(a, &mut self.world, horizon) {
                        counted(&self.world, Record::Actor { act: &act });
                        self.drain(None, &mut counted);
                    }
                    self.drain(None, &mut counted);
                }
                _ => {
                    // Deadline by deadline, so that over the budget the world stops at the
                    // instant where the budget ran out rather than at `t`.
                    let mut last = None;
                    while over.get().is_none() {
                        let Some(d) = self.world.queue().poll_timeout().filter(|&d| d <= t) else {
                            break;
                        };
                        if last.is_some_and(|l| d <= l) {
                            break;
                        }
                        last = Some(d);
                        self.world.advance_to(d);
                        self.drain(None, &mut counted);
                    }
                    if over.get().is_none() {
                        self.world.advance_to(t);
                        self.drain(None, &mut counted);
                    }
                    break Progress::Reached;
                }
            }
        };
        self.records = records.get();
        self.trace_bytes = bytes.get();
        match over.get() {
            Some((x, at)) => Err(self.over_at(x, at)),
            None => Ok(progress),
        }
    }

    /// Runs to `run_until_ms` and emits the final record (stops early over the budget; see
    /// [`exceeded`](Self::exceeded)).
    pub fn finish(&mut self, out: &mut impl FnMut(J)) {
        self.advance_to(self.end, out);
        if self.exceeded.is_none() {
            out(final_record(&self.world));
        }
    }

    fn drain(&mut self, step: Option<usize>, out: &mut impl FnMut(&World, Record<'_>)) {
        while let Some(ev) = self.world.queue_mut().poll_event() {
            out(&self.world, Record::Event { event: &ev, step });
        }
    }
}

/// A record as its trace line's JSON.
#[must_use]
pub fn record_json(w: &World, r: &Record<'_>) -> J {
    match *r {
        Record::Step {
            index,
            step,
            result,
        } => step_record(w, index, step, result),
        Record::Actor { act } => actor_record(w, act),
        Record::Event { event, step } => event_record(w, event, step),
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
            emit::document_text(
                &self.title,
                &self.description,
                self.seed,
                self.raw_entities.as_ref().ok_or(&self.queue),
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

/// Runs a whole scenario (with or without `entities`) to `run_until_ms` and writes its trace,
/// final record included, line by line: what `settle run` prints.
///
/// # Errors
/// The work budget ran out.
pub fn finish_trace(sc: &Scenario, out: &mut impl FnMut(&str)) -> Result<(), BudgetError> {
    #[cfg(feature = "entities")]
    if sc.entities.is_some() {
        return NsRun::new(sc).finish_trace(out);
    }
    Run::new(sc).finish_trace(out)
}

/// Runs a whole scenario; returns the trace as JSON Lines (each line ends in `\n`): what
/// [`finish_trace`] writes, up to where the work budget stops it.
#[must_use]
pub fn trace(sc: &Scenario) -> String {
    let mut text = String::new();
    let _ = finish_trace(sc, &mut |l: &str| text.push_str(l));
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

/// A message record; `listed` adds `locked_by` (listings of the final record). The
/// correlation and reply keys appear only when set (a document without `entities`).
#[must_use]
pub fn message_record(world: &World, m: &MessageView, listed: bool) -> J {
    message_record_in(world, m, listed, false)
}

/// A message record; with `entities` every correlation and reply key and `topic_seq` appear,
/// null when not set (`scenario-format-entities.md` §5).
#[must_use]
pub fn message_record_in(world: &World, m: &MessageView, listed: bool, entities: bool) -> J {
    let mut j = J::obj()
        .with("id", &*m.id)
        .with("seq", m.seq)
        .with("body", J::T(m.body.clone()))
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
    let none = Meta::default();
    let meta = m.meta.as_deref();
    for (k, v) in meta.unwrap_or(&none).texts() {
        if entities || v.is_some() {
            j.push(k, text(v));
        }
    }
    if entities {
        j.push("topic_seq", meta.and_then(|x| x.topic_seq));
    }
    if listed {
        j.push("locked_by", m.locked_by.map(|c| world.name(c)));
    }
    j
}

fn step_record(world: &World, idx: usize, step: &Step, result: &Result<Outcome, Error>) -> J {
    step_record_in(world, idx, step, result, false)
}

/// A step's record; with `entities`, an `entity` key after `by` when the step addresses one
/// (`to`, `from`, `entity`), and message records with every key.
pub(crate) fn step_record_in(
    world: &World,
    idx: usize,
    step: &Step,
    result: &Result<Outcome, Error>,
    entities: bool,
) -> J {
    let name = step.raw.get("do").and_then(|v| v.as_str()).unwrap_or("?");
    let mut j = J::obj()
        .with("t", ms(step.at))
        .with("step", idx)
        .with("do", name)
        .with("by", &*step.by);
    if entities
        && ["to", "from", "entity"]
            .iter()
            .any(|k| step.raw.get(k).is_some())
    {
        j.push("entity", step.entity.as_ref().map(|e| J::T(e.clone())));
    }
    match result {
        Ok(o) => {
            j.push("ok", true);
            match o {
                Outcome::Done => {}
                Outcome::Seq(s) => j.push("seq", *s),
                Outcome::Messages(ms) => j.push(
                    "messages",
                    J::A(
                        ms.iter()
                            .map(|m| message_record_in(world, m, false, entities))
                            .collect(),
                    ),
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
    actor_record_in(world, act, None)
}

/// An actor's record; in a document with `entities`, `entity` after `by` and message records
/// with every key.
pub(crate) fn actor_record_in(world: &World, act: &ActorAct, entity: Option<&Text>) -> J {
    let v = step_value(act.at.as_millis(), &act.by, &act.op);
    let name = v.get("do").and_then(|d| d.as_str()).unwrap_or("?");
    let mut j = J::obj()
        .with("t", ms(act.at))
        .with("actor", true)
        .with("do", name)
        .with("by", &*act.by);
    if let Some(e) = entity {
        j.push("entity", J::T(e.clone()));
    }
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
                    J::A(
                        ms.iter()
                            .map(|m| message_record_in(world, m, false, entity.is_some()))
                            .collect(),
                    ),
                );
            }
            if let Outcome::LockedUntil(t) = o {
                j.push("locked_until_ms", ms(*t));
            }
            if let Outcome::Session { id, locked_until } = o {
                j.push("session_id", J::T(id.clone()));
                j.push("locked_until_ms", ms(*locked_until));
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
        EventKind::Published { subscriptions, .. } => j.push(
            "subscriptions",
            J::A(subscriptions.iter().map(|s| J::T(s.clone())).collect()),
        ),
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

/// Writes [`final_record`] (without the line's `\n`) in pieces, one message at a time, so
/// that no copy of the whole listing is ever built.
pub fn write_final(world: &World, out: &mut impl FnMut(&str)) {
    let q = world.queue();
    let mut buf = String::new();
    buf.push_str("{\"final\":{\"t\":");
    ms(q.now()).write(&mut buf);
    for (key, l) in [
        ("main", Listing::Main),
        ("dead_letter", Listing::DeadLetter),
        ("scheduled", Listing::Scheduled),
    ] {
        buf.push_str(",\"");
        buf.push_str(key);
        buf.push_str("\":[");
        for (i, m) in q.list(l).iter().enumerate() {
            if i > 0 {
                buf.push(',');
            }
            message_record(world, m, true).write(&mut buf);
            out(&buf);
            buf.clear();
        }
        buf.push(']');
    }
    buf.push_str("}}");
    out(&buf);
}
