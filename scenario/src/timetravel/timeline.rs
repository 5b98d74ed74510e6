//! A run that goes to any time, back or forward, and forks when a person acts.

use super::observer::Out;
use super::{Checkpoints, EVERY_MS, EVERY_RECORDS, Observer, Phase, Policy, merge, record};
use crate::{BudgetError, Progress, Rec, Record, Run, Scenario, Step};
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use settle_core::{Error, Instant, Op, Outcome, Text, World};

/// A run that can go to any time, back or forward, and fork when a person acts.
///
/// `S` is what an [`Observer`] keeps beside the run: snapshots hold both, so that a seek
/// restores both. The core's own timeline keeps nothing (`Timeline<()>`, with
/// [`play_to`](Self::play_to), [`seek`](Self::seek), [`act`](Self::act)).
#[derive(Clone, Debug)]
pub struct Timeline<S: Clone = ()> {
    scenario: Rc<Scenario>,
    /// The person's steps, in time order (later ones are kept after a seek back).
    recorded: Vec<Step>,
    run: Run,
    saved: S,
    checkpoints: Checkpoints<(Run, S)>,
    policy: Policy,
    /// Records since the policy last noted a snapshot, and the virtual time (ms) of the last
    /// snapshot taken.
    since_note: u64,
    noted_at: u64,
    phase: Phase,
}

impl<S: Clone> Timeline<S> {
    /// A timeline over `run` (a run of `sc` at time zero, with the caller's budget) and the
    /// observer's `saved` state, snapshotting by `policy`.
    #[must_use]
    pub fn with_run(sc: Scenario, run: Run, saved: S, policy: Policy) -> Self {
        Self {
            checkpoints: Checkpoints::new(
                (run.clone(), saved.clone()),
                policy.every_records,
                policy.every_ms,
            ),
            noted_at: run.now().as_millis(),
            run,
            saved,
            policy,
            since_note: 0,
            phase: Phase::default(),
            recorded: Vec::new(),
            scenario: Rc::new(sc),
        }
    }

    /// The run at the current time.
    #[must_use]
    pub fn run(&self) -> &Run {
        &self.run
    }

    /// What the observer keeps beside the run.
    #[must_use]
    pub fn saved(&self) -> &S {
        &self.saved
    }

    /// What the observer keeps, mutably (the page's own changes between calls: a receiver
    /// added, a delivery dismissed). Snapshots taken from now on hold the change.
    pub fn saved_mut(&mut self) -> &mut S {
        &mut self.saved
    }

    /// The current virtual time.
    #[must_use]
    pub fn now(&self) -> Instant {
        self.run.now()
    }

    /// The scenario as loaded.
    #[must_use]
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The person's recorded steps, in time order (after a seek back, the later ones too).
    #[must_use]
    pub fn recorded(&self) -> &[Step] {
        &self.recorded
    }

    /// The indices of the person's steps in the script being played, ascending.
    #[must_use]
    pub fn person(&self) -> &[usize] {
        self.phase.person()
    }

    /// How many of the person's recorded steps lie after now (acting now drops them).
    #[must_use]
    pub fn later_actions(&self) -> usize {
        let now = self.now();
        self.recorded.iter().filter(|s| s.at > now).count()
    }

    /// The snapshots kept.
    #[must_use]
    pub fn checkpoints(&self) -> &Checkpoints<(Run, S)> {
        &self.checkpoints
    }

