//! What a caller adds to a [`Timeline`](super::Timeline): how often it snapshots
//! ([`Policy`]), an [`Observer`] that sees each record and keeps state a seek restores, and the
//! [`Phase`] telling the observer whether what it sees is live or a quiet replay.

use super::{EVERY_MS, EVERY_RECORDS};
use crate::{Rec, Record, Run, Step};
use alloc::rc::Rc;
use alloc::vec::Vec;
use settle_core::{Error, Instant, Outcome, World};

/// When a timeline snapshots and how much it asks of its run per call.
///
/// After each call into the run (a chunk) a snapshot is due when the records since the last
/// one reach `max(every_records, crowd × messages held)`, or, when that is `every_records`
/// (the queue is not crowded), when `every_ms` of virtual time passed since the last one;
/// [`Checkpoints::note`](super::Checkpoints::note) then applies its own intervals (which
/// thinning doubles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// A snapshot after at least this many records (0: any chunk).
    pub every_records: u64,
    /// Or after this much virtual time, in a stretch that is not crowded (0: off).
    pub every_ms: u64,
    /// And not before `crowd` × the messages the queue holds records (0: off): a snapshot
    /// copies them all, so in a crowded queue they are taken further apart, so that
    /// snapshotting never costs more than replaying.
    pub crowd: u64,
    /// Records per call into the run: an observer's batch, and how often the policy is
    /// checked.
    pub chunk: u64,
    /// How far one [`advance`](super::Timeline::advance) goes at most, in virtual ms (0:
    /// unbounded), so that a huge jump cannot freeze a frame.
    pub max_jump_ms: u64,
}

impl Policy {
    /// The core's: a snapshot every [`EVERY_RECORDS`] records or [`EVERY_MS`] of virtual time,
    /// checked every [`EVERY_RECORDS`] records; no crowd rule, no bound on a jump.
    pub const CORE: Self = Self {
        every_records: EVERY_RECORDS,
        every_ms: EVERY_MS,
        crowd: 0,
        chunk: EVERY_RECORDS,
        max_jump_ms: 0,
    };

    /// The playground's: chunks of 250 records, a snapshot every 250 records but not before
    /// twice as many records as messages held, or every [`EVERY_MS`] in a quiet stretch; a
    /// day of virtual time per advance at most.
    pub const PAGE: Self = Self {
        every_records: 250,
        every_ms: EVERY_MS,
        crowd: 2,
        chunk: 250,
        max_jump_ms: 24 * 3_600_000,
    };
}

impl Default for Policy {
    fn default() -> Self {
        Self::CORE
    }
}

/// Whether the run's records are seen live or replayed, and the person's steps in the script.
///
/// A seek replays quietly from a snapshot (`quiet_all`); acting replays quietly from the last
/// snapshot before now up to the person's new step, whose result is kept, and live from it on.
#[derive(Clone, Debug, Default)]
pub struct Phase {
    pub(super) quiet_all: bool,
    pub(super) until: Option<usize>,
    pub(super) result: Option<Result<Outcome, Error>>,
    pub(super) person: Vec<usize>,
}

impl Phase {
    /// Whether the records are happening now (neither a seek's nor an action's replay): what
    /// an observer shows as it happens (the stage's cues).
    #[must_use]
    pub fn live(&self) -> bool {
        !self.quiet_all && self.until.is_none()
    }

    /// Whether a seek is replaying.
    #[must_use]
    pub fn seeking(&self) -> bool {
        self.quiet_all
    }

    /// The index of the person's new step while acting replays up to it.
    #[must_use]
    pub fn until(&self) -> Option<usize> {
        self.until
    }

    /// Whether step `index` of the script being played is one of the person's.
    #[must_use]
    pub fn is_person(&self, index: usize) -> bool {
        self.person.binary_search(&index).is_ok()
    }

    /// The indices of the person's steps in the script being played, ascending.
    #[must_use]
    pub fn person(&self) -> &[usize] {
        &self.person
    }

    /// Step `index` ran with `result`: when it is the person's new step, the replay turns
    /// live and the result is kept. The timeline calls it for each step record, before the
    /// observer sees the record.
    pub fn step_ran(&mut self, index: usize, result: &Result<Outcome, Error>) {
        if self.until == Some(index) {
            self.until = None;
            self.result = Some(result.clone());
        }
    }
}

/// What a caller adds to a timeline: it sees each record as the run plays, and keeps state
/// (`Saved`) that snapshots hold beside the run, so that a seek restores both.
///
/// The observer itself is an argument of each call ([`advance`](super::Timeline::advance),
/// [`seek_with`](super::Timeline::seek_with), [`act_in`](super::Timeline::act_in)); what it
/// keeps outside `Saved` is not restored.
pub trait Observer {
    /// What a snapshot keeps of the observer (the page: its log, what each receiver holds).
    type Saved: Clone;

    /// Each record as the run produces it, in order, with the world right after it and, in a
    /// document with `entities`, its entity.
    fn record(&mut self, saved: &mut Self::Saved, r: Rec<'_>, phase: &Phase);

    /// After each call into the run (at most [`Policy::chunk`] records), before the policy's
    /// snapshot: the run as it stands.
    fn chunk_done(&mut self, _saved: &mut Self::Saved, _run: &Run, _phase: &Phase) {}

    /// An [`advance`](super::Timeline::advance) reached its target (the one it was given, or
    /// a day further at most: [`Policy::max_jump_ms`]), after the policy's snapshot. Seeks and
    /// actions replay through `advance` too, so this comes as often as when a caller plays
    /// there slice by slice.
    fn reached(&mut self, _saved: &mut Self::Saved, _run: &Run) {}

    /// A fork gives the snapshots kept the new script.
    fn replace_steps(_saved: &mut Self::Saved, run: &mut Run, steps: &Rc<[Step]>) {
        run.replace_steps(Rc::clone(steps));
    }

    /// The script to play after the person acted (`merged`: the scenario's steps and the
    /// person's `recorded`), and from when to replay it (`now`: from the last snapshot
    /// before now). The page re-addresses steps to inferred receive entities and, when they
    /// changed, replays from zero.
    fn rescript(
        &mut self,
        _recorded: &[Step],
        merged: Rc<[Step]>,
        now: Instant,
    ) -> (Rc<[Step]>, Instant) {
        (merged, now)
    }

    /// The run (and `saved`) were restored for a fork, before the replay to `t`; `steps` is
    /// the new script (the page forks its look-ahead story here).
    fn forked(&mut self, _run: &Run, _saved: &Self::Saved, _steps: &Rc<[Step]>, _t: Instant) {}
}

/// Sees nothing, keeps nothing.
impl Observer for () {
    type Saved = ();
    fn record(&mut self, (): &mut (), _: Rec<'_>, _: &Phase) {}
}

/// A closure as an observer that keeps nothing: it is handed the live records only (not a
/// seek's or an action's replay before the person's step).
pub(super) struct Out<'f, F>(pub(super) &'f mut F);

impl<F: FnMut(&World, Record<'_>)> Observer for Out<'_, F> {
    type Saved = ();
    fn record(&mut self, (): &mut (), r: Rec<'_>, phase: &Phase) {
        if phase.live() {
            (self.0)(r.world, r.record);
        }
    }
}
