//! The page's context: the model and everything the views read, shared by every component,
//! and what a person's commands do to it.

use crate::parts::Parts;
use leptos::prelude::*;
use settle_core::Instant;
use settle_i18n::{Arg, tf};
use settle_player::page::{LOAD_SLICE_MS, Mode, advance_within, real_now_ms};
use settle_player::sim::Command;
use settle_player::sim::{self, Sim, Snapshot};
use settle_player::{crash, lesson};

/// What every component reaches through context: the read-only snapshot and a few handles.
/// The simulation itself is only touched through [`Ctx::act`].
#[derive(Clone, Copy)]
pub struct Ctx {
    pub(crate) sim: StoredValue<Sim, LocalStorage>,
    /// The published snapshot, without the parts in [`Ctx::parts`] (their fields are empty
    /// here: read them there).
    pub snap: RwSignal<Snapshot>,
    /// The parts of the snapshot that drive most of the page's views, each published only when
    /// it changed.
    pub parts: Parts,
    pub running: RwSignal<bool>,
    pub speed: RwSignal<f64>,
    /// A notice over the board: (text, is_error).
    pub notice: RwSignal<Option<(String, bool)>>,
    /// Real milliseconds the clock has been running.
    pub real_ms: RwSignal<f64>,
    /// Full page or embed.
    pub mode: Mode,
    /// The loaded scenario as a lesson: captions, pauses, summary (see [`lesson`]).
    pub lesson: RwSignal<lesson::State>,
    /// Where the notice shows: next to the area whose action it is about (`"top"`: the page).
    pub notice_area: RwSignal<&'static str>,
    /// Virtual now (ms) for the clock's readout (its face, or its text where no worker paints
    /// the face: `ui::face`), the timeline's cursor and the captions: at most
    /// [`cadence::CLOCK_MS`] apart while the clock runs (each change restyles and lays out part
    /// of the page), exactly whenever it stands still or a snapshot is published.
    pub now_ms: RwSignal<u64>,
    /// A worker paints the clock's face (`ui::face`): while the clock runs, the face shows
    /// the readouts and the page's text of them follows the publications only
    /// ([`Ctx::face_shows`]).
    pub face_ready: RwSignal<bool>,
    /// Whether a person changed the loaded scenario (a command other than selecting a
    /// message): the scenario picker then names it "Your own scenario". A newly loaded or
    /// restarted one is not.
    pub edited: RwSignal<bool>,
    /// Presenter mode: the stage fills the window, the controls are an overlay.
    pub presenter: RwSignal<bool>,
    /// A long advance in progress (opening a link or `?start=` far ahead): (from, target)
    /// virtual ms. The frame loop works toward it in short slices; Cancel stops it there.
    pub pending: RwSignal<Option<(u64, u64)>>,
    /// The stage's canvas and animation, touched only by the frame loop and clicks.
    pub(crate) stage: StoredValue<settle_player::paint::StageState, LocalStorage>,
    /// Side by side (`?compare=NAME`): the other variants, on the same clock, watch only.
    pub(crate) twins: StoredValue<Vec<Twin>, LocalStorage>,
    /// What the page shows of each other variant, refreshed with the snapshot.
    pub twin_views: RwSignal<Vec<TwinView>>,
    /// When the snapshot was last published (real ms), at which simulation generation and
    /// virtual ms, and what publishing it cost (real ms).
    pub(crate) published: StoredValue<(f64, u64, u64, f64)>,
}

/// Another variant of a comparison, on its own stage, following the page's clock.
pub struct Twin {
    /// Its key in the comparison (`b`, `c`, …).
    pub key: &'static str,
    /// Its label.
    pub label: String,
    pub(crate) sim: Sim,
    pub(crate) stage: settle_player::paint::StageState,
}

/// What the page shows of a twin: its label and its messages as text (the stage's mirror).
#[derive(Clone, Debug, PartialEq)]
pub struct TwinView {
    pub key: &'static str,
    pub label: String,
    /// "order-1: locked by R1" per message.
    pub messages: Vec<String>,
    /// How far its story reaches (virtual ms), and its moments, each named with its side.
    pub horizon_ms: u64,
    pub markers: Vec<sim::Marker>,
}