    /// The snapshot policy.
    #[must_use]
    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// Whether the run is being played live or replayed (between calls: live).
    #[must_use]
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Advances toward `t` (at most [`Policy::max_jump_ms`] ahead), producing at most about
    /// `max_records` records, in chunks of [`Policy::chunk`] records; after each chunk the
    /// observer's [`chunk_done`](Observer::chunk_done) and the policy's snapshot.
    ///
    /// Returns [`Progress::Reached`] when the (bounded) target was reached, else
    /// [`Progress::Paused`]: call again.
    ///
    /// # Errors
    /// The run's work budget ran out (now or earlier); the state so far is kept and nothing
    /// more runs.
    pub fn advance<O: Observer<Saved = S>>(
        &mut self,
        t: Instant,
        max_records: u64,
        obs: &mut O,
    ) -> Result<Progress, BudgetError> {
        let t = match self.policy.max_jump_ms {
            0 => t,
            jump => t.min(Instant::from_millis(
                self.now().as_millis().saturating_add(jump),
            )),
        };
        let chunk = self.policy.chunk.max(1);
        let mut left = max_records;
        loop {
            let before = self.run.records();
            let (saved, phase) = (&mut self.saved, &mut self.phase);
            let r = self
                .run
                .advance_records(t, left.min(chunk), &mut |r: Rec<'_>| {
                    if let Record::Step { index, result, .. } = r.record {
                        phase.step_ran(index, result);
                    }
                    obs.record(saved, r, phase);
                });
            obs.chunk_done(&mut self.saved, &self.run, &self.phase);
            let n = self.run.records() - before;
            self.note(n);
            left = left.saturating_sub(n.max(1));
            match r {
                Ok(Progress::Reached) => {
                    obs.reached(&mut self.saved, &self.run);
                    return r;
                }
                Ok(Progress::Paused { .. }) if left > 0 => {}
                other => return other,
            }
        }
    }

    /// The policy's snapshot after a chunk of `n` records.
    fn note(&mut self, n: u64) {
        let p = self.policy;
        let now = self.now();
        self.since_note += n;
        let ns = self.run.namespace();
        let held: u64 = ns
            .paths()
            .iter()
            .filter_map(|p| ns.world(p))
            .map(|w| w.queue().len() as u64)
            .sum();
        let due = p.every_records.max(p.crowd.saturating_mul(held));
        let quiet = due == p.every_records
            && p.every_ms > 0
            && now.as_millis().saturating_sub(self.noted_at) >= p.every_ms;
        if self.since_note >= due || quiet {
            let (run, saved) = (&self.run, &self.saved);
            let before = self.checkpoints.len();
            self.checkpoints
                .note(now, self.since_note, || (run.clone(), saved.clone()));
            self.since_note = 0;
            if self.checkpoints.len() != before {
                self.noted_at = now.as_millis();
            }
        }
    }

    /// Plays to `t` whatever the distance, stopping only over the budget (nothing happens
    /// when `t` is before now).
    fn reach<O: Observer<Saved = S>>(
        &mut self,
        t: Instant,
        obs: &mut O,
    ) -> Result<(), BudgetError> {
        if t < self.now() {
            return Ok(());
        }
        loop {
            let before = (self.now(), self.run.records());
            match self.advance(t, u64::MAX, obs)? {
                Progress::Reached if self.now() >= t => return Ok(()),
                // Reaching a day ahead moves the clock; a clock that did not move would loop
                // for ever.
                Progress::Reached if (self.now(), self.run.records()) == before => return Ok(()),
                _ => {}
            }
        }
    }

    /// Goes to virtual time `t`, back or forward: the state (the run and the observer's
    /// `saved`) is exactly that of playing from zero to `t`, replayed quietly
    /// ([`Phase::seeking`]) from the nearest snapshot at or before `t`.
    ///
    /// # Errors
    /// The run's work budget ran out on the way; the run stays where it stopped.
    pub fn seek_with<O: Observer<Saved = S>>(
        &mut self,
        t: Instant,
        obs: &mut O,
    ) -> Result<(), BudgetError> {
        let now = self.now();
        let (at, snap) = self.checkpoints.at_or_before(t, false);
        if t < now || at.is_some_and(|a| a > now) {
            (self.run, self.saved) = snap.clone();
        }
        self.phase.quiet_all = true;
        let r = self.reach(t, obs);
        self.phase.quiet_all = false;
        r
    }

    /// The person's operation now, by client `by` (in a document with `entities` addressed
    /// to `entity`), recorded as a script step at the current time; any steps the person had
    /// recorded after now are dropped (a fork). The run is replayed from the last snapshot
    /// before now (or from where [`Observer::rescript`] says), quietly up to the new step
    /// ([`Phase::until`]) and live from it on. Returns what the operation returned; `None`
    /// when the run stopped (over its budget) before the step ran.
    pub fn act_in<O: Observer<Saved = S>>(
        &mut self,
        by: &str,
        op: Op,
        entity: Option<Text>,
        obs: &mut O,
    ) -> Option<Result<Outcome, Error>> {
        let t = self.now();
        let (merged, person) = record(
            &self.scenario.script,
            &mut self.recorded,
            t,
            (by, entity),
            op,
        );
        let (steps, from) = obs.rescript(&self.recorded, merged, t);
        let index = *person
            .last()
            .expect("invariant: the new step is the person's last");
        self.phase.person = person;
        self.checkpoints.fork(from, |(run, saved): &mut (Run, S)| {
            O::replace_steps(saved, run, &steps)
        });
        (self.run, self.saved) = self.checkpoints.at_or_before(from, true).1.clone();
        self.since_note = 0;
        self.noted_at = self.now().as_millis();
        obs.forked(&self.run, &self.saved, &steps, t);
        self.phase.until = Some(index);
        self.phase.result = None;
        let _ = self.reach(t, obs);
        self.phase.until = None;
        self.phase.result.take()
    }

    /// The scenario with the person's steps up to now as script steps and `run_until_ms` at
    /// now: loading it and playing to the end gives this state exactly. After a seek back
    /// (without acting) the person's later steps are not in it: it is the story up to now.
    #[must_use]
    pub fn export(&self) -> String {
        let now = self.now();
        let kept: Vec<Step> = self
            .recorded
            .iter()
            .filter(|s| s.at <= now)
            .cloned()
            .collect();
        let (steps, _) = merge(&self.scenario.script, &kept);
        self.scenario.to_text_with(
            steps.iter().map(|s| s.raw.clone()).collect(),
            now.as_millis(),
        )
    }
}

