//! A run that goes to any time, back or forward, and forks when a person acts: the timeline,
//! the snapshots it keeps, and how a person's step joins the script.

use super::observer::Out;
use super::{EVERY_MS, EVERY_RECORDS, MAX_SNAPSHOTS, Observer, Phase, Policy};
use crate::{BudgetError, Progress, Rec, Record, Run, Scenario, Step, addressed_step_value};
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
    /// `max_records` records and running at most about as many steps and actions, in chunks
    /// of [`Policy::chunk`]; after each chunk the observer's
    /// [`chunk_done`](Observer::chunk_done) and the policy's snapshot.
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
            let (before, passes) = (self.run.records(), self.run.passes());
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
            // Work that made no record counts too (`Run::advance_records` bounds both).
            left = left.saturating_sub(n.max(self.run.passes() - passes).max(1));
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
        let held = self.run.namespace().held() as u64;
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

/// Snapshots of a run, in time order. The first is the run before anything happened.
///
/// Generic over what is kept: the core keeps [`Run`]s; the playground keeps its run together
/// with what it shows (the log, what each receiver holds), so that a seek restores both.
#[derive(Clone, Debug)]
pub struct Checkpoints<T = Run> {
    every_records: u64,
    every_ms: u64,
    /// (virtual time the snapshot was taken at, `None` before anything ran; the snapshot).
    points: Vec<(Option<Instant>, T)>,
    since: u64,
    thinned: bool,
}

impl<T: Clone> Checkpoints<T> {
    /// Snapshots every `every_records` trace records or every `every_ms` virtual
    /// milliseconds, whichever comes first (0 turns a condition off).
    #[must_use]
    pub fn new(start: T, every_records: u64, every_ms: u64) -> Self {
        Self {
            every_records,
            every_ms,
            points: alloc::vec![(None, start)],
            since: 0,
            thinned: false,
        }
    }

    /// How many snapshots are kept.
    #[must_use]
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether long play thinned the snapshots out (their intervals grew).
    #[must_use]
    pub fn thinned(&self) -> bool {
        self.thinned
    }

    /// Never: the run before anything happened is always kept.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    fn last_at(&self) -> Option<Instant> {
        self.points.last().and_then(|p| p.0)
    }

    /// Called after the run advanced to `now`, having produced `records` more records: takes
    /// a snapshot (`take`) when one is due and `now` is past every snapshot kept.
    pub fn note(&mut self, now: Instant, records: u64, take: impl FnOnce() -> T) {
        self.since += records;
        let last = self.last_at();
        if last.is_some_and(|l| now <= l) || (last.is_none() && self.since == 0) {
            return;
        }
        let by_records = self.every_records > 0 && self.since >= self.every_records;
        let by_time = self.every_ms > 0
            && now.as_millis() - last.map_or(0, Instant::as_millis) >= self.every_ms;
        if by_records || by_time {
            self.points.push((Some(now), take()));
            self.since = 0;
            if self.points.len() > MAX_SNAPSHOTS {
                self.thin();
            }
        }
    }

    /// Keeps memory bounded in long runs: drops every other snapshot (never the first) and
    /// doubles both intervals, so a seek replays at most twice as much as before.
    fn thin(&mut self) {
        let mut i = 0;
        self.points.retain(|_| {
            i += 1;
            i == 1 || i % 2 == 0
        });
        self.every_records = self.every_records.saturating_mul(2);
        self.every_ms = self.every_ms.saturating_mul(2);
        self.thinned = true;
    }

    /// The latest snapshot taken at or before `t` (`strictly`: before `t`), with the time it
    /// was taken at (`None`: the start).
    #[must_use]
    pub fn at_or_before(&self, t: Instant, strictly: bool) -> (Option<Instant>, &T) {
        let (at, snap) = self
            .points
            .iter()
            .rev()
            .find(|(at, _)| at.is_none_or(|a| if strictly { a < t } else { a <= t }))
            .unwrap_or(&self.points[0]);
        (*at, snap)
    }

    /// Forgets the snapshots taken at or after `t` (the history there changed) and lets
    /// `update` give the others the new script.
    pub fn fork(&mut self, t: Instant, update: impl FnMut(&mut T)) {
        self.points.retain(|(at, _)| at.is_none_or(|a| a < t));
        self.points.iter_mut().map(|(_, r)| r).for_each(update);
        self.since = 0;
    }
}

/// Records a person's operation at `t` as a script step, after dropping the recorded steps
/// later than `t` (a fork), and [`merge`]s. The page and [`Timeline`] both record this way,
/// so an action is replayed, live too, before the actors of its instant, as the exported
/// document plays in `settle run`. The new step is the last of the person's indices. In a
/// document with `entities` the step addresses `entity` (its `to`, or the client's receive
/// entity: [`addressed_step_value`] writes what the format asks of the step).
pub fn record(
    script: &[Step],
    recorded: &mut Vec<Step>,
    t: Instant,
    (by, entity): (&str, Option<Text>),
    op: Op,
) -> (Rc<[Step]>, Vec<usize>) {
    recorded.retain(|s| s.at <= t);
    recorded.push(Step {
        at: t,
        by: Text::from(by),
        raw: addressed_step_value(t.as_millis(), by, &op, entity.as_deref()),
        op,
        entity,
    });
    merge(script, recorded)
}

/// The scenario's `script` and the person's `recorded` steps as one script: at one instant
/// the scenario's steps first, then the person's, each in order. Returns it with the indices
/// of the person's steps in it.
#[must_use]
pub fn merge(script: &[Step], recorded: &[Step]) -> (Rc<[Step]>, Vec<usize>) {
    let mut merged: Vec<(Instant, u8, &Step)> = script
        .iter()
        .map(|s| (s.at, 0, s))
        .chain(recorded.iter().map(|s| (s.at, 1, s)))
        .collect();
    settle_core::order::sort_by_key(&mut merged, |(at, who, _)| (*at, *who));
    let person = merged
        .iter()
        .enumerate()
        .filter(|(_, (_, who, _))| *who == 1)
        .map(|(i, _)| i)
        .collect();
    (
        merged.into_iter().map(|(_, _, s)| s.clone()).collect(),
        person,
    )
}