impl TwinView {
    pub(crate) fn of(t: &Twin) -> Self {
        let s = t.sim.snapshot();
        let mut messages = Vec::new();
        // Each lane's message, and its message for one a receiver holds.
        for (lane, place, held) in [
            (&s.available, "twin-available", "twin-available-by"),
            (&s.locked, "twin-locked", "twin-locked-by"),
            (&s.deferred, "twin-deferred", "twin-deferred-by"),
            (&s.scheduled, "twin-scheduled", "twin-scheduled-by"),
            (&s.dead_letter, "twin-dead-letter", "twin-dead-letter-by"),
        ] {
            for r in &lane.rows {
                let mut args = vec![
                    ("id", Arg::from(r.id.as_str())),
                    ("count", Arg::from(r.delivery_count)),
                ];
                let id = match &r.holder {
                    Some(h) => {
                        args.push(("holder", Arg::from(h.as_str())));
                        held
                    }
                    None => place,
                };
                messages.push(tf(id, &args));
            }
        }
        Self {
            key: t.key,
            label: t.label.clone(),
            messages,
            horizon_ms: t.sim.horizon().as_millis(),
            markers: t
                .sim
                .markers()
                .map(|m| sim::Marker {
                    id: format!("{} ({})", m.id, t.label),
                    ..m.clone()
                })
                .collect(),
        }
    }
}

impl Ctx {
    /// Runs `f` on the page's simulation and on every twin's (side by side).
    pub(crate) fn each_sim<T>(self, mut f: impl FnMut(&mut Sim) -> T) -> Vec<T> {
        let mut out = Vec::new();
        self.sim.update_value(|s| out.push(f(s)));
        self.twins
            .update_value(|v| out.extend(v.iter_mut().map(|t| f(&mut t.sim))));
        out
    }

    /// Goes to virtual time `t` (ms), back or forward, on every stage: the state of playing
    /// there (time travel). No journeys play for what was skipped.
    pub fn seek(self, t: u64) {
        self.each_sim(|s| {
            s.seek(Instant::from_millis(t));
            s.bump();
        });
        self.stage
            .update_value(settle_player::paint::StageState::replaced);
        self.twins
            .update_value(|v| v.iter_mut().for_each(|t| t.stage.replaced()));
        self.refresh();
        self.keep_for_crash();
    }

    /// Steps every stage to the next thing that happens on its own on any of them; false when
    /// nothing is pending.
    pub fn step(self) -> bool {
        // Where a link stopped in the middle of an instant's work, that work comes first: done
        // within one slice here, Step goes on to the next event; else (a million sends at once)
        // the frames go on with it, as with any way too long for one task.
        if let Some(now) = self.read(Sim::behind)
            && let Err(why) =
                self.advance_within(Instant::from_millis(now), real_now_ms() + LOAD_SLICE_MS)
        {
            self.stopped(why);
            return false;
        }
        self.advance_all_to_first(Sim::next_event)
    }

    /// Jumps every stage to the next lock expiry on any of them; false when no lock is held.
    pub fn jump_to_expiry(self) -> bool {
        self.advance_all_to_first(Sim::next_lock_expiry)
    }

    /// Advances every stage to the earliest `next` of any of them; false when none has one.
    fn advance_all_to_first(self, next: fn(&Sim) -> Option<Instant>) -> bool {
        let first = self.each_sim(|s| next(s)).into_iter().flatten().min();
        let Some(t) = first else { return false };
        self.go_to(t.as_millis());
        self.act(|_| {});
        true
    }

    /// Goes forward to `t` (virtual ms) on every stage: as far as one slice reaches in this
    /// task, the rest in the frames that follow, the way shown with Stop here (`pending`). So
    /// no instant's work (a million sends at once) holds the page in one task.
    pub fn go_to(self, t: u64) {
        let from = self.read(Sim::now).as_millis();
        if t <= from {
            // Only the present instant's work is left, if any (a million sends at once): it
            // starts in the frames, as a slice of it here would change nothing shown.
            self.pending
                .set(self.read(Sim::behind).map(|now| (now, now)));
            return;
        }
        self.pending.set(Some((from, t)));
        match self.advance_within(Instant::from_millis(t), real_now_ms() + LOAD_SLICE_MS) {
            Ok(true) => self.pending.set(None),
            Ok(false) => {}
            Err(why) => self.stopped(why),
        }
    }

    /// Advances the page's simulation toward `t` until `deadline` (real ms), the other sides of
    /// a comparison following its clock exactly: `Ok(true)` when reached; an error is the run
    /// over its work budget, in words.
    pub(crate) fn advance_within(self, t: Instant, deadline: f64) -> Result<bool, String> {
        let done = self
            .sim
            .try_update_value(|s| advance_within(s, t, deadline))
            .unwrap_or(Ok(true));
        let now = self.read(Sim::now);
        self.twins.update_value(|v| {
            for tw in v {
                tw.sim.advance_to(now);
            }
        });
        done
    }

    /// The run stopped over its work budget: the clock stops, the way to a position ends, and
    /// the page says why.
    pub(crate) fn stopped(self, why: String) {
        self.running.set(false);
        self.pending.set(None);
        self.notice.set(Some((why, true)));
        self.refresh();
    }

    /// Goes back to the previous moment anything happened on any stage; false at 0 s.
    pub fn step_back(self) -> bool {
        let prev = self
            .each_sim(|s| s.previous_moment())
            .into_iter()
            .flatten()
            .max();
        match prev {
            Some(t) => {
                self.seek(t.as_millis());
                true
            }
            None => false,
        }
    }

