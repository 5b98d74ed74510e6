//! Time passing in the page's model: the run advances (in slices under the page's work
//! budget), its events are observed (stage cues, who holds what) and told as log lines.

use super::*;

/// A log line with the virtual instant (ms) of what it tells, and whether it is an error.
type Told = (u64, String, bool);

/// Narrates a batch of events instant by instant, each line stamped with its instant.
fn narrate_by_instant(w: &World, batch: &[Event], out: &mut Vec<(u64, String, bool)>) {
    for group in batch.chunk_by(|a, b| a.at == b.at) {
        let at = group.first().map_or(0, |e| ms(e.at));
        out.extend(narrate(w, group).into_iter().map(|l| (at, l, false)));
    }
}

/// The log's line for a person's step: a refusal, or what a receive or peek found.
fn person_line(step: &Step, r: &Result<Outcome, settle_core::Error>) -> Option<(String, bool)> {
    let by = &step.by;
    match (&step.op, r) {
        (_, Err(e)) => Some((format!("{by}: {}: {}", e.kind.name(), e.message), true)),
        (Op::Receive { .. }, Ok(Outcome::Messages(ms))) if ms.is_empty() => Some((
            format!("{by} asked for a message: nothing was available."),
            false,
        )),
        (Op::Peek { from, .. }, Ok(Outcome::Messages(ms))) => Some((
            format!(
                "{by} peeked {} message(s) from the {}: nothing was locked or counted.",
                ms.len(),
                if *from == SubQueue::Main {
                    "queue"
                } else {
                    "dead-letter queue"
                }
            ),
            false,
        )),
        _ => None,
    }
}

impl Sim {
    pub(super) fn push_log(&mut self, text: String, error: bool) {
        self.push_log_at(ms(self.now()), text, error);
    }

