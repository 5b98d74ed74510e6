//! The scenario format v1 and the trace format v1 (docs/format.md) over the
//! broker of `settle-core`: reading and writing documents, the runner with its budget, the
//! trace, lessons, comparisons and time travel.
//!
//! [`parse`] validates a document; [`Run`] executes it step by step (the web driver advances it
//! frame by frame, the CLI all at once) and produces trace records as ordered JSON.
#![no_std]
#![forbid(unsafe_code)]
#![warn(
    missing_docs,
    clippy::std_instead_of_core,
    clippy::alloc_instead_of_core,
    clippy::std_instead_of_alloc
)]

extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

mod budget;
pub mod compare;
pub(crate) mod emit;
mod entities;
mod json;
pub mod lesson;
pub mod limits;
pub(crate) mod parse;
pub mod presets;
mod props;
pub mod read;
pub mod rules;
mod run;
mod script;
pub mod sweep;
pub mod timetravel;
mod trace;

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
pub use budget::{Budget, BudgetError, Exhausted, Progress};
pub use emit::{
    addressed_step_value, config_value, op_name, patch_value, receive_path, scenario_text,
    step_value,
};
pub use json::{J, parse_f64};
pub use parse::{OPS, from_value, parse, parse_bytes};
pub use read::{FormatError, Said};
pub use run::{Run, finish_trace, trace};
use settle_core::Instant;
use settle_core::Op;
use settle_core::QueueConfig;
use settle_core::Text;
use settle_core::actors::ActorSpec;
pub use trace::{
    Rec, Record, actor_record, event_record, final_record, message_record, message_record_in,
    record_json, write_final,
};

/// A validated scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// Shown by the playground.
    pub title: String,
    /// Shown by the playground.
    pub description: String,
    /// Seeds every random choice.
    pub seed: u64,
    /// The queue's configuration.
    pub queue: QueueConfig,
    /// Virtual time advanced to before the final state is taken.
    pub run_until: Instant,
    /// The steps, `at` non-decreasing.
    pub script: Vec<Step>,
    /// Automated senders and receivers.
    pub actors: Vec<ActorSpec>,
    /// The `actors` array as written (for export).
    pub raw_actors: serde_json::Value,
    /// The optional `lesson` (docs/lessons.md): captions, summary, default speed.
    pub lesson: Option<lesson::Lesson>,
    /// The `entities` (`scenario-format-entities.md`); `None`: one queue configured by `queue`.
    pub entities: Option<Rc<settle_core::namespace::Entities>>,
    /// The `entities` object as written (for export).
    pub raw_entities: Option<serde_json::Value>,
    /// With `entities`: the entity each actor addresses, in `actors` order (a sender's `to`, a
    /// receiver's `from` without `/$deadletterqueue`); empty without.
    pub actor_entities: Vec<Text>,
}

/// One script step.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// When it runs.
    pub at: Instant,
    /// The client.
    pub by: Text,
    /// What it does.
    pub op: Op,
    /// The step as written (for export and display).
    pub raw: serde_json::Value,
    /// In a document with `entities`: the queue or topic (`to`), the queue or subscription
    /// (`from`, or the client's receive entity for settlement, `close`, `disconnect`), or the
    /// entity of an entity op. `None` without `entities`.
    pub entity: Option<Text>,
}

/// Why a build without the `entities` feature (the playground's page so far) refuses a document
/// with `entities`: it runs one queue, and would show a wrong story. The command line (`settle
/// run`, `check`, `lesson`, `render`, `export`) handles them.
pub const ONLY_RUN_HAS_ENTITIES: &str = "this scenario declares entities (queues, topics, subscriptions); the playground runs one queue so far: use the command line (settle run, lesson, render, export)";

impl Scenario {
    /// This scenario as a document, with `script` and `run_until_ms` replaced (the playground
    /// exports the loaded scenario plus what the person did, up to now).
    ///
    /// `run_until_ms` is raised to the last step's `at_ms` when it is earlier (an export before
    /// the script's later steps): the document must stay valid, and its script whole.
    #[must_use]
    pub fn to_text_with(&self, script: Vec<serde_json::Value>, run_until_ms: u64) -> String {
        let last = script
            .iter()
            .filter_map(|v| v.get("at_ms").and_then(serde_json::Value::as_u64))
            .max()
            .unwrap_or(0);
        let run_until_ms = run_until_ms.max(last);
        lesson::with_lesson(
            emit::document_text(
                &self.title,
                &self.description,
                self.seed,
                self.raw_entities.as_ref().ok_or(&self.queue),
                run_until_ms,
                script,
                &self.raw_actors,
            ),
            self.lesson.as_ref(),
        )
    }

    /// The whole scenario as a document (its own script and `run_until_ms`, its lesson):
    /// parsing it gives back an equal scenario.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.to_text_with(
            self.script.iter().map(|s| s.raw.clone()).collect(),
            self.run_until.as_millis(),
        )
    }
}
