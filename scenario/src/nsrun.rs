//! Runs a document with `entities` (`scenario-format-entities.md`): its steps against a
//! [`Namespace`], its trace with an `entity` on every addressed step and every event, and the
//! final record per entity.

use crate::budget::{Budget, BudgetError, Exhausted};
use crate::json::J;
use crate::script::Script;
use crate::trace::{Record, actor_record_in, event_record, message_record_in, ms, step_record_in};
use crate::{Scenario, Step};
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use settle_core::EventKind;
use settle_core::Instant;
use settle_core::Listing;
use settle_core::actors::{ActorSpec, Actors};
use settle_core::namespace::{CopyOf, Namespace, NsEvent, is_subscription};
use settle_core::{Error, QueueConfig};
use settle_core::{MessageView, Text};
use settle_core::{Op, Outcome, World};

/// A run of a document with `entities`, within a work [`Budget`].
#[derive(Clone, Debug)]
pub struct NsRun {
    ns: Namespace,
    /// The clients that settle or close without ever receiving: nothing they name exists.
    nowhere: World,
    script: Script,
    end: Instant,
    meter: Meter,
    /// The automated actors, one group per entity they address.
    groups: Vec<Group>,
}

/// One thing a run of a document with `entities` produced, before it becomes a trace line:
/// the base [`Record`], the world that names its clients, and where it happened.
#[derive(Debug)]
pub struct NsRecord<'a> {
    /// The world of the entity (its clients' names; a topic's client table).
    pub world: &'a World,
    /// The step, actor action or broker event.
    pub record: Record<'a>,
    /// The queue, topic or subscription path; `None` for a step that addresses none.
    pub entity: Option<&'a Text>,
    /// On the `enqueued` of a subscription's copy: the topic's number and the action rule.
    pub copy: Option<&'a CopyOf>,
}

/// The work budget's count of records and trace bytes.
#[derive(Clone, Debug)]
struct Meter {
    budget: Budget,
    records: u64,
    trace_bytes: u64,
    exceeded: Option<BudgetError>,
}

impl Meter {
    /// Counts `rec`'s trace line and hands it over with the record it came from.
    fn write(
        &mut self,
        r: NsRecord<'_>,
        rec: &J,
        at: Instant,
        out: &mut impl FnMut(NsRecord<'_>, &J, &str),
    ) -> Result<(), BudgetError> {
        if self.records >= self.budget.max_records {
            return Err(self.over(Exhausted::Records, at));
        }
        let mut line = String::new();
        rec.write(&mut line);
        line.push('\n');
        let bytes = self.trace_bytes.saturating_add(line.len() as u64);
        if bytes > self.budget.max_trace_bytes {
            return Err(self.over(Exhausted::TraceBytes, at));
        }
        self.records += 1;
        self.trace_bytes = bytes;
        out(r, rec, &line);
        Ok(())
    }

    fn over(&mut self, exhausted: Exhausted, at: Instant) -> BudgetError {
        let e = self
            .budget
            .exceeded(exhausted, at, self.records, self.trace_bytes);
        self.exceeded = Some(e.clone());
        e
    }
}

/// The actors that address one entity.
#[derive(Clone, Debug)]
struct Group {
    entity: Text,
    actors: Actors,
    /// For a topic's senders: the world they send through (emptied after every action).
    staging: Option<World>,
}

impl NsRun {
    /// A run at time zero.
    ///
    /// # Panics
    /// When the scenario has no `entities`, or for a configuration [`parse`](super::parse)
    /// would refuse.
    #[must_use]
    pub fn new(sc: &Scenario) -> Self {
        Self::with_budget(sc, Budget::DEFAULT)
    }

    /// A run at time zero with this work budget (as [`super::Run::with_budget`]).
    ///
    /// # Panics
    /// As [`NsRun::new`].
    #[must_use]
    pub fn with_budget(sc: &Scenario, budget: Budget) -> Self {
        let ents = sc
            .entities
            .as_ref()
            .expect("invariant: NsRun runs documents with entities");
        Self {
            ns: Namespace::new(ents, sc.seed)
                .expect("invariant: a parsed scenario has valid configurations"),
            nowhere: World::new(QueueConfig::default(), sc.seed)
                .expect("invariant: the default configuration is valid"),
            script: Script::new(&sc.script),
            end: sc.run_until,
            meter: Meter {
                budget,
                records: 0,
                trace_bytes: 0,
                exceeded: None,
            },
            groups: groups(sc),
        }
    }

    /// Gives the run a new script whose first [`next_step`](Self::next_step) steps are the
    /// ones already run (the person acted: time travel's fork, as
    /// [`super::Run::replace_steps`]).
    pub fn replace_steps(&mut self, steps: Rc<[Step]>) {
        self.script.replace(steps);
    }

    /// The script being played.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        self.script.steps()
    }

    /// Index of the next step to run.
    #[must_use]
    pub fn next_step(&self) -> usize {
        self.script.next()
    }

