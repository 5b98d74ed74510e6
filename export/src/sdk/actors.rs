//! Automated actors: what each one did in Settle's run (counted as the program counts it, and
//! the lines it prints), its name, and which actor a session receiver's clients belong to.

use alloc::format;
use alloc::string::{String, ToString};
use settle_core::actors::ActorSpec;
use settle_core::{Error, Op, Outcome};
use settle_scenario::Scenario;

/// What an automated actor did, counted as the program counts it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ActorTally {
    pub sends_ok: u64,
    pub sends_failed: u64,
    pub sends_unseen: u64,
    pub received: u64,
    pub completed: u64,
    pub abandoned: u64,
    pub deferred: u64,
    pub dead_lettered: u64,
    pub settle_failed: u64,
}

impl ActorTally {
    pub(super) fn count(&mut self, op: &Op, result: Option<&Result<Outcome, Error>>) {
        match (op, result) {
            (Op::Send { .. }, None) => self.sends_unseen += 1,
            (Op::Send { .. }, Some(Ok(_))) => self.sends_ok += 1,
            (Op::Send { .. }, Some(Err(_))) => self.sends_failed += 1,
            (Op::Receive { .. }, Some(Ok(Outcome::Messages(ms)))) => {
                self.received += ms.len() as u64;
            }
            (
                Op::Complete { .. } | Op::Abandon { .. } | Op::Defer { .. } | Op::DeadLetter { .. },
                Some(Err(_)),
            ) => self.settle_failed += 1,
            (Op::Complete { .. }, Some(Ok(_))) => self.completed += 1,
            (Op::Abandon { .. }, Some(Ok(_))) => self.abandoned += 1,
            (Op::Defer { .. }, Some(Ok(_))) => self.deferred += 1,
            (Op::DeadLetter { .. }, Some(Ok(_))) => self.dead_lettered += 1,
            _ => {}
        }
    }

    /// The line the program prints for a sender (the same words as its `sender_actor`).
    pub(crate) fn sender_line(&self, looks_at_results: bool) -> String {
        if looks_at_results {
            format!(
                "{} sends accepted, {} failed",
                self.sends_ok, self.sends_failed
            )
        } else {
            format!(
                "{} sends started, results not looked at",
                self.sends_ok + self.sends_failed + self.sends_unseen
            )
        }
    }

    /// The line the program prints for a receiver (the same words as its `receiver_actor`).
    pub(crate) fn receiver_line(&self) -> String {
        format!(
            "{} received, {} completed, {} abandoned, {} deferred, {} dead-lettered, {} settlements failed",
            self.received,
            self.completed,
            self.abandoned,
            self.deferred,
            self.dead_lettered,
            self.settle_failed
        )
    }
}

/// An actor's name (its client's name).
pub(crate) fn actor_name(a: &ActorSpec) -> &str {
    match a {
        ActorSpec::Sender(x) => &x.name,
        ActorSpec::Receiver(x) => &x.name,
    }
}

/// The actor a client name belongs to: a session receiver's clients `{name}#k` are its own
/// (docs/actors.md).
pub(super) fn actor_of(sc: &Scenario, by: &str) -> String {
    if let Some((name, k)) = by.rsplit_once('#')
        && k.parse::<u32>().is_ok()
        && sc.actors.iter().any(
            |a| matches!(a, ActorSpec::Receiver(r) if r.sessions.is_some() && *r.name == *name),
        )
    {
        return name.to_string();
    }
    by.to_string()
}