    /// A log line stamped with the virtual instant it happened at (not the frame's).
    fn push_log_at(&mut self, t_ms: u64, text: String, error: bool) {
        self.live.log_n += 1;
        self.live.log.push_back(LogLine {
            n: self.live.log_n,
            t_ms,
            text,
            error,
        });
        while self.live.log.len() > LOG_CAP {
            self.live.log.pop_front();
        }
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
    /// run's work budget ran out (the state so far is kept; nothing more runs). Takes the
    /// time-travel snapshots on the way.
    pub fn advance_slice(&mut self, t: Instant, max_records: u64) -> Result<bool, String> {
        let t = t.min(self.now() + Duration::from_millis(MAX_JUMP_MS));
        let mut left = max_records;
        loop {
            let before = self.live.run.records();
            let r = self.advance_chunk(t, left.min(EVERY_RECORDS));
            let n = self.live.run.records() - before;
            // A snapshot costs a copy of the live state: in a crowded queue they are taken
            // further apart (at least twice as many records as messages held), so that
            // snapshotting never costs more than replaying. A quiet stretch (EVERY_MS of
            // virtual time) takes one too, where a copy is cheap (no more messages held than
            // EVERY_RECORDS / 2); not in a crowded queue, where replaying costs by the
            // records, whatever time they span: at 100× with 10,000 messages held, one a
            // minute of virtual time was a copy of them all every 0.6–0.8 s of real time, each
            // a long frame.
            self.since_note += n;
            let due = EVERY_RECORDS.max(2 * self.live.run.world().queue().len() as u64);
            let quiet =
                due == EVERY_RECORDS && ms(self.now()).saturating_sub(self.noted_at) >= EVERY_MS;
            if self.since_note >= due || quiet {
                let live = &self.live;
                let before = self.history.len();
                self.history
                    .note(self.now(), self.since_note, || live.clone());
                self.since_note = 0;
                if self.history.len() != before {
                    self.noted_at = ms(self.now());
                }
            }
            left = left.saturating_sub(n.max(1));
            match r {
                Ok(true) => {
                    self.follow_story(STORY_SLICE);
                    return Ok(true);
                }
                Ok(false) if left > 0 => {}
                other => return other,
            }
        }
    }

    /// One chunk of the run toward `t`: each record observed (who holds what, the stage's
    /// cues) and told as log lines. One queue's events are told in batches between steps and
    /// actions, against the world as it was then; a document with `entities` tells each
    /// entity's events together, its lines naming the entity.
    fn advance_chunk(&mut self, t: Instant, max_records: u64) -> Result<bool, String> {
        let entities = self.has_entities();
        // One queue: the events since the last step or action, to narrate together.
        let mut batch: Vec<Event> = Vec::new();
        // With `entities`: events and lines of each entity, to narrate after the chunk.
        let mut items: Vec<(Text, Result<Event, Told>)> = Vec::new();
        // Each event, its client's name, its entity, whether it is a subscription's copy, and
        // whether it is cued to the stage (not in a seek, nor before the person's new step).
        let mut seen: Vec<(Event, String, Text, bool, bool)> = Vec::new();
        let mut steps: Vec<(String, Op, Result<Outcome, settle_core::Error>)> = Vec::new();
        // Each line with the virtual instant of what it tells.
        let mut lines: Vec<Told> = Vec::new();
        let person = &self.person;
        let (quiet_until, quiet_all) = (&mut self.quiet_until, self.quiet_all);
        let result = &mut self.result;
        let progress = self
            .live
            .run
            .advance_records(t, max_records, false, &mut |r: Rec<'_>| {
                let w = r.world;
                if !matches!(r.record, Record::Event { .. }) && !entities {
                    // Narrate what came before this step first, so the log keeps its order.
                    narrate_by_instant(w, &batch, &mut lines);
                    batch.clear();
                }
                match r.record {
                    Record::Event { event, .. } => {
                        let cue = !quiet_all && quiet_until.is_none();
                        let by = event.kind.by().map(|c| w.name(c).to_string());
                        let entity = r.entity.cloned().unwrap_or_default();
                        seen.push((
                            event.clone(),
                            by.unwrap_or_default(),
                            entity,
                            r.copy.is_some(),
                            cue,
                        ));
                        match r.entity {
                            Some(e) => items.push((e.clone(), Ok(event.clone()))),
                            None => batch.push(event.clone()),
                        }
                    }
                    Record::Actor { act } => {
                        if let Some(l) = narrate_act(act) {
                            let e = matches!(act.result, Some(Err(_)));
                            match r.entity {
                                Some(x) => items.push((x.clone(), Err((ms(act.at), l, e)))),
                                None => lines.push((ms(w.queue().now()), l, e)),
                            }
                        }
                        steps.push((
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
                        let told = if person.binary_search(&index).is_ok() {
                            person_line(step, res).map(|(l, e)| (at, l, e))
                        } else {
                            res.as_ref()
                                .err()
                                .map(|e| (at, format!("{} (script): {e}", step.by), true))
                        };
                        match told {
                            Some(x) if entities => {
                                let entity = step.entity.clone().unwrap_or_default();
                                items.push((entity, Err(x)));
                            }
                            Some(x) => lines.push(x),
                            None => {}
                        }
                        if *quiet_until == Some(index) {
                            *quiet_until = None;
                            *result = Some(res.clone());
                        }
                        steps.push((step.by.to_string(), step.op.clone(), res.clone()));
                    }
                }
            });
        let run = &self.live.run;
        narrate_by_instant(run.world(), &batch, &mut lines);
        for group in items.chunk_by(|a, b| a.0 == b.0 && a.1.is_ok() && b.1.is_ok()) {
            let entity = &group[0].0;
            let named = |l: String| {
                if entity.is_empty() {
                    l
                } else {
                    format!("{entity}: {l}")
                }
            };
            let mut batch = Vec::new();
            for (_, item) in group {
                match item {
                    Ok(e) => batch.push(e.clone()),
                    Err((at, l, e)) => lines.push((*at, named(l.clone()), *e)),
                }
            }
            if let Some(w) = run.namespace().world(entity) {
                let mut told = Vec::new();
                narrate_by_instant(w, &batch, &mut told);
                lines.extend(told.into_iter().map(|(at, l, e)| (at, named(l), e)));
            }
        }
        let paths = if entities {
            run.namespace().paths()
        } else {
            Vec::new()
        };
        let index = |path: &str| paths.iter().position(|p| &**p == path).unwrap_or(0);
        let dropped = self.live.dropped.len();
        let mut changed = !seen.is_empty() || !steps.is_empty();
        for (e, by, entity, copy, cue) in seen {
            if !entities {
                self.observe(&e, by, MsgKey::queue, cue);
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
                self.live
                    .dropped
                    .push((e.at, entity.clone(), *seq, id.clone()));
            }
            match &e.kind {
                // A copy travels from its sender through its topic (`by` names the sender).
                settle_core::EventKind::Enqueued { seq, .. } if copy => {
                    let seq = MsgKey::in_entity(i, *seq);
                    self.live.touched.insert(seq, e.at);
                    let topic = index(settle_core::namespace::topic_of(&entity));
                    let topic = u16::try_from(topic).unwrap_or(u16::MAX);
                    let sender = self.sender_slot(&by);
                    self.cue(Cue::Routed { seq, topic, sender }, cue);
                }
                _ => self.observe(&e, by, |seq| MsgKey::in_entity(i, seq), cue),
            }
        }
        let now = self.now();
        self.live
            .touched
            .retain(|_, at| now.saturating_since(*at).as_millis() < RECENT_MS);
        self.live
            .dropped
            .retain(|(at, ..)| now.saturating_since(*at).as_millis() < RECENT_MS);
        // A dropped message leaving the topic changes the stage with no event.
        changed |= self.live.dropped.len() != dropped;
        for (at, l, e) in lines {
            self.push_log_at(at, l, e);
        }
        if changed {
            self.generation += 1;
        }
        for (by, op, result) in steps {
            self.track(&by, &op, result.as_ref().ok());
        }
        match progress {
            Ok(Progress::Reached) => Ok(true),
            Ok(Progress::Paused { .. }) => Ok(false),
            Err(e) => Err(e.to_string()),
        }
    }
}
