//! Time passing in the page's model: the timeline advances (in slices under the page's work
//! budget) and the page, its observer, sees every record: the broker's events become stage
//! cues, highlights and who holds what, and are told as log lines.

use super::*;
use settle_core::namespace::Namespace;
use settle_i18n::{Arg, tf};

/// A log line with the virtual instant (ms) of what it tells, and whether it is an error.
type Told = (u64, String, bool);

/// A log line about one client or entity: its name, then `line`.
pub(super) fn named_line(name: &str, line: &str) -> String {
    tf(
        "log-named",
        &[("name", Arg::from(name)), ("line", Arg::from(line))],
    )
}

/// Narrates a batch of events instant by instant, each line stamped with its instant.
fn narrate_by_instant(w: &World, batch: &[Event], out: &mut Vec<(u64, String, bool)>) {
    for group in batch.chunk_by(|a, b| a.at == b.at) {
        let at = group.first().map_or(0, |e| ms(e.at));
        out.extend(narrate(w, group).into_iter().map(|l| (at, l, false)));
    }
}

/// The lines of a document with `entities`: each entity's events narrated together (between
/// its steps' and actions' own lines), each line naming its entity.
fn tell_by_entity(ns: &Namespace, items: &[(Text, Result<Event, Told>)], lines: &mut Vec<Told>) {
    for group in items.chunk_by(|a, b| a.0 == b.0 && a.1.is_ok() && b.1.is_ok()) {
        let entity = &group[0].0;
        let named = |l: String| {
            if entity.is_empty() {
                l
            } else {
                named_line(entity, &l)
            }
        };
        let mut batch = Vec::new();
        for (_, item) in group {
            match item {
                Ok(e) => batch.push(e.clone()),
                Err((at, l, e)) => lines.push((*at, named(l.clone()), *e)),
            }
        }
        if let Some(w) = ns.world(entity) {
            let mut told = Vec::new();
            narrate_by_instant(w, &batch, &mut told);
            lines.extend(told.into_iter().map(|(at, l, e)| (at, named(l), e)));
        }
    }
}

/// The log's line for a step: a refusal (a person's in the broker's words, a script's as the
/// script's error), or what a receive or peek found. A receive that found nothing is told too:
/// it has no event, and a lesson may be about it (a receiver that waits out another's lock).
fn step_line(
    step: &Step,
    r: &Result<Outcome, settle_core::Error>,
    person: bool,
) -> Option<(String, bool)> {
    let by = &step.by;
    match (&step.op, r) {
        (_, Err(e)) if person => Some((named_line(by, &crate::narrate::error_words(e)), true)),
        (_, Err(e)) => Some((
            tf(
                "log-script-error",
                &[
                    ("client", Arg::from(&**by)),
                    ("error", Arg::from(crate::narrate::error_words(e))),
                ],
            ),
            true,
        )),
        (Op::Receive { .. }, Ok(Outcome::Messages(ms))) if ms.is_empty() => Some((
            tf("log-nothing-available", &[("client", Arg::from(&**by))]),
            false,
        )),
        (Op::Peek { from, .. }, Ok(Outcome::Messages(ms))) => Some((
            tf(
                if *from == SubQueue::Main {
                    "log-peeked-queue"
                } else {
                    "log-peeked-dead-letter"
                },
                &[("client", Arg::from(&**by)), ("n", Arg::from(ms.len()))],
            ),
            false,
        )),
        _ => None,
    }
}

impl Live {
    /// A log line stamped with the virtual instant it happened at (not the frame's).
    pub(super) fn push_log_at(&mut self, t_ms: u64, text: String, error: bool) {
        self.log_n += 1;
        self.log.push_back(LogLine {
            n: self.log_n,
            t_ms,
            text,
            error,
        });
        while self.log.len() > LOG_CAP {
            self.log.pop_front();
        }
    }
}

impl Sim {
    pub(super) fn push_log(&mut self, text: String, error: bool) {
        let t = ms(self.now());
        self.tl.saved_mut().push_log_at(t, text, error);
    }

    /// Advances virtual time to `t` (at most a day in one call), running script steps and
    /// broker deadlines on the way, narrating what happened.
    pub fn advance_to(&mut self, t: Instant) {
        // Unbounded in records; a run over its work budget stops, and `stopped` says why.
        let _ = self.advance_slice(t, u64::MAX);
    }

    /// Advances toward `t` (at most a day ahead), producing at most about `max_records`
    /// records: `Ok(true)` when `t` was reached, `Ok(false)` when there is more to do (call
    /// again: the page slices long advances into short tasks), `Err` with the reason when the
    /// run's work budget ran out (the state so far is kept; nothing more runs). The timeline
    /// takes its snapshots on the way (`Policy::PAGE`).
    pub fn advance_slice(&mut self, t: Instant, max_records: u64) -> Result<bool, String> {
        match self.tl.advance(t, max_records, &mut self.page) {
            Ok(Progress::Reached) => Ok(true),
            Ok(Progress::Paused { .. }) => Ok(false),
            Err(e) => Err(e.to_string()),
        }
    }
}

