//! A film's contents: the recorded run ([`Film`]) and each instant's state ([`Frame`]), and the
//! first bytes that mark a film's bytes ([`MAGIC`]).

use crate::lesson;
use crate::sim::Lane;
use crate::stage::model::{Cue, Model};
use settle_scenario::lesson::Shown;

/// The first bytes of a film (the format's name and version).
pub const MAGIC: &[u8] = b"settle-film 2\n";

/// A recorded run.
#[derive(Clone, Debug, PartialEq)]
pub struct Film {
    /// The scenario as the viewer's "Open in Settle" and Controls hand it on (`Sim::export` at
    /// the start).
    pub export: String,
    pub title: String,
    pub description: String,
    pub config_summary: String,
    /// The lesson, resolved from the run (`lesson::State::of`).
    pub shown: Option<Shown>,
    pub lesson_error: Option<String>,
    pub end_ms: u64,
    /// The instants at which a step ran or the broker did something (the story's), for Step
    /// back.
    pub busy: Vec<u64>,
    /// The states, from time zero, one per instant at which something changed.
    pub frames: Vec<Frame>,
}

/// The state from one instant until the next frame's.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub at_ms: u64,
    pub model: Model,
    /// The journeys that led here from the previous frame.
    pub cues: Vec<Cue>,
    /// Available, locked, deferred, scheduled, dead-letter (as `Snapshot`'s), each row's
    /// `recent` left false: [`Frame::touched`] says when.
    pub lanes: [Lane; 5],
    /// For each lane's rows in order: when something last happened to it.
    pub touched: Vec<Option<u64>>,
    /// The newest log line.
    pub said: String,
    pub next_event_ms: Option<u64>,
    pub next_expiry_ms: Option<u64>,
}

impl Frame {
    /// Nothing: what the first frame is written as changes of.
    pub(super) fn empty() -> Self {
        Self {
            at_ms: 0,
            model: Model::default(),
            cues: Vec::new(),
            lanes: Default::default(),
            touched: Vec::new(),
            said: String::new(),
            next_event_ms: None,
            next_expiry_ms: None,
        }
    }
}

impl Film {
    /// The lesson as the page keeps it (`preset`: the built-in preset it is the film of).
    #[must_use]
    pub fn lesson(&self, preset: Option<&str>) -> lesson::State {
        lesson::State {
            shown: self.shown.clone(),
            error: self.lesson_error.clone(),
            end_ms: self.end_ms,
            source: preset.map(|n| lesson::Source::Preset(n.to_string())),
            pauses: true,
        }
    }
}