    /// The automated actors' names and running totals, group by group (as
    /// [`Actors::stats`]).
    #[must_use]
    pub fn actor_stats(&self) -> Vec<(Text, bool, settle_core::actors::ActorStats)> {
        self.groups.iter().flat_map(|g| g.actors.stats()).collect()
    }

    /// The namespace being driven.
    #[must_use]
    pub fn namespace(&self) -> &Namespace {
        &self.ns
    }

    /// `run_until_ms`.
    #[must_use]
    pub fn end(&self) -> Instant {
        self.end
    }

    /// The next instant at which anything is due: a step, an actor's wake-up or a broker
    /// deadline.
    #[must_use]
    pub fn next_due(&self) -> Option<Instant> {
        self.groups
            .iter()
            .filter_map(|g| g.actors.next_wake())
            .chain(self.script.next_at())
            .chain(self.ns.poll_timeout())
            .min()
    }

    /// Runs every step and deadline at or before `t`, writing each trace line (with its `\n`).
    ///
    /// # Errors
    /// The work budget ran out; nothing more runs.
    pub fn advance_trace(
        &mut self,
        t: Instant,
        out: &mut impl FnMut(&str),
    ) -> Result<(), BudgetError> {
        self.advance_records(t, &mut |_: NsRecord<'_>, _: &J, line: &str| out(line))
    }

    /// Runs every step and deadline at or before `t`, handing over each record: what happened,
    /// its trace record and its trace line (with its `\n`), counted against the work budget.
    ///
    /// # Errors
    /// The work budget ran out; nothing more runs.
    pub fn advance_records(
        &mut self,
        t: Instant,
        out: &mut impl FnMut(NsRecord<'_>, &J, &str),
    ) -> Result<(), BudgetError> {
        if let Some(e) = &self.meter.exceeded {
            return Err(e.clone());
        }
        loop {
            let step_at = self.script.next_at().filter(|&a| a <= t);
            let actor = self
                .groups
                .iter()
                .enumerate()
                .filter_map(|(i, g)| g.actors.next_wake().map(|w| (w, i)))
                .min()
                .filter(|&(w, _)| w <= t);
            match (step_at, actor) {
                (Some(s), a) if a.is_none_or(|(a, _)| s <= a) => self.run_step(out)?,
                (_, Some((a, g))) => self.run_actor(a, g, out)?,
                _ => break,
            }
        }
        self.ns.advance_to(t);
        self.drain(None, out)
    }

    /// The next script step, its record and its events.
    fn run_step(
        &mut self,
        out: &mut impl FnMut(NsRecord<'_>, &J, &str),
    ) -> Result<(), BudgetError> {
        let (idx, step) = self.script.take();
        self.ns.advance_to(step.at);
        self.drain(None, out)?;
        let result = self.apply(&step);
        let world = step
            .entity
            .as_deref()
            .and_then(|e| self.ns.world(e))
            .unwrap_or(&self.nowhere);
        let rec = step_record_in(world, idx, &step, &result, true);
        let r = NsRecord {
            world,
            record: Record::Step {
                index: idx,
                step: &step,
                result: &result,
            },
            entity: step.entity.as_ref(),
            copy: None,
        };
        self.meter.write(r, &rec, step.at, out)?;
        self.drain(Some(idx), out)
    }

    /// The action of group `g`'s actor due at `a`: the actor's record, then its events. A
    /// topic's senders send through a staging world (their own bookkeeping); each send they
    /// make is then made to the topic, whose events follow the record.
    fn run_actor(
        &mut self,
        a: Instant,
        g: usize,
        out: &mut impl FnMut(NsRecord<'_>, &J, &str),
    ) -> Result<(), BudgetError> {
        self.ns.advance_to(a);
        self.drain(None, out)?;
        let horizon = self
            .groups
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != g)
            .filter_map(|(_, x)| x.actors.next_wake())
            .chain(self.script.next_at())
            .chain(self.ns.poll_timeout())
            .min();
        let entity = self.groups[g].entity.clone();
        let group = &mut self.groups[g];
        let acts = match &mut group.staging {
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
            let world = self.ns.world(&entity).unwrap_or(&self.nowhere);
            let rec = actor_record_in(world, act, Some(&entity));
            let r = NsRecord {
                world,
                record: Record::Actor { act },
                entity: Some(&entity),
                copy: None,
            };
            self.meter.write(r, &rec, act.at, out)?;
            if self.groups[g].staging.is_some()
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
            self.drain(None, out)?;
        }
        Ok(())
    }

    fn apply(&mut self, step: &Step) -> Result<Outcome, Error> {
        match (&step.entity, step.op.clone()) {
            (Some(_), Op::Entity { entity, op }) => {
                self.ns.entity_op(step.at, &entity, &step.by, op)
            }
            (Some(e), op) => self.ns.apply(step.at, e, &step.by, op),
            (None, op) => {
                let r = self.nowhere.apply(step.at, &step.by, op);
                while self.nowhere.queue_mut().poll_event().is_some() {}
                r
            }
        }
    }

    fn drain(
        &mut self,
        step: Option<usize>,
        out: &mut impl FnMut(NsRecord<'_>, &J, &str),
    ) -> Result<(), BudgetError> {
        while let Some(ev) = self.ns.poll_event() {
            let rec = ns_event_record(&self.ns, &ev, step);
            let world = self
                .ns
                .world(&ev.entity)
                .expect("invariant: an event's entity exists");
            let r = NsRecord {
                world,
                record: Record::Event {
                    event: &ev.event,
                    step,
                },
                entity: Some(&ev.entity),
                copy: ev.copy.as_ref(),
            };
            self.meter.write(r, &rec, ev.event.at, out)?;
        }
        Ok(())
    }

    /// Runs to `run_until_ms` and writes the whole trace, final record included.
    ///
    /// # Errors
    /// As [`advance_trace`](Self::advance_trace); the final record counts too.
    pub fn finish_trace(&mut self, out: &mut impl FnMut(&str)) -> Result<(), BudgetError> {
        self.advance_trace(self.end, out)?;
        let (_, line) = self.finish_final()?;
        out(&line);
        Ok(())
    }

    /// Runs to `run_until_ms` handing over every record (as
    /// [`advance_records`](Self::advance_records)), then returns the final record.
    ///
    /// # Errors
    /// As [`advance_records`](Self::advance_records); the final record counts too.
    pub fn finish_records(
        &mut self,
        out: &mut impl FnMut(NsRecord<'_>, &J, &str),
    ) -> Result<J, BudgetError> {
        self.advance_records(self.end, out)?;
        self.finish_final().map(|(rec, _)| rec)
    }

    /// Counts the final record's line against the trace-bytes budget (it is not written).
    pub fn account_final(&mut self) -> Result<(), BudgetError> {
        self.finish_final().map(|_| ())
    }

    /// The final record and its line, counted against the trace-bytes budget.
    fn finish_final(&mut self) -> Result<(J, String), BudgetError> {
        if let Some(e) = &self.meter.exceeded {
            return Err(e.clone());
        }
        let rec = final_record(&self.ns);
        let mut line = String::new();
        rec.write(&mut line);
        line.push('\n');
        let m = &mut self.meter;
        let bytes = m.trace_bytes.saturating_add(line.len() as u64);
        if bytes > m.budget.max_trace_bytes {
            return Err(m.over(Exhausted::TraceBytes, self.ns.now()));
        }
        m.trace_bytes = bytes;
        Ok((rec, line))
    }
}

/// The scenario's actors grouped by the entity they address, in order of first appearance.
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
            let specs: Vec<ActorSpec> = sc
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

/// `entity` inserted right after `after` (or at the end).
fn insert_after(j: &mut J, after: &str, key: &str, v: J) {
    if let J::O(items) = j {
        let at = items
            .iter()
            .position(|(k, _)| k == after)
            .map_or(items.len(), |i| i + 1);
        items.insert(at, (key.into(), v));
    }
}

/// The trace record of an event in a namespace: the base record with `entity` after
/// `event`, and `topic_seq` and `rule` on a subscription copy's `enqueued`.
#[must_use]
pub fn ns_event_record(ns: &Namespace, ev: &NsEvent, step: Option<usize>) -> J {
    let world = ns
        .world(&ev.entity)
        .expect("invariant: an event's entity exists");
    let mut j = event_record(world, &ev.event, step);
    insert_after(&mut j, "event", "entity", J::T(ev.entity.clone()));
    if let (EventKind::Enqueued { .. }, Some(c)) = (&ev.event.kind, &ev.copy) {
        j.push("topic_seq", c.topic_seq);
        j.push("rule", c.rule.as_ref().map_or(J::Null, |r| J::T(r.clone())));
    }
    j
}

fn listing(world: &World, ms: &[MessageView]) -> J {
    J::A(
        ms.iter()
            .map(|m| message_record_in(world, m, true, true))
            .collect(),
    )
}

/// The final record of a namespace (`scenario-format-entities.md` §5): one entry per queue,
/// topic and subscription, in ascending byte order of path.
#[must_use]
pub(super) fn final_record(ns: &Namespace) -> J {
    let mut ents = J::obj();
    for path in ns.paths() {
        let world = ns.world(&path).expect("invariant: a path names an entity");
        let e = if ns.is_topic(&path) {
            J::obj().with("scheduled", listing(world, &ns.topic_scheduled(&path)))
        } else {
            let q = world.queue();
            let mut e = J::obj()
                .with("main", listing(world, &q.list(Listing::Main)))
                .with("dead_letter", listing(world, &q.list(Listing::DeadLetter)));
            if !is_subscription(&path) {
                e.push("scheduled", listing(world, &q.list(Listing::Scheduled)));
            }
            e
        };
        ents.push(&path, e);
    }
    J::obj().with(
        "final",
        J::obj().with("t", ms(ns.now())).with("entities", ents),
    )
}
