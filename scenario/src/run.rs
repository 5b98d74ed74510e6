//! Running a scenario: its script and actors over its broker (one queue, or with the `entities`
//! feature the queues, topics and subscriptions it declares), within a work budget, record by
//! record, and a whole document to its trace.
//!
//! One loop serves both kinds of document. A document without `entities` is a namespace of one
//! queue ([`Namespace::one_queue`]) with one group of actors, and its trace has no `entity`
//! keys; a document with `entities` writes the trace of `scenario-format-entities.md`.

use crate::budget::{Budget, BudgetError, Exhausted, Progress};
use crate::json::J;
use crate::script::Script;
use crate::trace::{Rec, Record, final_record, record_json, write_final};
use crate::{Scenario, Step};
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use settle_core::actors::{ActorStats, Actors};
use settle_core::namespace::Namespace;
use settle_core::{Error, Instant, Op, Outcome, QueueConfig, Text, World};

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
    ns: Namespace,
    /// With `entities`: the clients of steps that address no entity (settling or closing
    /// without ever receiving); their events are not in the trace.
    nowhere: Option<World>,
    pub(crate) script: Script,
    end: Instant,
    /// The automated actors, one group per entity they address (one group for one queue).
    groups: Vec<Group>,
    meter: Meter,
    /// Script steps and actor actions run so far.
    passes: u64,
}

/// The actors that address one entity.
#[derive(Clone, Debug)]
struct Group {
    /// Its path; `""` for the one queue.
    entity: Text,
    actors: Actors,
    /// For a topic's senders: the world they send through (emptied after every action).
    staging: Option<World>,
}

/// The work budget's count of records and trace bytes.
#[derive(Clone, Debug)]
struct Meter {
    budget: Budget,
    records: u64,
    trace_bytes: u64,
    exceeded: Option<BudgetError>,
    /// Within one call: which budget ran out, and at which instant.
    over: Option<(Exhausted, Instant)>,
    /// The document declares `entities`: its trace names them, a line is counted before it is
    /// handed over, and the error names the record's own instant (a one-queue trace hands over the line that
    /// overflows and names the clock's instant, as it always did).
    entities: bool,
    line: String,
}

impl Meter {
    /// Counts one record and hands it over with its trace line (built and counted only with
    /// `LINES`: a caller without it, the page, never formats a record); nothing once the budget
    /// ran out.
    fn emit<const LINES: bool>(
        &mut self,
        r: Rec<'_>,
        now: Instant,
        out: &mut impl FnMut(Rec<'_>, &str),
    ) {
        if self.over.is_some() {
            return;
        }
        let entities = self.entities();
        let at = if entities { instant(&r) } else { now };
        if self.records >= self.budget.max_records {
            self.over = Some((Exhausted::Records, at));
            return;
        }
        self.line.clear();
        if LINES {
            line_json(&r, entities).write(&mut self.line);
            self.line.push('\n');
        }
        let bytes = self.trace_bytes.saturating_add(self.line.len() as u64);
        let overflows = bytes > self.budget.max_trace_bytes;
        if overflows && entities {
            self.over = Some((Exhausted::TraceBytes, at));
            return;
        }
        out(r, &self.line);
        self.records += 1;
        self.trace_bytes = bytes;
        if overflows {
            self.over = Some((Exhausted::TraceBytes, at));
        }
    }

    fn error(&mut self, exhausted: Exhausted, at: Instant) -> BudgetError {
        let e = self
            .budget
            .exceeded(exhausted, at, self.records, self.trace_bytes);
        self.exceeded = Some(e.clone());
        e
    }
}

/// What only a document with `entities` has (the clients that address no entity, a topic's
/// staging world); always `None` without the feature, so that its code is not compiled.
fn with_entities<T>(x: Option<T>) -> Option<T> {
    x.filter(|_| cfg!(feature = "entities"))
}

/// The instant a record happened at.
fn instant(r: &Rec<'_>) -> Instant {
    match r.record {
        Record::Step { step, .. } => step.at,
        Record::Actor { act } => act.at,
        Record::Event { event, .. } => event.at,
    }
}

/// A record's trace JSON in its document's format.
fn line_json(r: &Rec<'_>, entities: bool) -> J {
    #[cfg(feature = "entities")]
    if entities {
        return crate::trace::entities::record_json(r);
    }
    let _ = entities;
    record_json(r.world, &r.record)
}

/// Construction and getters.
impl Run {
    /// A run at time zero, before any step, with the default [`Budget`].
    ///
    /// # Panics
    /// Never for a scenario from [`parse`](crate::parse) (its configuration is validated).
    #[must_use]
    pub fn new(sc: &Scenario) -> Self {
        Self::with_budget(sc, Budget::DEFAULT)
    }

