//! Time travel in the page's model: the story's markers (found by running ahead), seeking,
//! stepping back and the person's later actions.

use super::*;

/// What the timeline marks (`settle_scenario::lesson::MARKER_KINDS`, in five groups).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MarkKind {
    /// A message stored by the queue.
    Send,
    /// A lock that expired (or was lost with the entity's settings).
    Expiry,
    /// An abandon.
    Abandon,
    /// A move to the dead-letter queue.
    DeadLetter,
    /// A settlement that ends or parks a delivery: complete, receive-and-delete, defer.
    Settle,
}

impl MarkKind {
    /// Every group, in the legend's order.
    pub const ALL: [Self; 5] = [
        Self::Send,
        Self::Expiry,
        Self::Abandon,
        Self::DeadLetter,
        Self::Settle,
    ];

    fn of(event: &str) -> Option<Self> {
        if !settle_scenario::lesson::MARKER_KINDS.contains(&event) {
            return None;
        }
        Some(match event {
            "enqueued" => Self::Send,
            "lock_expired" | "lock_lost" => Self::Expiry,
            "abandoned" => Self::Abandon,
            "dead_lettered" => Self::DeadLetter,
            _ => Self::Settle,
        })
    }

    /// The legend's words for `n` of them.
    pub fn counted(self, n: usize) -> String {
        let id = match self {
            Self::Send => "mark-sends",
            Self::Expiry => "mark-lock-expiries",
            Self::Abandon => "mark-abandons",
            Self::DeadLetter => "mark-dead-letter-moves",
            Self::Settle => "mark-settlements",
        };
        tf(id, &[("n", Arg::from(n))])
    }
}

/// A moment on the timeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marker {
    pub t_ms: u64,
    pub kind: MarkKind,
    pub id: String,
}

impl Marker {
    fn of(event: &Event, kind: MarkKind) -> Self {
        Self {
            t_ms: ms(event.at),
            kind,
            id: event.kind.id().map(ToString::to_string).unwrap_or_default(),
        }
    }
}

/// The whole story as far as it is known: a second run of the same script played ahead to
/// the scenario's end (or as far as the page has been), for the timeline's markers and for
/// stepping back. Deterministic, so it is what the page's own run does at each time.
#[derive(Clone, Debug)]
pub(super) struct Story {
    /// The run it is told from, as far as it has been told.
    pub(super) run: Run,
    /// The markers, each with the number of records before it.
    marks: Vec<(u64, Marker)>,
    /// Instants at which a step ran or the broker did something, with the records before.
    pub(super) busy: Vec<(u64, u64)>,
    /// The last telling stopped for its budget, maybe inside an instant: there is more to tell
    /// even where its clock has reached the target.
    paused: bool,
}

/// Takes note of record `n` of a story: a marker for what the timeline marks, the instant
/// if a step ran or the broker did something.
fn note(marks: &mut Vec<(u64, Marker)>, busy: &mut Vec<(u64, u64)>, n: &mut u64, r: &Record<'_>) {
    let t = match r {
        Record::Event { event, .. } => {
            if let Some(kind) = MarkKind::of(event.kind.name()) {
                marks.push((*n, Marker::of(event, kind)));
            }
            Some(ms(event.at))
        }
        Record::Step { step, .. } => Some(ms(step.at)),
        Record::Actor { .. } => None,
    };
    if let Some(t) = t
        && busy.last().is_none_or(|&(b, _)| b != t)
    {
        busy.push((t, *n));
    }
    *n += 1;
}

impl Story {
    pub(super) fn new(run: Run) -> Self {
        Self {
            run,
            marks: Vec::new(),
            busy: Vec::new(),
            paused: false,
        }
    }

    /// Plays the story on to `to`, producing at most about `max_records` records (at most a
    /// day further per call; bounded by the run's work budget).
    pub(super) fn extend(&mut self, to: Instant, max_records: u64) {
        let now = self.run.now();
        let to = to.min(now + Duration::from_millis(Policy::PAGE.max_jump_ms));
        let mut n = self.run.records();
        let (marks, busy) = (&mut self.marks, &mut self.busy);
        let progress = self
            .run
            .advance_until(to, max_records, &mut |_: &World, r: Record<'_>| {
                note(marks, busy, &mut n, &r);
            });
        self.paused = matches!(progress, Ok(Progress::Paused { .. }));
    }

    /// The history changed after `from` (a person acted): the story goes on from there.
    pub(super) fn fork(&mut self, from: &Run) {
        let n = from.records();
        self.marks.retain(|(r, _)| *r < n);
        self.busy.retain(|(r, _)| *r < n);
        self.run = from.clone();
        // `from` may have stopped inside an instant.
        self.paused = true;
    }

    pub(super) fn now(&self) -> Instant {
        self.run.now()
    }
}

