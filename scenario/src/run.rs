//! Running a one-queue scenario: its script and actors over a `World`, within a budget, record
//! by record, and a whole document to its trace.

use crate::budget::{Budget, BudgetError, Exhausted, Progress};
use crate::json::J;
#[cfg(feature = "entities")]
use crate::nsrun::NsRun;
use crate::script::Script;
use crate::trace::{Record, final_record, record_json, write_final};
use crate::{Scenario, Step};
use alloc::rc::Rc;
use alloc::string::String;
use core::cell::Cell;
use settle_core::Instant;
use settle_core::World;
use settle_core::actors::Actors;

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
    pub(crate) script: Script,
    end: Instant,
    actors: Actors,
    budget: Budget,
    records: u64,
    trace_bytes: u64,
    exceeded: Option<BudgetError>,
    /// The world was lent out mutably: idle receivers must look again.
    touched: bool,
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
