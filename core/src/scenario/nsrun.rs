//! Runs a document with `entities` (`scenario-format-entities.md`): its steps against a
//! [`Namespace`], its trace with an `entity` on every addressed step and every event, and the
//! final record per entity.

use super::{
    Budget, BudgetError, Exhausted, J, Scenario, Step, event_record, message_record_in, ms,
    step_record_in,
};
use crate::event::EventKind;
use crate::message::{MessageView, Text};
use crate::namespace::{Namespace, NsEvent};
use crate::queue::Listing;
use crate::time::Instant;
use crate::world::{Op, Outcome, World};
use crate::{Error, QueueConfig};
use alloc::rc::Rc;
use alloc::string::String;

/// A run of a document with `entities`, within a work [`Budget`].
#[derive(Clone, Debug)]
pub struct NsRun {
    ns: Namespace,
    /// The clients that settle or close without ever receiving: nothing they name exists.
    nowhere: World,
    steps: Rc<[Step]>,
    next: usize,
    end: Instant,
    budget: Budget,
    records: u64,
    trace_bytes: u64,
    exceeded: Option<BudgetError>,
}

impl NsRun {
    /// A run at time zero.
    ///
    /// # Panics
    /// When the scenario has no `entities`, or for a configuration [`parse`](super::parse)
    /// would refuse.
    #[must_use]
    pub fn new(sc: &Scenario) -> Self {
        let ents = sc
            .entities
            .as_ref()
            .expect("invariant: NsRun runs documents with entities");
        Self {
            ns: Namespace::new(ents, sc.seed)
                .expect("invariant: a parsed scenario has valid configurations"),
            nowhere: World::new(QueueConfig::default(), sc.seed)
                .expect("invariant: the default configuration is valid"),
            steps: sc.script.clone().into(),
            next: 0,
            end: sc.run_until,
            budget: Budget::DEFAULT,
            records: 0,
            trace_bytes: 0,
            exceeded: None,
        }
    }

    /// The namespace being driven.
    #[must_use]
    pub fn namespace(&self) -> &Namespace {
        &self.ns
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
        if let Some(e) = &self.exceeded {
            return Err(e.clone());
        }
        while let Some(step) = self.steps.get(self.next).filter(|s| s.at <= t).cloned() {
            self.ns.advance_to(step.at);
            self.drain(None, out)?;
            let idx = self.next;
            self.next += 1;
            let result = self.apply(&step);
            let world = step
                .entity
                .as_deref()
                .and_then(|e| self.ns.world(e))
                .unwrap_or(&self.nowhere);
            let rec = step_record_in(world, idx, &step, &result, true);
            self.write(&rec, step.at, out)?;
            self.drain(Some(idx), out)?;
        }
        self.ns.advance_to(t);
        self.drain(None, out)
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
        out: &mut impl FnMut(&str),
    ) -> Result<(), BudgetError> {
        while let Some(ev) = self.ns.poll_event() {
            let rec = ns_event_record(&self.ns, &ev, step);
            self.write(&rec, ev.event.at, out)?;
        }
        Ok(())
    }

    fn write(
        &mut self,
        rec: &J,
        at: Instant,
        out: &mut impl FnMut(&str),
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
        out(&line);
        Ok(())
    }

    fn over(&mut self, exhausted: Exhausted, at: Instant) -> BudgetError {
        let e = self
            .budget
            .exceeded(exhausted, at, self.records, self.trace_bytes);
        self.exceeded = Some(e.clone());
        e
    }

    /// Runs to `run_until_ms` and writes the whole trace, final record included.
    ///
    /// # Errors
    /// As [`advance_trace`](Self::advance_trace); the final record counts too.
    pub fn finish_trace(&mut self, out: &mut impl FnMut(&str)) -> Result<(), BudgetError> {
        self.advance_trace(self.end, out)?;
        let rec = final_record(&self.ns);
        let mut line = String::new();
        rec.write(&mut line);
        line.push('\n');
        let bytes = self.trace_bytes.saturating_add(line.len() as u64);
        if bytes > self.budget.max_trace_bytes {
            return Err(self.over(Exhausted::TraceBytes, self.ns.now()));
        }
        self.trace_bytes = bytes;
        out(&line);
        Ok(())
    }
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

fn is_subscription(path: &Text) -> bool {
    path.contains("/subscriptions/")
}
