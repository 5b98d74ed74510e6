//! What a stage plays: the simulation (the playground, `settle-view`) or a film of it
//! (`settle-film`, which links no simulation: the viewer holds it as `dyn Played`, so each
//! binary keeps only the implementation it makes). The clock loop ([`crate::clock`]) advances
//! it, the stage ([`crate::paint::canvas`]) draws it, the viewer's buttons move it.

use crate::film::Player;
use crate::page::advance_within;
use crate::sim::{Lane, Sim};
use crate::stage::model::{Cue, Model, MsgKey};
use settle_core::Instant;

/// One thing played, seen by the stage, the clock and the viewer.
pub trait Played {
    /// Counts changes (a new one means a new model to take).
    fn generation(&self) -> u64;
    fn now(&self) -> Instant;
    fn selected(&self) -> Option<MsgKey>;
    /// The journeys since the last take.
    fn take_cues(&mut self) -> Vec<Cue>;
    fn stage_model(&self) -> Model;
    /// Goes on toward `t` until `deadline` (real ms); `Ok(true)` when reached.
    fn advance(&mut self, t: Instant, deadline: f64) -> Result<bool, String>;
    fn seek(&mut self, t: Instant);
    fn bump(&mut self);
    fn select(&mut self, key: Option<MsgKey>);
    fn next_event(&self) -> Option<Instant>;
    fn next_lock_expiry(&self) -> Option<Instant>;
    fn previous_moment(&self) -> Option<Instant>;
    /// From time zero again.
    fn restart(&mut self);
    /// The scenario, as a share link carries it.
    fn export(&self) -> String;
    /// What the viewer's text shows now.
    fn seen(&self) -> Seen;
    /// The title, the description and the queue's settings in words.
    fn titles(&self) -> [String; 3];
}

/// What the viewer's text shows of the run now.
pub struct Seen {
    /// Available, locked, deferred, scheduled, dead-letter.
    pub lanes: [Lane; 5],
    pub said: String,
    pub previous_ms: Option<u64>,
    pub next_event_ms: Option<u64>,
    pub next_expiry_ms: Option<u64>,
}

impl Played for Sim {
    fn generation(&self) -> u64 {
        Self::generation(self)
    }
    fn now(&self) -> Instant {
        Self::now(self)
    }
    fn selected(&self) -> Option<MsgKey> {
        Self::selected(self)
    }
    fn take_cues(&mut self) -> Vec<Cue> {
        Self::take_cues(self)
    }
    fn stage_model(&self) -> Model {
        Self::stage_model(self)
    }
    fn advance(&mut self, t: Instant, deadline: f64) -> Result<bool, String> {
        advance_within(self, t, deadline)
    }
    fn seek(&mut self, t: Instant) {
        Self::seek(self, t);
    }
    fn bump(&mut self) {
        Self::bump(self);
    }
    fn select(&mut self, key: Option<MsgKey>) {
        Self::select(self, key);
    }
    fn next_event(&self) -> Option<Instant> {
        Self::next_event(self)
    }
    fn next_lock_expiry(&self) -> Option<Instant> {
        Self::next_lock_expiry(self)
    }
    fn previous_moment(&self) -> Option<Instant> {
        Self::previous_moment(self)
    }
    fn restart(&mut self) {
        *self = Self::restart(self);
    }
    fn export(&self) -> String {
        Self::export(self)
    }
    fn seen(&self) -> Seen {
        let snap = self.snapshot();
        Seen {
            said: snap.log.first().map(|l| l.text.clone()).unwrap_or_default(),
            lanes: [
                snap.available,
                snap.locked,
                snap.deferred,
                snap.scheduled,
                snap.dead_letter,
            ],
            previous_ms: snap.previous_ms,
            next_event_ms: snap.next_event_ms,
            next_expiry_ms: snap.next_expiry_ms,
        }
    }
    fn titles(&self) -> [String; 3] {
        let snap = self.snapshot();
        [snap.title, snap.description, snap.config_summary]
    }
}

impl Played for Player {
    fn generation(&self) -> u64 {
        Self::generation(self)
    }
    fn now(&self) -> Instant {
        Self::now(self)
    }
    fn selected(&self) -> Option<MsgKey> {
        Self::selected(self)
    }
    fn take_cues(&mut self) -> Vec<Cue> {
        Self::take_cues(self)
    }
    fn stage_model(&self) -> Model {
        Self::stage_model(self)
    }
    fn advance(&mut self, t: Instant, _: f64) -> Result<bool, String> {
        Self::advance_to(self, t);
        Ok(true)
    }
    fn seek(&mut self, t: Instant) {
        Self::seek(self, t);
    }
    fn bump(&mut self) {
        Self::bump(self);
    }
    fn select(&mut self, key: Option<MsgKey>) {
        Self::select(self, key);
    }
    fn next_event(&self) -> Option<Instant> {
        Self::next_event(self)
    }
    fn next_lock_expiry(&self) -> Option<Instant> {
        Self::next_lock_expiry(self)
    }
    fn previous_moment(&self) -> Option<Instant> {
        Self::previous_moment(self)
    }
    fn restart(&mut self) {
        // Counting on from here, as after any change.
        let generation = self.generation() + 1;
        *self = Self::new(self.shared());
        self.set_generation(generation);
    }
    fn export(&self) -> String {
        self.film().export.clone()
    }
    fn seen(&self) -> Seen {
        Seen {
            lanes: self.lanes(),
            said: self.said(),
            previous_ms: Self::previous_moment(self).map(Instant::as_millis),
            next_event_ms: Self::next_event(self).map(Instant::as_millis),
            next_expiry_ms: Self::next_lock_expiry(self).map(Instant::as_millis),
        }
    }
    fn titles(&self) -> [String; 3] {
        let f = self.film();
        [
            f.title.clone(),
            f.description.clone(),
            f.config_summary.clone(),
        ]
    }
}