/// What one chunk of the run produced, kept until the chunk ends.
#[derive(Default)]
pub(super) struct Chunk {
    /// One queue: the events since the last step or action, to narrate together.
    batch: Vec<Event>,
    /// With `entities`: events and lines of each entity, to narrate after the chunk.
    items: Vec<(Text, Result<Event, Told>)>,
    /// Each event, its client's name, its entity, whether it is a subscription's copy, and
    /// whether it is cued to the stage (not in a seek, nor before the person's new step).
    seen: Vec<(Event, String, Text, bool, bool)>,
    /// What each client did, for what its panel remembers.
    steps: Vec<(String, Op, Result<Outcome, settle_core::Error>)>,
    /// Each line with the virtual instant of what it tells.
    lines: Vec<Told>,
}

/// The page watches the run through the timeline: each record observed (who holds what, the
/// stage's cues) and told as log lines. One queue's events are told in batches between steps
/// and actions, against the world as it was then; a document with `entities` tells each
/// entity's events together, its lines naming the entity.
impl Observer for Page {
    type Saved = Live;

    fn record(&mut self, _: &mut Live, r: Rec<'_>, phase: &Phase) {
        let c = &mut self.chunk;
        let w = r.world;
        let entities = self.entities;
        if !matches!(r.record, Record::Event { .. }) && !entities {
            // Narrate what came before this step first, so the log keeps its order.
            narrate_by_instant(w, &c.batch, &mut c.lines);
            c.batch.clear();
        }
        match r.record {
            Record::Event { event, .. } => {
                let by = event.kind.by().map(|x| w.name(x).to_string());
                let entity = r.entity.cloned().unwrap_or_default();
                c.seen.push((
                    event.clone(),
                    by.unwrap_or_default(),
                    entity,
                    r.copy.is_some(),
                    phase.live(),
                ));
                match r.entity {
                    Some(e) => c.items.push((e.clone(), Ok(event.clone()))),
                    None => c.batch.push(event.clone()),
                }
            }
            Record::Actor { act } => {
                if let Some(l) = narrate_act(act) {
                    let e = matches!(act.result, Some(Err(_)));
                    match r.entity {
                        Some(x) => c.items.push((x.clone(), Err((ms(act.at), l, e)))),
                        None => c.lines.push((ms(w.queue().now()), l, e)),
                    }
                }
                c.steps.push((
                    act.by.to_string(),
                    act.op.clone(),
                    act.result.clone().unwrap_or(Ok(Outcome::Done)),
                ));
            }
            Record::Step {
                step,
                result: res,
                index,
            } => {
                let at = step.at.as_millis();
                let told = step_line(step, res, phase.is_person(index)).map(|(l, e)| (at, l, e));
                match told {
                    Some(x) if entities => {
                        let entity = step.entity.clone().unwrap_or_default();
                        c.items.push((entity, Err(x)));
                    }
                    Some(x) => c.lines.push(x),
                    None => {}
                }
                c.steps
                    .push((step.by.to_string(), step.op.clone(), res.clone()));
            }
        }
    }

    fn chunk_done(&mut self, live: &mut Live, run: &Run, phase: &Phase) {
        // The story keeps pace with the live run as it plays: as much work as this chunk did
        // (its surplus to catch up comes when a frame's target is reached).
        let work = run.passes().saturating_sub(self.story_paced);
        self.story_paced = run.passes();
        if !phase.seeking() && work > 0 {
            self.follow_story(run.now(), work);
        }
        let Chunk {
            batch,
            items,
            seen,
            steps,
            mut lines,
        } = core::mem::take(&mut self.chunk);
        let entities = run.has_entities();
        narrate_by_instant(run.world(), &batch, &mut lines);
        tell_by_entity(run.namespace(), &items, &mut lines);
        let paths = if entities {
            run.namespace().paths()
        } else {
            Vec::new()
        };
        let index = |path: &str| paths.iter().position(|p| &**p == path).unwrap_or(0);
        let dropped = live.dropped.len();
        let mut changed = !seen.is_empty() || !steps.is_empty();
        for (e, by, entity, copy, cue) in seen {
            if !entities {
                self.observe(live, &e, by, MsgKey::queue, cue);
                continue;
            }
            let i = index(&entity);
            if let settle_core::EventKind::Published {
                seq,
                id,
                subscriptions,
            } = &e.kind
                && subscriptions.is_empty()
            {
                live.dropped.push((e.at, entity.clone(), *seq, id.clone()));
            }
            match &e.kind {
                // A copy travels from its sender through its topic (`by` names the sender).
                settle_core::EventKind::Enqueued { seq, .. } if copy => {
                    let seq = MsgKey::in_entity(i, *seq);
                    live.touched.insert(seq, e.at);
                    let topic = index(settle_core::namespace::topic_of(&entity));
                    let topic = u16::try_from(topic).unwrap_or(u16::MAX);
                    let sender = self.sender_slot(&by);
                    self.cue(Cue::Routed { seq, topic, sender }, cue);
                }
                _ => self.observe(live, &e, by, |seq| MsgKey::in_entity(i, seq), cue),
            }
        }
        let now = run.now();
        live.touched
            .retain(|_, at| now.saturating_since(*at).as_millis() < RECENT_MS);
        live.dropped
            .retain(|(at, ..)| now.saturating_since(*at).as_millis() < RECENT_MS);
        // A dropped message leaving the topic changes the stage with no event.
        changed |= live.dropped.len() != dropped;
        for (at, l, e) in lines {
            live.push_log_at(at, l, e);
        }
        if changed {
            self.generation += 1;
        }
        for (by, op, result) in steps {
            self.track(live, &by, &op, result.as_ref().ok());
        }
    }