impl Sim {
    /// Goes to virtual time `t`, back or forward: the page shows exactly what playing from
    /// zero to `t` shows (the person's recorded actions included), replayed from the nearest
    /// snapshot at or before `t`. No journeys are cued for what the seek skips over.
    pub fn seek(&mut self, t: Instant) {
        let _ = self.tl.seek_with(t, &mut self.page);
        self.page.cues.clear();
        self.page.generation += 1;
    }

    /// The latest instant before now at which a step ran or the broker did something.
    pub fn previous_moment(&self) -> Option<Instant> {
        let now = ms(self.now());
        let i = self.page.story.busy.partition_point(|&(t, _)| t < now);
        match i.checked_sub(1) {
            Some(i) => Some(Instant::from_millis(self.page.story.busy[i].0)),
            None => (now > 0).then_some(Instant::ZERO),
        }
    }

    /// Goes back to the previous moment something happened; false at the start.
    pub fn step_back(&mut self) -> bool {
        match self.previous_moment() {
            Some(t) => {
                self.seek(t);
                true
            }
            None => false,
        }
    }

    /// The timeline's markers, in time order, as far as the story is known.
    pub fn markers(&self) -> impl Iterator<Item = &Marker> {
        self.page.story.marks.iter().map(|(_, m)| m)
    }

    /// Counts changes of the markers.
    pub fn story_generation(&self) -> u64 {
        self.page.story_gen
    }

    /// How far the timeline reaches: the scenario's end or as far as the page has been.
    pub fn horizon(&self) -> Instant {
        self.page.story.now().max(self.now())
    }

    /// The person's steps not yet run (after going back).
    pub(super) fn person_left(&self) -> usize {
        let next = self.tl.run().next_step();
        self.tl.person().iter().filter(|&&i| i >= next).count()
    }

    /// How many of the person's recorded actions lie after now (acting now drops them).
    pub fn later_actions(&self) -> usize {
        let now = self.now();
        self.tl.recorded().iter().filter(|s| s.at > now).count()
    }
}

/// Moving on through the story: to the next event, the next lock expiry.
impl Sim {
    /// When the next thing happens on its own: a broker deadline, a script step or an actor's
    /// wake-up (an automated receiver's settlement, a sender's next send).
    pub fn next_event(&self) -> Option<Instant> {
        self.tl
            .run()
            .next_due()
            .filter(|_| self.stopped().is_none())
    }

    /// Jumps to the next thing that happens on its own; false when nothing is pending.
    pub fn step(&mut self) -> bool {
        match self.next_event() {
            Some(t) => {
                self.advance_to(t.max(self.now()));
                true
            }
            None => false,
        }
    }

    /// When the next held lock expires, if any is held.
    pub fn next_lock_expiry(&self) -> Option<Instant> {
        let space = self.tl.run().namespace();
        space
            .paths()
            .iter()
            .filter_map(|p| space.world(p)?.queue().next_lock_expiry())
            .min()
    }

    /// Jumps to the next lock expiry; false when no lock is held.
    pub fn jump_to_expiry(&mut self) -> bool {
        match self.next_lock_expiry() {
            Some(t) => {
                self.advance_to(t);
                true
            }
            None => false,
        }
    }
}

impl Page {
    /// Plays the timeline's story on toward where it should reach (the scenario's end, or as
    /// far as the page has been, `now`), at most about `max_records` records at a time: in a
    /// heavy run it catches up over several frames instead of stalling one.
    pub(super) fn follow_story(&mut self, now: Instant, max_records: u64) {
        self.story_target = self.story_target.max(now);
        if self.story.now() < self.story_target || self.story.paused {
            self.story.extend(self.story_target, max_records);
            self.story_gen += 1;
        }
    }
}