    /// A run with this work budget.
    ///
    /// # Panics
    /// Never for a scenario from [`parse`](crate::parse) (its configuration is validated).
    #[must_use]
    pub fn with_budget(sc: &Scenario, budget: Budget) -> Self {
        let valid = "invariant: a parsed scenario has a valid configuration";
        #[cfg(feature = "entities")]
        if let Some(ents) = &sc.entities {
            return Self {
                ns: Namespace::new(ents, sc.seed).expect(valid),
                nowhere: Some(World::new(QueueConfig::default(), sc.seed).expect(valid)),
                script: Script::new(&sc.script),
                end: sc.run_until,
                groups: groups(sc),
                meter: Meter::new(budget, true),
                passes: 0,
            };
        }
        Self {
            ns: Namespace::one_queue(sc.queue.clone(), sc.seed).expect(valid),
            nowhere: None,
            script: Script::new(&sc.script),
            end: sc.run_until,
            groups: alloc::vec![Group {
                entity: Text::from(""),
                actors: Actors::new(&sc.actors, sc.seed),
                staging: None,
            }],
            meter: Meter::new(budget, false),
            passes: 0,
        }
    }

    /// Whether the document declares `entities` (always false without the feature).
    #[must_use]
    pub fn has_entities(&self) -> bool {
        self.meter.entities()
    }

    /// The work budget.
    #[must_use]
    pub fn budget(&self) -> Budget {
        self.meter.budget
    }

    /// Records produced so far.
    #[must_use]
    pub fn records(&self) -> u64 {
        self.meter.records
    }

    /// Script steps and actor actions run so far: work, whether or not it made a record (a
    /// pipelined sender starting a send makes none).
    #[must_use]
    pub fn passes(&self) -> u64 {
        self.passes
    }

    /// Bytes of trace counted so far (by [`advance_trace`](Self::advance_trace) and
    /// [`advance_measured`](Self::advance_measured)).
    #[must_use]
    pub fn trace_bytes(&self) -> u64 {
        self.meter.trace_bytes
    }

    /// Why the run stopped early, if it did.
    #[must_use]
    pub fn exceeded(&self) -> Option<&BudgetError> {
        self.meter.exceeded.as_ref()
    }

    /// The automated actors of a one-queue document and their running totals.
    ///
    /// # Panics
    /// For a document with `entities` (its actors are grouped by entity: [`Self::actor_stats`]).
    #[must_use]
    pub fn actors(&self) -> &Actors {
        assert!(
            !self.has_entities(),
            "a document with entities groups its actors"
        );
        &self.groups[0].actors
    }

    /// Every automated actor's name, whether it receives, and its running totals, group by
    /// group.
    #[must_use]
    pub fn actor_stats(&self) -> Vec<(Text, bool, ActorStats)> {
        self.groups.iter().flat_map(|g| g.actors.stats()).collect()
    }

    /// Makes every automated receiver poll at every tick (the reference runs of the tests).
    #[doc(hidden)]
    pub fn poll_every_tick(&mut self) {
        for g in &mut self.groups {
            g.actors.poll_every_tick();
        }
    }

    /// The broker being driven.
    #[must_use]
    pub fn namespace(&self) -> &Namespace {
        &self.ns
    }

    /// The one queue's world; for a document with `entities`, the world of the clients that
    /// address no entity (it holds no message).
    #[must_use]
    pub fn world(&self) -> &World {
        self.ns
            .the_queue()
            .or(with_entities(self.nowhere.as_ref()))
            .expect("invariant: one queue, or a document with entities")
    }

    /// The latest instant the broker has seen.
    #[must_use]
    pub fn now(&self) -> Instant {
        self.ns.now()
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
        self.script.next()
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
        self.groups
            .iter()
            .filter_map(|g| g.actors.next_wake())
            .chain(self.script.next_at())
            .chain(self.ns.poll_timeout())
            .min()
    }
}

/// Playing: the ways to advance a run, each an adapter of the one loop.
impl Run {
    /// Runs everything due at or before `t`: broker deadlines and steps, in time order (at one
    /// instant deadlines first, then the step). Each trace record is handed to `out`. Stops
    /// early (silently) over the budget: see [`exceeded`](Self::exceeded).
    pub fn advance_to(&mut self, t: Instant, out: &mut impl FnMut(J)) {
        let entities = self.has_entities();
        let _ = self.drive::<false>(t, u64::MAX, &mut |r: Rec<'_>, _: &str| {
            out(line_json(&r, entities));
        });
    }

