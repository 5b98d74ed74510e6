//! The snapshots a timeline keeps while playing, to go back.

use super::MAX_SNAPSHOTS;
use crate::Run;
use alloc::vec::Vec;
use settle_core::Instant;

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