impl Timeline {
    /// A timeline at time zero, snapshotting at the default intervals ([`Policy::CORE`]).
    #[must_use]
    pub fn new(sc: Scenario) -> Self {
        Self::with_intervals(sc, EVERY_RECORDS, EVERY_MS)
    }

    /// As [`new`](Self::new) with the snapshot intervals given (0 turns one off); the policy
    /// is checked every `every_records` records.
    #[must_use]
    pub fn with_intervals(sc: Scenario, every_records: u64, every_ms: u64) -> Self {
        let run = Run::new(&sc);
        let policy = Policy {
            every_records,
            every_ms,
            chunk: if every_records == 0 {
                EVERY_RECORDS
            } else {
                every_records
            },
            ..Policy::CORE
        };
        Self::with_run(sc, run, (), policy)
    }

    /// Plays forward to `t` (nothing happens when `t` is before now), handing every record
    /// to `out`, snapshotting on the way. Over the work budget the run stops where it ran
    /// out.
    pub fn play_to(&mut self, t: Instant, out: &mut impl FnMut(&World, Record<'_>)) {
        let _ = self.reach(t, &mut Out(out));
    }

    /// Goes to virtual time `t`, back or forward: the state is exactly that of playing the
    /// run from zero to `t`.
    pub fn seek(&mut self, t: Instant) {
        let _ = self.seek_with(t, &mut ());
    }

    /// The person's operation now. Recorded as a script step at the current time; any steps
    /// the person had recorded after this time are dropped (a fork). Returns what the
    /// operation returned.
    ///
    /// # Errors
    /// What the broker or the client library refused, as a script step would.
    ///
    /// # Panics
    /// When the run's work budget ran out before the step ran.
    pub fn act(&mut self, by: &str, op: Op) -> Result<Outcome, Error> {
        self.act_with(by, op, &mut |_: &World, _: Record<'_>| {})
    }

    /// As [`act`](Self::act), handing `out` the records from the action on (its step record,
    /// what it caused, and what else happened at this instant after it).
    ///
    /// # Errors
    /// As [`act`](Self::act).
    ///
    /// # Panics
    /// As [`act`](Self::act).
    pub fn act_with(
        &mut self,
        by: &str,
        op: Op,
        out: &mut impl FnMut(&World, Record<'_>),
    ) -> Result<Outcome, Error> {
        self.act_in(by, op, None, &mut Out(out))
            .expect("invariant: a step at the current time runs when playing to it")
    }
}
