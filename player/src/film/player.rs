//! Playing a film: the [`Player`] keeps the clock and the frame shown, and answers what the
//! viewer asks of the simulation.

use super::format::{Film, Frame};
use super::reel::Reel;
use crate::sim::Lane;
use crate::stage::model::{Cue, Model, MsgKey};
use settle_core::Instant;
use std::rc::Rc;

/// A film being played: the clock, the frame it shows and what the stage has not taken yet.
pub struct Player {
    reel: Rc<Reel>,
    now: u64,
    frame: usize,
    /// Frame `frame`, read.
    shown: Frame,
    generation: u64,
    cues: Vec<Cue>,
    selected: Option<MsgKey>,
}

impl Player {
    #[must_use]
    pub fn new(reel: Rc<Reel>) -> Self {
        let shown = reel.kept.first().cloned().unwrap_or_else(Frame::empty);
        Self {
            cues: shown.cues.clone(),
            reel,
            now: 0,
            frame: 0,
            shown,
            generation: 0,
            selected: None,
        }
    }

    /// The film without its frames (the scenario, titles, lesson).
    #[must_use]
    pub fn film(&self) -> &Film {
        &self.reel.head
    }

    /// The film, to play it again.
    #[must_use]
    pub fn shared(&self) -> Rc<Reel> {
        Rc::clone(&self.reel)
    }

    #[must_use]
    pub fn now(&self) -> Instant {
        Instant::from_millis(self.now)
    }

    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    pub fn bump(&mut self) {
        self.generation += 1;
    }

    /// Counts on from `generation` (a film played again from the start is a change too).
    pub fn set_generation(&mut self, generation: u64) {
        self.generation = generation;
    }

    /// Goes on to `t` (never back), gathering the journeys on the way.
    pub fn advance_to(&mut self, t: Instant) {
        let t = t.as_millis().max(self.now);
        let to = self.reel.frame_at(t);
        if to > self.frame {
            for k in self.frame + 1..=to {
                // (Read and checked once already: `Reel::read`.)
                let Some(f) = self.reel.next(k, &self.shown) else {
                    break;
                };
                self.cues.extend_from_slice(&f.cues);
                self.shown = f;
                self.frame = k;
            }
            self.generation += 1;
        }
        self.now = t;
    }

    /// Goes to `t`, back or forward, with no journeys (as the simulation's seek).
    pub fn seek(&mut self, t: Instant) {
        self.now = t.as_millis();
        let k = self.reel.frame_at(self.now);
        if let Some(f) = self.reel.frame(k) {
            self.shown = f;
            self.frame = k;
        }
        self.cues.clear();
        self.generation += 1;
    }

    /// The latest instant before now at which something happened (as `Sim::previous_moment`).
    #[must_use]
    pub fn previous_moment(&self) -> Option<Instant> {
        let busy = &self.reel.head.busy;
        match busy.partition_point(|&t| t < self.now).checked_sub(1) {
            Some(i) => Some(Instant::from_millis(busy[i])),
            None => (self.now > 0).then_some(Instant::ZERO),
        }
    }

    #[must_use]
    pub fn next_event(&self) -> Option<Instant> {
        self.shown.next_event_ms.map(Instant::from_millis)
    }

    #[must_use]
    pub fn next_lock_expiry(&self) -> Option<Instant> {
        self.shown.next_expiry_ms.map(Instant::from_millis)
    }

    pub fn take_cues(&mut self) -> Vec<Cue> {
        std::mem::take(&mut self.cues)
    }

    #[must_use]
    pub fn selected(&self) -> Option<MsgKey> {
        self.selected
    }

    pub fn select(&mut self, key: Option<MsgKey>) {
        self.selected = key;
    }

    #[must_use]
    pub fn stage_model(&self) -> Model {
        self.shown.model.clone()
    }

    /// The lanes as `Sim::snapshot` lists them now (a row is recent for
    /// [`crate::sim::RECENT_MS`] after something happened to it).
    #[must_use]
    pub fn lanes(&self) -> [Lane; 5] {
        let f = &self.shown;
        let mut lanes = f.lanes.clone();
        let mut touched = f.touched.iter();
        for row in lanes.iter_mut().flat_map(|l| &mut l.rows) {
            row.recent = touched
                .next()
                .copied()
                .flatten()
                .is_some_and(|at| self.now.saturating_sub(at) < crate::sim::RECENT_MS);
        }
        lanes
    }

    /// The newest log line.
    #[must_use]
    pub fn said(&self) -> String {
        self.shown.said.clone()
    }
}