    /// As [`advance_to`](Self::advance_to), handing over structured records (the playground
    /// narrates them and tracks what each client holds).
    pub fn advance_with(&mut self, t: Instant, out: &mut impl FnMut(&World, Record<'_>)) {
        let _ = self.advance_until(t, u64::MAX, out);
    }

    /// Runs what is due at or before `t`, producing at most about `max_records` records and
    /// running at most `max_records` steps and actor actions in this call (one is never cut in
    /// two), and says how far it got. The second bound slices work that records nothing: a
    /// million sends started at one instant are many calls, not one.
    ///
    /// # Errors
    /// The run's [`Budget`] ran out (now or in an earlier call); nothing more runs.
    pub fn advance_until(
        &mut self,
        t: Instant,
        max_records: u64,
        out: &mut impl FnMut(&World, Record<'_>),
    ) -> Result<Progress, BudgetError> {
        self.drive::<false>(t, max_records, &mut |r: Rec<'_>, _: &str| {
            out(r.world, r.record);
        })
    }

    /// As [`advance_until`](Self::advance_until), handing over each record with its entity.
    ///
    /// # Errors
    /// As [`advance_until`](Self::advance_until).
    pub fn advance_records(
        &mut self,
        t: Instant,
        max_records: u64,
        out: &mut impl FnMut(Rec<'_>),
    ) -> Result<Progress, BudgetError> {
        self.drive::<false>(t, max_records, &mut |r: Rec<'_>, _: &str| out(r))
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
        self.drive::<true>(t, max_records, &mut |_: Rec<'_>, line: &str| out(line))
    }

    /// As [`advance_records`](Self::advance_records), counting each record's trace line (as
    /// [`advance_trace`](Self::advance_trace) writes it) against the trace-bytes budget
    /// without writing it: a caller that does not print the trace (`settle render`) stops
    /// exactly where `settle run` would.
    ///
    /// # Errors
    /// As [`advance_until`](Self::advance_until).
    pub fn advance_measured(
        &mut self,
        t: Instant,
        max_records: u64,
        out: &mut impl FnMut(Rec<'_>),
    ) -> Result<Progress, BudgetError> {
        self.drive::<true>(t, max_records, &mut |r: Rec<'_>, _: &str| out(r))
    }

    /// Runs to `run_until_ms` and writes the whole trace, final record included, line by line.
    ///
    /// # Errors
    /// As [`advance_until`](Self::advance_until); the final record counts too.
    pub fn finish_trace(&mut self, out: &mut impl FnMut(&str)) -> Result<(), BudgetError> {
        self.advance_trace(self.end, u64::MAX, out)?;
        self.account_final()?;
        // One queue's final record is written piece by piece (a message at a time): memory
        // stays at one message, not the whole listing.
        match self.ns.the_queue() {
            Some(world) => write_final(world, out),
            None => {
                let mut line = String::new();
                self.final_json().write(&mut line);
                out(&line);
            }
        }
        out("\n");
        Ok(())
    }

    /// Runs to `run_until_ms` and emits every record's JSON, then the final record (stops
    /// early over the budget; see [`exceeded`](Self::exceeded)).
    pub fn finish(&mut self, out: &mut impl FnMut(J)) {
        self.advance_to(self.end, out);
        if self.meter.exceeded.is_none() {
            out(self.final_json());
        }
    }

    /// The final record as it stands now.
    fn final_json(&self) -> J {
        match self.ns.the_queue() {
            Some(world) => final_record(world),
            #[cfg(feature = "entities")]
            None => crate::trace::entities::final_record(&self.ns),
            #[cfg(not(feature = "entities"))]
            None => unreachable!("without entities there is one queue"),
        }
    }

    /// Counts the final record's line against the trace-bytes budget (it is not written).
    ///
    /// # Errors
    /// The budget ran out, now or before.
    pub fn account_final(&mut self) -> Result<(), BudgetError> {
        if let Some(e) = &self.meter.exceeded {
            return Err(e.clone());
        }
        let mut len = 1u64;
        match self.ns.the_queue() {
            Some(world) => write_final(world, &mut |s: &str| len += s.len() as u64),
            None => {
                let mut line = String::new();
                self.final_json().write(&mut line);
                len += line.len() as u64;
            }
        }
        let bytes = self.meter.trace_bytes.saturating_add(len);
        if bytes > self.meter.budget.max_trace_bytes {
            return Err(self.meter.error(Exhausted::TraceBytes, self.ns.now()));
        }
        self.meter.trace_bytes = bytes;
        Ok(())
    }
}

/// The one loop and its handlers: a step, an actor's action, the broker's events.
impl Run {
    /// The one driving loop: each record with its line (with `LINES`) to `out`.
    fn drive<const LINES: bool>(
        &mut self,
        t: Instant,
        max_records: u64,
        out: &mut impl FnMut(Rec<'_>, &str),
    ) -> Result<Progress, BudgetError> {
        if let Some(e) = &self.meter.exceeded {
            return Err(e.clone());
        }
        let (first, passes) = (self.meter.records, self.passes);
        // Bounded: every pass runs one step or one actor action, and actor actions move virtual
        // time on (processing takes at least 1 ms, polls are `poll_ms` apart).
        let progress = loop {
            if self.meter.over.is_some() {
                break Progress::Reached;
            }
            if (self.meter.records - first).max(self.passes - passes) >= max_records {
                break Progress::Paused { now: self.ns.now() };
            }
            let step_at = self.script.next_at().filter(|&a| a <= t);
            let actor = self
                .groups
                .iter()
                .enumerate()
                .filter_map(|(i, g)| g.actors.next_wake().map(|w| (w, i)))
                .min()
                .filter(|&(w, _)| w <= t);
            match (step_at, actor) {
                // At one instant the script's step runs before the actors.
                (Some(s), a) if a.is_none_or(|(a, _)| s <= a) => self.run_step::<LINES>(out),
                (_, Some((a, g))) => self.run_actor::<LINES>(a, g, out),
                _ => {
                    // Deadline by deadline, so that over the budget the broker stops at the
                    // instant where the budget ran out rather than at `t`.
                    let mut last = None;
                    while self.meter.over.is_none() {
                        let Some(d) = self.ns.poll_timeout().filter(|&d| d <= t) else {
                            break;
                        };
                        if last.is_some_and(|l| d <= l) {
                            break;
                        }
                        last = Some(d);
                        self.ns.advance_to(d);
                        self.drain::<LINES>(None, out);
                    }
                    if self.meter.over.is_none() {
                        self.ns.advance_to(t);
                        self.drain::<LINES>(None, out);
                    }
                    break Progress::Reached;
                }
            }
            // A step or an actor action ran (the deadlines' arm ends the loop).
            self.passes += 1;
        };
        match self.meter.over.take() {
            Some((x, at)) => Err(self.meter.error(x, at)),
            None => Ok(progress),
        }
    }

    /// The next script step, its record and its events.
    fn run_step<const LINES: bool>(&mut self, out: &mut impl FnMut(Rec<'_>, &str)) {
        let (index, step) = self.script.take();
        self.ns.advance_to(step.at);
        self.drain::<LINES>(None, out);
        let result = self.apply(&step);
        let world = match with_entities(self.nowhere.as_ref()) {
            Some(nowhere) => (step.entity.as_deref())
                .and_then(|e| self.ns.world(e))
                .unwrap_or(nowhere),
            None => self.ns.the_queue().expect("invariant: one queue"),
        };
        let r = Rec {
            world,
            record: Record::Step {
                index,
                step: &step,
                result: &result,
            },
            entity: step.entity.as_ref(),
            copy: None,
        };
        self.meter.emit::<LINES>(r, self.ns.now(), out);
        self.drain::<LINES>(Some(index), out);
    }

    fn apply(&mut self, step: &Step) -> Result<Outcome, Error> {
        let Some(nowhere) = with_entities(self.nowhere.as_mut()) else {
            return self.ns.apply(step.at, "", &step.by, step.op.clone());
        };
        match (&step.entity, step.op.clone()) {
            #[cfg(feature = "entities")]
            (Some(_), Op::Entity { entity, op }) => {
                self.ns.entity_op(step.at, &entity, &step.by, op)
            }
            (Some(e), op) => self.ns.apply(step.at, e, &step.by, op),
            (None, op) => {
                let r = nowhere.apply(step.at, &step.by, op);
                while nowhere.queue_mut().poll_event().is_some() {}
                r
            }
        }
    }

    /// The action of group `g`'s actor due at `a`: the actor's record, then its events. A
    /// topic's senders send through a staging world (their own bookkeeping); each send they
    /// make is then made to the topic, whose events follow the record.
    fn run_actor<const LINES: bool>(
        &mut self,
        a: Instant,
        g: usize,
        out: &mut impl FnMut(Rec<'_>, &str),
    ) {
        self.ns.advance_to(a);
        self.drain::<LINES>(None, out);
        let deadline = if self.has_entities() {
            self.ns.poll_timeout()
        } else {
            None
        };
        let horizon = self
            .groups
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != g)
            .filter_map(|(_, x)| x.actors.next_wake())
            .chain(self.script.next_at())
            .chain(deadline)
            .min();
        let entity = self.groups[g].entity.clone();
        let group = &mut self.groups[g];
        let acts = match with_entities(group.staging.as_mut()) {
            Some(staging) => {
                staging.advance_to(a);
                let acts = group.actors.act(a, staging, horizon);
                // Nothing stays in the staging world: the topic holds the messages.
                *staging = World::new(QueueConfig::default(), 0)
                    .expect("invariant: the default configuration is valid");
                acts
            }
            None => {
                let world = self
                    .ns
                    .world_mut(&entity)
                    .expect("invariant: a receive entity has a world");
                group.actors.act(a, world, horizon)
            }
        };
        for act in &acts {
            let world = self
                .ns
                .world(&entity)
                .or(with_entities(self.nowhere.as_ref()))
                .expect("invariant: an actor's entity exists");
            let r = Rec {
                world,
                record: Record::Actor { act },
                entity: self.has_entities().then_some(&entity),
                copy: None,
            };
            self.meter.emit::<LINES>(r, self.ns.now(), out);
            if with_entities(self.groups[g].staging.as_ref()).is_some()
                && let Op::Send { msg, .. } = &act.op
                && !matches!(act.result, Some(Err(_)))
            {
                let _ = self.ns.apply(
                    act.at,
                    &entity,
                    &act.by,
                    Op::Send {
                        msg: msg.clone(),
                        presettled: true,
                    },
                );
            }
            self.ns.collect(&entity);
            self.drain::<LINES>(None, out);
        }
        self.drain::<LINES>(None, out);
    }

    fn drain<const LINES: bool>(
        &mut self,
        step: Option<usize>,
        out: &mut impl FnMut(Rec<'_>, &str),
    ) {
        while let Some(ev) = self.ns.poll_event() {
            let world = self
                .ns
                .world(&ev.entity)
                .expect("invariant: an event's entity exists");
            let r = Rec {
                world,
                record: Record::Event {
                    event: &ev.event,
                    step,
                },
                entity: self.has_entities().then_some(&ev.entity),
                copy: ev.copy.as_ref(),
            };
            self.meter.emit::<LINES>(r, self.ns.now(), out);
        }
    }
}

impl Meter {
    /// Whether the document declares `entities` (always false without the feature).
    fn entities(&self) -> bool {
        cfg!(feature = "entities") && self.entities
    }

    fn new(budget: Budget, entities: bool) -> Self {
        Self {
            budget,
            records: 0,
            trace_bytes: 0,
            exceeded: None,
            over: None,
            entities,
            line: String::new(),
        }
    }
}

/// The scenario's actors grouped by the entity they address, in order of first appearance.
#[cfg(feature = "entities")]
fn groups(sc: &Scenario) -> Vec<Group> {
    let mut order: Vec<Text> = Vec::new();
    for e in &sc.actor_entities {
        if !order.contains(e) {
            order.push(e.clone());
        }
    }
    let topic = |e: &Text| {
        matches!(
            sc.entities.as_ref().and_then(|x| x.get(&**e)),
            Some(settle_core::namespace::EntitySpec::Topic(_))
        )
    };
    order
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let specs: Vec<_> = sc
                .actors
                .iter()
                .zip(&sc.actor_entities)
                .filter(|(_, x)| **x == e)
                .map(|(a, _)| a.clone())
                .collect();
            Group {
                staging: topic(&e).then(|| {
                    World::new(QueueConfig::default(), 0)
                        .expect("invariant: the default configuration is valid")
                }),
                actors: Actors::new(&specs, sc.seed ^ (i as u64)),
                entity: e,
            }
        })
        .collect()
}

/// Runs a whole scenario (with or without `entities`) to `run_until_ms` and writes its trace,
/// final record included, line by line: what `settle run` prints.
///
/// # Errors
/// The work budget ran out.
pub fn finish_trace(sc: &Scenario, out: &mut impl FnMut(&str)) -> Result<(), BudgetError> {
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