    /// The same scenarios again from 0 s (what the person did is dropped).
    pub fn restart(self) {
        let fresh = self.read(Sim::restart);
        let twins: Vec<(&'static str, String, Sim)> = self.twins.with_value(|v| {
            v.iter()
                .map(|t| (t.key, t.label.clone(), t.sim.restart()))
                .collect()
        });
        self.replace(fresh);
        self.set_twins(twins);
    }

    /// Puts the other variants of a comparison beside the page's stage (none: one stage).
    pub fn set_twins(self, twins: Vec<(&'static str, String, Sim)>) {
        let now = self.read(Sim::now);
        self.twins.set_value(
            twins
                .into_iter()
                .map(|(key, label, mut sim)| {
                    sim.seek(now);
                    Twin {
                        key,
                        label,
                        sim,
                        stage: settle_player::paint::StageState::default(),
                    }
                })
                .collect(),
        );
        self.refresh();
    }

    /// Applies a person's command to the simulation, then publishes a new snapshot. What the
    /// broker answers shows on the client that acted.
    pub fn command(self, command: Command) {
        // Only a settings change is refused as an error, and its form asks `command_result`.
        let _ = self.command_result(command);
    }

    /// [`Self::command`], with the refusal of a settings change.
    ///
    /// # Errors
    /// What [`Sim::apply`] refuses.
    pub fn command_result(self, command: Command) -> Result<(), String> {
        let edits = !matches!(command, Command::Select(_));
        let mut result = Ok(());
        self.act(|s| result = s.apply(command));
        if edits && result.is_ok() && !self.edited.get_untracked() {
            self.edited.set(true);
        }
        result
    }

    /// Runs a change on the simulation, then publishes a new snapshot.
    pub(crate) fn act(self, f: impl FnOnce(&mut Sim)) {
        self.sim.update_value(|s| {
            f(s);
            s.bump();
        });
        self.refresh();
        self.keep_for_crash();
    }

    /// What the notice after an internal error offers (see [`crash`]).
    pub(crate) fn keep_for_crash(self) {
        crash::remember(self.sim.with_value(Sim::export));
        crash::at(self.sim.with_value(|s| s.now().as_millis()));
    }

    /// Whether the clock's face shows the readouts now (the clock runs and a worker paints
    /// the face); tracked.
    pub fn face_shows(self) -> bool {
        self.running.get() && self.face_ready.get()
    }

    /// Reads the simulation.
    pub fn read<T>(self, f: impl FnOnce(&Sim) -> T) -> T {
        self.sim.with_value(f)
    }

    /// Shows a notice next to `area` (where the action that caused it is).
    pub fn tell(self, area: &'static str, text: impl Into<String>, error: bool) {
        self.notice_area.set(area);
        self.notice.set(Some((text.into(), error)));
    }

    /// Publishes a new snapshot to the page's reactive views now.
    pub fn refresh(self) {
        let start = real_now_ms();
        let (mut snap, generation, now) = self
            .sim
            .with_value(|s| (s.snapshot(), s.generation(), s.now().as_millis()));
        self.now_ms.set(now);
        let shown = snap.now_ms;
        self.parts.publish(&mut snap, !self.running.get_untracked());
        self.snap.set(snap);
        // The receivers' lock bars follow it outside Leptos (bars built by this publication
        // start from its time too); while the clock runs, those on screen.
        settle_player::paint::paint_locks(shown, !self.running.get_untracked());
        let twins: Vec<TwinView> = self
            .twins
            .with_value(|v| v.iter().map(TwinView::of).collect());
        if self.twin_views.with_untracked(|v| *v != twins) {
            self.twin_views.set(twins);
        }
        let end = real_now_ms();
        self.published
            .set_value((end, generation, now, end - start));
    }

    /// Replaces the whole simulation (a loaded scenario or link). Its lesson is resolved
    /// and its speed becomes the clock's.
    pub fn replace(self, sim: Sim) {
        let mut lesson = lesson::State::of(sim.scenario());
        (lesson.pauses, lesson.source) =
            self.lesson.with_untracked(|l| (l.pauses, l.source.clone()));
        if let Some(speed) = lesson.speed() {
            self.speed.set(speed);
        }
        self.lesson.set(lesson);
        if self.edited.get_untracked() {
            self.edited.set(false);
        }
        // A document whose first instant is more work than a load runs goes on with it in the
        // frames that follow (`Sim::behind`); any other way there was is left.
        self.pending.set(sim.behind().map(|now| (now, now)));
        self.sim.set_value(sim);
        self.twins.set_value(Vec::new());
        self.stage
            .update_value(settle_player::paint::StageState::replaced);
        self.refresh();
        self.keep_for_crash();
    }
}
