//! Time travel: go to any virtual time of a run, step back as well as forward, and fork.
//!
//! The core is deterministic, so the state at time `t` is whatever playing from zero to `t`
//! gives. [`Checkpoints`] keeps clones of the [`Run`] taken while playing (every N trace
//! records or every M virtual milliseconds); [`Timeline::seek`] restores the nearest one at
//! or before `t` and replays the rest. A clone is cheap apart from the live state: the
//! script is shared (`Rc`), and the queue holds only the messages alive at that moment.
//!
//! Acting (a person's operation through [`Timeline::act`]) records a script step at the
//! current time. Acting after going back *forks* the story: the person's recorded steps
//! after that time are dropped, the new one is recorded, and everything after it is played
//! again from there. The scenario's own script and actors carry on as written. The recorded
//! steps become ordinary script steps: [`Timeline::export`] writes the scenario with them, and
//! that document replays to exactly the same state. (At one instant script steps run before
//! actors, so an action taken at a moment when an actor also acts is replayed, live too,
//! before the actor: what you see after acting is what the exported document shows.)

use super::{Record, Run, Scenario, Step, addressed_step_value};
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use settle_core::Instant;
use settle_core::{Error, Text};
use settle_core::{Op, Outcome, World};

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

/// A run that can go to any time, back or forward, and fork when a person acts.
#[derive(Clone, Debug)]
pub struct Timeline {
    scenario: Rc<Scenario>,
    recorded: Vec<Step>,
    steps: Rc<[Step]>,
    run: Run,
    checkpoints: Checkpoints,
}

/// At most this many snapshots (plus the first) are kept; past it they are thinned out.
pub const MAX_SNAPSHOTS: usize = 128;

/// Default snapshot interval in trace records: a seek replays at most this many.
pub const EVERY_RECORDS: u64 = 500;
/// Default snapshot interval in virtual milliseconds (quiet stretches of a run).
pub const EVERY_MS: u64 = 60_000;

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