    fn reached(&mut self, _: &mut Live, run: &Run) {
        self.follow_story(run.now(), STORY_SLICE);
    }

    /// Rule 3 gives a client's unaddressed steps (settlement, close) its receive entity. A
    /// client the scenario names none for gets one from the person's steps: its other steps
    /// (the scenario's and the person's) address it too, as the exported document will say.
    /// When that changes (an entity chosen, or dropped by a fork), the page replays from the
    /// start.
    fn rescript(
        &mut self,
        recorded: &[Step],
        merged: Rc<[Step]>,
        now: Instant,
    ) -> (Rc<[Step]>, Instant) {
        let inferred = self.inferred_entities(recorded);
        let steps = readdress(merged, &inferred);
        let from = if inferred == self.inferred {
            now
        } else {
            Instant::ZERO
        };
        self.inferred = inferred;
        (steps, from)
    }

    fn forked(&mut self, run: &Run, _: &Live, _: &Rc<[Step]>, _: Instant) {
        self.story.fork(run);
    }
}

fn event_seq(e: &Event) -> Option<u64> {
    use settle_core::EventKind as K;
    match &e.kind {
        K::Enqueued { seq, .. }
        | K::Activated { seq, .. }
        | K::Locked { seq, .. }
        | K::LockExpired { seq, .. }
        | K::LockLost { seq, .. }
        | K::Abandoned { seq, .. }
        | K::Deferred { seq, .. }
        | K::DeadLettered { seq, .. } => Some(*seq),
        _ => None,
    }
}

impl Page {
    /// The stage's slot of sender `by`, if it is on the stage.
    pub(super) fn sender_slot(&self, by: &str) -> Option<u16> {
        self.senders
            .iter()
            .position(|s| s == by)
            .map(|i| u16::try_from(i).unwrap_or(u16::MAX))
    }

    /// Takes note of one broker event: the highlight, the stage's cues, links that ended;
    /// with the client's name (`by`) and the stage's number for each sequence number (`key`:
    /// a document with `entities` numbers apart).
    pub(super) fn observe(
        &mut self,
        live: &mut Live,
        e: &Event,
        by: String,
        key: impl Fn(u64) -> MsgKey,
        cue_it: bool,
    ) {
        use settle_core::EventKind as K;
        if let Some(seq) = event_seq(e) {
            live.touched.insert(key(seq), e.at);
        }
        let cue = match &e.kind {
            K::Enqueued { seq, .. } => self.sender_slot(&by).map(|sender| Cue::Sent {
                seq: key(*seq),
                sender,
            }),
            K::Activated {
                seq, scheduled_seq, ..
            } => Some(Cue::Renumbered {
                from: key(*scheduled_seq),
                to: key(*seq),
            }),
            K::LockExpired { seq, .. } => Some(Cue::LockBroke { seq: key(*seq) }),
            K::Completed { seq, .. } => Some(Cue::Left {
                seq: key(*seq),
                how: Exit::Completed,
            }),
            K::Expired { seq, .. } => Some(Cue::Left {
                seq: key(*seq),
                how: Exit::Expired,
            }),
            K::Cancelled { seq, .. } => Some(Cue::Left {
                seq: key(*seq),
                how: Exit::Cancelled,
            }),
            K::ReceivedAndDeleted { seq, .. } => Some(Cue::Left {
                seq: key(*seq),
                how: Exit::Done,
            }),
            K::Locked { .. } => {
                live.links.remove(&by);
                None
            }
            K::LinkClosed { cause, .. } => {
                let link = if *cause == settle_core::LockLossCause::Closed {
                    Link::Closed
                } else {
                    Link::Crashed
                };
                live.links.insert(by, link);
                None
            }
            _ => None,
        };
        if let Some(c) = cue {
            self.cue(c, cue_it);
        }
    }

    /// Tells the stage `c` (when `cue_it`).
    pub(super) fn cue(&mut self, c: Cue, cue_it: bool) {
        if cue_it {
            // Bounded: a stage that never looks (a hidden tab) keeps only the latest.
            if self.cues.len() >= 4_096 {
                self.cues.drain(..2_048);
            }
            self.cues.push(c);
        }
    }
}
