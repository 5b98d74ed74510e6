//! A run that goes to any time, back or forward, and forks when a person acts.

use super::{Checkpoints, EVERY_MS, EVERY_RECORDS, record};
use crate::{Record, Run, Scenario, Step};
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use settle_core::{Error, Instant, Op, Outcome, World};

/// A run that can go to any time, back or forward, and fork when a person acts.
#[derive(Clone, Debug)]
pub struct Timeline {
    scenario: Rc<Scenario>,
    recorded: Vec<Step>,
    steps: Rc<[Step]>,
    run: Run,
    checkpoints: Checkpoints,
}

impl Timeline {
    /// A timeline at time zero, snapshotting at the default intervals.
    #[must_use]
    pub fn new(sc: Scenario) -> Self {
        Self::with_intervals(sc, EVERY_RECORDS, EVERY_MS)
    }

    /// As [`new`](Self::new) with the snapshot intervals given.
    #[must_use]
    pub fn with_intervals(sc: Scenario, every_records: u64, every_ms: u64) -> Self {
        let run = Run::new(&sc);
        Self {
            steps: Rc::clone(&run.script.steps),
            checkpoints: Checkpoints::new(run.clone(), every_records, every_ms),
            run,
            recorded: Vec::new(),
            scenario: Rc::new(sc),
        }
    }

    /// The run at the current time.
    #[must_use]
    pub fn run(&self) -> &Run {
        &self.run
    }

    /// The current virtual time.
    #[must_use]
    pub fn now(&self) -> Instant {
        self.run.world().queue().now()
    }

    /// The scenario as loaded.
    #[must_use]
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The person's recorded steps, in time order.
    #[must_use]
    pub fn recorded(&self) -> &[Step] {
        &self.recorded
    }

    /// The snapshots kept.
    #[must_use]
    pub fn checkpoints(&self) -> &Checkpoints {
        &self.checkpoints
    }

    /// Plays forward to `t` (nothing happens when `t` is not after now), handing every record
    /// to `out`, snapshotting on the way.
    pub fn play_to(&mut self, t: Instant, out: &mut impl FnMut(&World, Record<'_>)) {
        while let Some(due) = self.run.next_due().filter(|&d| d <= t) {
            let mut n = 0;
            self.run.advance_with(due, &mut |w: &World, r: Record<'_>| {
                n += 1;
                out(w, r);
            });
            let run = &self.run;
            self.checkpoints
                .note(run.world().queue().now(), n, || run.clone());
        }
        if t > self.now() {
            self.run.advance_with(t, out);
        }
    }

    /// Goes to virtual time `t`, back or forward: the state is exactly that of playing the
    /// run from zero to `t`.
    pub fn seek(&mut self, t: Instant) {
        let (at, snap) = self.checkpoints.at_or_before(t, false);
        let ahead = at.is_some_and(|a| a > self.now());
        if t < self.now() || ahead {
            self.run = snap.clone();
        }
        self.play_to(t, &mut |_: &World, _: Record<'_>| {});
    }

    /// The person's operation now. Recorded as a script step at the current time; any steps
    /// the person had recorded after this time are dropped (a fork). Returns what the
    /// operation returned.
    ///
    /// # Errors
    /// What the broker or the client library refused, as a script step would.
    pub fn act(&mut self, by: &str, op: Op) -> Result<Outcome, Error> {
        self.act_with(by, op, &mut |_: &World, _: Record<'_>| {})
    }

    /// As [`act`](Self::act), handing `out` the records from the action on (its step record,
    /// what it caused, and what else happened at this instant after it).
    ///
    /// # Errors
    /// As [`act`](Self::act).
    pub fn act_with(
        &mut self,
        by: &str,
        op: Op,
        out: &mut impl FnMut(&World, Record<'_>),
    ) -> Result<Outcome, Error> {
        let t = self.now();
        let (steps, person) = record(&self.scenario.script, &mut self.recorded, t, (by, None), op);
        let index = *person
            .last()
            .expect("invariant: the new step is in the list");
        self.steps = steps;
        let steps = &self.steps;
        self.checkpoints
            .fork(t, |r: &mut Run| r.replace_steps(Rc::clone(steps)));
        self.run = self.checkpoints.at_or_before(t, true).1.clone();
        let mut result = None;
        let mut after = false;
        self.play_to(t, &mut |w: &World, r: Record<'_>| {
            if let Record::Step {
                index: i,
                result: res,
                ..
            } = &r
                && *i == index
            {
                result = Some((*res).clone());
                after = true;
            }
            if after {
                out(w, r);
            }
        });
        result.expect("invariant: a step at the current time runs when playing to it")
    }

    /// The scenario with the person's steps as script steps and `run_until_ms` at the current
    /// time: loading it and playing to the end gives this state exactly.
    #[must_use]
    pub fn export(&self) -> String {
        self.scenario.to_text_with(
            self.steps.iter().map(|s| s.raw.clone()).collect(),
            self.now().as_millis(),
        )
    }
}
