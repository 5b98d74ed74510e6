//! The scenario as a program for the Azure Service Bus SDKs: Python
//! (`azure-servicebus` 7.x, asyncio) and TypeScript (`@azure/service-bus` 7.x).
//!
//! The program performs the scenario's script against a real queue: each step at its time, each
//! settlement through the receiver that received the message. Every step carries, as a comment
//! and in what the program prints, what Settle predicts (the step's result in Settle's run of the
//! same scenario), so a run against Azure checks both. Automated actors become loops that do what
//! the actor does (its send mode, its processing time and settlement policy); what the SDKs cannot
//! express (a presettled send, an abrupt connection drop, a queue quota below 1 GB, ...) is said
//! in a comment at the spot, never dropped silently.
//!
//! Delivery counts: Settle shows .NET's `DeliveryCount` (h+1 on a received message, semantics.md
//! §0); both the Python and the JavaScript SDK show the raw AMQP count h (Python:
//! `ServiceBusReceivedMessage.delivery_count` returns `header.delivery_count`; JavaScript:
//! semantics.md §0). Predictions are translated (a first delivery is predicted as
//! `DeliveryCount 0`), and the program says so.
//!
//! The entry point lives here; each part has a file of its own:
//! - `lang`: the languages and the SDK versions their programs name;
//! - `plan`: Settle's run of the scenario, and each script step with its prediction;
//! - `predict`: the predictions, worded as the programs print what they see;
//! - `notes`: what the SDKs cannot express about a step or an actor;
//! - `actors`: what each automated actor did in Settle's run;
//! - `entities`: a document's queues, topics, subscriptions and rules, and clients' addresses;
//! - `header`: the header comment (the environment, the queue's or entities' settings);
//! - `text`: comments, string literals, durations;
//! - `python`, `typescript`: the programs themselves.

mod actors;
mod entities;
mod header;
mod lang;
mod notes;
mod plan;
mod predict;
mod python;
mod text;
mod typescript;

pub use lang::{Lang, PYTHON_SDK_VERSION, TYPESCRIPT_SDK_VERSION};
pub use plan::MAX_STEPS;

use crate::artifact::ArtifactError;
use alloc::string::String;
use python::python;
use settle_scenario::Scenario;
use typescript::typescript;

// What the unit tests (tests.rs) reach through this module.
#[cfg(test)]
use {
    plan::plan,
    predict::{expected, prediction_notes},
    text::str_lit,
};

/// The scenario as a runnable program in `lang`: a pure function of the scenario (the same
/// scenario gives the same text), for the runner and the playground alike.
///
/// # Errors
/// The scenario asks for more work than the run's budget allows ([`ArtifactError::budget`]),
/// exactly when `settle run` says so; every other valid scenario exports (a huge one in part,
/// and the program says so).
pub fn export(sc: &Scenario, lang: Lang) -> Result<String, ArtifactError> {
    #[cfg(not(feature = "entities"))]
    if sc.entities.is_some() {
        // Without the feature no document declares entities (the parser refuses the key).
        return Err(ArtifactError {
            message: settle_scenario::ONLY_RUN_HAS_ENTITIES.into(),
            budget: None,
        });
    }
    match lang {
        Lang::Python => python(sc),
        Lang::TypeScript => typescript(sc),
    }
}

#[cfg(test)]
mod tests;
